// An in-memory GrowDatabase (grow/grow_database.h): a ledger, a stash of
// set-aside indexes and tier records as plain vectors, loading that appends
// ledger entries, and a log of what was done in order, so a test reads what
// grow's steps decided. Failures are injected by setting the *_status fields.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "grow/grow_database.h"

namespace skyseed {

class FakeGrowDatabase final : public GrowDatabase {
 public:
  std::vector<LedgerEntry> ledger;
  std::vector<StashEntry> stash;
  std::vector<TierRecord> tiers;
  std::vector<std::string> log;  // "audit", "load <table> <first>..<end>", "record <tier>", ...
  size_t stash_at_record = 0;    // indexes still set aside when the tier was recorded
  bool shard_finishes = true;
  Status audit_status, rebuild_status;

  QuoteFn IdentQuoter() const override {
    return [](std::string_view name) { return "\"" + std::string(name) + "\""; };
  }
  std::function<double()> StartControlClock() override {
    return [] { return 0.0; };
  }
  Result<LedgerAudit> AuditLedger() override {
    log.push_back("audit");
    if (!audit_status.ok()) return audit_status;
    LedgerAudit a{ledger, 0, ledger.size()};
    for (const LedgerEntry& e : ledger) a.rows += e.range.count;
    return a;
  }
  Result<uint64_t> RecheckLedgerRows(const std::vector<LedgerEntry>& entries) override {
    log.push_back("recheck " + std::to_string(entries.size()) + " chunks");
    uint64_t rows = 0;
    for (const LedgerEntry& e : entries) rows += e.range.count;
    return rows;
  }
  Result<std::vector<LedgerEntry>> ReadLedger() override { return ledger; }
  Result<std::vector<StashEntry>> ReadStash() override { return stash; }
  Result<std::vector<TierRecord>> ReadTiers() override { return tiers; }
  Result<uint64_t> DatabaseSize() override { return uint64_t{0}; }
  Status SetAsideIndex(const IndexDef& index) override {
    log.push_back("set aside " + index.name);
    stash.push_back({index.name, index.table->standard_name(), index.create_sql});
    return Status::Ok();
  }
  Status BuildIndexes(const std::vector<const IndexDef*>& indexes, PhaseTimes*) override {
    for (const IndexDef* index : indexes) Build(index->name);
    return Status::Ok();
  }
  Status RebuildSetAsideIndexes(PhaseTimes*) override {
    if (!rebuild_status.ok()) return rebuild_status;
    log.push_back("rebuild set-aside");
    while (!stash.empty()) Build(stash.front().index_name);
    return Status::Ok();
  }
  Status LoadChunks(const std::vector<Chunk>& chunks, bool, PhaseTimes*) override {
    for (const Chunk& c : chunks) {
      log.push_back(LoadLine(c.table->standard_name(), c.range));
      ledger.push_back({c.table->standard_name(), c.range, {}});
    }
    return Status::Ok();
  }
  Result<bool> ShardShouldFinish(const std::string&, const TableRows&) override {
    log.push_back("shard asks to finish");
    return shard_finishes;
  }
  Status VacuumAnalyze(PhaseTimes*) override {
    log.push_back("vacuum");
    return Status::Ok();
  }
  Status RecordReached(const std::string& tier, const TableRows&, double,
                       const PhaseTimes&) override {
    log.push_back("record " + tier);
    stash_at_record = stash.size();
    TierRecord t;
    t.tier = tier;
    tiers.push_back(t);
    return Status::Ok();
  }

  static std::string LoadLine(const std::string& table, RowRange r) {
    return "load " + table + " " + std::to_string(r.first) + ".." + std::to_string(r.end());
  }
  // The log lines that start with `prefix`, in order.
  std::vector<std::string> Logged(const std::string& prefix) const {
    std::vector<std::string> out;
    for (const std::string& line : log) {
      if (line.rfind(prefix, 0) == 0) out.push_back(line);
    }
    return out;
  }
  // Position of the first log line starting with `prefix`; log.size() if none.
  size_t FirstAt(const std::string& prefix) const {
    for (size_t i = 0; i < log.size(); ++i) {
      if (log[i].rfind(prefix, 0) == 0) return i;
    }
    return log.size();
  }

 private:
  void Build(const std::string& name) {
    log.push_back("build " + name);
    stash.erase(std::remove_if(stash.begin(), stash.end(),
                               [&](const StashEntry& e) { return e.index_name == name; }),
                stash.end());
  }
};

}  // namespace skyseed
