// The tier report rendered from hand-made tier records: it names every tier
// and row count, escapes what it quotes, and every SVG is well formed.
#include "report/tier_report.h"

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "charts/bar_chart.h"
#include "report/format.h"

namespace skyseed {
namespace {

// The phases a record holds once the store has parsed its JSON.
PhaseTimes Phases(const std::string& json) {
  Result<PhaseTimes> p = PhaseTimesFromJson(json);
  EXPECT_TRUE(p.ok()) << json;
  return p.ok() ? *p : PhaseTimes();
}

TierRecord MakeTier(const std::string& name, uint64_t obscore_rows, uint64_t source_rows) {
  TierRecord t;
  t.tier = name;
  t.reached_at = "2025-06-01 10:11:12.345678+00";
  t.seconds = 30.5;
  t.corpus = {0x0123456789abcdefULL, 0xfedcba9876543210ULL};
  t.pg_version = "15.20";
  t.phases = Phases(
      R"({"load":2.4,"indexes":18.3,"index gaia_source_pkey":1.5,"index obscore_s_region":17.9,)"
      R"("vacuum":1.7})");
  TierTableRecord obscore{"ivoa.obscore", {obscore_rows, {1, 2}}, 90 << 20, 40 << 20, 0.44};
  TierTableRecord source{"gaia.gaia_source", {source_rows, {3, 4}}, 300 << 20, 60 << 20, 0.2};
  t.tables = {source, obscore};
  t.database_size = (90 + 40 + 300 + 60 + 8) << 20;
  return t;
}

ReportInput MakeInput(std::vector<TierRecord> tiers) {
  return ReportInput{1, "skyseed-gen-3", std::move(tiers), {}, Slo{}};
}

const ReportFile* TierReportFind(const std::vector<ReportFile>& files, const std::string& name) {
  for (const ReportFile& f : files) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

size_t TierReportCount(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Every '&' starts an entity: &name; or &#digits;.
bool AmpersandsEscaped(const std::string& text) {
  for (size_t at = text.find('&'); at != std::string::npos; at = text.find('&', at + 1)) {
    const size_t semi = text.find(';', at);
    if (semi == std::string::npos || semi - at > 8) return false;
    for (size_t i = at + 1; i < semi; ++i) {
      if (!std::isalnum(static_cast<unsigned char>(text[i])) && text[i] != '#') return false;
    }
  }
  return true;
}

// Balanced <svg>...</svg>, and every '<' opens a tag (never text).
void ExpectWellFormedSvg(const std::string& name, const std::string& svg) {
  SCOPED_TRACE(name);
  EXPECT_EQ(TierReportCount(svg, "<svg "), 1u);
  EXPECT_EQ(TierReportCount(svg, "</svg>"), 1u);
  EXPECT_LT(svg.find("<svg "), svg.find("</svg>"));
  EXPECT_EQ(TierReportCount(svg, "<text"), TierReportCount(svg, "</text>"));
  EXPECT_EQ(TierReportCount(svg, "<title>"), TierReportCount(svg, "</title>"));
  for (size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    const char next = at + 1 < svg.size() ? svg[at + 1] : ' ';
    EXPECT_TRUE(std::isalpha(static_cast<unsigned char>(next)) || next == '/' || next == '?')
        << "stray '<' at " << at;
  }
  EXPECT_TRUE(AmpersandsEscaped(svg));
}

TEST(TierReport, OneTier) {
  const std::vector<ReportFile> files =
      RenderTierReport(MakeInput({MakeTier("ci", 10000, 100000)}));
  ASSERT_FALSE(files.empty());
  EXPECT_EQ(files[0].name, "report.html");
  const std::string& html = files[0].content;
  EXPECT_NE(html.find("<!DOCTYPE html>"), std::string::npos);
  EXPECT_NE(html.find(">ci<"), std::string::npos);
  EXPECT_NE(html.find("10,000"), std::string::npos);
  EXPECT_NE(html.find("100,000"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("0123456789abcdeffedcba9876543210"), std::string::npos);
  EXPECT_NE(html.find("gaia_source_pkey"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // no external asset
  for (const char* name : {"rows_per_tier.svg", "size_per_tier.svg", "phases_per_tier.svg",
                           "throughput_per_table.svg", "index_builds_per_tier.svg"}) {
    const ReportFile* f = TierReportFind(files, name);
    ASSERT_NE(f, nullptr) << name;
    ExpectWellFormedSvg(name, f->content);
  }
}

TEST(TierReport, ThreeTiers) {
  const std::vector<ReportFile> files =
      RenderTierReport(MakeInput({MakeTier("ci", 10000, 100000), MakeTier("S", 100000, 1000000),
                                  MakeTier("D1", 700090, 8170000)}));
  const std::string& html = files[0].content;
  for (const char* text : {">ci<", ">S<", ">D1<", "700,090", "8,170,000", "1,000,000"}) {
    EXPECT_NE(html.find(text), std::string::npos) << text;
  }
  EXPECT_EQ(TierReportCount(html, "<svg "), 6u);
  for (const ReportFile& f : files) {
    if (f.name.size() > 4 && f.name.substr(f.name.size() - 4) == ".svg") {
      ExpectWellFormedSvg(f.name, f.content);
    }
  }
  // Each tier's bars in the rows chart carry its name in their tooltip.
  const std::string& rows = TierReportFind(files, "rows_per_tier.svg")->content;
  EXPECT_NE(rows.find("D1 \u00b7 gaia.gaia_source: 8.17M"), std::string::npos);
}

TEST(TierReport, WallTimeStandsBesideItsBounds) {
  TierRecord d1 = MakeTier("D1", 700090, 8170000);
  d1.seconds = 95;  // within 10 % of the 90 s bound
  // 180 busy seconds on 2 cores: a work bound of 90 s; the longest task
  // that cannot be split is the 30 s index build, not the 85 s connection.
  d1.phases = Phases(R"({"load":80,"task load 1":85,"task load 2":55,)"
                     R"("task index obscore_pkey":30,"task vacuum ivoa.obscore":10,"cores":2})");
  TierRecord s = MakeTier("S", 100000, 1000000);  // recorded before tasks were
  const std::vector<ReportFile> files = RenderTierReport(MakeInput({s, d1}));
  const std::string& svg = TierReportFind(files, "time_bounds_per_tier.svg")->content;
  EXPECT_NE(svg.find("D1 · wall time: 95.0 s"), std::string::npos) << svg;
  EXPECT_NE(svg.find("D1 · work bound (busy seconds / cores): 90.0 s"), std::string::npos);
  EXPECT_NE(svg.find("D1 · longest single task: 30.0 s"), std::string::npos);
  const std::string& html = files[0].content;
  EXPECT_NE(html.find("Tier D1: bound by work (2 cores)."), std::string::npos);
  EXPECT_NE(html.find("Tier S recorded no tasks."), std::string::npos);
}

TEST(TierReport, ThroughputCountsTheRowsATierAdded) {
  TierRecord s = MakeTier("S", 100000, 1000000);
  s.phases = Phases(R"({"load":10})");
  const std::vector<ReportFile> files =
      RenderTierReport(MakeInput({MakeTier("ci", 10000, 100000), s}));
  const std::string& svg = TierReportFind(files, "throughput_per_table.svg")->content;
  // (1,000,000 - 100,000) / 10 s, not 1,000,000 / 10 s.
  EXPECT_NE(svg.find("S \u00b7 gaia.gaia_source: 90k/s"), std::string::npos);
  EXPECT_NE(svg.find("S \u00b7 ivoa.obscore: 9k/s"), std::string::npos);
}

TEST(TierReport, EscapesTextItQuotes) {
  TierRecord t = MakeTier("x<&y", 10, 20);
  t.tables[0].table = "gaia.<b>&amp";
  t.pg_version = "15 \"beta\" <3";
  ReportInput in = MakeInput({t});
  in.generator_version = "gen<&>";
  const std::vector<ReportFile> files = RenderTierReport(in);
  for (const ReportFile& f : files) {
    SCOPED_TRACE(f.name);
    EXPECT_EQ(f.content.find("x<&y"), std::string::npos);
    EXPECT_EQ(f.content.find("<b>"), std::string::npos);
    EXPECT_TRUE(AmpersandsEscaped(f.content));
  }
  const std::string& html = files[0].content;
  EXPECT_NE(html.find("x&lt;&amp;y"), std::string::npos);
  EXPECT_NE(html.find("gen&lt;&amp;&gt;"), std::string::npos);
  EXPECT_NE(html.find("15 &quot;beta&quot; &lt;3"), std::string::npos);
  for (const ReportFile& f : files) {
    if (f.name.size() > 4 && f.name.substr(f.name.size() - 4) == ".svg") {
      ExpectWellFormedSvg(f.name, f.content);
    }
  }
}

TEST(TierReport, UnparsablePhasesAreNoPhases) {
  TierRecord t = MakeTier("ci", 10, 20);
  t.phases_recorded = false;  // the store read "{not json"
  const std::vector<ReportFile> files = RenderTierReport(MakeInput({t}));
  EXPECT_NE(files[0].content.find("Tier ci recorded no phases."), std::string::npos);
  for (const ReportFile& f : files) {
    if (f.name.size() > 4 && f.name.substr(f.name.size() - 4) == ".svg") {
      ExpectWellFormedSvg(f.name, f.content);
    }
  }
}

TEST(TierReport, EightTiersStayWellFormed) {
  std::vector<TierRecord> tiers;
  for (int i = 0; i < 8; ++i) {
    tiers.push_back(MakeTier("tier-" + std::to_string(i), 10000u << i, 100000u << i));
  }
  const std::vector<ReportFile> files = RenderTierReport(MakeInput(tiers));
  for (const ReportFile& f : files) {
    if (f.name.size() > 4 && f.name.substr(f.name.size() - 4) == ".svg") {
      ExpectWellFormedSvg(f.name, f.content);
    }
  }
  EXPECT_NE(files[0].content.find("tier-7"), std::string::npos);
  // Rows grow 128-fold and the tables differ tenfold: a linear axis would
  // hide the first tiers.
  EXPECT_NE(TierReportFind(files, "rows_per_tier.svg")->content.find("rows (log scale)"),
            std::string::npos);
}

TEST(TierReport, NoTierIsAPageSayingSo) {
  const std::vector<ReportFile> files = RenderTierReport(MakeInput({}));
  ASSERT_EQ(files.size(), 8u);
  EXPECT_NE(files[0].content.find("No tier recorded yet."), std::string::npos);
  EXPECT_EQ(files.back().name, "summary.md");
  EXPECT_EQ(files.back().content.rfind("# skyseed capacity report\n", 0), 0u);
  EXPECT_NE(files.back().content.find("No capacity sweep recorded."), std::string::npos);
  for (const ReportFile& f : files) {
    if (f.name.size() > 4 && f.name.substr(f.name.size() - 4) == ".svg") {
      ExpectWellFormedSvg(f.name, f.content);
    }
  }
}

TEST(ReportChart, Formats) {
  EXPECT_EQ(FormatCount(950), "950");
  EXPECT_EQ(FormatCount(12345), "12.3k");
  EXPECT_EQ(FormatCount(8170000), "8.17M");
  EXPECT_EQ(FormatCount(155210000), "155M");
  EXPECT_EQ(FormatBytes(3.5 * 1024 * 1024), "3.5 MiB");
  EXPECT_EQ(FormatBytes(2.0 * 1024 * 1024 * 1024), "2.0 GiB");
  EXPECT_EQ(FormatPlain(2.5), "2.5");
  EXPECT_EQ(FormatPlain(1200), "1200");
  EXPECT_EQ(EscapeMarkup("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
}

// summary.md is read as a file too: quotes stay, markup and a cell's end do
// not (cmark-gfm shows "PostgreSQL&#39;s" as PostgreSQL's, a terminal does not).
TEST(ReportChart, MarkdownCellsEscapeOnlyMarkupAndTheCellSeparator) {
  EXPECT_EQ(MdCell("PostgreSQL's \"cone\" <@ scircle(a|b) & more"),
            "PostgreSQL's \"cone\" &lt;@ scircle(a&#124;b) &amp; more");
}

}  // namespace
}  // namespace skyseed
