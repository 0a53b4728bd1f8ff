// PostgreSQL binary COPY encoding ("PGCOPY\n\377\r\n\0" signature, int32
// flags, int32 header-extension length, tuples, int16 -1 trailer). Every
// integer is big-endian; a field is its int32 length (-1 for NULL) and bytes.
// Each value's bytes equal what the type's send function produces, so a
// COPY TO (FORMAT binary) of the same columns reads back byte-identical tuples.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "copy_format/byte_buffer.h"
#include "copy_format/nullable.h"

namespace skyseed {

inline constexpr char kCopySignature[11] = {'P',  'G',    'C',  'O',  'P', 'Y',
                                            '\n', '\377', '\r', '\n', '\0'};
inline constexpr size_t kCopyHeaderSize = 19;
inline constexpr size_t kCopyTrailerSize = 2;

class CopyEncoder {
 public:
  explicit CopyEncoder(ByteBuffer* out) : out_(out) {}

  void Header();
  void Trailer() { PutBigEndian<uint16_t>(0xffff); }

  // Encodes one row as one tuple: the row lists its fields in schema order
  // through `row.Columns(v)`, calling v(name, field, meta) for each (the
  // way the generator's row structs declare their columns); only the fields
  // are read.
  template <typename Row>
  void Tuple(Row& row) {
    // An offset, not a pointer: the buffer may move while fields are added.
    const size_t count_at = out_->size();
    out_->Grow(2);
    int16_t fields = 0;
    FieldWriter w{this, &fields};
    row.Columns(w);
    const uint16_t be = ToBig<uint16_t>(static_cast<uint16_t>(fields));
    std::memcpy(out_->mutable_data() + count_at, &be, 2);
  }

 private:
  struct FieldWriter {
    CopyEncoder* enc;
    int16_t* fields;
    template <typename T, typename Meta>
    void operator()(const char*, const T& v, const Meta&) {
      ++*fields;
      enc->Put(v);
    }
  };

  template <typename U>
  static U ToBig(U v) {
    if constexpr (std::endian::native == std::endian::little) {
      if constexpr (sizeof(U) == 2) return __builtin_bswap16(v);
      if constexpr (sizeof(U) == 4) return __builtin_bswap32(v);
      if constexpr (sizeof(U) == 8) return __builtin_bswap64(v);
    }
    return v;
  }
  template <typename U>
  void PutBigEndian(U v) {
    const U be = ToBig(v);
    std::memcpy(out_->Grow(sizeof(U)), &be, sizeof(U));
  }
  template <typename U>
  void PutField(U v) {
    char* p = out_->Grow(4 + sizeof(U));
    const uint32_t len = ToBig<uint32_t>(sizeof(U));
    const U be = ToBig(v);
    std::memcpy(p, &len, 4);
    std::memcpy(p + 4, &be, sizeof(U));
  }

  void Put(int16_t v) { PutField(static_cast<uint16_t>(v)); }
  void Put(int32_t v) { PutField(static_cast<uint32_t>(v)); }
  void Put(int64_t v) { PutField(static_cast<uint64_t>(v)); }
  void Put(float v) { PutField(std::bit_cast<uint32_t>(v)); }
  void Put(double v) { PutField(std::bit_cast<uint64_t>(v)); }
  void Put(const std::string& v) {
    PutBigEndian<uint32_t>(static_cast<uint32_t>(v.size()));
    out_->Append(v.data(), v.size());
  }
  template <typename T>
  void Put(const Nullable<T>& v) {
    if (v.null) {
      PutBigEndian<uint32_t>(0xffffffffu);
    } else {
      Put(v.value);
    }
  }

  ByteBuffer* out_;
};

inline void CopyEncoder::Header() {
  out_->Append(kCopySignature, sizeof(kCopySignature));
  PutBigEndian<uint32_t>(0);  // flags: no OIDs
  PutBigEndian<uint32_t>(0);  // no header extension
}

}  // namespace skyseed
