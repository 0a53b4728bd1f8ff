// One number as text through a printf format, for the figures in capacity
// lines, report tables and charts ("%.1f", "%.0f %%").
#pragma once

#include <string>

namespace skyseed {

// `printf_format` takes exactly one double.
std::string FormatNumber(const char* printf_format, double v);

}  // namespace skyseed
