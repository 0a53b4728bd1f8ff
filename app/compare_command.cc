// `skyseed compare OLD NEW`: the gate a weekly workflow runs against last
// week's sweep. Prints the figure-by-figure comparison (markdown or JSON) and
// exits 1 when a significant regression exceeds --threshold.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/commands.h"
#include "capacity/sweep_compare.h"
#include "common/file_reads.h"
#include "common/user_values.h"
#include "loader/pg_connection.h"
#include "sweep_record/sweep_kind_words.h"
#include "sweep_record/sweep_record.h"
#include "sweep_record/sweep_store.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// Which of a sweep's results a side names: the database sweep (sweep.json)
// or the TAP sweep (tap-sweep.json) beside it.
struct SweepChoice {
  SweepKind kind = SweepKind::kDatabase;
  std::string id;  // SweepId; empty: the only one of its kind
};

// A sweep's folder (its sweep.json or tap-sweep.json) or the file itself.
Result<SweepRecord> ReadSweepFile(const std::string& where, const SweepChoice& choice) {
  std::error_code ec;
  const fs::path path = fs::is_directory(where, ec)
                            ? fs::path(where) / WordsOf(choice.kind).record_file
                            : fs::path(where);
  SKYSEED_ASSIGN_OR_RETURN(const std::string text, ReadWholeFile(path));
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::InvalidArgument(path.string() + " is not JSON");
  Result<SweepRecord> r = SweepFromJson(j);
  if (!r.ok()) return Status::InvalidArgument(path.string() + ": " + r.status().message());
  return r;
}

// A connection URI, or a key=value conninfo; a path that exists is a path.
bool NamesDatabase(const std::string& where) {
  std::error_code ec;
  if (fs::exists(where, ec)) return false;
  return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0 ||
         where.find('=') != std::string::npos;
}

// The sweeps a database recorded (sweep_store), read without writing: the
// one of the chosen kind, or the one --sweep names.
Result<SweepRecord> ReadSweepFromDatabase(const std::string& conninfo, const SweepChoice& choice) {
  SKYSEED_RETURN_IF_ERROR(CheckConninfo(conninfo));
  const std::string shown = RedactConninfo(conninfo);
  SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> conn, PgConnection::Connect(conninfo));
  Result<std::vector<SweepRecord>> all = ReadSweepRecords(*conn);
  if (!all.ok()) return all.status().Annotate(shown);
  std::vector<SweepRecord> kind;
  std::string ids;
  for (SweepRecord& r : *all) {
    if (r.key.kind != choice.kind) continue;
    if (!choice.id.empty() && SweepId(r.key) != choice.id) continue;
    ids += (ids.empty() ? "" : ", ") + SweepId(r.key) + " (" + r.key.Text() + ")";
    kind.push_back(std::move(r));
  }
  const std::string what = WordsOf(choice.kind).name;
  if (kind.empty()) {
    return Status::InvalidArgument(shown + " holds no " + what +
                                   (choice.id.empty() ? "" : " " + choice.id));
  }
  if (kind.size() > 1) {
    return Status::InvalidArgument(shown + " holds " + std::to_string(kind.size()) + " " + what +
                                   "s: " + ids + "; name one with --sweep ID");
  }
  return std::move(kind.front());
}

Result<SweepRecord> ReadSweepInput(const std::string& where, const SweepChoice& choice) {
  return NamesDatabase(where) ? ReadSweepFromDatabase(where, choice) : ReadSweepFile(where, choice);
}

std::string Describe(const FigureChange& c) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s %d clients %s %s %+.1f %%", c.tier.c_str(), c.clients,
                c.query_class.empty() ? "all" : c.query_class.c_str(), c.figure.c_str(),
                c.relative * 100);
  return buf;
}

Status Compare(const std::string& before_path, const std::string& after_path,
               const std::string& threshold_text, const std::string& target,
               const std::string& sweep_id, bool as_json) {
  SKYSEED_ASSIGN_OR_RETURN(const double threshold, ParsePercent(threshold_text, "--threshold"));
  if (target != "db" && target != "tap") {
    return Status::InvalidArgument("--target must be db or tap, not '" + target + "'");
  }
  if (!sweep_id.empty() && (sweep_id.size() != 8 ||
                            sweep_id.find_first_not_of("0123456789abcdef") != std::string::npos)) {
    return Status::InvalidArgument(
        "--sweep takes a sweep's 8 hex digits (as `skyseed status` "
        "lists them), not '" +
        sweep_id + "'");
  }
  const SweepChoice choice{target == "tap" ? SweepKind::kTap : SweepKind::kDatabase, sweep_id};
  SKYSEED_ASSIGN_OR_RETURN(const SweepRecord before, ReadSweepInput(before_path, choice));
  SKYSEED_ASSIGN_OR_RETURN(const SweepRecord after, ReadSweepInput(after_path, choice));
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
      "on stderr); 2: bad input (a missing or damaged sweep, or one holding figures no window "
      "can have: a negative or absurd tps, zero seconds, a negative latency; the field is "
      "named), or sweeps that cannot be compared (different corpora or mixes are named).");
  struct Args {
    std::string before, after, threshold = "10%", target = "db", sweep;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("OLD", a->before,
                  "the earlier sweep: its --out folder, its sweep.json (or tap-sweep.json), or a "
                  "database that recorded it (a libpq URI or key=value connection string)")
      ->required();
  cmd->add_option("NEW", a->after, "the later sweep, in any of the same forms")->required();
  cmd->add_option("--target", a->target,
                  "which sweep of a folder or database: db (pgbench) or tap (the TAP service)")
      ->default_val(a->target);
  cmd->add_option("--sweep", a->sweep,
                  "a database holding several sweeps of that target: the one with this id "
                  "(8 hex digits, as in its chart file names and `skyseed status`)");
  cmd->add_option("--threshold", a->threshold,
                  "smallest significant regression that fails the comparison")
      ->default_val(a->threshold);
  cmd->add_flag("--json", a->json, "print the comparison as JSON instead of a markdown table");
  cmd->footer(
      "Example (a weekly gate against last week's artifact):\n"
      "  skyseed compare last-week/ this-week/ --threshold 10% >> \"$GITHUB_STEP_SUMMARY\"\n"
      "  skyseed compare postgresql:///lastweek postgresql:///thisweek --target tap\n"
      "A database is only read; the password belongs in PGPASSWORD or ~/.pgpass, not in argv.\n"
      "Intervals need at least two valid windows a step (--reps 2 or more); with one, no "
      "change is significant.");
  cmd->callback([=] {
    *run = [=]() -> Status {
      return Compare(a->before, a->after, a->threshold, a->target, a->sweep, a->json);
    };
  });
}

}  // namespace skyseed
