// The records of skyseed's bookkeeping schema as the store reads and writes
// them (store/manifest_store.h): plain values, no connection, so code that
// only looks at what was read (index strategy, verify plan, reports) needs
// neither libpq nor the store.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "copy_format/corpus_digest.h"
#include "timing/phase_times.h"

namespace skyseed {

// skyseed.corpus: what made the corpus.
struct CorpusIdentity {
  uint64_t seed = 0;
  std::string generator_version;
};

// skyseed.index_stash: an index set aside, to build again.
struct StashEntry {
  std::string index_name;
  std::string table;
  std::string definition;
};

// A view skyseed presents under a standard name (skyseed.standard_view).
struct StandardViewRecord {
  std::string view_name;        // "ivoa.obscore"
  std::string table_name;       // "skyseed_corpus.obscore"
  bool schema_created = false;  // skyseed created its schema ("ivoa") with it
};

struct StandardViewRecords {
  bool kept = false;  // false: a corpus older than skyseed.standard_view
  std::vector<StandardViewRecord> views;
};

// The chunk grid every shard of one growth must share (skyseed.shard_plan).
struct ShardPlan {
  std::string tier;
  uint64_t chunk_rows = 0;
  int shards = 1;
};

// skyseed.tier_table: one table as a tier left it.
struct TierTableRecord {
  std::string table;
  TableDigest digest;
  int64_t table_size = 0, indexes_size = 0;
  double index_table_ratio = 0;
};

// skyseed.tier: a tier reached, with its tables.
struct TierRecord {
  std::string tier;
  std::string reached_at;
  double seconds = 0;
  Digest128 corpus;
  int64_t database_size = 0;
  std::string pg_version;
  // Stored as JSON (PhaseTimesToJson) and parsed once, where the store reads
  // the record. phases_recorded is false when the stored text was not a
  // JSON object: the report then says the tier recorded no phases, and
  // status refuses the record.
  PhaseTimes phases;
  bool phases_recorded = true;
  std::vector<TierTableRecord> tables;
};

bool HasTier(const std::vector<TierRecord>& records, const std::string& tier);

}  // namespace skyseed
