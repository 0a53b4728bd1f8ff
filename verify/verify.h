// `skyseed verify`: reads every corpus table back by binary COPY TO (in
// parallel block ranges), hashes each row exactly as the generator does, and
// compares chunk by chunk with the ledger, the tier record and what the
// generator says those rows must be (verify/verify_plan.h); proves every tier
// record against the generator, and every declared index against the
// catalogue (indexes/index_audit.h). InvalidArgument for a database that holds
// no corpus.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "generator/corpus_tables.h"

namespace skyseed {

class VerifyDatabase;  // verify/verify_database.h

struct VerifyOptions {
  std::string conninfo;
  int jobs = 2;
};

struct TableVerdict {
  std::string table;
  uint64_t db_rows = 0, expected_rows = 0;
  uint64_t chunks = 0, chunks_differing = 0;
  uint64_t rows_missing_or_changed = 0, rows_unexpected = 0;
  std::vector<RowRange> differing;  // the chunks that differ, in row order
  bool ok() const { return chunks_differing == 0 && db_rows == expected_rows; }
};

struct VerifyReport {
  std::string tier;  // latest tier recorded, "" if none
  std::string corpus_digest;
  std::vector<TableVerdict> tables;
  std::vector<std::string> problems;  // ledger, tier records, indexes, footprints, views
  std::vector<std::string> warnings;  // not corpus data: grants skyseed did not make
  // The tables read (skyseed_corpus.obscore, ...), and what each standard
  // name holds (DescribeStandardName), one line each.
  std::vector<std::string> names;
  bool ok() const;
};

Result<VerifyReport> Verify(const VerifyOptions& options);
// Verify on `db` (PgVerifyDatabase for Verify's server); `jobs` threads hash
// the generator's rows.
Result<VerifyReport> VerifyCorpus(VerifyDatabase& db, int jobs);
// "OK tier ci: ..." or one line per problem (`names` apart).
std::string FormatVerifyReport(const VerifyReport& r);

}  // namespace skyseed
