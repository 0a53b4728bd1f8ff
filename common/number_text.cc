#include "common/number_text.h"

#include <cstdio>

namespace skyseed {

std::string FormatNumber(const char* printf_format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, printf_format, v);
  return buf;
}

}  // namespace skyseed
