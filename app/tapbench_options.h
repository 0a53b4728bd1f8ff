// `skyseed tapbench`'s options, checked before any request is sent: what
// the user typed (TapbenchArgs) becomes a TapLoadOptions or one
// InvalidArgument line.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "common/user_values.h"
#include "tap/tap_load.h"
#include "tap/tapbench.h"

namespace skyseed {

struct TapbenchArgs {
  std::string url, clients = "1", time, log, seed = "1",
                   timeout = DefaultText(TapLoadOptions{}.timeout_s);
  std::vector<std::string> files;  // CLASS=QUERYFILE@WEIGHT
};

// Every option checked (URL scheme, clients 1..1000, time and timeout > 0,
// weights 0..100 summing to more than 0, distinct class names, each query
// file readable and holding a query, --log's folder present).
Result<TapLoadOptions> ParseTapbenchOptions(const TapbenchArgs& a);

}  // namespace skyseed
