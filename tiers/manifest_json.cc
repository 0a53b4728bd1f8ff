#include "tiers/manifest_json.h"

#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>

namespace skyseed {

using nlohmann::json;

std::string ManifestToJson(const FilesManifest& m) {
  json tables = json::array();
  for (const FilesManifest::Table& t : m.tables) {
    json files = json::array();
    for (const CorpusFile& f : t.files) {
      files.push_back({{"file", f.file},
                       {"first_row", f.first_row},
                       {"rows", f.rows},
                       {"digest", f.digest.Hex()}});
    }
    tables.push_back({{"table", t.table},
                      {"rows", t.digest.rows},
                      {"digest", t.digest.sum.Hex()},
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

Status Corrupt(const std::string& reason) { return Status::Corruption("manifest.json: " + reason); }

// The field readers catch nlohmann's exceptions where they are thrown (no
// such key, not an object, not a string) and keep its message as the reason.
Status Member(const json& j, const char* key, const json** out) {
  try {
    *out = &j.at(key);
  } catch (const std::exception& e) {
    return Corrupt(e.what());
  }
  return Status::Ok();
}

Status StringField(const json& j, const char* key, std::string* out) {
  try {
    *out = j.at(key).get<std::string>();
  } catch (const std::exception& e) {
    return Corrupt(e.what());
  }
  return Status::Ok();
}

Status HexField(const json& j, const char* key, Digest128* out) {
  std::string hex;
  SKYSEED_RETURN_IF_ERROR(StringField(j, key, &hex));
  if (!Digest128::FromHex(hex, out)) {
    return Corrupt(std::string("field '") + key + "' is not a 32-digit hex digest");
  }
  return Status::Ok();
}

// get<uint64_t>() converts any JSON number: -1 would read as 2^64 - 1, 1.5
// as 1, and 1e20 is undefined behaviour (a float-to-integer overflow).
Status CountField(const json& j, const char* key, uint64_t* out) {
  const json* v = nullptr;
  SKYSEED_RETURN_IF_ERROR(Member(j, key, &v));
  if (!v->is_number_unsigned()) {
    return Corrupt(std::string("field '") + key + "' is not a non-negative integer");
  }
  *out = v->get<uint64_t>();
  return Status::Ok();
}

// The file names, and that the files add up to their table.
Status ReadTable(const json& t, FilesManifest::Table* mt) {
  SKYSEED_RETURN_IF_ERROR(StringField(t, "table", &mt->table));
  SKYSEED_RETURN_IF_ERROR(CountField(t, "rows", &mt->digest.rows));
  SKYSEED_RETURN_IF_ERROR(HexField(t, "digest", &mt->digest.sum));
  const json* files = nullptr;
  SKYSEED_RETURN_IF_ERROR(Member(t, "files", &files));
  TableDigest from_files;
  for (const json& f : *files) {
    CorpusFile cf;
    SKYSEED_RETURN_IF_ERROR(StringField(f, "file", &cf.file));
    SKYSEED_RETURN_IF_ERROR(CountField(f, "first_row", &cf.first_row));
    SKYSEED_RETURN_IF_ERROR(CountField(f, "rows", &cf.rows));
    SKYSEED_RETURN_IF_ERROR(HexField(f, "digest", &cf.digest));
    if (cf.file.find('/') != std::string::npos) return Corrupt("file name with a path: " + cf.file);
    from_files.rows += cf.rows;
    from_files.sum.Add(cf.digest);
    mt->files.push_back(cf);
  }
  if (!(from_files == mt->digest)) {
    return Corrupt("files of " + mt->table + " do not add up to its rows and digest");
  }
  return Status::Ok();
}

Status ReadHead(const json& doc, FilesManifest* m) {
  std::string format;
  SKYSEED_RETURN_IF_ERROR(StringField(doc, "format", &format));
  if (format != "skyseed-corpus-files-1") return Corrupt("unknown format");
  SKYSEED_RETURN_IF_ERROR(StringField(doc, "generator_version", &m->generator_version));
  SKYSEED_RETURN_IF_ERROR(CountField(doc, "seed", &m->seed));
  // Seeds are stored in a bigint, as ParseSeed enforces for --seed.
  if (m->seed > static_cast<uint64_t>(INT64_MAX)) return Corrupt("seed above 2^63 - 1");
  SKYSEED_RETURN_IF_ERROR(StringField(doc, "tier", &m->tier));
  return HexField(doc, "corpus_digest", &m->corpus);
}

}  // namespace

Result<FilesManifest> ManifestFromJson(const std::string& text) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const std::exception& e) {
    return Corrupt(e.what());
  }
  FilesManifest m;
  SKYSEED_RETURN_IF_ERROR(ReadHead(doc, &m));
  const json* tables = nullptr;
  SKYSEED_RETURN_IF_ERROR(Member(doc, "tables", &tables));
  std::vector<NamedTableDigest> named;
  for (const json& t : *tables) {
    FilesManifest::Table mt;
    SKYSEED_RETURN_IF_ERROR(ReadTable(t, &mt));
    named.push_back({mt.table, mt.digest});
    m.tables.push_back(std::move(mt));
  }
  if (CorpusDigest(named) != m.corpus) return Corrupt("corpus_digest does not match its tables");
  return m;
}

}  // namespace skyseed
