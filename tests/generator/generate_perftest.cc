// Benchmark (not a test): rows/s per table for generation + binary COPY
// encoding (+ the row hash, as grow does), on 1 thread and on N threads.
//   build/tests/generate_perftest [rows_obscore] [rows_source] [threads]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "generator/corpus_tables.h"

using namespace skyseed;

namespace {

double RowsPerSecond(const TableDef& t, uint64_t rows, int threads) {
  const uint64_t chunk = 50'000;
  std::vector<std::thread> pool;
  // Steady state, as in grow: a worker's buffer is grown and touched once.
  std::vector<std::unique_ptr<ByteBuffer>> buffers;
  for (int w = 0; w < threads; ++w) {
    buffers.push_back(std::make_unique<ByteBuffer>());
    std::memset(buffers.back()->Grow(64u << 20), 0, 64u << 20);
  }
  const auto start = std::chrono::steady_clock::now();
  for (int w = 0; w < threads; ++w) {
    pool.emplace_back([&, w] {
      ByteBuffer& buf = *buffers[w];
      TableDigest d;
      for (uint64_t first = w * chunk; first < rows; first += threads * chunk) {
        buf.clear();
        t.encode(1, {first, std::min(chunk, rows - first)}, &buf, &d);
      }
    });
  }
  for (auto& th : pool) th.join();
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return rows / secs;
}

}  // namespace

int main(int argc, char** argv) {
  const uint64_t obs_rows = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2'000'000;
  const uint64_t src_rows = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 8'000'000;
  const int threads =
      argc > 3 ? std::atoi(argv[3]) : static_cast<int>(std::thread::hardware_concurrency());
  std::printf("%-18s %14s %14s %10s\n", "table", "1 thread", "threads", "scaling");
  for (const TableDef& t : CorpusTables()) {
    const uint64_t rows = t.id == 1 ? obs_rows : src_rows;
    const double one = RowsPerSecond(t, rows, 1);
    const double many = RowsPerSecond(t, rows, threads);
    std::printf("%-18s %11.0f/s %11.0f/s %9.2fx  (%d threads, %llu rows, encode + row hash)\n",
                t.standard_name().c_str(), one, many, many / one, threads,
                static_cast<unsigned long long>(rows));
  }
  return 0;
}
