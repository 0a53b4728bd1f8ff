// `skyseed tap-schema`: TAP 1.1 TAP_SCHEMA for the corpus, for a TAP service
// that reads its metadata from the database.
#include <cstdio>
#include <memory>

#include "app/commands.h"
#include "app/connection_options.h"
#include "loader/pg_connection.h"
#include "publish/tap_metadata.h"

namespace skyseed {

void AddTapSchemaCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "tap-schema",
      "Write TAP 1.1 TAP_SCHEMA (schemas, tables, columns with datatype, unit, UCD, utype, "
      "description, indexed / principal / std; keys) describing ivoa.obscore and "
      "gaia.gaia_source, for a TAP service that reads its metadata from the database. "
      "Rewrites a TAP_SCHEMA skyseed wrote; never touches a service's own (DaCHS keeps one).");
  auto conn = std::make_shared<ConnectionOptions>();
  AddConnectionOptions(cmd, conn.get());
  cmd->callback([=] {
    *run = [=]() -> Status {
      // It writes only beside a corpus, so like the commands that read it
      // never creates a cluster, a database or a folder to find none there.
      SKYSEED_ASSIGN_OR_RETURN(std::string conninfo, ResolveReadOnlyConninfo(*conn));
      SKYSEED_ASSIGN_OR_RETURN(std::unique_ptr<PgConnection> c, PgConnection::Connect(conninfo));
      SKYSEED_ASSIGN_OR_RETURN(int columns, WriteTapSchema(*c));
      std::printf("tap_schema written: 2 tables, %d columns\n", columns);
      return Status::Ok();
    };
  });
}

}  // namespace skyseed
