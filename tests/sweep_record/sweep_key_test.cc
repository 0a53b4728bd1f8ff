#include "sweep_record/sweep_key.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

// Keys as every earlier skyseed wrote them (sweep_options.cc before keys were
// typed): they must read back, field by field, to themselves, or a rerun
// would measure again what a database already holds.
TEST(SweepKey, KeysWrittenBeforeReadBackToTheSameText) {
  const char* db =
      "mix=lookup_source=70,cone_source=30;duration=60;warmup=120;seed=1;lookups=10000;cones=2000";
  Result<SweepKey> k = SweepKeyFromText(db);
  ASSERT_TRUE(k.ok()) << k.status().message();
  EXPECT_FALSE(k->tap());
  EXPECT_EQ(k->mix, "lookup_source=70,cone_source=30");
  EXPECT_EQ(k->duration_s, 60);
  EXPECT_EQ(k->warmup_s, 120);
  EXPECT_EQ(k->warmup_interval_s, 0);
  EXPECT_EQ(k->seed, 1u);
  EXPECT_EQ(k->lookups, 10000);
  EXPECT_EQ(k->cones, 2000);
  EXPECT_EQ(k->Text(), db);

  // A service's shown URL is the user's text and may hold ';' and '='.
  const char* tap =
      "target=tap;mix=tap_metadata=10,tap_lookup=90;service=http://u@h:8080/tap;v=1=2+cpus=0.25;"
      "duration=200;warmup=120;warmup_interval=10;seed=9223372036854775807;lookups=5;cones=6";
  k = SweepKeyFromText(tap);
  ASSERT_TRUE(k.ok()) << k.status().message();
  EXPECT_TRUE(k->tap());
  EXPECT_EQ(k->mix, "tap_metadata=10,tap_lookup=90");
  EXPECT_EQ(k->service, "http://u@h:8080/tap;v=1=2+cpus=0.25");
  EXPECT_EQ(k->duration_s, 200);
  EXPECT_EQ(k->warmup_interval_s, 10);
  EXPECT_EQ(k->seed, 9223372036854775807u);
  EXPECT_EQ(k->Text(), tap);
}

TEST(SweepKey, AnythingElseIsRefused) {
  for (const char* bad : {"", "k", "mix=a=100", "mix=a=100;duration=60;warmup=120;seed=1",
                          "mix=a=100;duration=x;warmup=120;seed=1;lookups=1;cones=1",
                          "mix=a=100;duration=60;warmup=120;seed=1;lookups=1;cones=1;extra=2",
                          "mix=a=100;duration=60;warmup=120;seed=-1;lookups=1;cones=1",
                          "target=tap;mix=a=100;duration=60;warmup=120;seed=1;lookups=1;cones=1",
                          "mix=a=100;duration=060;warmup=120;seed=1;lookups=1;cones=1"}) {
    EXPECT_FALSE(SweepKeyFromText(bad).ok()) << bad;
  }
}

TEST(SweepKey, SameDrawsIgnoresTargetMixAndWindowLength) {
  SweepKey db;
  db.mix = "lookup_source=100";
  db.duration_s = 60;
  db.warmup_s = 120;
  db.seed = 1;
  db.lookups = 10;
  db.cones = 2;
  SweepKey tap = db;
  tap.kind = SweepKind::kTap;
  tap.mix = "tap_lookup=100";
  tap.service = "skyseed-dachs";
  tap.duration_s = 200;
  EXPECT_TRUE(SameDraws(db, tap));
  for (auto change : {+[](SweepKey* k) { k->seed = 2; }, +[](SweepKey* k) { k->lookups = 11; },
                      +[](SweepKey* k) { k->cones = 3; }, +[](SweepKey* k) { k->warmup_s = 0; },
                      +[](SweepKey* k) { k->warmup_interval_s = 10; }}) {
    SweepKey other = tap;
    change(&other);
    EXPECT_FALSE(SameDraws(db, other));
  }
}

// A chart keeps its file name when another sweep is recorded beside its own
// (docs link to them), and two sweeps never share one.
TEST(SweepKey, IdsAreEightHexDigitsOfTheText) {
  SweepKey a;
  a.mix = "lookup_source=100";
  SweepKey b = a;
  EXPECT_EQ(SweepId(a), SweepId(b));
  b.duration_s = 2;
  EXPECT_NE(SweepId(a), SweepId(b));
  EXPECT_EQ(SweepId(a).size(), 8u);
  EXPECT_EQ(SweepId(a).find_first_not_of("0123456789abcdef"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
