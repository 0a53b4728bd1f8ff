// What a failed initdb, pg_ctl or server said, as one line for the CLI's
// single stderr line.
#pragma once

#include <string>

namespace skyseed {

// `text` with every run of whitespace (line breaks included) collapsed to
// one space, and none at either end.
std::string OneLine(const std::string& text);

// The line of a program's output or of the server's log that explains a
// failure: the last error line (FATAL, PANIC, ERROR or "error:"), with up to
// two non-routine lines before it and the DETAIL and HINT after it, without
// the log_line_prefix. With no error line, the last line; "" for no text.
std::string ErrorLineOf(const std::string& text);

}  // namespace skyseed
