#include "app/loading_options.h"

#include "common/machine_size.h"
#include "common/user_values.h"
#include "console/console_narrator.h"
#include "grow/memory_setting.h"

namespace skyseed {
namespace {

int DefaultJobs() { return ReadMachineSize().cores; }

}  // namespace

Status CheckMemorySetting(const std::string& value, const char* what) {
  // PostgreSQL's own syntax for a memory setting, checked here so that a typo
  // fails before anything is loaded rather than at the first index build.
  return MemorySettingKb(value, what).status();
}

Result<int> ParseJobs(const std::string& text) {
  if (text.empty()) return DefaultJobs();
  SKYSEED_ASSIGN_OR_RETURN(uint64_t j, ParseCount(text, "--jobs", 1, 64));
  return static_cast<int>(j);
}

void AddLoadingOptions(CLI::App* cmd, LoadingArgs* a) {
  cmd->add_option("--jobs", a->jobs, "parallel COPY connections and index builds (default: cores)");
  cmd->add_option("--maintenance-work-mem", a->mwm, "for index builds")->default_val(a->mwm);
  cmd->add_option("--retries", a->retries,
                  "times to resume after losing the server mid-way (a terminated backend, a "
                  "restart), waiting 1, 2, 4 ... 30 s between tries; 0 fails at once")
      ->default_val(a->retries);
  cmd->add_option("--gist-build", a->gist_build,
                  "during-load: the pg_sphere GiSTs grow with the load, their cost shared by "
                  "every loading connection; after-load: built once each table is loaded, one "
                  "backend per index (the footprint GiST is then the critical path)")
      ->default_val(a->gist_build);
  AddStandardNamesOption(cmd, &a->standard_names);
  cmd->add_option("--grant", a->grant_roles,
                  "ROLE (repeatable): give this existing role read access to the corpus tables "
                  "and skyseed's views, with grant option (what DaCHS's gavoadmin needs); "
                  "never ownership");
  AddConnectionOptions(cmd, &a->conn);
}

void AddStandardNamesOption(CLI::App* cmd, std::string* value) {
  cmd->add_option("--standard-names", *value,
                  "skyseed: present the tables (schema skyseed_corpus) as the views "
                  "ivoa.obscore and gaia.gaia_source; none: leave those names to a service "
                  "(DaCHS builds its own ivoa.obscore), dropping skyseed's views if it made "
                  "them. Default: skyseed for a new corpus; an existing one keeps its setting")
      ->type_name("skyseed|none")
      // Given empty, it would read as not given (the default).
      ->check(CLI::Validator(
          [](std::string& v) { return v.empty() ? std::string("expected skyseed or none") : ""; },
          "", "skyseed|none"));
}

Result<std::optional<bool>> ParseStandardNames(const std::string& value) {
  if (value.empty()) return std::optional<bool>();
  if (value == "skyseed") return std::optional<bool>(true);
  if (value == "none") return std::optional<bool>(false);
  return Status::InvalidArgument("--standard-names must be skyseed or none, not '" + value + "'");
}

Status ParseLoadingOptions(const LoadingArgs& a, GrowPlan* o) {
  Result<int> jobs = ParseJobs(a.jobs);
  if (!jobs.ok()) return jobs.status();
  o->jobs = *jobs;
  // The server's own range is checked again once connected (Grow); this
  // one comes before an embedded cluster is even started.
  SKYSEED_RETURN_IF_ERROR(CheckMemoryRange(a.mwm, "--maintenance-work-mem",
                                           kMaintenanceWorkMemMinKb, kMaintenanceWorkMemMaxKb));
  o->maintenance_work_mem = a.mwm;
  SKYSEED_ASSIGN_OR_RETURN(o->standard_names, ParseStandardNames(a.standard_names));
  if (a.gist_build != "during-load" && a.gist_build != "after-load") {
    return Status::InvalidArgument("--gist-build must be during-load or after-load, not '" +
                                   a.gist_build + "'");
  }
  o->gist_during_load = a.gist_build == "during-load";
  for (const std::string& role : a.grant_roles) {
    if (role.empty()) return Status::InvalidArgument("--grant needs a role name");
  }
  o->grant_roles = a.grant_roles;
  Result<uint64_t> retries = ParseCount(a.retries, "--retries", 0, 100);
  if (!retries.ok()) return retries.status();
  o->retries = static_cast<int>(*retries);
  return Status::Ok();
}

}  // namespace skyseed
