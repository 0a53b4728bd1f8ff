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

ProgressLine::ProgressLine(std::string phase, uint64_t total_rows, FILE* out,
                           std::chrono::milliseconds interval)
    : phase_(std::move(phase)),
      total_(total_rows),
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
  const double secs = ElapsedSeconds();
  const double rows = static_cast<double>(rows_.load());
  const double rate = secs > 0 ? rows / secs : 0;
  const double mbps = secs > 0 ? bytes_.load() / secs / 1e6 : 0;
  char eta[32] = "";
  if (total_ > 0 && rate > 0 && !final_line) {
    std::snprintf(eta, sizeof(eta), " ETA %.0fs", (static_cast<double>(total_) - rows) / rate);
  }
  std::fprintf(out_, "%s%s %s/%s rows  %s rows/s  %.1f MB/s  %.1fs%s%s",
               terminal_ ? "\r\033[K" : "", phase_.c_str(), Human(rows).c_str(),
               total_ ? Human(static_cast<double>(total_)).c_str() : "?", Human(rate).c_str(), mbps,
               secs, eta, final_line || !terminal_ ? "\n" : "");
  std::fflush(out_);
}

}  // namespace skyseed
