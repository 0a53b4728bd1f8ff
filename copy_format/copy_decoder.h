// Splits a binary COPY stream into its tuples, checking the framing (the
// signature, flags, every field length, the trailer) but not the values: a
// tuple's bytes are what the corpus hash is defined on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/status.h"

namespace skyseed {

class CopyTupleReader {
 public:
  // `expected_fields` is the table's column count.
  CopyTupleReader(std::string_view stream, int expected_fields)
      : data_(stream), fields_(expected_fields) {}

  Status ReadHeader();
  // Sets *tuple to the next tuple's bytes (count + fields). Returns false at
  // the trailer or on an error; check status() and at_end() afterwards.
  bool Next(std::string_view* tuple);
  const Status& status() const { return status_; }
  bool at_end() const { return at_end_; }
  size_t offset() const { return pos_; }

 private:
  bool Fail(const char* what);

  std::string_view data_;
  int fields_;
  size_t pos_ = 0;
  bool at_end_ = false;
  Status status_;
};

// Reads a whole stream (header, tuples, trailer, nothing after).
// Calls on_tuple for each tuple.
template <typename F>
Status ForEachTuple(std::string_view stream, int fields, F&& on_tuple) {
  CopyTupleReader r(stream, fields);
  SKYSEED_RETURN_IF_ERROR(r.ReadHeader());
  std::string_view t;
  while (r.Next(&t)) on_tuple(t);
  SKYSEED_RETURN_IF_ERROR(r.status());
  if (r.offset() != stream.size()) return Status::Corruption("bytes after the COPY trailer");
  return Status::Ok();
}

}  // namespace skyseed
