#include "common/file_identity.h"

#include <grp.h>
#include <pwd.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>

namespace skyseed {
namespace {

// The raw system call changes the calling thread's groups only (glibc's
// setgroups changes every thread's).
bool SetThreadGroups(const std::vector<gid_t>& groups) {
  return syscall(SYS_setgroups, groups.size(), groups.data()) == 0;
}

}  // namespace

Result<std::optional<UserIds>> LookUpUserIds(const std::string& user) {
  if (user.empty()) return std::optional<UserIds>();
  std::vector<char> buf(1 << 16);
  passwd pw{};
  passwd* found = nullptr;
  if (getpwnam_r(user.c_str(), &pw, buf.data(), buf.size(), &found) != 0 || found == nullptr) {
    return Status::InvalidArgument("no user " + user + " to act as");
  }
  UserIds ids{pw.pw_uid, pw.pw_gid, std::vector<gid_t>(64)};
  int count = static_cast<int>(ids.groups.size());
  if (getgrouplist(pw.pw_name, pw.pw_gid, ids.groups.data(), &count) < 0) {
    ids.groups.resize(static_cast<size_t>(count));
    if (getgrouplist(pw.pw_name, pw.pw_gid, ids.groups.data(), &count) < 0) count = 0;
  }
  ids.groups.resize(static_cast<size_t>(count));
  return std::optional<UserIds>(ids);
}

bool SwitchToUser(const UserIds& ids) {
  return setgroups(ids.groups.size(), ids.groups.data()) == 0 && setgid(ids.gid) == 0 &&
         setuid(ids.uid) == 0 && getuid() == ids.uid && geteuid() == ids.uid;
}

Result<std::unique_ptr<FileIdentity>> FileIdentity::Become(const std::string& user) {
  std::unique_ptr<FileIdentity> id(new FileIdentity());
  SKYSEED_ASSIGN_OR_RETURN(const std::optional<UserIds> ids, LookUpUserIds(user));
  if (!ids) return id;
  const int own = getgroups(0, nullptr);
  id->own_groups_.resize(static_cast<size_t>(own > 0 ? own : 0));
  if (own > 0 && getgroups(own, id->own_groups_.data()) != own) {
    return Status::IoError("cannot read this process's groups");
  }
  // Groups and gid first: changing them needs the capabilities a non-zero
  // fsuid takes away.
  id->changed_ = true;
  if (!SetThreadGroups(ids->groups)) return Status::IoError("cannot take the groups of " + user);
  setfsgid(ids->gid);
  setfsuid(ids->uid);
  if (static_cast<uid_t>(setfsuid(static_cast<uid_t>(-1))) != ids->uid) {
    return Status::IoError("cannot act as " + user);
  }
  return id;
}

FileIdentity::~FileIdentity() {
  if (!changed_) return;
  setfsuid(geteuid());
  setfsgid(getegid());
  if (!SetThreadGroups(own_groups_)) std::fprintf(stderr, "skyseed: cannot restore groups\n");
}

}  // namespace skyseed
