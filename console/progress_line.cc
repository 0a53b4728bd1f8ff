#include "console/progress_line.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace skyseed {
namespace {

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string Human(double v) {
  char buf[32];
  if (v >= 1e9) {
    std::snprintf(buf, sizeof(buf), "%.2fG", v / 1e9);
  } else if (v >= 1e6) {
    std::snprintf(buf, sizeof(buf), "%.2fM", v / 1e6);
  } else if (v >= 1e3) {
    std::snprintf(buf, sizeof(buf), "%.1fk", v / 1e3);
  } else {
    std::snprintf(buf, sizeof(buf), "%.0f", v);
  }
  return buf;
}

}  // namespace

std::string ProgressText(const ProgressReading& r, bool final_line) {
  const double rate = r.seconds > 0 ? r.rows / r.seconds : 0;
  const double work_rate = r.seconds > 0 ? r.work / r.seconds : 0;
  const double mbps = r.seconds > 0 ? r.bytes / r.seconds / 1e6 : 0;
  char eta[32] = "";
  if (r.total_rows > 0 && work_rate > 0 && !final_line) {
    const double left = r.total_work > r.work ? static_cast<double>(r.total_work - r.work) : 0;
    std::snprintf(eta, sizeof(eta), " ETA %.0fs", left / work_rate);
  }
  char line[256];
  std::snprintf(line, sizeof line, "%s %s/%s rows  %s rows/s  %.1f MB/s  %.1fs%s", r.phase.c_str(),
                Human(static_cast<double>(r.rows)).c_str(),
                r.total_rows ? Human(static_cast<double>(r.total_rows)).c_str() : "?",
                Human(rate).c_str(), mbps, r.seconds, eta);
  return line;
}

ProgressLine::ProgressLine(std::string phase, uint64_t total_rows, uint64_t total_work, FILE* out,
                           std::chrono::milliseconds interval)
    : phase_(std::move(phase)),
      total_rows_(total_rows),
      total_work_(total_work),
      start_ns_(NowNs()),
      out_(out),
      terminal_(isatty(fileno(out)) == 1),
      interval_(interval.count() > 0 ? interval
                : terminal_          ? std::chrono::milliseconds(500)
                                     : std::chrono::milliseconds(60'000)) {
  thread_ = std::thread([this] { Loop(); });
}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
  // A log already has the tier's summary line; a terminal's line is finished.
  if (terminal_) Draw(true);
}

double ProgressLine::ElapsedSeconds() const { return (NowNs() - start_ns_) / 1e9; }

void ProgressLine::Loop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!cv_.wait_for(lock, interval_, [this] { return stop_; })) {
    Draw(false);
  }
}

void ProgressLine::Draw(bool final_line) {
  const ProgressReading r{phase_,      rows_.load(),  total_rows_,     work_.load(),
                          total_work_, bytes_.load(), ElapsedSeconds()};
  std::fprintf(out_, "%s%s%s", terminal_ ? "\r\033[K" : "", ProgressText(r, final_line).c_str(),
               final_line || !terminal_ ? "\n" : "");
  std::fflush(out_);
}

}  // namespace skyseed
