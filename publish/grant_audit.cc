#include "publish/grant_audit.h"

#include "schema/corpus_schema.h"

namespace skyseed {

Result<std::vector<std::string>> GrantsSkyseedDidNotMake(PgConnection& conn) {
  // aclexplode's grantee 0 is PUBLIC.
  static const char* kSql = R"sql(
WITH acl AS (
  SELECT format('%s on %s', a.privilege_type,
                string_agg(format('%I.%I', n.nspname, c.relname), ', ' ORDER BY c.relname)) AS what,
         a.grantor, a.grantee, 1 AS kind
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, aclexplode(c.relacl) a
  WHERE n.nspname = $1 AND a.grantor <> c.relowner
  GROUP BY a.privilege_type, a.grantor, a.grantee
  UNION ALL
  SELECT format('%s on schema %I', a.privilege_type, n.nspname), a.grantor, a.grantee, 2
  FROM pg_namespace n, aclexplode(n.nspacl) a
  WHERE n.nspname = $1 AND a.grantor <> n.nspowner)
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
