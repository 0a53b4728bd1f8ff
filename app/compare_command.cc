// `skyseed compare OLD NEW`: the gate a weekly workflow runs against last
// week's sweep. Prints the figure-by-figure comparison (markdown or JSON) and
// exits 1 when a significant regression exceeds --threshold.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/commands.h"
#include "app/user_values.h"
#include "common/file_reads.h"
#include "sweep/sweep_compare.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// A sweep's folder (its sweep.json) or the file itself.
Result<SweepRecord> ReadSweepFile(const std::string& where) {
  std::error_code ec;
  const fs::path path =
      fs::is_directory(where, ec) ? fs::path(where) / "sweep.json" : fs::path(where);
  SKYSEED_ASSIGN_OR_RETURN(const std::string text, ReadWholeFile(path));
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::InvalidArgument(path.string() + " is not JSON");
  Result<SweepRecord> r = SweepFromJson(j);
  if (!r.ok()) return Status::InvalidArgument(path.string() + ": " + r.status().message());
  return r;
}

std::string Describe(const FigureChange& c) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s %d clients %s %s %+.1f %%", c.tier.c_str(), c.clients,
                c.query_class.empty() ? "all" : c.query_class.c_str(), c.figure.c_str(),
                c.relative * 100);
  return buf;
}

Status Compare(const std::string& before_path, const std::string& after_path,
               const std::string& threshold_text, bool as_json) {
  SKYSEED_ASSIGN_OR_RETURN(const double threshold, ParsePercent(threshold_text, "--threshold"));
  SKYSEED_ASSIGN_OR_RETURN(const SweepRecord before, ReadSweepFile(before_path));
  SKYSEED_ASSIGN_OR_RETURN(const SweepRecord after, ReadSweepFile(after_path));
  SKYSEED_ASSIGN_OR_RETURN(const SweepComparison c, CompareSweeps(before, after));
  if (as_json) {
    std::printf("%s\n", ComparisonJson(c, threshold).dump(2).c_str());
  } else {
    std::printf("%s", ComparisonMarkdown(c, threshold).c_str());
  }
  const std::vector<const FigureChange*> regressions = c.Regressions(threshold);
  if (regressions.empty()) return Status::Ok();
  std::string what;
  for (const FigureChange* r : regressions) what += (what.empty() ? "" : "; ") + Describe(*r);
  return Status::Mismatch(std::to_string(regressions.size()) +
                          " significant regression(s): " + what);
}

}  // namespace

void AddCompareCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Compare two capacity sweeps of the same corpus and mix: throughput and p50/p95/p99 "
      "latency per tier, client count and query class, each a mean with its 95 % interval "
      "over the valid windows. A change is significant only where the two intervals do not "
      "overlap. Exit 0: no significant regression over --threshold; 1: at least one (named "
      "on stderr); 2: bad input, or sweeps that cannot be compared (different corpora or "
      "mixes are named).");
  struct Args {
    std::string before, after, threshold = "10%";
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("OLD", a->before, "the earlier sweep: its --out folder or its sweep.json")
      ->required();
  cmd->add_option("NEW", a->after, "the later sweep: its --out folder or its sweep.json")
      ->required();
  cmd->add_option("--threshold", a->threshold,
                  "smallest significant regression that fails the comparison")
      ->default_val(a->threshold);
  cmd->add_flag("--json", a->json, "print the comparison as JSON instead of a markdown table");
  cmd->footer(
      "Example (a weekly gate against last week's artifact):\n"
      "  skyseed compare last-week/ this-week/ --threshold 10% >> \"$GITHUB_STEP_SUMMARY\"\n"
      "Intervals need at least two valid windows a step (--reps 2 or more); with one, no "
      "change is significant.");
  cmd->callback([=] {
    *run = [=]() -> Status { return Compare(a->before, a->after, a->threshold, a->json); };
  });
}

}  // namespace skyseed
