// Exact move lists for the rules that perft counts could hide: each test breaks when its
// rule breaks.
#include "rules/core/movegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/perft.h"
#include "rules/notation/fen.h"
#include "rules/notation/uci.h"
#include "tests/rules/board.h"

namespace fairykit {
namespace {

template <class V = ChessVariant>
std::string moves_of(const std::string& fen) {
  return testing::Board<V>(fen).Moves();
}

TEST(MoveGen, StartPosition) {
  EXPECT_EQ(moves_of(std::string(ChessVariant::kStartFen)),
            "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 "
            "g2g3 g2g4 h2h3 h2h4");
}

TEST(MoveGen, EnPassantHorizontalPin) {
  // exd6 would leave both pawns' rank open between the black rook and the white king.
  EXPECT_EQ(moves_of("8/8/8/r2pP2K/8/8/8/k7 w - d6 0 1"), "e5e6 h5g4 h5g5 h5g6 h5h4 h5h6");
  // Without the rook the capture is legal.
  EXPECT_EQ(moves_of("8/8/8/3pP2K/8/8/8/k7 w - d6 0 1"), "e5d6 e5e6 h5g4 h5g5 h5g6 h5h4 h5h6");
}

TEST(MoveGen, EnPassantAnswersAPawnCheck) {
  // d7-d5+ checks the king on e4; exd6 removes the checker, Kxd5 too.
  EXPECT_EQ(moves_of("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1"),
            "e4d3 e4d4 e4d5 e4e3 e4f3 e4f4 e4f5 e5d6");
}

TEST(MoveGen, EnPassantDiagonalPin) {
  // The e5 pawn is pinned by the bishop on h8 to the king on a1: neither the capture nor
  // the push may leave the long diagonal.
  EXPECT_EQ(moves_of("7b/8/8/3pP3/8/8/8/K6k w - d6 0 1"), "a1a2 a1b1 a1b2");
}

TEST(MoveGen, CastlingNotThroughCheck) {
  // The rook on f8 covers f1: no king-side castling; queen side is free.
  EXPECT_EQ(moves_of("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1").find("e1h1"), std::string::npos);
  const std::string m = moves_of("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_NE(m.find("e1c1"), std::string::npos);
  EXPECT_EQ(m.find("e1g1"), std::string::npos);
  // b1 may be attacked on the queen side: only the king's path counts.
  EXPECT_NE(moves_of("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1").find("e1c1"), std::string::npos);
  // Never out of check.
  EXPECT_EQ(moves_of("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1").find("e1c1"), std::string::npos);
}

// The move list holds every position the set-up accepts: its capacity
// kMaxMoves<V> is proven in rules/core/movegen.h; here are positions near what is reachable.
TEST(MoveGen, MoveListHoldsTheMostMobilePositions) {
  // The most moves known in a legal chess position.
  testing::Board<ChessVariant> record("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
  EXPECT_EQ(legal_moves(record.pos).size(), 218u);
  EXPECT_EQ(count_legal(record.pos), 218u);
  EXPECT_LE(218, kMaxMoves<ChessVariant>);
  // Fifteen Amazons, the most mobile Superchess position a local search found within 16
  // pieces a side: more than the 256 moves the list held before (a crash). Every move of it
  // mates or stalemates.
  testing::Board<SuperchessVariant> amazons("A5A1/3AA3/A6A/A6A/A1AA1A2/4A3/5A2/1k2K1A1 w - - 0 1");
  EXPECT_EQ(legal_moves(amazons.pos).size(), 271u);
  EXPECT_EQ(count_legal(amazons.pos), 271u);
  EXPECT_LE(271, kMaxMoves<SuperchessVariant>);
}

#ifndef NDEBUG
// Debug builds check the bound on every push (release builds pay nothing for it).
TEST(MoveGenDeathTest, PushPastTheBoundAssertsInDebugBuilds) {
  EXPECT_DEATH(
      {
        MoveList<ChessVariant> list;
        for (int i = 0; i <= kMaxMoves<ChessVariant>; ++i) list.add(Move(SQ_A1, SQ_A2));
      },
      "kMaxMoves");
}
#endif

TEST(MoveGen, PromotionsToFourPieces) {
  EXPECT_EQ(moves_of("1n5k/P7/8/8/8/8/8/K7 w - - 0 1"),
            "a1a2 a1b1 a1b2 a7a8b a7a8n a7a8q a7a8r a7b8b a7b8n a7b8q a7b8r");
}

TEST(MoveGen, DoubleCheckOnlyKingMoves) {
  // Rook h1 and knight f3 both check: d1 and f1 stay on the rook's rank, d2 is the
  // knight's; castling and the a1 rook are out.
  EXPECT_EQ(moves_of("4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1"), "e1e2 e1f2");
}

TEST(MoveGen, PinnedPieceMovesAlongThePin) {
  // The bishop on d2 is pinned by the bishop on a5 and may move only on a5-e1.
  EXPECT_EQ(moves_of("7k/8/8/b7/8/8/3B4/4K3 w - - 0 1"), "d2a5 d2b4 d2c3 e1d1 e1e2 e1f1 e1f2");
  // A pinned knight never moves.
  EXPECT_EQ(moves_of("7k/8/8/b7/8/8/3N4/4K3 w - - 0 1"), "e1d1 e1e2 e1f1 e1f2");
}

TEST(MoveGen, Chess960CastlingRookShieldsTheKing) {
  // King e1, castling rook b1, black rook a1: the white rook shields the king's path now,
  // but castling moves it to d1 and leaves c1 (the king's destination) attacked.
  const std::string m = moves_of<Chess960Variant>("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1");
  EXPECT_EQ(m.find("e1b1"), std::string::npos) << m;
  // With the black rook gone, castling is legal: king to c1, rook to d1, written e1b1.
  EXPECT_NE(moves_of<Chess960Variant>("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1").find("e1b1"),
            std::string::npos);
}

TEST(MoveGen, Chess960CastlingWhereTheKingStays) {
  // King g1 and rook h1: king-side castling leaves the king on g1 and puts the rook on f1.
  Position<Chess960Variant> pos;
  StateInfo st, st2;
  ASSERT_TRUE(set_from_fen(pos, "6k1/8/8/8/8/8/8/6KR w H - 0 1", st).ok());
  absl::StatusOr<Move> m = move_from_uci(pos, "g1h1");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->kind(), CASTLING);
  pos.do_move(*m, st2);
  EXPECT_EQ(to_fen(pos), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
  pos.undo_move(*m);
  EXPECT_EQ(to_fen(pos), "6k1/8/8/8/8/8/8/6KR w K - 0 1");  // X-FEN: the outer rook is K
}

TEST(MoveGen, StandardCastlingUciIsTheKingsMove) {
  Position<ChessVariant> pos;
  StateInfo st, st2;
  ASSERT_TRUE(set_from_fen(pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", st).ok());
  absl::StatusOr<Move> m = move_from_uci(pos, "e1g1");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(move_to_uci(pos, *m), "e1g1");
  pos.do_move(*m, st2);
  EXPECT_EQ(to_fen(pos), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(pos.key(), pos.compute_key());
}

TEST(MakeMove, RookCaptureRemovesTheRightAndTheKey) {
  Position<ChessVariant> pos;
  StateInfo st, st2;
  ASSERT_TRUE(set_from_fen(pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", st).ok());
  const Key before = pos.key();
  absl::StatusOr<Move> m = move_from_uci(pos, "a1a8");
  ASSERT_TRUE(m.ok());
  pos.do_move(*m, st2);
  EXPECT_EQ(to_fen(pos), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_move(*m);
  EXPECT_EQ(pos.key(), before);
  EXPECT_EQ(to_fen(pos), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST(MakeMove, TranspositionsHaveEqualKeys) {
  auto key_after = [](std::vector<std::string> moves) {
    Position<ChessVariant> pos;
    std::vector<StateInfo> st(moves.size() + 1);
    EXPECT_TRUE(set_from_fen(pos, std::string(ChessVariant::kStartFen), st[0]).ok());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      absl::StatusOr<Move> m = move_from_uci(pos, moves[i]);
      EXPECT_TRUE(m.ok()) << moves[i];
      pos.do_move(*m, st[i + 1]);
    }
    return pos.key();
  };
  EXPECT_EQ(key_after({"g1f3", "g8f6", "b1c3"}), key_after({"b1c3", "g8f6", "g1f3"}));
  EXPECT_NE(key_after({"g1f3", "g8f6"}), key_after({"g1f3", "b8c6"}));
  // A double step that allows en passant differs from one that does not.
  EXPECT_NE(key_after({"e2e4", "a7a6", "e4e5", "d7d5"}),
            key_after({"e2e4", "d7d6", "e4e5", "a7a6", "g1f3", "d6d5", "f3g1"}));
}

// The position after `moves` (UCI) from `fen`: its FEN and key, and key_after's prediction
// of the last move's key.
template <class V = ChessVariant>
struct Played {
  std::string fen;
  Key key = 0, predicted = 0;
};
template <class V = ChessVariant>
Played<V> play(std::string_view fen, std::vector<std::string> moves) {
  Position<V> pos;
  std::vector<StateInfo> st(moves.size() + 1);
  EXPECT_TRUE(set_from_fen(pos, fen, st[0]).ok()) << fen;
  Played<V> out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    absl::StatusOr<Move> m = move_from_uci(pos, moves[i]);
    EXPECT_TRUE(m.ok()) << moves[i];
    if (!m.ok()) return out;
    out.predicted = pos.key_after(*m);
    pos.do_move(*m, st[i + 1]);
  }
  std::string why;
  EXPECT_TRUE(pos.is_consistent(&why)) << why;
  out.fen = to_fen(pos);
  out.key = pos.key();
  return out;
}

TEST(MakeMove, EnPassantSquareOnlyWhenACaptureIsLegal) {
  // After f2-f4 the e4 pawn may not take en passant: it would open the fourth rank between
  // the rook on h4 and the king on a4. The position is the one without the double step
  // (FIDE 9.2.3: the same moves are possible), so it has its FEN and its key.
  const Played<> pinned = play("8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1", {"f2f4"});
  EXPECT_EQ(pinned.fen, "8/8/8/8/k3pP1R/8/8/4K3 b - - 0 1");
  EXPECT_EQ(pinned.predicted, pinned.key);
  EXPECT_EQ(pinned.key, play("8/8/8/8/k3pP1R/8/8/4K3 b - - 0 1", {}).key);
  // The same from a FEN that names the square (the PGN standard writes it after every
  // double step): read, then dropped.
  EXPECT_EQ(play("8/8/8/8/k3pP1R/8/8/4K3 b - f3 0 1", {}).fen, "8/8/8/8/k3pP1R/8/8/4K3 b - - 0 1");
  // Reached by other moves: the same key (a repetition).
  const Played<> around =
      play("8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1", {"f2f4", "a4a5", "e1e2", "a5a4", "e2e1"});
  EXPECT_EQ(around.key, pinned.key);
  EXPECT_EQ(around.fen, "8/8/8/8/k3pP1R/8/8/4K3 b - - 4 3");
  // Without the rook the capture is legal: the square is written and keyed.
  const Played<> free = play("8/8/8/8/k3p3/8/5P2/4K3 w - - 0 1", {"f2f4"});
  EXPECT_EQ(free.fen, "8/8/8/8/k3pP2/8/8/4K3 b - f3 0 1");
  EXPECT_EQ(free.predicted, free.key);
  EXPECT_NE(free.key, play("8/8/8/8/k3pP2/8/8/4K3 b - - 0 1", {}).key);
  // A capture that leaves a check standing: e2-e4 uncovers the bishop on d1 against the
  // king on h5, and fxe3 does not block it.
  EXPECT_EQ(play("8/8/8/7k/5p2/8/4P3/K2B4 w - - 0 1", {"e2e4"}).fen,
            "8/8/8/7k/4Pp2/8/8/K2B4 b - - 0 1");
  // Two capturers: the f4 pawn is pinned on the diagonal h2-d6, the d4 pawn is free.
  EXPECT_EQ(play("K7/8/3B4/8/3p1p2/8/4P2k/8 w - - 0 1", {"e2e4"}).fen,
            "K7/8/3B4/8/3pPp2/8/7k/8 b - e3 0 1");
  EXPECT_EQ(play("K7/8/3B4/8/5p2/8/4P2k/8 w - - 0 1", {"e2e4"}).fen,
            "K7/8/3B4/8/4Pp2/8/7k/8 b - - 0 1");
  // The capture that takes the pawn giving check.
  EXPECT_EQ(play("8/8/8/5k2/3p4/8/4P3/K7 w - - 0 1", {"e2e4"}).fen,
            "8/8/8/5k2/3pP3/8/8/K7 b - e3 0 1");
}

// Every move of the tree below `pos` to `depth`: key_after(m) is the key do_move(m) gives,
// keys_after() gives key_after(m) ^ salt for all the moves of a node at once, and do_move
// with the position's check_info() finds the same checkers as without (the
// position is consistent: every bitboard, the key and the checkers recomputed); the leaf
// make of perft (do_leaf, count_after) counts the same replies. Returns the number of moves
// compared.
template <class V>
int compare_key_after(Position<V>& pos, int depth) {
  if (depth == 0) return 0;
  int compared = 0;
  StateInfo st;
  const CheckInfo<V> ci = pos.check_info();
  const MoveList<V> moves = legal_moves(pos);
  {
    constexpr Key kSalt = 0x9e3779b97f4a7c15;
    Key keys[MoveList<V>::kCapacity];
    pos.keys_after(moves.begin(), moves.size(), kSalt, keys);
    for (std::size_t i = 0; i < moves.size(); ++i)
      EXPECT_EQ(keys[i], pos.key_after(moves[i]) ^ kSalt)
          << move_to_uci(pos, moves[i]) << " in " << to_fen(pos);
  }
  for (Move m : moves) {
    const Key predicted = pos.key_after(m);
    const std::string uci = move_to_uci(pos, m);
    pos.do_move(m, st, predicted, ci);
    std::string why;
    EXPECT_TRUE(pos.is_consistent(&why)) << why << " after " << uci << " in " << to_fen(pos);
    const Bitboard checkers = pos.checkers();
    pos.undo_move(m);
    pos.do_move(m, st);
    EXPECT_EQ(predicted, pos.key()) << uci << " in " << to_fen(pos);
    EXPECT_EQ(checkers, pos.checkers()) << uci << " in " << to_fen(pos);
    const std::uint64_t replies = count_legal(pos);
    EXPECT_EQ(has_legal_move(pos), replies != 0) << uci << " in " << to_fen(pos);
    compared += 1 + compare_key_after(pos, depth - 1);
    pos.undo_move(m);
    // The leaf make of perft: the same replies and checkers, everything as it was after.
    if constexpr (Position<V>::kTableDriven == 0) {
      if (m.kind() == NORMAL) {
        const Key before = pos.key();
        pos.do_leaf(m, st, ci);
        EXPECT_EQ(count_legal(pos), replies) << uci << " in " << to_fen(pos);
        EXPECT_EQ(pos.checkers(), checkers) << uci;
        pos.undo_leaf(m);
        EXPECT_TRUE(pos.is_consistent(&why)) << why << " after undo_leaf " << uci;
        EXPECT_EQ(pos.key(), before) << uci;
      }
    }
    EXPECT_EQ(count_after(pos, m, st, predicted, ci), replies) << uci << " in " << to_fen(pos);
  }
  return compared;
}

template <class V>
int compare_key_after(std::string_view fen, int depth) {
  testing::Board<V> b(fen);
  return compare_key_after(b.pos, depth);
}

TEST(MakeMove, KeyAfterAndCheckInfoAgreeWithTheMadeMove) {
  // Castling, captures of castling rooks, en passant (possible and not), promotions and
  // under-promotions with captures, checks direct and discovered, in every variant of the
  // Position<V> family.
  EXPECT_GT(compare_key_after<ChessVariant>(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
            90000);
  EXPECT_GT(compare_key_after<ChessVariant>(
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
            9000);
  EXPECT_GT(compare_key_after<ChessVariant>("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5), 40000);
  EXPECT_GT(compare_key_after<Chess960Variant>(
                "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", 3),
            15000);
  EXPECT_GT(compare_key_after<SuperchessVariant>(
                "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1", 3),
            15000);
  EXPECT_GT(compare_key_after<CwdaVariant>(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/SYHOKHYS w KQkq - 0 1 RF", 3),
            10000);
  EXPECT_GT(compare_key_after<CwdaVariant>("4k3/1P6/8/8/8/8/6p1/R3K2R w KQ - 0 1 FC", 3), 1000);
  EXPECT_GT(compare_key_after<CwdaVariant>(
                "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN", 4),
            300000);
  EXPECT_GT(compare_key_after<SuperchessVariant>(
                "r3k2r/1P3ppp/1a6/3pP3/8/1A6/PPP3p1/R3K2R w KQkq d6 0 1", 3),
            10000);
}

TEST(Uci, Errors) {
  Position<ChessVariant> pos;
  StateInfo st;
  ASSERT_TRUE(set_from_fen(pos, std::string(ChessVariant::kStartFen), st).ok());
  EXPECT_EQ(move_from_uci(pos, "e2e5").status().message(), "illegal move 'e2e5'");
  EXPECT_EQ(move_from_uci(pos, "e9e4").status().message(), "bad UCI move 'e9e4'");
  EXPECT_EQ(move_from_uci(pos, "e2e4k").status().message(), "bad UCI move 'e2e4k'");
  // At most 40 characters of the input, control bytes escaped.
  EXPECT_EQ(move_from_uci(pos, "e2e4" + std::string(5 * 1024 * 1024, 'q')).status().message(),
            "bad UCI move 'e2e4" + std::string(36, 'q') + "...'");
  EXPECT_EQ(move_from_uci(pos, "e2\x01\x02").status().message(), "bad UCI move 'e2\\x01\\x02'");
}

}  // namespace
}  // namespace fairykit
