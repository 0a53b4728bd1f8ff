#include "sweep_record/sweep_rows.h"

#include <set>

#include "schema/manifest_schema.h"
#include "sweep_record/sweep_store.h"

namespace skyseed {
namespace {

using json = nlohmann::json;

enum class CarriedAs { kJson, kInteger, kText };

// The SQL type a carried value is cast to: the declared type's first word.
std::string SqlTypeOf(const ManifestColumn& c) {
  return std::string(c.type).substr(0, std::string(c.type).find(' '));
}

// How a declared column travels, from its SQL type.
CarriedAs CarriedAsOf(const ManifestColumn& c) {
  const std::string type = SqlTypeOf(c);
  if (type == "jsonb") return CarriedAs::kJson;
  if (type == "integer" || type == "bigint") return CarriedAs::kInteger;
  return CarriedAs::kText;
}

std::vector<const ManifestColumn*> ColumnsOf(const ManifestTable& t) {
  std::vector<const ManifestColumn*> out;
  for (const ManifestColumn& c : t.columns) {
    if (c.name != nullptr) out.push_back(&c);
  }
  return out;
}

// "a, b, c" of the columns, each through q and prefixed.
std::string ColumnList(const ManifestTable& t, const QuoteFn& q, const std::string& prefix,
                       bool keys_only = false, const std::string& suffix = "") {
  std::string out;
  for (const ManifestColumn* c : ColumnsOf(t)) {
    if (keys_only && !c->key) continue;
    out += (out.empty() ? "" : ", ") + prefix + q(c->name) + suffix;
  }
  return out;
}

Result<bool> SweepTableMade(PgConnection& conn, const ManifestTable& t) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT to_regclass($1) IS NOT NULL",
                                     {QuotedTableName(t, conn.IdentQuoter())}, &r));
  return r.text(0, 0) == "t";
}

Result<json> CarriedValue(const ManifestColumn& c, const std::string& text) {
  switch (CarriedAsOf(c)) {
    case CarriedAs::kJson: {
      json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
      if (j.is_discarded()) return Status::Corruption(std::string(c.name) + " is not JSON");
      return j;
    }
    case CarriedAs::kInteger:
      return json(std::stoll(text));
    case CarriedAs::kText:
      break;
  }
  return json(text);
}

Result<json> ReadTableRows(PgConnection& conn, const ManifestTable& t) {
  json rows = json::array();
  SKYSEED_ASSIGN_OR_RETURN(const bool made, SweepTableMade(conn, t));
  if (!made) return rows;
  const QuoteFn q = conn.IdentQuoter();
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT " + ColumnList(t, q, "", false, "::text") + " FROM " +
                                         QuotedTableName(t, q) + " ORDER BY " +
                                         ColumnList(t, q, "", true),
                                     &r));
  const std::vector<const ManifestColumn*> columns = ColumnsOf(t);
  for (int i = 0; i < r.rows(); ++i) {
    json row = json::object();
    for (size_t c = 0; c < columns.size(); ++c) {
      SKYSEED_ASSIGN_OR_RETURN(row[columns[c]->name],
                               CarriedValue(*columns[c], r.text(i, static_cast<int>(c))));
    }
    rows.push_back(row);
  }
  return rows;
}

Status CheckRow(const ManifestTable& t, const json& row, size_t index) {
  const std::string where = std::string(t.name) + " row " + std::to_string(index + 1);
  if (!row.is_object()) return Status::InvalidArgument(where + " is not an object");
  const std::vector<const ManifestColumn*> columns = ColumnsOf(t);
  for (const ManifestColumn* c : columns) {
    const auto v = row.find(c->name);
    if (v == row.end()) return Status::InvalidArgument(where + " lacks " + c->name);
    const CarriedAs as = CarriedAsOf(*c);
    if ((as == CarriedAs::kInteger && !v->is_number_integer()) ||
        (as == CarriedAs::kText && !v->is_string()) || (as == CarriedAs::kJson && v->is_null())) {
      const char* wanted = as == CarriedAs::kInteger ? "an integer"
                           : as == CarriedAs::kText  ? "a string"
                                                     : "JSON";
      return Status::InvalidArgument(where + ": " + c->name + " is not " + wanted);
    }
  }
  if (row.size() != columns.size()) {  // every declared one is there: the rest are unknown
    return Status::InvalidArgument(where + " has " + std::to_string(row.size()) +
                                   " columns; the table has " + std::to_string(columns.size()));
  }
  return Status::Ok();
}

std::string ParameterText(const ManifestColumn& c, const json& v) {
  if (CarriedAsOf(c) == CarriedAs::kJson) return v.dump();
  if (CarriedAsOf(c) == CarriedAs::kInteger) return std::to_string(v.get<int64_t>());
  return v.get<std::string>();
}

// The rows into a temporary copy of the table, dropped at commit.
Status StageRows(PgConnection& conn, const ManifestTable& t, const std::string& staged,
                 const json& rows) {
  const QuoteFn q = conn.IdentQuoter();
  SKYSEED_RETURN_IF_ERROR(conn.Exec("CREATE TEMPORARY TABLE " + staged + " (LIKE " +
                                    QuotedTableName(t, q) + ") ON COMMIT DROP"));
  const std::vector<const ManifestColumn*> columns = ColumnsOf(t);
  std::string values;
  for (size_t i = 0; i < columns.size(); ++i) {
    values += (i ? ", $" : "$") + std::to_string(i + 1) + "::" + SqlTypeOf(*columns[i]);
  }
  const std::string insert =
      "INSERT INTO " + staged + " (" + ColumnList(t, q, "") + ") VALUES (" + values + ")";
  for (const json& row : rows) {
    std::vector<std::string> params;
    for (const ManifestColumn* c : columns) params.push_back(ParameterText(*c, row[c->name]));
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(conn.Query(insert, params, &r));
  }
  return Status::Ok();
}

// Refused: a key twice in the file, or a key present with other values.
Status RefuseConflicts(PgConnection& conn, const ManifestTable& t, const std::string& staged) {
  const QuoteFn q = conn.IdentQuoter();
  const std::string keys = ColumnList(t, q, "", true);
  PgResult twice;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT concat_ws(', ', " + keys + ") FROM " + staged +
                                         " GROUP BY " + keys + " HAVING count(*) > 1 LIMIT 1",
                                     &twice));
  if (twice.rows() > 0) {
    return Status::InvalidArgument("the file holds the " + std::string(t.name) + " row (" +
                                   twice.text(0, 0) + ") twice; nothing imported");
  }
  PgResult differ;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT concat_ws(', ', " + ColumnList(t, q, "c.", true) + ") FROM " + staged + " c JOIN " +
          QuotedTableName(t, q) + " r USING (" + keys + ") WHERE (" + ColumnList(t, q, "c.") +
          ") IS DISTINCT FROM (" + ColumnList(t, q, "r.") + ") LIMIT 1",
      &differ));
  if (differ.rows() > 0) {
    return Status::InvalidArgument("the database already holds the " + std::string(t.name) +
                                   " row (" + differ.text(0, 0) +
                                   ") with other values; an import adds rows and never replaces "
                                   "one, so nothing imported");
  }
  return Status::Ok();
}

Status AddTableRows(PgConnection& conn, const ManifestTable& t, const json& rows,
                    SweepRowsAdded* added) {
  const QuoteFn q = conn.IdentQuoter();
  const std::string staged = q(std::string("skyseed_import_") + t.name);
  SKYSEED_RETURN_IF_ERROR(StageRows(conn, t, staged, rows));
  SKYSEED_RETURN_IF_ERROR(RefuseConflicts(conn, t, staged));
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("INSERT INTO " + QuotedTableName(t, q) + " (" +
                                         ColumnList(t, q, "") + ") SELECT " + ColumnList(t, q, "") +
                                         " FROM " + staged + " ON CONFLICT DO NOTHING RETURNING 1",
                                     &r));
  added->added += r.rows();
  added->identical += static_cast<int>(rows.size()) - r.rows();
  return Status::Ok();
}

}  // namespace

Result<json> ReadSweepRows(PgConnection& conn) {
  // Timestamps as UTC text, whatever the server's zone.
  SKYSEED_RETURN_IF_ERROR(conn.Exec("SET TimeZone = 'UTC'"));
  json tables = json::object();
  for (const ManifestTable* t : SweepTables()) {
    SKYSEED_ASSIGN_OR_RETURN(tables[t->name], ReadTableRows(conn, *t));
  }
  return tables;
}

Status CheckSweepRows(const json& tables) {
  if (!tables.is_object() || tables.size() != SweepTables().size()) {
    std::string names;
    for (size_t i = 0; i < SweepTables().size(); ++i) {
      names += (i == 0 ? "" : i + 1 == SweepTables().size() ? " and " : ", ");
      names += SweepTables()[i]->name;
    }
    return Status::InvalidArgument("\"tables\" must hold exactly " + names);
  }
  for (const ManifestTable* t : SweepTables()) {
    const auto rows = tables.find(t->name);
    if (rows == tables.end() || !rows->is_array()) {
      return Status::InvalidArgument("\"tables\" has no list of " + std::string(t->name) + " rows");
    }
    for (size_t i = 0; i < rows->size(); ++i) {
      SKYSEED_RETURN_IF_ERROR(CheckRow(*t, (*rows)[i], i));
    }
  }
  return Status::Ok();
}

Result<SweepRowsAdded> AddSweepRows(PgConnection& conn, const json& tables,
                                    const std::function<Status()>& before_insert) {
  SweepRowsAdded added;
  SKYSEED_RETURN_IF_ERROR(conn.InTransaction([&]() -> Status {
    SKYSEED_RETURN_IF_ERROR(EnsureSweepTables(conn));
    SKYSEED_RETURN_IF_ERROR(before_insert());
    for (const ManifestTable* t : SweepTables()) {
      SKYSEED_RETURN_IF_ERROR(AddTableRows(conn, *t, tables[t->name], &added));
    }
    return Status::Ok();
  }));
  return added;
}

}  // namespace skyseed
