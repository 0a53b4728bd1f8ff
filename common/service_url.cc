#include "common/service_url.h"

namespace skyseed {
namespace {

// Where the authority starts: after "scheme://"; in a malformed URL
// ("http:/u:pw@host", "u:pw@host") at the start, so that whatever precedes
// an '@' is still taken for credentials and never shown.
size_t AuthorityStart(const std::string& url) {
  const size_t scheme = url.find("://");
  return scheme == std::string::npos ? 0 : scheme + 3;
}

bool IsPort(const std::string& text) {
  return text.find_first_not_of("0123456789") == std::string::npos;
}

// The '@' that ends the userinfo, or npos: the last one before the path; in
// a URL without "://", the last one (only its display matters: it is
// refused). A password typed with a raw '/' ("u:Se/cret@host", where the
// text before the '/' is no host:port) still ends at its '@', never shown.
size_t UserinfoEnd(const std::string& url, size_t start) {
  if (start == 0) return url.rfind('@');
  const size_t path = url.find('/', start);
  const size_t at = url.rfind('@', path);
  if ((at != std::string::npos && at >= start) || path == std::string::npos) return at;
  const std::string before = url.substr(start, path - start);
  const size_t colon = before.find(':');
  if (colon == std::string::npos || before[0] == '[' || IsPort(before.substr(colon + 1))) {
    return std::string::npos;
  }
  return url.rfind('@', url.find_first_of("?#", start));
}

}  // namespace

ServiceUrl SplitServiceUrl(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  ServiceUrl out;
  const size_t start = AuthorityStart(url);
  const size_t at = UserinfoEnd(url, start);
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
