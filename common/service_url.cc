#include "common/service_url.h"

namespace skyseed {
namespace {

// Where the authority starts: after "scheme://", or npos.
size_t AuthorityStart(const std::string& url) {
  const size_t scheme = url.find("://");
  return scheme == std::string::npos ? std::string::npos : scheme + 3;
}

}  // namespace

ServiceUrl SplitServiceUrl(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  ServiceUrl out;
  const size_t start = AuthorityStart(url);
  if (start == std::string::npos) {
    out.url = url;
    return out;
  }
  const size_t path = url.find('/', start);
  const size_t at = url.rfind('@', path == std::string::npos ? std::string::npos : path);
  if (at == std::string::npos || at < start) {
    out.url = url;
    return out;
  }
  out.userinfo = url.substr(start, at - start);
  out.url = url.substr(0, start) + url.substr(at + 1);
  return out;
}

std::string ServiceUrl::Shown() const {
  if (userinfo.empty()) return url;
  const size_t start = AuthorityStart(url);
  return url.substr(0, start) + "***@" + url.substr(start);
}

std::string ServiceUrl::WithUserinfo(const std::string& path_suffix) const {
  if (userinfo.empty()) return url + path_suffix;
  const size_t start = AuthorityStart(url);
  return url.substr(0, start) + userinfo + "@" + url.substr(start) + path_suffix;
}

}  // namespace skyseed
