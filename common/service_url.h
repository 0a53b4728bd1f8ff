// A service's URL with its credentials kept apart. `url` (no userinfo) is
// what skyseed prints, stores and passes on a command line; the userinfo
// ("user:password") reaches libcurl only (a sweep's tapbench is a forked
// child holding it in memory), never an argv, where any user of the host
// could read it.
#pragma once

#include <string>

namespace skyseed {

// `skyseed tapbench`'s credentials when they are not in its --url: how a
// script hands them over without putting them on a command line.
inline constexpr const char* kServiceUserinfoEnv = "SKYSEED_TAP_USERINFO";

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
