#include "workload/workload_text.h"

#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "generator/text_format.h"
#include "schema/corpus_schema.h"
#include "schema/manifest_schema.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

std::string Num(uint64_t v) { return std::to_string(v); }

// The query forms of docs/corpus.md ("Where the tables live, and how to
// query them"), with the cone's pgbench variables as the centre and radius.
// The position and footprint are the expressions the GiST
// indexes are built on (schema/corpus_schema.h), or no index is used.
constexpr const char* kCircle = "scircle(spoint(radians(:ra), radians(:dec)), radians(:radius))";

std::string ConeWhere() {
  return PositionExpression(CorpusTableWithId(kSourceTableId), UnquotedIdentifier) + " <@ ";
}

// skyseed_corpus.obscore: the tables themselves, present whether or not
// skyseed also presents them under their standard names (a view over them
// plans the same).
std::string Table(uint32_t id) {
  return PhysicalTableName(CorpusTableWithId(id), UnquotedIdentifier);
}

std::string FootprintWhere() {
  return FootprintExpression(CorpusTableWithId(kObsCoreTableId), UnquotedIdentifier) + " && ";
}

// "-- skyseed workload, tier ci, seed 1 (skyseed-gen-5): <what>"
std::string Banner(const WorkloadText& t, const std::string& what) {
  std::string s = "-- skyseed workload, tier ";
  s += t.tier.name;
  s += ", seed ";
  s += Num(t.options.seed);
  s += " (";
  s += kGeneratorVersion;
  s += "): ";
  s += what;
  s += "\n";
  return s;
}

std::string PickLine(uint32_t n) { return "\\set i random(1, " + Num(n) + ")\n"; }

// Fails the load, not the benchmark, when the parameters belong to another
// corpus or a tier the database has not reached. Skipped on a database that
// skyseed did not grow (no skyseed schema): the caller vouches for it.
std::string CorpusCheck(const WorkloadText& t) {
  const std::string seed = Num(t.options.seed);
  std::string s = "DO $check$\nBEGIN\n";
  s += "  IF " + ManifestTableExistsSql(ManifestCorpus()) + " AND NOT EXISTS (\n";
  s += "      " + CorpusOfSeedSql(t.options.seed) + ") THEN\n";
  s += "    RAISE EXCEPTION 'this database holds another corpus than seed " + seed + " (";
  s += std::string(kGeneratorVersion) + "); run skyseed workload with its --seed';\n";
  s += "  END IF;\n";
  s += "  IF " + ManifestTableExistsSql(ManifestTierTable()) + " AND (\n";
  for (const TableDef& table : CorpusTables()) {
    s += "      NOT EXISTS (" + TierReachedRowsSql(table, t.tier.RowsOf(table)) + ")";
    s += table.index + 1 < CorpusTables().size() ? " OR\n" : ") THEN\n";
  }
  s += "    RAISE EXCEPTION 'this database has not reached tier " + t.tier.name +
       "; grow it first';\n";
  s += "  END IF;\nEND\n$check$;\n";
  return s;
}

std::string CreateTables(const WorkloadText& t) {
  std::string s =
      "DROP SCHEMA IF EXISTS skyseed_workload CASCADE;\n"
      "CREATE SCHEMA skyseed_workload;\n"
      "CREATE TABLE skyseed_workload.info (tier text NOT NULL, seed bigint NOT NULL,\n"
      "  generator_version text NOT NULL, lookups integer NOT NULL, cones integer NOT NULL);\n";
  s += "INSERT INTO skyseed_workload.info VALUES ('" + t.tier.name + "', " + Num(t.options.seed) +
       ", '" + kGeneratorVersion + "', " + Num(t.options.lookups) + ", " + Num(t.options.cones) +
       ");\n";
  s += "CREATE TABLE skyseed_workload.lookup_source (i integer PRIMARY KEY,\n"
       "  source_id bigint NOT NULL);\n"
       "CREATE TABLE skyseed_workload.lookup_obs (i integer PRIMARY KEY,\n"
       "  obs_pk bigint NOT NULL, obs_id text NOT NULL);\n"
       "CREATE TABLE skyseed_workload.cone (i integer PRIMARY KEY,\n"
       "  ra double precision NOT NULL, dec double precision NOT NULL,\n"
       "  radius double precision NOT NULL);\n";
  return s;
}

std::string InlineCopy(const char* table, const char* columns, const std::string& csv) {
  std::string s = "COPY skyseed_workload.";
  s += table;
  s += " (";
  s += columns;
  s += ") FROM STDIN WITH (FORMAT csv, HEADER true);\n";
  s += csv;
  s += "\\.\n";
  return s;
}

std::string ConeHeader(const WorkloadText& t, const std::string& what) {
  std::string s = Banner(t, what);
  s += "-- at one of " + Num(t.options.cones) + " cone centres on the survey fields.\n";
  s += PickLine(t.options.cones);
  s += "SELECT ra, dec, radius FROM skyseed_workload.cone WHERE i = :i \\gset\n";
  return s;
}

}  // namespace

std::string LookupSourceScript(const WorkloadText& t) {
  std::string s = Banner(t, "one Gaia source by its key,");
  s += "-- drawn from " + Num(t.options.lookups) + " source IDs of rows the tier holds.\n";
  s += PickLine(t.options.lookups);
  s += "SELECT source_id FROM skyseed_workload.lookup_source WHERE i = :i \\gset\n";
  s += "SELECT * FROM " + Table(kSourceTableId) + " WHERE source_id = :source_id;\n";
  return s;
}

std::string LookupObsScript(const WorkloadText& t) {
  std::string s = Banner(t, "one observation by its key obs_pk,");
  s += "-- drawn from " + Num(t.options.lookups) + " observations the tier holds.\n";
  s += PickLine(t.options.lookups);
  s += "SELECT obs_pk FROM skyseed_workload.lookup_obs WHERE i = :i \\gset\n";
  s += "SELECT * FROM " + Table(kObsCoreTableId) + " WHERE obs_pk = :obs_pk;\n";
  return s;
}

// obs_id is text: a subquery rather than \gset, because pgbench would paste
// a text variable unquoted (and as a parameter under -M prepared).
std::string LookupObsIdScript(const WorkloadText& t) {
  std::string s = Banner(t, "one observation by obs_id (obscore_obs_id_idx),");
  s += "-- the same " + Num(t.options.lookups) + " observations as lookup_obs.sql.\n";
  s += PickLine(t.options.lookups);
  s += "SELECT * FROM " + Table(kObsCoreTableId) +
       " WHERE obs_id = (SELECT obs_id FROM skyseed_workload.lookup_obs WHERE i = :i);\n";
  return s;
}

std::string ConeSourceScript(const WorkloadText& t) {
  std::string s = ConeHeader(t, "a cone search through gaia_source_pos_idx,");
  s += "SELECT source_id, ra, dec, phot_g_mean_mag FROM " + Table(kSourceTableId) + " WHERE ";
  s += ConeWhere() + kCircle + ";\n";
  return s;
}

std::string FootprintObscoreScript(const WorkloadText& t) {
  std::string s = ConeHeader(t, "footprints meeting a circle, through obscore_s_region_idx,");
  s += "SELECT obs_id, s_ra, s_dec, s_region FROM " + Table(kObsCoreTableId) + " WHERE ";
  s += FootprintWhere() + kCircle + ";\n";
  return s;
}

// What users' comparison runs found limited by parallel workers and
// shared_buffers: every observation read, grouped.
std::string AggregateObscoreScript(const WorkloadText& t) {
  std::string s = Banner(t, "observations counted by product type over the whole table.");
  s += "SELECT dataproduct_type, count(*), avg(t_exptime) FROM " + Table(kObsCoreTableId) +
       " GROUP BY dataproduct_type;\n";
  return s;
}

std::string SourceCsv(const WorkloadParams& p) {
  std::string s = "i,source_id\n";
  for (size_t k = 0; k < p.sources.size(); ++k) {
    AppendInt(&s, static_cast<int64_t>(k + 1));
    s.push_back(',');
    AppendInt(&s, p.sources[k].source_id);
    s.push_back('\n');
  }
  return s;
}

// obs_id is [A-Z]+.F<digits>.<digits>: nothing in it needs CSV quoting.
std::string ObsCsv(const WorkloadParams& p) {
  std::string s = "i,obs_pk,obs_id\n";
  for (size_t k = 0; k < p.observations.size(); ++k) {
    AppendInt(&s, static_cast<int64_t>(k + 1));
    s.push_back(',');
    AppendInt(&s, p.observations[k].obs_pk);
    s.push_back(',');
    s += p.observations[k].obs_id;
    s.push_back('\n');
  }
  return s;
}

std::string ConeCsv(const WorkloadParams& p) {
  std::string s = "i,ra,dec,radius\n";
  for (size_t k = 0; k < p.cones.size(); ++k) {
    AppendInt(&s, static_cast<int64_t>(k + 1));
    for (double v : {p.cones[k].ra, p.cones[k].dec, p.cones[k].radius}) {
      s.push_back(',');
      AppendFixed6(&s, v);
    }
    s.push_back('\n');
  }
  return s;
}

std::string SetupSql(const WorkloadText& t, const std::string& source_csv,
                     const std::string& obs_csv, const std::string& cone_csv) {
  std::string s = Banner(t, "the parameters the pgbench scripts read.");
  s += "-- Self-contained (the rows of params/*.csv follow each COPY), so it runs from any\n"
       "-- directory: psql CONNINFO -f DIR/setup.sql. Rerunnable: replaces the schema.\n"
       "\\set ON_ERROR_STOP on\n"
       "SET client_min_messages = warning;\n"
       "BEGIN;\n";
  s += CorpusCheck(t);
  s += CreateTables(t);
  s += InlineCopy("lookup_source", "i, source_id", source_csv);
  s += InlineCopy("lookup_obs", "i, obs_pk, obs_id", obs_csv);
  s += InlineCopy("cone", "i, ra, dec, radius", cone_csv);
  s += "COMMIT;\n"
       "ANALYZE skyseed_workload.lookup_source, skyseed_workload.lookup_obs, "
       "skyseed_workload.cone;\n";
  return s;
}

std::string MixArguments(const std::string& prefix) {
  std::string s;
  for (const MixEntry& m : WorkloadMix()) {
    if (m.weight == 0) continue;
    if (!s.empty()) s += ' ';
    s += "-f " + prefix + ScriptFileName(m) + "@" + std::to_string(m.weight);
  }
  return s;
}

std::string RunMixScript() {
  std::string s =
      "#!/usr/bin/env bash\n"
      "# The skyseed workload mix at each client count in turn; one TPS line per run.\n"
      "#   run-mix.sh CONNINFO [SECONDS [CLIENTS...]]   (defaults: 60 s; 1 8 16 32 clients)\n"
      "# pgbench threads (-j) = clients, capped at the cores. Load setup.sql first.\n"
      "set -euo pipefail\n"
      "conninfo=\"${1:?usage: run-mix.sh CONNINFO [SECONDS [CLIENTS...]]}\"\n"
      "seconds=\"${2:-60}\"\n"
      "shift $(( $# < 2 ? $# : 2 ))\n"
      "clients=(\"$@\"); [ ${#clients[@]} -gt 0 ] || clients=(1 8 16 32)\n"
      "dir=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
      "pgbench=\"$(command -v pgbench || echo /usr/lib/postgresql/15/bin/pgbench)\"\n"
      "cores=\"$(nproc 2>/dev/null || echo 1)\"\n"
      "for c in \"${clients[@]}\"; do\n"
      "  j=$(( c < cores ? c : cores ))\n"
      "  if ! out=\"$(\"$pgbench\" -n -c \"$c\" -j \"$j\" -T \"$seconds\" ";
  s += MixArguments("\"$dir\"/");
  s += " \"$conninfo\" 2>&1)\"; then\n"
       "    echo \"$out\" >&2; echo \"pgbench failed at $c clients\" >&2; exit 1\n"
       "  fi\n"
       "  echo \"clients $c, threads $j, $seconds s:\"\n"
       "  grep -E '^(tps|latency average|number of failed transactions)' <<<\"$out\" |"
       " sed 's/^/  /'\n"
       "done\n";
  return s;
}

std::string ReadmeText(const WorkloadText& t) {
  const RadiusRange radii = ConeRadiusRange(t.tier.RowsOf(kSourceTableId));
  std::string radius_text;
  AppendFixed6(&radius_text, radii.min_deg);
  radius_text += "-";
  AppendFixed6(&radius_text, radii.max_deg);
  std::string s = "skyseed workload for tier " + t.tier.name + ", seed " + Num(t.options.seed) +
                  " (" + kGeneratorVersion + ")\n\n";
  s += "Parameters (params/*.csv, loaded by setup.sql into schema skyseed_workload):\n";
  s += "  lookup_source  " + Num(t.options.lookups) + " source_id of rows the tier holds\n";
  s += "  lookup_obs     " + Num(t.options.lookups) + " obs_pk / obs_id of observations it holds\n";
  s += "  cone           " + Num(t.options.cones) +
       " cone centres near survey fields (popular fields more often),\n"
       "                 radius " +
       radius_text + " deg, log-uniform\n\n";
  s += "1. Load the parameters into the grown database (any directory; rerunnable):\n"
       "     psql \"$CONNINFO\" -f setup.sql\n"
       "2. Run the mix (70% ID lookups, 30% cone/footprint searches) from this directory,\n"
       "   one client count per run, e.g. for 8 clients on a machine with 8+ cores:\n";
  s += "     pgbench -n " + MixArguments("") + " -c 8 -j 8 -T 60 \"$CONNINFO\"\n";
  s += "   or all of -c 1,8,16,32 with -T 60 each (-j = clients capped at cores):\n"
       "     ./run-mix.sh \"$CONNINFO\"\n"
       "   Each script alone: pgbench -n -f cone_source.sql -c 8 -j 8 -T 60 \"$CONNINFO\"\n\n";
  s += "Scripts (each picks i with \\set i random(1, N) and reads its parameter by \\gset\n"
       "or a subquery; that primary-key read is part of every transaction):\n";
  for (const MixEntry& m : WorkloadMix()) {
    s += "  " + ScriptFileName(m) + " (weight " + std::to_string(m.weight) +
         (m.weight == 0 ? ": not in the mix; run it alone or add -f " + ScriptFileName(m) + "@N"
                        : std::string()) +
         ")\n";
  }
  s += "CONNINFO is any libpq connection string, e.g. the one skyseed grow prints.\n";
  return s;
}

}  // namespace skyseed
