#include "report/tier_tables.h"

#include <cstdint>

#include "common/markup.h"
#include "report/format.h"

namespace skyseed {
namespace {

std::string Card(const std::string& key, const std::string& value, const std::string& detail) {
  return "<div class=\"card\"><div class=\"k\">" + EscapeMarkup(key) + "</div><div class=\"v\">" +
         EscapeMarkup(value) + "</div><div class=\"d\">" + EscapeMarkup(detail) + "</div></div>\n";
}

// A header cell over both header rows.
std::string Th2(const std::string& text, const char* cls = "") {
  return std::string("<th rowspan=\"2\"") + (*cls ? " class=\"" + std::string(cls) + "\"" : "") +
         ">" + EscapeMarkup(text) + "</th>";
}

}  // namespace

std::string TierCards(const TierModel& m) {
  const TierRecord& last = m.in.tiers.back();
  uint64_t rows = 0;
  int64_t table_bytes = 0, index_bytes = 0;
  for (const TierTableRecord& r : last.tables) {
    rows += r.digest.rows;
    table_bytes += r.table_size;
    index_bytes += r.indexes_size;
  }
  double total_seconds = 0;
  std::string path;
  for (const TierRecord& t : m.in.tiers) {
    total_seconds += t.seconds;
    path += (path.empty() ? "" : " \u2192 ") + t.tier;
  }
  return "<section class=\"cards\">\n" +
         Card("Tiers reached", std::to_string(m.in.tiers.size()), path) +
         Card("Rows in " + last.tier, FormatCount(static_cast<double>(rows)),
              FormatExact(rows) + " in " + std::to_string(last.tables.size()) + " tables") +
         Card("Database size", FormatBytes(static_cast<double>(last.database_size)),
              "tables " + FormatBytes(static_cast<double>(table_bytes)) + ", indexes " +
                  FormatBytes(static_cast<double>(index_bytes))) +
         Card("Index / table", table_bytes > 0 ? FormatRatio(1.0 * index_bytes / table_bytes) : "-",
              "index bytes per table byte in " + last.tier) +
         Card("Grow time", FormatSeconds(total_seconds), "all tiers, wall clock") + "</section>\n";
}

std::string TierSummaryTable(const TierModel& m) {
  const std::string span = "<th colspan=\"" + std::to_string(m.tables.size()) + "\">";
  std::string h = "<section class=\"panel\"><h2>Tiers</h2><table><thead><tr>" + Th2("Tier", "l") +
                  Th2("Reached at", "l") + span + "Rows</th>" + Th2("Database size") + span +
                  "Index / table size</th>" + Th2("Grow time") + Th2("Corpus digest", "l") +
                  Th2("PostgreSQL", "l") + "</tr><tr>";
  // A column per table under Rows and under Index / table size; the schema
  // is in the tooltip, as the names would widen the table past the page.
  for (int pass = 0; pass < 2; ++pass) {
    for (const std::string& t : m.tables) {
      h += "<th title=\"" + EscapeMarkup(t) + "\">" + EscapeMarkup(t.substr(t.find('.') + 1)) +
           "</th>";
    }
  }
  h += "</tr></thead><tbody>\n";
  for (const TierRecord& t : m.in.tiers) {
    h += "<tr>" + Cell(t.tier, "l") + Cell(ShortTime(t.reached_at), "l wrap");
    for (const std::string& table : m.tables) {
      const TierTableRecord* r = FindTierTable(t, table);
      h += Cell(r ? FormatExact(r->digest.rows) : "-");
    }
    h += Cell(FormatBytes(static_cast<double>(t.database_size)));
    for (const std::string& table : m.tables) {
      const TierTableRecord* r = FindTierTable(t, table);
      h += Cell(r ? FormatRatio(r->index_table_ratio) : "-");
    }
    h += Cell(FormatSeconds(t.seconds)) + Cell(t.corpus.Hex(), "l mono") +
         Cell(t.pg_version.substr(0, t.pg_version.find(' ')), "l") + "</tr>\n";
  }
  return h + "</tbody></table></section>\n";
}

std::string TierTablesTable(const TierModel& m) {
  std::string h =
      "<section class=\"panel\"><h2>Tables per tier</h2><table><thead><tr>"
      "<th class=\"l\">Tier</th><th class=\"l\">Table</th><th>Rows</th>"
      "<th>Table size</th><th>Indexes size</th><th>Index / table</th>"
      "<th class=\"l\">Table digest</th></tr></thead><tbody>\n";
  for (const TierRecord& t : m.in.tiers) {
    for (const TierTableRecord& r : t.tables) {
      h += "<tr>" + Cell(t.tier, "l") + Cell(r.table, "l") + Cell(FormatExact(r.digest.rows)) +
           Cell(FormatBytes(static_cast<double>(r.table_size))) +
           Cell(FormatBytes(static_cast<double>(r.indexes_size))) +
           Cell(FormatRatio(r.index_table_ratio)) + Cell(r.digest.sum.Hex(), "l mono") + "</tr>\n";
    }
  }
  return h + "</tbody></table></section>\n";
}

std::string TierIndexTable(const TierModel& m) {
  std::string h =
      "<section class=\"panel\"><h2>Index builds</h2><table><thead><tr>"
      "<th class=\"l\">Index</th>";
  for (const std::string& g : m.groups) h += "<th>" + EscapeMarkup(g) + "</th>";
  h += "</tr></thead><tbody>\n";
  for (const std::string& index : m.indexes) {
    h += "<tr>" + Cell(index, "l mono");
    for (const TierPhases& p : m.phases) {
      const auto it = p.index_builds.find(index);
      h += Cell(it == p.index_builds.end() ? "kept live" : FormatSeconds(it->second));
    }
    h += "</tr>\n";
  }
  h += "<tr><th class=\"l\">indexes phase (wall time)</th>";
  for (const TierPhases& p : m.phases)
    h += "<th>" + EscapeMarkup(FormatSeconds(p.indexes)) + "</th>";
  return h +
         "</tr></tbody></table><p class=\"note\">The builds of a tier run in parallel, so "
         "they add up to more than its indexes phase. An index kept live was maintained "
         "during the load (its cost is in the load phase) instead of being set aside and "
         "rebuilt.</p></section>\n";
}

}  // namespace skyseed
