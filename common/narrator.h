// What long library work tells the user as it goes. Library code never
// prints: it hands each line to a Narrator, and app/ decides where lines go
// (results to stdout, notes to stderr, a progress line only on a terminal).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace skyseed {

// Counts rows and bytes of one long phase; drawing is the narrator's affair.
// Where rows differ in cost (a polygon's GiST key makes an ObsCore row far
// dearer to load than a source row), each carries its `work`, in the units of
// the phase's total work, and the time left is estimated from the work done.
class ProgressMeter {
 public:
  virtual ~ProgressMeter() = default;
  virtual void Add(uint64_t rows, uint64_t bytes, uint64_t work) = 0;  // thread-safe
  void Add(uint64_t rows, uint64_t bytes) { Add(rows, bytes, rows); }  // a row, a unit
};

class Narrator {
 public:
  virtual ~Narrator() = default;
  // A result the user asked for ("tier S reached: ...").
  virtual void Say(const std::string& line) = 0;
  // Something worth knowing on the way (a retry, an index built).
  virtual void Note(const std::string& line) = 0;
  // A meter for `phase` over total_rows (0: unknown) that cost total_work
  // (ProgressMeter); never null.
  virtual std::unique_ptr<ProgressMeter> Progress(const std::string& phase, uint64_t total_rows,
                                                  uint64_t total_work) = 0;
  std::unique_ptr<ProgressMeter> Progress(const std::string& phase, uint64_t total_rows) {
    return Progress(phase, total_rows, total_rows);
  }
};

// Tells nothing: for tests and for work nobody watches.
Narrator& SilentNarrator();

}  // namespace skyseed
