// The TAP service's side of a TAP sweep, per tier and client count: the
// cores the service used against its ceiling, how often its CPU limit
// throttled it, the PostgreSQL sessions it opened per request, and the
// database's CPU per request with what opening those connections cost.
// Where a TAP service opens a connection per request, that is most of the
// database's work, and no statement ranking shows it.
#pragma once

#include <string>

#include "sweep_record/sweep_record.h"

namespace skyseed {

// "PostgreSQL CPU per request 52.5 ms, of which about 31.1 ms opening the
// service's connection (1.00 new sessions per request x 31.1 ms per
// connect)": at the tier's highest-throughput step; "" without the figures.
std::string ConnectionSentence(const TierSweep& t);

// Panels for report.html and sections for summary.md; "" for a database
// sweep.
std::string ServiceTablesHtml(const SweepRecord& r);
std::string ServiceTablesMarkdown(const SweepRecord& r);

}  // namespace skyseed
