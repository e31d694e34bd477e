#include "analysis/perft.h"

#include <omp.h>

#include "absl/strings/str_cat.h"
#include "rules/cwda_fen.h"
#include "rules/fen.h"
#include "rules/uci.h"

namespace fairykit::analysis {

namespace {

template <class V>
absl::StatusOr<PerftResult> run_perft_impl(std::string_view fen, const PerftOptions& options) {
  absl::StatusOr<Setup> setup = setup_from_fen(fen, fen_dialect<V>());
  if (!setup.ok()) return setup.status();
  setup->amazon_promotes = options.amazon_promotes;
  Position<V> root_pos;
  StateInfo root_st;
  if (absl::Status s = root_pos.set(*setup, root_st); !s.ok()) return s;

  PerftResult result;
  const int depth = options.depth;
  if (depth <= 0) {
    result.nodes = 1;
    return result;
  }
  const MoveList moves = legal_moves(root_pos);
  if (!options.divide && (depth == 1 || options.threads <= 1)) {
    result.nodes = perft(root_pos, depth);
    return result;
  }
  // Split at the root: each root move is one task; each thread has its own position.
  std::vector<std::uint64_t> counts(moves.size(), 0);
  const int n = int(moves.size());
#pragma omp parallel num_threads(std::max(1, options.threads))
  {
    Position<V> pos;
    StateInfo st0;
    (void)pos.set(*setup, st0);  // already checked above
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < n; ++i) {
      StateInfo st;
      pos.do_move(moves[std::size_t(i)], st);
      counts[std::size_t(i)] = perft(pos, depth - 1);
      pos.undo_move(moves[std::size_t(i)]);
    }
  }
  for (int i = 0; i < n; ++i) {
    result.nodes += counts[std::size_t(i)];
    if (options.divide)
      result.divide.push_back({moves[std::size_t(i)], move_to_uci(root_pos, moves[std::size_t(i)]),
                               counts[std::size_t(i)]});
  }
  return result;
}

template <class V>
struct Checker {
  Position<V>& pos;
  std::vector<std::string> path;

  absl::Status check_node() {
    std::string why;
    if (!pos.is_consistent(&why)) return failure(why);
    return absl::OkStatus();
  }
  absl::Status failure(const std::string& why) {
    std::string p;
    for (auto& m : path) p += (p.empty() ? "" : " ") + m;
    return absl::InternalError(absl::StrCat(why, " after moves [", p, "] from ", to_fen(pos)));
  }
  absl::StatusOr<std::uint64_t> run(int depth) {
    if (absl::Status s = check_node(); !s.ok()) return s;
    if (depth == 0) return 1;
    const MoveList moves = legal_moves(pos);
    if (moves.size() != count_legal(pos)) return failure("counting and listing disagree");
    std::uint64_t nodes = 0;
    for (Move m : moves) {
      const Key before_key = pos.key();
      const std::string before = to_fen(pos);
      path.push_back(move_to_uci(pos, m));
      StateInfo st;
      pos.do_move(m, st);
      absl::StatusOr<std::uint64_t> sub = run(depth - 1);
      if (!sub.ok()) return sub.status();
      nodes += *sub;
      pos.undo_move(m);
      path.pop_back();
      if (pos.key() != before_key || to_fen(pos) != before)
        return failure("undo_move of " + move_to_uci(pos, m) + " did not restore the position");
    }
    return nodes;
  }
};

}  // namespace

absl::StatusOr<PerftResult> run_perft(VariantId variant, std::string_view fen,
                                      const PerftOptions& options) {
  // CwDA FENs may come in any dialect (vchess, xogo, pychess): convert to the native one.
  absl::StatusOr<std::string> native = std::string(fen);
  if (variant == VariantId::kCwda) native = cwda_to_native_fen(fen);
  if (!native.ok()) return native.status();
  fen = *native;
  return visit_variant(variant, [&]<class V>() { return run_perft_impl<V>(fen, options); });
}

absl::StatusOr<std::uint64_t> checked_perft(VariantId variant, std::string_view fen, int depth) {
  absl::StatusOr<std::string> native = std::string(fen);
  if (variant == VariantId::kCwda) native = cwda_to_native_fen(fen);
  if (!native.ok()) return native.status();
  fen = *native;
  return visit_variant(variant, [&]<class V>() -> absl::StatusOr<std::uint64_t> {
    Position<V> pos;
    StateInfo st;
    if (absl::Status s = set_from_fen(pos, fen, st); !s.ok()) return s;
    Checker<V> checker{pos, {}};
    return checker.run(depth);
  });
}

}  // namespace fairykit::analysis
