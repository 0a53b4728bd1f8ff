// Root's file operations done as another user: Linux's filesystem ids and
// the groups of the calling thread alone set to that user's (setfsuid(2),
// and setgroups(2) as the raw per-thread system call), so that for as long
// as a FileIdentity lives every file this thread makes is that user's and
// every path it walks is checked as that user's. Run as root, skyseed does
// everything in the folder it keeps for the cluster's owner (the TAP
// sweep's DaCHS and its servers) this way: a link that user planted there
// leads only where that user could go anyway, and nothing needs a chown.
// The children the thread forks meanwhile inherit the identity.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct UserIds {
  uid_t uid = 0;
  gid_t gid = 0;
  std::vector<gid_t> groups;
};
// `user`'s ids and groups; nullopt for "" (nobody else to be).
// InvalidArgument when there is no such user.
Result<std::optional<UserIds>> LookUpUserIds(const std::string& user);
// For good, in a forked child about to work for that user: its groups, gid
// and uid. False when any of them could not be taken.
bool SwitchToUser(const UserIds& ids);

class FileIdentity {
 public:
  // As `user` until destroyed; "" (not root, or nobody else to be) changes
  // nothing. InvalidArgument when there is no such user.
  static Result<std::unique_ptr<FileIdentity>> Become(const std::string& user);
  ~FileIdentity();  // back to this thread's own ids and groups
  FileIdentity(const FileIdentity&) = delete;
  FileIdentity& operator=(const FileIdentity&) = delete;

 private:
  FileIdentity() = default;
  bool changed_ = false;
  std::vector<gid_t> own_groups_;
};

}  // namespace skyseed
