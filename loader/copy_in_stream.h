// COPY ... FROM STDIN as an RAII stream: Start sends the COPY, Put sends
// bytes, End finishes it and reads its result. A stream destroyed before End
// aborts the COPY, so the connection never stays in COPY mode (the server
// discards the rows and the transaction fails). Every libpq return of a COPY
// in is checked here.
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

class CopyInStream {
 public:
  // Sends `copy_sql` (a COPY ... FROM STDIN); `conn` must outlive the stream.
  static Result<CopyInStream> Start(PgConnection& conn, const std::string& copy_sql);
  CopyInStream(CopyInStream&& other) noexcept : conn_(other.conn_), open_(other.open_) {
    other.open_ = false;
  }
  CopyInStream& operator=(CopyInStream&&) = delete;
  ~CopyInStream();

  // Sends data, of any size.
  Status Put(std::string_view data);
  // Ends the COPY; Ok once the server has taken every row.
  Status End();

 private:
  explicit CopyInStream(PgConnection* conn) : conn_(conn), open_(true) {}
  PgConnection* conn_;
  bool open_;  // COPY started and neither ended nor aborted
};

}  // namespace skyseed
