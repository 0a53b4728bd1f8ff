// The narrator of the skyseed binary: results on stdout, notes on stderr
// prefixed "skyseed: " where they report a problem, a progress line on
// stderr only when it is a terminal.
#pragma once

#include "common/narrator.h"

namespace skyseed {

Narrator& ConsoleNarrator();

}  // namespace skyseed
