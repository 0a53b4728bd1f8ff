#include "copy_format/copy_decoder.h"

#include <cstring>

#include "copy_format/copy_encoder.h"

namespace skyseed {
namespace {

uint32_t ReadBig32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return __builtin_bswap32(v);
}

uint16_t ReadBig16(const char* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return __builtin_bswap16(v);
}

}  // namespace

bool CopyTupleReader::Fail(const char* what) {
  status_ =
      Status::Corruption(std::string("COPY stream: ") + what + " at byte " + std::to_string(pos_));
  return false;
}

Status CopyTupleReader::ReadHeader() {
  if (data_.size() < kCopyHeaderSize ||
      std::memcmp(data_.data(), kCopySignature, sizeof(kCopySignature)) != 0) {
    Fail("missing PGCOPY signature");
    return status_;
  }
  const uint32_t flags = ReadBig32(data_.data() + 11);
  const uint32_t ext = ReadBig32(data_.data() + 15);
  if (flags != 0) {
    Fail("unsupported header flags");
    return status_;
  }
  pos_ = kCopyHeaderSize;
  if (ext > data_.size() - pos_) {
    Fail("truncated header extension");
    return status_;
  }
  pos_ += ext;
  return Status::Ok();
}

bool CopyTupleReader::Next(std::string_view* tuple) {
  if (!status_.ok() || at_end_) return false;
  if (data_.size() - pos_ < 2) return Fail("truncated before the trailer");
  const uint16_t count = ReadBig16(data_.data() + pos_);
  if (count == 0xffff) {
    pos_ += 2;
    at_end_ = true;
    return false;
  }
  if (count != fields_) return Fail("wrong field count");
  const size_t start = pos_;
  pos_ += 2;
  for (int f = 0; f < fields_; ++f) {
    if (data_.size() - pos_ < 4) return Fail("truncated field length");
    const uint32_t len = ReadBig32(data_.data() + pos_);
    pos_ += 4;
    if (len == 0xffffffffu) continue;  // NULL
    if (len > data_.size() - pos_) return Fail("truncated field");
    pos_ += len;
  }
  *tuple = data_.substr(start, pos_ - start);
  return true;
}

}  // namespace skyseed
