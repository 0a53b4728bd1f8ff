#include "loader/chunk_copy.h"

#include "common/fault_point.h"
#include "copy_format/copy_encoder.h"
#include "loader/copy_in_stream.h"

namespace skyseed {
namespace {

// 8 MiB pieces keep the socket busy; the "copy" fault point falls between them.
constexpr size_t kPiece = 8u << 20;

}  // namespace

Status CopyChunkIn(PgConnection& conn, const std::string& copy_sql, const NextTuples& next) {
  SKYSEED_ASSIGN_OR_RETURN(CopyInStream stream, CopyInStream::Start(conn, copy_sql));
  ByteBuffer framing;
  CopyEncoder enc(&framing);
  enc.Header();
  SKYSEED_RETURN_IF_ERROR(stream.Put(framing.view()));
  for (;;) {
    SKYSEED_ASSIGN_OR_RETURN(std::string_view tuples, next());
    if (tuples.empty()) break;
    for (size_t off = 0; off < tuples.size(); off += kPiece) {
      SKYSEED_RETURN_IF_ERROR(stream.Put(tuples.substr(off, kPiece)));
      FaultPoint("copy");
    }
  }
  framing.clear();
  enc.Trailer();
  SKYSEED_RETURN_IF_ERROR(stream.Put(framing.view()));
  return stream.End();
}

}  // namespace skyseed
