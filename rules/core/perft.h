// The perft kernel of the Position<V> family: the number of legal move sequences of
// `depth` plies, the leaves counted in bulk (the generator's counting sink). Interweave and
// Fluidity have their own (their perft() members); rules/game/game.h puts every variant behind
// one interface, and analysis/perft/perft.h splits the root across threads.
#pragma once

#include <cstdint>

#include "rules/core/movegen.h"
#include "rules/core/position.h"

namespace fairykit {

// The number of legal moves after m, the move made and taken back: by do_leaf() for the
// plain moves of variants without table-driven pieces, else by do_move() with `key`
// (key_after(m), or any value: nothing reads it).
template <class V>
std::uint64_t count_after(Position<V>& pos, Move m, StateInfo& st, Key key,
                          const CheckInfo<V>& ci) {
  std::uint64_t n;
  if constexpr (Position<V>::kTableDriven == 0) {
    if (m.kind() == NORMAL) {
      pos.do_leaf(m, st, ci);
      n = count_legal(pos);
      pos.undo_leaf(m);
      return n;
    }
  }
  pos.do_move(m, st, key, ci);
  n = count_legal(pos);
  pos.undo_move(m);
  return n;
}

template <class V>
std::uint64_t perft(Position<V>& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  MoveList<V> moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  StateInfo st;
  const CheckInfo<V> ci = pos.check_info();
  if (depth == 2) {
    for (Move m : moves) nodes += count_after(pos, m, st, 0, ci);
    return nodes;
  }
  for (Move m : moves) {
    pos.do_move(m, st, 0, ci);  // no key: nothing below reads it
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

}  // namespace fairykit
