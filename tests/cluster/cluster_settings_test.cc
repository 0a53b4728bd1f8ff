#include "cluster/cluster_settings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "loader/pg_connection.h"

namespace skyseed {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;
constexpr uint64_t kGiB = uint64_t{1} << 30;

// The "name = value" lines of a settings text, each name once.
std::map<std::string, std::string> ParseConf(const std::string& conf) {
  std::map<std::string, std::string> settings;
  std::istringstream in(conf);
  for (std::string line; std::getline(in, line);) {
    const size_t eq = line.find(" = ");
    EXPECT_NE(eq, std::string::npos) << "not a setting: " << line;
    if (eq == std::string::npos) continue;
    const bool fresh = settings.emplace(line.substr(0, eq), line.substr(eq + 3)).second;
    EXPECT_TRUE(fresh) << "set twice: " << line;
  }
  return settings;
}

// "6144MB" -> 6144; anything else fails the test.
uint64_t Megabytes(const std::string& value) {
  EXPECT_TRUE(value.size() > 2 && value.ends_with("MB")) << value;
  return std::stoull(value.substr(0, value.size() - 2));
}

int Count(const std::string& value) { return std::stoi(value); }

struct Machine {
  uint64_t memory_bytes;
  int cores;
  int connections;
};

// From a small VM to a large server, including a cloud VM's odd memory size
// (7.5 GiB) and more connections than cores.
const std::vector<Machine>& Machines() {
  static const std::vector<Machine> machines = {
      {1 * kGiB, 1, 1},   {2 * kGiB, 2, 2},     {7680 * kMiB, 4, 3},    {24 * kGiB, 2, 2},
      {64 * kGiB, 16, 8}, {256 * kGiB, 64, 40}, {1024 * kGiB, 128, 64}, {512 * kMiB, 1, 60},
  };
  return machines;
}

// docs/growing.md ("Which server"): shared_buffers 1/4 of memory,
// effective_cache_size 3/4, max_parallel_workers >= 2 x connections,
// max_worker_processes that + 8, max_wal_size 16GB, wal_compression lz4.
TEST(SettingsConfTest, KeepsTheReadmePromisesOnEveryMachine) {
  for (const Machine& m : Machines()) {
    SCOPED_TRACE(std::to_string(m.memory_bytes / kMiB) + " MiB, " + std::to_string(m.cores) +
                 " cores, " + std::to_string(m.connections) + " connections");
    std::map<std::string, std::string> conf =
        ParseConf(SettingsConf({m.memory_bytes, m.cores, m.connections}, "/var/tmp/d"));
    EXPECT_EQ(Megabytes(conf["shared_buffers"]), m.memory_bytes / 4 / kMiB);
    EXPECT_EQ(Megabytes(conf["effective_cache_size"]), m.memory_bytes / 4 * 3 / kMiB);
    const int workers = Count(conf["max_parallel_workers"]);
    EXPECT_GE(workers, 2 * m.connections);
    EXPECT_GE(workers, 8);  // parallel queries keep room beside the connections
    EXPECT_EQ(Count(conf["max_worker_processes"]), workers + 8);
    EXPECT_EQ(conf["max_wal_size"], "16GB");
    EXPECT_EQ(conf["wal_compression"], "lz4");
    EXPECT_EQ(conf["shared_preload_libraries"], "'pg_stat_statements'");
    EXPECT_EQ(conf["track_io_timing"], "on");
  }
}

// The rest of the sizing, computed here from the machine.
TEST(SettingsConfTest, SizesTheRestToTheMachine) {
  for (const Machine& m : Machines()) {
    SCOPED_TRACE(std::to_string(m.memory_bytes / kMiB) + " MiB");
    std::map<std::string, std::string> conf =
        ParseConf(SettingsConf({m.memory_bytes, m.cores, m.connections}, "/var/tmp/d"));
    // 1/16 of memory, at most 2 GiB.
    EXPECT_EQ(Megabytes(conf["maintenance_work_mem"]),
              std::min<uint64_t>(m.memory_bytes / 16, 2 * kGiB) / kMiB);
    EXPECT_EQ(Count(conf["max_parallel_workers"]), std::max(8, 2 * m.connections));
    EXPECT_EQ(Count(conf["max_parallel_maintenance_workers"]), std::min(m.cores, 4));
    EXPECT_EQ(Count(conf["max_parallel_workers_per_gather"]), std::min(m.cores, 4));
    // Every COPY connection, plus room for psql and the tests' own sessions.
    EXPECT_EQ(Count(conf["max_connections"]), std::max(100, 2 * m.connections + 20));
    EXPECT_EQ(conf["work_mem"], "64MB");
    EXPECT_EQ(conf["min_wal_size"], "1GB");
    EXPECT_EQ(conf["checkpoint_timeout"], "30min");
    EXPECT_EQ(conf["autovacuum"], "on");
    EXPECT_EQ(conf["port"], "5432");
    EXPECT_EQ(conf["listen_addresses"], "''");  // the unix socket only
    EXPECT_EQ(conf["unix_socket_directories"], "'/var/tmp/d'");
    // The service setting; grow's load sessions turn it off themselves.
    EXPECT_EQ(conf.count("synchronous_commit"), 0u);
  }
}

TEST(SettingsConfTest, SizedToTheMachine) {
  const ClusterSettings machine{uint64_t{24} << 30, 2, 2};
  const std::string conf = SettingsConf(machine, "/var/tmp/skyseed-data");
  EXPECT_NE(conf.find("shared_buffers = 6144MB\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("max_worker_processes = 16\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("effective_cache_size = 18432MB\n"), std::string::npos);
  EXPECT_NE(conf.find("maintenance_work_mem = 1536MB\n"), std::string::npos);
  EXPECT_NE(conf.find("max_parallel_workers = 8\n"), std::string::npos);
  EXPECT_NE(conf.find("max_parallel_workers_per_gather = 2\n"), std::string::npos);
  EXPECT_NE(conf.find("max_connections = 100\n"), std::string::npos);
  // The service setting; grow's load sessions turn it off themselves.
  EXPECT_EQ(conf.find("synchronous_commit"), std::string::npos);
  EXPECT_NE(conf.find("listen_addresses = ''\n"), std::string::npos);
  EXPECT_NE(conf.find("unix_socket_directories = '/var/tmp/skyseed-data'\n"), std::string::npos);
}

TEST(SettingsConfTest, BigMachineCapsAndScales) {
  const ClusterSettings machine{uint64_t{256} << 30, 64, 40};
  const std::string conf = SettingsConf(machine, "/data/it's here");
  EXPECT_NE(conf.find("maintenance_work_mem = 2048MB\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("max_parallel_workers = 80\n"), std::string::npos);
  EXPECT_NE(conf.find("max_worker_processes = 88\n"), std::string::npos);
  EXPECT_NE(conf.find("max_parallel_maintenance_workers = 4\n"), std::string::npos);
  EXPECT_NE(conf.find("max_connections = 100\n"), std::string::npos);
  EXPECT_NE(conf.find("unix_socket_directories = '/data/it''s here'\n"), std::string::npos);
  EXPECT_NE(SettingsConf({1, 1, 60}, "/d").find("max_connections = 140\n"), std::string::npos);
}

// No setting of 0MB (which PostgreSQL would refuse), and at least one of
// everything, whatever the machine claims.
TEST(SettingsConfTest, TinyOrUnknownMachineStillGetsValidSettings) {
  std::map<std::string, std::string> conf = ParseConf(SettingsConf({1, 0, 0}, "/d"));
  EXPECT_EQ(conf["shared_buffers"], "1MB");
  EXPECT_EQ(conf["effective_cache_size"], "1MB");
  EXPECT_EQ(conf["maintenance_work_mem"], "1MB");
  EXPECT_EQ(conf["max_parallel_workers"], "8");
  EXPECT_EQ(conf["max_worker_processes"], "16");
  EXPECT_EQ(conf["max_parallel_maintenance_workers"], "1");
  EXPECT_EQ(conf["max_parallel_workers_per_gather"], "1");
  EXPECT_EQ(conf["max_connections"], "100");
}

// postgresql.conf strings double their quotes and escape backslashes; a
// socket directory holding a comma, a double quote or edge whitespace is
// itself double-quoted, since unix_socket_directories is a list.
TEST(SettingsConfTest, QuotesTheSocketDirectory) {
  const auto socket_dir = [](const std::string& dir) {
    return ParseConf(SettingsConf({kGiB, 1, 1}, dir))["unix_socket_directories"];
  };
  EXPECT_EQ(socket_dir("/var/tmp/data dir"), "'/var/tmp/data dir'");
  EXPECT_EQ(socket_dir("/data/it's"), "'/data/it''s'");
  EXPECT_EQ(socket_dir("/data/back\\slash"), "'/data/back\\\\slash'");
  EXPECT_EQ(socket_dir("/data/a,b"), "'\"/data/a,b\"'");
  EXPECT_EQ(socket_dir("/data/say \"hi\""), "'\"/data/say \"\"hi\"\"\"'");
  EXPECT_EQ(socket_dir("/data/trailing "), "'\"/data/trailing \"'");
}

TEST(DetectMachineTest, ReadsThisMachine) {
  const ClusterSettings machine = DetectMachine(3);
  EXPECT_GT(machine.memory_bytes, uint64_t{64} << 20);
  EXPECT_GE(machine.cores, 1);
  EXPECT_EQ(machine.connections, 3);
  EXPECT_EQ(DetectMachine(0).connections, 1);
}

TEST(EmbeddedConninfoTest, QuotesPathsWithSpaces) {
  EXPECT_EQ(EmbeddedConninfo("/var/tmp/skyseed-data", "skyseed"),
            "host=/var/tmp/skyseed-data port=5432 dbname=skyseed user=postgres");
  EXPECT_EQ(EmbeddedConninfo("/tmp/a b", "postgres"),
            "host='/tmp/a b' port=5432 dbname=postgres user=postgres");
}

// libpq conninfo values escape quotes and backslashes with a backslash; a
// database name is a value like any other, never spliced.
TEST(EmbeddedConninfoTest, EscapesQuotesAndBackslashes) {
  EXPECT_EQ(EmbeddedConninfo("/tmp/it's", "t_evil\"; DROP DATABASE x; --' y"),
            "host='/tmp/it\\'s' port=5432 dbname='t_evil\"; DROP DATABASE x; --\\' y' "
            "user=postgres");
  EXPECT_EQ(EmbeddedConninfo("/tmp/back\\slash", ""),
            "host='/tmp/back\\\\slash' port=5432 dbname='' user=postgres");
}

// The endpoint handed to DaCHS says what its conninfo says, as libpq reads
// it: one fact, not two that could drift apart.
TEST(EmbeddedEndpointTest, FieldsAreWhatTheConninfoSays) {
  for (const auto& [dir, db] : std::vector<std::pair<std::string, std::string>>{
           {"/var/tmp/skyseed-data", "skyseed"}, {"/tmp/a b", "t_x y"}}) {
    const EmbeddedEndpoint e = EmbeddedEndpointOf(dir, db);
    Result<std::vector<std::pair<std::string, std::string>>> fields = ConninfoFields(e.conninfo);
    ASSERT_TRUE(fields.ok()) << e.conninfo;
    const std::map<std::string, std::string> read(fields->begin(), fields->end());
    EXPECT_EQ(read.at("host"), e.socket_dir);
    EXPECT_EQ(read.at("port"), std::to_string(e.port));
    EXPECT_EQ(read.at("dbname"), e.dbname);
    EXPECT_EQ(e.socket_dir, dir);
    EXPECT_EQ(e.dbname, db);
    EXPECT_EQ(e.conninfo, EmbeddedConninfo(dir, db));
  }
}

// The socket the server makes is the one for the port the conninfo names.
TEST(ServerSocketNameTest, MatchesThePort) {
  EXPECT_EQ(ServerSocketName(), ".s.PGSQL.5432");
  EXPECT_EQ(ParseConf(SettingsConf({kGiB, 1, 1}, "/d"))["port"], "5432");
  EXPECT_NE(EmbeddedConninfo("/d", "x").find(" port=5432 "), std::string::npos);
}

}  // namespace
}  // namespace skyseed
