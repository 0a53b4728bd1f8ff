#include "cluster/embedded_cluster.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <optional>
#include <string>
#include <thread>

#include "cluster/cluster_lock.h"
#include "cluster/data_dir.h"
#include "tests/temp_dir.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// Under root the server runs as "postgres", which must reach into the folder.
constexpr mode_t kReachable = 0755;

// The first value of `sql`'s first row, or "ERROR: ..." so failures show why.
std::string QueryOne(const std::string& conninfo, const char* sql) {
  PGconn* conn = PQconnectdb(conninfo.c_str());
  std::string value;
  if (PQstatus(conn) != CONNECTION_OK) {
    value = std::string("ERROR: ") + PQerrorMessage(conn);
  } else {
    PGresult* res = PQexec(conn, sql);
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0) {
      value = PQgetvalue(res, 0, 0);
    } else {
      value = std::string("ERROR: ") + PQresultErrorMessage(res);
    }
    PQclear(res);
  }
  PQfinish(conn);
  return value;
}

ClusterState StateOf(const fs::path& dir) {
  Result<ClusterState> state = EmbeddedClusterState(dir.string());
  EXPECT_TRUE(state.ok()) << state.status().message();
  return state.ok() ? *state : ClusterState{};
}

class EmbeddedClusterTest : public ::testing::Test {
 protected:
  void TearDown() override {
    // Best effort: a test may have stopped it already, or never started it.
    if (!tmp_.path().empty()) static_cast<void>(StopEmbeddedCluster(data_dir_.string()));
  }

  TempDir tmp_{kReachable};
  // A space in the path exercises the quoting of conninfo and postgresql.conf.
  fs::path data_dir_ = tmp_.path() / "data dir";
  ClusterSettings settings_ = DetectMachine(2);
};

TEST_F(EmbeddedClusterTest, StartStopRestartAndCrashRecovery) {
  ASSERT_FALSE(tmp_.path().empty());
  Result<EmbeddedCluster> first = StartEmbeddedCluster(data_dir_.string(), settings_);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_EQ(first->data_dir, data_dir_.string());
  EXPECT_NE(first->conninfo.find("dbname=skyseed"), std::string::npos);
  EXPECT_NE(first->conninfo.find("port=5432"), std::string::npos);
  EXPECT_EQ(QueryOne(first->conninfo, "SELECT spoint(0, 0) IS NOT NULL"), "t");
  EXPECT_TRUE(fs::exists(data_dir_ / "skyseed-cluster"));
  EXPECT_NE(Slurp(data_dir_ / "skyseed.conf").find("listen_addresses = ''"), std::string::npos);

  ClusterState running = StateOf(data_dir_);
  EXPECT_TRUE(running.exists);
  EXPECT_TRUE(running.running);
  EXPECT_GT(running.pid, 0);
  EXPECT_EQ(running.conninfo, first->conninfo);
  EXPECT_EQ(DescribeClusterState(running), "running (pid " + std::to_string(running.pid) + ")");

  // Idempotent: the same server keeps running.
  Result<EmbeddedCluster> second = StartEmbeddedCluster(data_dir_.string(), settings_);
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_EQ(second->conninfo, first->conninfo);
  EXPECT_EQ(StateOf(data_dir_).pid, running.pid);

  ASSERT_TRUE(StopEmbeddedCluster(data_dir_.string()).ok());
  ClusterState stopped = StateOf(data_dir_);
  EXPECT_TRUE(stopped.exists);
  EXPECT_FALSE(stopped.running);
  EXPECT_EQ(DescribeClusterState(stopped), "stopped");
  EXPECT_TRUE(StopEmbeddedCluster(data_dir_.string()).ok()) << "stopping a stopped cluster";

  Result<EmbeddedCluster> again = StartEmbeddedCluster(data_dir_.string(), settings_);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(
      QueryOne(again->conninfo, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_sphere'"),
      "1");

  // A crash leaves postmaster.pid behind (and, where init does not reap, a
  // zombie postmaster); the next start must recover anyway.
  const int pid = StateOf(data_dir_).pid;
  ASSERT_GT(pid, 0);
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  for (int i = 0; i < 100 && StateOf(data_dir_).running; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_FALSE(StateOf(data_dir_).running);
  EXPECT_TRUE(fs::exists(data_dir_ / "postmaster.pid"));
  Result<EmbeddedCluster> recovered = StartEmbeddedCluster(data_dir_.string(), settings_);
  ASSERT_TRUE(recovered.ok()) << recovered.status().message();
  EXPECT_EQ(QueryOne(recovered->conninfo, "SELECT spoint(0, 0) IS NOT NULL"), "t");
  EXPECT_NE(StateOf(data_dir_).pid, pid);

  ASSERT_TRUE(StopEmbeddedCluster(data_dir_.string()).ok());
  EXPECT_FALSE(StateOf(data_dir_).running);
}

// Another skyseed's initdb half-way: the lock held, PG_VERSION written, the
// marker not yet. A second start waits for the lock and judges the
// directory then, where it used to refuse it at once as a cluster skyseed
// did not create (pg_embedded_race caught it on a loaded host).
TEST_F(EmbeddedClusterTest, ADirectoryBeingInitialisedUnderTheLockIsWaitedFor) {
  ASSERT_FALSE(tmp_.path().empty());
  std::optional<ClusterLock> other;
  {
    Result<ClusterLock> lock = ClusterLock::Acquire(data_dir_.string());
    ASSERT_TRUE(lock.ok()) << lock.status().message();
    other.emplace(std::move(*lock));
  }
  fs::create_directory(data_dir_);
  std::ofstream(data_dir_ / "PG_VERSION") << "15\n";

  std::future<Result<EmbeddedCluster>> second = std::async(
      std::launch::async, [&] { return StartEmbeddedCluster(data_dir_.string(), settings_); });
  ASSERT_EQ(second.wait_for(std::chrono::milliseconds(500)), std::future_status::timeout)
      << "judged the directory without waiting for the lock: " << second.get().status().message();

  // The other process gave up and left the directory empty: the second makes
  // the cluster itself.
  fs::remove(data_dir_ / "PG_VERSION");
  other.reset();
  Result<EmbeddedCluster> started = second.get();
  ASSERT_TRUE(started.ok()) << started.status().message();
  EXPECT_TRUE(fs::exists(data_dir_ / "skyseed-cluster"));
  EXPECT_EQ(QueryOne(started->conninfo, "SELECT 1"), "1");
}

TEST(EmbeddedClusterRefusalTest, NonEmptyForeignDirectoryIsLeftUntouched) {
  TempDir tmp{kReachable};
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / "occupied";
  fs::create_directory(dir);
  const std::string content = "field notes " + std::to_string(getpid()) + "\n";
  std::ofstream(dir / "notes.txt") << content;

  Result<EmbeddedCluster> started = StartEmbeddedCluster(dir.string(), DetectMachine(2));
  ASSERT_FALSE(started.ok());
  EXPECT_EQ(started.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(started.status().message().find(dir.string()), std::string::npos)
      << started.status().message();
  EXPECT_EQ(started.status().message().find('\n'), std::string::npos);
  EXPECT_TRUE(IsDataDirError(started.status())) << started.status().message();
  EXPECT_EQ(Slurp(dir / "notes.txt"), content);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);

  EXPECT_EQ(EmbeddedClusterState(dir.string()).status().code(), Status::Code::kNotFound);
  EXPECT_EQ(StopEmbeddedCluster(dir.string()).code(), Status::Code::kNotFound);
}

// A PostgreSQL cluster in `dir` (made here) that skyseed did not create:
// refused, and left as it was.
void ExpectTheirClusterRefused(const fs::path& dir) {
  fs::create_directory(dir);
  std::ofstream(dir / "PG_VERSION") << "15\n";

  Result<EmbeddedCluster> started = StartEmbeddedCluster(dir.string(), DetectMachine(2));
  ASSERT_FALSE(started.ok());
  EXPECT_EQ(started.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(started.status().message().find("did not create"), std::string::npos)
      << started.status().message();
  EXPECT_TRUE(IsDataDirError(started.status())) << started.status().message();
  EXPECT_EQ(Slurp(dir / "PG_VERSION"), "15\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(EmbeddedClusterRefusalTest, ClusterNotMadeBySkyseedIsRefused) {
  TempDir tmp{kReachable};
  ASSERT_FALSE(tmp.path().empty());
  ExpectTheirClusterRefused(tmp.path() / "theirs");
}

// Judged under the lock, a directory that still looks foreign once the lock
// is free is refused as before, and left as it was.
TEST(EmbeddedClusterRefusalTest, AForeignClusterBesideALockFileIsRefusedUnderTheLock) {
  TempDir tmp{kReachable};
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / "theirs";
  ASSERT_TRUE(ClusterLock::Acquire(dir.string()).ok());  // a stale lock file, free
  ExpectTheirClusterRefused(dir);
}

TEST(EmbeddedClusterRefusalTest, SocketPathTooLongIsRefused) {
  TempDir tmp{kReachable};
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / std::string(100, 'd');
  Result<EmbeddedCluster> started = StartEmbeddedCluster(dir.string(), DetectMachine(2));
  ASSERT_FALSE(started.ok());
  EXPECT_EQ(started.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(started.status().message().find("too long"), std::string::npos)
      << started.status().message();
  EXPECT_TRUE(IsDataDirError(started.status())) << started.status().message();
  EXPECT_FALSE(fs::exists(dir));
}

// PostgreSQL would cut a longer name; refused before anything is created.
TEST(EmbeddedClusterRefusalTest, DatabaseNameOutOfRangeIsRefused) {
  TempDir tmp{kReachable};
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / "data";
  for (const std::string& name : {std::string(), std::string(64, 'n')}) {
    Result<EmbeddedCluster> started = StartEmbeddedCluster(dir.string(), DetectMachine(2), name);
    ASSERT_FALSE(started.ok());
    EXPECT_EQ(started.status().code(), Status::Code::kInvalidArgument);
    EXPECT_NE(started.status().message().find("1 to 63 bytes"), std::string::npos)
        << started.status().message();
    EXPECT_FALSE(IsDataDirError(started.status()));
  }
  EXPECT_FALSE(fs::exists(dir));
}

TEST(EmbeddedClusterRefusalTest, ExistingDirectoryOutOfReachOfPostgresUnderRoot) {
  if (geteuid() != 0) GTEST_SKIP() << "only root hands the cluster to user postgres";
  TempDir tmp(0700);  // like /root: postgres cannot pass through
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / "skyseed-data";
  fs::create_directory(dir);  // the user's own folder: never moved
  Result<EmbeddedCluster> started = StartEmbeddedCluster(dir.string(), DetectMachine(2));
  ASSERT_FALSE(started.ok());
  EXPECT_EQ(started.status().code(), Status::Code::kInvalidArgument);
  EXPECT_NE(started.status().message().find(tmp.path().string() + " is not searchable"),
            std::string::npos)
      << started.status().message();
  EXPECT_NE(started.status().message().find("/var/tmp/skyseed-data"), std::string::npos);
  EXPECT_TRUE(IsDataDirError(started.status())) << started.status().message();
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(EmbeddedClusterRelocationTest, NewDirectoryOutOfReachIsRelocatedAndLinked) {
  if (geteuid() != 0) GTEST_SKIP() << "only root hands the cluster to user postgres";
  TempDir tmp(0700);
  ASSERT_FALSE(tmp.path().empty());
  const fs::path dir = tmp.path() / "skyseed-data";
  Result<EmbeddedCluster> started = StartEmbeddedCluster(dir.string(), DetectMachine(2));
  ASSERT_TRUE(started.ok()) << started.status().message();
  EXPECT_TRUE(fs::is_symlink(dir));
  EXPECT_EQ(fs::read_symlink(dir).string(), started->data_dir);
  EXPECT_EQ(started->data_dir.rfind("/var/lib/skyseed/clusters/", 0), 0u);
  Result<ClusterState> state = EmbeddedClusterState(dir.string());
  ASSERT_TRUE(state.ok()) << state.status().message();
  EXPECT_TRUE(state->running);
  EXPECT_TRUE(StopEmbeddedCluster(dir.string()).ok());
  std::error_code ec;
  fs::remove_all(started->data_dir, ec);
}

}  // namespace
}  // namespace skyseed
