#include "cluster/text_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <iterator>
#include <system_error>

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
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.close();
    if (!out) return Status::IoError("cannot write " + tmp.string());
  }
  if (chmod(tmp.c_str(), 0600) != 0 ||
      (as.switch_user && chown(tmp.c_str(), as.uid, as.gid) != 0)) {
    return Status::IoError("cannot set owner of " + tmp.string() + ": " + ErrnoText(errno));
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) return Status::IoError("cannot rename " + tmp.string() + ": " + ec.message());
  return Status::Ok();
}

}  // namespace skyseed
