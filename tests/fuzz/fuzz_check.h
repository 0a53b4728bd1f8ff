// A broken promise of a parser (as opposed to an error Status, which is a
// fine answer to bad input) must be a crash, so libFuzzer saves the input.
// assert() would vanish under NDEBUG in RelWithDebInfo.
#pragma once

#include <cstdio>
#include <cstdlib>

#define SKYSEED_FUZZ_CHECK(cond)                                                         \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)
