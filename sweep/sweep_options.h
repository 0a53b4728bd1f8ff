// What a capacity sweep runs: tiers, client counts, durations, repetitions
// and the query mix. Defaults reproduce the database-only sweep users
// publish: 70 % source-ID lookups and 30 % cone searches through the GiST
// index, 1, 8, 16 and 32 clients, 60 s each, three repetitions.
#pragma once

#include <string>
#include <vector>

#include "capacity/saturation.h"
#include "capacity/warmup.h"
#include "common/private_record.h"
#include "common/status.h"
#include "grow/grow.h"
#include "sweep_record/sweep_key.h"
#include "tap/dachs_leftovers.h"
#include "tap/dachs_program.h"
#include "tap/service_daemons.h"
#include "tap/tap_load.h"
#include "workload/tap_classes.h"
#include "workload/workload.h"

namespace skyseed {

// A query class of the workload (WorkloadMix) and its weight in a sweep.
struct MixClass {
  const MixEntry* query_class = nullptr;
  int weight = 0;
};
// What a sweep runs without --mix: 70 % source-ID lookups, 30 % cone searches.
std::vector<MixClass> DefaultSweepMix();

// A TAP class and its weight in a TAP sweep.
struct TapMixClass {
  const TapClass* query_class = nullptr;
  int weight = 0;
};
// The users' TAP mix (TapMix's weights).
std::vector<TapMixClass> DefaultTapMix();

// Which targets --target asks for (sweep/sweep_target.h): the database
// through pgbench, the TAP service in front of it, or both one after the
// other on each tier.
enum class TargetChoice { kDatabase, kTap, kBoth };

struct TapServiceOptions {
  std::string url;       // a running service's base URL, without credentials; empty: skyseed runs
                         // DaCHS itself
  std::string userinfo;  // the URL's "user:password", reaching libcurl only (common/service_url.h)
  int pid = 0;           // the root of a --tap-url service's process tree on this host; 0: unknown
  double ceiling_cores = 0;  // the cores that service can use at most; 0: every core
  TapTables tables;
  std::vector<std::string> dachs_settings;  // gavo.rc items for skyseed's DaCHS
  // How skyseed's DaCHS is served, as the users' services are: this many
  // processes (behind haproxy when more than one), each under a CPU limit of
  // `cpus` (0: none), through `pooler` to PostgreSQL.
  int instances = 1;
  double cpus = 0;
  PoolerKind pooler = PoolerKind::kNone;
  std::string data_dir;             // skyseed's DaCHS: the embedded cluster's, absolute
  std::string dbname;               // ... and its database
  PrivateRecord* record = nullptr;  // the sweep's record beside it, held (tap/dachs_leftovers.h)
  DachsProgram dachs;               // which DaCHS: the host's, or the cluster's stack root's
  double timeout_s = TapLoadOptions{}.timeout_s;  // per request
};

struct SweepOptions {
  GrowPlan grow;  // seed, tiers, jobs: each tier is grown first
  std::string conninfo;
  Narrator* narrator = &SilentNarrator();
  std::vector<int> clients = {1, 8, 16, 32};
  int duration_s = 60;
  // The TAP sweep's windows, when they must be longer than the database's
  // to hold enough requests of each class (a service answers ~10 req/s where
  // pgbench runs thousands of transactions); 0: duration_s.
  int tap_window_s = 0;
  int reps = 3;
  int warmup_s = WarmupRule{}.max_s;  // the bound of "warm up until warm"
  int warmup_interval_s = WarmupRule{}.interval_s;
  std::vector<MixClass> mix = DefaultSweepMix();
  TargetChoice target = TargetChoice::kDatabase;
  std::vector<TapMixClass> tap_mix = DefaultTapMix();
  TapServiceOptions tap;
  WorkloadOptions workload;
  SaturationRule rule;
  std::string out_dir = "skyseed-sweep";
  std::string data_dir;    // the embedded cluster's, for disk headroom; empty for --db
  bool keep_logs = false;  // keep pgbench's per-transaction logs (large) beside the figures
  // Measure again, and record in their place, the windows a guard flagged
  // (a neighbour held the CPUs, swap grew, ...), as well as the missing ones.
  bool remeasure_flagged = false;
  // --profile-service: one more TAP window at this client count with
  // skyseed's DaCHS sampled (sweep/tap_profile.h); 0: none.
  int profile_clients = 0;

  int tap_duration_s() const { return tap_window_s > 0 ? tap_window_s : duration_s; }
  bool measures_database() const { return target != TargetChoice::kTap; }
  bool measures_tap() const { return target != TargetChoice::kDatabase; }
};

// "lookup_source=70,cone_source=30": known classes, each once, weights 1-100
// summing to 100.
Result<std::vector<MixClass>> ParseMix(const std::string& text);
// "tap_lookup=60,tap_cone=40": the same rules over the TAP classes.
Result<std::vector<TapMixClass>> ParseTapMix(const std::string& text);
std::string TapMixText(const std::vector<TapMixClass>& mix);
// "db", "tap" or "both".
Result<TargetChoice> ParseSweepTarget(const std::string& text);
// "1,8,16,32": growing, 1-1000.
Result<std::vector<int>> ParseClientList(const std::string& text);
std::string MixText(const std::vector<MixClass>& mix);
// --profile-service's CLIENTS: one of the sweep's client counts; "" (the
// option alone) 8 when the sweep measures 8, else its highest count.
Result<int> ParseProfileClients(const std::string& text, const std::vector<int>& clients);

// The warm-up rule of --warmup and --warmup-interval, other settings at
// their defaults.
WarmupRule SweepWarmupRule(const SweepOptions& o);

// Everything that makes two windows comparable, so a rerun reuses only the
// windows measured the same way: the database sweep's, and the TAP sweep's.
SweepKey DatabaseSweepKey(const SweepOptions& o);
SweepKey TapSweepKey(const SweepOptions& o);

}  // namespace skyseed
