// CwDA FEN dialects (rules/notation/cwda_fen.h; rules: docs/rules/cwda.md 4.4-4.6): vchess, xogo
// and pychess FEN convert to the native FEN; every pairing's start sets up and matches the
// oracle's perft counts; native -> vchess -> native round trips; one-line errors.
#include "rules/notation/cwda_fen.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "rules/core/movegen.h"
#include "rules/notation/fen.h"
#include "rules/notation/uci.h"

namespace fairykit {
namespace {

struct Pairing {
  const char* armies;
  const char* vchess;
  const char* pychess;
};

// cwda.md 4.4, copied verbatim.
const Pairing kPairings[] = {
    {"FC", "dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - FC",
     "dwackawd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"FN", "gitletig/vvvvvvvv/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - FN",
     "gihokhig/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"FR", "syhoahys/uuuuuuuu/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - FR",
     "smfekfms/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"CF", "rnbqkbnr/pppppppp/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 ahah - CF",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1"},
    {"CC", "dwfcmfwd/zzzzzzzz/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 ahah - CC",
     "dwackawd/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1"},
    {"CN", "gitletig/vvvvvvvv/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 ahah - CN",
     "gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1"},
    {"CR", "syhoahys/uuuuuuuu/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 ahah - CR",
     "smfekfms/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1"},
    {"NF", "rnbqkbnr/pppppppp/8/8/8/8/VVVVVVVV/GITLETIG w 0 ahah - NF",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/GIHOKHIG w KQkq - 0 1"},
    {"NC", "dwfcmfwd/zzzzzzzz/8/8/8/8/VVVVVVVV/GITLETIG w 0 ahah - NC",
     "dwackawd/pppppppp/8/8/8/8/PPPPPPPP/GIHOKHIG w KQkq - 0 1"},
    {"NN", "gitletig/vvvvvvvv/8/8/8/8/VVVVVVVV/GITLETIG w 0 ahah - NN",
     "gihokhig/pppppppp/8/8/8/8/PPPPPPPP/GIHOKHIG w KQkq - 0 1"},
    {"NR", "syhoahys/uuuuuuuu/8/8/8/8/VVVVVVVV/GITLETIG w 0 ahah - NR",
     "smfekfms/pppppppp/8/8/8/8/PPPPPPPP/GIHOKHIG w KQkq - 0 1"},
    {"RF", "rnbqkbnr/pppppppp/8/8/8/8/UUUUUUUU/SYHOAHYS w 0 ahah - RF",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/SMFEKFMS w KQkq - 0 1"},
    {"RC", "dwfcmfwd/zzzzzzzz/8/8/8/8/UUUUUUUU/SYHOAHYS w 0 ahah - RC",
     "dwackawd/pppppppp/8/8/8/8/PPPPPPPP/SMFEKFMS w KQkq - 0 1"},
    {"RN", "gitletig/vvvvvvvv/8/8/8/8/UUUUUUUU/SYHOAHYS w 0 ahah - RN",
     "gihokhig/pppppppp/8/8/8/8/PPPPPPPP/SMFEKFMS w KQkq - 0 1"},
    {"RR", "syhoahys/uuuuuuuu/8/8/8/8/UUUUUUUU/SYHOAHYS w 0 ahah - RR",
     "smfekfms/pppppppp/8/8/8/8/PPPPPPPP/SMFEKFMS w KQkq - 0 1"},
};

// The oracle: native FEN -> perft counts by depth.
std::map<std::string, std::map<int, std::uint64_t>> ReadOracle() {
  std::ifstream in(std::string(FAIRYKIT_DATA_DIR) + "/oracles/cwda.perft");
  std::map<std::string, std::map<int, std::uint64_t>> out;
  std::string line, fen;
  while (std::getline(in, line)) {
    if (line.rfind("fen ", 0) == 0) fen = line.substr(4);
    if (line.rfind("perft ", 0) == 0) {
      std::istringstream ss(line.substr(6));
      int d = 0;
      std::uint64_t n = 0;
      ss >> d >> n;
      out[fen][d] = n;
    }
  }
  return out;
}

std::uint64_t Perft(Position<CwdaVariant>& pos, int depth) {
  if (depth == 1) return count_legal(pos);
  std::uint64_t n = 0;
  for (Move m : legal_moves(pos)) {
    StateInfo st;
    pos.do_move(m, st);
    n += Perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return n;
}

std::string Native(std::string_view text, std::string_view hint = "") {
  absl::StatusOr<std::string> r = cwda_to_native_fen(text, hint);
  return r.ok() ? *r : "ERROR " + std::string(r.status().message());
}

TEST(CwdaFen, StartFen) {
  EXPECT_EQ(cwda_start_fen("CN"), "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN");
  EXPECT_EQ(cwda_start_fen("FF"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 FF");
  EXPECT_EQ(cwda_start_fen("CX"), "");
  EXPECT_EQ(cwda_start_fen("C"), "");
}

TEST(CwdaFen, EveryPairingFromVchessAndPychessMatchesTheOracle) {
  const auto oracle = ReadOracle();
  ASSERT_FALSE(oracle.empty());
  for (const Pairing& p : kPairings) {
    SCOPED_TRACE(p.armies);
    const std::string start = cwda_start_fen(p.armies);
    EXPECT_EQ(detect_cwda_dialect(p.vchess).value(), CwdaFenDialect::kVchess);
    EXPECT_EQ(detect_cwda_dialect(p.pychess).value(), CwdaFenDialect::kPychess);
    EXPECT_EQ(Native(p.vchess), start);
    EXPECT_EQ(Native(p.pychess), start);            // armies from the back ranks
    EXPECT_EQ(Native(p.pychess, p.armies), start);  // armies given
    EXPECT_EQ(Native(start), start);                // native passes through
    EXPECT_EQ(native_to_vchess_fen(start).value(), p.vchess);
    EXPECT_EQ(native_to_pychess_fen(start).value(), p.pychess);
    Position<CwdaVariant> pos;
    StateInfo root;
    ASSERT_TRUE(set_from_fen(pos, start, root).ok());
    EXPECT_EQ(to_fen(pos), start);
    auto it = oracle.find(start);
    ASSERT_NE(it, oracle.end()) << start;
    for (int d = 1; d <= 3; ++d) EXPECT_EQ(Perft(pos, d), it->second.at(d)) << "depth " << d;
  }
}

// Plays `moves` (UCI) from `fen` and returns the native FEN reached.
std::string After(const std::string& fen, const std::vector<std::string>& moves) {
  Position<CwdaVariant> pos;
  std::vector<StateInfo> st(moves.size() + 1);
  EXPECT_TRUE(set_from_fen(pos, fen, st[0]).ok());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    absl::StatusOr<Move> m = move_from_uci(pos, moves[i]);
    EXPECT_TRUE(m.ok()) << moves[i];
    if (!m.ok()) break;
    pos.do_move(*m, st[i + 1]);
  }
  return to_fen(pos);
}

// The FEN without its halfmove clock (vchess keeps none).
std::string NoClock(const std::string& fen) {
  std::istringstream ss(fen);
  std::vector<std::string> f;
  for (std::string w; ss >> w;) f.push_back(w);
  if (f.size() > 4) f[4] = "0";
  std::string out;
  for (const auto& w : f) out += (out.empty() ? "" : " ") + w;
  return out;
}

TEST(CwdaFen, NativeVchessNativeRoundTrips) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> games = {
      {"CN", {"e2e4", "d7d5", "e4d5", "e7e5"}},  // e.p. square, black pawns moved
      {"RF", {"e2e4", "e7e5", "g1g3"}},          // black to move, clock 1
      {"FC", {"g1f3", "b8d6", "f3g1", "d6b8", "h2h4"}},
      {"NR", {"d2d4", "d7d5", "c1d3"}},
  };
  for (const auto& [armies, moves] : games) {
    const std::string fen = After(cwda_start_fen(armies), moves);
    SCOPED_TRACE(fen);
    absl::StatusOr<std::string> v = native_to_vchess_fen(fen);
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(Native(*v), NoClock(fen)) << *v;
    absl::StatusOr<std::string> p = native_to_pychess_fen(fen);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(Native(*p, armies), fen) << *p;
  }
  // Lost castling rights and the ply count.
  EXPECT_EQ(native_to_vchess_fen("dwfck2d/8/8/8/8/8/8/R3K3 b Qk - 3 12 FC").value(),
            "dwfcm2d/8/8/8/8/8/8/R3K3 b 23 aiih - FC");
  EXPECT_EQ(Native("dwfcm2d/8/8/8/8/8/8/R3K3 b 23 aiih - FC"),
            "dwfck2d/8/8/8/8/8/8/R3K3 b Qk - 0 12 FC");
  EXPECT_EQ(Native("dwfcm2d/8/8/8/8/8/8/R3K3 b 23 - - FC"),
            "dwfck2d/8/8/8/8/8/8/R3K3 b - - 0 12 FC");
}

TEST(CwdaFen, XogoJsonTail) {
  const std::string start = cwda_start_fen("CN");
  EXPECT_EQ(Native("gitletig/vvvvvvvv/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 "
                   "{\"armies\":\"CN\",\"flags\":\"0707\",\"enpassant\":\"-\"}"),
            start);
  // Spaces, other keys (nested too), key order, file letters for the flags, escapes.
  EXPECT_EQ(Native("gitletig/vvvvvvvv/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 "
                   "{ \"enpassant\" : \"-\", \"extra\": {\"a\": [1, \"}\"]}, \"n\": 3,"
                   " \"flags\": \"ahah\", \"armies\": \"C\\u004e\", \"x\": true }"),
            start);
  EXPECT_EQ(Native("4k3/8/8/3pP3/8/8/8/4K3 w 7 {\"armies\":\"RR\",\"flags\":\"8888\","
                   "\"enpassant\":\"d6\"}"),
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 4 RR");
  // No armies entry: the hint supplies them.
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 b 1 {\"flags\":\"8888\"}", "NF"),
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 NF");
}

TEST(CwdaFen, LettersDecideTheDialectWithoutAnArmiesField) {
  // T/L/Y exist only in the native letters: a native FEN whose armies field is missing.
  EXPECT_EQ(Native("gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1", "CN"),
            cwda_start_fen("CN"));
  EXPECT_EQ(Native("gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1"),
            "ERROR native FEN armies field: missing (a 7th field such as \"CN\", White's army "
            "first)");
  // Only kings and pawns: the armies must be given.
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "RC"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 RC");
}

TEST(CwdaFen, ErrorsNameTheDialectAndField) {
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            "ERROR pychess FEN board field: cannot tell White's army from the pieces; give the "
            "armies (e.g. \"CN\")");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w x ahah - FC"),
            "ERROR vchess FEN ply count field: 'x' is not a number");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 aha - FC"),
            "ERROR vchess FEN castling flags field: 'aha' is not 4 flags (the castling "
            "partners' files, White's queen and king side, then Black's) or '-'");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNX w 0 ahah - FC"),
            "ERROR vchess FEN board field: unknown piece letter 'X'");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR x 0 ahah - FC"),
            "ERROR vchess FEN turn field: 'x' is not w or b");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah e5 FC"),
            "ERROR vchess FEN en passant field: 'e5' is not '-' or a square on rank 3 or 6");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - FC", "CF"),
            "ERROR vchess FEN armies field: armies 'FC' differ from the given armies 'CF'");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w 0 {\"armies\":\"CX\"}"),
            "ERROR xogo FEN armies field: 'CX' is not two army letters of FCNR (White's, then "
            "Black's)");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w 0 {\"armies\":\"CN\""),
            "ERROR xogo FEN JSON field: column 39: expected ',' or '}'");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w 0 {\"armies\" \"CN\"}"),
            "ERROR xogo FEN JSON field: column 35: expected ':' after \"armies\"");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w {\"armies\":\"CN\"}"),
            "ERROR xogo FEN board/turn/plies field: expected 3 fields before the JSON tail, "
            "found 2");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w - -", "CZ"),
            "ERROR pychess FEN armies field: given armies 'CZ' are not two army letters of FCNR "
            "(White's, then Black's)");
  EXPECT_EQ(Native("4k3/8 w"),
            "ERROR CwDA FEN: 2 fields fit no dialect (native: 7 with the armies; vchess: 6 "
            "ending in the armies; pychess: 6; xogo: 3 and a JSON tail)");
  EXPECT_FALSE(native_to_vchess_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").ok());
}

// Quoted input is escaped: a raw byte once went to the terminal.
TEST(CwdaFen, QuotedInputIsEscaped) {
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBN\x01 w 0 ahah - FC"),
            "ERROR vchess FEN board field: unknown piece letter '\\x01'");
  EXPECT_EQ(Native("dwackawd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x80 w KQkq - 0 1"),
            "ERROR pychess FEN board field: unknown piece letter '\\x80'");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR \x7f 0 ahah - FC"),
            "ERROR vchess FEN turn field: '\\x7F' is not w or b");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 1\x02 ahah - FC"),
            "ERROR vchess FEN ply count field: '1\\x02' is not a number");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w 0 {\"ar\x1bmies\" \"CN\"}"),
            "ERROR xogo FEN JSON field: column 36: expected ':' after \"ar\\x1Bmies\"");
  EXPECT_EQ(Native("4k3/8/8/8/8/8/8/4K3 w - -", "C\x03"),
            "ERROR pychess FEN armies field: given armies 'C\\x03' are not two army letters of "
            "FCNR (White's, then Black's)");
}

// Ply counts and fullmove numbers up to parsers::kMaxFenCounter.
TEST(CwdaFen, CountersOutOfRange) {
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 1000000000 ahah - FC"),
            "ERROR vchess FEN ply count field: 1000000000 is out of range (at most 999999999)");
  EXPECT_EQ(Native("dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR b 999999999 ahah - FC"),
            "dwfckfwd/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 500000000 FC");
  absl::StatusOr<std::string> v = native_to_vchess_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 500000000 FC");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(*v, "4m3/8/8/8/8/8/8/4K3 b 999999999 iiii - FC");
  v = native_to_vchess_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 500000001 FC");
  EXPECT_EQ(v.status().message(),
            "native FEN fullmove number field: move 500000001 is ply 1000000000, beyond the "
            "largest vchess ply count, 999999999");
  v = native_to_vchess_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999 FC");
  EXPECT_EQ(v.status().message(),
            "native FEN fullmove number field: 99999999999 is out of range (at most 999999999)");
}

}  // namespace
}  // namespace fairykit
