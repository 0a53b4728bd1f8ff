// A value that may be SQL NULL: what a row struct's nullable column holds,
// and what the COPY encoder writes as a field of length -1. Here, below the
// rows, so that the wire format needs nothing of the generator.
#pragma once

namespace skyseed {

template <typename T>
struct Nullable {
  T value{};
  bool null = true;
  void Set(T v) {
    value = v;
    null = false;
  }
  void SetNull() { null = true; }
};

}  // namespace skyseed
