// manifest.json of `skyseed generate` (see corpus_files.h), via nlohmann::json.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "generator/corpus_tables.h"
#include "tiers/corpus_files.h"

namespace skyseed {

using nlohmann::json;

std::string ManifestToJson(const FilesManifest& m) {
  json tables = json::array();
  for (const FilesManifest::Table& t : m.tables) {
    json files = json::array();
    for (const CorpusFile& f : t.files) {
      files.push_back({{"file", f.file}, {"first_row", f.first_row}, {"rows", f.rows},
                       {"digest", f.digest.Hex()}});
    }
    tables.push_back({{"table", t.table}, {"rows", t.digest.rows}, {"digest", t.digest.sum.Hex()},
                      {"files", files}});
  }
  json doc = {{"format", "skyseed-corpus-files-1"},
              {"generator_version", m.generator_version},
              {"seed", m.seed},
              {"tier", m.tier},
              {"tables", tables},
              {"corpus_digest", m.corpus.Hex()}};
  return doc.dump(2) + "\n";
}

namespace {

Digest128 HexField(const json& j, const char* key) {
  Digest128 d;
  if (!Digest128::FromHex(j.at(key).get<std::string>(), &d)) {
    throw std::invalid_argument(std::string("field '") + key + "' is not a 32-digit hex digest");
  }
  return d;
}

// get<uint64_t>() converts any JSON number: -1 would read as 2^64 - 1, 1.5
// as 1, and 1e20 is undefined behaviour (a float-to-integer overflow).
uint64_t CountField(const json& j, const char* key) {
  const json& v = j.at(key);
  if (!v.is_number_unsigned()) {
    throw std::invalid_argument(std::string("field '") + key + "' is not a non-negative integer");
  }
  return v.get<uint64_t>();
}

}  // namespace

Result<FilesManifest> ManifestFromJson(const std::string& text) {
  FilesManifest m;
  try {
    const json doc = json::parse(text);
    if (doc.at("format").get<std::string>() != "skyseed-corpus-files-1") {
      return Status::Corruption("manifest.json: unknown format");
    }
    m.generator_version = doc.at("generator_version").get<std::string>();
    m.seed = CountField(doc, "seed");
    // Seeds are stored in a bigint, as ParseSeed enforces for --seed.
    if (m.seed > static_cast<uint64_t>(INT64_MAX)) throw std::invalid_argument("seed above 2^63 - 1");
    m.tier = doc.at("tier").get<std::string>();
    m.corpus = HexField(doc, "corpus_digest");
    std::vector<NamedTableDigest> named;
    for (const json& t : doc.at("tables")) {
      FilesManifest::Table mt;
      mt.table = t.at("table").get<std::string>();
      mt.digest.rows = CountField(t, "rows");
      mt.digest.sum = HexField(t, "digest");
      TableDigest from_files;
      for (const json& f : t.at("files")) {
        CorpusFile cf{f.at("file").get<std::string>(), CountField(f, "first_row"),
                      CountField(f, "rows"), HexField(f, "digest")};
        if (cf.file.find('/') != std::string::npos) {
          return Status::Corruption("manifest.json: file name with a path: " + cf.file);
        }
        from_files.rows += cf.rows;
        from_files.sum.Add(cf.digest);
        mt.files.push_back(cf);
      }
      if (!(from_files == mt.digest)) {
        return Status::Corruption("manifest.json: files of " + mt.table +
                                  " do not add up to its rows and digest");
      }
      named.push_back({mt.table, mt.digest});
      m.tables.push_back(std::move(mt));
    }
    if (CorpusDigest(named) != m.corpus) {
      return Status::Corruption("manifest.json: corpus_digest does not match its tables");
    }
  } catch (const std::exception& e) {
    return Status::Corruption(std::string("manifest.json: ") + e.what());
  }
  return m;
}

}  // namespace skyseed
