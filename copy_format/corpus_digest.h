// The corpus hash (DESIGN principle 5), defined on generated values, not on
// PostgreSQL's storage:
//   row hash    = XXH3-128 of the row's binary COPY tuple (field count and
//                 fields; the canonical encoding),
//   table sum   = sum of its row hashes mod 2^128 (a multiset hash: readback
//                 order, chunk size and thread count cannot change it, and a
//                 tier's sum is the previous tier's plus its new chunks),
//   corpus hash = XXH3-128 of "skyseed-corpus-v1\n" followed by one line
//                 "<schema>.<table> <rows> <sum hex>\n" per table in corpus order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace skyseed {

struct Digest128 {
  uint64_t hi = 0;
  uint64_t lo = 0;

  void Add(const Digest128& o) {
    const uint64_t lo_sum = lo + o.lo;
    hi += o.hi + (lo_sum < lo ? 1 : 0);
    lo = lo_sum;
  }
  void Subtract(const Digest128& o) {
    const uint64_t borrow = lo < o.lo ? 1 : 0;
    lo -= o.lo;
    hi -= o.hi + borrow;
  }
  bool operator==(const Digest128& o) const { return hi == o.hi && lo == o.lo; }
  bool operator!=(const Digest128& o) const { return !(*this == o); }
  std::string Hex() const;
  // Parses 32 hex digits; false on anything else.
  static bool FromHex(std::string_view hex, Digest128* out);
};

Digest128 RowHash(const void* tuple, size_t size);

struct TableDigest {
  uint64_t rows = 0;
  Digest128 sum;

  void AddRow(const void* tuple, size_t size) {
    ++rows;
    sum.Add(RowHash(tuple, size));
  }
  void Merge(const TableDigest& o) {
    rows += o.rows;
    sum.Add(o.sum);
  }
  bool operator==(const TableDigest& o) const { return rows == o.rows && sum == o.sum; }
};

struct NamedTableDigest {
  std::string table;  // "schema.name"
  TableDigest digest;
};

Digest128 CorpusDigest(const std::vector<NamedTableDigest>& tables);

}  // namespace skyseed
