// `skyseed generate` and `skyseed hash` with nothing of the app around them:
// the same library calls (GenerateCorpusFiles, HashTier) on the same
// defaults, so scripts/cross-compiler-check.sh can build the generator a
// second time (clang -O0) in a fraction of the whole app's build time.
//   skyseed_corpus_twin hash TIER SEED         (prints what `skyseed hash` prints)
//   skyseed_corpus_twin generate TIER SEED OUT
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tiers/corpus_files.h"
#include "tiers/corpus_hash.h"
#include "tiers/tier_spec.h"

int main(int argc, char** argv) {
  using namespace skyseed;
  const std::string command = argc > 1 ? argv[1] : "";
  if (!((command == "hash" && argc == 4) || (command == "generate" && argc == 5))) {
    std::fprintf(stderr, "usage: %s hash TIER SEED | generate TIER SEED OUT\n", argv[0]);
    return 2;
  }
  Result<TierSpec> tier = FindTier(argv[2]);
  if (!tier.ok()) {
    std::fprintf(stderr, "%s\n", tier.status().message().c_str());
    return 2;
  }
  const uint64_t seed = std::strtoull(argv[3], nullptr, 10);
  if (command == "hash") {
    HashOptions o;
    o.seed = seed;
    const CorpusHash h = HashTier(*tier, o);
    for (const NamedTableDigest& d : h.tables) {
      std::printf("%s rows=%llu digest=%s\n", d.table.c_str(),
                  static_cast<unsigned long long>(d.digest.rows), d.digest.sum.Hex().c_str());
    }
    std::printf("corpus %s\n", h.corpus.Hex().c_str());
    return 0;
  }
  GenerateOptions o;
  o.seed = seed;
  o.out_dir = argv[4];
  FilesManifest m;
  const Status s = GenerateCorpusFiles(*tier, o, &m);
  if (!s.ok()) std::fprintf(stderr, "%s\n", s.message().c_str());
  return s.ok() ? 0 : 1;
}
