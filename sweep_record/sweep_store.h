// Sweep results kept in the database's manifest, beside the tier and corpus
// digest they were measured on: one row per window (so a killed sweep
// resumes without repeating a finished window) and one per tier (its
// saturation finding and plans) and one per sweep (its setup). `status` lists them, `report` plots
// them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "sweep_record/sweep_record.h"

namespace skyseed {

// Creates the sweep's tables (SweepTables, schema/manifest_schema.h) when
// missing. Every statement here is derived from their declaration there.
Status EnsureSweepTables(PgConnection& conn);

// The windows already measured for this key on this corpus, in client and
// repetition order; none before any sweep made the table.
Result<std::vector<SweepWindow>> ReadSweepWindows(PgConnection& conn, const std::string& key,
                                                  const std::string& tier,
                                                  const std::string& corpus_digest);
Status RecordSweepWindow(PgConnection& conn, const std::string& key,
                         const std::string& corpus_digest, const SweepWindow& w);
// A recorded window's result replaced (its flags grew once its step was
// complete), keeping when it was measured.
Status UpdateSweepWindowResult(PgConnection& conn, const std::string& key,
                               const std::string& corpus_digest, const SweepWindow& w);
Status RecordTierSweep(PgConnection& conn, const std::string& key, const TierSweep& t);
// The sweep's setup (SweepRecord::setup), read back with its tiers.
Status RecordSweepSetup(PgConnection& conn, const std::string& key, const nlohmann::json& setup);

// The plans recorded with one tier's sweep (none when it has no record).
Result<std::map<std::string, nlohmann::json>> ReadTierPlans(PgConnection& conn,
                                                            const std::string& key,
                                                            const std::string& tier,
                                                            const std::string& corpus_digest);

// The service profile recorded with one tier's sweep (TierSweep::
// service_profile); null when none was.
Result<nlohmann::json> ReadTierProfile(PgConnection& conn, const std::string& key,
                                       const std::string& tier, const std::string& corpus_digest);

// Every recorded tier sweep with its windows (for status and report); an
// empty list when no sweep ever ran.
Result<std::vector<SweepRecord>> ReadSweepRecords(PgConnection& conn);

}  // namespace skyseed
