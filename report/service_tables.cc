#include "report/service_tables.h"

#include <cstdio>

#include "capacity/saturation.h"
#include "common/markup.h"
#include "common/number_text.h"
#include "report/format.h"
#include "report/report_table.h"
#include "sweep_record/sweep_window.h"

namespace skyseed {
namespace {

// Unknown figures are negative: shown as a dash.
std::string FigureOrDash(const char* format, double v) {
  return v < 0 ? "-" : FormatNumber(format, v);
}

double Throttled(const SweepWindow& w) { return w.throttled_share; }
double ServiceCores(const SweepWindow& w) { return w.service_cores; }
double ProxyCores(const SweepWindow& w) { return w.proxy_cores; }

Table ServiceTable(const TierSweep& t) {
  Table table{{"Clients", "Service cores", "Ceiling", "Throttled periods", "New sessions / request",
               "PostgreSQL CPU / request (ms)", "... opening connections (ms)",
               "Pooler and balancer cores"},
              {false, false, false, false, false, false, false, false},
              {}};
  for (const auto& [clients, ws] : WindowsByClients(t)) {
    const double ceiling = ws.empty() ? 0 : ws.front().service_ceiling;
    const double throttled = KnownMean(ws, Throttled);
    table.rows.push_back({{std::to_string(clients)},
                          {FigureOrDash("%.2f", KnownMean(ws, ServiceCores))},
                          {FigureOrDash("%.2f", ceiling > 0 ? ceiling : -1)},
                          {throttled < 0 ? "no limit" : FigureOrDash("%.0f %%", 100 * throttled)},
                          {FigureOrDash("%.2f", KnownMean(ws, SessionsPerRequest))},
                          {FigureOrDash("%.1f", KnownMean(ws, DatabaseMsPerRequest))},
                          {FigureOrDash("%.1f", KnownMean(ws, ConnectionMsPerRequest))},
                          {FigureOrDash("%.2f", KnownMean(ws, ProxyCores))}});
  }
  return table;
}

const char* const kServiceCaption =
    "Means over each client count's valid windows. Service cores: the TAP service's processes "
    "(from /proc), against the most it can use (its processes, each at most one core or its "
    "--tap-cpus limit). Throttled periods: the share of the window's 100 ms CFS periods in "
    "which the CPU limit stopped it. New sessions: PostgreSQL's session counter over the "
    "requests. Opening connections: those sessions times what one connect-and-disconnect "
    "cost PostgreSQL's processes at this tier (the sweep's probe).";

}  // namespace

std::string ConnectionSentence(const TierSweep& t) {
  double best = -1;
  std::vector<SweepWindow> at;
  for (const auto& [clients, ws] : WindowsByClients(t)) {
    const StepEvidence e = StepFromWindows(ws);
    if (e.tps > best) {
      best = e.tps;
      at = ws;
    }
  }
  const double pg = KnownMean(at, DatabaseMsPerRequest);
  const double conn = KnownMean(at, ConnectionMsPerRequest);
  const double sessions = KnownMean(at, SessionsPerRequest);
  if (pg < 0 || conn < 0 || sessions < 0 || at.empty()) return "";
  char buf[320];
  std::snprintf(
      buf, sizeof buf,
      "PostgreSQL CPU per request %.1f ms, of which about %.1f ms opening the "
      "service's connection (%.2f new sessions per request \u00d7 %.1f ms per connect), at "
      "%d client%s",
      pg, conn, sessions, at.front().connection_ms, at.front().clients,
      at.front().clients == 1 ? "" : "s");
  return buf;
}

std::string ServiceTablesHtml(const SweepRecord& r) {
  if (!r.key.tap()) return "";
  std::string h;
  for (const TierSweep& t : r.tiers) {
    const std::string sentence = ConnectionSentence(t);
    h += Panel("The TAP service and its connections, tier " + t.tier, kServiceCaption,
               (sentence.empty() ? "" : "<p>" + EscapeMarkup(sentence) + ".</p>") +
                   HtmlTable(ServiceTable(t)));
  }
  return h;
}

std::string ServiceTablesMarkdown(const SweepRecord& r) {
  if (!r.key.tap()) return "";
  std::string m;
  for (const TierSweep& t : r.tiers) {
    const std::string sentence = ConnectionSentence(t);
    m += "\n**The TAP service and its connections, tier " + MdCell(t.tier) + "**\n\n" +
         (sentence.empty() ? "" : sentence + ".\n\n") + MdTable(ServiceTable(t));
  }
  return m.empty() ? m : m + "\n" + kServiceCaption + "\n";
}

}  // namespace skyseed
