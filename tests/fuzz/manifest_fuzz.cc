// ManifestFromJson (manifest.json of `skyseed generate`): any bytes are
// either Corruption or a manifest that survives ManifestToJson and a second
// read unchanged, since CI jobs copy manifests around and read them back.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "tests/fuzz/fuzz_check.h"
#include "tiers/manifest_json.h"

namespace skyseed {
namespace {

bool SameFile(const CorpusFile& a, const CorpusFile& b) {
  return a.file == b.file && a.first_row == b.first_row && a.rows == b.rows && a.digest == b.digest;
}

bool SameTable(const FilesManifest::Table& a, const FilesManifest::Table& b) {
  if (a.table != b.table || !(a.digest == b.digest) || a.files.size() != b.files.size()) {
    return false;
  }
  for (size_t i = 0; i < a.files.size(); ++i) {
    if (!SameFile(a.files[i], b.files[i])) return false;
  }
  return true;
}

bool SameManifest(const FilesManifest& a, const FilesManifest& b) {
  if (a.seed != b.seed || a.tier != b.tier || a.generator_version != b.generator_version ||
      a.corpus != b.corpus || a.tables.size() != b.tables.size()) {
    return false;
  }
  for (size_t i = 0; i < a.tables.size(); ++i) {
    if (!SameTable(a.tables[i], b.tables[i])) return false;
  }
  return true;
}

}  // namespace
}  // namespace skyseed

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using skyseed::Status;
  const std::string text(reinterpret_cast<const char*>(data), size);
  skyseed::Result<skyseed::FilesManifest> first = skyseed::ManifestFromJson(text);
  if (!first.ok()) {
    SKYSEED_FUZZ_CHECK(first.status().code() == Status::Code::kCorruption);
    return 0;
  }
  const std::string again = skyseed::ManifestToJson(*first);
  skyseed::Result<skyseed::FilesManifest> second = skyseed::ManifestFromJson(again);
  if (!second.ok()) std::fprintf(stderr, "re-read failed: %s\n", second.status().message().c_str());
  SKYSEED_FUZZ_CHECK(second.ok());
  SKYSEED_FUZZ_CHECK(skyseed::SameManifest(*first, *second));
  SKYSEED_FUZZ_CHECK(skyseed::ManifestToJson(*second) == again);
  return 0;
}
