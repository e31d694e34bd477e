#include "rules/notation/san.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "rules/notation/fen.h"
#include "rules/notation/uci.h"
#include "tests/rules/board.h"

namespace fairykit {
namespace {

// ---------------------------------------------------------------------------------------
// Oracle files: just enough reading for the FENs and the depth-1/2 counts.

struct OracleEntry {
  std::string fen;
  std::string variant;  // .perft files only
  std::uint64_t d1 = 0, d2 = 0;
};

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return std::string(s);
}

std::string OraclePath(const char* name) {
  return std::string(FAIRYKIT_DATA_DIR) + "/oracles/" + name;
}

// .epd: the FEN is the text before the first ';', then ";D1 n ;D2 n ...".
std::vector<OracleEntry> ReadEpd(const char* name, std::size_t limit) {
  std::ifstream in(OraclePath(name));
  EXPECT_TRUE(in) << OraclePath(name);
  std::vector<OracleEntry> out;
  std::string line;
  while (out.size() < limit && std::getline(in, line)) {
    if (Trim(line).empty()) continue;
    OracleEntry e;
    std::size_t semi = line.find(';');
    e.fen = Trim(std::string_view(line).substr(0, semi));
    for (std::size_t p = semi; p != std::string::npos; p = line.find(';', p + 1)) {
      std::string op = Trim(std::string_view(line).substr(p + 1, line.find(';', p + 1) - p - 1));
      if (op.rfind("D1 ", 0) == 0) e.d1 = std::stoull(op.substr(3));
      if (op.rfind("D2 ", 0) == 0) e.d2 = std::stoull(op.substr(3));
    }
    out.push_back(e);
  }
  return out;
}

// .perft: blocks of `id`, `variant`, `fen`, `perft D N` lines.
std::vector<OracleEntry> ReadPerft(const char* name) {
  std::ifstream in(OraclePath(name));
  EXPECT_TRUE(in) << OraclePath(name);
  std::vector<OracleEntry> out;
  std::string line, variant;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.rfind("variant ", 0) == 0) variant = line.substr(8);
    if (line.rfind("fen ", 0) == 0) {
      out.push_back(OracleEntry{line.substr(4), variant, 0, 0});
      variant.clear();
    }
    if (line.rfind("perft 1 ", 0) == 0 && !out.empty()) out.back().d1 = std::stoull(line.substr(8));
    if (line.rfind("perft 2 ", 0) == 0 && !out.empty()) out.back().d2 = std::stoull(line.substr(8));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Round trip of every legal move of a position, with the invariants of the suffix.

template <class V>
std::uint64_t CheckRoundTrip(Position<V>& pos, const std::string& where) {
  const MoveList moves = legal_moves(pos);
  std::set<std::string> seen;
  for (Move m : moves) {
    const std::string san = move_to_san(pos, m);
    const std::string uci = move_to_uci(pos, m);
    EXPECT_TRUE(seen.insert(san).second) << where << ": SAN " << san << " written twice";

    absl::StatusOr<Move> back = move_from_san(pos, san);
    EXPECT_TRUE(back.ok()) << where << ": " << san << ": " << back.status();
    if (back.ok()) {
      EXPECT_EQ(back->raw(), m.raw()) << where << ": " << san;
    }
    absl::StatusOr<Move> back_uci = move_from_uci(pos, uci);
    EXPECT_TRUE(back_uci.ok()) << where << ": " << uci << ": " << back_uci.status();
    if (back_uci.ok()) {
      EXPECT_EQ(back_uci->raw(), m.raw()) << where << ": " << uci;
    }

    // The suffix tells the truth: '+' iff check, '#' iff check and no reply.
    StateInfo st;
    pos.do_move(m, st);
    const bool check = pos.in_check();
    const bool mate = check && count_legal(pos) == 0;
    pos.undo_move(m);
    const char last = san.back();
    EXPECT_EQ(last == '+' || last == '#', check) << where << ": " << san;
    EXPECT_EQ(last == '#', mate) << where << ": " << san;
    EXPECT_EQ(gives_check(pos, m), check) << where << ": " << san;
    // The body alone reads back to the same move too.
    if (check) {
      absl::StatusOr<Move> bare = move_from_san(pos, san.substr(0, san.size() - 1));
      EXPECT_TRUE(bare.ok() && *bare == m) << where << ": " << san;
    }
  }
  return moves.size();
}

// Totals of one oracle file's round trip. A position's move count is also checked against
// its D1 (and, one ply deeper, D2) count where the file gives one.
struct RoundTripTotals {
  std::uint64_t positions = 0;
  std::uint64_t moves = 0;           // depth 1: every legal move of every position
  std::uint64_t deeper_moves = 0;    // depth 2: every legal move after every legal move
  std::uint64_t with_counts = 0;     // positions whose D1 the file gives
  std::uint64_t counted_moves = 0;   // the moves of those positions
  std::uint64_t deeper_checked = 0;  // positions expanded one ply deeper whose D2 it gives
};

template <class V>
RoundTripTotals RoundTripFile(const std::vector<OracleEntry>& entries, const char* name,
                              std::size_t deeper) {
  RoundTripTotals t;
  for (const OracleEntry& e : entries) {
    StateInfo root;
    Position<V> pos;
    absl::Status s = set_from_fen(pos, e.fen, root);
    EXPECT_TRUE(s.ok()) << name << ": " << e.fen << ": " << s;
    if (!s.ok()) continue;
    const std::string where = std::string(name) + " " + e.fen;
    const std::uint64_t n = CheckRoundTrip(pos, where);
    if (e.d1) {
      EXPECT_EQ(n, e.d1) << where;
      ++t.with_counts;
      t.counted_moves += n;
    }
    t.moves += n;
    if (t.positions++ < deeper) {
      std::uint64_t n2 = 0;
      for (Move m : legal_moves(pos)) {
        const std::string after = where + " after " + move_to_uci(pos, m);
        StateInfo st;
        pos.do_move(m, st);
        n2 += CheckRoundTrip(pos, after);
        pos.undo_move(m);
      }
      if (e.d2) {
        EXPECT_EQ(n2, e.d2) << where;
        ++t.deeper_checked;
      }
      t.deeper_moves += n2;
    }
  }
  return t;
}

TEST(SanRoundTrip, ChessStandardEpdWithOnePlyDeeperForTheFirst20) {
  std::vector<OracleEntry> entries = ReadEpd("chess-standard.epd", 1000);
  ASSERT_EQ(entries.size(), 128u);  // 128 positions (tests/data/README.md)
  const RoundTripTotals t = RoundTripFile<ChessVariant>(entries, "chess-standard.epd", 20);
  EXPECT_EQ(t.positions, 128u);
  EXPECT_EQ(t.with_counts, 126u);     // two lines start at D4 / D5
  EXPECT_EQ(t.counted_moves, 1408u);  // the sum of the file's D1 counts
  EXPECT_GT(t.moves, t.counted_moves);
  EXPECT_EQ(t.deeper_checked, 20u);
  EXPECT_EQ(t.deeper_moves, 7165u);  // the sum of the first 20 D2 counts
}

TEST(SanRoundTrip, ChessTrickyPerftAsChess960) {
  std::vector<OracleEntry> entries = ReadPerft("chess-tricky.perft");
  ASSERT_EQ(entries.size(), 19u);
  for (const OracleEntry& e : entries) EXPECT_EQ(e.variant, "chess960") << e.fen;
  const RoundTripTotals t = RoundTripFile<Chess960Variant>(entries, "chess-tricky.perft", 0);
  EXPECT_EQ(t.positions, 19u);
  EXPECT_EQ(t.with_counts, 19u);
  EXPECT_EQ(t.moves, 349u);  // the sum of the file's "perft 1" counts
}

TEST(SanRoundTrip, Chess960FischerEpdFirst200) {
  std::vector<OracleEntry> entries = ReadEpd("chess960-fischer.epd", 200);
  ASSERT_EQ(entries.size(), 200u);
  const RoundTripTotals t = RoundTripFile<Chess960Variant>(entries, "chess960-fischer.epd", 0);
  EXPECT_EQ(t.positions, 200u);
  EXPECT_EQ(t.with_counts, 200u);
  EXPECT_EQ(t.moves, 5441u);  // the sum of the first 200 D1 counts
}

// ---------------------------------------------------------------------------------------
// Hand-picked positions.

using testing::Board;

TEST(SanWrite, DisambiguationByFile) {
  Board b("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(b.San("b1d2"), "Nbd2");
  EXPECT_EQ(b.San("f3d2"), "Nfd2");
  EXPECT_EQ(b.San("b1c3"), "Nc3");
  EXPECT_EQ(b.San("f3e5"), "Ne5");
  EXPECT_EQ(b.ReadSan("Nbd2"), "b1d2");
  EXPECT_EQ(b.ReadSan("Nfd2"), "f3d2");
  EXPECT_EQ(b.ReadSan("N3d2"), "f3d2");
  EXPECT_EQ(b.ReadSan("Nf3d2"), "f3d2");
}

TEST(SanWrite, DisambiguationByRank) {
  Board b("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(b.San("a1a3"), "R1a3");
  EXPECT_EQ(b.San("a5a3"), "R5a3");
  EXPECT_EQ(b.San("a1a2"), "R1a2");
  EXPECT_EQ(b.San("a1b1"), "Rb1");
  EXPECT_EQ(b.San("a5e5"), "Re5+");
  EXPECT_EQ(b.ReadSan("R1a3"), "a1a3");
  EXPECT_EQ(b.ReadSan("R5a3"), "a5a3");
  EXPECT_EQ(b.ReadSan("Ra3"), "ambiguous move 'Ra3': R1a3, R5a3");
  EXPECT_EQ(b.ReadSan("Raa3"), "ambiguous move 'Raa3': R1a3, R5a3");
}

TEST(SanWrite, DisambiguationByFileAndRankWithThreeQueens) {
  Board b("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
  EXPECT_EQ(b.San("h4e1"), "Qh4e1");
  EXPECT_EQ(b.San("e4e1"), "Qee1");
  EXPECT_EQ(b.San("h1e1"), "Q1e1");
  EXPECT_EQ(b.ReadSan("Qh4e1"), "h4e1");
  EXPECT_EQ(b.ReadSan("Qh4xe1"), "h4e1");  // a wrong 'x' is not checked
  EXPECT_EQ(b.ReadSan("Qee1"), "e4e1");
  EXPECT_EQ(b.ReadSan("Q1e1"), "h1e1");
  EXPECT_EQ(b.ReadSan("Qe1"), "ambiguous move 'Qe1': Q1e1, Qee1, Qh4e1");
  EXPECT_EQ(b.ReadSan("Qhe1"), "ambiguous move 'Qhe1': Q1e1, Qh4e1");
  EXPECT_EQ(b.ReadSan("Q4e1"), "ambiguous move 'Q4e1': Qee1, Qh4e1");
  EXPECT_EQ(b.ReadSan("Qh2e1"), "illegal move 'Qh2e1'");
}

TEST(SanWrite, PinnedPieceDoesNotCauseDisambiguation) {
  // The knight on c3 is pinned by the bishop on a5: only the g1 knight can go to e2.
  Board b("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
  EXPECT_EQ(b.San("g1e2"), "Ne2");
  EXPECT_EQ(b.ReadSan("Ne2"), "g1e2");
  EXPECT_EQ(b.ReadSan("Nge2"), "g1e2");  // superfluous but unique
  EXPECT_EQ(b.ReadSan("Nce2"), "illegal move 'Nce2'");
}

TEST(SanWrite, PawnsEnPassantAndPromotions) {
  Board ep("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(ep.San("e5d6"), "exd6");
  EXPECT_EQ(ep.San("e5e6"), "e6");
  absl::StatusOr<Move> m = move_from_san(ep.pos, "exd6");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->kind(), EN_PASSANT);
  EXPECT_EQ(*m, Move::make(SQ_E5, SQ_D6, EN_PASSANT));

  Board p("r6k/1P2P3/8/8/8/8/8/6K1 w - - 0 1");
  EXPECT_EQ(p.San("e7e8q"), "e8=Q+");
  EXPECT_EQ(p.San("e7e8r"), "e8=R+");
  EXPECT_EQ(p.San("e7e8b"), "e8=B");
  EXPECT_EQ(p.San("e7e8n"), "e8=N");
  EXPECT_EQ(p.San("b7a8n"), "bxa8=N");
  EXPECT_EQ(p.San("b7a8q"), "bxa8=Q+");
  EXPECT_EQ(p.San("b7b8r"), "b8=R+");
  EXPECT_EQ(p.ReadSan("e8=Q+"), "e7e8q");
  EXPECT_EQ(p.ReadSan("e8=Q"), "e7e8q");
  EXPECT_EQ(p.ReadSan("e8Q"), "e7e8q");
  EXPECT_EQ(p.ReadSan("bxa8=N"), "b7a8n");
  EXPECT_EQ(p.ReadSan("bxa8N"), "b7a8n");
  EXPECT_EQ(p.ReadSan("e8"), "illegal move 'e8'");
  EXPECT_EQ(p.ReadSan("e8=K"), "illegal move 'e8=K'");
  EXPECT_EQ(p.ReadSan("e8=P"), "illegal move 'e8=P'");
  EXPECT_EQ(p.ReadSan("e8=Z"), "bad SAN 'e8=Z'");
  EXPECT_EQ(p.ReadSan("exd8=Q"), "illegal move 'exd8=Q'");
}

TEST(SanWrite, CastlingWithCheckAndMate) {
  Board b("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(b.San("e1g1"), "O-O+");
  const Move oo = Move::make(SQ_E1, SQ_H1, CASTLING);
  for (const char* text : {"O-O", "O-O+", "0-0", "0-0+", "O-O#", "O-O!"}) {
    absl::StatusOr<Move> m = move_from_san(b.pos, text);
    ASSERT_TRUE(m.ok()) << text << ": " << m.status();
    EXPECT_EQ(*m, oo) << text;
  }
  EXPECT_EQ(b.ReadSan("O-O-O"), "illegal move 'O-O-O'");
  EXPECT_EQ(b.ReadSan("Kg1"), "illegal move 'Kg1'");  // castling is written O-O

  Board q("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
  EXPECT_EQ(q.San("e8c8"), "O-O-O");
  EXPECT_EQ(q.ReadSan("0-0-0"), "e8c8");

  Board scholar("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  EXPECT_EQ(scholar.San("h5f7"), "Qxf7#");
  EXPECT_EQ(scholar.San("c4f7"), "Bxf7+");
  EXPECT_EQ(scholar.ReadSan("Qxf7#"), "h5f7");
  EXPECT_EQ(scholar.ReadSan("Qxf7+"), "h5f7");  // a wrong suffix does not fail the move
  EXPECT_EQ(scholar.ReadSan("Qxf7"), "h5f7");
}

TEST(SanWrite, Chess960Castling) {
  // The king stays on g1; only the rook moves (h1 -> f1).
  Board<Chess960Variant> stays("4k3/8/8/8/8/8/8/6KR w H - 0 1");
  EXPECT_EQ(stays.San("g1h1"), "O-O");
  EXPECT_EQ(stays.ReadSan("O-O"), "g1h1");
  EXPECT_EQ(*move_from_san(stays.pos, "O-O"), Move::make(SQ_G1, SQ_H1, CASTLING));
  EXPECT_EQ(stays.San("g1f1"), "Kf1");

  // The rook starts on the king's destination (g1): king and rook swap.
  Board<Chess960Variant> swap("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
  EXPECT_EQ(swap.San("f1g1"), "O-O");
  EXPECT_EQ(*move_from_san(swap.pos, "0-0"), Move::make(SQ_F1, SQ_G1, CASTLING));
  EXPECT_EQ(swap.San("g1h1"), "Rh1");

  // Queen side, rook on c1 (the king's destination), king e1.
  Board<Chess960Variant> long_side("4k3/8/8/8/8/8/8/2R1K3 w C - 0 1");
  EXPECT_EQ(long_side.San("e1c1"), "O-O-O");
  EXPECT_EQ(*move_from_san(long_side.pos, "O-O-O"), Move::make(SQ_E1, SQ_C1, CASTLING));
  EXPECT_EQ(long_side.San("e1d1"), "Kd1");
  EXPECT_EQ(long_side.San("c1d1"), "Rd1");
  EXPECT_EQ(long_side.ReadSan("O-O"), "illegal move 'O-O'");

  // The king on b1 castles long to c1; Kc1 is a different move.
  Board<Chess960Variant> b1("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
  EXPECT_EQ(b1.San("b1a1"), "O-O-O");
  EXPECT_EQ(b1.San("b1c1"), "Kc1");
  EXPECT_EQ(b1.ReadSan("Kc1"), "b1c1");
  EXPECT_EQ(b1.ReadSan("O-O-O"), "b1a1");

  // Check by the castled rook (Chess960 form of the standard case).
  Board<Chess960Variant> check("5k2/8/8/8/8/8/8/4K2R w H - 0 1");
  EXPECT_EQ(check.San("e1h1"), "O-O+");
}

TEST(SanRead, ErrorMessages) {
  Board b("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(b.ReadSan("Zf3"), "bad SAN 'Zf3'");
  EXPECT_EQ(b.ReadSan("Nf6"), "illegal move 'Nf6'");
  EXPECT_EQ(b.ReadSan("e5"), "illegal move 'e5'");
  EXPECT_EQ(b.ReadSan("O-O"), "illegal move 'O-O'");
  EXPECT_EQ(b.ReadSan("Ke2"), "illegal move 'Ke2'");
  for (const char* bad :
       {"",        "e",      "e9",  "i4",  "Nf",   "N",       "nf3",   "N f3", "Pe4",
        "O-O-O-O", "0-0-",   "exd", "ed5", "e4++", "e4!!!",   "Nf3!+", "e8=",  "e8=QQ",
        "Nf3=Q",   "Ng1-f3", "Of3", "+",   "Kxx",  "Nb1d2d2", "--"}) {
    EXPECT_EQ(b.ReadSan(bad), absl::StrCat("bad SAN '", bad, "'")) << bad;
  }
  Board amb("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(amb.ReadSan("Nd2"), "ambiguous move 'Nd2': Nbd2, Nfd2");
  EXPECT_EQ(amb.ReadSan("Nxd2"), "ambiguous move 'Nxd2': Nbd2, Nfd2");
  EXPECT_EQ(amb.ReadSan("Nd2+"), "ambiguous move 'Nd2+': Nbd2, Nfd2");
}

TEST(SanRead, SuffixesAndSuperfluousDisambiguation) {
  Board b("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  for (const char* text : {"Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?",
                           "Nf3?!", "Nf3+!", "Nf3#??", "Ngf3", "N1f3", "Ng1f3", "Nxf3"}) {
    EXPECT_EQ(b.ReadSan(text), "g1f3") << text;
  }
  EXPECT_EQ(b.ReadSan("e4"), "e2e4");
  EXPECT_EQ(b.ReadSan("e4!?"), "e2e4");
  EXPECT_EQ(b.ReadSan("e3"), "e2e3");
}

TEST(SanToken, SyntaxOnly) {
  static_assert([] {
    SanToken t;
    return parse_san_token("Qh4xe1+!", t) && t.kind == SanToken::Kind::kPieceMove &&
           t.piece == 'Q' && t.file == 7 && t.rank == 3 && t.capture && t.to == SQ_E1 &&
           t.check == '+' && t.promotion == 0;
  }());
  static_assert([] {
    SanToken t;
    return parse_san_token("exd8=N#", t) && t.kind == SanToken::Kind::kPawnMove && t.file == 4 &&
           t.rank == -1 && t.capture && t.to == SQ_D8 && t.promotion == 'N' && t.check == '#';
  }());
  static_assert([] {
    SanToken t;
    return parse_san_token("0-0-0", t) && t.kind == SanToken::Kind::kCastleQueenSide &&
           t.check == 0;
  }());
  static_assert([] {
    SanToken t;
    return !parse_san_token("Zf", t) && parse_san_token("Zf3", t) && t.piece == 'Z';
  }());
  SanToken t;
  EXPECT_TRUE(parse_san_token("R1a3", t));
  EXPECT_EQ(t.file, -1);
  EXPECT_EQ(t.rank, 0);
  EXPECT_EQ(t.to, SQ_A3);
  EXPECT_FALSE(t.capture);
}

// Every field of a token, for comparing two readings.
std::string TokenFields(bool parsed, const SanToken& t) {
  if (!parsed) return "no";
  return absl::StrCat(int(t.kind), " ", t.piece == 0 ? std::string("-") : std::string(1, t.piece),
                      " ", int(t.file), " ", int(t.rank), " ", t.capture, t.dash, t.ep_marker,
                      t.archive, " ", int(t.to), " ", int(t.promotion), " ", int(t.check), " ",
                      t.quirks.bits());
}

// Whether two readings agree on every field of TokenFields: the loop below compares
// millions of readings, and formats them only when they differ.
bool SameReading(bool parsed_a, const SanToken& a, bool parsed_b, const SanToken& b) {
  const auto fields = [](const SanToken& t) {
    return std::tie(t.kind, t.piece, t.file, t.rank, t.capture, t.dash, t.ep_marker, t.archive,
                    t.to, t.promotion, t.check, t.quirks);
  };
  return parsed_a == parsed_b && (!parsed_a || fields(a) == fields(b));
}

// parse_san_token reads the common shapes (e4, exd5, Nf3, Nxf3, Nbd2, N1d2, with '+' or
// '#') by a shortcut of its own: on every text of up to 5 characters from an alphabet
// that makes all of those shapes and the ones next to them, it must read what the general
// reader reads, or decline and leave the token alone.
TEST(SanToken, CommonShapesReadAsTheGeneralReaderReadsThem) {
  const std::string alphabet = "aeh0148xNKOPZ+#-=!?.p ";
  const SanToken untouched{.piece = '@', .file = 5, .to = SQ_H8};
  std::string text;
  std::size_t compared = 0, common = 0;
  for (std::size_t length = 0; length <= 5; ++length) {
    std::vector<std::size_t> digit(length, 0);
    for (;;) {
      text.resize(length);
      for (std::size_t i = 0; i < length; ++i) text[i] = alphabet[digit[i]];
      for (SanSyntax syntax : {SanSyntax::kStrict, SanSyntax::kArchive}) {
        SanToken general = untouched, shortcut = untouched, both = untouched;
        const bool g = san_detail::parse_any_san(text, general, syntax);
        const bool s = san_detail::parse_common_san(text, shortcut, syntax);
        const bool b = parse_san_token(text, both, syntax);
        ++compared;
        if (s) {
          ++common;
          if (!SameReading(s, shortcut, g, general))
            ASSERT_EQ(TokenFields(s, shortcut), TokenFields(g, general)) << '"' << text << '"';
        } else if (!SameReading(true, shortcut, true, untouched)) {
          ASSERT_EQ(TokenFields(true, shortcut), TokenFields(true, untouched))
              << '"' << text << '"';
        }
        if (!SameReading(b, both, g, general))
          ASSERT_EQ(TokenFields(b, both), TokenFields(g, general)) << '"' << text << '"';
      }
      std::size_t i = 0;
      while (i < length && ++digit[i] == alphabet.size()) digit[i++] = 0;
      if (i == length) break;
    }
  }
  // Both readers saw every text; the shortcut read its shapes (not a test that passes
  // because the shortcut never answers).
  EXPECT_EQ(compared,
            2 * (1 + 22 + 22 * 22 + 22 * 22 * 22 + 22 * 22 * 22 * 22 + 22 * 22 * 22 * 22 * 22));
  // Its shapes over this alphabet (files a e h, ranks 1 4 8, letters N K O P Z), each bare,
  // with '+' and with '#', in both syntaxes: e4, exd5, Nf3, Nxf3, Nbd2, N1d2.
  EXPECT_EQ(common, 2u * 3 * (3 * 3 + 3 * 9 + 5 * 9 + 5 * 9 + 5 * 3 * 9 + 5 * 3 * 9));
}

}  // namespace
}  // namespace fairykit
