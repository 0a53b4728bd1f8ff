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
    ProgressLine p("load", 1000, 1000, log, std::chrono::milliseconds(20));
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
  { ProgressLine p("load", 1000, 1000, log, std::chrono::milliseconds(60'000)); }
  EXPECT_EQ(Contents(log), "");
  std::fclose(log);
}

// D4's step as it ran: 5.9 M ObsCore rows at 5.5 k rows/s first, each ten
// units of work, then 68.9 M source rows at ~60 k rows/s, one unit each
// (~1,150 s). Half-way through ObsCore, ~1,690 s are left (536 s of
// ObsCore, then the sources); rows alone said 13,064 s, the work says 1,789 s
// (the sources at ObsCore's rate of work, 55 k rows/s).
TEST(ProgressLine, TheEtaFollowsTheWorkNotTheRows) {
  ProgressReading r;
  r.phase = "load";
  r.total_rows = 74'800'000;
  r.total_work = 5'900'000 * 10 + 68'900'000;
  r.rows = 2'950'000;
  r.work = r.rows * 10;
  r.bytes = 1'500'000'000;
  r.seconds = r.rows / 5500.0;
  const std::string line = ProgressText(r, false);
  EXPECT_EQ(line, "load 2.95M/74.80M rows  5.5k rows/s  2.8 MB/s  536.4s ETA 1789s") << line;
  // Rows that all cost the same: work is rows, and the ETA is the rows'.
  r.total_work = r.total_rows;
  r.work = r.rows;
  EXPECT_NE(ProgressText(r, false).find(" ETA 13064s"), std::string::npos)
      << ProgressText(r, false);
  // No ETA on the final line, nor without a total.
  EXPECT_EQ(ProgressText(r, true).find("ETA"), std::string::npos);
  r.total_rows = 0;
  EXPECT_EQ(ProgressText(r, false).find("ETA"), std::string::npos);
}

}  // namespace
}  // namespace skyseed
