#include "analysis/statistics/wins.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/game_state.h"

namespace fairykit::analysis {
namespace {

// The AND-OR search of one engine type, for one winner. It works on the engine itself (no
// text, no dispatch per node) and allocates nothing per node: the move lists are kept per
// ply and reused (an Interweave list is a vector, which then keeps its capacity).
template <class G>
class Prover {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  Prover(G& g, Color winner, int max_plies, std::uint64_t node_limit)
      : g_(g), winner_(winner), node_limit_(node_limit), lists_(std::size_t(max_plies) + 1) {}

  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }

  // Whether winner_ wins within `plies` plies from the current position; the move lists of
  // `ply` and deeper are free. False once the node limit has stopped the search (only a
  // finished proof returns true).
  bool wins(int plies, int ply) {
    const GameState s = g_.state();
    if (s.over()) return s.decisive() && s.loser() != winner_;
    if (plies == 0) return false;
    MoveList& list = lists_[std::size_t(ply)];
    g_.generate_legal(list);
    if (list.size() == 0) return false;  // state() reports this as over; never a win here
    if (g_.side_to_move() != winner_) {
      for (const Move& m : list) {
        if (!enter(m)) return false;
        const bool lost = wins(plies - 1, ply + 1);
        g_.undo_move();
        if (!lost) return false;
      }
      return true;
    }
    // The winner tries the shorter wins first (1 ply, then 3, ...; 2, 4, ... for an even
    // budget): a quick refutation of a defence is usually short, and a win within fewer
    // plies is a win within `plies`, so the answer is the same, only found sooner.
    for (int depth = 2 - plies % 2; depth <= plies; depth += 2)
      if (first_win(list, depth, ply) >= 0) return true;
    return false;
  }

  // The index in `list` (the moves of the current position, the winner's, kept at `ply`)
  // of the first move after which winner_ wins within `plies` - 1 more plies; -1 when none
  // does or the search stopped.
  int first_win(const MoveList& list, int plies, int ply) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!enter(list[i])) return -1;
      const bool won = wins(plies - 1, ply + 1);
      g_.undo_move();
      if (won) return int(i);
      if (stopped_) return -1;
    }
    return -1;
  }

  // The winner's moves at the root, in lists_[0].
  const MoveList& root_moves() {
    g_.generate_legal(lists_[0]);
    return lists_[0];
  }

  // Fills result's line with the principal line of a win of exactly `plies` plies from the
  // current position (the winner to move, won within `plies` and not within fewer), whose
  // first move is root_moves()[first]. Each position on the line keeps its exact length: the
  // winner's move leads to a loss in exactly one ply less; the defender's first move that is
  // not lost within two plies less (every move is lost within one less) does too. Leaves the
  // position as it found it; stops (stopped() true) at the node limit.
  void line(int plies, int first, WinResult& result) {
    int played = 0;
    Move chosen = lists_[0][std::size_t(first)];
    for (int left = plies;;) {
      result.line_san.push_back(g_.to_san(chosen));
      result.line_uci.push_back(g_.to_uci(chosen));
      if (!enter(chosen)) break;
      ++played;
      if (--left == 0) break;
      MoveList& list = lists_[std::size_t(played)];
      g_.generate_legal(list);
      int index = -1;
      if (g_.side_to_move() == winner_) {
        index = first_win(list, left, played);
      } else if (left == 1) {
        index = 0;  // every move loses at once (the win is the defender's own last move)
      } else {
        for (std::size_t i = 0; i < list.size() && index < 0; ++i) {
          if (!enter(list[i])) break;
          const bool lost_sooner = wins(left - 2, played + 1);
          g_.undo_move();
          if (stopped_) break;
          if (!lost_sooner) index = int(i);
        }
      }
      if (index < 0) break;  // stopped (the exact lengths guarantee a move otherwise)
      chosen = list[std::size_t(index)];
    }
    for (; played > 0; --played) g_.undo_move();
  }

 private:
  // Makes m, counted; false (and m not made) when the node limit is reached.
  bool enter(const Move& m) {
    if (nodes_ >= node_limit_) {
      stopped_ = true;
      return false;
    }
    ++nodes_;
    g_.do_move(m);
    return true;
  }

  G& g_;
  const Color winner_;
  const std::uint64_t node_limit_;
  std::vector<MoveList> lists_;  // one per ply from the root
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

WinResult find_win(AnyGame& game, const WinSearchOptions& options) {
  const int max_plies = std::max(options.max_plies, 0);
  return game.visit([&]<class G>(G& g) {
    WinResult result;
    const Color us = g.side_to_move();
    const GameState s = g.state();
    if (s.over()) {
      if (s.decisive() && s.loser() != us) result.status = WinResult::kWin;
      return result;
    }
    Prover<G> prover(g, us, max_plies, options.node_limit);
    // The odd lengths in turn, the winner moving last. A win of even length 2k (the
    // defender losing on his own move) is looked for only once 2k + 1 wins, or at an even
    // horizon: a win within 2k is a win within 2k + 1, so where 2k + 1 does not win, 2k
    // does not either. The first length that wins is therefore the shortest. The root's
    // own moves are tried at that length only (the shorter ones were refuted already).
    const auto first_at = [&](int plies) {
      return prover.first_win(prover.root_moves(), plies, 0);
    };
    int plies = 1, first = -1;
    for (; plies <= max_plies; plies += 2) {
      first = first_at(plies);
      if (prover.stopped() || first >= 0) break;
    }
    if (!prover.stopped() && first >= 0 && plies > 1) {
      if (const int even = first_at(plies - 1); even >= 0) {
        first = even;
        --plies;
      }
    } else if (!prover.stopped() && first < 0 && max_plies % 2 == 0 && max_plies > 0) {
      plies = max_plies;
      first = first_at(plies);
    }
    // first indexes the root moves as root_moves() generated them last (the same order
    // every time).
    if (!prover.stopped() && first >= 0) {
      prover.line(plies, first, result);
      if (!prover.stopped()) {
        result.status = WinResult::kWin;
        result.plies = plies;
      }
    }
    if (prover.stopped()) {
      result.status = WinResult::kNodeLimit;
      result.line_san.clear();
      result.line_uci.clear();
    }
    result.nodes = prover.nodes();
    return result;
  });
}

LossResult loses_within(AnyGame& game, int plies, std::uint64_t node_limit) {
  plies = std::max(plies, 0);
  return game.visit([&]<class G>(G& g) {
    Prover<G> prover(g, ~g.side_to_move(), plies, node_limit);
    const bool lost = prover.wins(plies, 0);
    LossResult result;
    result.status = prover.stopped() ? LossResult::kNodeLimit
                    : lost           ? LossResult::kLost
                                     : LossResult::kNotLost;
    result.nodes = prover.nodes();
    return result;
  });
}

}  // namespace fairykit::analysis
