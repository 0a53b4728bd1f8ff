#include "loader/pg_connection.h"

#include <libpq-fe.h>
#include <strings.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <regex>
#include <string_view>

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

// libpq parses these only when it connects; a typo there is as much a usage
// error as one it finds at once.
Status CheckNumericOption(std::string_view keyword, std::string_view value) {
  static const std::regex kInteger(" *-?[0-9]+ *");
  const bool is_port = keyword == "port";
  if (!is_port && keyword != "connect_timeout" && keyword != "keepalives" &&
      keyword != "keepalives_idle" && keyword != "keepalives_interval" &&
      keyword != "keepalives_count" && keyword != "tcp_user_timeout") {
    return Status::Ok();
  }
  std::string_view rest = value;
  while (true) {  // a port list has one entry per host; an empty one means the default
    const size_t comma = is_port ? rest.find(',') : std::string_view::npos;
    const std::string item(rest.substr(0, comma));
    const bool fits =
        is_port ? item.empty() || (std::regex_match(item, kInteger) &&
                                   std::atol(item.c_str()) >= 1 && std::atol(item.c_str()) <= 65535)
                : std::regex_match(item, kInteger) && item.size() < 11;
    if (!fits) {
      return Status::InvalidArgument(std::string(keyword) + " '" + item + "' is not " +
                                     (is_port ? "a port number (1 .. 65535)" : "an integer"));
    }
    if (comma == std::string_view::npos) return Status::Ok();
    rest.remove_prefix(comma + 1);
  }
}

// The userinfo ("user:password@") of a postgresql:// URI, or "".
std::string UriUserinfo(const std::string& uri) {
  for (const char* scheme : {"postgresql://", "postgres://"}) {
    if (uri.rfind(scheme, 0) != 0) continue;
    const size_t start = std::string_view(scheme).size();
    const size_t at = uri.rfind('@');
    return at == std::string::npos || at < start ? "" : uri.substr(start, at - start);
  }
  return "";
}

void ReplaceAll(std::string* text, const std::string& secret) {
  if (secret.empty()) return;
  for (size_t at = text->find(secret); at != std::string::npos; at = text->find(secret, at + 3)) {
    text->replace(at, secret.size(), "***");
  }
}

// The options libpq takes from a fixed set of words (PostgreSQL 15's
// libpq): a wrong word is bad usage, caught before any connection is tried.
Status CheckFixedSetOption(std::string_view keyword, std::string_view value) {
  static const std::map<std::string_view, std::vector<std::string_view>> kWords = {
      {"sslmode", {"disable", "allow", "prefer", "require", "verify-ca", "verify-full"}},
      {"gssencmode", {"disable", "prefer", "require"}},
      {"channel_binding", {"disable", "prefer", "require"}},
      {"target_session_attrs",
       {"any", "read-write", "read-only", "primary", "standby", "prefer-standby"}},
      // libpq reads these without regard to case.
      {"ssl_min_protocol_version", {"TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"}},
      {"ssl_max_protocol_version", {"TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"}},
  };
  const auto it = kWords.find(keyword);
  if (it == kWords.end()) return Status::Ok();
  for (std::string_view w : it->second) {
    if (value.size() == w.size() && strncasecmp(value.data(), w.data(), w.size()) == 0) {
      return Status::Ok();
    }
  }
  std::string words;
  for (std::string_view w : it->second) words += (words.empty() ? "" : ", ") + std::string(w);
  return Status::InvalidArgument("connection option " + std::string(keyword) + " must be one of " +
                                 words + ", not '" + std::string(value) + "'");
}

}  // namespace

Status CheckConninfo(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), &error);
  if (opts == nullptr) {
    // libpq quotes a bad URI whole, password and all.
    const std::string why = error != nullptr ? FirstLine(error) : "out of memory";
    PQfreemem(error);
    return Status::InvalidArgument("not a libpq connection string or URI: " +
                                   RedactPasswords(why, conninfo));
  }
  Status numbers = Status::Ok();
  for (PQconninfoOption* o = opts; o->keyword && numbers.ok(); ++o) {
    if (o->val == nullptr) continue;
    numbers = CheckNumericOption(o->keyword, o->val);
    if (numbers.ok()) numbers = CheckFixedSetOption(o->keyword, o->val);
  }
  PQconninfoFree(opts);
  return numbers;
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

namespace {
thread_local int cleanup_depth = 0;
}  // namespace

CleanupAfterInterrupt::CleanupAfterInterrupt() { ++cleanup_depth; }
CleanupAfterInterrupt::~CleanupAfterInterrupt() { --cleanup_depth; }

Status PgConnection::RefuseIfInterrupted(const std::string& sql) {
  if (!Interrupted() || sql == "ROLLBACK" || cleanup_depth > 0) return Status::Ok();
  return Status::Database("interrupted before: " + StatementName(sql));
}

PgResult::PgResult(pg_result* r) : r_(r) {}
void PgResult::Clear::operator()(pg_result* r) const { PQclear(r); }
int PgResult::rows() const { return PQntuples(r_.get()); }
int PgResult::columns() const { return PQnfields(r_.get()); }
std::string PgResult::column_name(int col) const { return PQfname(r_.get(), col); }
int PgResult::column(const std::string& name) const {
  // PQfnumber folds an unquoted name to lower case; the names asked for
  // here are the declared ones, already lower case.
  return PQfnumber(r_.get(), name.c_str());
}
bool PgResult::is_null(int row, int col) const { return PQgetisnull(r_.get(), row, col); }
std::string PgResult::text(int row, int col) const { return PQgetvalue(r_.get(), row, col); }
int64_t PgResult::int64(int row, int col) const {
  return std::strtoll(PQgetvalue(r_.get(), row, col), nullptr, 10);
}

int PgConnection::server_version() const { return PQserverVersion(conn_); }
int PgConnection::backend_pid() const { return PQbackendPID(conn_); }

Result<std::unique_ptr<PgConnection>> PgConnection::Connect(const std::string& conninfo) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted("connecting"));
  PGconn* c = PQconnectdb(conninfo.c_str());
  if (c == nullptr) return Status::Database("out of memory connecting to PostgreSQL");
  if (PQstatus(c) != CONNECTION_OK) {
    const std::string msg = FirstLine(PQerrorMessage(c));
    PQfinish(c);
    // libpq judges some options only here, before it tries a server
    // ('invalid sslmode value: "x"', 'invalid SSL protocol version range'):
    // the conninfo is bad input, not an unreachable server.
    if (msg.rfind("invalid ", 0) == 0) {
      return Status::InvalidArgument("connection string (" + RedactConninfo(conninfo) +
                                     "): " + msg);
    }
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
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) return Error(StatementName(sql), r.get());
  return Status::Ok();
}

Status PgConnection::ExecTolerating(const std::string& sql, std::string_view tolerated_sqlstate) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(sql));
  PgResult r(PQexec(conn_, sql.c_str()));
  const ExecStatusType st = PQresultStatus(r.get());
  if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return Status::Ok();
  const char* sqlstate = r.get() ? PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
  if (sqlstate != nullptr && tolerated_sqlstate == sqlstate) return Status::Ok();
  return Error(StatementName(sql), r.get());
}

Status PgConnection::Query(const std::string& sql, const std::vector<std::string>& params,
                           PgResult* out) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(sql));
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  PgResult r(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                          values.data(), nullptr, nullptr, 0));
  const ExecStatusType st = PQresultStatus(r.get());
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) return Error(StatementName(sql), r.get());
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
  // The connection may be gone, and the body's error is the one to report.
  if (!s.ok()) static_cast<void>(Exec("ROLLBACK"));
  return s;
}

Status PgConnection::CopyOut(const std::string& copy_sql,
                             const std::function<void(std::string_view)>& on_data) {
  SKYSEED_RETURN_IF_ERROR(RefuseIfInterrupted(copy_sql));
  PgResult r(PQexec(conn_, copy_sql.c_str()));
  if (PQresultStatus(r.get()) != PGRES_COPY_OUT) return Error(StatementName(copy_sql), r.get());
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

std::string StatementName(const std::string& sql) {
  constexpr size_t kMaxWords = 5, kMaxChars = 80;
  std::string name;
  size_t words = 0, at = 0;
  while (words < kMaxWords) {
    at = sql.find_first_not_of(" \t\r\n", at);
    if (at == std::string::npos) break;
    const size_t end = sql.find_first_of(" \t\r\n(", at);
    std::string word = sql.substr(at, end == std::string::npos ? end : end - at);
    if (word.empty()) break;  // a '(' begins the arguments
    name += (words++ == 0 ? "" : " ") + word;
    if (end == std::string::npos || sql[end] == '(') break;
    at = end;
  }
  if (name.size() > kMaxChars) name = name.substr(0, kMaxChars) + "...";
  return name.empty() ? "empty statement" : name;
}

std::string RedactPasswords(std::string text, const std::string& conninfo) {
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), nullptr);
  if (opts != nullptr) {
    for (PQconninfoOption* o = opts; o->keyword; ++o) {
      const std::string_view k = o->keyword;
      if (o->val != nullptr && (k == "password" || k == "sslpassword")) ReplaceAll(&text, o->val);
    }
    PQconninfoFree(opts);
    ReplaceAll(&text, UriUserinfo(conninfo));
    return text;
  }
  // Unparsable: the whole userinfo of a URI, and the value of any
  // password= (quoted or not), however malformed the rest.
  ReplaceAll(&text, UriUserinfo(conninfo));
  static const std::regex kPasswordValue(R"(password\s*=\s*('([^'\\]|\\.)*'?|[^\s]+))");
  for (std::sregex_iterator m(conninfo.begin(), conninfo.end(), kPasswordValue), end; m != end;
       ++m) {
    std::string value = (*m)[1].str();
    ReplaceAll(&text, value);
    if (value.size() > 2 && value.front() == '\'')
      ReplaceAll(&text, value.substr(1, value.size() - 2));
  }
  return text;
}

Result<std::vector<std::pair<std::string, std::string>>> ConninfoFields(
    const std::string& conninfo) {
  PQconninfoOption* opts = PQconninfoParse(conninfo.c_str(), nullptr);
  if (opts == nullptr) return Status::InvalidArgument("the conninfo cannot be parsed");
  std::vector<std::pair<std::string, std::string>> fields;
  for (PQconninfoOption* o = opts; o->keyword; ++o) {
    if (o->val != nullptr) fields.emplace_back(o->keyword, o->val);
  }
  PQconninfoFree(opts);
  return fields;
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
    const std::string_view k = o->keyword;
    out += k == "password" || k == "sslpassword" ? "***" : o->val;
  }
  PQconninfoFree(opts);
  return out.empty() ? "PG* environment defaults" : out;
}

bool ServerRejectsConnections(const std::string& conninfo) {
  return PQping(conninfo.c_str()) == PQPING_REJECT;
}

}  // namespace skyseed
