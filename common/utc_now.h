// The current time as ISO 8601 UTC to the second, "2026-01-31T12:00:00Z":
// how skyseed stamps what it writes for other programs (an RD's
// creationDate, a sweep carry's export time).
#pragma once

#include <string>

namespace skyseed {

std::string UtcNowText();

}  // namespace skyseed
