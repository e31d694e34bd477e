#include "analysis/perft.h"

#include <omp.h>

#include "absl/strings/str_cat.h"
#include "rules/any_game.h"

namespace fairykit::analysis {

namespace {

// The game of `variant` at `fen`, for one thread.
absl::StatusOr<std::unique_ptr<AnyGame>> create_game(VariantId variant, std::string_view fen,
                                                     const PerftOptions& options) {
  return AnyGame::create(variant_info(variant), fen, options.variant_options);
}

template <class G>
PerftResult perft_from(G& root, VariantId variant, std::string_view fen,
                       const PerftOptions& options) {
  PerftResult result;
  result.warnings = root.fen_warnings();
  const int depth = options.depth;
  if (depth <= 0) {
    result.nodes = 1;
    return result;
  }
  if (!options.divide && (depth == 1 || options.threads <= 1)) {
    result.nodes = root.perft(depth);
    return result;
  }
  typename G::MoveList moves;
  root.generate_legal(moves);
  // Split at the root: each root move is one task; each thread has its own game.
  std::vector<std::uint64_t> counts(moves.size(), 0);
  const int n = int(moves.size());
#pragma omp parallel num_threads(std::max(1, options.threads))
  {
    std::unique_ptr<AnyGame> mine = *create_game(variant, fen, options);  // checked above
    G& g = mine->engine<G>();
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < n; ++i) {
      g.do_move(moves[std::size_t(i)]);
      counts[std::size_t(i)] = g.perft(depth - 1);
      g.undo_move();
    }
  }
  for (int i = 0; i < n; ++i) {
    result.nodes += counts[std::size_t(i)];
    if (options.divide)
      result.divide.push_back({root.to_uci(moves[std::size_t(i)]), counts[std::size_t(i)]});
  }
  return result;
}

template <class G>
struct Checker {
  G& g;
  std::vector<std::string> path;

  absl::Status check_node() {
    std::string why;
    if (!g.is_consistent(&why)) return failure(why);
    return absl::OkStatus();
  }
  absl::Status failure(const std::string& why) {
    std::string p;
    for (auto& m : path) p += (p.empty() ? "" : " ") + m;
    return absl::InternalError(absl::StrCat(why, " after moves [", p, "] from ", g.fen()));
  }
  absl::StatusOr<std::uint64_t> run(int depth) {
    if (absl::Status s = check_node(); !s.ok()) return s;
    if (depth == 0) return 1;
    typename G::MoveList moves;
    g.generate_legal(moves);
    if (moves.size() != g.count_legal()) return failure("counting and listing disagree");
    std::uint64_t nodes = 0;
    for (const auto& m : moves) {
      const Key before_key = g.key();
      const std::string before = g.fen();
      const std::string uci = g.to_uci(m);
      path.push_back(uci);
      g.do_move(m);
      absl::StatusOr<std::uint64_t> sub = run(depth - 1);
      if (!sub.ok()) return sub.status();
      nodes += *sub;
      g.undo_move();
      path.pop_back();
      if (g.key() != before_key || g.fen() != before)
        return failure("undo_move of " + uci + " did not restore the position");
    }
    return nodes;
  }
};

}  // namespace

absl::StatusOr<PerftResult> run_perft(VariantId variant, std::string_view fen,
                                      const PerftOptions& options) {
  absl::StatusOr<std::unique_ptr<AnyGame>> root = create_game(variant, fen, options);
  if (!root.ok()) return root.status();
  return (*root)->visit([&]<class G>(G& g) { return perft_from(g, variant, fen, options); });
}

absl::StatusOr<std::uint64_t> checked_perft(VariantId variant, std::string_view fen, int depth) {
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(variant_info(variant), fen);
  if (!game.ok()) return game.status();
  return (*game)->visit([&]<class G>(G& g) -> absl::StatusOr<std::uint64_t> {
    Checker<G> checker{g, {}};
    return checker.run(depth);
  });
}

}  // namespace fairykit::analysis
