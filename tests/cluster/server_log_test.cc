#include "cluster/server_log.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cluster/pg_ctl.h"
#include "tests/temp_dir.h"

namespace skyseed {
namespace {

TEST(OneLineTest, CollapsesWhitespaceAndTrimsTheEnds) {
  EXPECT_EQ(OneLine("  FATAL:  bad\n\tvalue \r\n"), "FATAL: bad value");
  EXPECT_EQ(OneLine("already one line"), "already one line");
  EXPECT_EQ(OneLine(" \n\t "), "");
  EXPECT_EQ(OneLine(""), "");
}

// A postmaster that refuses its settings logs the bad one, then the FATAL,
// then that it shut down: the message is the two lines that explain it.
TEST(ErrorLineOfTest, ServerLogNamesTheBadSettingAndDropsThePrefix) {
  const std::string log =
      "2024-05-01 12:00:00.000 UTC [123] LOG:  starting PostgreSQL 15.6 on x86_64-pc-linux-gnu\n"
      "2024-05-01 12:00:00.001 UTC [123] LOG:  listening on Unix socket \"/d/.s.PGSQL.5432\"\n"
      "2024-05-01 12:00:00.002 UTC [123] LOG:  invalid value for parameter \"shared_buffers\": "
      "\"99TB\"\n"
      "2024-05-01 12:00:00.003 UTC [123] FATAL:  configuration file \"/d/skyseed.conf\" contains "
      "errors\n"
      "2024-05-01 12:00:00.004 UTC [123] LOG:  database system is shut down\n";
  EXPECT_EQ(ErrorLineOf(log),
            "LOG: invalid value for parameter \"shared_buffers\": \"99TB\" FATAL: configuration "
            "file \"/d/skyseed.conf\" contains errors");
}

TEST(ErrorLineOfTest, KeepsTheDetailAndHintAfterTheError) {
  const std::string log =
      "2024-05-01 12:00:00.000 UTC [7] LOG:  starting PostgreSQL 15.6\n"
      "2024-05-01 12:00:00.001 UTC [7] FATAL:  could not create shared memory segment: No space "
      "left on device\n"
      "2024-05-01 12:00:00.002 UTC [7] DETAIL:  Failed system call was shmget(key=1, size=2).\n"
      "2024-05-01 12:00:00.003 UTC [7] HINT:  Reduce shared_buffers.\n"
      "2024-05-01 12:00:00.004 UTC [7] LOG:  database system is shut down\n";
  EXPECT_EQ(ErrorLineOf(log),
            "FATAL: could not create shared memory segment: No space left on device DETAIL: "
            "Failed system call was shmget(key=1, size=2). HINT: Reduce shared_buffers.");
}

// At most two lines of context, and none from before an earlier error.
TEST(ErrorLineOfTest, TakesAtMostTwoLinesBeforeTheLastError) {
  EXPECT_EQ(ErrorLineOf("one\ntwo\nthree\nFATAL:  four\n"), "two three FATAL: four");
  EXPECT_EQ(ErrorLineOf("ERROR:  first\nbetween\nPANIC:  second\nlater\n"),
            "between PANIC: second");
}

// initdb and pg_ctl write "program: error: ..."; initdb's banner mentions the
// "database system", so it counts as routine and is left out.
TEST(ErrorLineOfTest, ReadsProgramOutput) {
  const std::string out =
      "The files belonging to this database system will be owned by user \"postgres\".\n"
      "\n"
      "initdb: error: directory \"/d\" exists but is not empty\n"
      "initdb: hint: If you want to create a new database system, remove the directory.\n";
  EXPECT_EQ(ErrorLineOf(out), "initdb: error: directory \"/d\" exists but is not empty");
  EXPECT_EQ(ErrorLineOf("fixing permissions ... ok\ninitdb: error: could not create directory "
                        "\"/d\": Permission denied\n"),
            "fixing permissions ... ok initdb: error: could not create directory \"/d\": "
            "Permission denied");
}

TEST(ErrorLineOfTest, WithoutAnErrorTakesTheLastLine) {
  EXPECT_EQ(ErrorLineOf("waiting for server to start....\n stopped waiting  \n\n"),
            "stopped waiting");
  EXPECT_EQ(ErrorLineOf("2024-05-01 12:00:00.000 UTC [9] LOG:  database system is shut down\n"),
            "LOG: database system is shut down");
}

TEST(ErrorLineOfTest, NoTextNoLine) {
  EXPECT_EQ(ErrorLineOf(""), "");
  EXPECT_EQ(ErrorLineOf("\n \n\t\n"), "");
}

// Only a line that starts with a digit carries a log_line_prefix.
TEST(ErrorLineOfTest, KeepsUnprefixedLinesWhole) {
  EXPECT_EQ(ErrorLineOf("pg_ctl: [x] FATAL:  no\n"), "pg_ctl: [x] FATAL: no");
}

// A server that PANICs writing pg_wal on a full disk only drops its
// connections: the line that says why is found in its log, past where the
// run began (an older full disk in the log is not this run's), and named.
TEST(FullDiskTest, TheLogsNoSpaceLinePastTheOffsetIsNamedAsAFullDisk) {
  TempDir dir;
  const std::string old_run =
      "2024-05-01 11:00:00.000 UTC [5] ERROR:  could not extend file \"base/1/2\": No space left "
      "on device\n";
  {
    std::ofstream log(dir.path() / "server.log");
    log << old_run;
  }
  const uintmax_t start = ServerLogSize(dir.path());
  EXPECT_EQ(start, old_run.size());
  EXPECT_EQ(FullDiskLineInLog(dir.path(), start), "");
  {
    std::ofstream log(dir.path() / "server.log", std::ios::app);
    log << "2024-05-01 12:00:00.000 UTC [7] PANIC:  could not write to file "
           "\"pg_wal/xlogtemp.7\": No space left on device\n"
           "2024-05-01 12:00:00.100 UTC [6] LOG:  server process (PID 7) was terminated by "
           "signal 6: Aborted\n";
  }
  const std::string line = FullDiskLineInLog(dir.path(), start);
  EXPECT_EQ(line, "PANIC: could not write to file \"pg_wal/xlogtemp.7\": No space left on device");
  EXPECT_EQ(NamingFullDisk(line).rfind("the server's disk is full (PANIC: could not write", 0), 0u)
      << NamingFullDisk(line);
  EXPECT_EQ(NamingFullDisk("FATAL: the database system is starting up"),
            "FATAL: the database system is starting up");
  EXPECT_EQ(ServerLogSize(dir.path() / "nowhere"), 0u);
}

}  // namespace
}  // namespace skyseed
