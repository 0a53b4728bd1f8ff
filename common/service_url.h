// A service's URL with its credentials kept apart. `url` (no userinfo) is
// what skyseed prints, stores and passes on a command line; the userinfo
// ("user:password") reaches libcurl only, and a child process through the
// environment (kServiceUserinfoEnv), never argv, where any user of the host
// could read it.
#pragma once

#include <string>

namespace skyseed {

inline constexpr const char* kServiceUserinfoEnv = "SKYSEED_TAP_USERINFO";
// A sweep's pid, in its tapbench's environment: tapbench ends with it.
inline constexpr const char* kTapbenchParentEnv = "SKYSEED_TAPBENCH_PARENT";

struct ServiceUrl {
  std::string url;       // scheme://host[:port]/path, no userinfo, no trailing '/'
  std::string userinfo;  // as typed (percent-encoded), or empty

  // The URL as skyseed shows it: "http://***@host/tap" when it has
  // credentials.
  std::string Shown() const;
  // The URL libcurl is given, credentials included.
  std::string WithUserinfo(const std::string& path_suffix) const;
};

// Splits "scheme://userinfo@host/..." (http or https; the userinfo ends at
// the last '@' before the path). Trailing '/' removed.
ServiceUrl SplitServiceUrl(std::string url);

}  // namespace skyseed
