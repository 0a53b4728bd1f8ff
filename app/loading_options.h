// The options grow, load and sweep share: how hard to work, how to survive
// losing the server, and which server.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "app/connection_options.h"
#include "common/status.h"
#include "grow/grow.h"

namespace skyseed {

struct LoadingArgs {
  std::string jobs, mwm = GrowPlan{}.maintenance_work_mem,
                    retries = std::to_string(GrowPlan{}.retries), standard_names,
                    gist_build = "during-load";
  std::vector<std::string> grant_roles;
  ConnectionOptions conn;
};

void AddLoadingOptions(CLI::App* cmd, LoadingArgs* a);
// --standard-names skyseed|none, for grow, load, sweep and init. Without a
// default: only an option given changes an existing corpus.
void AddStandardNamesOption(CLI::App* cmd, std::string* value);
// nullopt when the option was not given (`value` empty).
Result<std::optional<bool>> ParseStandardNames(const std::string& value);
// InvalidArgument unless `value` is a memory size PostgreSQL accepts.
Status CheckMemorySetting(const std::string& value, const char* what);
// --jobs: 1-64, default the number of cores.
Result<int> ParseJobs(const std::string& text);
// Everything but the connection, which may start the embedded cluster and
// so comes after every other check.
Status ParseLoadingOptions(const LoadingArgs& a, GrowPlan* o);

}  // namespace skyseed
