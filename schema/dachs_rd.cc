#include "schema/dachs_rd.h"

#include <cstdio>
#include <vector>

#include "generator/corpus_tables.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

// An index as DaCHS needs to know it: which columns it serves (TAP_SCHEMA's
// `indexed`) and, through `kind`, how ADQL geometry on those columns is
// translated: kind q3c makes DaCHS write q3c_join(...) for a point-in-circle
// test, which the q3c index answers; the footprint's GiST needs no kind
// (DaCHS writes `s_region && scircle(...)` and `spoint <@ s_region`).
struct DachsIndex {
  std::string name;
  std::string columns;  // "s_ra,s_dec"
  const char* method;   // "" for btree
  const char* kind;     // "", "q3c", "spoint"
  std::string expression;
};

std::vector<DachsIndex> IndexesOf(const TableDef& t) {
  const std::string table = t.name;
  const std::string ra = t.ra_column, dec = t.dec_column;
  std::vector<DachsIndex> out;
  // The table's own key is a declared column only for the catalogue; obs_pk
  // is bookkeeping and not published.
  if (t.id == kSourceTableId) out.push_back({table + "_pkey", t.key_column, "", "", ""});
  if (t.footprint_column) {
    out.push_back({table + "_s_region_idx", t.footprint_column, "GIST", "", ""});
  }
  out.push_back(
      {table + "_q3c_idx", ra + "," + dec, "", "q3c", "q3c_ang2ipix(" + ra + "," + dec + ")"});
  out.push_back({table + (t.footprint_column ? "_s_point_idx" : "_pos_idx"), ra + "," + dec, "GIST",
                 "spoint", "spoint(radians(" + ra + "),radians(" + dec + "))"});
  if (t.id == kObsCoreTableId) {
    for (const char* c : {"obs_id", "obs_publisher_did", "t_min", "t_max", "em_min", "em_max"}) {
      out.push_back({table + "_" + c + "_idx", c, "", "", ""});
    }
  }
  return out;
}

std::string Attr(const char* name, const std::string& value) {
  if (value.empty()) return "";
  return std::string(" ") + name + "=\"" + XmlEscape(value) + "\"";
}

std::string IndexXml(const DachsIndex& i) {
  std::string out = "    <index" + Attr("name", i.name) + Attr("columns", i.columns) +
                    Attr("method", i.method) + Attr("kind", i.kind) + " metaOnly=\"True\"";
  if (i.expression.empty()) return out + "/>\n";
  return out + ">" + XmlEscape(i.expression) + "</index>\n";
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

std::string TableXml(const TableDef& t, const std::string& schema) {
  const bool obscore = t.id == kObsCoreTableId;
  std::string out = "  <table" + Attr("id", t.name) + " onDisk=\"True\" adql=\"True\">\n";
  out += "    <meta name=\"description\">" +
         XmlEscape(obscore ? "ObsCore 1.1 records of the skyseed corpus (synthetic); its rows "
                             "are also served by ivoa.obscore."
                           : "A Gaia-like source catalogue (synthetic).") +
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

std::string XmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
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
  out += "  <meta name=\"creationDate\">" + XmlEscape(creation_date) + "</meta>\n";
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
