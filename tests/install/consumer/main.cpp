// Perft 3 of every variant's start position through an installed fairykit's public API:
// once move by move through the game facade (fairykit::rules), once split over two OpenMP
// threads (fairykit::analysis). Prints "VARIANT NODES" per variant; the two counts must agree.
#include <cstdint>
#include <iostream>
#include <memory>

#include "absl/status/statusor.h"
#include "analysis/perft/perft.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

int main() {
  int failures = 0;
  for (const fairykit::VariantInfo& variant : fairykit::all_variants()) {
    absl::StatusOr<std::unique_ptr<fairykit::AnyGame>> game = fairykit::AnyGame::create(variant);
    absl::StatusOr<fairykit::analysis::PerftResult> split =
        fairykit::analysis::run_perft(variant.id, "startpos", {.depth = 3, .threads = 2});
    if (!game.ok() || !split.ok()) {
      std::cerr << variant.name << ": " << (game.ok() ? split.status() : game.status()) << '\n';
      ++failures;
      continue;
    }
    const std::uint64_t nodes = (*game)->perft(3);
    if (split->nodes != nodes) {
      std::cerr << variant.name << ": " << nodes << " through the facade, " << split->nodes
                << " split over threads\n";
      ++failures;
    }
    std::cout << variant.name << ' ' << nodes << '\n';
  }
  return failures == 0 ? 0 : 1;
}
