// SVG bar charts, grouped or stacked: categories along x (the tier report's
// tiers), a bar or a stack segment per series.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace skyseed {

struct ChartSeries {
  std::string name, color;
};

// Every member has a default, so that designated initializers may skip any.
struct BarChart {
  std::string title = {}, y_title = {};
  std::vector<std::string> groups = {};          // the x categories
  std::vector<ChartSeries> series = {};          // bars per group, or segments per stack
  std::vector<std::vector<double>> values = {};  // [group][series], raw units, >= 0
  bool stacked = false;
  double divisor = 1;                                   // raw value / divisor = axis unit
  std::function<std::string(double)> tick_label = {};   // of an axis value
  std::function<std::string(double)> value_label = {};  // of a raw value: bar labels, tooltips
  // Grouped bars only: a log axis once values span three decades, as tiers
  // that grow tenfold each would leave the first ones invisible.
  bool log_when_wide = false;
  double width = 640;  // height is 360
};

// A complete <svg> element (with xmlns, so it also stands alone as a file).
std::string RenderBarChart(const BarChart& chart);

}  // namespace skyseed
