// Into a file (a log of a grow left running in the background) the progress
// is plain lines at the interval, with no terminal control codes and no
// redrawn line; a meter that ends before its first interval writes nothing.
#include "console/progress_line.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace skyseed {
namespace {

std::string Contents(FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string s;
  char buf[256];
  while (std::fgets(buf, sizeof buf, f)) s += buf;
  return s;
}

TEST(ProgressLine, PlainLinesAtTheIntervalIntoAFile) {
  FILE* log = std::tmpfile();
  ASSERT_NE(log, nullptr);
  {
    ProgressLine p("load", 1000, log, std::chrono::milliseconds(20));
    p.Add(250, 1'000'000);
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  }
  const std::string s = Contents(log);
  std::fclose(log);
  EXPECT_EQ(s.find('\r'), std::string::npos) << s;
  EXPECT_EQ(s.find('\033'), std::string::npos) << s;
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.back(), '\n');
  EXPECT_EQ(s.rfind("load 250/1.0k rows  ", 0), 0u) << s;
  EXPECT_NE(s.find(" ETA "), std::string::npos) << s;
  // Each line is one reading: several at 20 ms over 150 ms.
  size_t lines = 0;
  for (char c : s) lines += c == '\n';
  EXPECT_GE(lines, 2u) << s;
}

TEST(ProgressLine, NothingBeforeTheFirstInterval) {
  FILE* log = std::tmpfile();
  ASSERT_NE(log, nullptr);
  { ProgressLine p("load", 1000, log, std::chrono::milliseconds(60'000)); }
  EXPECT_EQ(Contents(log), "");
  std::fclose(log);
}

}  // namespace
}  // namespace skyseed
