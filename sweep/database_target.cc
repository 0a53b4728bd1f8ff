#include "sweep/database_target.h"

#include <filesystem>

#include "common/child_process.h"
#include "common/file_writes.h"
#include "sweep_record/sweep_store.h"
#include "workload/class_explain.h"
#include "workload/working_set.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

using json = nlohmann::json;

// Writes the tier's workload and loads its parameters with psql; returns
// the files as written (pgbench reads the scripts from disk, EXPLAIN takes
// them from here).
Result<std::vector<WorkloadFile>> PrepareWorkload(const SweepOptions& o, const TierSpec& tier,
                                                  const ChildConnection& child,
                                                  const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir / "params", ec);
  if (ec) return Status::IoError(dir.string() + ": " + ec.message());
  std::vector<WorkloadFile> files = WorkloadFiles(tier, o.workload);
  for (const WorkloadFile& f : files) {
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / f.name, f.content, f.executable));
  }
  SKYSEED_RETURN_IF_ERROR(RunTool({"psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f",
                                   (dir / "setup.sql").string(), "-d", child.conninfo()},
                                  (dir / "setup.out").string(), child.environment()));
  return files;
}

// The script the workload rendered for `query_class`.
Result<std::string> ScriptOf(const std::vector<WorkloadFile>& files, const MixEntry& query_class) {
  for (const WorkloadFile& f : files) {
    if (f.query_class == &query_class) return f.content;
  }
  return Status::NotFound(std::string("the workload has no script for ") + query_class.name);
}

Status ExplainClasses(const SweepOptions& o, PgConnection& conn,
                      const std::vector<WorkloadFile>& workload, const fs::path& explain_dir,
                      TierSweep* t) {
  std::error_code ec;
  fs::create_directories(explain_dir, ec);
  for (const MixClass& c : o.mix) {
    const std::string name = c.query_class->name;
    SKYSEED_ASSIGN_OR_RETURN(std::string script, ScriptOf(workload, *c.query_class));
    Result<std::string> plan = ExplainScript(conn, script);
    if (!plan.ok()) return plan.status().Annotate("explaining " + name);
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(explain_dir / (name + ".json"), *plan));
    json j = json::parse(*plan, nullptr, false);
    if (j.is_discarded()) return Status::Corruption("EXPLAIN of " + name + " is not JSON");
    t->explain[name] = j;
  }
  return Status::Ok();
}

}  // namespace

Result<std::vector<SweepWindow>> DatabaseTarget::PrepareTier(const SweepTier& tier, TierSweep* t) {
  const fs::path dir(tier.dir);
  SKYSEED_ASSIGN_OR_RETURN(std::vector<WorkloadFile> workload,
                           PrepareWorkload(o_, *tier.spec, child_, dir / "workload"));
  if (tier.held) {
    SKYSEED_RETURN_IF_ERROR(ExplainClasses(o_, conn_, workload, dir / "explain", t));
  } else {
    // EXPLAIN now would run on another tier's rows: keep the recorded plans.
    SKYSEED_ASSIGN_OR_RETURN(t->explain,
                             ReadTierPlans(conn_, key_.Text(), t->tier, t->corpus_digest));
  }
  SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepWindow> done,
                           ReadSweepWindows(conn_, key_.Text(), t->tier, t->corpus_digest));
  setting_ = std::make_unique<WindowSetting>(
      WindowSetting{o_, child_.conninfo(), child_.environment(), t->tier,
                    (dir / "workload").string(), dir.string(), tier.caps, tier.machine});
  const WindowRunner run = [this](const std::string& window_dir, int clients, int rep,
                                  int seconds) {
    WindowSetting s = *setting_;
    s.window_dir = window_dir;
    return RunWindow(s, conn_, clients, rep, seconds);
  };
  std::vector<std::string> classes;
  for (const MixClass& m : o_.mix) {
    if (m.weight > 0) classes.push_back(m.query_class->name);
  }
  bench_ =
      std::make_unique<PgSweepBench>(run, WorkingSetPrimer(conn_, classes, *tier.spec, o_.workload),
                                     tier.dir, conn_, key_.Text(), t->corpus_digest);
  return done;
}

}  // namespace skyseed
