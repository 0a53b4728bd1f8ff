// Locale-free, allocation-free text formatting for generated strings. Decimal
// output of an angle goes through an integer (micro-degrees) so the text is
// exactly determined by the rounded value, whatever the C library.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace skyseed {

inline void AppendInt(std::string* s, int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof(buf), v);
  s->append(buf, r.ptr);
}

// v as exactly `width` digits, zero padded (v must fit).
inline void AppendPadded(std::string* s, uint64_t v, int width) {
  char buf[24];
  for (int i = width - 1; i >= 0; --i) {
    buf[i] = static_cast<char>('0' + v % 10);
    v /= 10;
  }
  s->append(buf, width);
}

// Rounds v to 6 decimals (half away from zero) and appends it, e.g. "-12.000500".
inline void AppendFixed6(std::string* s, double v) {
  int64_t micro = std::llround(v * 1e6);
  if (micro < 0) {
    s->push_back('-');
    micro = -micro;
  }
  AppendInt(s, micro / 1000000);
  s->push_back('.');
  AppendPadded(s, static_cast<uint64_t>(micro % 1000000), 6);
}

}  // namespace skyseed
