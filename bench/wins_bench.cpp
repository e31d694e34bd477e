// Speed of the exact forced-win search (analysis/statistics/wins.h). Not built by default:
// configure with -DFAIRYKIT_BUILD_BENCH=ON, then from the source tree
//
//   cmake --build build --target wins_bench && build/bin/wins_bench
//
// For each position below: find_win's status, length and node count (a fingerprint of the
// search: it must not change unless the search does), the best of five runs in ms of the
// thread's CPU time (WINS_BENCH_RUNS=n for n), and positions entered per second.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string_view>

#include "analysis/statistics/wins.h"
#include "rules/game/registry.h"

using namespace fairykit;

namespace {

double cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

struct Workload {
  std::string_view variant, fen;
  int max_plies;
};

// Wins of 5 plies (mates in 3, a King taken on the 5th ply) and, for the cost of a proof
// that nothing wins, start positions to 7 plies (Fluidity: 5).
constexpr Workload kWorkloads[] = {
    {"chess", "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 5},
    {"chess", "2k5/8/8/2K5/8/8/8/7R w - - 0 1", 5},
    {"chess", "startpos", 7},
    {"superchess", "4k3/8/8/4K3/8/8/8/E7 w - - 0 1", 5},
    {"cwda", "1k6/8/W2K4/8/3D4/8/8/8 w - - 0 1 CF", 5},
    {"interweave", "2K5/3Rp3/8/8/6k1/8/K7/k7 w 0 - 000000", 5},
    {"interweave", "startpos", 7},
    {"fluidity", "6K1/8/8/1k6/1n6/8/7R/2b1Q3 w - - 0 1", 5},
    {"fluidity", "startpos", 5},
};

}  // namespace

int main() {
  int runs = 5;
  if (const char* env = std::getenv("WINS_BENCH_RUNS")) runs = std::max(1, std::atoi(env));
  for (const Workload& w : kWorkloads) {
    absl::StatusOr<std::unique_ptr<AnyGame>> game =
        AnyGame::create(*find_variant(w.variant), w.fen);
    if (!game.ok()) {
      std::fprintf(stderr, "%s: %s\n", std::string(w.fen).c_str(),
                   std::string(game.status().message()).c_str());
      return 1;
    }
    analysis::WinResult result;
    double best = 1e300;
    for (int i = 0; i < runs; ++i) {
      const double t0 = cpu_ns();
      result = analysis::find_win(**game, {.max_plies = w.max_plies, .node_limit = ~0ULL});
      best = std::min(best, cpu_ns() - t0);
    }
    static constexpr const char* kStatus[] = {"no win", "win", "node limit"};
    std::printf("%-10s %-62s %-10s plies %d  nodes %9llu  %8.2f ms  %6.2f M nodes/s\n",
                std::string(w.variant).c_str(), std::string(w.fen).c_str(), kStatus[result.status],
                result.plies, static_cast<unsigned long long>(result.nodes), best / 1e6,
                double(result.nodes) / best * 1e3);
  }
  return 0;
}
