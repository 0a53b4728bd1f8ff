// SVG line charts: a figure against a measured x (the sweep report's client
// counts or database sizes), one line per series, each point with the
// whiskers of its 95 % interval when it has one. It knows the figures only
// as numbers and labels.
#pragma once

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace skyseed {

struct LinePoint {
  double x = 0, y = 0;
  double lo = 0, hi = 0;  // the interval; equal to y when there is none
  bool flagged = false;   // drawn hollow: measured, but a guard failed
};

struct LineSeries {
  std::string name, color;
  std::vector<LinePoint> points;  // in increasing x
};

// How the y axis spans the data: from zero (rates), in decades (latencies,
// whose p50 and p99 differ by orders of magnitude), or zoomed onto the
// values (a hit ratio of 0.998 against 0.9999 is the whole story).
enum class YScale { kFromZero, kLog, kZoomed };

struct LineChart {
  std::string title = {}, x_title = {}, y_title = {};
  std::vector<LineSeries> series = {};
  bool log_x = false;  // client counts 1..32 and database sizes spread over decades
  YScale y_scale = YScale::kFromZero;
  bool label_points = false;  // print each point's value beside it
  // What the figure cannot exceed (a ratio: 1) or fall below (0): a zoomed
  // axis ends there rather than padding beyond it, and a whisker (a Student-t
  // interval of three windows near 1 reaches past it) stops there.
  double y_ceiling = std::numeric_limits<double>::infinity();
  double y_floor = -std::numeric_limits<double>::infinity();
  // The least span of a zoomed axis: values that differ by less (hit ratios
  // of 0.99998 and 1) are drawn as flat, on ticks y_label tells apart.
  double y_min_span = 0;
  std::function<std::string(double)> x_label = {};
  std::function<std::string(double)> y_label = {};
  double width = 640;  // height is 360
};

std::string RenderLineChart(const LineChart& chart);

}  // namespace skyseed
