// A chunk's rows and its ledger entry commit together or not at all, through
// an in-memory connection with a server's transaction rules
// (tests/grow/fake_chunk_connection.h): a failed COPY, a generator failure
// mid-chunk, a lost COMMIT and a chunk committed twice leave no entry for
// rows that are not there, and no rows without their entry.
#include "grow/chunk_commit.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "generator/obscore_row.h"
#include "generator/source_row.h"
#include "tests/corpus_table_defs.h"
#include "tests/grow/fake_chunk_connection.h"

namespace skyseed {
namespace {

// Produces `pieces` one by one, then the empty piece that ends them; a piece
// "FAIL" is a generator failure.
NextTuples Pieces(std::vector<std::string> pieces) {
  auto at = std::make_shared<size_t>(0);
  auto held = std::make_shared<std::vector<std::string>>(std::move(pieces));
  return [at, held]() -> Result<std::string_view> {
    if (*at == held->size()) return std::string_view();
    const std::string& p = (*held)[(*at)++];
    if (p == "FAIL") return Status::IoError("generator failed");
    return std::string_view(p);
  };
}

const Digest128 kDigest{0x1111, 0x2222};

TEST(ChunkCommit, RowsAndTheirLedgerEntryCommitInOneTransaction) {
  FakeChunkConnection db;
  const Chunk chunk{&SourceDef(), {100, 3}};
  ASSERT_TRUE(CommitChunk(db, chunk, Pieces({"abc", "de"}), kDigest).ok());
  EXPECT_EQ(db.commits, 1);
  EXPECT_EQ(db.copied, std::vector<std::string>{"abcde"});
  ASSERT_EQ(db.ledger.size(), 1u);
  EXPECT_EQ(db.ledger[0].table, "gaia.gaia_source");
  EXPECT_EQ(db.ledger[0].range.first, 100u);
  EXPECT_EQ(db.ledger[0].range.count, 3u);
  EXPECT_EQ(db.ledger[0].digest, kDigest);
}

TEST(ChunkCommit, ACopyTheServerRejectsLeavesNoLedgerEntry) {
  FakeChunkConnection db;
  db.fail_copy = true;
  const Status s = CommitChunk(db, {&SourceDef(), {100, 3}}, Pieces({"abc"}), kDigest);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("rows 100..103"), std::string::npos) << s.message();
  EXPECT_TRUE(db.ledger.empty());
  EXPECT_TRUE(db.copied.empty());
  EXPECT_EQ(db.rollbacks, 1);
}

TEST(ChunkCommit, AGeneratorFailureMidChunkLeavesNeitherRowsNorEntry) {
  FakeChunkConnection db;
  EXPECT_FALSE(CommitChunk(db, {&SourceDef(), {0, 5}}, Pieces({"ab", "FAIL", "cd"}), kDigest).ok());
  EXPECT_TRUE(db.ledger.empty());
  EXPECT_TRUE(db.copied.empty());
}

// The chunk is then simply loaded again by the next grow.
TEST(ChunkCommit, ALostCommitLeavesNeitherRowsNorEntry) {
  FakeChunkConnection db;
  db.fail_commit = true;
  EXPECT_FALSE(CommitChunk(db, {&SourceDef(), {0, 5}}, Pieces({"abcde"}), kDigest).ok());
  EXPECT_TRUE(db.ledger.empty());
  EXPECT_TRUE(db.copied.empty());
}

TEST(ChunkCommit, AChunkCommittedTwiceIsRefusedAndItsSecondCopyRolledBack) {
  FakeChunkConnection db;
  const Chunk chunk{&SourceDef(), {0, 5}};
  ASSERT_TRUE(CommitChunk(db, chunk, Pieces({"abcde"}), kDigest).ok());
  EXPECT_FALSE(CommitChunk(db, chunk, Pieces({"abcde"}), kDigest).ok());
  EXPECT_EQ(db.ledger.size(), 1u);
  EXPECT_EQ(db.copied.size(), 1u);
}

// A table with a footprint is copied into the session's staging table and
// moved from there: the move belongs to the chunk's transaction too.
TEST(ChunkCommit, AFootprintTableMovesItsStagedRowsInsideTheTransaction) {
  FakeChunkConnection db;
  const Chunk chunk{&ObscoreDef(), {0, 2}};
  ASSERT_TRUE(CommitChunk(db, chunk, Pieces({"xy"}), kDigest).ok());
  EXPECT_TRUE(db.staging_created);
  ASSERT_EQ(db.statements.size(), 1u);
  EXPECT_EQ(db.statements[0].rfind("INSERT INTO", 0), 0u) << db.statements[0];
  // Committed twice: the ledger refuses it, and the second move is undone.
  EXPECT_FALSE(CommitChunk(db, chunk, Pieces({"xy"}), kDigest).ok());
  EXPECT_EQ(db.statements.size(), 1u);
  EXPECT_EQ(db.ledger.size(), 1u);
}

}  // namespace
}  // namespace skyseed
