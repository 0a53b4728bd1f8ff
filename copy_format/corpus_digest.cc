#include "copy_format/corpus_digest.h"

#include <xxhash.h>

#include <cstdio>

namespace skyseed {

std::string Digest128::Hex() const {
  char buf[33];
  std::snprintf(buf, sizeof(buf), "%016llx%016llx", static_cast<unsigned long long>(hi),
                static_cast<unsigned long long>(lo));
  return buf;
}

bool Digest128::FromHex(std::string_view hex, Digest128* out) {
  if (hex.size() != 32) return false;
  uint64_t parts[2] = {0, 0};
  for (size_t i = 0; i < 32; ++i) {
    const char c = hex[i];
    int v;
    if (c >= '0' && c <= '9') {
      v = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      v = c - 'a' + 10;
    } else {
      return false;
    }
    parts[i / 16] = (parts[i / 16] << 4) | static_cast<uint64_t>(v);
  }
  out->hi = parts[0];
  out->lo = parts[1];
  return true;
}

Digest128 RowHash(const void* tuple, size_t size) {
  const XXH128_hash_t h = XXH3_128bits(tuple, size);
  return {h.high64, h.low64};
}

Digest128 CorpusDigest(const std::vector<NamedTableDigest>& tables) {
  std::string canon = "skyseed-corpus-v1\n";
  for (const NamedTableDigest& t : tables) {
    canon += t.table + " " + std::to_string(t.digest.rows) + " " + t.digest.sum.Hex() + "\n";
  }
  return RowHash(canon.data(), canon.size());
}

}  // namespace skyseed
