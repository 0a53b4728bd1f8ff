// The size-driven growth grows whole sky steps, so whatever it records
// covers the whole sky.
#include "grow/grow_to_size.h"

#include <gtest/gtest.h>

#include "tiers/tier_spec.h"

namespace skyseed {
namespace {

TableRows GrowToSizeRows(uint64_t obscore, uint64_t sources) { return {obscore, sources}; }

TEST(GrowToSize, StepsEndOnTheTiersThenAddHalf) {
  EXPECT_EQ(StepEndRows(0), FindTier("ci")->rows);
  EXPECT_EQ(StepEndRows(5), FindTier("D4")->rows);
  EXPECT_EQ(StepEndRows(6), GrowToSizeRows(13'300'000 + 6'650'000, 155'210'000 + 77'605'000));
  EXPECT_EQ(StepEndRows(7), GrowToSizeRows(19'950'000 + 9'975'000, 232'815'000 + 116'407'500));
}

TEST(GrowToSize, AnEmptyCorpusGrowsToCiFirst) {
  EXPECT_EQ(NextStepRows(GrowToSizeRows(0, 0)), FindTier("ci")->rows);
  EXPECT_TRUE(AtStepEnd(GrowToSizeRows(0, 0)));
}

TEST(GrowToSize, AStepEndGrowsToTheNextStep) {
  EXPECT_EQ(NextStepRows(FindTier("S")->rows), FindTier("D1")->rows);
  EXPECT_TRUE(AtStepEnd(FindTier("D1")->rows));
}

TEST(GrowToSize, AKilledRoundFinishesItsStep) {
  // ObsCore done, sources half-way: the same step's end, not the next.
  EXPECT_EQ(NextStepRows(GrowToSizeRows(100'000, 400'000)), FindTier("S")->rows);
  EXPECT_FALSE(AtStepEnd(GrowToSizeRows(100'000, 400'000)));
  EXPECT_FALSE(AtStepEnd(GrowToSizeRows(50'000, 1'000'000)));
}

TEST(GrowToSize, TablesInDifferentStepsAreRefused) {
  // Sources past S while ObsCore is still inside ci's step.
  EXPECT_EQ(NextStepRows(GrowToSizeRows(5'000, 2'000'000)), std::nullopt);
}

}  // namespace
}  // namespace skyseed
