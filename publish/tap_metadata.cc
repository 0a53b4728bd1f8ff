#include "publish/tap_metadata.h"

#include "schema/tap_schema.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

// "" when absent, else its comment.
Result<std::string> SchemaComment(PgConnection& conn, const std::string& schema) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT coalesce(obj_description(oid, 'pg_namespace'), '') FROM pg_namespace "
                 "WHERE nspname = $1",
                 {schema}, &r));
  if (r.rows() == 0) return std::string();
  return r.text(0, 0).empty() ? std::string("(no comment)") : r.text(0, 0);
}

Status CheckStandardViews(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(bool views, PresentsStandardNames(conn));
  if (views) return Status::Ok();
  return Status::InvalidArgument(
      "this corpus is not presented under its standard names (grown with "
      "--standard-names none?): TAP_SCHEMA would describe tables that are not there");
}

}  // namespace

Result<int> WriteTapSchema(PgConnection& conn) {
  // A database that holds no corpus is the wrong input (exit 2).
  SKYSEED_RETURN_IF_ERROR(RequireCorpusIdentity(conn).status());
  SKYSEED_RETURN_IF_ERROR(CheckStandardViews(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::string comment, SchemaComment(conn, kTapSchema));
  const bool ours = comment.rfind(kOwnViewComment, 0) == 0;
  if (!comment.empty() && !ours) {
    return Status::InvalidArgument(
        "the database already has a tap_schema that skyseed did not write (a TAP service's "
        "own, such as DaCHS's); refusing to touch it");
  }
  const QuoteFn q = conn.IdentQuoter();
  int columns = 0;
  SKYSEED_RETURN_IF_ERROR(conn.InTransaction([&]() -> Status {
    if (ours) SKYSEED_RETURN_IF_ERROR(conn.Exec("DROP SCHEMA " + q(kTapSchema) + " CASCADE"));
    SKYSEED_RETURN_IF_ERROR(conn.Exec(TapSchemaDdl(q)));
    for (const TapRow& row : TapSchemaRows(q)) {
      SKYSEED_RETURN_IF_ERROR(conn.Query(row.sql, row.params, nullptr));
      columns += row.table == TapTable::kColumns ? 1 : 0;
    }
    return Status::Ok();
  }));
  return columns;
}

}  // namespace skyseed
