#include "common/interrupt.h"

#include <atomic>

namespace skyseed {
namespace {

std::atomic<int> interrupt_signal{0};

}  // namespace

void RequestInterrupt(int signal) {
  int none = 0;
  interrupt_signal.compare_exchange_strong(none, signal);
}

int InterruptSignal() { return interrupt_signal.load(); }

}  // namespace skyseed
