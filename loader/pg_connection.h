// libpq behind RAII types: a PGresult can never leak, every libpq return is
// checked here, and a failure carries the server's message as a Status.
// Values always travel as parameters; identifiers go through QuoteIdent.
// Only loader/*.cc include libpq's own header: this one names its two
// opaque structs (libpq's PGconn and PGresult are typedefs of them), so the
// headers above it stay free of libpq.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/status.h"

struct pg_conn;    // libpq's PGconn
struct pg_result;  // libpq's PGresult

namespace skyseed {

class PgResult {
 public:
  explicit PgResult(pg_result* r = nullptr);
  pg_result* get() const { return r_.get(); }
  int rows() const;
  int columns() const;
  std::string column_name(int col) const;
  // The position of the column called `name`; -1 when the result has none.
  int column(const std::string& name) const;
  bool is_null(int row, int col) const;
  std::string text(int row, int col) const;
  int64_t int64(int row, int col) const;

 private:
  struct Clear {
    void operator()(pg_result* r) const;
  };
  std::unique_ptr<pg_result, Clear> r_;
};

// While one lives on this thread, statements run even after an interrupt:
// for undoing what a command set up that must not outlive it (a service's
// roles and schemas), never for new work.
class CleanupAfterInterrupt {
 public:
  CleanupAfterInterrupt();
  ~CleanupAfterInterrupt();
  CleanupAfterInterrupt(const CleanupAfterInterrupt&) = delete;
  CleanupAfterInterrupt& operator=(const CleanupAfterInterrupt&) = delete;
};

class PgConnection {
 public:
  // Connects with a libpq conninfo ("" uses the PG* environment variables).
  static Result<std::unique_ptr<PgConnection>> Connect(const std::string& conninfo);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Runs SQL with no parameters (several statements allowed).
  Status Exec(const std::string& sql);
  // Exec, except that a failure with SQLSTATE `tolerated_sqlstate` counts as
  // success: for DDL that a concurrent session may have run first (42P04, the
  // database exists; 23505, its catalog row was inserted meanwhile).
  Status ExecTolerating(const std::string& sql, std::string_view tolerated_sqlstate);
  // Runs one statement with text parameters; *out receives the rows.
  Status Query(const std::string& sql, const std::vector<std::string>& params, PgResult* out);
  Status Query(const std::string& sql, PgResult* out) { return Query(sql, {}, out); }

  // COPY ... FROM STDIN is a CopyInStream (loader/copy_in_stream.h).
  // COPY ... TO STDOUT: on_data receives the stream in the server's pieces.
  Status CopyOut(const std::string& copy_sql, const std::function<void(std::string_view)>& on_data);

  // BEGIN; body; COMMIT — or ROLLBACK (best effort) if anything fails.
  Status InTransaction(const std::function<Status()>& body);

  // "ident" with quotes doubled, via PQescapeIdentifier.
  std::string QuoteIdent(std::string_view name) const;
  // QuoteIdent as a function, for SQL built with any quoting (schema/).
  std::function<std::string(std::string_view)> IdentQuoter() const {
    return [this](std::string_view name) { return QuoteIdent(name); };
  }
  int server_version() const;
  int backend_pid() const;

 private:
  friend class CopyInStream;  // checks its libpq returns with Error and DrainResults
  explicit PgConnection(pg_conn* c);
  // Status::Database when the user interrupted skyseed (see
  // CancelAllStatements); OK otherwise.
  static Status RefuseIfInterrupted(const std::string& sql);
  // The failure of `r` (or of the connection when r is null), as
  // Unavailable when the server went away and Database otherwise.
  Status Error(const std::string& context, const pg_result* r = nullptr) const;
  // Reads every pending result; the first that is not COMMAND_OK fails.
  Status DrainResults(const std::string& context);
  pg_conn* conn_;
};

// InvalidArgument, with libpq's reason (passwords redacted), unless libpq
// can parse `conninfo` (a key=value string or a URI) and its numeric
// options (port, connect_timeout, keepalives...) are integers: a typo is a
// usage error, found before anything is touched.
Status CheckConninfo(const std::string& conninfo);

// Sends a cancel request for the statement in flight on every open
// connection of this process (PQcancel), for the signal watcher. Once
// Interrupted() (common/interrupt.h), connections also refuse to start new
// statements (all but ROLLBACK), so a worker between statements cannot
// slip one past the cancel.
void CancelAllStatements();
// True once any connection has been opened in this process.
bool AnyConnectionOpened();

// What a message calls a statement: its verb and the object it acts on
// ("INSERT INTO skyseed.tier", "CREATE INDEX x ON y"), at most 5 words,
// never its whole text, which for a generated INSERT runs to a kilobyte.
std::string StatementName(const std::string& sql);

// The options `conninfo` sets (a key=value string or a URI), as libpq
// parses them, in libpq's keyword order: what a caller rewrites a conninfo
// from without including libpq. InvalidArgument when it cannot be parsed.
Result<std::vector<std::pair<std::string, std::string>>> ConninfoFields(
    const std::string& conninfo);

// A libpq conninfo with any password removed, for messages.
std::string RedactConninfo(const std::string& conninfo);
// `text` with every password of `conninfo` (password=, sslpassword=, a URI's
// userinfo) replaced by ***, for any message that may echo the conninfo;
// for a conninfo libpq cannot parse, a URI's whole userinfo is replaced.
std::string RedactPasswords(std::string text, const std::string& conninfo);

// True while a server answers at `conninfo` but turns connections away
// (PQPING_REJECT: it is starting up, shutting down or recovering).
bool ServerRejectsConnections(const std::string& conninfo);

}  // namespace skyseed
