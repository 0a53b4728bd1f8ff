#include "charts/line_chart.h"

#include <algorithm>
#include <cmath>

#include "charts/svg.h"
#include "common/markup.h"

namespace skyseed {
namespace {

constexpr double kLineChartHeight = 360, kLineLeft = 80, kLineRight = 18, kLineBottom = 52;

struct Axes {
  double x0, x1, y0, y1;
  double xlo, xhi, ylo, yhi;  // ylo and yhi in decades on a log axis
  bool log_x;
  YScale y_scale;
  double ystep = 0;  // a zoomed axis's tick step
  double X(double v) const {
    const double a = log_x ? std::log10(std::max(v, 1e-300)) : v;
    return xhi == xlo ? (x0 + x1) / 2 : x0 + (a - xlo) / (xhi - xlo) * (x1 - x0);
  }
  double Y(double v) const {
    // A whisker's zero end on a log axis stops at the axis.
    const double a = y_scale == YScale::kLog ? std::max(ylo, std::log10(std::max(v, 1e-300))) : v;
    return y1 - (a - ylo) / (yhi - ylo) * (y1 - y0);
  }
};

// A figure or a whisker's end within what the figure can be.
double Bounded(const LineChart& c, double v) { return std::clamp(v, c.y_floor, c.y_ceiling); }

double LineLegend(const LineChart& c, std::string* s) {
  std::vector<LegendItem> items;
  for (const LineSeries& se : c.series) items.push_back({se.name, se.color});
  return SvgLegend(items, Swatch::kLine, kLineLeft, c.width - kLineRight, s);
}

// The zoomed axis's tick step: about five ticks over the values' span.
double ZoomStep(double lo, double hi) {
  const double span = hi - lo > 0 ? hi - lo : std::max(std::fabs(hi) * 0.01, 1e-6);
  return NiceStep(span * 1.1);
}

Axes Fit(const LineChart& c, double top) {
  Axes a{kLineLeft, c.width - kLineRight, top, kLineChartHeight - kLineBottom, 0, 1, 0, 1, c.log_x,
         c.y_scale};
  double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = 0, ypos = INFINITY;
  for (const LineSeries& se : c.series) {
    for (const LinePoint& p : se.points) {
      const double x = c.log_x ? std::log10(std::max(p.x, 1e-300)) : p.x;
      xmin = std::min(xmin, x);
      xmax = std::max(xmax, x);
      ymax = std::max({ymax, p.y, Bounded(c, p.hi)});
      ymin = std::min({ymin, p.y, Bounded(c, p.lo)});
      for (double v : {p.y, Bounded(c, p.lo)}) {
        if (v > 0) ypos = std::min(ypos, v);
      }
    }
  }
  if (xmin > xmax) return a;
  const double pad = (xmax - xmin) * 0.04 + (xmax == xmin ? 0.5 : 0);
  a.xlo = xmin - pad;
  a.xhi = xmax + pad;
  if (c.y_scale == YScale::kLog && ymax > 0) {
    a.ylo = std::floor(std::log10(std::min(ypos, ymax)));
    a.yhi = std::max(a.ylo + 1, std::ceil(std::log10(ymax)));
    return a;
  }
  if (c.y_scale == YScale::kZoomed) {
    if (ymax - ymin < c.y_min_span) ymin = ymax - c.y_min_span;  // down from the values
    const double step = ZoomStep(ymin, ymax);
    a.ylo = std::floor(ymin / step) * step;
    a.yhi = std::ceil(ymax / step) * step;
    if (a.yhi <= a.ylo) a.yhi = a.ylo + step;
    if (a.yhi > c.y_ceiling) {  // keep the span, below the ceiling
      const double span = a.yhi - a.ylo;
      a.yhi = c.y_ceiling;
      a.ylo = std::min(a.ylo, a.yhi - span);
    }
    a.ystep = step;
    return a;
  }
  const double step = NiceStep(ymax * 1.08);
  a.yhi = std::max(step, std::ceil(ymax * 1.08 / step) * step);
  return a;
}

// The y ticks: every decade on a log axis, nice steps otherwise.
std::vector<double> YTicks(const LineChart& c, const Axes& a) {
  std::vector<double> ticks;
  if (c.y_scale == YScale::kLog) {
    for (double d = a.ylo; d <= a.yhi + 1e-9; d += 1) ticks.push_back(std::pow(10.0, d));
    return ticks;
  }
  if (c.y_scale == YScale::kZoomed) {
    // On the step's multiples inside the axis: a zoomed axis may have been
    // moved below a ceiling by a span its step does not divide, and a step
    // worked out again from the axis's span could be another one.
    const double step = a.ystep > 0 ? a.ystep : ZoomStep(a.ylo, a.yhi);  // none: no points
    // + 0.0: the multiple at zero may be -0, which prints as "-0.0000".
    for (double v = std::ceil(a.ylo / step - 1e-9) * step; v <= a.yhi + step * 1e-6; v += step)
      ticks.push_back(v + 0.0);
    return ticks;
  }
  const double step = NiceStep(a.yhi / 1.0001);
  for (int k = 0; a.ylo + k * step <= a.yhi + step / 2; ++k) ticks.push_back(a.ylo + k * step);
  return ticks;
}

// Ticks at the distinct x values of the points: they are what was measured
// (client counts, tier sizes), so they are what the axis names.
std::vector<double> XTicks(const LineChart& c) {
  std::vector<double> xs;
  for (const LineSeries& se : c.series) {
    for (const LinePoint& p : se.points) xs.push_back(p.x);
  }
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  return xs;
}

void DrawAxes(const LineChart& c, const Axes& a, std::string* s) {
  const std::vector<double> ticks = YTicks(c, a);
  for (size_t k = 0; k < ticks.size(); ++k) {
    const double v = ticks[k], y = a.Y(v);
    *s += "<line x1=\"" + SvgNumber(a.x0) + "\" x2=\"" + SvgNumber(a.x1) + "\" y1=\"" +
          SvgNumber(y) + "\" y2=\"" + SvgNumber(y) + "\" stroke=\"" +
          (k == 0 ? "#9ca3af" : "#e5e7eb") + "\"/>\n";
    *s += SvgText(a.x0 - 6, y + 4, c.y_label(v),
                  "font-size=\"11\" text-anchor=\"end\" fill=\"#4b5563\"");
  }
  double last_right = -INFINITY;
  for (double x : XTicks(c)) {
    const std::string label = c.x_label(x);
    const double px = a.X(x), w = SvgTextWidth(label, 11);
    if (px - w / 2 < last_right + 4) continue;  // would overlap the previous label
    *s += SvgText(px, a.y1 + 16, label, "font-size=\"11\" text-anchor=\"middle\" fill=\"#4b5563\"");
    last_right = px + w / 2;
  }
  *s += SvgText((a.x0 + a.x1) / 2, a.y1 + 38, c.x_title + (c.log_x ? " (log scale)" : ""),
                "font-size=\"12\" text-anchor=\"middle\" fill=\"#374151\"");
  *s += SvgUpText(16, (a.y0 + a.y1) / 2,
                  c.y_title + (c.y_scale == YScale::kLog ? " (log scale)" : ""),
                  "font-size=\"12\" text-anchor=\"middle\" fill=\"#374151\"");
}

void DrawSeries(const LineChart& c, const LineSeries& se, const Axes& a, std::string* s) {
  std::string path;
  for (const LinePoint& p : se.points) {
    path += (path.empty() ? "M" : " L") + SvgNumber(a.X(p.x)) + " " + SvgNumber(a.Y(p.y));
  }
  *s += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + se.color + "\" stroke-width=\"2\"/>\n";
  for (const LinePoint& p : se.points) {
    const double x = a.X(p.x);
    const double lo = a.Y(Bounded(c, p.lo)), hi = a.Y(Bounded(c, p.hi));
    if (p.hi > p.lo) {
      *s += "<path d=\"M" + SvgNumber(x) + " " + SvgNumber(lo) + " L" + SvgNumber(x) + " " +
            SvgNumber(hi) + " M" + SvgNumber(x - 4) + " " + SvgNumber(lo) + " h8 M" +
            SvgNumber(x - 4) + " " + SvgNumber(hi) + " h8\" stroke=\"" + se.color +
            "\" stroke-width=\"1.2\" fill=\"none\"/>\n";
    }
    *s += "<circle cx=\"" + SvgNumber(x) + "\" cy=\"" + SvgNumber(a.Y(p.y)) + "\" r=\"4\" fill=\"" +
          (p.flagged ? "#fff" : se.color) + "\" stroke=\"" + se.color + "\" stroke-width=\"1.5\">";
    *s += "<title>" +
          EscapeMarkup(
              se.name + " \u00b7 " + c.x_label(p.x) + ": " + c.y_label(p.y) +
              (p.hi > p.lo ? " (" + c.y_label(p.lo) + " \u2013 " + c.y_label(p.hi) + ")" : "") +
              (p.flagged ? " \u00b7 flagged" : "")) +
          "</title></circle>\n";
    if (c.label_points) {
      // Right of the point, or left of it where the figure's edge would cut it.
      const std::string label = c.y_label(p.y);
      const bool left = x + 7 + SvgTextWidth(label, 10) > c.width - 2;
      *s += SvgText(left ? x - 7 : x + 7, a.Y(p.y) - 7, label,
                    std::string(left ? "text-anchor=\"end\" " : "") + "font-size=\"10\" fill=\"" +
                        se.color + "\"");
    }
  }
}

}  // namespace

std::string RenderLineChart(const LineChart& c) {
  std::string body =
      SvgText(kLineLeft, 24, c.title, "font-size=\"15\" font-weight=\"700\" fill=\"#111827\"");
  const Axes a = Fit(c, LineLegend(c, &body));
  DrawAxes(c, a, &body);
  bool any = false;
  for (const LineSeries& se : c.series) {
    if (se.points.empty()) continue;
    any = true;
    DrawSeries(c, se, a, &body);
  }
  if (!any) {
    body += SvgText((a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2, "nothing measured",
                    "font-size=\"13\" text-anchor=\"middle\" fill=\"#6b7280\"");
  }
  return SvgDocument(c.width, kLineChartHeight, c.title, body);
}

}  // namespace skyseed
