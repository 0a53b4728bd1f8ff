// The poolers' configurations as the real pgbouncer and Pgpool-II read
// them: started by StartPooler with a server socket folder whose name has a
// space (and for pgbouncer a quote and a backslash), each must connect to
// the socket in that very folder when a client comes. The "server" is a
// listening socket the test made there: it only has to see the pooler
// arrive, which no parse of a wrong path allows.
#include "tap/service_daemons.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "common/file_identity.h"
#include "common/process_proof.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// A Unix socket listening at `path`; -1 if it cannot be made.
int ListenAt(const std::string& path) {
  const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (fd < 0 || path.size() >= sizeof addr.sun_path) return -1;
  std::strcpy(addr.sun_path, path.c_str());
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(fd, 4) != 0) {
    close(fd);
    return -1;
  }
  chmod(path.c_str(), 0777);  // pgbouncer may run as nobody
  return fd;
}

// Whether a connection reaches `listener` within 10 s while a client of
// `conninfo` (the pooler) is driven on, started again while the pooler
// refuses it (Pgpool-II listens a moment after its pid file is written).
bool ServerSeesAConnection(int listener, const std::string& conninfo) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  PGconn* client = PQconnectStart(conninfo.c_str());
  bool seen = false;
  while (!seen && std::chrono::steady_clock::now() < deadline) {
    if (PQstatus(client) == CONNECTION_BAD) {
      PQfinish(client);
      client = PQconnectStart(conninfo.c_str());
    }
    PQconnectPoll(client);
    pollfd p{listener, POLLIN, 0};
    if (poll(&p, 1, 100) == 1) {
      const int fd = accept(listener, nullptr, nullptr);
      if (fd >= 0) close(fd);
      seen = fd >= 0;
    }
  }
  PQfinish(client);
  return seen;
}

// Whether the pooler `kind`, started by StartPooler in a folder named with
// a space, reaches the server socket folder `server_name` when a client
// comes: a listening socket the test made there sees a connection.
void ExpectPoolerReachesTheServer(PoolerKind kind, const std::string& server_name) {
  const Pooler& pooler = PoolerOf(kind);
  if (std::system(("command -v " + std::string(pooler.program) + " >/dev/null 2>&1").c_str()) != 0)
    GTEST_SKIP() << pooler.program << " is not installed";
  // Poolers refuse to run as root (pgbouncer) or should not; then as
  // nobody, as the sweep runs them as the cluster's owner.
  const std::string user = geteuid() == 0 ? "nobody" : "";
  char tmpl[] = "/tmp/skyseed-pooler-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  const fs::path top(tmpl);
  chmod(top.c_str(), 0777);
  const fs::path server_dir = top / server_name;
  fs::create_directories(server_dir);
  constexpr int kPort = 5432;
  const int listener = ListenAt((server_dir / (".s.PGSQL." + std::to_string(kPort))).string());
  ASSERT_GE(listener, 0);
  PoolerSetup setup{kind,
                    (top / "the pooler").string(),
                    {server_dir.string(), kPort, "corpus", ""},
                    {"feed"},
                    user};
  Result<ProcessProof> started = Status::Ok();
  {
    Result<std::unique_ptr<FileIdentity>> as = FileIdentity::Become(user);
    ASSERT_TRUE(as.ok()) << as.status().message();
    started = StartPooler(setup);
  }
  EXPECT_TRUE(started.ok()) << started.status().message();
  if (started.ok()) {
    EXPECT_TRUE(ServerSeesAConnection(
        listener, "host='" + setup.folder + "' port=5432 dbname=corpus user=feed"))
        << pooler.name;
    EXPECT_TRUE(StopProven(*started, pooler.stop_signal));
  }
  close(listener);
  std::error_code ec;
  fs::remove_all(top, ec);
}

TEST(StartPoolerTest, PgbouncerReachesAServerFolderWithASpaceAndAQuote) {
  ExpectPoolerReachesTheServer(PoolerKind::kPgbouncer, "it's a back\\slash server");
}

// pgpool.conf's strings are taken verbatim between their quotes (a \' or
// \\ stays as typed, and a doubled quote is a syntax error: tried on
// Pgpool-II 4.3); a data directory holds neither (cluster/data_dir.cc
// refuses ' " ` $ \), so a space is what there is to test.
TEST(StartPoolerTest, PgpoolReachesAServerFolderWithASpace) {
  ExpectPoolerReachesTheServer(PoolerKind::kPgpool, "a server");
}

// The package the host's dpkg says installed `path`; "" if none.
std::string PackageOwning(const std::string& path) {
  FILE* out = popen(("dpkg-query -S '" + path + "' 2>/dev/null").c_str(), "r");
  if (out == nullptr) return "";
  char line[512] = "";
  const bool read = std::fgets(line, sizeof line, out) != nullptr;
  pclose(out);
  const std::string text = read ? line : "";
  return text.substr(0, text.find(':'));
}

// The table's package is the one Debian installs the program from, as the
// host's package database says; its names are what --tap-pooler parses.
TEST(PoolersTest, EachProgramComesFromItsPackage) {
  for (const Pooler& p : Poolers()) {
    EXPECT_EQ(ParsePooler(p.name).value_or(PoolerKind::kNone), p.kind) << p.name;
    EXPECT_EQ(&PoolerOf(p.kind), &p);
    if (p.kind == PoolerKind::kNone) continue;
    for (const char* dir : {"/usr/sbin/", "/usr/bin/"}) {
      const std::string path = dir + std::string(p.program);
      if (fs::exists(path)) {
        EXPECT_EQ(PackageOwning(path), p.package) << path;
      }
    }
  }
  EXPECT_EQ(PoolerNames(), "none, pgbouncer or pgpool");
  EXPECT_FALSE(ParsePooler("odyssey").ok());
}

// pgbouncer's rule (src/loader.c, cstr_get_value): a quoted value ends at
// a lone quote; a doubled quote is one quote; backslashes are plain.
TEST(PgbouncerConnstrValueTest, DoublesQuotesOnly) {
  EXPECT_EQ(PgbouncerConnstrValue("/tmp/a b"), "'/tmp/a b'");
  EXPECT_EQ(PgbouncerConnstrValue("/it's"), "'/it''s'");
  EXPECT_EQ(PgbouncerConnstrValue("/back\\slash"), "'/back\\slash'");
}

}  // namespace
}  // namespace skyseed
