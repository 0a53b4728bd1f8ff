#include "tiers/tier_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

namespace skyseed {
namespace {

// ---- Numbers as people read them.

std::string Fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), format, v);
  return buf;
}

// Three significant digits with a k/M/G suffix: 950, 12.3k, 8.17M.
std::string Si(double v) {
  static const char* const kSuffix[] = {"", "k", "M", "G", "T"};
  int i = 0;
  while (std::fabs(v) >= 999.5 && i < 4) {
    v /= 1000;
    ++i;
  }
  return Fmt(i == 0 && v == std::floor(v) ? "%.0f" : "%.3g", v) + kSuffix[i];
}

// Tick values such as 2.5 or 1200 without a trailing ".0".
std::string Plain(double v) { return Fmt(v == std::floor(v) ? "%.0f" : "%.4g", v); }

constexpr double kMiB = 1024.0 * 1024.0, kGiB = kMiB * 1024.0;

std::string Bytes(double b) {
  const double unit = b >= kGiB ? kGiB : kMiB;
  const double v = b / unit;
  return Fmt(v >= 100 ? "%.0f" : "%.1f", v) + (unit == kGiB ? " GiB" : " MiB");
}

std::string Seconds(double s) { return Fmt(s >= 100 ? "%.0f s" : "%.1f s", s); }

// "2025-06-01 10:11:12.345678+00" -> "2025-06-01 10:11:12+00": the
// fraction only widens the table.
std::string ShortTime(std::string t) {
  const size_t dot = t.find('.');
  if (dot == std::string::npos) return t;
  const size_t zone = t.find_first_of("+-", dot);
  return t.erase(dot, (zone == std::string::npos ? t.size() : zone) - dot);
}

// ---- What the records say, arranged per tier and per table.

struct Phases {
  bool recorded = false;
  double load = 0, indexes = 0, vacuum = 0;
  std::map<std::string, double> index_builds;  // index name -> seconds
};

Phases ParsePhases(const std::string& text) {
  Phases p;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return p;
  p.recorded = true;
  for (const auto& [key, value] : j.items()) {
    if (!value.is_number()) continue;
    const double s = value.get<double>();
    if (key == "load") p.load = s;
    if (key == "indexes") p.indexes = s;
    if (key == "vacuum") p.vacuum = s;
    if (key.rfind("index ", 0) == 0) p.index_builds[key.substr(6)] = s;
  }
  return p;
}

struct Model {
  const ReportInput& in;
  std::vector<std::string> tables;   // in order of first appearance
  std::vector<std::string> indexes;  // every index built in some tier, by name
  std::vector<Phases> phases;        // per tier
};

const TierTableRecord* FindTable(const TierRecord& t, const std::string& table) {
  for (const TierTableRecord& r : t.tables) {
    if (r.table == table) return &r;
  }
  return nullptr;
}

double Rows(const TierRecord& t, const std::string& table) {
  const TierTableRecord* r = FindTable(t, table);
  return r ? static_cast<double>(r->digest.rows) : 0;
}

Model BuildModel(const ReportInput& in) {
  Model m{in, {}, {}, {}};
  std::set<std::string> indexes;
  for (const TierRecord& t : in.tiers) {
    for (const TierTableRecord& r : t.tables) {
      if (std::find(m.tables.begin(), m.tables.end(), r.table) == m.tables.end()) {
        m.tables.push_back(r.table);
      }
    }
    m.phases.push_back(ParsePhases(t.phases_json));
    for (const auto& [name, s] : m.phases.back().index_builds) indexes.insert(name);
  }
  m.indexes.assign(indexes.begin(), indexes.end());
  return m;
}

// Seconds of the recorded total outside load, indexes and vacuum.
double OtherSeconds(const TierRecord& t, const Phases& p) {
  return std::max(0.0, t.seconds - p.load - p.indexes - p.vacuum);
}

// Rows the load phase of tier i added: tiers only grow, so each one loads
// what the one before it lacked, not all its rows.
double LoadedRows(const ReportInput& in, size_t i, const std::string& table) {
  const double now = Rows(in.tiers[i], table);
  const double before = i == 0 ? 0 : Rows(in.tiers[i - 1], table);
  return before <= now ? now - before : now;
}

// ---- SVG bar charts.

constexpr double kW = 640, kH = 360, kLeft = 66, kRight = 14, kBottom = 40;
constexpr const char* kFont = "DejaVu Sans, Helvetica, Arial, sans-serif";
const char* const kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

struct Series {
  std::string name, color;
};

struct Chart {
  std::string file, title, y_title;
  std::vector<std::string> groups;          // the x categories: tiers
  std::vector<Series> series;               // bars per group, or segments per stack
  std::vector<std::vector<double>> values;  // [group][series], in raw units
  bool stacked = false;
  double divisor = 1;                       // raw / divisor = axis unit
  std::function<std::string(double)> label;  // of a value in axis units
};

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
double Legend(const Chart& c, std::string* s) {
  double x = kLeft, y = 46;
  for (const Series& se : c.series) {
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

void Axes(const Chart& c, const Frame& f, double step, std::string* s) {
  for (double v = 0; v <= f.top + step / 2; v += step) {
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

std::string Tip(const Chart& c, size_t g, size_t i, double v) {
  return c.groups[g] + " \u00b7 " + c.series[i].name + ": " + c.label(v / c.divisor);
}

void StackedBars(const Chart& c, const Frame& f, std::string* s) {
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

void GroupedBars(const Chart& c, const Frame& f, std::string* s) {
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

std::string RenderChart(const Chart& c) {
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
