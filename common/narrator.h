// What long library work tells the user as it goes. Library code never
// prints: it hands each line to a Narrator, and app/ decides where lines go
// (results to stdout, notes to stderr, a progress line only on a terminal).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace skyseed {

// Counts rows and bytes of one long phase; drawing is the narrator's affair.
class ProgressMeter {
 public:
  virtual ~ProgressMeter() = default;
  virtual void Add(uint64_t rows, uint64_t bytes) = 0;  // thread-safe
};

class Narrator {
 public:
  virtual ~Narrator() = default;
  // A result the user asked for ("tier S reached: ...").
  virtual void Say(const std::string& line) = 0;
  // Something worth knowing on the way (a retry, an index built).
  virtual void Note(const std::string& line) = 0;
  // A meter for `phase` over total_rows (0: unknown); never null.
  virtual std::unique_ptr<ProgressMeter> Progress(const std::string& phase,
                                                  uint64_t total_rows) = 0;
};

// Tells nothing: for tests and for work nobody watches.
Narrator& SilentNarrator();

}  // namespace skyseed
