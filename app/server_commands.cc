// `skyseed server start|stop|status`: the embedded cluster.
#include <cstdio>
#include <memory>

#include "app/commands.h"
#include "app/connection_options.h"
#include "cluster/embedded_cluster.h"
#include "common/shell_quote.h"

namespace skyseed {

void AddServerCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand("server",
                                 "Manage skyseed's embedded PostgreSQL cluster "
                                 "(initdb on first start, unix socket only).");
  cmd->require_subcommand(1);
  auto data_dir = std::make_shared<std::string>(kDefaultDataDir);
  auto stack = std::make_shared<std::string>();
  for (const char* verb : {"start", "stop", "status"}) {
    auto* sub = cmd->add_subcommand(
        verb, std::string(verb) + " the embedded cluster" +
                  (std::string(verb) == "stop"
                       ? " (refused while a sweep runs on it; stops and removes what a killed "
                         "sweep left, from the sweep's record)"
                       : ""));
    sub->add_option("--data-dir", *data_dir, "the cluster's folder")->default_val(kDefaultDataDir);
    if (std::string(verb) == "start") AddPgStackOption(sub, stack.get());
    const std::string v = verb;
    sub->callback([=] {
      *run = [=]() -> Status {
        if (v == "start") {
          Result<EmbeddedCluster> c =
              StartEmbeddedCluster(*data_dir, DetectMachine(2), kEmbeddedDatabase, *stack);
          if (!c.ok()) return NamingDataDirOption(c.status());
          if (!c->note.empty()) std::fprintf(stderr, "skyseed: %s\n", c->note.c_str());
          SKYSEED_RETURN_IF_ERROR(SayReaped(c->data_dir));
          std::printf("running on %s; connect with: psql %s\n", c->stack.c_str(),
                      ShellQuoted(c->conninfo).c_str());
          return Status::Ok();
        }
        if (v == "stop") {
          // While the server still runs: the roles go from its database. A
          // live sweep's are its own to remove: refused while it runs.
          Result<ClusterState> state = EmbeddedClusterState(*data_dir);
          if (state.ok() && state->running) SKYSEED_RETURN_IF_ERROR(SayReaped(*data_dir, true));
          SKYSEED_RETURN_IF_ERROR(NamingDataDirOption(StopEmbeddedCluster(*data_dir)));
          std::printf("stopped\n");
          return Status::Ok();
        }
        Result<ClusterState> s = EmbeddedClusterState(*data_dir);
        if (!s.ok()) return NamingDataDirOption(s.status());
        std::printf("%s on %s", DescribeClusterState(*s).c_str(), s->stack.c_str());
        if (s->running) std::printf("; connect with: psql %s", ShellQuoted(s->conninfo).c_str());
        std::printf("\n");
        return Status::Ok();
      };
    });
  }
}

}  // namespace skyseed
