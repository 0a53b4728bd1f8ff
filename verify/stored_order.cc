#include "verify/stored_order.h"

#include <string>

#include "schema/corpus_schema.h"

namespace skyseed {

Result<std::optional<StoredOrder>> MeasureStoredOrder(PgConnection& conn, const TableDef& table) {
  const QuoteFn q = conn.IdentQuoter();
  const std::string name = PhysicalTableName(table, q);
  // A block's rows in line-pointer order, each against the one before it;
  // and each row against the one before it in an order that ignores where
  // rows are stored (a hash of the row's place: repeatable, and scattered).
  const std::string sql =
      "WITH sample AS (SELECT ctid, " + PositionExpression(table, q) + " AS p FROM " + name +
      " TABLESAMPLE SYSTEM (least(100, 100.0 * $1::int / greatest(1, (SELECT relpages FROM "
      "pg_class WHERE oid = $2::regclass)))) REPEATABLE (1)), "
      "pairs AS (SELECT p <-> lag(p) OVER w AS d, "
      "(ctid::text::point)[0] = (lag(ctid) OVER w::text::point)[0] AS same_block, "
      "p <-> lag(p) OVER (ORDER BY md5(ctid::text)) AS random_d "
      "FROM sample WINDOW w AS (ORDER BY ctid)) "
      "SELECT degrees(percentile_cont(0.5) WITHIN GROUP (ORDER BY d) FILTER (WHERE same_block)), "
      "degrees(percentile_cont(0.5) WITHIN GROUP (ORDER BY random_d)) FROM pairs";
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(sql, {"64", name}, &r));
  if (r.rows() != 1 || r.is_null(0, 0) || r.is_null(0, 1)) return std::optional<StoredOrder>();
  return std::optional<StoredOrder>(StoredOrder{std::stod(r.text(0, 0)), std::stod(r.text(0, 1))});
}

}  // namespace skyseed
