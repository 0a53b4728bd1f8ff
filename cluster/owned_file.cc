#include "cluster/owned_file.h"

#include "common/file_writes.h"

namespace skyseed {

namespace fs = std::filesystem;

Status WriteOwnedFile(const fs::path& path, const std::string& content, const RunAs& as) {
  FileAccess access;
  access.create_mode = access.exact_mode.emplace(0600);
  if (as.switch_user) access.owner = {as.uid, as.gid};
  return WriteFileAtomically(path, content, access);
}

}  // namespace skyseed
