#include "report/report_table.h"

#include "common/markup.h"
#include "report/format.h"

namespace skyseed {

std::string HtmlTable(const Table& t) {
  std::string h = "<table><thead><tr>";
  for (size_t i = 0; i < t.head.size(); ++i) {
    h += std::string(t.left[i] ? "<th class=\"l\">" : "<th>") + EscapeMarkup(t.head[i]) + "</th>";
  }
  h += "</tr></thead><tbody>\n";
  for (const auto& row : t.rows) {
    h += "<tr>";
    for (size_t i = 0; i < row.size(); ++i) {
      // Only sentences wrap (and get a wrapping column's width); a class
      // name or a tier stays one narrow line.
      const std::string cls = !t.left[i]                ? ""
                              : row[i].text.size() > 40 ? " class=\"l wrap\""
                                                        : " class=\"l\"";
      const std::string title =
          row[i].title.empty() ? "" : " title=\"" + EscapeMarkup(row[i].title) + "\"";
      h += "<td" + cls + title + ">" + EscapeMarkup(row[i].text) + "</td>";
    }
    h += "</tr>\n";
  }
  return h + "</tbody></table>";
}

std::string MdTable(const Table& t) {
  std::string m = "|", rule = "|";
  for (size_t i = 0; i < t.head.size(); ++i) {
    m += " " + MdCell(t.head[i]) + " |";
    rule += t.left[i] ? "---|" : "---:|";
  }
  m += "\n" + rule + "\n";
  for (const auto& row : t.rows) {
    m += "|";
    for (const TableCell& c : row) m += " " + MdCell(c.text) + " |";
    m += "\n";
  }
  return m;
}

std::string Panel(const std::string& title, const std::string& sub, const std::string& body) {
  return "<section class=\"panel\"><h2>" + EscapeMarkup(title) + "</h2>" +
         (sub.empty() ? "" : "<p class=\"sub\">" + EscapeMarkup(sub) + "</p>") + body +
         "</section>\n";
}

}  // namespace skyseed
