// A test fixture shared by the rules tests: a position set from a FEN, and its moves and
// notation as plain strings, so that expectations read as text.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/movegen.h"
#include "rules/notation/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"

namespace fairykit::testing {

template <class V = ChessVariant>
struct Board {
  StateInfo root;
  Position<V> pos;

  explicit Board(std::string_view fen) {
    absl::Status s = set_from_fen(pos, fen, root);
    EXPECT_TRUE(s.ok()) << fen << ": " << s;
  }
  // The legal move written `uci` (a test failure when there is none).
  Move Uci(std::string_view uci) const {
    absl::StatusOr<Move> m = move_from_uci(pos, uci);
    EXPECT_TRUE(m.ok()) << uci << ": " << m.status();
    return m.ok() ? *m : Move::none();
  }
  // The SAN of the move written `uci`.
  std::string San(std::string_view uci) const { return move_to_san(pos, Uci(uci)); }
  // The move that SAN text reads as, in UCI, or the error message.
  std::string ReadSan(std::string_view san) const {
    absl::StatusOr<Move> m = move_from_san(pos, san);
    if (!m.ok()) return std::string(m.status().message());
    return move_to_uci(pos, *m);
  }
  // The move that UCI text reads as, written back in UCI, or the error message.
  std::string ReadUci(std::string_view uci) const {
    absl::StatusOr<Move> m = move_from_uci(pos, uci);
    if (!m.ok()) return std::string(m.status().message());
    return move_to_uci(pos, *m);
  }
  // The legal moves (UCI, sorted, space-separated) that start on `from`.
  std::string MovesFrom(std::string_view from) const {
    std::string out;
    const std::string all = Moves() + " ";
    for (std::size_t i = 0; i < all.size();) {
      const std::size_t end = all.find(' ', i);
      const std::string m = all.substr(i, end - i);
      if (m.compare(0, from.size(), from) == 0) out += (out.empty() ? "" : " ") + m;
      i = end + 1;
    }
    return out;
  }
  // Every legal move in UCI, sorted, space-separated; checks the counting generator agrees.
  std::string Moves() const {
    std::vector<std::string> v;
    for (Move m : legal_moves(pos)) v.push_back(move_to_uci(pos, m));
    std::sort(v.begin(), v.end());
    EXPECT_EQ(v.size(), count_legal(pos)) << "the counting sink disagrees";
    std::string out;
    for (const std::string& m : v) out += (out.empty() ? "" : " ") + m;
    return out;
  }
};

}  // namespace fairykit::testing
