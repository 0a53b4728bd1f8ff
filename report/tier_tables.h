// The tier report's HTML panels: the headline cards, the tiers' summary,
// each table per tier, and each index build per tier.
#pragma once

#include <string>

#include "report/tier_model.h"

namespace skyseed {

// The cards and the tables need a tier at least (the page says when there
// is none).
std::string TierCards(const TierModel& m);
std::string TierSummaryTable(const TierModel& m);
std::string TierTablesTable(const TierModel& m);
std::string TierIndexTable(const TierModel& m);

}  // namespace skyseed
