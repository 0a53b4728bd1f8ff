// The corpus indexes a database holds, checked against the ones skyseed
// declares (CorpusIndexes): the one check `verify` reports and `grow`
// repairs before it skips or records a tier. An index set aside in
// skyseed.index_stash is an unfinished grow's, reported as such elsewhere,
// and not a finding here.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "loader/pg_connection.h"
#include "schema/corpus_schema.h"
#include "store/manifest_records.h"

namespace skyseed {

// An index on a table of the corpus schema, as the catalogue describes it.
struct LiveIndex {
  std::string name;
  std::string definition;    // pg_get_indexdef
  bool primary_key = false;  // backs a PRIMARY KEY constraint
  bool valid = true;         // indisvalid: false after a failed CREATE INDEX CONCURRENTLY
};

struct IndexFinding {
  enum class Kind { kMissing, kDifferent, kInvalid };
  Kind kind = Kind::kMissing;
  std::string name;
  std::string declared;  // the definition skyseed declares, as pg_get_indexdef prints it
  std::string found;     // what the database holds (kDifferent)
};

// What pg_get_indexdef prints for `index` once built: quotes and repeated
// blanks left out, which is how both sides are compared (corpus names are
// plain lower-case identifiers and the expressions hold no literals).
std::string DeclaredIndexDefinition(const IndexDef& index);
std::string NormalizedIndexDefinition(const std::string& definition);

// Each declared index that is neither stashed nor present as declared, in
// the order of `declared`. Indexes the database holds beyond them are its
// owner's business and not findings.
std::vector<IndexFinding> AuditIndexes(const std::vector<IndexDef>& declared,
                                       const std::vector<LiveIndex>& live,
                                       const std::vector<StashEntry>& stash);
// "index obscore_s_region_idx is missing", "... is invalid (...)", ...
std::string DescribeIndexFinding(const IndexFinding& finding);

// The stashed indexes the database holds built, valid and as declared: a
// stash record left behind (a restored dump, a hand edit), wrong where the
// index is right; building it again would fail ("already exists").
std::vector<std::string> StashedButBuilt(const std::vector<IndexDef>& declared,
                                         const std::vector<LiveIndex>& live,
                                         const std::vector<StashEntry>& stash);
Result<std::vector<std::string>> StashedButBuiltIndexes(PgConnection& conn);

// The indexes on tables of the corpus schema.
Result<std::vector<LiveIndex>> ReadLiveIndexes(PgConnection& conn);
// ReadLiveIndexes and the stash, audited against CorpusIndexes.
Result<std::vector<IndexFinding>> AuditCorpusIndexes(PgConnection& conn);

}  // namespace skyseed
