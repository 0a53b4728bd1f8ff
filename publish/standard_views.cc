#include "publish/standard_views.h"

#include "schema/corpus_schema.h"
#include "store/manifest_store.h"

namespace skyseed {
namespace {

using Holder = StandardNameState::Holder;

Result<StandardNameState> InspectOne(PgConnection& conn, const TableDef& t,
                                     const StandardViewRecords& records) {
  const QuoteFn q = conn.IdentQuoter();
  StandardNameState s;
  s.table = &t;
  s.name = t.standard_name();
  s.table_name = std::string(kCorpusSchema) + "." + t.name;
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT CASE c.relkind WHEN 'r' THEN 'a table' WHEN 'v' THEN 'a view' WHEN 'm' THEN "
      "'a materialized view' WHEN 'p' THEN 'a partitioned table' WHEN 'f' THEN 'a foreign "
      "table' ELSE 'an object' END, coalesce(obj_description(c.oid, 'pg_class'), '') LIKE $2, "
      "CASE c.relkind WHEN 'v' THEN pg_get_viewdef(c.oid) ELSE '' END "
      "FROM pg_class c WHERE c.oid = to_regclass($1)",
      {StandardViewName(t, q), std::string(kOwnViewComment) + "%"}, &r));
  if (r.rows() == 1) {
    s.kind = r.text(0, 0);
    // skyseed marks its views by their comment, as it always has.
    s.holder = s.kind == "a view" && r.text(0, 1) == "t" ? Holder::kOurs : Holder::kForeign;
    s.as_declared = s.holder == Holder::kOurs &&
                    NormalizedViewDefinition(t, r.text(0, 2)) == DeclaredViewDefinition(t);
  }
  if (!records.kept) {
    s.recorded = s.holder == Holder::kOurs;
  } else {
    for (const StandardViewRecord& rec : records.views) {
      if (rec.view_name != s.name) continue;
      s.recorded = true;
      s.schema_created = rec.schema_created;
    }
  }
  return s;
}

// A name's schema that holds nothing (after skyseed's view left it).
Result<bool> SchemaEmpty(PgConnection& conn, const std::string& schema) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT NOT EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = n.oid) AND NOT EXISTS "
      "(SELECT 1 FROM pg_proc WHERE pronamespace = n.oid) AND NOT EXISTS (SELECT 1 FROM pg_type "
      "WHERE typnamespace = n.oid) FROM pg_namespace n WHERE n.nspname = $1",
      {schema}, &r));
  return r.rows() == 1 && r.text(0, 0) == "t";
}

// Whether a name's schema holds no other relation than the name's: for a
// corpus older than the record, the sign that skyseed created the schema.
Result<bool> SchemaHoldsOnly(PgConnection& conn, const TableDef& t) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT count(*) = 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
      "WHERE n.nspname = $1 AND c.relkind <> 'c'",
      {t.schema}, &r));
  return r.text(0, 0) == "t";
}

// A corpus grown before skyseed.standard_view: its views, as their comments
// name them, become its record.
Status RecordOlderCorpus(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(bool added, AddStandardViewTable(conn));
  if (!added) return Status::Ok();
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StandardNameState> states, InspectStandardNames(conn));
  for (const StandardNameState& s : states) {
    if (s.holder != Holder::kOurs) continue;
    SKYSEED_ASSIGN_OR_RETURN(bool only, SchemaHoldsOnly(conn, *s.table));
    SKYSEED_RETURN_IF_ERROR(RecordStandardView(conn, {s.name, s.table_name, only}));
  }
  return Status::Ok();
}

Status CreateView(PgConnection& conn, const StandardNameState& s) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(
      conn.Query("SELECT to_regnamespace($1) IS NULL", {conn.QuoteIdent(s.table->schema)}, &r));
  const bool schema_created = r.text(0, 0) == "t";
  SKYSEED_RETURN_IF_ERROR(conn.Exec(StandardViewDdl(*s.table, conn.IdentQuoter())));
  return RecordStandardView(conn, {s.name, s.table_name, schema_created || s.schema_created});
}

Status DropView(PgConnection& conn, const StandardNameState& s) {
  // Never CASCADE: an object of someone else's built on the view stops it.
  return conn.Exec("DROP VIEW " + StandardViewName(*s.table, conn.IdentQuoter()))
      .Annotate("dropping skyseed's view " + s.name);
}

std::string Joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Presents every table under its standard name; `lines` receives what was
// done.
Status Present(PgConnection& conn, const std::vector<StandardNameState>& states, bool explicitly,
               std::vector<std::string>* lines) {
  for (const StandardNameState& s : states) {
    if (s.holder != Holder::kForeign) continue;
    return Status::InvalidArgument(
        "database already has " + s.kind + " " + s.name +
        " that skyseed did not create, where this corpus is to present " + s.table_name +
        "; refusing to touch it (skyseed grow --standard-names none leaves the name to it" +
        (explicitly ? ")" : ", or drop it)"));
  }
  bool any_recorded = false;
  for (const StandardNameState& s : states) any_recorded = any_recorded || s.recorded;
  std::vector<std::string> created;
  for (const StandardNameState& s : states) {
    if (s.holder == Holder::kOurs && s.as_declared) {
      if (!s.recorded)
        SKYSEED_RETURN_IF_ERROR(RecordStandardView(conn, {s.name, s.table_name, false}));
      continue;
    }
    if (s.holder == Holder::kOurs) SKYSEED_RETURN_IF_ERROR(DropView(conn, s));
    SKYSEED_RETURN_IF_ERROR(CreateView(conn, s));
    if (s.holder == Holder::kOurs) {
      lines->push_back("view " + s.name + " differed from its declaration; recreated it");
    } else if (s.recorded) {
      lines->push_back("skyseed's view " + s.name + " of " + s.table_name +
                       " was missing; recreated it");
    } else {
      created.push_back(s.table_name + " as " + s.name);
    }
  }
  if (!created.empty()) {
    lines->push_back(std::string(any_recorded ? "now also presenting "
                                              : "--standard-names skyseed: now presenting ") +
                     Joined(created) + " (views of skyseed's)");
  }
  return Status::Ok();
}

// Leaves every standard name to others: skyseed's own views dropped, with a
// schema skyseed created for one once it is empty; others' objects kept.
Status Withdraw(PgConnection& conn, const std::vector<StandardNameState>& states,
                std::vector<std::string>* lines) {
  std::vector<std::string> dropped, forgotten;
  for (const StandardNameState& s : states) {
    if (s.recorded && s.holder != Holder::kOurs) forgotten.push_back(s.name);
    if (s.holder == Holder::kOurs) {
      SKYSEED_RETURN_IF_ERROR(DropView(conn, s));
      std::string what = s.name;
      SKYSEED_ASSIGN_OR_RETURN(bool empty, SchemaEmpty(conn, s.table->schema));
      if (s.recorded && s.schema_created && empty) {
        SKYSEED_RETURN_IF_ERROR(conn.Exec("DROP SCHEMA " + conn.QuoteIdent(s.table->schema)));
        what += " (and schema " + std::string(s.table->schema) + ", which skyseed had created)";
      }
      dropped.push_back(what);
    }
    if (s.recorded) SKYSEED_RETURN_IF_ERROR(ForgetStandardView(conn, s.name));
  }
  if (!dropped.empty()) {
    lines->push_back("--standard-names none: dropped skyseed's views " + Joined(dropped) +
                     "; the names are free for a service");
  } else if (!forgotten.empty()) {
    lines->push_back("--standard-names none: the corpus no longer presents itself as " +
                     Joined(forgotten) + " (skyseed's views there were already gone)");
  }
  return Status::Ok();
}

}  // namespace

Result<std::vector<StandardNameState>> InspectStandardNames(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(StandardViewRecords records, ReadStandardViews(conn));
  std::vector<StandardNameState> out;
  for (const TableDef& t : CorpusTables()) {
    SKYSEED_ASSIGN_OR_RETURN(StandardNameState s, InspectOne(conn, t, records));
    out.push_back(s);
  }
  return out;
}

std::string DescribeStandardName(const StandardNameState& s) {
  switch (s.holder) {
    case Holder::kOurs:
      return s.name + ": skyseed's view of " + s.table_name +
             (s.as_declared ? "" : " (not as declared)");
    case Holder::kForeign:
      return s.name + ": " + s.kind + " skyseed did not create (a service's, such as DaCHS's)";
    case Holder::kAbsent:
      break;
  }
  return s.name + ": absent";
}

std::vector<std::string> StandardNameProblems(const std::vector<StandardNameState>& states) {
  std::vector<std::string> out;
  for (const StandardNameState& s : states) {
    if (!s.recorded) continue;
    if (s.holder == Holder::kAbsent) {
      out.push_back("view " + s.name + " of " + s.table_name +
                    " that skyseed created is missing (run grow to recreate it)");
    } else if (s.holder == Holder::kForeign) {
      out.push_back(s.name + ", where skyseed presents " + s.table_name + ", now holds " + s.kind +
                    " skyseed did not create (skyseed grow --standard-names none leaves the name "
                    "to it)");
    } else if (!s.as_declared) {
      out.push_back("view " + s.name + " differs from its declaration (run grow to recreate it)");
    }
  }
  return out;
}

Status ReconcileStandardNames(PgConnection& conn, std::optional<bool> wanted, Narrator& narrator) {
  std::vector<std::string> lines;
  SKYSEED_RETURN_IF_ERROR(conn.InTransaction([&]() -> Status {
    SKYSEED_RETURN_IF_ERROR(RecordOlderCorpus(conn));
    SKYSEED_ASSIGN_OR_RETURN(std::vector<StandardNameState> states, InspectStandardNames(conn));
    bool presented = false;
    for (const StandardNameState& s : states) presented = presented || s.recorded;
    if (!wanted && !presented) return Status::Ok();  // left to others, and kept so
    if (wanted.value_or(presented)) return Present(conn, states, wanted.has_value(), &lines);
    return Withdraw(conn, states, &lines);
  }));
  for (const std::string& line : lines) narrator.Say(line);
  return Status::Ok();
}

}  // namespace skyseed
