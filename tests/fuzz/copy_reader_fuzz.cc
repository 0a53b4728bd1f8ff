// CopyTupleReader / ForEachTuple (binary COPY framing of corpus files and of
// COPY TO output read back from the server) and RowIndexOfTuple, the one
// decoder that turns such a tuple back into a row. Every input is read with
// the field count of each corpus table, as `verify` would.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "copy_format/copy_decoder.h"
#include "generator/corpus_tables.h"
#include "tests/fuzz/fuzz_check.h"
#include "verify/table_scan.h"

namespace skyseed {
namespace {

void Check(std::string_view stream, const TableDef& t) {
  const int fields = static_cast<int>(t.columns.size());
  const char* const end = stream.data() + stream.size();
  size_t tuples = 0;
  TableDigest digest;
  const Status all = ForEachTuple(stream, fields, [&](std::string_view tuple) {
    SKYSEED_FUZZ_CHECK(tuple.data() >= stream.data() && tuple.data() + tuple.size() <= end);
    SKYSEED_FUZZ_CHECK(tuple.size() >= 2 + 4 * static_cast<size_t>(fields));
    ++tuples;
    digest.AddRow(tuple.data(), tuple.size());
    // Any answer is fine on hostile bytes; the sanitizers judge the parse.
    static_cast<void>(RowIndexOfTuple(t, tuple));
  });
  if (!all.ok()) SKYSEED_FUZZ_CHECK(all.code() == Status::Code::kCorruption);

  // The reader by hand: it always moves forward, tuples are contiguous, and
  // it stops at exactly one of the trailer or an error, for good.
  CopyTupleReader r(stream, fields);
  if (!r.ReadHeader().ok()) {
    SKYSEED_FUZZ_CHECK(!all.ok());
    return;
  }
  size_t n = 0;
  std::string_view tuple;
  while (r.Next(&tuple)) {
    SKYSEED_FUZZ_CHECK(tuple.data() + tuple.size() == stream.data() + r.offset());
    ++n;
  }
  SKYSEED_FUZZ_CHECK(r.at_end() == r.status().ok());
  SKYSEED_FUZZ_CHECK(r.offset() <= stream.size());
  SKYSEED_FUZZ_CHECK(!r.Next(&tuple));
  SKYSEED_FUZZ_CHECK(n == tuples);
  SKYSEED_FUZZ_CHECK(all.ok() == (r.at_end() && r.offset() == stream.size()));
}

}  // namespace
}  // namespace skyseed

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // No copy: ASan then catches a read one byte past the input.
  const std::string_view stream(reinterpret_cast<const char*>(data), size);
  for (const skyseed::TableDef& t : skyseed::CorpusTables()) skyseed::Check(stream, t);
  return 0;
}
