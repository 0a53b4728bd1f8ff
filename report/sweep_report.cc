#include "report/sweep_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "capacity/service_share.h"
#include "charts/line_chart.h"
#include "report/format.h"
#include "report/plan_flags.h"
#include "report/profile_section.h"
#include "report/service_tables.h"
#include "report/sweep_charts.h"
#include "report/sweep_tables.h"
#include "sweep_record/sweep_kind_words.h"
#include "sweep_record/sweep_record.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {
namespace {

std::string FindingsTable(const SweepRecord& r) {
  std::string h =
      std::string("<section class=\"panel\"><h2>") + WordsOf(r.key.kind).saturation +
      "</h2><table><thead><tr><th class=\"l\">Tier</th>"
      "<th>Database size</th><th>Peak throughput</th><th>At clients</th><th>p95 there</th>"
      "<th class=\"l\">Finding</th></tr></thead><tbody>\n";
  for (const TierSweep& t : r.tiers) {
    const auto steps = WindowsByClients(t);
    const std::vector<SweepWindow>* best = PeakStep(steps);
    const std::string finding = t.finding.saturated
                                    ? std::string(LimitKindName(t.finding.limit)) + ": " +
                                          t.finding.reason + ProfileFindingNote(t)
                                    : "kept scaling up to the largest client count";
    h +=
        "<tr>" + Cell(t.tier, "l") + Cell(FormatBytes(static_cast<double>(t.database_size))) +
        Cell(best ? FormatCount(ValidInterval(*best, WindowTps).mean) + " " + r.key.units() : "-") +
        Cell(best && !best->empty() ? std::to_string(best->front().clients) : "-") +
        Cell(best ? Ms(ValidInterval(*best, WindowP95).mean) : "-") + Cell(finding, "l wrap") +
        "</tr>\n";
  }
  return h + "</tbody></table></section>\n";
}

std::string FlagsTable(const SweepRecord& r) {
  std::string rows;
  for (const TierSweep& t : r.tiers) {
    for (const SweepWindow& w : t.windows) {
      for (const GuardFlag& f : w.flags) {
        rows += "<tr>" + Cell(t.tier, "l") + Cell(std::to_string(w.clients)) +
                Cell(std::to_string(w.rep)) + Cell(f.text, "l wrap") + "</tr>\n";
      }
    }
  }
  if (rows.empty())
    rows = "<tr><td class=\"l\" colspan=\"4\">every window passed every guard</td></tr>\n";
  return "<section class=\"panel\"><h2>Flagged windows (left out of every mean)</h2><table>"
         "<thead><tr><th class=\"l\">Tier</th><th>Clients</th><th>Rep</th><th class=\"l\">"
         "Guard</th></tr></thead><tbody>\n" +
         rows + "</tbody></table></section>\n";
}

// Without a flag: whether the plans were clean or never recorded.
std::string NoPlanFlagsText(const SweepRecord& r) {
  size_t plans = 0;
  for (const TierSweep& t : r.tiers) plans += t.explain.size();
  return plans == 0 ? "No plan was recorded with this sweep"
                    : "No plan shows a misestimate, a nested loop run per row, a filter "
                      "throwing most rows away, or JIT compilation taking much of its time (" +
                          std::to_string(plans) + " plans)";
}

// What each class's executed plan shows that a capacity engineer would ask
// about (report/plan_flags.h), per tier.
std::string PlanFlagsTable(const SweepRecord& r) {
  std::string rows;
  for (const TierSweep& t : r.tiers) {
    for (const auto& [cls, plan] : t.explain) {
      Result<std::vector<PlanFlag>> flags = FlagPlan(plan);
      if (!flags.ok()) {
        rows += "<tr>" + Cell(t.tier, "l") + Cell(cls, "l") + Cell("-", "l") +
                Cell(flags.status().message(), "l wrap") + "</tr>\n";
        continue;
      }
      for (const PlanFlag& f : *flags) {
        rows += "<tr>" + Cell(t.tier, "l") + Cell(cls, "l") + Cell(PlanFlagName(f.kind), "l") +
                Cell(f.node + ": " + f.detail, "l wrap") + "</tr>\n";
      }
    }
  }
  if (rows.empty()) {
    rows = "<tr><td class=\"l\" colspan=\"4\">" + NoPlanFlagsText(r) + "</td></tr>\n";
  }
  return "<section class=\"panel\"><h2>Plan flags</h2><table><thead><tr><th class=\"l\">Tier"
         "</th><th class=\"l\">Class</th><th class=\"l\">Flag</th><th class=\"l\">Where"
         "</th></tr></thead><tbody>\n" +
         rows + "</tbody></table></section>\n";
}

void AddFigure(const std::string& file, const LineChart& chart, const std::string& caption,
               SweepSection* out, std::string* figures) {
  const std::string svg = RenderLineChart(chart);
  out->files.push_back({file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg});
  *figures += "<figure>\n" + svg + "<figcaption>" + EscapeMarkup(caption) + " <a href=\"" +
              EscapeMarkup(file) + "\">" + EscapeMarkup(file) + "</a></figcaption></figure>\n";
}

std::string ServiceShareTable(const std::vector<ServiceShare>& shares) {
  std::string rows;
  char buf[64];
  for (const ServiceShare& s : shares) {
    std::snprintf(buf, sizeof buf, "%.1f %%", 100 * s.share);
    rows += "<tr>" + Cell(s.tier, "l") + Cell(std::to_string(s.clients)) + Cell(s.tap_class, "l") +
            Cell(s.database_class, "l") + Cell(Ms(s.end_to_end_p50_ms)) +
            Cell(Ms(s.database_p50_ms)) + Cell(Ms(s.service_p50_ms)) + Cell(buf) + "</tr>\n";
  }
  if (rows.empty()) {
    rows =
        "<tr><td class=\"l\" colspan=\"8\">no TAP class was measured beside its database "
        "class in a valid window</td></tr>\n";
  }
  return "<section class=\"panel\"><h2>The service's share of latency</h2><p class=\"sub\">"
         "p50 through the TAP service against p50 of the database class running the same "
         "index path, same tier and clients; the difference is ADQL translation, pool waits, "
         "serialisation and HTTP.</p><table><thead><tr><th class=\"l\">Tier</th><th>Clients"
         "</th><th class=\"l\">TAP class</th><th class=\"l\">Database class</th><th>End to "
         "end p50</th><th>Database p50</th><th>Service p50</th><th>Service share</th></tr>"
         "</thead><tbody>\n" +
         rows + "</tbody></table></section>\n";
}

std::string GuardText(const GuardResult& g) {
  if (g.passed()) return "passed";
  std::string s = "failed in " + std::to_string(g.windows.size()) + ": ";
  for (size_t i = 0; i < g.windows.size() && i < 4; ++i) s += (i ? "; " : "") + g.windows[i];
  if (g.windows.size() > 4) s += "; ...";
  return s;
}

// "1 client", "8 clients".
std::string ClientsText(int n) { return std::to_string(n) + (n == 1 ? " client" : " clients"); }

// "1,234 tps": a rate in a record's units (SweepKey::units).
std::string RateText(double v, const char* units) { return FormatCount(v) + " " + units; }

std::string CapacityText(const TierCapacity& c, const char* units) {
  if (c.sustainable_tps <= 0) return "none within the objective";
  return RateText(c.sustainable_tps, units) + " at " + ClientsText(c.sustainable_clients) +
         " (p95 " + Ms(c.p95_ms_at_sustainable) + ")";
}

std::string Limit(const TierSweep& t) {
  return t.finding.saturated ? LimitKindName(t.finding.limit) : "kept scaling";
}

std::string SloText(const Slo& slo) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "p95 within %s and errors under %g %%", Ms(slo.p95_ms).c_str(),
                100 * slo.error_rate);
  return buf;
}

// Validity guards, then each tier's peak and sustainable capacity.
std::string HeadlineHtml(const SweepRecord& r, const Slo& slo,
                         const std::vector<GuardResult>& guards) {
  const int failed = FailedGuards(guards);
  std::string rows;
  for (const GuardResult& g : guards) {
    rows +=
        "<tr>" + Cell(g.guard, "l") + Cell(GuardText(g), g.passed() ? "l" : "l wrap") + "</tr>\n";
  }
  std::string h = "<section class=\"panel\"><h2>Validity guards: " +
                  std::string(failed == 0 ? "all passed"
                                          : std::to_string(failed) +
                                                " failed (their windows "
                                                "are left out of every mean)") +
                  "</h2><table><thead><tr><th class=\"l\">Guard</th><th class=\"l\">Result</th>"
                  "</tr></thead><tbody>\n" +
                  rows + "</tbody></table></section>\n";
  h += "<section class=\"panel\"><h2>Headline</h2><p class=\"sub\">Sustainable capacity: the "
       "highest mean throughput of a client count whose valid windows kept " +
       EscapeMarkup(SloText(slo)) +
       ".</p><table><thead><tr><th class=\"l\">Tier</th><th>Database size</th><th>Peak "
       "throughput</th><th>Sustainable capacity</th><th class=\"l\">Limit</th></tr></thead>"
       "<tbody>\n";
  for (const TierSweep& t : r.tiers) {
    const TierCapacity c = CapacityOf(t, slo);
    h += "<tr>" + Cell(t.tier, "l") + Cell(FormatBytes(static_cast<double>(t.database_size))) +
         Cell(c.peak_tps > 0
                  ? RateText(c.peak_tps, r.key.units()) + " at " + ClientsText(c.peak_clients)
                  : "-") +
         Cell(CapacityText(c, r.key.units())) + Cell(Limit(t), "l") + "</tr>\n";
  }
  return h + "</tbody></table></section>\n";
}

// `drawn`: the charts written, by name; a tier with no window measured
// has no latency chart, and summary.md links none that was not written.
std::string SummaryMarkdown(const SweepRecord& r, const Slo& slo,
                            const std::vector<GuardResult>& guards, const std::string& prefix,
                            const std::set<std::string>& drawn, const std::string& closing_lines,
                            const std::string& profiles) {
  const bool tap = r.key.tap();
  const int failed = FailedGuards(guards);
  std::string m = std::string("## ") + WordsOf(r.key.kind).title + "\n\n`" + r.key.Text() +
                  "`\n\n**Validity guards: " +
                  (failed == 0 ? std::string("all passed") : std::to_string(failed) + " failed") +
                  "**\n\n| Guard | Result |\n|---|---|\n";
  for (const GuardResult& g : guards) {
    m += "| " + g.guard + " | " + MdCell(GuardText(g)) + " |\n";
  }
  m += "\n**Headline** (sustainable: " + SloText(slo) +
       ")\n\n| Tier | Database size | Peak throughput | Sustainable capacity | Limit | Why |\n"
       "|---|---:|---:|---:|---|---|\n";
  for (const TierSweep& t : r.tiers) {
    const TierCapacity c = CapacityOf(t, slo);
    m +=
        "| " + MdCell(t.tier) + " | " + FormatBytes(static_cast<double>(t.database_size)) + " | " +
        (c.peak_tps > 0 ? RateText(c.peak_tps, r.key.units()) + " at " + ClientsText(c.peak_clients)
                        : "-") +
        " | " + CapacityText(c, r.key.units()) + " | " + Limit(t) + " | " +
        MdCell(t.finding.reason + ProfileFindingNote(t)) + " |\n";
  }
  std::string flags;
  for (const TierSweep& t : r.tiers) {
    for (const auto& [cls, plan] : t.explain) {
      Result<std::vector<PlanFlag>> found = FlagPlan(plan);
      if (!found.ok()) continue;
      for (const PlanFlag& f : *found) {
        flags += "| " + MdCell(t.tier) + " | " + MdCell(cls) + " | " + PlanFlagName(f.kind) +
                 " | " + MdCell(f.node + ": " + f.detail) + " |\n";
      }
    }
  }
  if (!tap) {
    m += "\n**Plan flags**\n\n";
    m += flags.empty() ? NoPlanFlagsText(r) + ".\n"
                       : "| Tier | Class | Flag | Where |\n|---|---|---|---|\n" + flags;
  }
  m += SweepTablesMarkdown(r);
  m += ServiceTablesMarkdown(r) + profiles;
  m += "\n";
  if (drawn.count("throughput.svg")) m += "![throughput](" + prefix + "throughput.svg)\n";
  for (const TierSweep& t : r.tiers) {
    const std::string latency = "latency_" + t.tier + ".svg";
    if (drawn.count(latency)) m += "![latency " + t.tier + "](" + prefix + latency + ")\n";
  }
  return m + "\n```\n" + closing_lines + "\n```\n\n";
}

}  // namespace

SweepSection RenderSweepSection(const std::vector<SweepRecord>& sweeps, const Slo& slo,
                                const std::string& generator) {
  SweepSection out;
  std::vector<std::string> scaling_lines;
  for (size_t k = 0; k < sweeps.size(); ++k) {
    const SweepRecord& r = sweeps[k];
    const bool tap = r.key.tap();
    // Named by the sweep's key, never by its place among the sweeps recorded.
    const std::string p = WordsOf(r.key.kind).file_prefix + SweepId(r.key) + "_";
    std::string figures;
    std::set<std::string> drawn;
    for (const SweepChart& c : SweepCharts(r)) {
      AddFigure(p + c.name, c.chart, c.caption, &out, &figures);
      drawn.insert(c.name);
    }
    std::string title = r.key.Text();  // "mix=...;duration=60;..." as "mix=... · duration=60 · ..."
    for (size_t at; (at = title.find(';')) != std::string::npos;) title.replace(at, 1, " \u00b7 ");
    const std::vector<GuardResult> guards = SummariseGuards(r);
    const std::string line = CapacityLine(r, slo, guards);
    out.closing_lines.push_back(line);
    std::string share, closing = line;
    if (const SweepRecord* db = tap ? PairedDatabaseSweep(sweeps, r) : nullptr) {
      share = ServiceShareTable(ServiceShares(*db, r));
      scaling_lines.push_back(ScalingLine(*db, r, slo, generator));
      closing += "\n" + scaling_lines.back();
    }
    ProfilePart profiles = RenderServiceProfiles(r, p);
    out.files.insert(out.files.end(), profiles.files.begin(), profiles.files.end());
    out.markdown += SummaryMarkdown(r, slo, guards, p, drawn, closing, profiles.markdown);
    out.html += std::string("<h2 class=\"part\">") + WordsOf(r.key.kind).title +
                "</h2>\n<p class=\"sub\">" + EscapeMarkup(title) + "</p>\n" +
                HeadlineHtml(r, slo, guards) + FindingsTable(r) + share +
                "<section class=\"charts\">\n" + figures + "</section>\n" + SweepTablesHtml(r) +
                ServiceTablesHtml(r) + profiles.html + FlagsTable(r) +
                (tap ? std::string() : PlanFlagsTable(r));
  }
  out.closing_lines.insert(out.closing_lines.end(), scaling_lines.begin(), scaling_lines.end());
  return out;
}

}  // namespace skyseed
