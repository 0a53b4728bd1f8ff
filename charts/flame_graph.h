// A flamegraph as an <svg>: stacks of frame names and their counts in, one
// box per frame on its caller, as wide as its share of all counts (Brendan
// Gregg's layout: the root at the bottom, callees above, siblings in name
// order). No script: a frame's share is in its <title>, shown on hover, so
// the drawing is the same inline in a page and alone as a file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skyseed {

struct FlameStack {
  std::vector<std::string> frames;  // outermost first
  int64_t count = 0;
};

struct FlameGraphLayout {
  double width = 1200;        // the whole drawing's
  double frame_height = 16;   // one row of frames
  double min_frame_px = 0.1;  // narrower frames are not drawn
};

// Stacks with the same frames add up; a stack with no frame or no count is
// left out. The root box is "all", with the total count.
std::string FlameGraphSvg(const std::vector<FlameStack>& stacks, const std::string& title,
                          const FlameGraphLayout& layout = {});

}  // namespace skyseed
