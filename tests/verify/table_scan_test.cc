// Reading a tuple read back from the server: its key gives its row index.
#include "verify/table_scan.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "copy_format/byte_buffer.h"

namespace skyseed {
namespace {

TEST(TableScan, EveryGeneratedTupleNamesItsRow) {
  for (const TableDef& t : CorpusTables()) {
    for (uint64_t row : {uint64_t{0}, uint64_t{1}, uint64_t{99'999}, uint64_t{123'456'789}}) {
      ByteBuffer buf;
      TableDigest d;
      t.encode(3, {row, 1}, &buf, &d);
      EXPECT_EQ(RowIndexOfTuple(t, buf.view()), row) << t.name;
    }
  }
}

TEST(TableScan, AShortTupleIsNoRow) {
  for (const TableDef& t : CorpusTables()) {
    EXPECT_EQ(RowIndexOfTuple(t, std::string_view("\0\x02\0\0\0\x08", 6)), UINT64_MAX);
  }
}

}  // namespace
}  // namespace skyseed
