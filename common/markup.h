// Escaping text for HTML, SVG and XML (the report's pages and charts, the
// DaCHS resource descriptor).
#pragma once

#include <string>

namespace skyseed {

// Escapes & < > " ' for element text and attribute values.
std::string EscapeMarkup(const std::string& text);

}  // namespace skyseed
