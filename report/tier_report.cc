#include "report/tier_report.h"

#include <set>

#include "charts/bar_chart.h"
#include "common/markup.h"
#include "report/page_style.h"
#include "report/sweep_report.h"
#include "report/tier_charts.h"
#include "report/tier_model.h"
#include "report/tier_tables.h"

namespace skyseed {
namespace {

std::string FigureHtml(const std::string& file, const BarChart& chart, const std::string& svg,
                       const std::string& caption) {
  return std::string(chart.width > 640 ? "<figure class=\"wide\">\n" : "<figure>\n") + svg +
         "<figcaption>" + EscapeMarkup(caption) + " <a href=\"" + EscapeMarkup(file) + "\">" +
         EscapeMarkup(file) + "</a></figcaption></figure>\n";
}

std::string Page(const TierModel& m, const std::string& figures, const std::string& sweeps) {
  std::set<std::string> versions;
  for (const TierRecord& t : m.in.tiers) versions.insert(t.pg_version);
  std::string pg;
  for (const std::string& v : versions) pg += (pg.empty() ? "" : ", ") + v;
  std::string h =
      std::string("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">") +
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
      "<title>skyseed tier report</title>\n<style>" + ReportCss() + "</style></head>\n" +
      "<body><main>\n<h1>skyseed tier report</h1>\n<p class=\"sub\">corpus seed " +
      std::to_string(m.in.seed) + " \u00b7 generator " + EscapeMarkup(m.in.generator_version) +
      " \u00b7 PostgreSQL " + EscapeMarkup(pg.empty() ? "-" : pg) + "</p>\n";
  if (m.in.tiers.empty()) return h + "<p>No tier recorded yet.</p></main></body></html>\n";
  return h + TierCards(m) + TierSummaryTable(m) + "<section class=\"charts\">\n" + figures +
         "</section>\n" + TierIndexTable(m) + TierTablesTable(m) + sweeps +
         "</main></body></html>\n";
}

}  // namespace

std::vector<ReportFile> RenderTierReport(const ReportInput& input,
                                         std::vector<std::string>* closing_lines) {
  const TierModel m = BuildTierModel(input);
  std::vector<ReportFile> files = {{"report.html", ""}};
  std::string figures;
  for (const TierChart& c : TierCharts(m)) {
    const std::string svg = RenderBarChart(c.chart);
    files.push_back({c.file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg});
    figures += FigureHtml(c.file, c.chart, svg, c.caption);
  }
  const SweepSection sweeps = RenderSweepSection(input.sweeps, input.slo, input.generator_version);
  if (closing_lines) *closing_lines = sweeps.closing_lines;
  for (const auto& [name, svg] : sweeps.files) files.push_back({name, svg});
  files[0].content = Page(m, figures, sweeps.html);
  // For $GITHUB_STEP_SUMMARY: markdown GitHub renders, images by relative path.
  files.push_back(
      {"summary.md",
       "# skyseed capacity report\n\nSeed " + std::to_string(input.seed) + " (" +
           EscapeMarkup(input.generator_version) + "), " + std::to_string(input.tiers.size()) +
           " tiers reached; charts and every table in report.html.\n\n" +
           (sweeps.markdown.empty() ? "No capacity sweep recorded.\n" : sweeps.markdown)});
  return files;
}

}  // namespace skyseed
