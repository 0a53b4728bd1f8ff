#include "publish/grant_audit.h"

#include "schema/corpus_schema.h"

namespace skyseed {

Result<std::vector<std::string>> GrantsSkyseedDidNotMake(PgConnection& conn) {
  // aclexplode's grantee 0 is PUBLIC.
  // skyseed grants only this (schema/corpus_schema.h, GrantReadSql): by
  // the owner, to a named role, SELECT on the tables and USAGE on the
  // schema, with grant option. Every other entry is someone else's: made by
  // another grantor (a service passing read access on), to PUBLIC, or any
  // other privilege, whoever granted it (the owner or a superuser, whose
  // grants are recorded as the owner's). The owner's own entry is implicit.
  // aclexplode's grantee 0 is PUBLIC.
  static const char* kSql = R"sql(
WITH entries AS (
  SELECT a.privilege_type, a.grantor, a.grantee, a.is_grantable, c.relowner AS owner,
         format('%I.%I', n.nspname, c.relname) AS object, 1 AS kind, 'SELECT' AS ours
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, aclexplode(c.relacl) a
  WHERE n.nspname = $1
  UNION ALL
  SELECT a.privilege_type, a.grantor, a.grantee, a.is_grantable, n.nspowner,
         format('schema %I', n.nspname), 2, 'USAGE'
  FROM pg_namespace n, aclexplode(n.nspacl) a
  WHERE n.nspname = $1),
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
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(kSql, {kCorpusSchema}, &r));
  std::vector<std::string> lines;
  for (int i = 0; i < r.rows(); ++i) lines.push_back(r.text(i, 0));
  return lines;
}

}  // namespace skyseed
