#include "grow/corpus_load.h"

#include <filesystem>

#include "common/file_reads.h"
#include "copy_format/copy_decoder.h"
#include "generator/corpus_tables.h"
#include "loader/copy_file.h"

namespace skyseed {
namespace fs = std::filesystem;
namespace {

// The files of one table must cover [0, rows) exactly, in order. (That
// their digests add up, to the table's and the corpus's, ManifestFromJson
// has checked.)
Status CheckTiling(const FilesManifest::Table& t, uint64_t rows) {
  uint64_t next = 0;
  for (const CorpusFile& f : t.files) {
    if (f.first_row != next || f.rows == 0) {
      return Status::InvalidArgument(
          "manifest.json: the files of " + t.table +
          " do not cover its rows in order (a gap or an overlap at row " + std::to_string(next) +
          ")");
    }
    next += f.rows;
  }
  if (next != rows) {
    return Status::InvalidArgument("manifest.json: " + t.table + " has " + std::to_string(next) +
                                   " rows in its files; tier needs " + std::to_string(rows));
  }
  return Status::Ok();
}

}  // namespace

Result<CorpusFileSet> CorpusFileSet::Open(const std::string& dir) {
  const fs::path path = fs::path(dir) / "manifest.json";
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    return Status::InvalidArgument(dir +
                                   " holds no manifest.json (not the output of a finished "
                                   "skyseed generate)");
  }
  SKYSEED_ASSIGN_OR_RETURN(const std::string text, ReadWholeFile(path));
  // A manifest.json that cannot be used is an input error, like a missing
  // one (exit 2), and nothing is touched yet; a damaged COPY file is a
  // failure of the corpus found on the way (Corruption, exit 1).
  Result<FilesManifest> parsed = ManifestFromJson(text);
  if (!parsed.ok()) return Status::InvalidArgument(parsed.status().message());
  FilesManifest m = std::move(*parsed);
  if (m.generator_version != kGeneratorVersion) {
    return Status::InvalidArgument(dir + " was written by generator " + m.generator_version +
                                   "; this skyseed is " + kGeneratorVersion +
                                   " and cannot check its rows");
  }
  Result<std::vector<TierSpec>> tier = ParseTierList(m.tier);
  if (!tier.ok() || tier->size() != 1) {
    return Status::InvalidArgument("manifest.json: unknown tier '" + m.tier + "'");
  }
  CorpusFileSet set;
  set.dir_ = dir;
  set.manifest_ = std::move(m);
  set.tier_ = (*tier)[0];
  for (const TableDef& t : CorpusTables()) {
    const FilesManifest::Table* mt = nullptr;
    for (const FilesManifest::Table& cand : set.manifest_.tables) {
      if (cand.table == t.standard_name()) mt = &cand;
    }
    if (mt == nullptr)
      return Status::InvalidArgument("manifest.json: no files for " + t.standard_name());
    SKYSEED_RETURN_IF_ERROR(CheckTiling(*mt, set.tier_.RowsOf(t)));
    for (const CorpusFile& f : mt->files) set.by_start_[{mt->table, f.first_row}] = f;
  }
  if (set.manifest_.tables.size() != CorpusTables().size()) {
    return Status::InvalidArgument("manifest.json: tables that are not in the corpus");
  }
  std::string stream;
  std::string_view tuples;
  ByteBuffer scratch;
  for (const Chunk& c : set.Chunks()) {
    if (c.range.first == 0) SKYSEED_RETURN_IF_ERROR(set.ReadChecked(c, &stream, &tuples, &scratch));
  }
  return set;
}

const CorpusFile* CorpusFileSet::FileFor(const Chunk& chunk) const {
  auto it = by_start_.find({chunk.table->standard_name(), chunk.range.first});
  if (it == by_start_.end() || it->second.rows != chunk.range.count) return nullptr;
  return &it->second;
}

std::vector<Chunk> CorpusFileSet::Chunks() const {
  std::vector<Chunk> out;
  for (const TableDef& t : CorpusTables()) {
    for (const FilesManifest::Table& mt : manifest_.tables) {
      if (mt.table != t.standard_name()) continue;
      for (const CorpusFile& f : mt.files) out.push_back({&t, {f.first_row, f.rows}});
    }
  }
  return out;
}

Status CorpusFileSet::ReadChecked(const Chunk& chunk, std::string* stream, std::string_view* tuples,
                                  ByteBuffer* scratch) const {
  const CorpusFile* f = FileFor(chunk);
  if (f == nullptr)
    return Status::Corruption("no file holds " + chunk.table->standard_name() + " rows " +
                              std::to_string(chunk.range.first));
  const std::string path = (fs::path(dir_) / f->file).string();
  Status read = ReadCopyFile(path, stream);
  if (read.code() == Status::Code::kNotFound) return Status::Corruption(path + " is missing");
  SKYSEED_RETURN_IF_ERROR(read);
  TableDigest in_file;
  const char* first = nullptr;
  const Status framing =
      ForEachTuple(*stream, static_cast<int>(chunk.table->columns.size()), [&](std::string_view t) {
        if (first == nullptr) first = t.data();
        in_file.AddRow(t.data(), t.size());
      });
  if (!framing.ok())
    return Status::Corruption(path + " is damaged or truncated: " + framing.message());
  if (in_file.rows != f->rows || in_file.sum != f->digest) {
    return Status::Corruption(path +
                              " is damaged: its rows do not match the digest in manifest.json");
  }
  scratch->clear();
  TableDigest generated;
  chunk.table->encode(manifest_.seed, chunk.range, scratch, &generated);
  if (!(generated == in_file)) {
    return Status::Corruption(path + " does not hold the rows of seed " +
                              std::to_string(manifest_.seed) +
                              " (another corpus, or a hand-edited manifest.json)");
  }
  // From the first tuple up to the 2-byte trailer ForEachTuple found last.
  const char* end = stream->data() + stream->size() - 2;
  *tuples = first ? std::string_view(first, end - first) : std::string_view();
  return Status::Ok();
}

}  // namespace skyseed
