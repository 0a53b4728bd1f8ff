// Before a growth builds on a database's tier records: each must still be
// what skyseed wrote. A record's table digests are the sums of the ledger
// chunks that tile its rows, its corpus digest is CorpusDigest of them, and
// a named tier holds that tier's rows. An edited record, or an edited
// ledger digest below a record, would otherwise be carried into the next
// tier's record (its digest is the ledger's sum), and verify would fail from
// then on with no command to restore it: refused instead, before anything
// is touched. Pure: the caller reads the records and the ledger.
#pragma once

#include <vector>

#include "common/status.h"
#include "store/chunk_ledger.h"
#include "store/manifest_records.h"

namespace skyseed {

// Ok, or Corruption naming the tier, the table and what disagrees.
Status AuditTierRecords(const std::vector<TierRecord>& tiers,
                        const std::vector<LedgerEntry>& ledger);

// Every table's rows of the largest record (0 for a table no record names):
// the ledger chunks past them are a killed run's, not yet vouched for by
// any record.
std::vector<NamedTableDigest> RecordedRows(const std::vector<TierRecord>& tiers);

// The ledger rule for which tier the tables hold: exactly a tier when the
// chunk ledger (what the tables hold, committed with their rows) sums, table
// by table, to that tier's recorded digests. Tables grow by prefix, so after
// a larger tier, or chunks of a grow cut short, a smaller tier is no longer
// held. The sweep measures a tier only when it is held; `status` reports it.
bool LedgerHoldsTier(const TierRecord& tier, const std::vector<LedgerEntry>& ledger);

// The recorded tier the tables hold by that rule (the latest reached, should
// two records name the same rows), or nullptr: none recorded, or rows past
// the last record.
const TierRecord* HeldTier(const std::vector<TierRecord>& tiers,
                           const std::vector<LedgerEntry>& ledger);

}  // namespace skyseed
