// The skyseed subcommands. Each Add*Command registers its options on the
// CLI11 app and sets *run to the function that executes it once parsed.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

#include "app/seed_option.h"
#include "common/status.h"
#include "tiers/chunk_plan.h"

namespace skyseed {

using CommandRun = std::function<Status()>;

void AddHashCommand(CLI::App& app, CommandRun* run);
void AddGenerateCommand(CLI::App& app, CommandRun* run);
void AddGrowCommand(CLI::App& app, CommandRun* run);
void AddLoadCommand(CLI::App& app, CommandRun* run);
void AddInitCommand(CLI::App& app, CommandRun* run);
void AddVerifyCommand(CLI::App& app, CommandRun* run);
void AddStatusCommand(CLI::App& app, CommandRun* run);
void AddReportCommand(CLI::App& app, CommandRun* run);
void AddSchemaCommand(CLI::App& app, CommandRun* run);
void AddServerCommand(CLI::App& app, CommandRun* run);
void AddWorkloadCommand(CLI::App& app, CommandRun* run);
void AddSweepCommand(CLI::App& app, CommandRun* run);
void AddTapSchemaCommand(CLI::App& app, CommandRun* run);
void AddDachsRdCommand(CLI::App& app, CommandRun* run);
void AddCompareCommand(CLI::App& app, CommandRun* run);
void AddTapbenchCommand(CLI::App& app, CommandRun* run);

// Shared option values: parsed strings, validated by the tiers/ parsers.
struct CorpusOptions {
  std::string seed = kDefaultSeedText;
  std::string threads;  // default: hardware concurrency
  std::string chunk_rows = std::to_string(kFileChunkRows);
};
void AddCorpusOptions(CLI::App* cmd, CorpusOptions* o);
struct ParsedCorpusOptions {
  uint64_t seed;
  int threads;
  uint64_t chunk_rows;
};
Result<ParsedCorpusOptions> ParseCorpusOptions(const CorpusOptions& o);

}  // namespace skyseed
