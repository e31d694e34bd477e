#include "analysis/perft/perft.h"

#include <omp.h>

#include <algorithm>
#include <cstdlib>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "absl/strings/str_cat.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

namespace {

// The game of `variant` at `fen`, for one thread.
absl::StatusOr<std::unique_ptr<AnyGame>> create_game(VariantId variant, std::string_view fen,
                                                     const PerftOptions& options) {
  return AnyGame::create(variant_info(variant), fen, options.variant_options);
}

// The table salt of a run: the variant and the options that change the rules.
Key salt_of(VariantId variant, const PerftOptions& options) {
  return table_salt(int(variant), options.variant_options.amazon_promotes,
                    options.variant_options.armies);
}

// The count below one root move (the move played on `g`, taken back by the caller).
template <class G>
std::uint64_t subtree(G& g, int depth, const PerftOptions& options, Key salt,
                      PerftTable::Stats& stats) {
  if (options.table) return hashed_perft(g, depth, *options.table, salt, stats);
  return g.perft(depth);
}

template <class G>
PerftResult perft_from(G& root, VariantId variant, std::string_view fen,
                       const PerftOptions& options) {
  PerftResult result;
  result.warnings = root.fen_warnings();
  const int depth = options.depth;
  if (depth <= 0) {  // one node, in share 0
    result.nodes = options.part == 0 || options.parts <= 1 ? 1 : 0;
    result.total = result.nodes;
    return result;
  }
  const int parts = std::max(1, options.parts);
  const bool divide = options.divide || parts > 1;
  if (parts > 1 && options.part != 0 && depth == 1) {  // share 0 has every move
    typename G::MoveList moves;
    root.generate_legal(moves);
    for (const auto& m : moves) result.divide.push_back({root.to_uci(m), 0});
    return result;
  }
  if (!divide && (depth == 1 || (options.threads <= 1 && !options.table))) {
    result.nodes = root.perft(depth);
    result.total = result.nodes;
    return result;
  }
  const Key salt = salt_of(variant, options);
  typename G::MoveList moves;
  root.generate_legal(moves);
  // Split over threads: each thread has its own game; its tasks are root moves (depth 2)
  // or pairs of root move and reply (depth 3 and more).
  std::vector<std::uint64_t> counts(moves.size(), 0);
  const int n = int(moves.size());
  const int threads = std::max(1, options.threads);
  if (threads == 1 && parts == 1) {  // the root game itself: no copy to set up
    PerftTable::Stats stats;
    for (int i = 0; i < n; ++i) {
      root.do_move(moves[std::size_t(i)]);
      counts[std::size_t(i)] = subtree(root, depth - 1, options, salt, stats);
      root.undo_move();
    }
    if (options.table) options.table->add(stats);
  } else {
    // From depth 3 on, the split is two plies deep: one task per (root move, reply), so
    // that the threads stay busy to the end (a split at the root leaves one thread alone
    // on the last large subtree, more so with a table, where later subtrees are cheaper,
    // and has nothing to share when there is one legal move). A root move without
    // replies has no task and counts 0.
    using Move = typename G::Move;
    const bool two_plies = depth >= 3;
    std::vector<Move> replies;   // every reply of every root move, in order
    std::vector<int> task_root;  // per task: its root move
    if (two_plies) {
      typename G::MoveList list;
      for (int i = 0; i < n; ++i) {
        root.do_move(moves[std::size_t(i)]);
        root.generate_legal(list);
        for (const Move& r : list) {
          replies.push_back(r);
          task_root.push_back(i);
        }
        root.undo_move();
      }
    } else {
      for (int i = 0; i < n; ++i) task_root.push_back(i);
    }
    // This process's share: every parts-th task, from `part` on.
    if (parts > 1 && depth >= 2) {  // (at depth 1 share 0 has every move)
      std::size_t kept = 0;
      for (std::size_t t = std::size_t(options.part); t < task_root.size();
           t += std::size_t(parts)) {
        task_root[kept] = task_root[t];
        if (two_plies) replies[kept] = replies[t];
        ++kept;
      }
      task_root.resize(kept);
      if (two_plies) replies.erase(replies.begin() + std::ptrdiff_t(kept), replies.end());
    }
    const int tasks = int(task_root.size());
    std::vector<std::uint64_t> task_counts(task_root.size(), 0);
#pragma omp parallel num_threads(threads)
    {
      std::unique_ptr<AnyGame> mine = *create_game(variant, fen, options);  // checked above
      G& g = mine->engine<G>();
      PerftTable::Stats stats;
#pragma omp for schedule(dynamic, 1)
      for (int t = 0; t < tasks; ++t) {
        g.do_move(moves[std::size_t(task_root[std::size_t(t)])]);
        if (two_plies) g.do_move(replies[std::size_t(t)]);
        task_counts[std::size_t(t)] = subtree(g, depth - 1 - int(two_plies), options, salt, stats);
        if (two_plies) g.undo_move();
        g.undo_move();
      }
      if (options.table) options.table->add(stats);
    }
    for (int t = 0; t < tasks; ++t)
      counts[std::size_t(task_root[std::size_t(t)])] += task_counts[std::size_t(t)];
  }
  for (int i = 0; i < n; ++i) {
    result.total += counts[std::size_t(i)];
    if (divide)
      result.divide.push_back({root.to_uci(moves[std::size_t(i)]), counts[std::size_t(i)]});
  }
  result.nodes = result.total > ~std::uint64_t{0} ? ~std::uint64_t{0} : std::uint64_t(result.total);
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

void PerftTable::populate(int threads) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  if (!mapped_) return;
  const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
  char* const begin = reinterpret_cast<char*>(table_);
  const std::size_t bytes = buckets_ * kBucketBytes / page * page;
  const int parts = std::max(1, threads);
  const std::size_t share = (bytes / std::size_t(parts) + page - 1) / page * page;
  // Every thread allocates first. glibc maps a malloc arena for a thread at its first
  // allocation, and that mapping waits for the write lock of the address space, which a
  // populate holds for reading all along: under LLVM's OpenMP runtime, whose threads
  // allocate as they start their first loop, the two populates ran one after the other.
#pragma omp parallel num_threads(parts)
  {
    void* volatile warm = std::malloc(64);
    std::free(warm);
  }
#pragma omp parallel for num_threads(parts) schedule(static, 1)
  for (int i = 0; i < parts; ++i) {
    const std::size_t from = std::size_t(i) * share;
    if (from < bytes)  // a hint: where refused, the pages come at their first touch
      madvise(begin + from, std::min(share, bytes - from), MADV_POPULATE_WRITE);
  }
#else
  (void)threads;
#endif
}

std::string count_text(Count128 n) {
  char digits[40];
  int i = 40;
  do {
    digits[--i] = char('0' + int(n % 10));
    n /= 10;
  } while (n != 0);
  return std::string(digits + i, digits + 40);
}

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
