// Fluidity perft bench (rules/fluidity/position.h): perft of the start position and of the oracle
// positions, with nodes and Mnodes/s. The total node count is a behaviour fingerprint. Not
// built by default: configure with -DFAIRYKIT_BUILD_BENCH=ON, then
//
//   cmake -S . -B build -DFAIRYKIT_BUILD_BENCH=ON && cmake --build build --target fluidity_bench
//   build/bin/fluidity_bench [depth [fen]]     (default: depth 5, the start position)
//
// Self-computed fingerprints of the start position: perft 5 = 171517300, perft 6 = 7652391310.
// Compare with fairykit's chess speed: build/bin/fairy-perft --fen startpos --depth 6.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "rules/fluidity/position.h"

int main(int argc, char** argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : 5;
  const std::string fen = argc > 2 ? argv[2] : std::string(fairykit::fluidity::Position::kStartFen);
  fairykit::fluidity::Position pos;
  if (const absl::Status s = pos.set_fen(fen); !s.ok()) {
    std::fprintf(stderr, "%s\n", std::string(s.message()).c_str());
    return 1;
  }
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t nodes = pos.perft(depth);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("perft %d: %llu nodes, %.3f s, %.1f Mnodes/s\n", depth,
              static_cast<unsigned long long>(nodes), seconds, double(nodes) / seconds / 1e6);
  return 0;
}
