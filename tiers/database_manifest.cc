#include "tiers/database_manifest.h"

#include "generator/corpus_tables.h"
#include "schema/corpus_schema.h"

namespace skyseed {

Result<CorpusIdentity> ReadCorpusIdentity(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT to_regclass('skyseed.corpus') IS NOT NULL", &r));
  if (r.text(0, 0) != "t") return Status::NotFound("no skyseed corpus in this database");
  SKYSEED_RETURN_IF_ERROR(conn.Query("SELECT seed, generator_version FROM skyseed.corpus", &r));
  if (r.rows() != 1) return Status::Corruption("skyseed.corpus does not hold exactly one row");
  return CorpusIdentity{static_cast<uint64_t>(r.int64(0, 0)), r.text(0, 1)};
}

Status CheckCorpusIdentity(const CorpusIdentity& id, uint64_t seed) {
  if (id.generator_version != kGeneratorVersion) {
    return Status::InvalidArgument("database was grown by generator " + id.generator_version +
                                   ", this skyseed generates " + kGeneratorVersion +
                                   "; refusing to mix corpora (use a fresh database)");
  }
  if (id.seed != seed) {
    return Status::InvalidArgument("database holds the corpus of seed " + std::to_string(id.seed) +
                                   ", not " + std::to_string(seed) +
                                   "; refusing to mix corpora (pass --seed " +
                                   std::to_string(id.seed) + " or use another database)");
  }
  return Status::Ok();
}

Status CreateCorpus(PgConnection& conn, uint64_t seed) {
  const QuoteFn q = [&](std::string_view n) { return conn.QuoteIdent(n); };
  for (const TableDef& t : CorpusTables()) {
    PgResult r;
    SKYSEED_RETURN_IF_ERROR(
        conn.Query("SELECT to_regclass($1) IS NOT NULL", {QualifiedName(t, q)}, &r));
    if (r.text(0, 0) == "t") {
      return Status::InvalidArgument("database already has a table " + t.qualified_name() +
                                     " that skyseed did not create; refusing to touch it");
    }
  }
  return conn
      .InTransaction([&]() -> Status {
        SKYSEED_RETURN_IF_ERROR(conn.Exec(CorpusTablesDdl(q) + ManifestDdl(q)));
        SKYSEED_RETURN_IF_ERROR(
            conn.Query("INSERT INTO skyseed.corpus (seed, generator_version) VALUES ($1, $2)",
                       {std::to_string(seed), kGeneratorVersion}, nullptr));
        for (const IndexDef& idx : CorpusIndexes(q)) {
          SKYSEED_RETURN_IF_ERROR(conn.Query(
              "INSERT INTO skyseed.index_stash (index_name, table_name, definition) "
              "VALUES ($1, $2, $3)",
              {idx.name, idx.table->qualified_name(), idx.create_sql}, nullptr));
        }
        return Status::Ok();
      })
      .Annotate("creating the corpus schema");
}

Result<std::vector<LedgerEntry>> ReadLedger(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT table_name, first_row, row_count, digest FROM skyseed.chunk_ledger "
      "ORDER BY table_name, first_row", &r));
  std::vector<LedgerEntry> out;
  for (int i = 0; i < r.rows(); ++i) {
    LedgerEntry e{r.text(i, 0), {static_cast<uint64_t>(r.int64(i, 1)),
                                 static_cast<uint64_t>(r.int64(i, 2))}, {}};
    if (!Digest128::FromHex(r.text(i, 3), &e.digest)) {
      return Status::Corruption("chunk ledger holds a malformed digest for " + e.table);
    }
    out.push_back(e);
  }
  return out;
}

Result<std::vector<StashEntry>> ReadStash(PgConnection& conn) {
  PgResult r;
  SKYSEED_RETURN_IF_ERROR(conn.Query(
      "SELECT index_name, table_name, definition FROM skyseed.index_stash ORDER BY index_name",
      &r));
  std::vector<StashEntry> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back({r.text(i, 0), r.text(i, 1), r.text(i, 2)});
  return out;
}

std::vector<RowRange> LedgerRanges(const std::vector<LedgerEntry>& ledger, const std::string& table) {
  std::vector<RowRange> out;
  for (const LedgerEntry& e : ledger) {
    if (e.table == table) out.push_back(e.range);
  }
  return out;
}

TableDigest LedgerDigest(const std::vector<LedgerEntry>& ledger, const std::string& table) {
  TableDigest d;
  for (const LedgerEntry& e : ledger) {
    if (e.table == table) d.Merge({e.range.count, e.digest});
  }
  return d;
}

}  // namespace skyseed
