#include "tiers/report_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace skyseed {
namespace {

std::string Fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), format, v);
  return buf;
}

constexpr double kMiB = 1024.0 * 1024.0, kGiB = kMiB * 1024.0;

}  // namespace

std::string EscapeMarkup(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string FormatCount(double v) {
  static const char* const kSuffix[] = {"", "k", "M", "G", "T"};
  int i = 0;
  while (std::fabs(v) >= 999.5 && i < 4) {
    v /= 1000;
    ++i;
  }
  return Fmt(i == 0 && v == std::floor(v) ? "%.0f" : "%.3g", v) + kSuffix[i];
}

std::string FormatPlain(double v) {
  return Fmt(v >= 100 || v == std::floor(v) ? "%.0f" : "%.3g", v);
}

std::string FormatBytes(double b) {
  const double unit = b >= kGiB ? kGiB : kMiB;
  const double v = b / unit;
  return Fmt(v >= 100 ? "%.0f" : "%.1f", v) + (unit == kGiB ? " GiB" : " MiB");
}

std::string FormatSeconds(double s) { return Fmt(s >= 100 ? "%.0f s" : "%.1f s", s); }

namespace {

constexpr double kW = 640, kH = 360, kLeft = 66, kRight = 14, kBottom = 40;
constexpr const char* kFont = "DejaVu Sans, Helvetica, Arial, sans-serif";

std::string N(double v) { return Fmt("%.1f", v); }

double TextWidth(const std::string& text, double font_size) {
  return static_cast<double>(text.size()) * font_size * 0.6;
}

std::string Text(double x, double y, const std::string& text, const std::string& attrs) {
  return "<text x=\"" + N(x) + "\" y=\"" + N(y) + "\" " + attrs + ">" + EscapeMarkup(text) +
         "</text>\n";
}

std::string Rect(double x, double y, double w, double h, const std::string& fill,
                 const std::string& tooltip) {
  std::string s = "<rect x=\"" + N(x) + "\" y=\"" + N(y) + "\" width=\"" + N(w) + "\" height=\"" +
                  N(h) + "\" fill=\"" + fill + "\"";
  if (tooltip.empty()) return s + "/>\n";
  return s + "><title>" + EscapeMarkup(tooltip) + "</title></rect>\n";
}

// Cuts a name to fit under its group (keeping UTF-8 sequences whole).
std::string Fit(std::string text, double width, double font_size) {
  if (TextWidth(text, font_size) <= width) return text;
  size_t n = static_cast<size_t>(std::max(1.0, width / (font_size * 0.6) - 1));
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "\u2026";
}

// Legend items in rows from the left; returns where the plot area may start.
double Legend(const BarChart& c, std::string* s) {
  double x = kLeft, y = 46;
  for (const ChartSeries& se : c.series) {
    const double w = 16 + TextWidth(se.name, 11) + 16;
    if (x + w > kW - kRight && x > kLeft) {
      x = kLeft;
      y += 17;
    }
    *s += Rect(x, y - 9, 10, 10, se.color, "");
    *s += Text(x + 14, y, se.name, "font-size=\"11\" fill=\"#374151\"");
    x += w;
  }
  return y + 22;
}

// 1, 2, 2.5 or 5 times a power of ten, about five steps to above `max`.
double NiceStep(double max) {
  if (max <= 0) return 0.2;
  const double raw = max / 5, mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * mag;
}

struct Frame {
  double x0, x1, y0, y1, top;  // plot area and the axis value at its top
  double Y(double v) const { return y1 - v / top * (y1 - y0); }
};

void Axes(const BarChart& c, const Frame& f, double step, std::string* s) {
  // Counted, not summed, so that 0.1 steps do not drift to 0.30000000000000004.
  for (int k = 0; k * step <= f.top + step / 2; ++k) {
    const double v = k * step;
    *s += "<line x1=\"" + N(f.x0) + "\" x2=\"" + N(f.x1) + "\" y1=\"" + N(f.Y(v)) + "\" y2=\"" +
          N(f.Y(v)) + "\" stroke=\"" + (v == 0 ? "#9ca3af" : "#e5e7eb") + "\"/>\n";
    *s += Text(f.x0 - 6, f.Y(v) + 4, c.label(v), "font-size=\"11\" text-anchor=\"end\" fill=\"#4b5563\"");
  }
  const double mid = (f.y0 + f.y1) / 2;
  *s += "<text transform=\"translate(14 " + N(mid) + ") rotate(-90)\" font-size=\"12\" "
        "text-anchor=\"middle\" fill=\"#374151\">" + EscapeMarkup(c.y_title) + "</text>\n";
  const double gw = (f.x1 - f.x0) / c.groups.size();
  for (size_t g = 0; g < c.groups.size(); ++g) {
    *s += Text(f.x0 + gw * (g + 0.5), f.y1 + 17, Fit(c.groups[g], gw - 4, 12),
               "font-size=\"12\" font-weight=\"600\" text-anchor=\"middle\" fill=\"#1f2937\"");
  }
}

std::string Tip(const BarChart& c, size_t g, size_t i, double v) {
  return c.groups[g] + " \u00b7 " + c.series[i].name + ": " + c.label(v / c.divisor);
}

void StackedBars(const BarChart& c, const Frame& f, std::string* s) {
  const double gw = (f.x1 - f.x0) / c.groups.size(), bw = std::min(84.0, gw * 0.6);
  for (size_t g = 0; g < c.groups.size(); ++g) {
    const double x = f.x0 + gw * (g + 0.5) - bw / 2;
    double base = 0;
    for (size_t i = 0; i < c.series.size(); ++i) {
      const double v = c.values[g][i] / c.divisor;
      if (v <= 0) continue;
      const double y = f.Y(base + v), h = f.Y(base) - y;
      *s += Rect(x, y, bw, h, c.series[i].color, Tip(c, g, i, c.values[g][i]));
      const std::string label = c.label(v);
      if (h >= 15 && TextWidth(label, 10) <= bw - 6) {
        *s += Text(x + bw / 2, y + h / 2 + 3.5, label,
                   "font-size=\"10\" text-anchor=\"middle\" fill=\"#fff\"");
      }
      base += v;
    }
    *s += Text(x + bw / 2, f.Y(base) - 5, c.label(base),
               "font-size=\"11\" font-weight=\"600\" text-anchor=\"middle\" fill=\"#111827\"");
  }
}

void GroupedBars(const BarChart& c, const Frame& f, std::string* s) {
  const double gw = (f.x1 - f.x0) / c.groups.size();
  const double bw = std::min(44.0, gw * 0.76 / c.series.size());
  bool labels = true;  // all or none, so that no bar looks unlabelled by accident
  for (const auto& row : c.values) {
    for (double v : row) labels = labels && TextWidth(c.label(v / c.divisor), 10) <= bw + 1;
  }
  for (size_t g = 0; g < c.groups.size(); ++g) {
    const double x0 = f.x0 + gw * (g + 0.5) - bw * c.series.size() / 2;
    for (size_t i = 0; i < c.series.size(); ++i) {
      const double v = c.values[g][i] / c.divisor;
      if (v <= 0) continue;
      const double x = x0 + bw * i;
      *s += Rect(x + 1, f.Y(v), bw - 2, f.y1 - f.Y(v), c.series[i].color,
                 Tip(c, g, i, c.values[g][i]));
      if (labels) {
        *s += Text(x + bw / 2, f.Y(v) - 4, c.label(v),
                   "font-size=\"10\" text-anchor=\"middle\" fill=\"#374151\"");
      }
    }
  }
}

}  // namespace

std::string RenderBarChart(const BarChart& c) {
  std::string body = Text(kLeft, 24, c.title, "font-size=\"15\" font-weight=\"700\" fill=\"#111827\"");
  const double plot_top = Legend(c, &body);
  double max = 0;
  for (const auto& row : c.values) {
    double sum = 0;
    for (double v : row) {
      sum += v / c.divisor;
      max = std::max(max, v / c.divisor);
    }
    if (c.stacked) max = std::max(max, sum);
  }
  // Headroom above the tallest bar for its label.
  const double step = NiceStep(max * 1.06);
  const Frame f{kLeft, kW - kRight, plot_top, kH - kBottom,
                std::max(step, std::ceil(max * 1.06 / step) * step)};
  Axes(c, f, step, &body);
  if (max <= 0) {
    body += Text((f.x0 + f.x1) / 2, (f.y0 + f.y1) / 2, "nothing recorded",
                 "font-size=\"13\" text-anchor=\"middle\" fill=\"#6b7280\"");
  } else if (c.stacked) {
    StackedBars(c, f, &body);
  } else {
    GroupedBars(c, f, &body);
  }
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + N(kW) + " " + N(kH) +
         "\" width=\"" + N(kW) + "\" height=\"" + N(kH) + "\" font-family=\"" + kFont +
         "\" role=\"img\" aria-label=\"" + EscapeMarkup(c.title) + "\">\n" +
         "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n" + body + "</svg>\n";
}

}  // namespace skyseed
