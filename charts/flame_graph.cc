#include "charts/flame_graph.h"

#include <algorithm>
#include <functional>

#include "charts/svg.h"
#include "common/number_text.h"

namespace skyseed {
namespace {

constexpr double kFlameFont = 11;
constexpr double kFlameTop = 30;  // room for the title
constexpr double kFlameSide = 10;

struct FlameNode {
  std::string name;
  int64_t count = 0;
  std::vector<FlameNode> children;  // in name order once built
};

FlameNode& ChildNamed(FlameNode* node, const std::string& name) {
  for (FlameNode& c : node->children) {
    if (c.name == name) return c;
  }
  node->children.push_back({name, 0, {}});
  return node->children.back();
}

void SortTree(FlameNode* node) {
  std::sort(node->children.begin(), node->children.end(),
            [](const FlameNode& a, const FlameNode& b) { return a.name < b.name; });
  for (FlameNode& c : node->children) SortTree(&c);
}

int Depth(const FlameNode& node) {
  int deepest = 0;
  for (const FlameNode& c : node.children) deepest = std::max(deepest, Depth(c));
  return deepest + 1;
}

// Warm colours, the same for the same module (the text before ':'), so
// one library's frames read as one patch.
std::string FlameColor(const std::string& name) {
  const std::string module = name.substr(0, name.find(':'));
  const size_t h = std::hash<std::string>{}(module);
  const int red = 205 + static_cast<int>(h % 50), green = 80 + static_cast<int>((h / 50) % 130);
  const int blue = 40 + static_cast<int>((h / 6500) % 40);
  return "rgb(" + std::to_string(red) + "," + std::to_string(green) + "," + std::to_string(blue) +
         ")";
}

struct FlameCanvas {
  const FlameGraphLayout& layout;
  double px_per_count;
  double total;
  double base_y;  // the root row's top
  std::string body;
};

void DrawNode(const FlameNode& node, double x, int level, FlameCanvas* c) {
  const double w = static_cast<double>(node.count) * c->px_per_count;
  if (w < c->layout.min_frame_px) return;
  const double y = c->base_y - level * c->layout.frame_height;
  const std::string share =
      FormatNumber("%.1f", 100.0 * static_cast<double>(node.count) / c->total);
  c->body += SvgRect(x, y, w, c->layout.frame_height - 1, FlameColor(node.name),
                     node.name + " \u2014 " + share + " %");
  // A label only where three characters fit; a cut name ends in "…".
  if (w >= 3 * kFlameFont * 0.6 + 6) {
    c->body += SvgText(x + 3, y + c->layout.frame_height - 4, SvgFit(node.name, w - 6, kFlameFont),
                       "font-size=\"11\" fill=\"#111\" pointer-events=\"none\"");
  }
  double child_x = x;
  for (const FlameNode& child : node.children) {
    DrawNode(child, child_x, level + 1, c);
    child_x += static_cast<double>(child.count) * c->px_per_count;
  }
}

}  // namespace

std::string FlameGraphSvg(const std::vector<FlameStack>& stacks, const std::string& title,
                          const FlameGraphLayout& layout) {
  FlameNode root{"all", 0, {}};
  for (const FlameStack& s : stacks) {
    if (s.frames.empty() || s.count <= 0) continue;
    root.count += s.count;
    FlameNode* node = &root;
    for (const std::string& f : s.frames) {
      node = &ChildNamed(node, f);
      node->count += s.count;
    }
  }
  SortTree(&root);
  const int depth = Depth(root);
  const double height = kFlameTop + depth * layout.frame_height + kFlameSide;
  const double plot = layout.width - 2 * kFlameSide;
  const double total = root.count > 0 ? static_cast<double>(root.count) : 1;
  FlameCanvas canvas{layout, plot / total, total, height - kFlameSide - layout.frame_height, ""};
  canvas.body +=
      SvgText(layout.width / 2, 20, title, "font-size=\"14\" text-anchor=\"middle\" fill=\"#111\"");
  if (root.count > 0) DrawNode(root, kFlameSide, 0, &canvas);
  return SvgDocument(layout.width, height, title, canvas.body);
}

}  // namespace skyseed
