// A progress line on stderr for long work ("load 1.2M/8.2M rows 410k rows/s
// 38 MB/s ETA 17s"), redrawn twice a second, only when stderr is a terminal.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "common/narrator.h"

namespace skyseed {

class ProgressLine : public ProgressMeter {
 public:
  // total_rows 0: unknown (no ETA). Draws nothing unless stderr is a tty.
  ProgressLine(std::string phase, uint64_t total_rows);
  ~ProgressLine() override;
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void Add(uint64_t rows, uint64_t bytes) override {
    rows_ += rows;
    bytes_ += bytes;
  }
  double ElapsedSeconds() const;

 private:
  void Draw(bool final_line);
  void Loop();

  std::string phase_;
  uint64_t total_;
  std::atomic<uint64_t> rows_{0}, bytes_{0};
  int64_t start_ns_;
  bool enabled_;
  bool stop_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
};

}  // namespace skyseed
