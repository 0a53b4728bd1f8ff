// The number formats and escaping every page and chart of the report share.
#pragma once

#include <cstdint>
#include <string>

#include "common/markup.h"

namespace skyseed {

std::string FormatCount(double v);    // three significant digits: 950, 12.3k, 8.17M
std::string FormatPlain(double v);    // 2.5, 12.3, 1200: no trailing ".0"
std::string FormatBytes(double b);    // 12.3 MiB, 1.4 GiB
std::string FormatSeconds(double s);  // 2.4 s
std::string FormatExact(uint64_t n);  // 1,234,567
std::string FormatRatio(double r);    // 0.44
std::string Ms(double v);             // 0.42 ms, 3.1 ms, 120 ms
std::string MsFigure(double v);       // 0.42, 3.1, 120: Ms without its unit (for a "(ms)" column)

// A table cell of escaped `text`, with the page style's class (e.g. "l",
// "l wrap").
std::string Cell(const std::string& text, const char* cls = "");
// Text in a markdown table cell: what GitHub would read as HTML escaped, and
// the cell separator too.
std::string MdCell(const std::string& raw);

}  // namespace skyseed
