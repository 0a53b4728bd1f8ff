// A growable contiguous byte buffer for the hot path: rows are encoded into
// it back to back and it is flushed in large pieces, so nothing is allocated
// per row once it has grown to a chunk's size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace skyseed {

class ByteBuffer {
 public:
  ByteBuffer() = default;
  ByteBuffer(const ByteBuffer&) = delete;
  ByteBuffer& operator=(const ByteBuffer&) = delete;

  const char* data() const { return data_.get(); }
  char* mutable_data() { return data_.get(); }
  size_t size() const { return size_; }
  void clear() { size_ = 0; }
  std::string_view view() const { return {data_.get(), size_}; }

  void Append(const void* p, size_t n) {
    char* dst = Grow(n);
    std::memcpy(dst, p, n);
  }
  // Makes room for n bytes at the end and returns where they go.
  char* Grow(size_t n) {
    if (size_ + n > capacity_) Reserve(size_ + n);
    char* dst = data_.get() + size_;
    size_ += n;
    return dst;
  }
  void Reserve(size_t n);

 private:
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

inline void ByteBuffer::Reserve(size_t n) {
  if (n <= capacity_) return;
  size_t cap = capacity_ ? capacity_ : 4096;
  while (cap < n) cap *= 2;
  std::unique_ptr<char[]> grown(new char[cap]);
  if (size_) std::memcpy(grown.get(), data_.get(), size_);
  data_ = std::move(grown);
  capacity_ = cap;
}

}  // namespace skyseed
