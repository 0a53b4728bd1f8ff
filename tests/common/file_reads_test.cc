// The one whole-file reader (common/file_reads.h) against files the test
// wrote with std::ofstream: the bytes come back from any offset, and what
// would hang or flood (a FIFO, too large a file, no file) is refused.
#include "common/file_reads.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/temp_dir.h"

namespace skyseed {
namespace {

namespace fs = std::filesystem;

// 100 KiB of varied bytes, NULs and newlines among them: more than one read.
std::string ReadsTestBytes() {
  std::string bytes;
  for (int i = 0; i < 100 * 1024; ++i) bytes += static_cast<char>((i * 7919) % 256);
  return bytes;
}

TEST(FileReads, ReadsAWholeFileAndFromAnOffset) {
  TempDir tmp;
  const fs::path file = tmp.path() / "log";
  const std::string bytes = ReadsTestBytes();
  std::ofstream(file, std::ios::binary) << bytes;
  Result<std::string> whole = ReadWholeFile(file);
  ASSERT_TRUE(whole.ok()) << whole.status().message();
  EXPECT_EQ(*whole, bytes);
  for (const size_t offset : {size_t{0}, size_t{1}, size_t{65536}, bytes.size() - 1}) {
    Result<std::string> tail = ReadFileFrom(file, offset);
    ASSERT_TRUE(tail.ok()) << tail.status().message();
    EXPECT_EQ(*tail, bytes.substr(offset)) << offset;
  }
  EXPECT_EQ(ReadFileFrom(file, bytes.size()).value_or("error"), "");
  EXPECT_EQ(ReadFileFrom(file, bytes.size() + 100).value_or("error"), "");
}

TEST(FileReads, RefusesWhatItCannotReadWhole) {
  TempDir tmp;
  const fs::path file = tmp.path() / "big";
  std::ofstream(file) << std::string(2 << 20, 'x');
  EXPECT_FALSE(ReadWholeFile(file, size_t{1} << 20).ok());
  EXPECT_TRUE(ReadWholeFile(file, size_t{4} << 20).ok());
  EXPECT_FALSE(ReadWholeFile(tmp.path() / "absent").ok());
  EXPECT_FALSE(ReadFileFrom(tmp.path() / "absent", 0).ok());
  EXPECT_FALSE(ReadWholeFile(tmp.path()).ok());  // a folder
  const fs::path fifo = tmp.path() / "fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(ReadWholeFile(fifo).ok());  // at once: no writer is waited for
  EXPECT_EQ(ReadWholeFileOrEmpty(fifo), "");
}

// /proc entries say size 0 and are read to their end all the same.
TEST(FileReads, ReadsProcEntries) {
  const std::string stat = ReadWholeFileOrEmpty("/proc/self/stat");
  EXPECT_NE(stat.find(") "), std::string::npos);
}

}  // namespace
}  // namespace skyseed
