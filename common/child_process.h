// Running a child program (pgbench and tapbench as a sweep's load engines,
// dachs, psql): no shell between us and it (every argument is passed as
// is), its output kept in a file, its own CPU time measured (a load
// generator sharing the cores with the server must be able to say when it
// was the ceiling), and a callback while it runs so the server can be
// sampled during the window.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/status.h"

namespace skyseed {

struct ProcessRun {
  int exit_code = 0;
  double wall_seconds = 0;
  double cpu_seconds = 0;  // user + system of the process and its threads
};

// Runs argv[0] (looked up in PATH) with stdout and stderr written to
// output_path (a fresh file, never through a link), in working directory
// `cwd`, with skyseed's environment plus `environment` (NAME=VALUE, which
// replace variables of the same names). on_tick runs about every
// tick_seconds until the process exits; a failed tick is returned after the
// process has been stopped (SIGTERM, then SIGKILL).
Result<ProcessRun> RunProcess(const std::vector<std::string>& argv, const std::string& cwd,
                              const std::string& output_path, double tick_seconds,
                              const std::function<Status()>& on_tick,
                              const std::vector<std::string>& environment = {});

// Runs body() in a forked child process named `name` (what ps and pgrep
// show as its command name), as RunProcess runs a program: stdout and
// stderr to output_path, in `cwd`, on_tick while it runs; the exit code is
// body()'s. The child ends when the calling thread does (PR_SET_PDEATHSIG),
// and SIGINT and SIGTERM end it. For a load generator of skyseed's own: its
// CPU is measured as a process apart, with no program to look up.
Result<ProcessRun> RunInChild(const char* name, const std::function<int()>& body,
                              const std::string& cwd, const std::string& output_path,
                              double tick_seconds, const std::function<Status()>& on_tick);

// Runs a client program (psql, pgbench, dachs) to completion; its output
// goes to output_path, and a failure quotes its last line.
Status RunTool(const std::vector<std::string>& argv, const std::string& output_path,
               const std::vector<std::string>& environment = {});

}  // namespace skyseed
