// The perft kernel of the Position<V> family: the number of legal move sequences of
// `depth` plies, the leaves counted in bulk (the generator's counting sink). Interweave and
// Fluidity have their own (their perft() members); rules/game.h puts every variant behind
// one interface, and analysis/perft.h splits the root across threads.
#pragma once

#include <cstdint>

#include "rules/movegen.h"
#include "rules/position.h"

namespace fairykit {

template <class V>
std::uint64_t perft(Position<V>& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  MoveList<V> moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  StateInfo st;
  const CheckInfo<V> ci = pos.check_info();
  for (Move m : moves) {
    pos.do_move(m, st, 0, ci);  // no key: nothing below reads it
    nodes += depth == 2 ? count_legal(pos) : perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

}  // namespace fairykit
