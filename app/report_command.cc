// `skyseed report`: the tiers a database reached as report.html (charts and
// tables, self-contained) plus each chart as an SVG file, in --out.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <system_error>

#include "app/commands.h"
#include "app/connection_options.h"
#include "capacity/capacity.h"
#include "capacity/run_comparison.h"
#include "common/file_reads.h"
#include "common/user_values.h"
#include "loader/output_files.h"
#include "loader/pg_connection.h"
#include "report/tier_report.h"
#include "store/manifest_store.h"
#include "sweep_record/sweep_record.h"
#include "sweep_record/sweep_store.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

Result<ReportInput> ReadReportInput(const std::string& conninfo) {
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
  // A database that holds no corpus is the wrong input (exit 2).
  SKYSEED_ASSIGN_OR_RETURN(const CorpusIdentity id, RequireCorpusIdentity(*conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<TierRecord> tiers, ReadTiers(*conn));
  if (tiers.empty()) return Status::NotFound("no tier recorded yet; run skyseed grow first");
  SKYSEED_ASSIGN_OR_RETURN(std::vector<SweepRecord> sweeps, ReadSweepRecords(*conn));
  return ReportInput{id.seed, id.generator_version, tiers, sweeps, Slo{}};
}

// --out is created only once there is a report to put in it: a database
// with no tier, or none at all, leaves no empty folder behind.
// --earlier-run's figures beside this run's records, or "" without it.
Result<std::string> EarlierRunTable(const std::vector<RunTierFigures>& earlier,
                                    const ReportInput& input) {
  if (earlier.empty()) return std::string();
  const auto run = ScalingRunOf(input.sweeps);
  if (!run) {
    return Status::InvalidArgument(
        "--earlier-run: no scaling run recorded here to set beside it "
        "(a TAP sweep with its database sweep, --target both)");
  }
  return RunComparisonTable(earlier, RunFigures(*run->first, *run->second, input.slo), "earlier",
                            "this (" + input.generator_version + ")");
}

Status WriteReport(const fs::path& out, const ConnectionOptions& c, const std::string& slo_p95,
                   const std::string& slo_errors, const std::string& earlier_run) {
  // Checked before connecting, so that a typo costs no server start-up.
  Slo slo;
  SKYSEED_ASSIGN_OR_RETURN(slo.p95_ms, ParseMilliseconds(slo_p95, "--slo-p95"));
  SKYSEED_ASSIGN_OR_RETURN(slo.error_rate, ParsePercent(slo_errors, "--slo-errors", 100));
  std::vector<RunTierFigures> earlier;
  if (!earlier_run.empty()) {
    SKYSEED_ASSIGN_OR_RETURN(const std::string csv, ReadWholeFile(earlier_run));
    SKYSEED_ASSIGN_OR_RETURN(earlier, ParseEarlierRun(csv, "--earlier-run " + earlier_run));
  }
  const Status usable = CheckOutputDirCreatable(out);
  if (!usable.ok()) return Status::InvalidArgument("--out " + usable.message());
  SKYSEED_ASSIGN_OR_RETURN(std::string conninfo, ResolveReadOnlyConninfo(c));
  SKYSEED_ASSIGN_OR_RETURN(ReportInput input, ReadReportInput(conninfo));
  input.slo = slo;
  SKYSEED_ASSIGN_OR_RETURN(const std::string comparison, EarlierRunTable(earlier, input));
  const Status out_dir = PrepareOutputDir(out);
  if (!out_dir.ok()) return Status::InvalidArgument("--out " + out_dir.message());
  std::vector<std::string> closing_lines;
  for (const ReportFile& f : RenderTierReport(input, &closing_lines)) {
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(out / f.name, f.content));
  }
  std::error_code ec;
  const fs::path html = fs::absolute(out / "report.html", ec);
  std::printf("%s\n", (ec ? out / "report.html" : html).lexically_normal().c_str());
  for (const std::string& line : closing_lines) std::printf("%s\n", line.c_str());
  if (comparison.empty()) return Status::Ok();
  std::printf("\n%s", comparison.c_str());
  return WriteFileAtomically(out / "earlier-run.md", comparison);
}

}  // namespace

void AddReportCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "report",
      "Write an HTML report of the tiers a database reached: rows, sizes, time per "
      "phase and load throughput as charts and tables, plus each chart as an SVG file; "
      "with the capacity sweeps run on them (throughput and latency by clients and by "
      "database size, saturation, flagged windows).");
  struct Args {
    std::string out, earlier_run, slo_p95 = DefaultText(Slo{}.p95_ms) + "ms",
                                  slo_errors = DefaultText(Slo{}.error_rate * 100) + "%";
    ConnectionOptions conn;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--out", a->out,
                  "folder for report.html, summary.md and the SVG charts (created if missing)")
      ->required();
  cmd->add_option("--slo-p95", a->slo_p95,
                  "a sweep's sustainable capacity keeps p95 within this (e.g. 2s, 500ms)")
      ->default_val(a->slo_p95);
  cmd->add_option("--slo-errors", a->slo_errors, "... and its error rate under this")
      ->default_val(a->slo_errors);
  cmd->add_option("--earlier-run", a->earlier_run,
                  "a scaling run's tiers.csv (docs/scaling-run/gen-3/tiers.csv): per tier, its "
                  "figures beside this run's (cone cost, size, hit ratio, peaks, limits), printed "
                  "and written to earlier-run.md")
      ->option_text("CSV");
  AddConnectionOptions(cmd, &a->conn);
  cmd->footer(
      "Example:\n  skyseed report --db 'host=db1 dbname=sky' --out sky-report\n"
      "Prints the path of report.html (open it in any browser: no script, no network), then\n"
      "one line per recorded sweep: capacity tiers=... peak_tps=... sustainable_tps=...\n"
      "slo_p95_ms=... guards=passed|failed:N limit_<tier>=<class>; after a --target both sweep\n"
      "one more: scaling tiers=... db_gib=... hit_ratio=... peak_rps_tap=... peak_tps_db=...\n"
      "limit=... guards=..., each list in tier order.\n"
      "summary.md holds the guards, headline, limits, plan flags and each sweep's tables\n"
      "(what was measured, environment, per client count, where the limit was) in GitHub\n"
      "markdown:\n"
      "  cat sky-report/summary.md >> \"$GITHUB_STEP_SUMMARY\"");
  cmd->callback([=] {
    *run = [=]() -> Status {
      return WriteReport(AbsoluteOutputPath(a->out), a->conn, a->slo_p95, a->slo_errors,
                         a->earlier_run);
    };
  });
}

}  // namespace skyseed
