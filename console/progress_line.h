// A progress line for long work ("load 1.2M/8.2M rows 410k rows/s 38 MB/s
// ETA 17s"): on a terminal, redrawn in place twice a second; into a log (a
// grow or sweep left running in the background), a plain line a minute, so
// that a D4 grow of most of an hour says how far it is.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "common/narrator.h"

namespace skyseed {

// One reading of a phase: what its line says.
struct ProgressReading {
  std::string phase;
  uint64_t rows = 0, total_rows = 0;  // total 0: unknown (no ETA)
  uint64_t work = 0, total_work = 0;  // the ETA's measure (ProgressMeter)
  uint64_t bytes = 0;
  double seconds = 0;
};

// "load 1.20M/8.20M rows  410.0k rows/s  38.0 MB/s  2.9s ETA 17s", the ETA
// from the rate of work so far; without it on the final line.
std::string ProgressText(const ProgressReading& r, bool final_line);

class ProgressLine : public ProgressMeter {
 public:
  // `interval` 0: twice a second on a terminal, once a minute otherwise.
  ProgressLine(std::string phase, uint64_t total_rows, uint64_t total_work, FILE* out = stderr,
               std::chrono::milliseconds interval = std::chrono::milliseconds(0));
  ~ProgressLine() override;
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  using ProgressMeter::Add;
  void Add(uint64_t rows, uint64_t bytes, uint64_t work) override {
    rows_ += rows;
    bytes_ += bytes;
    work_ += work;
  }
  double ElapsedSeconds() const;

 private:
  void Draw(bool final_line);
  void Loop();

  std::string phase_;
  uint64_t total_rows_, total_work_;
  std::atomic<uint64_t> rows_{0}, bytes_{0}, work_{0};
  int64_t start_ns_;
  FILE* out_;
  bool terminal_;
  std::chrono::milliseconds interval_;
  bool stop_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
};

}  // namespace skyseed
