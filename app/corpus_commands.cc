// `skyseed hash` and `skyseed generate`: the corpus without a database.
#include <cstdio>
#include <memory>

#include "app/commands.h"
#include "app/seed_option.h"
#include "common/machine_size.h"
#include "common/user_values.h"
#include "console/console_narrator.h"
#include "generator/corpus_tables.h"
#include "loader/output_files.h"
#include "tiers/corpus_files.h"
#include "tiers/corpus_hash.h"
#include "tiers/tier_spec.h"

namespace skyseed {

void AddCorpusOptions(CLI::App* cmd, CorpusOptions* o) {
  AddSeedOption(cmd, &o->seed);
  cmd->add_option("--threads", o->threads, "generation threads (default: cores)");
  cmd->add_option("--chunk-rows", o->chunk_rows, "rows per chunk (does not change the corpus)")
      ->default_val(kFileChunkRows);
}

Result<ParsedCorpusOptions> ParseCorpusOptions(const CorpusOptions& o) {
  ParsedCorpusOptions p;
  Result<uint64_t> seed = ParseSeed(o.seed);
  if (!seed.ok()) return seed.status();
  p.seed = *seed;
  const unsigned cores = static_cast<unsigned>(ReadMachineSize().cores);
  Result<uint64_t> threads =
      o.threads.empty() ? Result<uint64_t>(cores) : ParseCount(o.threads, "--threads", 1, 256);
  if (!threads.ok()) return threads.status();
  p.threads = static_cast<int>(*threads);
  SKYSEED_ASSIGN_OR_RETURN(uint64_t chunk,
                           ParseCount(o.chunk_rows, "--chunk-rows", 1, 100'000'000));
  p.chunk_rows = chunk;
  return p;
}

void AddHashCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "hash",
      "Print each table's row count and digest for a tier, and the corpus digest, "
      "computed by the generator alone (no database).");
  auto tier = std::make_shared<std::string>();
  auto opts = std::make_shared<CorpusOptions>();
  cmd->add_option("--tier", *tier, "tier name: " + TierNames())->required();
  AddCorpusOptions(cmd, opts.get());
  cmd->footer(
      "Example: skyseed hash --tier ci --seed 1\n"
      "Output: one line per table '<table> rows=<n> digest=<hex>', then "
      "'corpus <hex>'.");
  cmd->callback([=] {
    *run = [=]() -> Status {
      SKYSEED_ASSIGN_OR_RETURN(TierSpec t, FindTier(*tier));
      SKYSEED_ASSIGN_OR_RETURN(ParsedCorpusOptions p, ParseCorpusOptions(*opts));
      const CorpusHash h = HashTier(t, {p.seed, p.threads, p.chunk_rows, &ConsoleNarrator()});
      for (const NamedTableDigest& d : h.tables) {
        std::printf("%s rows=%llu digest=%s\n", d.table.c_str(),
                    static_cast<unsigned long long>(d.digest.rows), d.digest.sum.Hex().c_str());
      }
      std::printf("corpus %s\n", h.corpus.Hex().c_str());
      return Status::Ok();
    };
  });
}

void AddGenerateCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "generate",
      "Write a tier as zstd-compressed binary COPY files (one per table per chunk) "
      "plus manifest.json, to load later without generating.");
  auto tier = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto opts = std::make_shared<CorpusOptions>();
  cmd->add_option("--tier", *tier, "tier name: " + TierNames())->required();
  cmd->add_option("--out", *out,
                  "output directory (created; must be empty or hold an "
                  "earlier skyseed corpus, which is replaced)")
      ->required();
  AddCorpusOptions(cmd, opts.get());
  cmd->footer(
      "Example: skyseed generate --tier ci --out ./corpus-ci\n"
      "Each file decompresses (zstd -d) to a stream for "
      "COPY <table> FROM STDIN (FORMAT binary).");
  cmd->callback([=] {
    *run = [=]() -> Status {
      SKYSEED_ASSIGN_OR_RETURN(TierSpec t, FindTier(*tier));
      SKYSEED_ASSIGN_OR_RETURN(ParsedCorpusOptions p, ParseCorpusOptions(*opts));
      // GenerateCorpusFiles prepares the folder too, but only here is it --out.
      const std::string dir = AbsoluteOutputPath(*out).string();
      const Status out_dir = PrepareOutputDir(dir);
      if (!out_dir.ok()) return Status::InvalidArgument("--out " + out_dir.message());
      FilesManifest m;
      SKYSEED_RETURN_IF_ERROR(
          GenerateCorpusFiles(t, {p.seed, p.threads, p.chunk_rows, dir, &ConsoleNarrator()}, &m));
      size_t files = 0;
      for (const auto& mt : m.tables) files += mt.files.size();
      std::printf("wrote %zu files and manifest.json to %s; corpus %s\n", files, out->c_str(),
                  m.corpus.Hex().c_str());
      return Status::Ok();
    };
  });
}

}  // namespace skyseed
