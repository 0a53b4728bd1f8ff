#include "tap/dachs_profiles.h"

#include "common/file_writes.h"
#include "common/shell_quote.h"
#include "tap/dachs_leftovers.h"
#include "tap/service_host.h"

namespace skyseed {
namespace {

// Readable by the cluster's owner alone, whoever made the folder.
FileAccess SecretAccess() {
  FileAccess secret;
  secret.create_mode = 0600;
  secret.exact_mode = 0600;
  return secret;
}

}  // namespace

Status WriteDsnProfile(const std::filesystem::path& etc, const std::string& dbname,
                       const std::string& host, int port) {
  // DaCHS reads profiles with Python's shlex (POSIX rules), so each value
  // is quoted as for a shell, whatever the database is called.
  return WriteFileAtomically(etc / "dsn",
                             "database = " + ShellQuoted(dbname) + "\nhost = " + ShellQuoted(host) +
                                 "\nport = " + std::to_string(port) + "\n",
                             SecretAccess());
}

Status WriteDachsProfiles(const std::filesystem::path& etc, const EmbeddedEndpoint& server) {
  SKYSEED_RETURN_IF_ERROR(WriteDsnProfile(etc, server.dbname, server.socket_dir, server.port));
  const char* profiles[] = {"feed", "trustedquery", "untrustedquery"};
  for (int i = 0; i < 3; ++i) {
    SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(etc / profiles[i],
                                                std::string("include dsn\nuser = ") +
                                                    kDachsRoles[i] +
                                                    "\npassword = " + RandomPassword() + "\n",
                                                SecretAccess()));
  }
  return Status::Ok();
}

}  // namespace skyseed
