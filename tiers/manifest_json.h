// manifest.json of `skyseed generate` (tiers/corpus_files.h): the seed, tier
// and generator of a directory of COPY files, every file's rows and digest,
// each table's sums and the corpus digest. Read back by `skyseed load`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "copy_format/corpus_digest.h"

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

std::string ManifestToJson(const FilesManifest& m);
// Corruption with the reason for a truncated, malformed or inconsistent file:
// each file's digests must add up to its table's, and those to the corpus's.
Result<FilesManifest> ManifestFromJson(const std::string& text);

}  // namespace skyseed
