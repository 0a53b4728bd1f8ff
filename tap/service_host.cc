#include "tap/service_host.h"

#include <arpa/inet.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
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

uid_t ServiceUid(const std::string& user) {
  const passwd* pw = user.empty() ? nullptr : getpwnam(user.c_str());
  return pw != nullptr ? pw->pw_uid : geteuid();
}

std::string ServiceGroup(const std::string& user) {
  const passwd* pw = user.empty() ? nullptr : getpwnam(user.c_str());
  const group* g = getgrgid(pw != nullptr ? pw->pw_gid : getegid());
  return g != nullptr ? g->gr_name : "";
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

Result<ProcessProof> AwaitProvenPid(const std::string& pid_file, uid_t uid, uint64_t not_before,
                                    const std::string& program, const std::string& log) {
  for (int i = 0; i < 100; ++i) {
    const int pid = std::atoi(ReadWholeFileOrEmpty(pid_file).c_str());
    if (std::optional<ProcessProof> p = ProveProcess(pid, uid, not_before)) return *p;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return Status::Database(program + " did not start, or its pid file " + pid_file +
                          " names no process it started; see " + log);
}

}  // namespace skyseed
