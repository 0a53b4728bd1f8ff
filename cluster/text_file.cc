#include "cluster/text_file.h"

#include <fstream>
#include <iterator>

#include "common/file_writes.h"

namespace skyseed {

namespace fs = std::filesystem;

std::optional<std::string> ReadFile(const fs::path& path, uintmax_t offset) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(static_cast<std::streamoff>(offset));
  if (!in) return std::string();
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Status WriteOwnedFile(const fs::path& path, const std::string& content, const RunAs& as) {
  FileAccess access;
  access.create_mode = access.exact_mode.emplace(0600);
  if (as.switch_user) access.owner = {as.uid, as.gid};
  return WriteFileAtomically(path, content, access);
}

}  // namespace skyseed
