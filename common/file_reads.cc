#include "common/file_reads.h"

#include <fstream>
#include <sstream>

namespace skyseed {

Result<std::string> ReadWholeFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::InvalidArgument("cannot read " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return std::move(s).str();
}

std::string ReadWholeFileOrEmpty(const std::filesystem::path& path) {
  Result<std::string> text = ReadWholeFile(path);
  return text.ok() ? std::move(*text) : std::string();
}

}  // namespace skyseed
