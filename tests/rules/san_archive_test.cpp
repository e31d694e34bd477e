// The archive reader of rules/notation/san.h (read_san: leniencies and quirks, check marks) and a
// differential test of the fast resolver and writer against a tiny generate-all reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/notation/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/san_impl.h"  // SAN for NoBishopVariant, outside the Position<V> family
#include "rules/notation/uci.h"
#include "tests/rules/board.h"

namespace fairykit {
namespace {

using testing::Board;

// "<uci> [quirk, quirk]" for a text read_san reads, or its one-line error.
template <class V>
std::string Read(const Board<V>& b, std::string_view text, SanSyntax syntax = SanSyntax::kArchive) {
  absl::StatusOr<SanRead> r = read_san(b.pos, text, syntax);
  if (!r.ok()) return std::string(r.status().message());
  // The fast path agrees with the Status one.
  SanRead fast;
  EXPECT_EQ(read_san(b.pos, text, fast, syntax), SanResolution::kOk) << text;
  EXPECT_EQ(fast.move, r->move) << text;
  EXPECT_EQ(fast.quirks, r->quirks) << text;
  std::string out = move_to_uci(b.pos, r->move);
  if (!r->quirks.empty()) out += " [" + san_quirk_names(r->quirks) + "]";
  return out;
}

// ---------------------------------------------------------------------------------------
// Castling.

TEST(SanArchive, CastlingForms) {
  Board b("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(Read(b, "O-O"), "e1g1");
  EXPECT_EQ(Read(b, "O-O-O"), "e1c1");
  EXPECT_EQ(Read(b, "0-0"), "e1g1 [zero_castling]");
  EXPECT_EQ(Read(b, "0-0-0"), "e1c1 [zero_castling]");
  EXPECT_EQ(Read(b, "o-o"), "e1g1 [lowercase_castling]");
  EXPECT_EQ(Read(b, "o-o-o!?"), "e1c1 [lowercase_castling]");
  EXPECT_EQ(Read(b, "0-0+"), "e1g1 [zero_castling]");
  EXPECT_EQ(Read(b, "O-O-O#"), "e1c1");  // the mark is checked after do_move
  // The strict reader keeps zeros (as before) but not lower case.
  EXPECT_EQ(Read(b, "0-0", SanSyntax::kStrict), "e1g1 [zero_castling]");
  EXPECT_EQ(Read(b, "o-o", SanSyntax::kStrict), "bad SAN 'o-o'");
  for (const char* bad : {"O-0", "0-O", "o-O", "O-O-0", "O-", "OO", "O-O-O-O", "o-o-", "Oo-o"})
    EXPECT_EQ(Read(b, bad), absl::StrCat("bad SAN '", bad, "'")) << bad;
  EXPECT_EQ(Read(b, "O-Oe.p."), "bad SAN 'O-Oe.p.'");
}

TEST(SanArchive, CastlingAsKingMoveInStandardChess) {
  Board b("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(Read(b, "Kg1"), "e1g1 [castling_as_king_move]");
  EXPECT_EQ(Read(b, "Kc1"), "e1c1 [castling_as_king_move]");
  EXPECT_EQ(Read(b, "Kh1"), "e1g1 [castling_as_king_move]");
  EXPECT_EQ(Read(b, "Kxh1"), "e1g1 [castling_as_king_move]");  // no capture quirk
  EXPECT_EQ(Read(b, "Kxa1+"), "e1c1 [castling_as_king_move]");
  EXPECT_EQ(Read(b, "Ke1g1"), "e1g1 [castling_as_king_move]");
  EXPECT_EQ(Read(b, "Ke1-g1"), "e1g1 [castling_as_king_move, long_algebraic]");
  EXPECT_EQ(Read(b, "Kdg1"), "illegal move 'Kdg1'");  // the king is not on the d-file
  EXPECT_EQ(Read(b, "Kf1"), "e1f1");                  // an ordinary king move
  EXPECT_EQ(Read(b, "Kb1"), "illegal move 'Kb1'");
  // UCI castling: the king's destination, or onto the rook; no castling_as_king_move.
  EXPECT_EQ(Read(b, "e1g1"), "e1g1 [long_algebraic]");
  EXPECT_EQ(Read(b, "e1h1"), "e1g1 [long_algebraic]");
  EXPECT_EQ(Read(b, "e1c1"), "e1c1 [long_algebraic]");
  EXPECT_EQ(Read(b, "e1a1"), "e1c1 [long_algebraic]");
  EXPECT_EQ(Read(b, "e1-g1"), "e1g1 [long_algebraic]");
  EXPECT_EQ(Read(b, "e1g1q"), "illegal move 'e1g1q'");
  EXPECT_EQ(Read(b, "e1b1"), "illegal move 'e1b1'");
  // Strict: castling is O-O, never a king move.
  EXPECT_EQ(Read(b, "Kg1", SanSyntax::kStrict), "illegal move 'Kg1'");
  EXPECT_EQ(Read(b, "Kxh1", SanSyntax::kStrict), "illegal move 'Kxh1'");
  EXPECT_EQ(Read(b, "e1g1", SanSyntax::kStrict), "bad SAN 'e1g1'");

  // Without the right, or through check, a king move to g1 is simply illegal.
  Board no_right("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
  EXPECT_EQ(Read(no_right, "Kg1"), "illegal move 'Kg1'");
  EXPECT_EQ(Read(no_right, "Kxh1"), "illegal move 'Kxh1'");
  EXPECT_EQ(Read(no_right, "e1g1"), "illegal move 'e1g1'");
  Board attacked("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");  // g1 attacked by the g8 rook
  EXPECT_EQ(Read(attacked, "Kg1"), "illegal move 'Kg1'");
  EXPECT_EQ(Read(attacked, "O-O"), "illegal move 'O-O'");
  EXPECT_EQ(Read(attacked, "Kc1"), "e1c1 [castling_as_king_move]");
}

TEST(SanArchive, CastlingAsKingMoveInChess960) {
  // King b1, rook a1: Kc1 and b1c1 are ordinary king moves; Ka1 / b1a1 castle.
  Board<Chess960Variant> b1("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
  EXPECT_EQ(Read(b1, "Kc1"), "b1c1");
  EXPECT_EQ(Read(b1, "b1c1"), "b1c1 [long_algebraic]");
  EXPECT_EQ(Read(b1, "Ka1"), "b1a1 [castling_as_king_move]");
  EXPECT_EQ(Read(b1, "Kxa1"), "b1a1 [castling_as_king_move]");
  EXPECT_EQ(Read(b1, "b1a1"), "b1a1 [long_algebraic]");
  EXPECT_EQ(Read(b1, "O-O-O"), "b1a1");

  // King f1, rook g1 (the king's destination): Kg1 and f1g1 castle.
  Board<Chess960Variant> swap("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
  EXPECT_EQ(Read(swap, "Kg1"), "f1g1 [castling_as_king_move]");
  EXPECT_EQ(Read(swap, "Kxg1"), "f1g1 [castling_as_king_move]");
  EXPECT_EQ(Read(swap, "f1g1"), "f1g1 [long_algebraic]");

  // King g1, rook h1: castling leaves the king where it is; Kh1 castles, "Kg1" moves nothing.
  Board<Chess960Variant> stays("4k3/8/8/8/8/8/8/6KR w H - 0 1");
  EXPECT_EQ(Read(stays, "Kh1"), "g1h1 [castling_as_king_move]");
  EXPECT_EQ(Read(stays, "g1h1"), "g1h1 [long_algebraic]");
  EXPECT_EQ(Read(stays, "Kg1"), "illegal move 'Kg1'");

  // King f1, rook h1: f1g1 is an ordinary king move (it wins, as in UCI); f1h1 castles.
  Board<Chess960Variant> f1("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
  EXPECT_EQ(Read(f1, "f1g1"), "f1g1 [long_algebraic]");
  EXPECT_EQ(f1.Uci("f1g1").kind(), NORMAL);
  EXPECT_EQ(Read(f1, "Kg1"), "f1g1");
  EXPECT_EQ(Read(f1, "Kh1"), "f1h1 [castling_as_king_move]");
  EXPECT_EQ(Read(f1, "f1h1"), "f1h1 [long_algebraic]");

  // King b1 between rooks a1 (queen side) and c1 (king side): c1 is both the king-side
  // rook's square and the queen-side destination; the rook's square is tried first.
  Board<Chess960Variant> both("4k3/8/8/8/8/8/8/RKR5 w CA - 0 1");
  EXPECT_EQ(both.San("b1c1"), "O-O");
  EXPECT_EQ(Read(both, "Kc1"), "b1c1 [castling_as_king_move]");
  EXPECT_EQ(Read(both, "b1c1"), "b1c1 [long_algebraic]");
  EXPECT_EQ(Read(both, "Kg1"), "b1c1 [castling_as_king_move]");  // O-O's destination
  // O-O-O is illegal here (its king would land on the c1 rook): c1 can never be both the
  // king-side rook's square and a legal queen-side destination.
  EXPECT_EQ(Read(both, "O-O-O"), "illegal move 'O-O-O'");
  EXPECT_EQ(Read(both, "Ka1"), "illegal move 'Ka1'");
}

// ---------------------------------------------------------------------------------------
// En passant, promotions, pawn captures.

TEST(SanArchive, EnPassantMarker) {
  Board b("4k3/8/8/3pPp2/8/8/8/4K3 w - d6 0 1");
  for (const char* text : {"exd6e.p.", "exd6ep", "exd6e.p", "exd6e.p.+", "exd6+e.p.", "exd6e.p.!",
                           "e5d6e.p.", "e5xd6ep", "ed6e.p."}) {
    const std::string got = Read(b, text);
    EXPECT_EQ(got.substr(0, 4), "e5d6") << text << ": " << got;
    EXPECT_NE(got.find("ep_marker"), std::string::npos) << text << ": " << got;
  }
  EXPECT_EQ(Read(b, "exd6e.p."), "e5d6 [ep_marker]");
  EXPECT_EQ(Read(b, "exd6ep"), "e5d6 [ep_marker]");
  EXPECT_EQ(Read(b, "e5d6ep"), "e5d6 [ep_marker, long_algebraic]");
  EXPECT_EQ(Read(b, "ed6e.p."), "e5d6 [ep_marker, capture_mark_missing]");
  EXPECT_EQ(Read(b, "exd6"), "e5d6");
  // Only for an en passant capture: f6 is no en passant square, e6 is a push.
  EXPECT_EQ(Read(b, "exf6e.p."), "illegal move 'exf6e.p.'");
  EXPECT_EQ(Read(b, "e6e.p."), "bad SAN 'e6e.p.'");
  EXPECT_EQ(Read(b, "Ke2e.p."), "bad SAN 'Ke2e.p.'");
  EXPECT_EQ(Read(b, "exd6e.p.e.p."), "bad SAN 'exd6e.p.e.p.'");
  EXPECT_EQ(Read(b, "exd6ee"), "bad SAN 'exd6ee'");
  EXPECT_EQ(Read(b, "exd6e.p.", SanSyntax::kStrict), "bad SAN 'exd6e.p.'");
  Board capture("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");  // no en passant right
  EXPECT_EQ(Read(capture, "exd6e.p."), "illegal move 'exd6e.p.'");
  Board normal("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1");  // a capture, not en passant
  EXPECT_EQ(Read(normal, "exd6"), "e5d6");
  EXPECT_EQ(Read(normal, "exd6e.p."), "illegal move 'exd6e.p.'");
}

TEST(SanArchive, Promotions) {
  Board p("4kb2/4P1P1/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(Read(p, "g8=Q"), "g7g8q");
  EXPECT_EQ(Read(p, "g8Q"), "g7g8q [promotion_without_equals]");
  EXPECT_EQ(Read(p, "g8=q"), "g7g8q [lowercase_promotion]");
  EXPECT_EQ(Read(p, "g8q"), "g7g8q [promotion_without_equals, lowercase_promotion]");
  EXPECT_EQ(Read(p, "g8/Q"), "g7g8q [promotion_without_equals]");
  EXPECT_EQ(Read(p, "g8=N+"), "g7g8n");
  EXPECT_EQ(Read(p, "gxf8=N"), "g7f8n");
  EXPECT_EQ(Read(p, "exf8=N"), "e7f8n");
  EXPECT_EQ(Read(p, "exf8n"), "e7f8n [promotion_without_equals, lowercase_promotion]");
  EXPECT_EQ(Read(p, "exf8b"), "e7f8b [promotion_without_equals, lowercase_promotion]");
  EXPECT_EQ(Read(p, "ef8=R"), "e7f8r [capture_mark_missing]");
  // Long algebraic promotions carry no promotion quirk: UCI writes them so.
  EXPECT_EQ(Read(p, "g7g8q"), "g7g8q [long_algebraic]");
  EXPECT_EQ(Read(p, "g7g8Q"), "g7g8q [long_algebraic]");
  EXPECT_EQ(Read(p, "g7g8=Q"), "g7g8q [long_algebraic]");
  EXPECT_EQ(Read(p, "g7-g8=Q"), "g7g8q [long_algebraic]");
  EXPECT_EQ(Read(p, "e7xf8=N"), "e7f8n [long_algebraic]");
  EXPECT_EQ(Read(p, "e7-f8=N"), "e7f8n [long_algebraic, capture_mark_missing]");
  // Rejected.
  EXPECT_EQ(Read(p, "g8"), "illegal move 'g8'");
  EXPECT_EQ(Read(p, "g7g8"), "illegal move 'g7g8'");
  EXPECT_EQ(Read(p, "g8=K"), "illegal move 'g8=K'");
  EXPECT_EQ(Read(p, "g8=k"), "illegal move 'g8=k'");
  EXPECT_EQ(Read(p, "g8=P"), "illegal move 'g8=P'");
  EXPECT_EQ(Read(p, "g8=Z"), "bad SAN 'g8=Z'");
  EXPECT_EQ(Read(p, "g8=z"), "bad SAN 'g8=z'");
  EXPECT_EQ(Read(p, "g7g8z"), "bad SAN 'g7g8z'");
  EXPECT_EQ(Read(p, "g8(Q)"), "bad SAN 'g8(Q)'");
  EXPECT_EQ(Read(p, "g8=/Q"), "bad SAN 'g8=/Q'");
  EXPECT_EQ(Read(p, "g8=QN"), "bad SAN 'g8=QN'");
  EXPECT_EQ(Read(p, "g8="), "bad SAN 'g8='");
  EXPECT_EQ(Read(p, "g8/"), "bad SAN 'g8/'");
  EXPECT_EQ(Read(p, "Kd2=Q"), "bad SAN 'Kd2=Q'");
  EXPECT_EQ(Read(p, "e1d2q"), "illegal move 'e1d2q'");  // a king does not promote
  // Strict: upper case, '=' or nothing.
  EXPECT_EQ(Read(p, "g8Q", SanSyntax::kStrict), "g7g8q [promotion_without_equals]");
  EXPECT_EQ(Read(p, "g8=q", SanSyntax::kStrict), "bad SAN 'g8=q'");
  EXPECT_EQ(Read(p, "g8/Q", SanSyntax::kStrict), "bad SAN 'g8/Q'");
  EXPECT_EQ(Read(p, "g7g8q", SanSyntax::kStrict), "bad SAN 'g7g8q'");
}

TEST(SanArchive, PawnCapturesAndPushes) {
  Board b("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(Read(b, "exd5"), "e4d5");
  EXPECT_EQ(Read(b, "ed5"), "e4d5 [capture_mark_missing]");
  EXPECT_EQ(Read(b, "e4d5"), "e4d5 [long_algebraic]");
  EXPECT_EQ(Read(b, "e4xd5"), "e4d5 [long_algebraic]");
  EXPECT_EQ(Read(b, "e4-d5"), "e4d5 [long_algebraic, capture_mark_missing]");
  EXPECT_EQ(Read(b, "e5"), "e4e5");
  EXPECT_EQ(Read(b, "e4e5"), "e4e5 [long_algebraic]");
  EXPECT_EQ(Read(b, "e4-e5"), "e4e5 [long_algebraic]");
  EXPECT_EQ(Read(b, "e4xe5"), "e4e5 [long_algebraic, capture_mark_wrong]");
  EXPECT_EQ(Read(b, "exe5"), "e4e5 [capture_mark_wrong]");  // as the strict reader always did
  EXPECT_EQ(Read(b, "ee5"), "bad SAN 'ee5'");
  EXPECT_EQ(Read(b, "ef5"), "illegal move 'ef5'");
  EXPECT_EQ(Read(b, "cd5"), "illegal move 'cd5'");
  EXPECT_EQ(Read(b, "e4e6"), "illegal move 'e4e6'");
  EXPECT_EQ(Read(b, "e3e5"), "illegal move 'e3e5'");
  EXPECT_EQ(Read(b, "ed5", SanSyntax::kStrict), "bad SAN 'ed5'");
  EXPECT_EQ(Read(b, "e4d5", SanSyntax::kStrict), "bad SAN 'e4d5'");
  Board start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(Read(start, "e2e4"), "e2e4 [long_algebraic]");
  EXPECT_EQ(Read(start, "e2-e4"), "e2e4 [long_algebraic]");
  EXPECT_EQ(Read(start, "e2-e3"), "e2e3 [long_algebraic]");
  EXPECT_EQ(Read(start, "e3e4"), "illegal move 'e3e4'");
  EXPECT_EQ(Read(start, "e2e5"), "illegal move 'e2e5'");
  EXPECT_EQ(Read(start, "e7e5"), "illegal move 'e7e5'");  // not our pawn
  EXPECT_EQ(Read(start, "e4e5"), "illegal move 'e4e5'");  // no piece
}

// ---------------------------------------------------------------------------------------
// Disambiguation, capture marks, long algebraic piece moves.

TEST(SanArchive, Disambiguation) {
  Board start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(Read(start, "Nf3"), "g1f3");
  EXPECT_EQ(Read(start, "Ngf3"), "g1f3 [superfluous_disambiguation]");
  EXPECT_EQ(Read(start, "N1f3"), "g1f3 [superfluous_disambiguation]");
  EXPECT_EQ(Read(start, "Ng1f3"), "g1f3 [superfluous_disambiguation]");
  EXPECT_EQ(Read(start, "Ng1-f3"), "g1f3 [long_algebraic]");
  EXPECT_EQ(Read(start, "Ng1xf3"), "g1f3 [superfluous_disambiguation, capture_mark_wrong]");
  EXPECT_EQ(Read(start, "Ng1f3", SanSyntax::kStrict), "g1f3 [superfluous_disambiguation]");
  EXPECT_EQ(Read(start, "Ng1-f3", SanSyntax::kStrict), "bad SAN 'Ng1-f3'");
  EXPECT_EQ(Read(start, "Ng-f3"), "bad SAN 'Ng-f3'");
  EXPECT_EQ(Read(start, "N-f3"), "bad SAN 'N-f3'");
  EXPECT_EQ(Read(start, "Ng1x-f3"), "bad SAN 'Ng1x-f3'");
  EXPECT_EQ(Read(start, "Nh1f3"), "illegal move 'Nh1f3'");
  EXPECT_EQ(Read(start, "Nb1-f3"), "illegal move 'Nb1-f3'");

  Board queen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(Read(queen, "Qd2"), "d1d2");
  EXPECT_EQ(Read(queen, "Qd1d2"), "d1d2 [superfluous_disambiguation]");
  EXPECT_EQ(Read(queen, "Qdd2"), "d1d2 [superfluous_disambiguation]");

  Board two("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(Read(two, "Nbd2"), "b1d2");
  EXPECT_EQ(Read(two, "N1d2"), "b1d2");  // the rank where the file would do: as short
  EXPECT_EQ(Read(two, "Nb1d2"), "b1d2 [superfluous_disambiguation]");
  EXPECT_EQ(Read(two, "Nbc3"), "b1c3 [superfluous_disambiguation]");
  EXPECT_EQ(Read(two, "Nd2"), "ambiguous move 'Nd2': Nbd2, Nfd2");
  EXPECT_EQ(Read(two, "Nd2+"), "ambiguous move 'Nd2+': Nbd2, Nfd2");

  Board three("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
  EXPECT_EQ(Read(three, "Qh4e1"), "h4e1");
  EXPECT_EQ(Read(three, "Qee1"), "e4e1");
  EXPECT_EQ(Read(three, "Qe4e1"), "e4e1 [superfluous_disambiguation]");
  EXPECT_EQ(Read(three, "Q1e1"), "h1e1");
  EXPECT_EQ(Read(three, "Qh1e1"), "h1e1 [superfluous_disambiguation]");
  EXPECT_EQ(Read(three, "Qe1"), "ambiguous move 'Qe1': Q1e1, Qee1, Qh4e1");
  EXPECT_EQ(Read(three, "Qhe1"), "ambiguous move 'Qhe1': Q1e1, Qh4e1");

  // A pinned second knight: no disambiguation is needed among the legal moves.
  Board pinned("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
  EXPECT_EQ(Read(pinned, "Ne2"), "g1e2");
  EXPECT_EQ(Read(pinned, "Nge2"), "g1e2 [superfluous_disambiguation]");
  EXPECT_EQ(Read(pinned, "Nce2"), "illegal move 'Nce2'");
  EXPECT_EQ(Read(pinned, "Nc3-e2"), "illegal move 'Nc3-e2'");
}

TEST(SanArchive, CaptureMarks) {
  Board b("4k3/8/8/4p3/8/7n/8/4K1N1 w - - 0 1");
  EXPECT_EQ(Read(b, "Nxh3"), "g1h3");
  EXPECT_EQ(Read(b, "Nh3"), "g1h3 [capture_mark_missing]");
  EXPECT_EQ(Read(b, "Nxe2"), "g1e2 [capture_mark_wrong]");
  EXPECT_EQ(Read(b, "Nxf3"), "g1f3 [capture_mark_wrong]");
  EXPECT_EQ(Read(b, "Kxd2"), "e1d2 [capture_mark_wrong]");
  EXPECT_EQ(Read(b, "g1h3"), "g1h3 [long_algebraic]");  // UCI marks no captures
  EXPECT_EQ(Read(b, "g1xh3"), "g1h3 [long_algebraic]");
  EXPECT_EQ(Read(b, "Ng1-h3"), "g1h3 [long_algebraic, capture_mark_missing]");
  EXPECT_EQ(Read(b, "Ng1xh3"), "g1h3 [superfluous_disambiguation]");
  EXPECT_EQ(Read(b, "Nh3", SanSyntax::kStrict), "g1h3 [capture_mark_missing]");
  EXPECT_EQ(Read(b, "Kf2"), "illegal move 'Kf2'");  // the h3 knight guards f2
}

TEST(SanArchive, ErrorMessages) {
  Board b("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(Read(b, "Zf3"), "bad SAN 'Zf3'");
  EXPECT_EQ(Read(b, "Nf6"), "illegal move 'Nf6'");
  EXPECT_EQ(Read(b, "Ke2"), "illegal move 'Ke2'");
  EXPECT_EQ(Read(b, "e2e2"), "illegal move 'e2e2'");
  for (const char* bad : {"",       "e",       "e9",   "i4",  "Nf",   "N",       "nf3",   "N f3",
                          "Pe4",    "O-O-O-O", "0-0-", "exd", "e4++", "e4!!!",   "Nf3!+", "e8=",
                          "e8=QQ",  "Nf3=Q",   "Of3",  "+",   "Kxx",  "Nb1d2d2", "--",    "e2e4e5",
                          "e2--e4", "e2xxe4",  "e2e",  "e2-", "2e4",  "ep",      "e.p.",  "e4 "}) {
    EXPECT_EQ(Read(b, bad), absl::StrCat("bad SAN '", bad, "'")) << bad;
  }
  EXPECT_EQ(san_error(b.pos, "Nf3").ok(), true);
  EXPECT_EQ(san_error(b.pos, "Nf6").message(), "illegal move 'Nf6'");
  // At most 40 characters of the input, control bytes escaped.
  EXPECT_EQ(san_error(b.pos, std::string(5 * 1024 * 1024, 'N')).message(),
            "bad SAN '" + std::string(40, 'N') + "...'");
  EXPECT_EQ(san_error(b.pos,
                      "N\x7f"
                      "3")
                .message(),
            "bad SAN 'N\\x7F3'");
}

// ---------------------------------------------------------------------------------------
// Check marks, after the move.

// The quirks of `mark` on the move written `uci`, and the move's CheckMark.
template <class V>
std::string MarkQuirks(Board<V>& b, std::string_view uci, char mark) {
  const Move m = b.Uci(uci);
  StateInfo st;
  b.pos.do_move(m, st);
  const std::string q = san_quirk_names(check_mark_quirks(b.pos, mark));
  const CheckMark cm = check_mark(b.pos);
  const std::string_view suffix = check_suffix(b.pos);
  b.pos.undo_move(m);
  EXPECT_EQ(suffix, san_check_suffix(b.pos, m)) << uci;
  EXPECT_EQ(cm == CheckMark::kMate ? "#" : cm == CheckMark::kCheck ? "+" : "", suffix) << uci;
  return q;
}

TEST(SanArchive, CheckMarks) {
  Board b("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  // Qxf7 mates, Bxf7 checks, Nc3 does neither.
  EXPECT_EQ(MarkQuirks(b, "h5f7", '#'), "");
  EXPECT_EQ(MarkQuirks(b, "h5f7", '+'), "mate_mark_missing");
  EXPECT_EQ(MarkQuirks(b, "h5f7", 0), "check_mark_missing");
  EXPECT_EQ(MarkQuirks(b, "c4f7", '+'), "");
  EXPECT_EQ(MarkQuirks(b, "c4f7", '#'), "check_mark_wrong");
  EXPECT_EQ(MarkQuirks(b, "c4f7", 0), "check_mark_missing");
  EXPECT_EQ(MarkQuirks(b, "b1c3", 0), "");
  EXPECT_EQ(MarkQuirks(b, "b1c3", '+'), "check_mark_wrong");
  EXPECT_EQ(MarkQuirks(b, "b1c3", '#'), "check_mark_wrong");
  // The written mark travels in SanRead.
  absl::StatusOr<SanRead> r = read_san(b.pos, "Qxf7+!");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->check, '+');
  EXPECT_TRUE(r->quirks.empty());
  // Castling that checks (by the rook), and one that does not.
  Board castle("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(MarkQuirks(castle, "e1g1", '+'), "");
  EXPECT_EQ(MarkQuirks(castle, "e1g1", 0), "check_mark_missing");
  Board quiet("4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
  EXPECT_EQ(MarkQuirks(quiet, "e1g1", 0), "");
  EXPECT_EQ(MarkQuirks(quiet, "e1g1", '+'), "check_mark_wrong");
}

TEST(SanArchive, QuirkTable) {
  std::uint32_t all = 0;
  for (std::size_t i = 0; i < kSanQuirks.size(); ++i) {
    EXPECT_EQ(std::uint32_t(kSanQuirks[i].quirk), 1u << i);
    all |= std::uint32_t(kSanQuirks[i].quirk);
    EXPECT_FALSE(kSanQuirks[i].name.empty());
    EXPECT_FALSE(kSanQuirks[i].description.empty());
  }
  EXPECT_EQ(all, (1u << kSanQuirks.size()) - 1);
  EXPECT_EQ(san_quirk_names(SanQuirk::kZeroCastling | SanQuirk::kCheckMarkWrong),
            "zero_castling, check_mark_wrong");
  EXPECT_EQ(san_quirk_names({}), "");
  static_assert([] {
    SanToken t;
    return parse_san_token("e5xd6e.p.+", t, SanSyntax::kArchive) &&
           t.kind == SanToken::Kind::kSquareMove && t.file == 4 && t.rank == 4 && t.to == SQ_D6 &&
           t.capture && t.ep_marker && t.check == '+' &&
           t.quirks == (SanQuirk::kEnPassantMarker | SanQuirk::kLongAlgebraic);
  }());
  static_assert([] {
    SanToken t;
    return parse_san_token("o-o-o", t, SanSyntax::kArchive) &&
           t.kind == SanToken::Kind::kCastleQueenSide &&
           t.quirks == SanQuirks(SanQuirk::kLowercaseCastling) &&
           !parse_san_token("o-o-o", t, SanSyntax::kStrict);
  }());
}

// ---------------------------------------------------------------------------------------
// Differential test: the fast resolver and writer against a generate-all reference.

// A variant without bishops whose pawns promote to a queen or a knight only: the reader
// must follow V's piece list and promotion list.
struct NoBishopVariant : ChessVariant {
  static constexpr std::array<PieceType, 5> kPieceTypes = {PAWN, KNIGHT, ROOK, QUEEN, KING};
  static constexpr std::array<PieceType, 3> kMovers = {KNIGHT, ROOK, QUEEN};
  static constexpr std::array<PieceType, 2> kPromotions = {QUEEN, KNIGHT};
};

template <class V>
PieceType RefLetter(char c, bool with_pawn) {
  for (PieceType pt : V::kPieceTypes)
    if ((with_pawn || pt != PAWN) && piece_info(pt).letter == c) return pt;
  return NO_PIECE_TYPE;
}

struct RefResult {
  SanResolution result = SanResolution::kIllegal;
  std::vector<Move> matches;
  SanQuirks quirks;  // kOk only
};

// What the token names among all legal moves, by the rules of the header comment.
template <class V>
RefResult RefResolve(const Position<V>& pos, const SanToken& t) {
  RefResult r;
  if (t.promotion && RefLetter<V>(t.promotion, true) == NO_PIECE_TYPE) {
    r.result = SanResolution::kBadSan;
    return r;
  }
  PieceType pt = NO_PIECE_TYPE;
  if (t.kind == SanToken::Kind::kPieceMove) {
    pt = RefLetter<V>(t.piece, false);
    if (pt == NO_PIECE_TYPE) {
      r.result = SanResolution::kBadSan;
      return r;
    }
  }
  const MoveList legal = legal_moves(pos);
  const Square ksq = pos.king_square(pos.side_to_move());
  auto origin_ok = [&](Square from) {
    return (t.file < 0 || file_of(from) == t.file) && (t.rank < 0 || rank_of(from) == t.rank);
  };
  auto promo_ok = [&](Move m) {
    return m.kind() == PROMOTION ? t.promotion && RefLetter<V>(t.promotion, true) == m.promotion()
                                 : !t.promotion;
  };
  for (Move m : legal) {
    const bool castle = m.kind() == CASTLING;
    const PieceType mover = type_of(pos.piece_on(m.from()));
    bool ok = false;
    switch (t.kind) {
      case SanToken::Kind::kCastleKingSide:
      case SanToken::Kind::kCastleQueenSide:
        ok = castle && (m.to() > m.from()) == (t.kind == SanToken::Kind::kCastleKingSide);
        break;
      case SanToken::Kind::kPieceMove:
        ok = !castle && mover == pt && m.to() == t.to && origin_ok(m.from());
        break;
      case SanToken::Kind::kPawnMove:
        ok = !castle && mover == PAWN && m.to() == t.to &&
             file_of(m.from()) == (t.file >= 0 ? t.file : file_of(t.to)) && promo_ok(m) &&
             (!t.ep_marker || m.kind() == EN_PASSANT);
        break;
      case SanToken::Kind::kSquareMove:
        ok = !castle && m.from() == make_square(t.file, t.rank) && m.to() == t.to && promo_ok(m) &&
             (!t.ep_marker || m.kind() == EN_PASSANT);
        break;
    }
    if (ok) r.matches.push_back(m);
  }
  const bool king_move =
      (t.kind == SanToken::Kind::kPieceMove && pt == KING) ||
      (t.kind == SanToken::Kind::kSquareMove && make_square(t.file, t.rank) == ksq);
  bool by_king = false;
  if (r.matches.empty() && t.archive && king_move && !t.promotion && origin_ok(ksq)) {
    for (Move m : legal)
      if (m.kind() == CASTLING && m.to() == t.to) r.matches = {m};
    for (Move m : legal)
      if (r.matches.empty() && m.kind() == CASTLING && t.to != ksq &&
          pos.castling_king_to(castling_index(pos.side_to_move(), m.to() > m.from())) == t.to)
        r.matches = {m};
    by_king = !r.matches.empty();
  }
  if (r.matches.empty()) return r;
  if (r.matches.size() > 1) {
    r.result = SanResolution::kAmbiguous;
    return r;
  }
  r.result = SanResolution::kOk;
  const Move m = r.matches[0];
  r.quirks = t.quirks;
  if (by_king) {
    if (t.kind == SanToken::Kind::kPieceMove) r.quirks |= SanQuirk::kCastlingAsKingMove;
    return r;
  }
  if (m.kind() == CASTLING) return r;
  const bool capture = m.kind() == EN_PASSANT || !pos.empty(m.to());
  if (t.capture && !capture) r.quirks |= SanQuirk::kCaptureMarkWrong;
  if (!t.capture && capture && (t.kind != SanToken::Kind::kSquareMove || t.dash))
    r.quirks |= SanQuirk::kCaptureMarkMissing;
  const int letters = (t.file >= 0) + (t.rank >= 0);
  if (t.kind == SanToken::Kind::kPieceMove && !t.dash && letters > 0) {
    bool others = false, same_file = false, same_rank = false;
    for (Move o : legal) {
      if (o.kind() == CASTLING || o.to() != m.to() || o.from() == m.from() ||
          type_of(pos.piece_on(o.from())) != pt)
        continue;
      others = true;
      same_file |= file_of(o.from()) == file_of(m.from());
      same_rank |= rank_of(o.from()) == rank_of(m.from());
    }
    const int needed = !others ? 0 : (!same_file || !same_rank) ? 1 : 2;
    if (letters > needed) r.quirks |= SanQuirk::kSuperfluousDisambiguation;
  }
  return r;
}

// The SAN body by the reference rules: disambiguation among all legal moves.
template <class V>
std::string RefBody(const Position<V>& pos, Move m) {
  if (m.kind() == CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
  const PieceType pt = type_of(pos.piece_on(m.from()));
  const bool capture = m.kind() == EN_PASSANT || !pos.empty(m.to());
  std::string s;
  if (pt == PAWN) {
    if (capture) s = std::string(1, char('a' + file_of(m.from()))) + "x";
    s += square_name(m.to());
    if (m.kind() == PROMOTION) s += std::string("=") + piece_info(m.promotion()).letter;
    return s;
  }
  s = piece_info(pt).letter;
  bool others = false, same_file = false, same_rank = false;
  for (Move o : legal_moves(pos)) {
    if (o.kind() == CASTLING || o.to() != m.to() || o.from() == m.from() ||
        type_of(pos.piece_on(o.from())) != pt)
      continue;
    others = true;
    same_file |= file_of(o.from()) == file_of(m.from());
    same_rank |= rank_of(o.from()) == rank_of(m.from());
  }
  if (others) {
    if (!same_file)
      s += char('a' + file_of(m.from()));
    else if (!same_rank)
      s += char('1' + rank_of(m.from()));
    else
      s += square_name(m.from());
  }
  return s + (capture ? "x" : "") + square_name(m.to());
}

// The reference error message (or "" for a move).
template <class V>
std::string RefMessage(const Position<V>& pos, std::string_view text, SanSyntax syntax) {
  SanToken t;
  if (!parse_san_token(text, t, syntax)) return absl::StrCat("bad SAN '", std::string(text), "'");
  const RefResult r = RefResolve(pos, t);
  switch (r.result) {
    case SanResolution::kOk:
      return "";
    case SanResolution::kBadSan:
      return absl::StrCat("bad SAN '", std::string(text), "'");
    case SanResolution::kIllegal:
      return absl::StrCat("illegal move '", std::string(text), "'");
    case SanResolution::kAmbiguous:
      break;
  }
  std::vector<std::string> names;
  for (Move m : r.matches) names.push_back(RefBody(pos, m));
  std::sort(names.begin(), names.end());
  std::string out = absl::StrCat("ambiguous move '", std::string(text), "': ");
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

struct DiffStats {
  std::uint64_t positions = 0, moves = 0, checks = 0, mates = 0, texts = 0, ok = 0, illegal = 0,
                ambiguous = 0, bad = 0, quirky = 0;
};

// One text in one syntax: the fast reader against the reference, result, move, quirks and
// error message alike.
template <class V>
void CompareText(const Position<V>& pos, const std::string& text, SanSyntax syntax,
                 DiffStats& stats, const std::string& where) {
  ++stats.texts;
  SanToken t;
  const bool parsed = parse_san_token(text, t, syntax);
  SanRead fast;
  const SanResolution got = read_san(pos, text, fast, syntax);
  if (!parsed) {
    EXPECT_EQ(got, SanResolution::kBadSan) << where << " '" << text << "'";
    ++stats.bad;
    return;
  }
  const RefResult ref = RefResolve(pos, t);
  ASSERT_EQ(int(got), int(ref.result)) << where << " '" << text << "'";
  switch (got) {
    case SanResolution::kOk:
      ++stats.ok;
      EXPECT_EQ(fast.move, ref.matches[0]) << where << " '" << text << "'";
      EXPECT_EQ(san_quirk_names(fast.quirks), san_quirk_names(ref.quirks))
          << where << " '" << text << "'";
      EXPECT_EQ(fast.check, t.check);
      if (!fast.quirks.empty()) ++stats.quirky;
      break;
    case SanResolution::kAmbiguous:
      ++stats.ambiguous;
      EXPECT_EQ(std::string(san_error(pos, text, syntax).message()), RefMessage(pos, text, syntax))
          << where;
      break;
    case SanResolution::kIllegal:
      ++stats.illegal;
      break;
    case SanResolution::kBadSan:
      ++stats.bad;
      break;
  }
}

// Every legal move: the writer against the reference writer (suffix by do_move), gives_check
// and check marks against do_move, and a family of texts for the same move and its
// neighbours (every disambiguation, capture mark, long algebraic, UCI) through both readers.
template <class V>
void CompareMoves(Position<V>& pos, DiffStats& stats, const std::string& where) {
  ++stats.positions;
  const MoveList legal = legal_moves(pos);
  for (Move m : legal) {
    ++stats.moves;
    const std::string body = RefBody(pos, m);
    StateInfo st;
    pos.do_move(m, st);
    const bool check = pos.in_check();
    const bool mate = check && count_legal(pos) == 0;
    SanQuirks marks[3];
    const char written[3] = {0, '+', '#'};
    for (int i = 0; i < 3; ++i) marks[i] = check_mark_quirks(pos, written[i]);
    const std::string_view after_suffix = check_suffix(pos);
    pos.undo_move(m);
    stats.checks += check;
    stats.mates += mate;
    const std::string suffix = mate ? "#" : check ? "+" : "";
    const std::string w = where + " " + move_to_uci(pos, m);
    ASSERT_EQ(move_to_san(pos, m), body + suffix) << w;
    EXPECT_EQ(san_without_suffix(pos, m), body) << w;
    EXPECT_EQ(after_suffix, suffix) << w;
    EXPECT_EQ(gives_check(pos, m), check) << w;
    EXPECT_EQ(marks[0], check ? SanQuirks(SanQuirk::kCheckMarkMissing) : SanQuirks()) << w;
    EXPECT_EQ(marks[1], !check ? SanQuirks(SanQuirk::kCheckMarkWrong)
                        : mate ? SanQuirks(SanQuirk::kMateMarkMissing)
                               : SanQuirks())
        << w;
    EXPECT_EQ(marks[2], mate ? SanQuirks() : SanQuirks(SanQuirk::kCheckMarkWrong)) << w;

    // The written SAN reads back to the move without quirks, in both syntaxes.
    for (SanSyntax syntax : {SanSyntax::kStrict, SanSyntax::kArchive}) {
      SanRead r;
      ASSERT_EQ(read_san(pos, body + suffix, r, syntax), SanResolution::kOk) << w;
      EXPECT_EQ(r.move, m) << w;
      EXPECT_TRUE(r.quirks.empty()) << w << " " << san_quirk_names(r.quirks);
    }
    // UCI text reads back to the move, with long_algebraic only.
    {
      SanRead r;
      const std::string uci = move_to_uci(pos, m);
      ASSERT_EQ(read_san(pos, uci, r), SanResolution::kOk) << w;
      EXPECT_EQ(r.move, m) << w;
      EXPECT_EQ(r.quirks, SanQuirks(SanQuirk::kLongAlgebraic)) << w;
    }

    // The texts of the move's family.
    std::vector<std::string> texts;
    const Square from = m.from(), to = m.to();
    const std::string fs(1, char('a' + file_of(from))), rs(1, char('1' + rank_of(from)));
    const PieceType pt = type_of(pos.piece_on(from));
    std::string promo;
    if (m.kind() == PROMOTION) promo = std::string(1, piece_info(m.promotion()).letter);
    if (m.kind() == CASTLING) {
      texts = {"Kx" + square_name(to), "K" + square_name(to), square_name(from) + square_name(to)};
      const Square kto = pos.castling_king_to(castling_index(pos.side_to_move(), to > from));
      texts.push_back("K" + square_name(kto));
      texts.push_back(square_name(from) + square_name(kto));
    } else if (pt == PAWN) {
      for (const std::string& origin :
           {std::string(), fs, fs + "x", fs + rs, fs + rs + "x", fs + rs + "-"})
        for (const std::string& p :
             {promo, "=" + promo, promo.empty() ? std::string("=Q") : "/" + promo,
              std::string("=N"), std::string("=K")}) {
          texts.push_back(origin + square_name(to) + p);
          if (m.kind() == EN_PASSANT) texts.push_back(origin + square_name(to) + p + "e.p.");
        }
    } else {
      const std::string letter(1, piece_info(pt).letter);
      for (const std::string& origin : {std::string(), fs, rs, fs + rs})
        for (const char* x : {"", "x"}) texts.push_back(letter + origin + x + square_name(to));
      texts.push_back(letter + fs + rs + "-" + square_name(to));
    }
    for (const std::string& text : texts)
      for (SanSyntax syntax : {SanSyntax::kStrict, SanSyntax::kArchive})
        CompareText(pos, text, syntax, stats, w);
  }
}

// Every token of a kind in one position: each piece letter to each square with each single
// disambiguation, each pawn destination from each file with promotions, and (archive) each
// origin square of ours to each square. Catches what no legal move's family reaches.
template <class V>
void CompareSweep(const Position<V>& pos, DiffStats& stats, const std::string& where) {
  const Color us = pos.side_to_move();
  for (int s = 0; s < 64; ++s) {
    const std::string to = square_name(Square(s));
    for (const char* letter : {"N", "B", "R", "Q", "K"}) {
      CompareText(pos, letter + to, SanSyntax::kArchive, stats, where);
      for (int i = 0; i < 8; ++i) {
        CompareText(pos, letter + std::string(1, char('a' + i)) + to, SanSyntax::kArchive, stats,
                    where);
        CompareText(pos, letter + std::string(1, char('1' + i)) + to, SanSyntax::kArchive, stats,
                    where);
      }
    }
    for (const char* p : {"", "=Q", "=N", "=B", "=K"}) {
      CompareText(pos, to + p, SanSyntax::kArchive, stats, where);
      for (int f = std::max(0, file_of(Square(s)) - 1); f <= std::min(7, file_of(Square(s)) + 1);
           ++f)
        CompareText(pos, std::string(1, char('a' + f)) + "x" + to + p, SanSyntax::kArchive, stats,
                    where);
    }
    for (Bitboard ours = pos.pieces(us); ours;) {
      const std::string from = square_name(pop_lsb(ours));
      CompareText(pos, from + to, SanSyntax::kArchive, stats, where);
      if (rank_of(Square(s)) == 0 || rank_of(Square(s)) == 7)
        CompareText(pos, from + to + "q", SanSyntax::kArchive, stats, where);
    }
  }
}

std::vector<std::string> EpdFens(const char* name, std::size_t limit) {
  std::ifstream in(std::string(FAIRYKIT_DATA_DIR) + "/oracles/" + name);
  EXPECT_TRUE(in) << name;
  std::vector<std::string> out;
  std::string line;
  while (out.size() < limit && std::getline(in, line)) {
    std::string fen = line.substr(0, line.find(';'));
    while (!fen.empty() && (fen.back() == ' ' || fen.back() == '\r')) fen.pop_back();
    if (!fen.empty()) out.push_back(fen);
  }
  return out;
}

// Each FEN, then `plies` random legal moves from it (a fixed seed), comparing at every
// position; the sweep at every `sweep_every`-th position.
template <class V>
DiffStats Differential(const std::vector<std::string>& fens, int plies, int sweep_every,
                       bool skip_invalid = false) {
  DiffStats stats;
  std::uint64_t seed = 0x2545F4914F6CDD1DULL;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  std::vector<StateInfo> states(std::size_t(plies) + 1);
  for (const std::string& fen : fens) {
    StateInfo root;
    Position<V> pos;
    absl::Status s = set_from_fen(pos, fen, root);
    EXPECT_TRUE(s.ok() || skip_invalid) << fen << ": " << s;
    if (!s.ok()) continue;
    std::string where = fen;
    for (int ply = 0;; ++ply) {
      CompareMoves(pos, stats, where);
      if (sweep_every && stats.positions % std::uint64_t(sweep_every) == 0)
        CompareSweep(pos, stats, where);
      if (::testing::Test::HasFatalFailure() || ply == plies) break;
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      const Move m = moves[next() % moves.size()];
      where += ' ';
      where += move_to_uci(pos, m);
      pos.do_move(m, states[std::size_t(ply)]);
    }
    if (::testing::Test::HasFatalFailure()) break;
  }
  return stats;
}

void Print(const char* name, const DiffStats& s) {
  auto u = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  std::printf(
      "  %s: %llu positions, %llu moves (%llu checks, %llu mates), %llu texts (%llu ok, "
      "%llu with quirks, %llu illegal, %llu ambiguous, %llu bad)\n",
      name, u(s.positions), u(s.moves), u(s.checks), u(s.mates), u(s.texts), u(s.ok), u(s.quirky),
      u(s.illegal), u(s.ambiguous), u(s.bad));
}

TEST(SanDifferential, ChessStandardEpdAndPlayouts) {
  const DiffStats s = Differential<ChessVariant>(EpdFens("chess-standard.epd", 1000), 24, 17);
  Print("chess-standard.epd", s);
  EXPECT_GT(s.moves, 30000u);
  EXPECT_GT(s.ambiguous, 100u);
  EXPECT_GT(s.quirky, 10000u);
}

TEST(SanDifferential, Chess960FischerEpdAndPlayouts) {
  const DiffStats s = Differential<Chess960Variant>(EpdFens("chess960-fischer.epd", 1000), 3, 71);
  Print("chess960-fischer.epd", s);
  EXPECT_GT(s.moves, 100000u);
  EXPECT_GT(s.ambiguous, 100u);
}

TEST(SanDifferential, ChessTrickyAsChess960) {
  std::vector<std::string> fens;
  std::ifstream in(std::string(FAIRYKIT_DATA_DIR) + "/oracles/chess-tricky.perft");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("fen ", 0) == 0) fens.push_back(line.substr(4));
  ASSERT_EQ(fens.size(), 19u);
  const DiffStats s = Differential<Chess960Variant>(fens, 40, 5);
  Print("chess-tricky.perft", s);
}

// The check/mate suffix in random endgames, where mates are frequent (random playouts
// rarely mate): the writer's suffix, its flight-square shortcut included, against do_move
// and a count of the replies, and gives_check against in_check.
TEST(SanDifferential, SuffixInRandomEndgames) {
  std::uint64_t seed = 0xD1B54A32D192ED03ULL;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  const PieceType kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  std::uint64_t positions = 0, moves = 0, checks = 0, mates = 0;
  for (int i = 0; i < 100000; ++i) {
    fairykit::Setup setup;
    auto place = [&](Piece pc) {
      for (;;) {
        const Square s = Square(next() % 64);
        if (setup.board[s] != NO_PIECE) continue;
        if (type_of(pc) == PAWN && (rank_of(s) == RANK_1 || rank_of(s) == RANK_8)) continue;
        setup.board[s] = pc;
        return;
      }
    };
    place(make_piece(WHITE, KING));
    place(make_piece(BLACK, KING));
    const int strong = 1 + int(next() % 3), weak = int(next() % 3);
    const Color side = Color(next() % 2);
    for (int k = 0; k < strong; ++k) place(make_piece(side, kinds[next() % 5]));
    for (int k = 0; k < weak; ++k) place(make_piece(~side, kinds[next() % 5]));
    setup.side_to_move = side;
    StateInfo root;
    Position<ChessVariant> pos;
    if (!pos.set(setup, root).ok()) continue;
    ++positions;
    for (Move m : legal_moves(pos)) {
      ++moves;
      StateInfo st;
      pos.do_move(m, st);
      const bool check = pos.in_check(), mate = check && count_legal(pos) == 0;
      pos.undo_move(m);
      checks += check;
      mates += mate;
      ASSERT_EQ(gives_check(pos, m), check) << to_fen(pos) << " " << move_to_uci(pos, m);
      ASSERT_EQ(san_check_suffix(pos, m), mate    ? "#"
                                          : check ? "+"
                                                  : "")
          << to_fen(pos) << " " << move_to_uci(pos, m);
    }
  }
  std::printf("  random endgames: %llu positions, %llu moves, %llu checks, %llu mates\n",
              static_cast<unsigned long long>(positions), static_cast<unsigned long long>(moves),
              static_cast<unsigned long long>(checks), static_cast<unsigned long long>(mates));
  EXPECT_GT(mates, 2000u);
}

// Random texts over the alphabet of move notation, through both syntaxes: no crash, and the
// fast reader agrees with the reference on whatever parses.
TEST(SanDifferential, RandomTexts) {
  const std::string alphabet = "abcdefghKQRBNPOoqnx0-=/+#!?.ep12345678";
  std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  DiffStats stats;
  auto run = [&]<class V>(const Board<V>& b) {
    for (int i = 0; i < 40000; ++i) {
      std::string text;
      const std::size_t len = 1 + next() % 9;
      // Half of the texts start from a square or a piece and a square: more of them parse.
      if (next() % 2) {
        text = std::string(1, "NBRQK"[next() % 5]);
        text += square_name(Square(next() % 64));
      }
      while (text.size() < len) text += alphabet[next() % alphabet.size()];
      for (SanSyntax syntax : {SanSyntax::kStrict, SanSyntax::kArchive})
        CompareText(b.pos, text, syntax, stats, "random");
    }
  };
  // Promotion, en passant and castling in one position (8 white pawns: more is rejected).
  run(Board("r3k2r/pPp1pppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1"));
  run(Board("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"));
  run(Board<Chess960Variant>("4k3/8/8/8/8/8/8/RK5R w HA - 0 1"));
  run(Board<Chess960Variant>("rkr5/8/8/8/8/8/8/RKR5 b ACac - 0 1"));
  Print("random texts", stats);
  EXPECT_GT(stats.ok, 1000u);
}

TEST(SanDifferential, VariantWithoutBishops) {
  // The standard positions with bishops turned into knights (two give a check to the side
  // not to move then: skipped).
  std::vector<std::string> fens = EpdFens("chess-standard.epd", 1000);
  for (std::string& fen : fens) {
    const std::size_t board_end = fen.find(' ');
    for (std::size_t i = 0; i < board_end; ++i) {
      if (fen[i] == 'B') fen[i] = 'N';
      if (fen[i] == 'b') fen[i] = 'n';
    }
  }
  const DiffStats s = Differential<NoBishopVariant>(fens, 16, 29, true);
  Print("no bishops", s);
  Board<NoBishopVariant> b("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(Read(b, "b8=Q"), "b7b8q");
  EXPECT_EQ(Read(b, "b8=N"), "b7b8n");
  EXPECT_EQ(Read(b, "b8=R"), "illegal move 'b8=R'");
  EXPECT_EQ(Read(b, "b8=B"), "bad SAN 'b8=B'");
  EXPECT_EQ(Read(b, "Bc4"), "bad SAN 'Bc4'");
}

}  // namespace
}  // namespace fairykit
