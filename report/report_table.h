// A table of the capacity report, rendered the same way for both pages:
// HTML (report.html) and GitHub-flavoured markdown (summary.md), and the
// panel an HTML table sits in.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace skyseed {

struct TableCell {
  TableCell(std::string text_in, std::string title_in = "")  // NOLINT: cells from text
      : text(std::move(text_in)), title(std::move(title_in)) {}
  std::string text;
  std::string title;  // HTML only: shown on hover
};

struct Table {
  std::vector<std::string> head;
  std::vector<bool> left;  // per column: text (left) or figures (right)
  std::vector<std::vector<TableCell>> rows;
};

std::string HtmlTable(const Table& t);
std::string MdTable(const Table& t);
// <section class="panel"> with a title, a caption (may be empty) and a body.
std::string Panel(const std::string& title, const std::string& sub, const std::string& body);

}  // namespace skyseed
