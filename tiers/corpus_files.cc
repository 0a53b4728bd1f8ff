#include "tiers/corpus_files.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>

#include "generator/corpus_tables.h"
#include "loader/copy_file.h"
#include "loader/output_files.h"
#include "tiers/parallel_chunks.h"

namespace skyseed {
namespace fs = std::filesystem;
namespace {

std::string ChunkFileName(const TableDef& t, RowRange r) {
  char buf[128];
  std::snprintf(buf, sizeof(buf), "%s.%s.%012llu-%012llu.pgcopy.zst", t.schema, t.name,
                static_cast<unsigned long long>(r.first), static_cast<unsigned long long>(r.end()));
  return buf;
}

// Creates the directory, proves it is writable, and clears an earlier
// skyseed output; refuses a non-empty directory that holds anything else.
Status PrepareOutDir(const std::string& dir) {
  SKYSEED_RETURN_IF_ERROR(PrepareOutputDir(dir));
  std::error_code ec;
  const fs::path manifest = fs::path(dir) / "manifest.json";
  bool empty = fs::is_empty(dir, ec);
  if (!empty && !fs::exists(manifest)) {
    return Status::InvalidArgument("--out " + dir +
                                   " is not empty and holds no skyseed corpus; choose another");
  }
  if (!empty) {
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (name == "manifest.json" || name.ends_with(".pgcopy.zst") || name.ends_with(".partial")) {
        fs::remove(entry.path(), ec);
      }
    }
  }
  return Status::Ok();
}

}  // namespace

Status GenerateCorpusFiles(const TierSpec& tier, const GenerateOptions& options,
                           FilesManifest* manifest) {
  SKYSEED_RETURN_IF_ERROR(PrepareOutDir(options.out_dir));
  manifest->seed = options.seed;
  manifest->tier = tier.name;
  manifest->generator_version = kGeneratorVersion;
  manifest->tables.clear();

  for (const TableDef& t : CorpusTables()) manifest->tables.push_back({t.standard_name(), {}, {}});
  const std::vector<Chunk> chunks = TierChunks(tier, options.chunk_rows);
  uint64_t total = 0;
  for (const Chunk& c : chunks) {
    total += c.range.count;
    manifest->tables[c.table - CorpusTables().data()].files.push_back(
        {ChunkFileName(*c.table, c.range), c.range.first, c.range.count, {}});
  }
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < options.threads; ++w) buffers.push_back(std::make_unique<ByteBuffer>());
  const std::unique_ptr<ProgressMeter> progress = options.narrator->Progress("generate", total);
  std::mutex mu;
  Status s = RunChunks(chunks, options.threads, [&](const Chunk& c, int w) {
    ByteBuffer& buf = *buffers[w];
    buf.clear();
    TableDigest d;
    c.table->encode(options.seed, c.range, &buf, &d);
    const std::string name = ChunkFileName(*c.table, c.range);
    SKYSEED_RETURN_IF_ERROR(WriteCopyFile((fs::path(options.out_dir) / name).string(), buf));
    progress->Add(c.range.count, buf.size());
    std::lock_guard<std::mutex> lock(mu);
    for (FilesManifest::Table& mt : manifest->tables) {
      if (mt.table != c.table->standard_name()) continue;
      mt.digest.Merge(d);
      for (CorpusFile& f : mt.files) {
        if (f.first_row == c.range.first) f.digest = d.sum;
      }
    }
    return Status::Ok();
  });
  SKYSEED_RETURN_IF_ERROR(s);
  std::vector<NamedTableDigest> named;
  for (const FilesManifest::Table& mt : manifest->tables) named.push_back({mt.table, mt.digest});
  manifest->corpus = CorpusDigest(named);
  return WriteFileAtomically(fs::path(options.out_dir) / "manifest.json",
                             ManifestToJson(*manifest));
}

}  // namespace skyseed
