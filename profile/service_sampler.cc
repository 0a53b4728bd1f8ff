#include "profile/service_sampler.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace skyseed {
namespace {

using SamplerRun = SamplingRun::Child;

int OpenFresh(const std::string& path) {
  return open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
}

// In the forked child: async-signal-safe calls only. A root is entered in a
// mount namespace of the sampler's own, /proc mounted inside it, so the
// host's mounts never change (as cluster/run_as.cc enters a server's root).
[[noreturn]] void ExecSampler(const char* root, const char* proc, char* const* argv, int out,
                              int err) {
  if (dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(126);
  const int null_fd = open("/dev/null", O_RDONLY);
  if (null_fd < 0 || dup2(null_fd, 0) < 0) _exit(126);
  if (root[0] != '\0' &&
      (unshare(CLONE_NEWNS) != 0 ||
       mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
       mount("proc", proc, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0 ||
       chroot(root) != 0 || chdir("/") != 0)) {
    _exit(125);
  }
  execv(argv[0], argv);
  _exit(127);
}

Status StartRun(const Sampler& s, const SampleWindow& w, SamplerRun* run) {
  const std::vector<std::string> args = SamplerArgv(s, run->pid, w, run->output);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string proc = s.root + "/proc";
  // py-spy writes its own file; austin writes to stdout, our file.
  const int out = OpenFresh(s.kind == SamplerKind::kAustin ? run->output : run->log + ".out");
  const int err = OpenFresh(run->log);
  if (out < 0 || err < 0) {
    if (out >= 0) close(out);
    if (err >= 0) close(err);
    return Status::IoError("cannot create " + run->output + " or " + run->log +
                           " (a fresh file, never through a link)");
  }
  run->child = fork();
  if (run->child == 0) ExecSampler(s.root.c_str(), proc.c_str(), argv.data(), out, err);
  close(out);
  close(err);
  if (run->child < 0) return Status::IoError("cannot fork the sampler");
  return Status::Ok();
}

// Waits for the samplers, each given its window and 30 s more; one still
// running then is killed (only our own children).
void WaitForRuns(std::vector<SamplerRun>* runs, double seconds) {
  timespec start{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (SamplerRun& r : *runs) {
    int status = 0;
    rusage usage{};
    while (r.child > 0) {
      const pid_t got = wait4(r.child, &status, WNOHANG, &usage);
      if (got == r.child) break;
      timespec now{};
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (got < 0 || static_cast<double>(now.tv_sec - start.tv_sec) > seconds + 30) {
        kill(r.child, SIGKILL);
        wait4(r.child, &status, 0, &usage);
        break;
      }
      usleep(50000);
    }
    r.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
              static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
}

std::string LastLine(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  }
  return last;
}

Status ReadRun(const SamplerRun& r, ServiceProfile* profile) {
  std::ifstream in(r.output);
  std::stringstream text;
  text << in.rdbuf();
  Result<CollapsedProfile> wall = ParseCollapsed(text.str(), ProfileClock::kWall);
  Result<CollapsedProfile> cpu = ParseCollapsed(text.str(), ProfileClock::kCpu);
  if (!wall.ok()) return wall.status();
  if (!cpu.ok()) return cpu.status();
  if (wall->samples == 0) return Status::NotFound("no samples: " + LastLine(r.log));
  MergeProfile(*wall, &profile->wall);
  MergeProfile(*cpu, &profile->cpu);
  ++profile->processes;
  return Status::Ok();
}

}  // namespace

std::vector<std::string> SamplerArgv(const Sampler& s, int pid, const SampleWindow& w,
                                     const std::string& output) {
  const std::string p = std::to_string(pid);
  if (s.kind == SamplerKind::kPySpy) {
    return {s.program,
            "record",
            "--nonblocking",
            "--format",
            "raw",
            "--rate",
            std::to_string(1000000 / std::max(1, w.interval_us)),
            "--duration",
            std::to_string(static_cast<int>(w.seconds + 0.5)),
            "--pid",
            p,
            "--output",
            output};
  }
  return {s.program, "-f",
          "-i",      std::to_string(w.interval_us),
          "-x",      std::to_string(static_cast<int>(w.seconds + 0.5)),
          "-p",      p};
}

SamplingRun StartSampling(const Sampler& s, const std::vector<int>& pids, const SampleWindow& w,
                          const std::string& work_dir) {
  SamplingRun run{s, w, {}, Status::Ok()};
  for (int pid : pids) {
    const std::string base = work_dir + "/profile-" + std::to_string(pid);
    run.children.push_back({pid, -1, base + ".txt", base + ".log", -1, 0});
  }
  for (SamplerRun& r : run.children) {
    if (run.started.ok()) run.started = StartRun(s, w, &r);
  }
  return run;
}

Result<ServiceProfile> FinishSampling(SamplingRun* run) {
  WaitForRuns(&run->children, run->window.seconds);
  SKYSEED_RETURN_IF_ERROR(run->started);
  ServiceProfile profile;
  profile.sampler = run->sampler.name;
  std::string failures;
  for (const SamplerRun& r : run->children) {
    profile.outputs.push_back(r.output);
    profile.sampler_cpu_s += r.cpu_s;
    Status read = ReadRun(r, &profile);
    if (!read.ok()) {
      failures += "process " + std::to_string(r.pid) + " (" + run->sampler.name + " exit " +
                  std::to_string(r.exit_code) + "): " + read.message() + "; ";
    }
  }
  if (profile.processes == 0) {
    return Status::Unavailable("the sampler read no process: " + failures);
  }
  return profile;
}

Result<ServiceProfile> SampleService(const Sampler& s, const std::vector<int>& pids,
                                     const SampleWindow& w, const std::string& work_dir) {
  SamplingRun run = StartSampling(s, pids, w, work_dir);
  return FinishSampling(&run);
}

}  // namespace skyseed
