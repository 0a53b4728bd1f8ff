// --mix is joined to the workload's query classes themselves: each parsed
// class is the declared entry (its script, its name), not a name to be
// matched against file names later.
#include "sweep/sweep_options.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

TEST(SweepOptions, MixClassesAreTheDeclaredEntries) {
  Result<std::vector<MixClass>> mix = ParseMix("footprint_obscore=25,lookup_obs_id=75");
  ASSERT_TRUE(mix.ok()) << mix.status().message();
  ASSERT_EQ(mix->size(), 2u);
  EXPECT_EQ((*mix)[0].query_class, &WorkloadMix()[4]);
  EXPECT_EQ((*mix)[0].weight, 25);
  EXPECT_EQ((*mix)[1].query_class, &WorkloadMix()[2]);
  EXPECT_EQ(MixText(*mix), "footprint_obscore=25,lookup_obs_id=75");
}

TEST(SweepOptions, DefaultMixIsSeventyThirty) {
  EXPECT_EQ(MixText(DefaultSweepMix()), "lookup_source=70,cone_source=30");
  EXPECT_EQ(MixText(SweepOptions{}.mix), "lookup_source=70,cone_source=30");
}

TEST(SweepOptions, UnknownOrRepeatedClassesAreRefused) {
  Result<std::vector<MixClass>> unknown = ParseMix("lookup_source=70,lookup_source.sql=30");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().message(),
            "--mix: unknown class 'lookup_source.sql' (known: lookup_source, lookup_obs, "
            "lookup_obs_id, cone_source, footprint_obscore, aggregate_obscore)");
  Result<std::vector<TapMixClass>> tap = ParseTapMix("tap_lookup=50,lookup_source=50");
  ASSERT_FALSE(tap.ok());
  EXPECT_EQ(tap.status().message().rfind("--tap-mix: unknown class 'lookup_source' (known: "
                                         "tap_metadata, tap_lookup",
                                         0),
            0u)
      << tap.status().message();
  EXPECT_EQ(TapMixText(*ParseTapMix("tap_cone=60,aggregate_obscore=40")),
            "tap_cone=60,aggregate_obscore=40");
  EXPECT_FALSE(ParseSweepTarget("nosuch").ok());
  EXPECT_EQ(*ParseSweepTarget("both"), TargetChoice::kBoth);
  Result<std::vector<MixClass>> twice = ParseMix("cone_source=50,cone_source=50");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.status().message(), "--mix: class 'cone_source' given twice");
}

TEST(SweepOptions, TheDefaultTapMixIsTheUsersFourClasses) {
  EXPECT_EQ(TapMixText(DefaultTapMix()),
            "tap_metadata=10,tap_lookup=40,tap_cone=35,tap_stream_1000=15");
  // The aggregate alone: one class is the whole mix, whatever its weight.
  EXPECT_EQ(TapMixText(*ParseTapMix("aggregate_obscore=1")), "aggregate_obscore=100");
  EXPECT_FALSE(ParseTapMix("tap_cone=60,aggregate_obscore=30").ok());
}

TEST(SweepOptions, TheTapKeyNamesHowTheServiceIsServed) {
  SweepOptions o;
  const std::string plain = TapSweepKey(o).Text();
  EXPECT_NE(plain.find(";service=skyseed-dachs;"), std::string::npos) << plain;
  o.tap.cpus = 0.25;
  o.tap.instances = 2;
  o.tap.pooler = PoolerKind::kPgpool;
  EXPECT_NE(
      TapSweepKey(o).Text().find(";service=skyseed-dachs+instances=2+cpus=0.25+pooler=pgpool;"),
      std::string::npos)
      << TapSweepKey(o).Text();
}

// --tap-window sets the TAP sweep's windows apart; the database sweep's keep
// --duration, and both keys still read back as themselves.
TEST(SweepOptions, TheTapWindowIsTheTapKeysOwn) {
  SweepOptions o;
  EXPECT_EQ(TapSweepKey(o).duration_s, o.duration_s);
  o.tap_window_s = 300;
  EXPECT_EQ(TapSweepKey(o).duration_s, 300);
  EXPECT_EQ(DatabaseSweepKey(o).duration_s, o.duration_s);
  EXPECT_TRUE(SameDraws(TapSweepKey(o), DatabaseSweepKey(o)));
  for (const SweepKey& k : {TapSweepKey(o), DatabaseSweepKey(o)}) {
    Result<SweepKey> back = SweepKeyFromText(k.Text());
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(back->Text(), k.Text());
    EXPECT_EQ(back->tap(), k.tap());
  }
}

TEST(SweepOptions, PoolerNamesRoundTrip) {
  for (const PoolerKind k : {PoolerKind::kNone, PoolerKind::kPgbouncer, PoolerKind::kPgpool}) {
    EXPECT_EQ(*ParsePooler(PoolerName(k)), k);
  }
  EXPECT_FALSE(ParsePooler("odyssey").ok());
}

TEST(SweepOptions, TheKeyNamesTheWarmupBoundAndAnyOtherJudgedInterval) {
  SweepOptions o;
  EXPECT_NE(DatabaseSweepKey(o).Text().find(";warmup=120;seed="), std::string::npos)
      << DatabaseSweepKey(o).Text();
  o.warmup_interval_s = 10;
  EXPECT_NE(DatabaseSweepKey(o).Text().find(";warmup=120;warmup_interval=10;"), std::string::npos);
  EXPECT_NE(TapSweepKey(o).Text().find(";warmup=120;warmup_interval=10;"), std::string::npos);
  // A fixed warm-up (under three intervals) keeps the key it had before
  // intervals existed, whatever the interval.
  o.warmup_s = 10;
  EXPECT_NE(DatabaseSweepKey(o).Text().find(";warmup=10;seed="), std::string::npos)
      << DatabaseSweepKey(o).Text();
}

TEST(SweepOptions, ProfileClientsAreOneOfTheSweepsAndDefaultToEight) {
  EXPECT_EQ(*ParseProfileClients("", {1, 8, 16}), 8);
  EXPECT_EQ(*ParseProfileClients("", {1, 2}), 2);  // no 8: the highest
  EXPECT_EQ(*ParseProfileClients("16", {1, 8, 16}), 16);
  for (const char* bad : {"4", "0", "x", "8 ", "-8"}) {
    Result<int> r = ParseProfileClients(bad, {1, 8, 16});
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.status().message().find("--clients 1,8,16"), std::string::npos);
  }
  // Not in the sweep's key: a profile does not change its windows.
  SweepOptions o;
  const std::string key = TapSweepKey(o).Text();
  o.profile_clients = 8;
  EXPECT_EQ(TapSweepKey(o).Text(), key);
}

}  // namespace
}  // namespace skyseed
