// A window's statements as pg_stat_statements counted them: the record
// kept beside the window (sweep/server_stats.h takes the snapshots whose
// differences they are).
#pragma once

#include <string>
#include <vector>

namespace skyseed {

struct StatementTimes {
  std::string query;
  double calls = 0;
  double total_ms = 0;
  double rows = 0;
  double shared_hit = 0;
  double shared_read = 0;
};

struct WindowStatements {
  std::vector<StatementTimes> by_total;  // the top few
  std::vector<StatementTimes> by_mean;
};

}  // namespace skyseed
