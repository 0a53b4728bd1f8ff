#include "tap/dachs_program.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cluster/pg_stack.h"
#include "cluster/run_as.h"
#include "common/child_process.h"
#include "common/file_identity.h"
#include "common/file_writes.h"
#include "tap/dachs_checks.h"
#include "tap/service_host.h"

namespace fs = std::filesystem;

namespace skyseed {
namespace {

constexpr const char* kDachsPackage = "gavodachs2-server";
// Where the package puts the program, inside the root.
constexpr const char* kRootDachs = "/usr/bin/dachs";

// The stack the embedded cluster in `data_dir` runs on, or will be made on.
Result<PgStack> ClusterStack(const std::string& data_dir, const std::string& stack_asked) {
  std::error_code ec;
  if (fs::exists(fs::path(data_dir) / "PG_VERSION", ec)) return StackForCluster(data_dir, "");
  return StackForNewCluster(stack_asked);
}

// The Version of an installed `package` in a dpkg status file; "" if none.
std::string InstalledVersion(const fs::path& status_file, const std::string& package) {
  std::ifstream in(status_file);
  bool ours = false, installed = false;
  std::string version;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) {
      if (ours && installed) return version;
      ours = installed = false;
      version.clear();
    } else if (line.rfind("Package: ", 0) == 0) {
      ours = line.substr(9) == package;
    } else if (line.rfind("Status: ", 0) == 0) {
      installed = line.find("install ok installed") != std::string::npos;
    } else if (line.rfind("Version: ", 0) == 0) {
      version = line.substr(9);
    }
  }
  return ours && installed ? version : "";
}

// The cluster owner's ids for the chrooted child (it switches for good).
Result<RunAs> DachsRunAs(const std::string& user) {
  SKYSEED_ASSIGN_OR_RETURN(const std::optional<UserIds> ids, LookUpUserIds(user));
  if (!ids) return RunAs{};
  return RunAs{true, user, ids->uid, ids->gid, ids->groups};
}

}  // namespace

std::string DachsProgram::Describe() const {
  return root.empty() ? "the host's" : "the " + stack + " root's (" + root + ")";
}

Result<DachsProgram> DachsForCluster(const std::string& data_dir, const std::string& stack_asked) {
  Result<PgStack> stack = ClusterStack(data_dir, stack_asked);
  // No stack to run on: the cluster's start says so; the host's DaCHS is
  // checked as before.
  if (!stack.ok() || stack->root.empty()) {
    SKYSEED_RETURN_IF_ERROR(CheckDachsInstalled());
    return DachsProgram{};
  }
  const DachsProgram p{stack->name, stack->root};
  if (access((p.root + kRootDachs).c_str(), X_OK) == 0 && !DachsPackageVersion(p).empty()) {
    return p;
  }
  return Status::InvalidArgument(
      "--target tap without --tap-url runs GAVO DaCHS from the stack the cluster runs on, " +
      stack->Describe() + ", which has no DaCHS: scripts/install-stack-" + stack->name +
      ".sh --with-dachs installs it there (the host's DaCHS 2.7 cannot set itself up on "
      "pg_sphere 1.5), or give --tap-url");
}

std::string DachsPackageVersion(const DachsProgram& p) {
  return InstalledVersion(p.root + "/var/lib/dpkg/status", kDachsPackage);
}

Status PrepareDachsRoot(const DachsProgram& p, const std::string& data_dir) {
  if (p.root.empty()) return Status::Ok();
  std::error_code ec;
  fs::create_directories(p.root + data_dir, ec);
  if (ec) return Status::IoError("cannot create " + p.root + data_dir + ": " + ec.message());
  return Status::Ok();
}

Status RunDachsProgram(const DachsProgram& p, const std::string& user, const std::string& data_dir,
                       const std::vector<std::string>& args,
                       const std::vector<std::string>& environment, const std::string& log_path) {
  if (p.root.empty()) {
    std::vector<std::string> argv = {"dachs"};
    argv.insert(argv.end(), args.begin(), args.end());
    return RunTool(AsUser(user, argv), log_path, environment);
  }
  // No shell: env(1) of the root sets the variables, then runs DaCHS.
  std::vector<std::string> argv = {"/usr/bin/env"};
  argv.insert(argv.end(), environment.begin(), environment.end());
  argv.push_back(kRootDachs);
  argv.insert(argv.end(), args.begin(), args.end());
  SKYSEED_ASSIGN_OR_RETURN(const RunAs as, DachsRunAs(user));
  SKYSEED_ASSIGN_OR_RETURN(const CommandOutput out,
                           RunCommand(argv, as, ServerRoot{p.root, data_dir}));
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(log_path, out.output));
  if (out.exit_code == 0) return Status::Ok();
  std::string text = out.output;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const size_t nl = text.rfind('\n');
  return Status::Database("dachs (" + p.stack + " root) failed (exit " +
                          std::to_string(out.exit_code) +
                          "): " + (nl == std::string::npos ? text : text.substr(nl + 1)));
}

}  // namespace skyseed
