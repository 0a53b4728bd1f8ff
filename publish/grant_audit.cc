#include "publish/grant_audit.h"

#include "publish/standard_views.h"
#include "schema/corpus_schema.h"
#include "schema/manifest_schema.h"

namespace skyseed {
namespace {

// skyseed grants only this (schema/corpus_schema.h, GrantReadSql): by the
// owner, to a named role, SELECT on the corpus tables and on skyseed's views
// and USAGE on the corpus schema, with grant option. Every other entry is
// someone else's: made by another grantor (a service passing read access
// on), to PUBLIC, or any other privilege (UPDATE through the auto-updatable
// view ivoa.obscore writes the corpus; TRUNCATE on a view), whoever granted
// it (the owner or a superuser, whose grants are recorded as the owner's);
// every column grant; every grant on skyseed's bookkeeping (schema skyseed:
// the chunk ledger, tier records, sweeps), which skyseed never shares. The
// owner's own entry is implicit. $1: the corpus schema, $2: the bookkeeping
// schema, $3: skyseed's views, one "schema.name" a line. aclexplode's
// grantee 0 is PUBLIC.
constexpr const char* kForeignGrantsSql = R"sql(
WITH rels AS (
  SELECT c.oid, c.relacl, c.relowner, format('%I.%I', n.nspname, c.relname) AS object,
         CASE WHEN n.nspname = $2 THEN '' ELSE 'SELECT' END AS ours
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname IN ($1, $2)
     OR n.nspname || '.' || c.relname = ANY (string_to_array($3, E'\n'))),
entries AS (
  SELECT a.privilege_type, a.grantor, a.grantee, a.is_grantable, r.relowner AS owner,
         r.object, 1 AS kind, r.ours
  FROM rels r, aclexplode(r.relacl) a
  UNION ALL
  SELECT a.privilege_type, a.grantor, a.grantee, a.is_grantable, r.relowner,
         format('%s column %I', r.object, att.attname), 2, ''
  FROM rels r JOIN pg_attribute att ON att.attrelid = r.oid, aclexplode(att.attacl) a
  WHERE att.attacl IS NOT NULL
  UNION ALL
  SELECT a.privilege_type, a.grantor, a.grantee, a.is_grantable, n.nspowner,
         format('schema %I', n.nspname), 3, CASE WHEN n.nspname = $1 THEN 'USAGE' ELSE '' END
  FROM pg_namespace n, aclexplode(n.nspacl) a
  WHERE n.nspname IN ($1, $2)),
theirs AS (
  SELECT * FROM entries
  WHERE grantee <> owner
    AND NOT (grantor = owner AND grantee <> 0 AND privilege_type = ours AND is_grantable)),
acl AS (
  SELECT format('%s on %s', privilege_type, string_agg(object, ', ' ORDER BY object)) AS what,
         grantor, grantee, min(kind) AS kind
  FROM theirs GROUP BY privilege_type, grantor, grantee)
SELECT format('%s granted %s %s', pg_get_userbyid(grantor),
              CASE WHEN grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(grantee) END,
              string_agg(what, '; ' ORDER BY kind, what))
FROM acl GROUP BY grantor, grantee ORDER BY 1)sql";

}  // namespace

Result<std::vector<std::string>> GrantsSkyseedDidNotMake(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(const std::vector<StandardNameState> names, InspectStandardNames(conn));
  std::string views;
  for (const StandardNameState& s : names) {
    if (s.holder == StandardNameState::Holder::kOurs) views += s.name + "\n";
  }
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query(kForeignGrantsSql, {kCorpusSchema, kManifestSchema, views}, &r));
  std::vector<std::string> lines;
  for (int i = 0; i < r.rows(); ++i) lines.push_back(r.text(i, 0));
  return lines;
}

}  // namespace skyseed
