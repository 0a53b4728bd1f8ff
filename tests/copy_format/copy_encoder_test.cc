// The binary COPY encoding, decoded back by an independent reader written
// here from the PostgreSQL documentation's description of the format.
#include "copy_format/copy_encoder.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "copy_format/copy_decoder.h"
#include "generator/obscore_row.h"
#include "generator/source_row.h"

namespace skyseed {
namespace {

class BigEndianReader {
 public:
  explicit BigEndianReader(std::string_view d) : d_(d) {}
  uint64_t Read(int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(d_.at(pos_++));
    return v;
  }
  std::string ReadBytes(size_t n) {
    std::string s(d_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  size_t pos() const { return pos_; }

 private:
  std::string_view d_;
  size_t pos_ = 0;
};

// Field values as the test reads them, to compare with the row's members.
struct DecodedField {
  bool null;
  std::string raw;  // the value's bytes (big-endian for numbers)
};

std::vector<DecodedField> DecodeTuple(BigEndianReader& r, size_t expected_fields) {
  const uint64_t n = r.Read(2);
  EXPECT_EQ(n, expected_fields);
  std::vector<DecodedField> out;
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t len = static_cast<uint32_t>(r.Read(4));
    if (len == 0xffffffffu) {
      out.push_back({true, ""});
    } else {
      out.push_back({false, r.ReadBytes(len)});
    }
  }
  return out;
}

double AsDouble(const std::string& raw) {
  uint64_t bits = 0;
  for (unsigned char c : raw) bits = (bits << 8) | c;
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

TEST(CopyEncoder, HeaderAndTrailerFollowTheDocumentedFormat) {
  ByteBuffer buf;
  CopyEncoder enc(&buf);
  enc.Header();
  enc.Trailer();
  const std::string expected("PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0\xff\xff", 21);
  EXPECT_EQ(std::string(buf.view()), expected);
}

TEST(CopyEncoder, SourceRowDecodesToItsValues) {
  SourceRow row;
  GenerateSourceRow(7, 12345, &row);
  row.parallax.SetNull();  // exercise a NULL
  ByteBuffer buf;
  CopyEncoder(&buf).Tuple(row);
  BigEndianReader r(buf.view());
  const auto fields = DecodeTuple(r, DeclaredColumns<SourceRow>().size());
  EXPECT_EQ(r.pos(), buf.size());
  ASSERT_EQ(fields.size(), 20u);
  EXPECT_EQ(fields[0].raw.size(), 8u);
  int64_t id = 0;
  for (unsigned char c : fields[0].raw) id = (id << 8) | c;
  EXPECT_EQ(id, row.source_id);
  EXPECT_EQ(AsDouble(fields[1].raw), 2016.0);
  EXPECT_EQ(AsDouble(fields[2].raw), row.ra);
  EXPECT_EQ(fields[3].raw.size(), 4u);  // real
  EXPECT_EQ(AsDouble(fields[4].raw), row.dec);
  EXPECT_TRUE(fields[6].null);
}

TEST(CopyEncoder, ObsCoreRowTextAndNullFields) {
  ObsCoreRow row;
  GenerateObsCoreRow(7, 99, &row);
  row.target_name.SetNull();
  ByteBuffer buf;
  CopyEncoder(&buf).Tuple(row);
  BigEndianReader r(buf.view());
  const auto cols = DeclaredColumns<ObsCoreRow>();
  const auto fields = DecodeTuple(r, cols.size());
  // obs_pk and the 37 ObsCore 1.1 columns DaCHS serves.
  ASSERT_EQ(fields.size(), 38u);
  auto at = [&](const char* name) {
    for (size_t i = 0; i < cols.size(); ++i) {
      if (cols[i].name == name) return i;
    }
    ADD_FAILURE() << name;
    return size_t{0};
  };
  EXPECT_EQ(fields[at("s_region")].raw, row.s_region);
  EXPECT_EQ(fields[at("obs_id")].raw, row.obs_id);
  EXPECT_TRUE(fields[at("target_name")].null);
  EXPECT_EQ(fields[at("calib_level")].raw.size(), 2u);  // smallint
  for (const char* xel : {"s_xel1", "s_xel2", "t_xel", "em_xel", "pol_xel", "access_estsize"}) {
    EXPECT_EQ(fields[at(xel)].raw.size(), 8u) << xel;  // BIGINT, as the REC says
  }
}

TEST(CopyDecoder, SplitsAStreamAndRejectsDamage) {
  ByteBuffer buf;
  CopyEncoder enc(&buf);
  enc.Header();
  SourceRow row;
  for (int i = 0; i < 5; ++i) {
    GenerateSourceRow(1, i, &row);
    enc.Tuple(row);
  }
  enc.Trailer();
  const std::string stream(buf.view());
  int n = 0;
  ASSERT_TRUE(ForEachTuple(stream, 20, [&](std::string_view) { ++n; }).ok());
  EXPECT_EQ(n, 5);
  // Every truncation is an error, never a crash or a short success.
  for (size_t len = 0; len < stream.size(); ++len) {
    EXPECT_FALSE(ForEachTuple(stream.substr(0, len), 20, [](std::string_view) {}).ok()) << len;
  }
  EXPECT_FALSE(ForEachTuple(stream, 19, [](std::string_view) {}).ok());
  EXPECT_FALSE(ForEachTuple(stream + "x", 20, [](std::string_view) {}).ok());
}

}  // namespace
}  // namespace skyseed
