#include "sweep/sweep_environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "common/machine_stats.h"
#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"

namespace skyseed {
namespace {

using json = nlohmann::json;

// The first "model name" of /proc/cpuinfo; empty where there is none (ARM
// kernels name the CPU otherwise).
std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

// The extensions whose versions are recorded.
constexpr const char* kExtensions = "{pg_sphere,pg_stat_statements,q3c}";

}  // namespace

json DescribeHost() {
  json host = json::object();
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) == 0) host["hostname"] = name;
  utsname u{};
  if (uname(&u) == 0) host["kernel"] = std::string(u.sysname) + " " + u.release;
  const std::string cpu = CpuModel();
  if (!cpu.empty()) host["cpu_model"] = cpu;
  const MachineFacts m = ReadMachineFacts();
  host["cores"] = m.cores;
  host["memory_gib"] = m.memory_gib;
  return host;
}

Result<json> DescribeServer(PgConnection& conn) {
  PgResult v;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT current_setting('server_version')", &v));
  PgResult e;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT extname, extversion FROM pg_catalog.pg_extension WHERE extname = ANY($1::text[]) "
      "ORDER BY extname",
      {kExtensions}, &e));
  json extensions = json::object();
  for (int i = 0; i < e.rows(); ++i) extensions[e.text(i, 0)] = e.text(i, 1);
  return json{{"server_version", v.text(0, 0)}, {"extensions", extensions}};
}

TierMeasured MeasuredOf(const TierRecord& reached) {
  TierMeasured m;
  m.total_rows = 0;
  m.table_bytes = 0;
  m.index_bytes = 0;
  m.grow_seconds = reached.seconds;
  const std::string obscore = CorpusTableWithId(kObsCoreTableId).standard_name();
  for (const TierTableRecord& t : reached.tables) {
    m.total_rows += static_cast<int64_t>(t.digest.rows);
    m.table_bytes += t.table_size;
    m.index_bytes += t.indexes_size;
    if (t.table == obscore) m.obscore_rows = static_cast<int64_t>(t.digest.rows);
  }
  return m;
}

}  // namespace skyseed
