#include "tiers/corpus_hash.h"

#include <memory>

#include "tiers/parallel_chunks.h"

namespace skyseed {

TableDigest HashRange(const TableDef& table, uint64_t seed, RowRange range, ByteBuffer* scratch) {
  TableDigest d;
  scratch->clear();
  table.encode(seed, range, scratch, &d);
  return d;
}

std::vector<TableDigest> HashRanges(const TableDef& table, uint64_t seed,
                                    const std::vector<RowRange>& ranges, int threads) {
  std::vector<TableDigest> out(ranges.size());
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < threads; ++w) buffers.push_back(std::make_unique<ByteBuffer>());
  // Hashing is pure and every task returns Ok, so the run cannot fail.
  static_cast<void>(RunParallel(ranges.size(), threads, [&](size_t i, int w) {
    out[i] = HashRange(table, seed, ranges[i], buffers[w].get());
    return Status::Ok();
  }));
  return out;
}

CorpusHash HashTier(const TierSpec& tier, const HashOptions& options) {
  const std::vector<Chunk> chunks = TierChunks(tier, options.chunk_rows);
  uint64_t total = 0;
  for (const Chunk& c : chunks) total += c.range.count;
  // One digest per (worker, table); summed at the end, so order is irrelevant.
  const size_t n_tables = CorpusTables().size();
  std::vector<TableDigest> partial(options.threads * n_tables);
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < options.threads; ++w) buffers.push_back(std::make_unique<ByteBuffer>());
  const std::unique_ptr<ProgressMeter> progress = options.narrator->Progress("hash", total);

  // Hashing is pure and every task returns Ok, so the run cannot fail.
  static_cast<void>(RunChunks(chunks, options.threads, [&](const Chunk& c, int w) {
    const size_t table_index = c.table - CorpusTables().data();
    partial[w * n_tables + table_index].Merge(
        HashRange(*c.table, options.seed, c.range, buffers[w].get()));
    progress->Add(c.range.count, buffers[w]->size());
    return Status::Ok();
  }));

  CorpusHash out;
  for (size_t t = 0; t < n_tables; ++t) {
    NamedTableDigest named{CorpusTables()[t].standard_name(), {}};
    for (int w = 0; w < options.threads; ++w) named.digest.Merge(partial[w * n_tables + t]);
    out.tables.push_back(named);
  }
  out.corpus = CorpusDigest(out.tables);
  return out;
}

}  // namespace skyseed
