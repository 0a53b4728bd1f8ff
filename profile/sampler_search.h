// Which Python sampler this machine has for a service's profile, found in
// this order: py-spy on PATH; austin on PATH if it reads Python 3.11
// (austin >= 3; Debian 12's 1.0.1 does not); austin in a Debian 13 root the
// project made under StacksDir() (scripts/install-stack-debian13.sh), run
// chrooted there, which only root can do. Both are non-blocking: they read
// the process's memory without stopping it.
#pragma once

#include <string>

#include "common/status.h"

namespace skyseed {

enum class SamplerKind { kPySpy, kAustin };

struct Sampler {
  SamplerKind kind = SamplerKind::kAustin;
  std::string program;  // as the sampler's process sees it (inside `root`)
  std::string root;     // "" on the host; else the root it runs chrooted in
  std::string name;     // "austin 3.7.0 (root /var/lib/skyseed/stacks/debian13)"
};

// NotFound says what was looked for and how to get a sampler.
Result<Sampler> FindSampler();

// "3.7.0" from "austin 3.7.0" or a dpkg "Version: 3.7.0-1"; its major, or
// 0 when it has none.
int MajorVersion(const std::string& version_text);

}  // namespace skyseed
