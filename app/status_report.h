// `skyseed status`: what a database holds, as text or JSON.
#pragma once

#include <string>

#include "common/status.h"

namespace skyseed {

Status PrintStatus(const std::string& conninfo, bool json);

}  // namespace skyseed
