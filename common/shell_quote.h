// A word for a POSIX shell, for the commands skyseed prints for the user to
// paste ("connect with: psql ..."): nothing in it is expanded, however the
// database or folder is named.
#pragma once

#include <string>

namespace skyseed {

// `text` in single quotes, each ' written as '\'' (close, escaped quote, reopen).
std::string ShellQuoted(const std::string& text);

}  // namespace skyseed
