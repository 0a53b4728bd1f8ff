#include "loader/copy_in_stream.h"

#include <libpq-fe.h>

#include <algorithm>
#include <climits>

namespace skyseed {

Result<CopyInStream> CopyInStream::Start(PgConnection& conn, const std::string& copy_sql) {
  SKYSEED_RETURN_IF_ERROR(PgConnection::RefuseIfInterrupted(copy_sql));
  PgResult r(PQexec(conn.conn_, copy_sql.c_str()));
  if (PQresultStatus(r.get()) != PGRES_COPY_IN) return conn.Error(StatementName(copy_sql), r.get());
  return CopyInStream(&conn);
}

CopyInStream::~CopyInStream() {
  if (!open_) return;
  // Best effort: on a lost connection there is nothing left to abort.
  if (PQputCopyEnd(conn_->conn_, "skyseed abandoned the COPY") == 1) {
    // A destructor has no one to report to; the caller already has the error
    // that made it abandon the COPY.
    static_cast<void>(conn_->DrainResults("COPY aborted"));
  }
}

Status CopyInStream::Put(std::string_view data) {
  // libpq takes at most INT_MAX bytes a call.
  while (!data.empty()) {
    const size_t n = std::min<size_t>(data.size(), INT_MAX);
    if (PQputCopyData(conn_->conn_, data.data(), static_cast<int>(n)) != 1) {
      return conn_->Error("sending COPY data");
    }
    data.remove_prefix(n);
  }
  return Status::Ok();
}

Status CopyInStream::End() {
  open_ = false;
  if (PQputCopyEnd(conn_->conn_, nullptr) != 1) return conn_->Error("ending COPY");
  return conn_->DrainResults("COPY failed");
}

}  // namespace skyseed
