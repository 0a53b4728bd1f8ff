#include "schema/dachs_rd.h"

#include <cstdio>
#include <optional>
#include <vector>

#include "common/markup.h"
#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "schema/corpus_schema.h"

namespace skyseed {
namespace {

// An index as DaCHS needs to know it: which columns it serves (TAP_SCHEMA's
// `indexed`) and, through `kind`, how ADQL geometry on those columns is
// translated: kind q3c makes DaCHS write q3c_join(...) for a point-in-circle
// test, kind spoint `spoint(...) <@ scircle(...)`, each answered by its
// index; the footprint's GiST needs no kind (`s_region && scircle(...)`,
// `spoint <@ s_region`).
struct DachsIndex {
  std::string name;
  std::string columns;  // "s_ra,s_dec"
  const char* method;   // "" for btree
  const char* kind;     // "", "q3c", "spoint"
  std::string expression;
};

// What DaCHS should know of index i of table t, by what the index declares
// it serves (its key as written with UnquotedIdentifier); nothing for an
// index on a bookkeeping column, which is not published.
std::optional<DachsIndex> Describe(const TableDef& t, const IndexDef& i) {
  const std::string position = std::string(t.ra_column) + "," + t.dec_column;
  switch (i.use) {
    case IndexUse::kFootprint:
      return DachsIndex{i.name, t.footprint_column, "GIST", "", ""};
    case IndexUse::kSpointCone:
      return DachsIndex{i.name, position, "GIST", "spoint", i.key};
    case IndexUse::kQ3cCone:
      return DachsIndex{i.name, position, "", "q3c", i.key};
    case IndexUse::kColumn:
      break;
  }
  for (const ColumnDecl& c : t.columns) {
    if (c.name == i.columns.at(0) && c.meta.role != ColumnMeta::kBookkeeping) {
      return DachsIndex{i.name, c.name, "", "", ""};
    }
  }
  return std::nullopt;
}

// The table's indexes (CorpusIndexes: they exist once grow has built them),
// declared, never built, for DaCHS.
std::vector<DachsIndex> IndexesOf(const TableDef& t) {
  std::vector<DachsIndex> out;
  for (const IndexDef& i : CorpusIndexes(UnquotedIdentifier)) {
    if (i.table != &t) continue;
    if (std::optional<DachsIndex> d = Describe(t, i)) out.push_back(*d);
  }
  return out;
}

std::string Attr(const char* name, const std::string& value) {
  if (value.empty()) return "";
  return std::string(" ") + name + "=\"" + EscapeMarkup(value) + "\"";
}

std::string IndexXml(const DachsIndex& i) {
  std::string out = "    <index" + Attr("name", i.name) + Attr("columns", i.columns) +
                    Attr("method", i.method) + Attr("kind", i.kind) + " metaOnly=\"True\"";
  if (i.expression.empty()) return out + "/>\n";
  return out + ">" + EscapeMarkup(i.expression) + "</index>\n";
}

bool IsInteger(PgType t) { return t == PgType::kInt2 || t == PgType::kInt4 || t == PgType::kInt8; }

std::string ColumnXml(const TableDef& t, const ColumnDecl& c) {
  const bool footprint = t.footprint_column && c.name == t.footprint_column;
  // adql:REGION: DaCHS serves the spoly as an STC-S string ("Polygon ICRS
  // ..."), as ivoa.obscore does; without it, as DALI double[*] polygons.
  std::string out = "    <column" + Attr("name", c.name) +
                    Attr("type", footprint ? "spoly" : PgTypeName(c.type)) +
                    Attr("xtype", footprint ? "adql:REGION" : "") + Attr("unit", c.meta.unit) +
                    Attr("ucd", c.meta.ucd) + Attr("utype", c.meta.utype) +
                    // DaCHS marks a column principal when verbLevel <= 20.
                    Attr("verbLevel", c.meta.principal ? "10" : "25") +
                    (c.nullable ? "" : " required=\"True\"") +
                    Attr("description", c.meta.description) + ">\n";
  // VOTable integers have no NULL of their own; -1 stands for it.
  if (c.nullable && IsInteger(c.type)) out += "      <values nullLiteral=\"-1\"/>\n";
  if (c.meta.role == ColumnMeta::kStandard) out += "      <property name=\"std\">1</property>\n";
  return out + "    </column>\n";
}

// The STC-S DaCHS attaches to the columns: ICRS, written once per table.
std::string StcXml(const TableDef& t) {
  const std::string position =
      std::string("Position \"") + t.ra_column + "\" \"" + t.dec_column + "\"";
  if (t.footprint_column) {
    return "    <stc>Polygon ICRS [" + std::string(t.footprint_column) + "] " + position +
           "</stc>\n";
  }
  char epoch[32];
  std::snprintf(epoch, sizeof epoch, "J%.1f", SourceRow{}.ref_epoch);
  return "    <stc>Position ICRS Epoch " + std::string(epoch) + " " +
         position.substr(std::string("Position ").size()) + "</stc>\n";
}

// What a DaCHS operator would otherwise get from cluster="True" on the
// position index: the rows are already in position order (no CLUSTER, which
// at D4 would need another 50 GB and hours).
constexpr const char* kStoredInSkyOrder =
    "Stored in position order: within each growth step of the corpus the rows follow the "
    "HEALPix NESTED curve (skyseed-gen-4 on), as a table clustered on its position index is, so a "
    "cone search reads few blocks.";

std::string TableXml(const TableDef& t, const std::string& schema) {
  const bool obscore = t.id == kObsCoreTableId;
  std::string out = "  <table" + Attr("id", t.name) + " onDisk=\"True\" adql=\"True\">\n";
  out += "    <meta name=\"description\">" +
         EscapeMarkup((obscore ? std::string("ObsCore 1.1 records of the skyseed corpus "
                                             "(synthetic); its rows are also served by "
                                             "ivoa.obscore. ")
                               : std::string("A Gaia-like source catalogue (synthetic). ")) +
                      kStoredInSkyOrder) +
         "</meta>\n";
  if (obscore) {
    // Every ObsCore parameter defaults to the column of the same name;
    // source_table is an SQL expression, the table's name as a literal.
    out += "    <mixin" + Attr("source_table", "'" + schema + "." + t.name + "'") +
           ">//obscore#publishObscoreLike</mixin>\n";
  }
  out += StcXml(t);
  for (const DachsIndex& i : IndexesOf(t)) out += IndexXml(i);
  for (const ColumnDecl& c : t.columns) {
    if (c.meta.role != ColumnMeta::kBookkeeping) out += ColumnXml(t, c);
  }
  return out + "  </table>\n";
}

}  // namespace

bool IsPlainIdentifier(const std::string& name) {
  if (name.empty() || name.size() > 63) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool ok = (c >= 'a' && c <= 'z') || c == '_' || (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

std::string DachsResourceDescriptor(const std::string& schema, const std::string& creation_date) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<!-- Written by `skyseed dachs-rd`. The tables belong to skyseed: DaCHS\n"
      "     reads their metadata (dachs imp -m) and never creates, fills or\n"
      "     drops them. -->\n"
      "<resource" +
      Attr("schema", schema) + Attr("resdir", kDachsResdir) + ">\n";
  out += "  <meta name=\"title\">skyseed synthetic sky</meta>\n";
  out +=
      "  <meta name=\"description\">Synthetic ObsCore records and a Gaia-like source "
      "catalogue grown by skyseed; the tables are managed outside of DaCHS.</meta>\n";
  out += "  <meta name=\"creationDate\">" + EscapeMarkup(creation_date) + "</meta>\n";
  out += "  <meta name=\"subject\">observational-astronomy</meta>\n";
  out += "  <meta name=\"creator.name\">skyseed</meta>\n";
  std::string makes;
  for (const TableDef& t : CorpusTables()) {
    out += TableXml(t, schema);
    makes += "    <make" + Attr("table", t.name) + "/>\n";
  }
  // updating: even a plain `dachs imp` never drops and re-creates them.
  return out + "  <data id=\"import\" updating=\"True\">\n" + makes + "  </data>\n</resource>\n";
}

}  // namespace skyseed
