#include "charts/svg.h"

#include <algorithm>
#include <cmath>

#include "common/markup.h"
#include "common/number_text.h"

namespace skyseed {

constexpr const char* kFont = "DejaVu Sans, Helvetica, Arial, sans-serif";

std::string SvgNumber(double v) { return FormatNumber("%.1f", v); }

double SvgTextWidth(const std::string& text, double font_size) {
  return static_cast<double>(text.size()) * font_size * 0.6;
}

std::string SvgText(double x, double y, const std::string& text, const std::string& attrs) {
  return "<text x=\"" + SvgNumber(x) + "\" y=\"" + SvgNumber(y) + "\" " + attrs + ">" +
         EscapeMarkup(text) + "</text>\n";
}

std::string SvgUpText(double x, double y, const std::string& text, const std::string& attrs) {
  return "<text transform=\"translate(" + SvgNumber(x) + " " + SvgNumber(y) + ") rotate(-90)\" " +
         attrs + ">" + EscapeMarkup(text) + "</text>\n";
}

std::string SvgRect(double x, double y, double w, double h, const std::string& fill,
                    const std::string& tooltip) {
  std::string s = "<rect x=\"" + SvgNumber(x) + "\" y=\"" + SvgNumber(y) + "\" width=\"" +
                  SvgNumber(w) + "\" height=\"" + SvgNumber(h) + "\" fill=\"" + fill + "\"";
  if (tooltip.empty()) return s + "/>\n";
  return s + "><title>" + EscapeMarkup(tooltip) + "</title></rect>\n";
}

std::string SvgFit(std::string text, double width, double font_size) {
  if (SvgTextWidth(text, font_size) <= width) return text;
  size_t n = static_cast<size_t>(std::max(1.0, width / (font_size * 0.6) - 1));
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "\u2026";
}

double SvgLegend(const std::vector<LegendItem>& items, Swatch swatch, double left, double right,
                 std::string* s) {
  double x = left, y = 46;
  for (const LegendItem& item : items) {
    const double w = 16 + SvgTextWidth(item.name, 11) + 16;
    if (x + w > right && x > left) {
      x = left;
      y += 17;
    }
    *s += swatch == Swatch::kBox ? SvgRect(x, y - 9, 10, 10, item.color, "")
                                 : SvgRect(x, y - 6, 12, 3, item.color, "");
    *s += SvgText(x + (swatch == Swatch::kBox ? 14 : 16), y, item.name,
                  "font-size=\"11\" fill=\"#374151\"");
    x += w;
  }
  return y + 22;
}

double NiceStep(double max) {
  if (max <= 0) return 0.2;
  const double raw = max / 5, mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * mag;
}

std::string SvgDocument(double width, double height, const std::string& title,
                        const std::string& body) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + SvgNumber(width) + " " +
         SvgNumber(height) + "\" width=\"" + SvgNumber(width) + "\" height=\"" + SvgNumber(height) +
         "\" font-family=\"" + kFont + "\" role=\"img\" aria-label=\"" + EscapeMarkup(title) +
         "\">\n" + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n" + body + "</svg>\n";
}

}  // namespace skyseed
