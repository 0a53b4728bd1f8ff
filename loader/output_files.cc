#include "loader/output_files.h"

#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <system_error>

namespace skyseed {

namespace fs = std::filesystem;

Status PrepareOutputDir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir)) {
    return Status::InvalidArgument(dir.string() + " is not a directory" +
                                   (ec ? " and cannot be created: " + ec.message() : ""));
  }
  const fs::path probe = dir / ".skyseed-write-probe";
  { std::ofstream(probe.string()) << "x"; }
  const bool writable = fs::exists(probe, ec);
  fs::remove(probe, ec);
  if (!writable) return Status::InvalidArgument(dir.string() + " is not writable");
  return Status::Ok();
}

Status CheckOutputDirCreatable(const fs::path& dir) {
  std::error_code ec;
  fs::path existing = fs::absolute(dir, ec).lexically_normal();
  if (ec) return Status::InvalidArgument(dir.string() + " cannot be resolved: " + ec.message());
  while (!fs::exists(existing, ec) && existing.has_relative_path()) {
    existing =
        existing.has_filename() ? existing.parent_path() : existing.parent_path().parent_path();
  }
  if (!fs::is_directory(existing, ec)) {
    return Status::InvalidArgument(dir.string() + " is not a directory and cannot be created (" +
                                   existing.string() + " is not a directory)");
  }
  // Asked of the file system itself, not of access(): root passes access()
  // where nothing can be made (/proc). The probe is removed at once.
  std::string probe = (existing / ".skyseed-probe-XXXXXX").string();
  if (mkdtemp(probe.data()) == nullptr) {
    return Status::InvalidArgument(dir.string() + " cannot be created or written (" +
                                   existing.string() + " is not writable)");
  }
  fs::remove(probe, ec);
  return Status::Ok();
}

Status WriteFileAtomically(const fs::path& path, std::string_view content, bool executable) {
  const fs::path tmp = path.string() + ".partial";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(content.data(), static_cast<std::streamsize>(content.size()));
    f.close();
    if (!f) return Status::IoError("cannot write " + tmp.string() + " (disk full?)");
  }
  std::error_code ec;
  if (executable) {
    fs::permissions(tmp, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);
    if (ec) return Status::IoError("cannot make " + tmp.string() + " executable");
  }
  fs::rename(tmp, path, ec);
  if (ec) return Status::IoError("cannot rename " + tmp.string() + ": " + ec.message());
  return Status::Ok();
}

}  // namespace skyseed
