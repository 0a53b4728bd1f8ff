// A sweep's results as files (sweep.json, windows.csv) and as JSON records
// kept in the database beside the tier they were measured on.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/status.h"
#include "sweep_record/saturation_finding.h"
#include "sweep_record/sweep_key.h"
#include "sweep_record/sweep_window.h"
#include "sweep_record/warmup_record.h"

namespace skyseed {

// What a tier held when its windows ran: the corpus they measured. -1 (shown
// "-") in sweeps recorded before these were kept.
struct TierMeasured {
  int64_t obscore_rows = -1;  // the tier ledger's rows of ivoa.obscore
  int64_t total_rows = -1;    // ... of every corpus table
  int64_t table_bytes = -1;   // pg_table_size of the corpus tables, as reached
  int64_t index_bytes = -1;   // pg_indexes_size of them, as reached
  double grow_seconds = -1;   // wall time of the grow that reached the tier
};

struct TierSweep {
  std::string tier;
  std::string corpus_digest;  // of the tier record the windows ran on
  int64_t database_size = 0;
  TierMeasured measured;
  std::vector<SweepWindow> windows;  // clients, then repetitions
  SaturationFinding finding;
  std::map<std::string, nlohmann::json> explain;  // class -> EXPLAIN JSON
  // What the server could not tell while this tier was measured
  // (ServerCapabilities::missing): the monitoring-coverage guard.
  std::vector<std::string> missing_evidence;
  // The warm-up this run did before the tier's first measured window; none
  // when every window was recorded before (nothing measured, nothing warmed)
  // or --warmup 0.
  std::optional<WarmupRecord> warmup;
  // The service sampled over one more window (profile/service_profile_record.h:
  // its JSON, kept whole); null when none was asked for.
  nlohmann::json service_profile;
};

// A tier's windows grouped by client count, in client order: its steps.
std::map<int, std::vector<SweepWindow>> WindowsByClients(const TierSweep& t);

struct SweepRecord {
  SweepKey key;
  nlohmann::json setup;  // options, versions, settings, machine, missing evidence
  std::vector<TierSweep> tiers;
};

nlohmann::json WindowToJson(const SweepWindow& w);
// Corruption for a record that is not a window.
Result<SweepWindow> WindowFromJson(const nlohmann::json& j);
// The tier's finding, with the evidence that was missing while it was measured.
nlohmann::json FindingToJson(const SaturationFinding& f,
                             const std::vector<std::string>& missing_evidence);
// The finding FindingToJson wrote; throws nlohmann's or std::out_of_range on
// anything else (the callers turn that into Corruption).
SaturationFinding FindingFromJson(const nlohmann::json& j);
nlohmann::json WarmupToJson(const WarmupRecord& r);
// Corruption for a record that is not a warm-up.
Result<WarmupRecord> WarmupFromJson(const nlohmann::json& j);
// A tier's measured corpus; an absent or null object gives -1 everywhere.
nlohmann::json MeasuredToJson(const TierMeasured& m);
TierMeasured MeasuredFromJson(const nlohmann::json& j);
nlohmann::json SweepToJson(const SweepRecord& r);
// The record SweepToJson wrote (sweep.json); Corruption for anything else.
Result<SweepRecord> SweepFromJson(const nlohmann::json& j);

// One row per window; the header names every column.
std::string WindowsCsv(const SweepRecord& r);

}  // namespace skyseed
