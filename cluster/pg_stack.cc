#include "cluster/pg_stack.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <system_error>

#include "common/file_reads.h"

namespace skyseed {

namespace fs = std::filesystem;

namespace {

constexpr char kDefaultStacksDir[] = "/var/lib/skyseed/stacks";
constexpr char kHostStack[] = "host";

std::optional<int> ParseMajor(const std::string& text) {
  int major = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, major);
  if (ec != std::errc() || major <= 0 || (ptr != end && *ptr != '\n' && *ptr != '.')) {
    return std::nullopt;
  }
  return major;
}

bool Executable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

// Complete: the server programs and pg_sphere's control file, which the
// package puts in the share folder of the same major version.
bool Complete(const PgStack& s) {
  if (!Executable(s.HostPath("initdb")) || !Executable(s.HostPath("pg_ctl")) ||
      !Executable(s.HostPath("postgres"))) {
    return false;
  }
  if (s.major == 0) return true;  // $SKYSEED_PG_BINDIR: its owner's choice
  std::error_code ec;
  return fs::exists(
      s.root + "/usr/share/postgresql/" + std::to_string(s.major) + "/extension/pg_sphere.control",
      ec);
}

// The majors under <root>/usr/lib/postgresql, newest first.
std::vector<int> MajorsUnder(const std::string& root) {
  std::vector<int> majors;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(root + "/usr/lib/postgresql", ec)) {
    if (const std::optional<int> m = ParseMajor(e.path().filename().string())) majors.push_back(*m);
  }
  std::sort(majors.rbegin(), majors.rend());
  return majors;
}

PgStack StackOf(const std::string& name, const std::string& root, int major) {
  return PgStack{name, root, major, "/usr/lib/postgresql/" + std::to_string(major) + "/bin"};
}

// A root is trusted only if root owns it and no one else can write it: its
// programs run chrooted, and its folders receive bind mounts made as root.
bool OwnedByRootAlone(const fs::path& p) {
  struct stat st {};
  return lstat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == 0 &&
         (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

std::vector<PgStack> HostStacks() {
  const char* env = std::getenv("SKYSEED_PG_BINDIR");
  if (env != nullptr && *env != '\0') {
    const int major = ParseMajor(fs::path(env).parent_path().filename().string()).value_or(0);
    return {PgStack{kHostStack, "", major, env}};
  }
  std::vector<PgStack> found;
  for (int major : MajorsUnder("")) {
    PgStack s = StackOf(kHostStack, "", major);
    if (Complete(s)) found.push_back(s);
  }
  return found;
}

std::vector<PgStack> RootStacks() {
  std::vector<PgStack> found;
  const fs::path dir = StacksDir();
  if (!OwnedByRootAlone(dir)) return found;
  std::error_code ec;
  std::vector<fs::path> roots;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) roots.push_back(e.path());
  std::sort(roots.begin(), roots.end());
  for (const fs::path& root : roots) {
    if (!OwnedByRootAlone(root)) continue;
    for (int major : MajorsUnder(root.string())) {
      PgStack s = StackOf(root.filename().string(), root.string(), major);
      if (Complete(s)) found.push_back(s);
    }
  }
  return found;
}

std::string Names(const std::vector<PgStack>& stacks) {
  std::string names;
  for (const PgStack& s : stacks) names += (names.empty() ? "" : ", ") + s.Describe();
  return names.empty() ? "none" : names;
}

}  // namespace

std::string PgStack::HostPath(const std::string& program) const {
  return root + bindir + "/" + program;
}

std::string PgStack::RunPath(const std::string& program) const { return bindir + "/" + program; }

std::string PgStack::Describe() const {
  const std::string version = major > 0 ? "PostgreSQL " + std::to_string(major) : bindir;
  return root.empty() ? version + " (host)" : version + " (" + name + " root " + root + ")";
}

fs::path StacksDir() {
  const char* env = std::getenv("SKYSEED_STACKS_DIR");
  return env != nullptr && *env != '\0' ? fs::path(env) : fs::path(kDefaultStacksDir);
}

std::vector<PgStack> InstalledStacks() {
  std::vector<PgStack> all = HostStacks();
  for (PgStack& s : RootStacks()) all.push_back(std::move(s));
  return all;
}

Result<PgStack> StackForNewCluster(const std::string& asked) {
  const std::vector<PgStack> all = InstalledStacks();
  const std::string name = asked.empty() ? kHostStack : asked;
  for (const PgStack& s : all) {
    if (s.name == name) return s;  // newest first
  }
  if (name == kHostStack) {
    return Status::NotFound(
        "no PostgreSQL with pg_sphere is installed (scripts/install-deps.sh installs "
        "postgresql-15 and postgresql-15-pgsphere; or set SKYSEED_PG_BINDIR)");
  }
  return Status::NotFound("no stack \"" + name + "\" with PostgreSQL and pg_sphere in " +
                          StacksDir().string() + " (scripts/install-stack-" + name +
                          ".sh makes one; installed: " + Names(all) + ")");
}

Result<PgStack> StackForCluster(const fs::path& dir, const std::string& asked) {
  const Result<std::string> text = ReadWholeFile(dir / "PG_VERSION");
  const std::optional<int> major = text.ok() ? ParseMajor(*text) : std::nullopt;
  if (!major)
    return Status::InvalidArgument("data directory " + dir.string() + " has no PG_VERSION");
  const std::vector<PgStack> all = InstalledStacks();
  for (const PgStack& s : all) {
    if ((s.major == *major || s.major == 0) && (asked.empty() || asked == s.name)) return s;
  }
  if (!asked.empty()) {
    return Status::InvalidArgument("the cluster in " + dir.string() + " is PostgreSQL " +
                                   std::to_string(*major) + ", which stack \"" + asked +
                                   "\" does not hold (installed: " + Names(all) + ")");
  }
  return Status::NotFound("the cluster in " + dir.string() + " is PostgreSQL " +
                          std::to_string(*major) +
                          ", which no installed stack holds (installed: " + Names(all) + ")");
}

}  // namespace skyseed
