#include "report/format.h"

#include <cmath>

#include "common/number_text.h"

namespace skyseed {
namespace {

constexpr double kMiB = 1024.0 * 1024.0, kGiB = kMiB * 1024.0;

}  // namespace

std::string FormatCount(double v) {
  static const char* const kSuffix[] = {"", "k", "M", "G", "T"};
  int i = 0;
  while (std::fabs(v) >= 999.5 && i < 4) {
    v /= 1000;
    ++i;
  }
  return FormatNumber(i == 0 && v == std::floor(v) ? "%.0f" : "%.3g", v) + kSuffix[i];
}

std::string FormatPlain(double v) {
  return FormatNumber(v >= 100 || v == std::floor(v) ? "%.0f" : "%.3g", v);
}

std::string FormatBytes(double b) {
  const double unit = b >= kGiB ? kGiB : kMiB;
  const double v = b / unit;
  return FormatNumber(v >= 100 ? "%.0f" : "%.1f", v) + (unit == kGiB ? " GiB" : " MiB");
}

std::string FormatSeconds(double s) { return FormatNumber(s >= 100 ? "%.0f s" : "%.1f s", s); }

std::string FormatExact(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string FormatRatio(double r) { return FormatNumber("%.2f", r); }

std::string MsFigure(double v) {
  return FormatNumber(v >= 10 ? "%.0f" : v >= 1 ? "%.1f" : "%.2f", v);
}

std::string Ms(double v) { return MsFigure(v) + " ms"; }

std::string Cell(const std::string& text, const char* cls) {
  return std::string("<td") + (*cls ? " class=\"" + std::string(cls) + "\"" : "") + ">" +
         EscapeMarkup(text) + "</td>";
}

std::string MdCell(const std::string& raw) {
  // Only what GitHub's renderer would take as markup or a cell's end: quotes
  // stay as they are, for whoever reads the file rather than the page.
  std::string text;
  text.reserve(raw.size());
  for (const char c : raw) {
    switch (c) {
      case '&':
        text += "&amp;";
        break;
      case '<':
        text += "&lt;";
        break;
      case '>':
        text += "&gt;";
        break;
      case '|':
        text += "&#124;";
        break;
      default:
        text += c;
    }
  }
  return text;
}

}  // namespace skyseed
