// Interweave perft speed (whole turns per second). Not built by default: configure with
// -DFAIRYKIT_BUILD_BENCH=ON, then
//
//   cmake -S . -B build -DFAIRYKIT_BUILD_BENCH=ON && cmake --build build --target interweave_bench
//   build/bin/interweave_bench [depth [runs [fen]]]  (default: the start position, depth 5,
//                                                    5 runs)
//
// Prints the node count (a behaviour fingerprint: 19982456 at depth 5 from the start) and,
// per run, the thread's CPU time and turns per second; then the median.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "rules/interweave/position.h"

namespace {

double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : 5;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::string fen =
      argc > 3 ? argv[3] : std::string(fairykit::interweave::Position::kStartFen);
  fairykit::interweave::Position pos;
  if (absl::Status s = pos.set_fen(fen); !s.ok()) {
    std::fprintf(stderr, "%s\n", std::string(s.message()).c_str());
    return 2;
  }
  std::vector<double> rates;
  for (int r = 0; r < runs; ++r) {
    const double t0 = cpu_seconds();
    const std::uint64_t nodes = pos.perft(depth);
    const double t = cpu_seconds() - t0;
    rates.push_back(double(nodes) / t);
    std::printf("run %d: %llu turns in %.3f s, %.1f M turns/s\n", r + 1,
                static_cast<unsigned long long>(nodes), t, double(nodes) / t / 1e6);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("median: %.1f M turns/s\n", rates[rates.size() / 2] / 1e6);
  return 0;
}
