// `skyseed sweep --export FILE` and `--import FILE`: the sweep's records
// carried between databases (holdings/sweep_carry.h).
#include "app/sweep_carry_command.h"

#include <cstdio>
#include <filesystem>
#include <set>

#include "common/file_reads.h"
#include "common/file_writes.h"
#include "holdings/sweep_carry.h"
#include "store/advisory_locks.h"

namespace skyseed {
namespace {

// The options a carry takes beside its own: where the database is.
bool CarryTakes(const std::string& name) {
  static const std::set<std::string> taken = {"--export",   "--import",   "--db",
                                              "--data-dir", "--database", "--help"};
  return taken.count(name) > 0;
}

// Export or import, and nothing a measurement would take.
Status CheckCarryOptions(const CLI::App& cmd, const SweepCarryArgs& c) {
  if (cmd.count("--export") > 0 && cmd.count("--import") > 0) {
    return Status::InvalidArgument("--export and --import: give one of them");
  }
  const bool exporting = cmd.count("--export") > 0;
  const std::string& path = exporting ? c.export_path : c.import_path;
  const char* flag = exporting ? "--export" : "--import";
  if (path.empty()) return Status::InvalidArgument(std::string(flag) + " needs a file name");
  for (const CLI::Option* o : cmd.get_options()) {
    if (o->count() > 0 && !CarryTakes(o->get_name())) {
      return Status::InvalidArgument(std::string(flag) + " carries recorded windows and measures " +
                                     "nothing; " + o->get_name() +
                                     " is for a sweep (give it without " + flag + ")");
    }
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return Status::InvalidArgument(std::string(flag) + " " + path + " is a folder, not a file");
  }
  return Status::Ok();
}

Status ExportCarry(const std::string& path, const ConnectionOptions& conn) {
  const std::filesystem::path file = std::filesystem::absolute(path);
  std::error_code ec;
  if (!std::filesystem::is_directory(file.parent_path(), ec)) {
    return Status::InvalidArgument("--export " + path + ": no folder " +
                                   file.parent_path().string());
  }
  SKYSEED_ASSIGN_OR_RETURN(const std::string conninfo, ResolveReadOnlyConninfo(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> db, PgConnection::Connect(conninfo));
  SKYSEED_ASSIGN_OR_RETURN(const nlohmann::json carry, ExportSweepCarry(*db));
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(file, SweepCarryText(carry)));
  std::printf("exported %zu windows, %zu tier findings and %zu sweep set-ups into %s\n",
              carry["tables"]["sweep_window"].size(), carry["tables"]["sweep_tier"].size(),
              carry["tables"]["sweep_setup"].size(), file.c_str());
  return Status::Ok();
}

Status ImportCarry(const std::string& path, const ConnectionOptions& conn) {
  Result<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return Status::InvalidArgument("--import " + text.status().message());
  SKYSEED_ASSIGN_OR_RETURN(const nlohmann::json carry, ParseSweepCarry(*text, path));
  SKYSEED_ASSIGN_OR_RETURN(const std::string conninfo, ResolveReadOnlyConninfo(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> db, PgConnection::Connect(conninfo));
  SKYSEED_RETURN_IF_ERROR(TakeSweepLock(*db));
  SKYSEED_ASSIGN_OR_RETURN(const SweepRowsAdded added, ImportSweepCarry(*db, carry));
  std::printf("imported %d rows from %s (%d already here, identical)\n", added.added, path.c_str(),
              added.identical);
  return Status::Ok();
}

}  // namespace

Status TakeSweepLock(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(const bool took, TryAdvisoryLock(conn, kSweepLockKey));
  if (took) return Status::Ok();
  return Status::InvalidArgument(
      "another skyseed sweep is measuring this database; wait for it to finish (it holds the "
      "sweep lock)");
}

void AddSweepCarryOptions(CLI::App* cmd, SweepCarryArgs* c) {
  cmd->add_option("--export", c->export_path,
                  "write the database's recorded sweeps (windows, tier findings, set-ups) to FILE "
                  "as a versioned JSON document, and measure nothing")
      ->option_text("FILE");
  cmd->add_option("--import", c->import_path,
                  "add the recorded sweeps of an --export FILE to this database, and measure "
                  "nothing: its tiers must be recorded here on the same corpus; rows already "
                  "here must be identical")
      ->option_text("FILE");
}

bool SweepCarryRun(const CLI::App& cmd, const SweepCarryArgs& c, const ConnectionOptions& conn,
                   CommandRun* run) {
  const bool exporting = cmd.count("--export") > 0;
  if (!exporting && cmd.count("--import") == 0) return false;
  const Status options = CheckCarryOptions(cmd, c);
  *run = [=]() -> Status {
    SKYSEED_RETURN_IF_ERROR(options);
    return exporting ? ExportCarry(c.export_path, conn) : ImportCarry(c.import_path, conn);
  };
  return true;
}

}  // namespace skyseed
