// PostgreSQL array literals ("{1,2,3}"), the text of a bigint[], float8[]
// or text[] parameter: a list of values passed as one parameter ($1) that
// `= ANY($1)` or `unnest($1)` takes apart, never spliced into the SQL.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skyseed {

std::string ArrayLiteral(const std::vector<int64_t>& values);
std::string ArrayLiteral(const std::vector<uint64_t>& values);
// Each value to 17 significant digits, so the server reads the same double.
std::string ArrayLiteral(const std::vector<double>& values);
// Each element double-quoted, its quotes and backslashes escaped: any text,
// commas, braces and the word NULL included, is read back as itself.
std::string ArrayLiteral(const std::vector<std::string>& values);

}  // namespace skyseed
