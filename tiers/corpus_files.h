// `skyseed generate`: a tier written as zstd binary COPY files, one per table
// per chunk, plus manifest.json, so a CI job can load a corpus without
// generating it. manifest.json is written last: a directory without one holds
// no finished corpus.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_digest.h"
#include "tiers/tier_spec.h"

namespace skyseed {

struct CorpusFile {
  std::string file;  // name inside the directory
  uint64_t first_row = 0;
  uint64_t rows = 0;
  Digest128 digest;
};

struct FilesManifest {
  uint64_t seed = 0;
  std::string tier;
  std::string generator_version;
  struct Table {
    std::string table;
    TableDigest digest;
    std::vector<CorpusFile> files;
  };
  std::vector<Table> tables;
  Digest128 corpus;
};

struct GenerateOptions {
  uint64_t seed = 1;
  int threads = 1;
  uint64_t chunk_rows = 100'000;
  std::string out_dir;
};

Status GenerateCorpusFiles(const TierSpec& tier, const GenerateOptions& options,
                           FilesManifest* manifest);

std::string ManifestToJson(const FilesManifest& m);
// Corruption with the reason for a truncated, malformed or inconsistent file.
Result<FilesManifest> ManifestFromJson(const std::string& text);

}  // namespace skyseed
