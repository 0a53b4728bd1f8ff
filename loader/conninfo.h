// Building a libpq conninfo: the one quoting of its values, for every
// folder that writes one (the embedded cluster's, DaCHS's `dachs init`, the
// sweep's children's). Reading one back is libpq's own (ConninfoFields in
// loader/pg_connection.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace skyseed {

// `value` as libpq reads a conninfo value back: as it is when it has no
// whitespace, quote or backslash and is not empty; otherwise in single
// quotes, with each ' and \ escaped by a backslash.
std::string ConninfoValue(const std::string& value);

// "keyword=value keyword=value ...", each value through ConninfoValue, in
// the order given.
std::string ConninfoOf(const std::vector<std::pair<std::string, std::string>>& fields);

}  // namespace skyseed
