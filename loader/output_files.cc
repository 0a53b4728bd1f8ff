#include "loader/output_files.h"

#include <stdlib.h>
#include <unistd.h>

#include <system_error>

namespace skyseed {

namespace fs = std::filesystem;

namespace {

// A link inside an output folder was planted there (skyseed makes none):
// writing into out/ci through it would write wherever it points.
Status CheckNoLinksInside(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Status::Ok();
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec), end;
       !ec && it != end; it.increment(ec)) {
    if (it->is_symlink(ec)) {
      return Status::InvalidArgument(dir.string() + " holds a symbolic link, " +
                                     it->path().string() +
                                     ", which skyseed will not write through: remove it");
    }
  }
  return Status::Ok();
}

}  // namespace

Status PrepareOutputDir(const fs::path& dir) {
  std::error_code ec;
  SKYSEED_RETURN_IF_ERROR(CheckNoLinksInside(dir));
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir)) {
    return Status::InvalidArgument(dir.string() + " is not a directory" +
                                   (ec ? " and cannot be created: " + ec.message() : ""));
  }
  // A folder of a fresh name (mkdtemp), not a file of a fixed one: a link
  // planted under a fixed name would be written through.
  std::string probe = (dir / ".skyseed-write-probe-XXXXXX").string();
  if (mkdtemp(probe.data()) == nullptr) {
    return Status::InvalidArgument(dir.string() + " is not writable");
  }
  fs::remove(probe, ec);
  return Status::Ok();
}

fs::path AbsoluteOutputPath(const std::string& given) {
  if (given.empty()) return {};
  std::error_code ec;
  const fs::path absolute = fs::absolute(given, ec);
  if (ec) return fs::path(given);  // no working directory: the checks that follow name it
  fs::path normal = absolute.lexically_normal();
  // "out/" names the folder "out": without the trailing separator, its
  // parent_path() is the folder above.
  if (!normal.has_filename() && normal.has_relative_path()) normal = normal.parent_path();
  return normal;
}

Status CheckOutputDirCreatable(const fs::path& dir) {
  SKYSEED_RETURN_IF_ERROR(CheckNoLinksInside(dir));
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

}  // namespace skyseed
