// `skyseed dachs-rd`: writes the GAVO DaCHS resource descriptor that
// publishes the corpus tables through DaCHS's TAP service (see
// schema/dachs_rd.h). Touches no database.
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/commands.h"
#include "common/utc_now.h"
#include "loader/output_files.h"
#include "schema/corpus_schema.h"
#include "schema/dachs_rd.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// DaCHS names an RD by its path under inputsDir, without ".rd"; skyseed does
// not read DaCHS's configuration, so it assumes the usual one level down
// (inputs/skyseed/q.rd is skyseed/q). The commands are docs/tap.md's ("Serve
// it with DaCHS", which tests/tap/readme_dachs_test.sh runs as printed) for
// this RD and schema, line for line (tests/cli/dachs_rd_commands_test.py);
// DaCHS's database is gavo, as Debian's package sets it up.
void PrintPublishCommands(const fs::path& written, const std::string& schema) {
  const std::string folder = written.parent_path().filename().string();
  const std::string id = folder + "/" + written.stem().string();
  const std::string inputs = "\"$(dachs config inputsDir)/";
  std::printf(
      "publish (RD id %s, the file in DaCHS's inputsDir; docs/tap.md, \"Serve it with DaCHS\"):\n"
      "  dachs imp //obscore && dachs imp -m %s && dachs imp //obscore create\n"
      "  dachs serve restart\n"
      "unpublish (DaCHS's database gavo, as its Debian package makes it):\n"
      "  dachs serve stop\n"
      "  dachs drop -f %s && dachs imp //obscore create\n"
      "  rm -f %s%s.rd\" && rmdir --ignore-fail-on-non-empty %s%s\"\n"
      "  psql -d gavo -c 'REVOKE ALL ON ALL TABLES IN SCHEMA %s FROM gavoadmin CASCADE' "
      "-c 'REVOKE ALL ON SCHEMA %s FROM gavoadmin CASCADE'\n"
      "  skyseed verify --db dbname=gavo\n",
      id.c_str(), id.c_str(), id.c_str(), inputs.c_str(), id.c_str(), inputs.c_str(),
      folder.c_str(), schema.c_str(), schema.c_str());
}

Status WriteDachsRd(const std::string& out, const std::string& schema) {
  // Both checked before anything is written.
  if (!IsPlainIdentifier(schema)) {
    return Status::InvalidArgument("--schema '" + schema +
                                   "' is not a plain lower-case SQL name ([a-z_][a-z0-9_]*)");
  }
  if (out.empty() || !fs::path(out).has_filename()) {
    return Status::InvalidArgument("--out '" + out + "' names no file");
  }
  const fs::path path = AbsoluteOutputPath(out);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    return Status::InvalidArgument("--out " + out + " is a directory, not a file");
  }
  const Status dir_ok = PrepareOutputDir(path.parent_path());
  if (!dir_ok.ok()) return Status::InvalidArgument("--out " + dir_ok.message());
  SKYSEED_RETURN_IF_ERROR(WriteFileAtomically(path, DachsResourceDescriptor(schema, UtcNowText())));
  std::printf("%s\n", path.c_str());
  PrintPublishCommands(path, schema);
  return Status::Ok();
}

}  // namespace

void AddDachsRdCommand(CLI::App& app, CommandRun* run) {
  auto* cmd = app.add_subcommand(
      "dachs-rd",
      "Write a GAVO DaCHS resource descriptor (RD) that publishes the corpus tables "
      "(ObsCore and the source catalogue) through DaCHS's TAP service, the ObsCore rows "
      "also in DaCHS's ivoa.obscore. The tables stay skyseed's: DaCHS only reads them. "
      "Grow with --standard-names none, so that DaCHS can own ivoa.obscore.");
  struct Args {
    std::string out;
    std::string schema = kCorpusSchema;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--out", a->out, "the RD file to write (its folder is created if missing)")
      ->required();
  cmd->add_option("--schema", a->schema, "the schema holding the corpus tables")
      ->capture_default_str();
  cmd->footer(
      "To publish, with DaCHS installed (its database gavo, feed role gavoadmin), as a\n"
      "superuser of DaCHS's PostgreSQL (docs/tap.md, \"Serve it with DaCHS\", runs as is):\n"
      "  1. skyseed grow --tier ci --db dbname=gavo --standard-names none --grant gavoadmin\n"
      "     (the corpus in DaCHS's database; read access with grant option, which DaCHS\n"
      "     passes on to its query roles)\n"
      "  2. skyseed dachs-rd --out \"$(dachs config inputsDir)/skyseed/q.rd\"\n"
      "     dachs imp //obscore && dachs imp -m skyseed/q && dachs imp //obscore create\n"
      "  3. dachs serve restart   (starts it, or makes a running one read the RD)\n"
      "It prints these and the unpublish commands: `dachs serve stop`, `dachs drop -f\n"
      "skyseed/q` (a plain drop or purge tries to DROP the tables), `dachs imp //obscore\n"
      "create`, the RD and its folder removed, a REVOKE of gavoadmin's read with everything\n"
      "it passed on, and `skyseed verify`.");
  cmd->callback([=] { *run = [=]() -> Status { return WriteDachsRd(a->out, a->schema); }; });
}

}  // namespace skyseed
