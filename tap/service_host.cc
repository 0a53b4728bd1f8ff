#include "tap/service_host.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "common/file_reads.h"

namespace fs = std::filesystem;

namespace skyseed {

bool OnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  size_t start = 0;
  for (;;) {
    const size_t colon = dirs.find(':', start);
    const std::string dir = dirs.substr(start, colon == std::string::npos ? colon : colon - start);
    if (!dir.empty() && access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
    if (colon == std::string::npos) return false;
    start = colon + 1;
  }
}

Result<int> FreeLoopbackPort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return Status::IoError("socket: cannot pick a loopback port");
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
  close(fd);
  if (!ok) return Status::IoError("cannot pick a loopback port");
  return static_cast<int>(ntohs(a.sin_port));
}

std::string ServiceUser(const std::string& data_dir) {
  struct stat st;
  if (geteuid() != 0 || stat(data_dir.c_str(), &st) != 0 || st.st_uid == 0) return "";
  const passwd* pw = getpwuid(st.st_uid);
  return pw != nullptr ? pw->pw_name : "";
}

Status HandFolderTo(const std::string& root, const std::string& user) {
  if (user.empty()) return Status::Ok();
  const passwd* pw = getpwnam(user.c_str());
  if (pw == nullptr) return Status::InvalidArgument("no user " + user + " to run the service as");
  std::error_code ec;
  if (lchown(root.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
    return Status::IoError("cannot hand " + root + " to " + user);
  }
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (lchown(it->path().c_str(), pw->pw_uid, pw->pw_gid) != 0) {
      return Status::IoError("cannot hand " + it->path().string() + " to " + user);
    }
  }
  if (ec) return Status::IoError("cannot hand " + root + " to " + user + ": " + ec.message());
  return Status::Ok();
}

std::string RandomPassword() {
  std::string text;
  FILE* f = std::fopen("/dev/urandom", "rb");
  unsigned char raw[16] = {};
  if (f != nullptr) {
    if (std::fread(raw, 1, sizeof raw, f) != sizeof raw) raw[0] ^= 1;
    std::fclose(f);
  }
  static const char* hex = "0123456789abcdef";
  for (unsigned char c : raw) {
    text.push_back(hex[c >> 4]);
    text.push_back(hex[c & 15]);
  }
  return text;
}

std::vector<std::string> AsUser(const std::string& user, std::vector<std::string> argv) {
  if (user.empty()) return argv;
  std::vector<std::string> wrapped = {"runuser", "-u", user, "--"};
  wrapped.insert(wrapped.end(), argv.begin(), argv.end());
  return wrapped;
}

bool ProcessRuns(int pid, const char* program) {
  if (pid <= 0 || kill(pid, 0) != 0) return false;
  return ReadWholeFileOrEmpty("/proc/" + std::to_string(pid) + "/cmdline").find(program) !=
         std::string::npos;
}

int RunningPid(const std::string& pid_file, const char* program) {
  const int pid = std::atoi(ReadWholeFileOrEmpty(pid_file).c_str());
  return ProcessRuns(pid, program) ? pid : 0;
}

void StopProcess(int pid, const char* program) {
  if (ProcessRuns(pid, program)) kill(pid, SIGTERM);
  for (int i = 0; i < 100 && ProcessRuns(pid, program); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (ProcessRuns(pid, program)) kill(pid, SIGKILL);
}

}  // namespace skyseed
