// `skyseed workload`: pgbench scripts and their parameters for a tier's
// corpus, written by the generator alone (no database).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "app/commands.h"
#include "app/seed_option.h"
#include "common/user_values.h"
#include "loader/output_files.h"
#include "tiers/tier_spec.h"
#include "workload/workload.h"

namespace skyseed {
namespace fs = std::filesystem;
namespace {

// Enough for any tier; the row streams take 2^40 draws per kind.
constexpr uint64_t kMaxWorkloadCount = 10'000'000;

struct WorkloadArgs {
  std::string tier, out, seed = kDefaultSeedText, lookups = DefaultText(WorkloadOptions{}.lookups),
                         cones = DefaultText(WorkloadOptions{}.cones);
};

Result<WorkloadOptions> ParseWorkloadOptions(const WorkloadArgs& a) {
  WorkloadOptions o;
  Result<uint64_t> seed = ParseSeed(a.seed);
  if (!seed.ok()) return seed.status();
  o.seed = *seed;
  Result<uint64_t> lookups = ParseCount(a.lookups, "--lookups", 1, kMaxWorkloadCount);
  if (!lookups.ok()) return lookups.status();
  o.lookups = static_cast<uint32_t>(*lookups);
  Result<uint64_t> cones = ParseCount(a.cones, "--cones", 1, kMaxWorkloadCount);
  if (!cones.ok()) return cones.status();
  o.cones = static_cast<uint32_t>(*cones);
  return o;
}

Status RunWorkload(const WorkloadArgs& a) {
  SKYSEED_ASSIGN_OR_RETURN(TierSpec tier, FindTier(a.tier));
  SKYSEED_ASSIGN_OR_RETURN(WorkloadOptions o, ParseWorkloadOptions(a));
  const fs::path dir = AbsoluteOutputPath(a.out);
  const Status out_dir = PrepareOutputDir(dir / "params");
  if (!out_dir.ok()) return Status::InvalidArgument("--out " + out_dir.message());
  const std::vector<WorkloadFile> files = WorkloadFiles(tier, o);
  for (const WorkloadFile& f : files)
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(dir / f.name, f.content, f.executable));
  std::printf(
      "wrote %zu files to %s: load the parameters with psql CONNINFO -f %s, "
      "then see README.txt\n",
      files.size(), a.out.c_str(), (dir / "setup.sql").string().c_str());
  return Status::Ok();
}

}  // namespace

void AddWorkloadCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "workload",
      "Write pgbench scripts and their parameters (source IDs and observation keys "
      "the tier holds, cone centres on the survey fields) for a tier's corpus, "
      "computed by the generator alone (no database).");
  auto a = std::make_shared<WorkloadArgs>();
  cmd->add_option("--tier", a->tier, "tier name: " + TierNames())->required();
  cmd->add_option("--out", a->out, "output directory (created if missing)")->required();
  AddSeedOption(cmd, &a->seed);
  cmd->add_option("--lookups", a->lookups, "source IDs, and as many observation keys")
      ->default_val(a->lookups);
  cmd->add_option("--cones", a->cones, "cone centres")->default_val(a->cones);
  cmd->footer(
      "Example: skyseed workload --tier ci --out ./workload-ci\n"
      "Then: psql CONNINFO -f ./workload-ci/setup.sql && "
      "./workload-ci/run-mix.sh CONNINFO (see README.txt there).");
  cmd->callback([=] { *run = [=]() -> Status { return RunWorkload(*a); }; });
}

}  // namespace skyseed
