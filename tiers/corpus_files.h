// `skyseed generate`: a tier written as zstd binary COPY files, one per table
// per chunk, plus manifest.json (tiers/manifest_json.h), so a CI job can load
// a corpus without generating it. manifest.json is written last: a directory
// without one holds no finished corpus.
#pragma once

#include <cstdint>
#include <string>

#include "common/narrator.h"
#include "common/status.h"
#include "tiers/chunk_plan.h"
#include "tiers/manifest_json.h"
#include "tiers/tier_spec.h"

namespace skyseed {

struct GenerateOptions {
  uint64_t seed = kDefaultSeed;
  int threads = 1;
  uint64_t chunk_rows = kFileChunkRows;
  std::string out_dir;
  Narrator* narrator = &SilentNarrator();  // for the progress meter
};

Status GenerateCorpusFiles(const TierSpec& tier, const GenerateOptions& options,
                           FilesManifest* manifest);

}  // namespace skyseed
