#include "profile/sampler_search.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cluster/pg_stack.h"
#include "cluster/run_as.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

std::string OnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const std::string candidate = dir + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// A root's file is trusted only if root owns it and no one else can write
// it, nor any folder on the way to it from the root: we run it as root,
// chrooted, with /proc mounted on the root's own /proc.
bool RootAlone(const fs::path& p, bool dir) {
  struct stat st {};
  return lstat(p.c_str(), &st) == 0 && (dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode)) &&
         st.st_uid == 0 && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

bool TrustedRootAustin(const fs::path& root) {
  for (const char* dir : {"", "/usr", "/usr/bin", "/proc"}) {
    if (!RootAlone(root.string() + dir, true)) return false;
  }
  return RootAlone(root / "usr/bin/austin", false);
}

// The root's dpkg record of austin: "Version: 3.7.0-1".
std::string RootAustinVersion(const fs::path& root) {
  std::ifstream status(root / "var/lib/dpkg/status");
  std::string line;
  bool in_austin = false;
  while (std::getline(status, line)) {
    if (line.rfind("Package: ", 0) == 0) in_austin = line == "Package: austin";
    if (in_austin && line.rfind("Version: ", 0) == 0) return line.substr(9);
  }
  return "";
}

Result<Sampler> AustinInARoot() {
  const fs::path dir = StacksDir();
  std::error_code ec;
  if (RootAlone(dir, true)) {
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
      const std::string version = RootAustinVersion(e.path());
      if (!TrustedRootAustin(e.path()) || MajorVersion(version) < 3) continue;
      if (geteuid() != 0) {
        return Status::NotFound("austin " + version + " is in the root " + e.path().string() +
                                ", which only root can enter: run skyseed as root");
      }
      return Sampler{
          SamplerKind::kAustin, "/usr/bin/austin", e.path().string(),
          "austin " + version.substr(0, version.find('-')) + " (root " + e.path().string() + ")"};
    }
  }
  return Status::NotFound(
      "no Python sampler: py-spy is not on PATH, nor austin >= 3 (Debian 12's austin 1.0.1 "
      "cannot read Python 3.11), and no root under " +
      dir.string() +
      " has austin; make one with scripts/install-stack-debian13.sh (a Debian 13 root with "
      "austin 3.7), or put py-spy on PATH (pip install py-spy)");
}

}  // namespace

int MajorVersion(const std::string& version_text) {
  for (size_t i = 0; i < version_text.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(version_text[i])) &&
        (i == 0 || version_text[i - 1] == ' ')) {
      return std::atoi(version_text.c_str() + i);
    }
  }
  return 0;
}

Result<Sampler> FindSampler() {
  const std::string py_spy = OnPath("py-spy");
  if (!py_spy.empty()) return Sampler{SamplerKind::kPySpy, py_spy, "", "py-spy"};
  const std::string austin = OnPath("austin");
  if (!austin.empty()) {
    Result<CommandOutput> v = RunCommand({austin, "-V"}, RunAs{});
    if (v.ok() && MajorVersion(v->output) >= 3) {
      std::string version = v->output.substr(0, v->output.find('\n'));
      return Sampler{SamplerKind::kAustin, austin, "", version};
    }
  }
  return AustinInARoot();
}

}  // namespace skyseed
