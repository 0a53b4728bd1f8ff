#include "indexes/index_audit.h"

#include <algorithm>

#include "store/manifest_store.h"

namespace skyseed {

std::string NormalizedIndexDefinition(const std::string& definition) {
  std::string out;
  for (char c : definition) {
    if (c == '"') continue;
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string DeclaredIndexDefinition(const IndexDef& index) {
  const bool unique = index.kind == IndexKind::kPrimaryKey;
  return NormalizedIndexDefinition(std::string("CREATE ") + (unique ? "UNIQUE " : "") + "INDEX " +
                                   index.name + " ON " + kCorpusSchema + "." + index.table->name +
                                   " USING " + index.method + " (" + index.key + ")");
}

std::vector<IndexFinding> AuditIndexes(const std::vector<IndexDef>& declared,
                                       const std::vector<LiveIndex>& live,
                                       const std::vector<StashEntry>& stash) {
  std::vector<IndexFinding> out;
  for (const IndexDef& d : declared) {
    const auto stashed = std::find_if(stash.begin(), stash.end(),
                                      [&](const StashEntry& s) { return s.index_name == d.name; });
    if (stashed != stash.end()) continue;
    const auto it = std::find_if(live.begin(), live.end(),
                                 [&](const LiveIndex& l) { return l.name == d.name; });
    IndexFinding f{IndexFinding::Kind::kMissing, d.name, DeclaredIndexDefinition(d), ""};
    if (it == live.end()) {
      out.push_back(f);
      continue;
    }
    f.found = NormalizedIndexDefinition(it->definition);
    const bool pk_as_declared = it->primary_key == (d.kind == IndexKind::kPrimaryKey);
    if (f.found != f.declared || !pk_as_declared) {
      f.kind = IndexFinding::Kind::kDifferent;
      out.push_back(f);
    } else if (!it->valid) {
      f.kind = IndexFinding::Kind::kInvalid;
      out.push_back(f);
    }
  }
  return out;
}

std::string DescribeIndexFinding(const IndexFinding& f) {
  switch (f.kind) {
    case IndexFinding::Kind::kMissing:
      return "index " + f.name + " is missing (declared: " + f.declared + ")";
    case IndexFinding::Kind::kInvalid:
      return "index " + f.name + " is invalid (a failed CREATE INDEX CONCURRENTLY leaves one)";
    case IndexFinding::Kind::kDifferent:
      break;
  }
  const bool same_text = f.found == f.declared;
  return "index " + f.name + " differs from its declaration: the database has " +
         (same_text ? "it without its PRIMARY KEY constraint"
                    : "'" + f.found + "', skyseed declares '" + f.declared + "'");
}

Result<std::vector<LiveIndex>> ReadLiveIndexes(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT c.relname, pg_get_indexdef(i.indexrelid), EXISTS (SELECT 1 FROM pg_constraint k "
      "WHERE k.conindid = i.indexrelid AND k.contype = 'p'), i.indisvalid "
      "FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
      "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 ORDER BY 1",
      {kCorpusSchema}, &r));
  std::vector<LiveIndex> out;
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back({r.text(i, 0), r.text(i, 1), r.text(i, 2) == "t", r.text(i, 3) == "t"});
  }
  return out;
}

std::vector<std::string> StashedButBuilt(const std::vector<IndexDef>& declared,
                                         const std::vector<LiveIndex>& live,
                                         const std::vector<StashEntry>& stash) {
  std::vector<std::string> out;
  for (const StashEntry& s : stash) {
    const auto d = std::find_if(declared.begin(), declared.end(),
                                [&](const IndexDef& i) { return i.name == s.index_name; });
    const auto l = std::find_if(live.begin(), live.end(),
                                [&](const LiveIndex& i) { return i.name == s.index_name; });
    if (d == declared.end() || l == live.end()) continue;
    // A primary key's index without its constraint is half built: the
    // stash entry finishes it.
    if (l->valid && l->primary_key == (d->kind == IndexKind::kPrimaryKey) &&
        NormalizedIndexDefinition(l->definition) == DeclaredIndexDefinition(*d)) {
      out.push_back(s.index_name);
    }
  }
  return out;
}

Result<std::vector<std::string>> StashedButBuiltIndexes(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LiveIndex> live, ReadLiveIndexes(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(conn));
  return StashedButBuilt(CorpusIndexes(conn.IdentQuoter()), live, stash);
}

Result<std::vector<IndexFinding>> AuditCorpusIndexes(PgConnection& conn) {
  SKYSEED_ASSIGN_OR_RETURN(std::vector<LiveIndex> live, ReadLiveIndexes(conn));
  SKYSEED_ASSIGN_OR_RETURN(std::vector<StashEntry> stash, ReadStash(conn));
  return AuditIndexes(CorpusIndexes(conn.IdentQuoter()), live, stash);
}

}  // namespace skyseed
