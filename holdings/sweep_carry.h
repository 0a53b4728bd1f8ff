// The sweep carry: what `skyseed sweep --export FILE` writes and
// `--import FILE` reads, so that measured windows, tier findings and sweep
// set-ups (skyseed.sweep_*, sweep_record/sweep_rows.h) travel from one
// database to another — a scaling run longer than a machine's life
// (scripts/scaling-run.sh). One JSON document:
//   {"kind": "skyseed sweep carry", "version": 1, "exported_at": "...Z",
//    "held_tier": "D4" | null,           the exporting tables' tier (HeldTier)
//    "tiers": [{"tier", "corpus_digest"}], what the rows were measured on,
//                                          in the order first measured
//    "tables": {"sweep_window": [...], "sweep_tier": [...], "sweep_setup": [...]}}
// Windows were measured on a corpus: an import needs every carried tier
// recorded in the importing database with the same corpus digest (the
// corpus is deterministic, so growing the same tiers with the same seed and
// generator records it), and it adds rows, never replacing one.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep_record/sweep_rows.h"

namespace skyseed {

inline constexpr const char* kSweepCarryKind = "skyseed sweep carry";
inline constexpr int kSweepCarryVersion = 1;

// The document of this database's sweep rows (reads only; a database with no
// corpus or no sweep gives null or empty lists).
Result<nlohmann::json> ExportSweepCarry(PgConnection& conn);

// The document as the file holds it: its fields one per line, and each row
// on a line of its own (so a carry saved again differs from the last by
// the rows that changed).
std::string SweepCarryText(const nlohmann::json& carry);

// The document in `text` (from the file `shown`), checked whole before
// anything is touched: InvalidArgument, one line, for anything but JSON of
// this kind and version with well-formed rows, and for rows whose tier and
// corpus digest the document's "tiers" do not list.
Result<nlohmann::json> ParseSweepCarry(const std::string& text, const std::string& shown);

// The carried rows added in one transaction, after checking the database's
// corpus and tier records against the carry's "tiers": InvalidArgument and
// nothing written when one is missing or disagrees, or when a row's key is
// present with other values (sweep_record/sweep_rows.h: AddSweepRows).
Result<SweepRowsAdded> ImportSweepCarry(PgConnection& conn, const nlohmann::json& carry);

}  // namespace skyseed
