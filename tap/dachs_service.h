// GAVO DaCHS run by skyseed for the database it grew, as skyseed runs
// PostgreSQL itself: a private configuration in a folder under the embedded
// cluster's data directory, the corpus published with the RD `skyseed
// dachs-rd` writes, served on a loopback port only. Stopping it unpublishes
// everything DaCHS added (its roles, schemas, grants and files), leaving the
// database as `skyseed verify` expects it.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/narrator.h"
#include "common/status.h"
#include "loader/pg_connection.h"

namespace skyseed {

struct DachsOptions {
  std::string data_dir;  // the embedded cluster's, absolute: DaCHS's folder goes under it
  std::string dbname;
  std::string schema;                 // where the corpus tables are (kCorpusSchema)
  std::vector<std::string> settings;  // "section.key=value" lines for gavo.rc
};

// InvalidArgument naming the Debian packages when DaCHS is not installed.
Status CheckDachsInstalled();
// "web.serverProcesses=2": a gavo.rc item; InvalidArgument otherwise.
Status CheckDachsSetting(const std::string& setting);
// InvalidArgument when the database already holds DaCHS's schemas (dc,
// tap_schema, uws; ivoa unless `ivoa_is_skyseeds`) or roles of the names
// skyseed's DaCHS uses: unpublishing would remove what is not ours.
Status CheckNoDachsIn(PgConnection& conn, bool ivoa_is_skyseeds);

class DachsService {
 public:
  // Configures, imports and serves; on failure undoes whatever it did.
  static Result<std::unique_ptr<DachsService>> Start(const DachsOptions& options,
                                                     PgConnection& conn, Narrator& narrator);
  ~DachsService();  // Stop(), if not stopped yet; a failure goes to stderr
  DachsService(const DachsService&) = delete;
  DachsService& operator=(const DachsService&) = delete;

  // Stops the server and removes its roles, schemas and folder.
  Status Stop();
  const std::string& url() const { return url_; }  // http://127.0.0.1:PORT/tap
  int pid() const { return pid_; }                 // the server's process
  // DaCHS serves from one Python process: it can use one core at most.
  double ceiling_cores() const { return 1; }
  // Version, the settings written and the ceiling, for the sweep's setup.
  nlohmann::json Describe() const;

 private:
  DachsService(const DachsOptions& options, PgConnection& conn);
  Status Configure(Narrator& narrator);
  Status Serve();
  // As `as_user` (through runuser) when given, else as ourselves.
  Status RunDachs(const std::vector<std::string>& args, const std::string& log_name,
                  const std::string& as_user = "");
  Status RemoveFromDatabase();

  DachsOptions options_;
  PgConnection& conn_;
  std::string root_;  // the private folder
  std::string url_;
  std::string version_;
  std::string rc_text_;
  int port_ = 0;
  int pid_ = 0;
  bool initialised_ = false;  // roles and schemas exist and must be removed
  bool stopped_ = false;
};

}  // namespace skyseed
