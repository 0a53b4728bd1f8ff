// Status and Result<T>: how every boundary (database, filesystem, user input)
// reports failure. Exceptions never cross a module boundary; the CLI turns a
// failed Status into one line on stderr and an exit code.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace skyseed {

class [[nodiscard]] Status {
 public:
  enum class Code {
    kOk,
    kInvalidArgument,
    kNotFound,
    kCorruption,
    kIoError,
    kDatabase,
    kMismatch,
    kUnavailable,  // the server went away or is restarting: a retry may succeed
  };

  Status() = default;
  static Status Ok() { return Status(); }
  static Status InvalidArgument(std::string m) {
    return Status(Code::kInvalidArgument, std::move(m));
  }
  static Status NotFound(std::string m) { return Status(Code::kNotFound, std::move(m)); }
  static Status Corruption(std::string m) { return Status(Code::kCorruption, std::move(m)); }
  static Status IoError(std::string m) { return Status(Code::kIoError, std::move(m)); }
  static Status Database(std::string m) { return Status(Code::kDatabase, std::move(m)); }
  static Status Mismatch(std::string m) { return Status(Code::kMismatch, std::move(m)); }
  static Status Unavailable(std::string m) { return Status(Code::kUnavailable, std::move(m)); }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  const std::string& message() const { return message_; }
  // Prefixes context ("loading chunk 3: ...") while keeping the code.
  Status Annotate(const std::string& context) const {
    return ok() ? *this : Status(code_, context + ": " + message_);
  }

 private:
  Status(Code c, std::string m) : code_(c), message_(std::move(m)) {}
  Code code_ = Code::kOk;
  std::string message_;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {}  // NOLINT
  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T value_or(T fallback) const { return ok() ? *value_ : std::move(fallback); }

 private:
  Status status_;
  std::optional<T> value_;
};

#define SKYSEED_RETURN_IF_ERROR(expr) \
  do {                                \
    ::skyseed::Status _st = (expr);   \
    if (!_st.ok()) return _st;        \
  } while (0)

// Declares (or assigns) `lhs` from the value of a Result, or returns its
// Status: SKYSEED_ASSIGN_OR_RETURN(TierSpec tier, FindTier(name));
#define SKYSEED_ASSIGN_OR_RETURN(lhs, expr) \
  SKYSEED_ASSIGN_OR_RETURN_IMPL(SKYSEED_STATUS_CONCAT(_result_, __LINE__), lhs, expr)
#define SKYSEED_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                                  \
  if (!tmp.ok()) return tmp.status();                 \
  lhs = std::move(*tmp)
#define SKYSEED_STATUS_CONCAT_INNER(a, b) a##b
#define SKYSEED_STATUS_CONCAT(a, b) SKYSEED_STATUS_CONCAT_INNER(a, b)

// Exit codes of the skyseed binary.
enum ExitCode { kExitOk = 0, kExitFailure = 1, kExitUsage = 2 };

// kExitUsage for bad input, kExitFailure for everything else.
int ExitCodeFor(const Status& s);

}  // namespace skyseed
