#include "common/narrator.h"

namespace skyseed {
namespace {

class NullMeter : public ProgressMeter {
 public:
  void Add(uint64_t, uint64_t, uint64_t) override {}
};

class Silent : public Narrator {
 public:
  void Say(const std::string&) override {}
  void Note(const std::string&) override {}
  std::unique_ptr<ProgressMeter> Progress(const std::string&, uint64_t, uint64_t) override {
    return std::make_unique<NullMeter>();
  }
};

}  // namespace

Narrator& SilentNarrator() {
  static Silent silent;
  return silent;
}

}  // namespace skyseed
