// What verify concludes from what it read (verify/verify.cc reads and
// scans): a damaged ledger named as such, loaded rows past the last tier,
// tier records that disagree with the generator, tier records lost. Pure
// but for hashing the generator's rows, so each is tested without a server.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "copy_format/corpus_digest.h"
#include "generator/corpus_tables.h"
#include "store/chunk_ledger.h"
#include "store/manifest_records.h"
#include "verify/verify_plan.h"

namespace skyseed {

// Rows the ledger does not account for are compared, and prefixes hashed,
// in pieces of grow's default chunk.
inline constexpr uint64_t kVerifyPieceRows = 50'000;

// One table's plan and what the generator and the database say of its
// chunks; kept for the ledger's diagnosis and the tier records' proof.
struct TableCheck {
  const TableDef* table = nullptr;
  TablePlan plan;
  std::vector<TableDigest> generator, database;
  bool Holds(size_t c) const { return database[c] == generator[c]; }
};

// The ledger judged against the tier record and the table: what it lost,
// what it misstates, and what an unfinished grow added past the tier.
void DiagnoseLedger(const TableCheck& c, const std::string& tier,
                    std::vector<std::string>* problems);

// Every tier record, table by table and its corpus digest, against what the
// generator of `seed` says of that tier's rows.
void CheckTierRecords(const std::vector<TierRecord>& tiers, const std::vector<TableCheck>& checks,
                      uint64_t seed, int jobs, std::vector<std::string>* problems);

// A ledger with chunks but no tier record: the records were lost, or a first
// grow did not finish.
std::optional<std::string> LostTierRecords(const std::vector<TierRecord>& tiers,
                                           const std::vector<LedgerEntry>& ledger);

}  // namespace skyseed
