#include "charts/bar_chart.h"

#include <algorithm>
#include <cmath>

#include "charts/svg.h"
#include "common/markup.h"

namespace skyseed {
namespace {

constexpr double kBarChartHeight = 360, kBarLeft = 80, kBarRight = 14, kBarBottom = 40;
double BarLegend(const BarChart& c, std::string* s) {
  std::vector<LegendItem> items;
  for (const ChartSeries& se : c.series) items.push_back({se.name, se.color});
  return SvgLegend(items, Swatch::kBox, kBarLeft, c.width - kBarRight, s);
}

// Plot area and axis: linear from 0 to `hi`, or log10 from `lo` to `hi`.
struct Frame {
  double x0, x1, y0, y1, lo = 0, hi = 1;
  bool log = false;
  std::vector<double> ticks = {};  // axis values
  double Y(double v) const {
    const double a = log ? std::log10(std::max(v, std::pow(10.0, lo))) : v;
    return y1 - (a - lo) / (hi - lo) * (y1 - y0);
  }
  double GroupWidth(size_t groups) const { return (x1 - x0) / std::max<size_t>(1, groups); }
};

// Bar value labels: across the bar when they fit, else along it, else none
// (all or none, so that no bar looks unlabelled by accident).
enum class Labels { kAcross, kAlong, kNone };

double BarWidth(const BarChart& c, const Frame& f) {
  const double gw = f.GroupWidth(c.groups.size());
  if (c.stacked) return std::min(84.0, gw * 0.6);
  return std::min(44.0, gw * 0.76 / std::max<size_t>(1, c.series.size()));
}

Labels ChooseLabels(const BarChart& c, double bw) {
  if (c.stacked) return Labels::kAcross;
  bool across = true;
  for (const auto& row : c.values) {
    for (double v : row) across = across && SvgTextWidth(c.value_label(v), 10) <= bw + 1;
  }
  return across ? Labels::kAcross : bw >= 11 ? Labels::kAlong : Labels::kNone;
}

// Fits the axis to the values, with headroom for the labels above the bars.
void FitAxis(const BarChart& c, Labels labels, Frame* f) {
  double max = 0, min_positive = 0;
  for (const auto& row : c.values) {
    double sum = 0;
    for (double raw : row) {
      const double v = raw / c.divisor;
      sum += v;
      max = std::max(max, v);
      if (v > 0 && (min_positive == 0 || v < min_positive)) min_positive = v;
    }
    if (c.stacked) max = std::max(max, sum);
  }
  const double headroom = labels == Labels::kAlong ? 0.22 : 0.07;
  f->log = c.log_when_wide && !c.stacked && min_positive > 0 && max / min_positive >= 1000;
  if (f->log) {
    // Decades for ticks, the lowest below the smallest bar so that it shows;
    // the top is where the labels end, not the next decade.
    f->lo = std::floor(std::log10(min_positive) - 0.3);
    const double top = std::log10(max);
    f->hi = std::max(f->lo + 1, top + (top - f->lo) * headroom);
    for (double k = f->lo; k <= f->hi; ++k) f->ticks.push_back(std::pow(10.0, k));
    return;
  }
  const double step = NiceStep(max * (1 + headroom));
  f->hi = std::max(step, std::ceil(max * (1 + headroom) / step) * step);
  // Counted, not summed, so that 0.1 steps do not drift to 0.30000000000000004.
  for (int k = 0; k * step <= f->hi + step / 2; ++k) f->ticks.push_back(k * step);
}

void DrawBarAxes(const BarChart& c, const Frame& f, std::string* s) {
  for (double v : f.ticks) {
    const bool base = v == f.ticks.front();
    *s += "<line x1=\"" + SvgNumber(f.x0) + "\" x2=\"" + SvgNumber(f.x1) + "\" y1=\"" +
          SvgNumber(f.Y(v)) + "\" y2=\"" + SvgNumber(f.Y(v)) + "\" stroke=\"" +
          (base ? "#9ca3af" : "#e5e7eb") + "\"/>\n";
    *s += SvgText(f.x0 - 6, f.Y(v) + 4, c.tick_label(v),
                  "font-size=\"11\" text-anchor=\"end\" fill=\"#4b5563\"");
  }
  *s += SvgUpText(16, (f.y0 + f.y1) / 2, c.y_title + (f.log ? " (log scale)" : ""),
                  "font-size=\"12\" text-anchor=\"middle\" fill=\"#374151\"");
  const double gw = f.GroupWidth(c.groups.size());
  for (size_t g = 0; g < c.groups.size(); ++g) {
    *s += SvgText(f.x0 + gw * (g + 0.5), f.y1 + 17, SvgFit(c.groups[g], gw - 4, 12),
                  "font-size=\"12\" font-weight=\"600\" text-anchor=\"middle\" fill=\"#1f2937\"");
  }
}

std::string Tip(const BarChart& c, size_t g, size_t i) {
  return c.groups[g] + " \u00b7 " + c.series[i].name + ": " + c.value_label(c.values[g][i]);
}

void StackedBars(const BarChart& c, const Frame& f, std::string* s) {
  const double gw = f.GroupWidth(c.groups.size()), bw = BarWidth(c, f);
  for (size_t g = 0; g < c.groups.size(); ++g) {
    const double x = f.x0 + gw * (g + 0.5) - bw / 2;
    double base = 0, total = 0;
    for (size_t i = 0; i < c.series.size(); ++i) {
      const double v = c.values[g][i] / c.divisor;
      if (v <= 0) continue;
      const double y = f.Y(base + v), h = f.Y(base) - y;
      *s += SvgRect(x, y, bw, h, c.series[i].color, Tip(c, g, i));
      const std::string label = c.value_label(c.values[g][i]);
      if (h >= 15 && SvgTextWidth(label, 10) <= bw - 6) {
        *s += SvgText(x + bw / 2, y + h / 2 + 3.5, label,
                      "font-size=\"10\" text-anchor=\"middle\" fill=\"#fff\"");
      }
      base += v;
      total += c.values[g][i];
    }
    *s += SvgText(x + bw / 2, f.Y(base) - 5, c.value_label(total),
                  "font-size=\"11\" font-weight=\"600\" text-anchor=\"middle\" fill=\"#111827\"");
  }
}

void GroupedBars(const BarChart& c, const Frame& f, Labels labels, std::string* s) {
  const double gw = f.GroupWidth(c.groups.size()), bw = BarWidth(c, f);
  for (size_t g = 0; g < c.groups.size(); ++g) {
    const double x0 = f.x0 + gw * (g + 0.5) - bw * c.series.size() / 2;
    for (size_t i = 0; i < c.series.size(); ++i) {
      const double v = c.values[g][i] / c.divisor;
      if (v <= 0) continue;
      const double x = x0 + bw * i, y = f.Y(v);
      *s += SvgRect(x + 1, y, bw - 2, f.y1 - y, c.series[i].color, Tip(c, g, i));
      const std::string label = c.value_label(c.values[g][i]);
      if (labels == Labels::kAcross) {
        *s += SvgText(x + bw / 2, y - 4, label,
                      "font-size=\"10\" text-anchor=\"middle\" fill=\"#374151\"");
      } else if (labels == Labels::kAlong) {
        *s += SvgUpText(x + bw / 2 + 3.5, y - 4, label, "font-size=\"9.5\" fill=\"#374151\"");
      }
    }
  }
}

}  // namespace

std::string RenderBarChart(const BarChart& c) {
  std::string body =
      SvgText(kBarLeft, 24, c.title, "font-size=\"15\" font-weight=\"700\" fill=\"#111827\"");
  Frame f{kBarLeft, c.width - kBarRight, BarLegend(c, &body), kBarChartHeight - kBarBottom};
  const Labels labels = ChooseLabels(c, BarWidth(c, f));
  FitAxis(c, labels, &f);
  DrawBarAxes(c, f, &body);
  bool any = false;
  for (const auto& row : c.values) {
    any = any || std::any_of(row.begin(), row.end(), [](double v) { return v > 0; });
  }
  if (!any) {
    body += SvgText((f.x0 + f.x1) / 2, (f.y0 + f.y1) / 2, "nothing recorded",
                    "font-size=\"13\" text-anchor=\"middle\" fill=\"#6b7280\"");
  } else if (c.stacked) {
    StackedBars(c, f, &body);
  } else {
    GroupedBars(c, f, labels, &body);
  }
  return SvgDocument(c.width, kBarChartHeight, c.title, body);
}

}  // namespace skyseed
