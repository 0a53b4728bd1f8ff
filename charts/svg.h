// SVG drawing pieces the charts share: text, rotated text, boxes with
// tooltips, legends, tick steps and the document wrapper. No script and no
// external asset, so a chart is the same inline in a page and alone as a file.
#pragma once

#include <string>
#include <vector>

namespace skyseed {

std::string SvgNumber(double v);  // one decimal, for coordinates
// Estimated width of text in the charts' font.
double SvgTextWidth(const std::string& text, double font_size);
std::string SvgText(double x, double y, const std::string& text, const std::string& attrs);
// Reads bottom to top, starting at (x, y).
std::string SvgUpText(double x, double y, const std::string& text, const std::string& attrs);
std::string SvgRect(double x, double y, double w, double h, const std::string& fill,
                    const std::string& tooltip);
// Cuts a name to fit a width (keeping UTF-8 sequences whole).
std::string SvgFit(std::string text, double width, double font_size);
// A chart's legend: one swatch and name per series, in rows from `left` that
// wrap before `right`, starting at baseline 46. Returns where the plot area
// may start.
struct LegendItem {
  std::string name, color;
};
enum class Swatch { kBox, kLine };
double SvgLegend(const std::vector<LegendItem>& items, Swatch swatch, double left, double right,
                 std::string* s);
// 1, 2, 2.5 or 5 times a power of ten, about five steps to above `max`.
double NiceStep(double max);
// A complete <svg> element (with xmlns, so it also stands alone as a file).
std::string SvgDocument(double width, double height, const std::string& title,
                        const std::string& body);

}  // namespace skyseed
