#include "charts/flame_graph.h"

#include <expat.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace skyseed {
namespace {

// One drawn frame as an independent XML reader (expat) sees it: its box and
// the name its hover title starts with.
struct DrawnFrame {
  double x = 0, y = 0, width = 0;
  std::string title;
};

struct FlameRead {
  std::vector<DrawnFrame> frames;
  std::vector<std::string> labels;
  bool in_title = false, in_text = false;
};

void OnFlameStart(void* data, const XML_Char* name, const XML_Char** attrs) {
  auto* r = static_cast<FlameRead*>(data);
  const std::string tag = name;
  if (tag == "title") r->in_title = !r->frames.empty();
  if (tag == "text") {
    r->in_text = true;
    r->labels.emplace_back();
  }
  if (tag != "rect") return;
  std::map<std::string, std::string> a;
  for (int i = 0; attrs[i] != nullptr; i += 2) a[attrs[i]] = attrs[i + 1];
  if (!a.count("x")) return;  // the background
  r->frames.push_back({std::stod(a["x"]), std::stod(a["y"]), std::stod(a["width"]), ""});
}

void OnFlameEnd(void* data, const XML_Char*) {
  auto* r = static_cast<FlameRead*>(data);
  r->in_title = r->in_text = false;
}

void OnFlameText(void* data, const XML_Char* s, int len) {
  auto* r = static_cast<FlameRead*>(data);
  if (r->in_title) r->frames.back().title.append(s, static_cast<size_t>(len));
  if (r->in_text) r->labels.back().append(s, static_cast<size_t>(len));
}

FlameRead ReadFlame(const std::string& svg) {
  FlameRead read;
  XML_Parser p = XML_ParserCreate("UTF-8");
  XML_SetUserData(p, &read);
  XML_SetElementHandler(p, OnFlameStart, OnFlameEnd);
  XML_SetCharacterDataHandler(p, OnFlameText);
  EXPECT_EQ(XML_Parse(p, svg.data(), static_cast<int>(svg.size()), 1), XML_STATUS_OK)
      << XML_ErrorString(XML_GetErrorCode(p));
  XML_ParserFree(p);
  return read;
}

const DrawnFrame& FrameTitled(const FlameRead& r, const std::string& prefix) {
  for (const DrawnFrame& f : r.frames) {
    if (f.title.rfind(prefix + " \u2014", 0) == 0) return f;
  }
  ADD_FAILURE() << "no frame " << prefix;
  return r.frames.front();
}

// main;a;x 6, main;a 2, main;b<&> 2: a is 8/10 of main, x 6/10.
std::vector<FlameStack> KnownStacks() {
  return {{{"main", "a", "x"}, 4},
          {{"main", "a"}, 2},
          {{"main", "b<&>"}, 2},
          {{"main", "a", "x"}, 2},
          {{}, 5},
          {{"main"}, 0}};
}

TEST(FlameGraph, WidthsAreProportionalToTheCounts) {
  const FlameRead r = ReadFlame(FlameGraphSvg(KnownStacks(), "known"));
  ASSERT_EQ(r.frames.size(), 5u);  // all, main, a, b<&>, x
  const DrawnFrame& all = FrameTitled(r, "all");
  EXPECT_NEAR(FrameTitled(r, "main").width, all.width, 0.11);
  EXPECT_NEAR(FrameTitled(r, "a").width, all.width * 0.8, 0.11);
  EXPECT_NEAR(FrameTitled(r, "x").width, all.width * 0.6, 0.11);
  EXPECT_NEAR(FrameTitled(r, "b<&>").width, all.width * 0.2, 0.11);
  EXPECT_EQ(FrameTitled(r, "x").title, "x \u2014 60.0 %");
}

TEST(FlameGraph, ACalleeSitsOnItsCallerWithinItsSpan) {
  const FlameRead r = ReadFlame(FlameGraphSvg(KnownStacks(), "known"));
  const DrawnFrame &main = FrameTitled(r, "main"), &a = FrameTitled(r, "a");
  const DrawnFrame &b = FrameTitled(r, "b<&>"), &x = FrameTitled(r, "x");
  EXPECT_NEAR(main.y - a.y, 16, 0.11);  // one row up
  EXPECT_NEAR(a.y, b.y, 0.11);          // siblings on one row
  EXPECT_NEAR(a.y - x.y, 16, 0.11);
  EXPECT_NEAR(a.x, main.x, 0.11);  // "a" before "b<&>": name order
  EXPECT_NEAR(b.x, a.x + a.width, 0.11);
  EXPECT_GE(x.x, a.x - 0.05);
  EXPECT_LE(x.x + x.width, a.x + a.width + 0.15);
}

TEST(FlameGraph, NarrowFramesAreUnlabelledOrLeftOut) {
  std::vector<FlameStack> stacks = {{{"wide_function_name"}, 100000}, {{"thin"}, 1}};
  const FlameRead r = ReadFlame(FlameGraphSvg(stacks, "t"));
  for (const std::string& l : r.labels) EXPECT_NE(l, "thin");
  bool thin_drawn = false;
  for (const DrawnFrame& f : r.frames) thin_drawn |= f.title.rfind("thin", 0) == 0;
  EXPECT_FALSE(thin_drawn);  // 1/100001 of 1180 px is under 0.1 px
  EXPECT_NE(std::find(r.labels.begin(), r.labels.end(), "wide_function_name"), r.labels.end());
}

}  // namespace
}  // namespace skyseed
