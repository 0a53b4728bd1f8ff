#include "console/console_narrator.h"

#include <cstdio>
#include <mutex>

#include "console/progress_line.h"

namespace skyseed {
namespace {

class Console : public Narrator {
 public:
  void Say(const std::string& line) override {
    std::lock_guard<std::mutex> lock(mu_);
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  }
  void Note(const std::string& line) override {
    std::lock_guard<std::mutex> lock(mu_);
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::unique_ptr<ProgressMeter> Progress(const std::string& phase, uint64_t total_rows,
                                          uint64_t total_work) override {
    return std::make_unique<ProgressLine>(phase, total_rows, total_work);
  }

 private:
  std::mutex mu_;  // index builds report from several threads
};

}  // namespace

Narrator& ConsoleNarrator() {
  static Console console;
  return console;
}

}  // namespace skyseed
