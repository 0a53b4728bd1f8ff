// skyseed: parse the command line, run one command, map its Status to an
// exit code (0 ok, 1 mismatch or runtime failure, 2 bad usage).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "app/commands.h"
#include "common/status.h"
#include "console/signal_watch.h"
#include "generator/corpus_tables.h"

namespace {

// An option given as '' would read as not given (its default) in the parsers
// that test for an empty string: no option of skyseed's takes an empty value,
// so every one refuses it here, once, before any command runs.
void RefuseEmptyValues(CLI::App& app) {
  const CLI::Validator not_empty(
      [](std::string& v) {
        return v.empty() ? std::string("must not be empty (leave the option out for its default)")
                         : std::string();
      },
      "");
  for (CLI::App* cmd : app.get_subcommands([](CLI::App*) { return true; })) {
    for (CLI::Option* option : cmd->get_options()) {
      if (option->get_expected_min() > 0) option->check(not_empty);
    }
  }
}

// CLI11's "--x: At Most 1 required but received 2" as one plain line.
std::string ParseErrorLine(const CLI::ParseError& e) {
  const std::string what = e.what();
  const std::string marker = ": At Most 1 required but received ";
  const size_t at = what.find(marker);
  if (at == std::string::npos) return what;
  return what.substr(0, at) + " is given " + what.substr(at + marker.size()) +
         " times; give it once";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace skyseed;
  StartSignalWatch();  // before any thread exists: see signal_watch.h
  CLI::App app{
      "skyseed: a deterministic synthetic sky (IVOA ObsCore + a Gaia-like source "
      "catalogue) grown into PostgreSQL by binary COPY, tier by tier, and verified "
      "by its corpus hash."};
  app.set_version_flag("--version",
                       std::string("skyseed ") + SKYSEED_VERSION + " (" + kGeneratorVersion + ")");
  app.require_subcommand(1);
  app.footer(
      "Run 'skyseed <command> --help' for a command's options. Each option is given at most "
      "once, never empty: leave one out for its default.");
  CommandRun run;
  AddHashCommand(app, &run);
  AddGenerateCommand(app, &run);
  AddGrowCommand(app, &run);
  AddLoadCommand(app, &run);
  AddInitCommand(app, &run);
  AddVerifyCommand(app, &run);
  AddStatusCommand(app, &run);
  AddReportCommand(app, &run);
  AddSchemaCommand(app, &run);
  AddServerCommand(app, &run);
  AddWorkloadCommand(app, &run);
  AddSweepCommand(app, &run);
  AddTapSchemaCommand(app, &run);
  AddDachsRdCommand(app, &run);
  AddCompareCommand(app, &run);
  AddTapbenchCommand(app, &run);
  RefuseEmptyValues(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "skyseed: %s (see --help)\n", ParseErrorLine(e).c_str());
    return kExitUsage;
  }
  const Status s = run ? run() : Status::InvalidArgument("no command given");
  if (InterruptExitCode() != 0) {
    std::fprintf(stderr, "%s\n", InterruptedLine().c_str());
    return InterruptExitCode();
  }
  if (!s.ok()) std::fprintf(stderr, "skyseed: %s\n", s.message().c_str());
  return ExitCodeFor(s);
}
