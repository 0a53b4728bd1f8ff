// A service URL's credentials are split off whole, shown as ***, and given
// back only for libcurl.
#include "common/service_url.h"

#include <gtest/gtest.h>

namespace skyseed {
namespace {

TEST(ServiceUrl, SplitsTheUserinfoOff) {
  const ServiceUrl u = SplitServiceUrl("http://u:Secret4pw@127.0.0.1:1/tap/");
  EXPECT_EQ(u.url, "http://127.0.0.1:1/tap");
  EXPECT_EQ(u.userinfo, "u:Secret4pw");
  EXPECT_EQ(u.Shown(), "http://***@127.0.0.1:1/tap");
  EXPECT_EQ(u.WithUserinfo("/sync"), "http://u:Secret4pw@127.0.0.1:1/tap/sync");
}

TEST(ServiceUrl, AnAtInThePasswordOrThePathStaysWhereItBelongs) {
  // The userinfo ends at the last '@' before the path.
  const ServiceUrl u = SplitServiceUrl("https://u:p@ss@host/tap/q@x");
  EXPECT_EQ(u.userinfo, "u:p@ss");
  EXPECT_EQ(u.url, "https://host/tap/q@x");
  const ServiceUrl plain = SplitServiceUrl("https://host/tap/q@x");
  EXPECT_EQ(plain.userinfo, "");
  EXPECT_EQ(plain.url, "https://host/tap/q@x");
  EXPECT_EQ(plain.Shown(), "https://host/tap/q@x");
}

TEST(ServiceUrl, NoCredentialsNoChange) {
  const ServiceUrl u = SplitServiceUrl("http://127.0.0.1:8080/tap");
  EXPECT_EQ(u.url, "http://127.0.0.1:8080/tap");
  EXPECT_EQ(u.Shown(), u.url);
  EXPECT_EQ(u.WithUserinfo("/availability"), "http://127.0.0.1:8080/tap/availability");
}

// Malformed URLs are refused, and their error shows the URL: whatever comes
// before an '@' is taken for credentials there too.
TEST(ServiceUrl, CredentialsInAMalformedUrlAreNeverShown) {
  for (const char* typed : {"http:/u:Pw1secret@127.0.0.1:1/tap", "u:Pw1secret@127.0.0.1:1/tap",
                            "http://u:Pw1se/cret@127.0.0.1:1/tap", "https://u:Pw1/secret@host/tap",
                            "http:u:Pw1secret@host"}) {
    const ServiceUrl u = SplitServiceUrl(typed);
    EXPECT_EQ(u.Shown().find("Pw1"), std::string::npos) << typed << " -> " << u.Shown();
    EXPECT_EQ(u.url.find("Pw1"), std::string::npos) << typed << " -> " << u.url;
    EXPECT_EQ(u.WithUserinfo(""), typed);
  }
  // A port, or an IPv6 address, before the first '/' is no password.
  EXPECT_EQ(SplitServiceUrl("http://host:8080/tap/q@x").url, "http://host:8080/tap/q@x");
  EXPECT_EQ(SplitServiceUrl("http://[::1]:80/tap/q@x").url, "http://[::1]:80/tap/q@x");
}

}  // namespace
}  // namespace skyseed
