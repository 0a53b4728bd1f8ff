// manifest.json: a round trip, and damage (every truncation, flipped bytes,
// hand edits) is always a clean error, never a crash or a wrong manifest.
#include "tiers/manifest_json.h"

#include <gtest/gtest.h>

#include <cstring>

namespace skyseed {
namespace {

FilesManifest Sample() {
  FilesManifest m;
  m.seed = 42;
  m.tier = "ci";
  m.generator_version = "skyseed-gen-1";
  FilesManifest::Table t{"ivoa.obscore", {}, {}};
  for (int i = 0; i < 2; ++i) {
    CorpusFile f{"ivoa.obscore." + std::to_string(i),
                 static_cast<uint64_t>(i * 5),
                 5,
                 {static_cast<uint64_t>(i + 1), static_cast<uint64_t>(7 * i + 3)}};
    t.digest.rows += f.rows;
    t.digest.sum.Add(f.digest);
    t.files.push_back(f);
  }
  m.tables.push_back(t);
  m.corpus = CorpusDigest({{t.table, t.digest}});
  return m;
}

bool Equal(const FilesManifest& a, const FilesManifest& b) {
  return ManifestToJson(a) == ManifestToJson(b);
}

TEST(ManifestJson, RoundTrip) {
  const FilesManifest m = Sample();
  Result<FilesManifest> back = ManifestFromJson(ManifestToJson(m));
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_TRUE(Equal(*back, m));
}

TEST(ManifestJson, EveryTruncationIsAnError) {
  const std::string text = ManifestToJson(Sample());
  const size_t last_brace = text.rfind('}');
  for (size_t len = 0; len <= last_brace; ++len) {
    EXPECT_FALSE(ManifestFromJson(text.substr(0, len)).ok()) << len;
  }
}

TEST(ManifestJson, FlippedBytesAreRejectedOrHarmless) {
  const FilesManifest m = Sample();
  const std::string text = ManifestToJson(m);
  for (size_t i = 0; i < text.size(); ++i) {
    std::string damaged = text;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x01);
    Result<FilesManifest> r = ManifestFromJson(damaged);
    // Tier name, seed, version and file names are not checksummed; the
    // loader checks those against the database and the files themselves.
    if (r.ok()) {
      EXPECT_EQ(r->corpus, m.corpus) << i;
      EXPECT_EQ(r->tables[0].digest.rows, 10u) << i;
    }
  }
}

TEST(ManifestJson, InconsistentDigestsAreCorruption) {
  FilesManifest m = Sample();
  m.tables[0].files[0].digest.lo ^= 1;
  Result<FilesManifest> r = ManifestFromJson(ManifestToJson(m));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), Status::Code::kCorruption);
}

// nlohmann's get<uint64_t>() took any number: 1e20 was undefined behaviour
// (found by tests/fuzz/manifest_fuzz), -1 read as 2^64 - 1, 1.5 as 1.
TEST(ManifestJson, CountsMustBeNonNegativeIntegers) {
  const std::string text = ManifestToJson(Sample());
  for (const char* key : {"\"seed\": ", "\"rows\": ", "\"first_row\": "}) {
    const size_t at = text.find(key);
    ASSERT_NE(at, std::string::npos) << key;
    const size_t value = at + std::strlen(key);
    const size_t value_end = text.find_first_of(",\n", value);
    for (const char* bad : {"1e20", "-1", "1.5", "-1.5", "\"5\"", "null"}) {
      const std::string damaged = text.substr(0, value) + bad + text.substr(value_end);
      Result<FilesManifest> r = ManifestFromJson(damaged);
      ASSERT_FALSE(r.ok()) << key << bad;
      EXPECT_EQ(r.status().code(), Status::Code::kCorruption) << key << bad;
    }
  }
}

TEST(ManifestJson, SeedAboveBigintIsRefused) {
  const std::string text = ManifestToJson(Sample());
  const std::string key = "\"seed\": ";
  const size_t value = text.find(key) + key.size();
  const size_t value_end = text.find_first_of(",\n", value);
  const std::string big = text.substr(0, value) + "9223372036854775808" + text.substr(value_end);
  EXPECT_EQ(ManifestFromJson(big).status().code(), Status::Code::kCorruption);
  const std::string max = text.substr(0, value) + "9223372036854775807" + text.substr(value_end);
  EXPECT_TRUE(ManifestFromJson(max).ok());
}

}  // namespace
}  // namespace skyseed
