#include "loader/copy_file.h"

#include <boost/iostreams/copy.hpp>
#include <boost/iostreams/filter/zstd.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <fstream>
#include <sstream>

#include "common/file_writes.h"
#include "copy_format/copy_encoder.h"

namespace skyseed {

namespace io = boost::iostreams;

Status WriteCopyFile(const std::string& path, const ByteBuffer& tuples) {
  // Compressed in memory, then written as any other file: through a
  // temporary that is created new and never follows a link.
  std::ostringstream compressed;
  ByteBuffer framing;
  CopyEncoder enc(&framing);
  enc.Header();
  try {
    io::filtering_ostream out;
    out.push(io::zstd_compressor(io::zstd_params(3)));
    out.push(compressed);
    out.write(framing.data(), static_cast<std::streamsize>(framing.size()));
    out.write(tuples.data(), static_cast<std::streamsize>(tuples.size()));
    framing.clear();
    enc.Trailer();
    out.write(framing.data(), static_cast<std::streamsize>(framing.size()));
    out.reset();
  } catch (const std::exception& e) {
    return Status::IoError("compressing " + path + ": " + e.what());
  }
  return WriteFileAtomically(path, std::move(compressed).str());
}

Status ReadCopyFile(const std::string& path, std::string* out) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return Status::NotFound("cannot open " + path);
  try {
    io::filtering_istream in;
    in.push(io::zstd_decompressor());
    in.push(file);
    std::ostringstream sink;
    io::copy(in, sink);
    *out = std::move(sink).str();
  } catch (const std::exception& e) {
    return Status::Corruption(path + ": damaged zstd data (" + e.what() + ")");
  }
  return Status::Ok();
}

}  // namespace skyseed
