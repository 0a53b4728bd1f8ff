#include "loader/pg_connection.h"

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>

#include "common/interrupt.h"

namespace skyseed {
namespace {

// The first line of a libpq error: messages stay one line.
std::string FirstLine(const char* msg) {
  std::string s = msg ? msg : "";
  const size_t nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

// Connection failures (class 08) and a backend shut down, crashed or not
// yet accepting connections (57P01..57P03): the work may succeed on a new
// connection once the server is back.
bool ServerWentAway(const char* sqlstate) {
  if (sqlstate == nullptr) return false;
  const std::string_view s(sqlstate);
  return s.starts_with("08") || s == "57P01" || s == "57P02" || s == "57P03";
}

// What the user can do about the failures that are not the tool's fault.
std::string HintFor(const char* sqlstate) {
  const std::string_view s(sqlstate ? sqlstate : "");
  if (s == "53100")
    return " (the server's disk is full: free space, then run the same command "
           "again; committed chunks are kept)";
  if (s.starts_with("53")) return " (the server ran out of resources)";
  return "";
}

// Every open connection's cancel handle, for CancelAllStatements. A handle
// is freed only under the lock, so a cancel never uses a freed one.
std::mutex live_mutex;
std::map<const void*, PGcancel*>& LiveConnections() {
  static auto* live = new std::map<const void*, PGcancel*>;
  return *live;
}
std::atomic<bool> any_opened{false};

}  // namespace

Status CheckConninfo(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), &error);
  if (opts != nullptr) {
    PQconninfoFree(opts);
    return Status::Ok();
  }
  const std::string why = error != nullptr ? FirstLine(error) : "out of memory";
  PQfreemem(error);
  return Status::InvalidArgument("not a libpq connection string or URI: " + why);
}

void CancelAllStatements() {
  std::lock_guard<std::mutex> lock(live_mutex);
  char error[256];
  for (const auto& [conn, cancel] : LiveConnections()) {
    if (cancel != nullptr) PQcancel(cancel, error, sizeof error);
  }
}

bool AnyConnectionOpened() { return any_opened.load(); }

PgConnection::PgConnection(PGconn* c) : conn_(c) {
  any_opened = true;
  std::lock_guard<std::mutex> lock(live_mutex);
  LiveConnections()[this] = PQgetCancel(c);
}

Status PgConnection::RefuseIfInterrupted(const std::string& sql) {
  if (!Interrupted() || sql == "ROLLBACK") return Status::Ok();
  return Status::Database("interrupted before: " + FirstLine(sql.c_str()));
}

int64_t PgResult::int64(int row, int col) const {
  return std::strtoll(PQgetvalue(r_.get(), row, col), nullptr, 10);
}

Result<std::unique_ptr<PgConnection>> PgConnection::Connect(const std::string& conninfo) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted("connecting"));
  PGconn* c = PQconnectdb(conninfo.c_str());
  if (c == nullptr) return Status::Database("out of memory connecting to PostgreSQL");
  if (PQstatus(c) != CONNECTION_OK) {
    const std::string msg = FirstLine(PQerrorMessage(c));
    PQfinish(c);
    return Status::Unavailable("cannot connect to PostgreSQL (" + RedactConninfo(conninfo) +
                               "): " + msg);
  }
  PQsetNoticeProcessor(
      c, [](void*, const char*) {}, nullptr);
  return std::unique_ptr<PgConnection>(new PgConnection(c));
}

PgConnection::~PgConnection() {
  {
    std::lock_guard<std::mutex> lock(live_mutex);
    auto it = LiveConnections().find(this);
    if (it != LiveConnections().end()) {
      if (it->second != nullptr) PQfreeCancel(it->second);
      LiveConnections().erase(it);
    }
  }
  PQfinish(conn_);
}

Status PgConnection::Error(const std::string& context, const PGresult* r) const {
  const char* sqlstate = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  const std::string msg = context + ": " +
                          FirstLine(r ? PQresultErrorMessage(r) : PQerrorMessage(conn_)) +
                          HintFor(sqlstate);
  if (PQstatus(conn_) == CONNECTION_BAD || ServerWentAway(sqlstate)) {
    return Status::Unavailable(msg);
  }
  return Status::Database(msg);
}

Status PgConnection::Exec(const std::string& sql) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(sql));
  PgResult r(PQexec(conn_, sql.c_str()));
  const ExecStatusType st = PQresultStatus(r.get());
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
    return Error(FirstLine(sql.c_str()), r.get());
  return Status::Ok();
}

Status PgConnection::ExecTolerating(const std::string& sql, std::string_view tolerated_sqlstate) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(sql));
  PgResult r(PQexec(conn_, sql.c_str()));
  const ExecStatusType st = PQresultStatus(r.get());
  if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return Status::Ok();
  const char* sqlstate = r.get() ? PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
  if (sqlstate != nullptr && tolerated_sqlstate == sqlstate) return Status::Ok();
  return Error(FirstLine(sql.c_str()), r.get());
}

Status PgConnection::Query(const std::string& sql, const std::vector<std::string>& params,
                           PgResult* out) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(sql));
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  PgResult r(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                          values.data(), nullptr, nullptr, 0));
  const ExecStatusType st = PQresultStatus(r.get());
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
    return Error(FirstLine(sql.c_str()), r.get());
  if (out) *out = std::move(r);
  return Status::Ok();
}

Status PgConnection::DrainResults(const std::string& context) {
  Status s;
  while (PGresult* raw = PQgetResult(conn_)) {
    PgResult r(raw);
    if (PQresultStatus(raw) != PGRES_COMMAND_OK && s.ok()) s = Error(context, raw);
  }
  return s;
}

Status PgConnection::InTransaction(const std::function<Status()>& body) {
  SKYSEED_RETURN_IF_ERROR(Exec("BEGIN"));
  Status s = body();
  if (s.ok()) s = Exec("COMMIT");
  if (!s.ok()) Exec("ROLLBACK");  // the connection may be gone
  return s;
}

Status PgConnection::CopyOut(const std::string& copy_sql,
                             const std::function<void(std::string_view)>& on_data) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(copy_sql));
  PgResult r(PQexec(conn_, copy_sql.c_str()));
  if (PQresultStatus(r.get()) != PGRES_COPY_OUT) return Error(copy_sql, r.get());
  for (;;) {
    char* buf = nullptr;
    const int n = PQgetCopyData(conn_, &buf, 0);
    if (n > 0) {
      on_data(std::string_view(buf, n));
      PQfreemem(buf);
    } else if (n == -1) {
      break;
    } else {
      return Error("reading COPY data");
    }
  }
  return DrainResults("COPY TO failed");
}

std::string PgConnection::QuoteIdent(std::string_view name) const {
  char* q = PQescapeIdentifier(conn_, name.data(), name.size());
  std::string out = q ? q : "\"\"";
  PQfreemem(q);
  return out;
}

std::string RedactConninfo(const std::string& conninfo) {
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), nullptr);
  if (opts == nullptr) return "<unparsable conninfo>";
  std::string out;
  for (PQconninfoOption* o = opts; o->keyword; ++o) {
    if (!o->val || !*o->val) continue;
    if (!out.empty()) out += ' ';
    out += o->keyword;
    out += '=';
    out += std::string(o->keyword) == "password" ? "***" : o->val;
  }
  PQconninfoFree(opts);
  return out.empty() ? "PG* environment defaults" : out;
}

bool ServerRejectsConnections(const std::string& conninfo) {
  return PQping(conninfo.c_str()) == PQPING_REJECT;
}

}  // namespace skyseed
