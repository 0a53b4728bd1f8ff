// DaCHS's database profiles in its etc/ folder: "dsn" (which database,
// through which socket folder) and one per role (feed, trustedquery,
// untrustedquery) that includes it. Written 0600: they hold passwords.
#pragma once

#include <filesystem>
#include <string>

#include "cluster/cluster_settings.h"
#include "common/status.h"

namespace skyseed {

// etc/dsn reaching `dbname` through the socket folder `host` and `port`
// (the cluster's, or a pooler's in front of it).
Status WriteDsnProfile(const std::filesystem::path& etc, const std::string& dbname,
                       const std::string& host, int port);

// etc/dsn and a profile per role (kDachsRoles), before `dachs init`, which
// keeps existing ones: DaCHS reaches the embedded cluster over its socket,
// where trust authentication makes the passwords moot; they are random all
// the same.
Status WriteDachsProfiles(const std::filesystem::path& etc, const EmbeddedEndpoint& server);

}  // namespace skyseed
