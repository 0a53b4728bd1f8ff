// Parsers for numbers users type: seeds, counts and sizes. Each returns
// InvalidArgument with a one-line reason, never a silently clamped value.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"

namespace skyseed {

// Decimal integer in [0, 2^63 - 1] (it is stored in a bigint).
Result<uint64_t> ParseSeed(const std::string& text);
// An option's default as --help shows it and its parser reads it back
// ("60", "0.25"): option texts take their defaults from the typed options'
// own, so each default is written once.
std::string DefaultText(double v);
std::string DefaultText(const std::vector<int>& list);
// Decimal integer in [min, max]; `what` names the option in the error.
Result<uint64_t> ParseCount(const std::string& text, const char* what, uint64_t min, uint64_t max);
// "10GiB", "500MB", "1.5TiB", "4096" (bytes); binary (KiB..TiB) and decimal
// (kB..TB) units, case-insensitive; must be > 0 and < 2^62 bytes.
Result<uint64_t> ParseSize(const std::string& text);
// "10%", "10" (percent) or "2.5 %": a fraction in (0, max_percent / 100].
Result<double> ParsePercent(const std::string& text, const char* what, double max_percent = 1000);
// "2s", "500ms", "1.5 s" or "250" (milliseconds): milliseconds, > 0.
Result<double> ParseMilliseconds(const std::string& text, const char* what);
// "0.25", "2": CPUs, in [0.01, 1024] (a CFS quota's range here).
Result<double> ParseCpus(const std::string& text, const char* what);
// "K/N" with 1 <= K <= N <= 1024; returns {K - 1, N}.
Result<std::pair<int, int>> ParseShard(const std::string& text);

}  // namespace skyseed
