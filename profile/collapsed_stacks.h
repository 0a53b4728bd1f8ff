// The collapsed-stack model of a Python service's profile (pure): the lines
// a sampler writes, one stack and its weight per line, read into stacks of
// `module:function` frames, identical stacks merged, and each frame's
// inclusive and self share of the whole.
//
// Formats read:
//   austin 3:   P<pid>;T<tid>;/path/file.py:Class.function:LINE;... <µs>
//               (with -f, "<µs>,<idle 0|1>,<memory>": the idle flag splits
//               wall time from CPU time)
//   py-spy and Brendan Gregg's: frame;frame;frame <count>, py-spy's frames
//               "function (path/file.py:LINE)", its process and thread
//               frames "process 12:..." and "thread (0x...)".
// Process and thread frames are dropped, so every process and thread of a
// service adds to one picture; "#" lines (austin's header) are skipped.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace skyseed {

// The frame of a sample with none but its process and thread.
inline constexpr const char* kNoPythonFrame = "(no Python frame)";

// Which samples count: all of them (wall time), or only those in which the
// thread was running (CPU time; needs austin's -f idle flag, else all).
enum class ProfileClock { kWall, kCpu };

struct CollapsedProfile {
  // Root first (outermost frame), each frame "module:function".
  std::map<std::vector<std::string>, int64_t> stacks;
  int64_t samples = 0;  // lines read that counted
  int64_t weight = 0;   // their summed weight (µs for austin, samples else)
};

struct FrameShare {
  std::string frame;
  double inclusive = 0;  // share of the weight in stacks holding the frame
  double self = 0;       // share of the weight with the frame on top
};

// "/usr/lib/python3/dist-packages/gavo/adql/nodes.py" -> "gavo.adql.nodes";
// stdlib "/usr/lib/python3.11/http/server.py" -> "http.server"; any other
// file its name without ".py"; a package's "__init__" is the package.
std::string PythonModule(std::string_view file);

// One frame as the sampler wrote it -> "module:function"; "" for a process
// or thread frame (dropped).
std::string FrameName(std::string_view frame);

// Reads a sampler's output; Corruption names the first line that is not a
// stack and a weight.
Result<CollapsedProfile> ParseCollapsed(std::string_view text, ProfileClock clock);

// Adds `more`'s stacks into `into` (one per process sampled).
void MergeProfile(const CollapsedProfile& more, CollapsedProfile* into);

// Every frame's shares, widest first by `self` share (ties: by name).
std::vector<FrameShare> FrameShares(const CollapsedProfile& profile);

}  // namespace skyseed
