// `skyseed load`: a corpus written by `skyseed generate` goes into a
// database through the same chunk ledger as `grow`, so a loaded database is
// indistinguishable from a grown one and a killed load resumes. Every file is
// read whole and checked before its COPY starts: its framing, its digest
// against manifest.json, and its rows against what this generator makes for
// the manifest's seed. A damaged, truncated or foreign file is never sent.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "common/status.h"
#include "copy_format/byte_buffer.h"
#include "tiers/chunk_plan.h"
#include "tiers/manifest_json.h"
#include "tiers/tier_spec.h"

namespace skyseed {

class CorpusFileSet {
 public:
  // Reads DIR/manifest.json (ManifestFromJson checks its digests add up)
  // and checks it describes a whole tier of this generator: every table's
  // files tile rows 0..N of the tier's count with nothing missing or
  // doubled, and each table's first file holds the generator's rows for the seed, so a
  // manifest of another seed is refused before any database is touched.
  // InvalidArgument for a missing or unusable manifest.json, Corruption for
  // a damaged first file.
  static Result<CorpusFileSet> Open(const std::string& dir);

  const FilesManifest& manifest() const { return manifest_; }
  const TierSpec& tier() const { return tier_; }
  // The file holding exactly `chunk`, or nullptr.
  const CorpusFile* FileFor(const Chunk& chunk) const;
  // Every file's chunk, in manifest order.
  std::vector<Chunk> Chunks() const;
  // The tuples of `chunk`'s file (no header or trailer) in *tuples, after
  // every check above; Corruption naming the file otherwise. `scratch`
  // receives the generator's encoding of the same rows.
  Status ReadChecked(const Chunk& chunk, std::string* stream, std::string_view* tuples,
                     ByteBuffer* scratch) const;

 private:
  std::string dir_;
  FilesManifest manifest_;
  TierSpec tier_;
  std::map<std::pair<std::string, uint64_t>, CorpusFile> by_start_;  // (table, first row)
};

}  // namespace skyseed
