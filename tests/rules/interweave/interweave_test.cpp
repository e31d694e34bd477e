// Interweave rules engine (rules/interweave/position.h) against docs/rules/interweave.md.
#include "rules/interweave/position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "parsers/perft_file.h"
#include "rules/core/bitboard.h"
#include "rules/core/move_facts.h"
#include "rules/core/pieces.h"

namespace fairykit::interweave {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<parsers::PerftRecord> Oracles() {
  absl::StatusOr<std::vector<parsers::PerftRecord>> r = parsers::parse_perft_file(
      ReadFile(std::string(FAIRYKIT_DATA_DIR) + "/oracles/interweave.perft"));
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : std::vector<parsers::PerftRecord>{};
}

// A position and its moves as text.
struct Iw {
  Position pos;
  explicit Iw(std::string_view fen) {
    absl::Status s = pos.set_fen(fen);
    EXPECT_TRUE(s.ok()) << fen << ": " << s;
  }
  // Every legal turn in SAN, sorted, space-separated; checks the counting generator agrees.
  std::string Moves() const {
    MoveList list;
    pos.generate_legal(list);
    std::vector<std::string> v;
    for (const Move& m : list) v.push_back(pos.to_san(m));
    std::sort(v.begin(), v.end());
    EXPECT_EQ(v.size(), pos.count_legal()) << "the counting generator disagrees";
    std::string out;
    for (const std::string& m : v) out += (out.empty() ? "" : " ") + m;
    return out;
  }
  Move Parse(std::string_view text) const {
    absl::StatusOr<Move> m = pos.parse_move(text);
    EXPECT_TRUE(m.ok()) << text << ": " << m.status();
    return m.ok() ? *m : Move();
  }
  // The squares the turn `text` captures, as "{a4,b3}".
  std::string Captured(std::string_view text) const {
    Bitboard b = Parse(text).captured();
    std::string out = "{";
    while (b) {
      if (out.size() > 1) out += ',';
      out += square_name(pop_lsb(b));
    }
    return out + "}";
  }
  // What the turn `text` did (rules/core/move_facts.h): "moved steps victim/method...", pieces
  // by their letters.
  std::string Facts(std::string_view text) const {
    MoveFacts f;
    pos.move_facts(Parse(text), f);
    std::string out(1, piece_info(f.moved).letter);
    out.append(" ").append(std::to_string(f.steps));
    for (int i = 0; i < f.captures; ++i) {
      const MoveFacts::Capture& c = f.captured[std::size_t(i)];
      out.append(" ").append(1, piece_info(c.type).letter).append("/").append(describe(c.method));
    }
    if (f.promotion != NO_PIECE_TYPE) out.append(" =").append(1, piece_info(f.promotion).letter);
    return out;
  }
  void Play(std::string_view text) { pos.do_move(Parse(text)); }
  std::string Error(std::string_view text) const {
    absl::StatusOr<Move> m = pos.parse_move(text);
    return m.ok() ? "ok: " + pos.to_san(*m) : std::string(m.status().message());
  }
};

std::string FenError(std::string_view fen) {
  Position pos;
  absl::Status s = pos.set_fen(fen);
  return s.ok() ? "ok" : std::string(s.message());
}

// ---------------------------------------------------------------------------------------
// Perft

TEST(InterweavePerft, OracleCounts) {
  int counts = 0;
  for (const parsers::PerftRecord& rec : Oracles()) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(rec.fen).ok()) << rec.fen;
    EXPECT_EQ(pos.fen(), rec.fen);
    for (const parsers::PerftCount& c : rec.counts) {
      EXPECT_EQ(pos.perft(c.depth), c.nodes) << rec.id << " depth " << c.depth;
      ++counts;
    }
  }
  EXPECT_EQ(counts, 29);  // 7 positions; the start position to depth 5 (19,982,456 turns)
}

// Invariants at every node: undo restores the FEN and the key, the counting and the listing
// generators agree, the key and boards are consistent, and every turn's SAN and UCI read back
// to it (its vchess notation to a set that contains it).
void CheckTree(Position& pos, int depth, std::uint64_t& nodes) {
  std::string why;
  ASSERT_TRUE(pos.is_consistent(&why)) << pos.fen() << ": " << why;
  MoveList list;
  pos.generate_legal(list);
  ASSERT_EQ(list.size(), pos.count_legal()) << pos.fen();
  ++nodes;
  if (depth == 0) return;
  const std::string fen = pos.fen();
  const Key key = pos.key();
  for (const Move& m : list) {
    const std::string san = pos.to_san(m), uci = pos.to_uci(m), vchess = pos.to_vchess(m);
    absl::StatusOr<Move> a = pos.parse_move(san), b = pos.parse_move(uci);
    ASSERT_TRUE(a.ok() && *a == m) << fen << " " << san << ": " << a.status();
    ASSERT_TRUE(b.ok() && *b == m) << fen << " " << uci << ": " << b.status();
    const std::vector<Move> v = pos.vchess_matches(vchess);
    ASSERT_TRUE(std::find(v.begin(), v.end(), m) != v.end()) << fen << " " << vchess;
    absl::StatusOr<Move> c = pos.parse_move(vchess);
    if (v.size() == 1) {
      ASSERT_TRUE(c.ok() && *c == m) << fen << " " << vchess;
    } else {
      ASSERT_FALSE(c.ok());
      ASSERT_NE(c.status().message().find("ambiguous move"), std::string_view::npos);
    }
    // The per-step captures add up to the turn's.
    Bitboard all = 0;
    for (Bitboard s : pos.step_captures(m)) all |= s;
    ASSERT_EQ(all, m.captured()) << fen << " " << san;
    pos.do_move(m);
    CheckTree(pos, depth - 1, nodes);
    pos.undo_move();
    ASSERT_EQ(pos.fen(), fen) << san;
    ASSERT_EQ(pos.key(), key) << san;
  }
}

TEST(InterweavePerft, InvariantsAtEveryNodeToDepth3) {
  for (const parsers::PerftRecord& rec : Oracles()) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(rec.fen).ok());
    std::uint64_t nodes = 0;
    CheckTree(pos, 3, nodes);
    EXPECT_EQ(nodes, 1 + pos.perft(1) + pos.perft(2) + pos.perft(3)) << rec.id;
  }
}

TEST(InterweavePerft, SubmovePerftCountsEveryStep) {
  // Without chains, a sub-move is a turn.
  Position start;
  EXPECT_EQ(submove_perft(start, 3), start.perft(3));
  // Na7xe7xa5 is two sub-moves: 8 first steps (a7-e7 and the others), then one more.
  Iw chain("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8");
  EXPECT_EQ(submove_perft(chain.pos, 1), 8u);
  EXPECT_EQ(chain.pos.perft(1), 8u);
}

// ---------------------------------------------------------------------------------------
// The seed-000 diagrams (§1.12), White to move.

TEST(InterweaveSeedDiagrams, King) {
  // Quiet d6 f6 f4 d4, but the two captures are compulsory.
  EXPECT_EQ(Iw("8/8/4b3/3nK3/8/8/8/8").Moves(), "Ke5xc5 Ke5xe7");
  EXPECT_EQ(Iw("8/8/8/4K3/8/8/8/8").Moves(), "Ke5-d4 Ke5-d6 Ke5-f4 Ke5-f6");
}

TEST(InterweaveSeedDiagrams, Smasher) {
  EXPECT_EQ(Iw("8/8/5p2/8/8/8/1R3p2/8").Moves(),
            "Rb2-a1 Rb2-a3 Rb2-b4 Rb2-b6 Rb2-b8 Rb2-c1 Rb2-c3 Rb2-d2 Rb2-d4 Rb2-e5");
  Iw capture("8/1p6/8/8/8/8/1R4p1/8");
  EXPECT_EQ(capture.Moves(), "Rb2xb6 Rb2xf2");
  EXPECT_EQ(capture.Captured("Rb2xb6"), "{b7}");
  EXPECT_EQ(capture.Captured("Rb2xf2"), "{g2}");
}

TEST(InterweaveSeedDiagrams, Leaper) {
  // c5 blocked by the friendly b3 midpoint; a7 and g1 at even distance block.
  EXPECT_EQ(Iw("8/p7/5p2/8/8/1P6/8/N5p1").Moves(),
            "Na1-a3 Na1-a5 Na1-b2 Na1-c1 Na1-c3 Na1-d4 Na1-e1 Na1-e3 Na1-e5 b3-a4 b3-c4");
  // h1 cannot be taken: no landing square beyond it.
  Iw capture("8/8/8/8/p7/8/2p5/N6b");
  EXPECT_EQ(capture.Moves(), "Na1xa5 Na1xa7 Na1xe3");
  EXPECT_EQ(capture.Captured("Na1xe3"), "{c2}");
  EXPECT_EQ(capture.Captured("Na1xa7"), "{a4}");
}

TEST(InterweaveSeedDiagrams, Remover) {
  Iw pos("fen:8/8/8/4p3/4Bp2/8/8/8");
  EXPECT_EQ(pos.Moves(), "Be4x");
  EXPECT_EQ(pos.Captured("Be4x"), "{f4,e5}");
}

TEST(InterweaveSeedDiagrams, Pawns) {
  EXPECT_EQ(Iw("8/8/3P4/8/8/8/1P6/8").Moves(), "b2-a3 b2-c3 b2-d4 d6-c7 d6-e7");
}

TEST(InterweaveSeedDiagrams, PawnCapturesAndTheFullList) {
  Iw pos("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8");
  EXPECT_EQ(pos.Moves(), "Na7xc7 Na7xe5 Na7xe7xa5 Na7xg7 Nc5xc7 d6xc7 e2xe4 h3xh5");
  EXPECT_EQ(pos.Captured("d6xc7"), "{c6,b7}");  // custodian with a7 and with c5
  EXPECT_EQ(pos.Captured("e2xe4"), "{e3}");
  EXPECT_EQ(pos.Captured("h3xh5"), "{h4,h6}");  // short leap + custodian with h7
  EXPECT_EQ(pos.Captured("Na7xe7xa5"), "{c6,b7}");
}

// ---------------------------------------------------------------------------------------
// Capture methods (§1.4)

TEST(InterweaveCaptures, KingShortLeapOnlyOverEnemies) {
  Iw pos("8/8/8/8/3nK3/8/8/8");
  // e4: d4 is an enemy with c4 empty; no two-square move without a capture.
  EXPECT_EQ(pos.Moves(), "Ke4xc4");
  EXPECT_EQ(pos.Captured("Ke4xc4"), "{d4}");
  EXPECT_EQ(pos.Error("Ke4-e6"), "illegal move \"Ke4-e6\"");
}

TEST(InterweaveCaptures, SmasherApproach) {
  // A15: an enemy at distance 3 is approached from distance 2; b1, adjacent, cannot be.
  Iw pos("8/8/8/8/r7/8/8/Rn6");
  EXPECT_EQ(pos.Moves(), "Ra1xa3");
  EXPECT_EQ(pos.Captured("Ra1xa3"), "{a4}");
  // An enemy at distance 5: the Smasher stops on the 4th square; at even distance, no capture.
  EXPECT_EQ(Iw("8/8/8/R4n2/8/8/8/R3n3").Moves(), "Ra5xe5");
  // Diagonal moves never capture.
  EXPECT_EQ(Iw("8/8/8/8/8/2n5/8/R7").Moves(), "Ra1-a3 Ra1-a5 Ra1-a7 Ra1-b2 Ra1-c1 Ra1-e1 Ra1-g1");
}

TEST(InterweaveCaptures, LeaperLongLeapLandsOnEveryEmptyEvenSquare) {
  EXPECT_EQ(Iw("8/8/8/8/8/8/8/Nr6").Moves(), "Na1xc1 Na1xe1 Na1xg1");
  // A piece beyond the victim ends the landing squares (A1, A2: no second victim).
  EXPECT_EQ(Iw("8/8/8/8/8/8/8/Nr3K2").Moves(), "Na1xc1 Na1xe1");
  EXPECT_EQ(Iw("8/8/8/8/8/8/8/Nrn5").Moves(),
            "Na1-a3 Na1-a5 Na1-a7 Na1-b2 Na1-c3 Na1-c5 Na1-d4 Na1-e3 Na1-e5 Na1-f6 Na1-g7 Na1-h8");
  // Distance 3 (odd): the victim may stand away from the Leaper.
  EXPECT_EQ(Iw("8/8/8/8/8/8/8/N2r4").Moves(), "Na1xe1 Na1xg1");
}

TEST(InterweaveCaptures, LeaperDoubleKnight) {
  // Over an enemy midpoint (c2) to e3; a friendly midpoint (b3) forbids c5 (A16).
  Iw pos("8/8/8/8/8/1P6/2p5/N7");
  EXPECT_EQ(pos.Moves(), "Na1xe3");
  EXPECT_EQ(pos.Captured("Na1xe3"), "{c2}");
  // An occupied landing square forbids it.
  EXPECT_EQ(Iw("8/8/8/8/8/4K3/2p5/N7").Moves().find("Na1xe3"), std::string::npos);
}

TEST(InterweaveCaptures, RemoverTakesEveryAdjacentEnemyInOneMove) {
  Iw pos("8/8/8/3rp3/3pBp2/4p3/8/8");
  EXPECT_EQ(pos.Moves(), "Be4x");  // one move, however many victims (A4); d5 is diagonal
  EXPECT_EQ(pos.Captured("Be4x"), "{e3,d4,f4,e5}");
  EXPECT_EQ(pos.Parse("Be4xe4"), pos.Parse("Be4x"));
  EXPECT_EQ(pos.Parse("e4R"), pos.Parse("Be4x"));
  EXPECT_EQ(pos.Parse("e4e4"), pos.Parse("Be4x"));
}

TEST(InterweaveCaptures, PawnShortLeap) {
  Iw pos("8/8/8/8/3r4/3P4/8/8");
  EXPECT_EQ(pos.Moves(), "d3xd5");
  pos.Play("d3xd5");
  // The leaped Smasher goes to Black's pool once (vchess counts it twice, §1.10).
  EXPECT_EQ(pos.pos.fen(), "8/8/8/3P4/8/8/8/8 b 1 - 000100");
  // Nothing to leap to when the square beyond is occupied.
  EXPECT_EQ(Iw("8/8/8/3K4/3r4/3P4/8/8").Moves().find("d3x"), std::string::npos);
}

TEST(InterweaveCaptures, CustodianWithEveryAnvil) {
  // d4-e5 sandwiches f5 against g5, whatever friendly piece stands there (A8).
  for (char anvil : std::string("KRNBP")) {
    const std::string fen = std::string("8/8/8/5p") + anvil + "1/3P4/8/8/8";
    Iw pos(fen);
    EXPECT_NE(pos.Moves().find("d4xe5"), std::string::npos) << fen << ": " << pos.Moves();
    EXPECT_EQ(pos.Captured("d4xe5"), "{f5}") << fen;
  }
  // No anvil, no capture; an enemy stepping into a sandwich is not captured.
  EXPECT_EQ(Iw("8/8/8/5p2/3P4/8/8/8").Moves(), "d4-c5 d4-e5");
  // Several at once, combined with the short leap: "up to four pieces at once".
  Iw four("8/3P4/3p4/1Pp1pP2/3p4/3P4/8/8");
  EXPECT_EQ(four.Captured("d3xd5"), "{d4,c5,e5,d6}");
}

TEST(InterweaveCaptures, CustodianOnADoubleStepGivesNoEnPassant) {
  Iw pos("8/8/8/8/4pP2/8/1P6/8");
  EXPECT_EQ(pos.Moves(), "b2xd4");
  EXPECT_EQ(pos.Captured("b2xd4"), "{e4}");
  pos.Play("b2xd4");
  EXPECT_EQ(pos.pos.fen(), "8/8/8/8/3P1P2/8/8/8 b 1 - 000000");
  EXPECT_EQ(pos.pos.ep_midpoint(), SQ_NONE);
  // A quiet double step gives it, when a Pawn can use it: a Black Pawn behind the midpoint
  // (c4), the square beyond (c2) empty.
  Iw quiet("8/8/8/8/2p5/8/1P6/8");
  quiet.Play("b2-d4");
  EXPECT_EQ(quiet.pos.fen(), "8/8/8/8/2pP4/8/8/8 b 1 c3,d 000000");
}

TEST(InterweaveCaptures, EnPassantRightOnlyWhenAPawnCanUseIt) {
  // No Black Pawn on c4, or c2 occupied: the position is the one without the double step,
  // with its FEN and its key (one position, one key, however it was reached).
  for (const char* fen : {"8/8/8/8/8/8/1P6/8 w 0 - 000000", "8/8/8/8/2p5/8/1PN5/8 w 0 - 000000",
                          "8/8/8/8/2P5/8/1P6/8 w 0 - 000000", "8/8/8/8/2n5/8/1P6/8 w 0 - 000000"}) {
    Iw pos(fen);
    pos.Play("b2-d4");
    EXPECT_EQ(pos.pos.ep_midpoint(), SQ_NONE) << fen;
    const std::string written = pos.pos.fen();
    EXPECT_EQ(written.find("c3,d"), std::string::npos) << fen;
    Iw same(written);
    EXPECT_EQ(same.pos.key(), pos.pos.key()) << fen;
    // The PGN standard's form names it after every double step.
    EXPECT_NE(pos.pos.fen(EpField::kAfterDoubleStep).find(" c3,d "), std::string::npos) << fen;
    std::string why;
    EXPECT_TRUE(pos.pos.is_consistent(&why)) << why;
  }
  // A FEN that names a right no Pawn can use: read, then dropped (written back with
  // EpField::kAfterDoubleStep only).
  Iw named("8/8/8/8/3P4/8/8/8 b 1 c3,d 000000");
  EXPECT_EQ(named.pos.fen(), "8/8/8/8/3P4/8/8/8 b 1 - 000000");
  EXPECT_EQ(named.pos.fen(EpField::kAfterDoubleStep), "8/8/8/8/3P4/8/8/8 b 1 c3,d 000000");
  EXPECT_EQ(named.pos.key(), Iw("8/8/8/8/3P4/8/8/8 b 1 - 000000").pos.key());
  // A right that can be used is kept and keyed.
  Iw usable("8/8/8/8/2pP4/8/8/8 b 1 c3,d 000000");
  EXPECT_EQ(usable.pos.ep_midpoint(), SQ_C3);
  EXPECT_NE(usable.pos.key(), Iw("8/8/8/8/2pP4/8/8/8 b 1 - 000000").pos.key());
}

TEST(InterweaveCaptures, EnPassantByShortLeapOnTheNextTurnOnly) {
  Iw pos("k1k5/8/8/8/2p5/8/1P6/K1K5 w 0 - 000000");
  pos.Play("b2-d4");
  EXPECT_EQ(pos.Moves(), "c4xc2");  // compulsory
  EXPECT_EQ(pos.Captured("c4xc2"), "{d4}");
  // Not a turn later.
  Iw later("k1k5/8/8/8/2p5/8/1P6/K1K5 w 0 - 000000");
  later.Play("b2-d4");
  EXPECT_EQ(later.pos.fen(), "k1k5/8/8/8/2pP4/8/8/K1K5 b 1 c3,d 000000");
  Iw from_fen("k1k5/8/8/8/2pP4/8/8/K1K5 w 1 - 000000");
  from_fen.Play("Ka1-b2");
  EXPECT_EQ(from_fen.Moves().find("c4xc2"), std::string::npos);
}

TEST(InterweaveMoveFacts, EachVictimWithTheWayItWasTaken) {
  // En passant: over the empty midpoint c3 of White's double step, taking d4.
  Iw ep("k1k5/8/8/8/2p5/8/1P6/K1K5 w 0 - 000000");
  ep.Play("b2-d4");
  EXPECT_EQ(ep.Facts("c4xc2"), "P 1 P/en passant");
  // The Pawn that has just double-stepped leaped over from d5: a short leap, not en passant.
  Iw leap("k1k5/8/8/3p4/8/8/1P6/K1K5 w 0 - 000000");
  leap.Play("b2-d4");
  // (No Black Pawn behind c3: no en passant right is written.)
  EXPECT_EQ(leap.pos.fen(), "k1k5/8/8/3p4/3P4/8/8/K1K5 b 1 - 000000");
  EXPECT_EQ(leap.Captured("d5xd3"), "{d4}");
  EXPECT_EQ(leap.Facts("d5xd3"), "P 1 P/short leap");
  // ... or enclosed against the Remover on c4 by f5-e4: custodian.
  Iw enclosed("k1k5/8/8/5p2/2b5/8/1P6/K1K5 w 0 - 000000");
  enclosed.Play("b2-d4");
  EXPECT_EQ(enclosed.Captured("f5xe4"), "{d4}");
  EXPECT_EQ(enclosed.Facts("f5xe4"), "P 1 P/custodian");
  // A short leap with custodian captures around the landing square.
  EXPECT_EQ(Iw("8/3P4/3p4/1Pp1pP2/3p4/3P4/8/8").Facts("d3xd5"),
            "P 1 P/short leap P/custodian P/custodian P/custodian");
  // Each piece's own way; a chain counts its steps; a promoted Pawn goes on as its new piece.
  EXPECT_EQ(Iw("8/8/4b3/3nK3/8/8/8/8").Facts("Ke5xc5"), "K 1 N/short leap");
  EXPECT_EQ(Iw("8/1p6/8/8/8/8/1R4p1/8").Facts("Rb2xb6"), "R 1 P/approach");
  EXPECT_EQ(Iw("8/8/8/4p3/4Bp2/8/8/8").Facts("Be4x"), "B 1 P/removal P/removal");
  EXPECT_EQ(Iw("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8").Facts("Na7xe7xa5"), "N 2 R/leap R/leap");
  EXPECT_EQ(Iw("3r4/2p5/2P5/8/8/8/8/8 w 0 - 010000").Facts("c6xc8=Nxe8"),
            "P 2 P/short leap R/leap =N");
  EXPECT_EQ(Iw("8/8/8/8/8/8/1P6/8").Facts("b2-d4"), "P 1");
}

TEST(InterweaveCaptures, ChainsContinueWithTheSamePiece) {
  // After a7xe7 the Leaper must go on: the double knight over c6 to a5.
  Iw pos("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8");
  EXPECT_EQ(pos.Error("Na7xe7"), "illegal move \"Na7xe7\"");
  EXPECT_EQ(pos.Parse("Na7xe7xa5").size(), 2);
  EXPECT_EQ(pos.pos.to_uci(pos.Parse("Na7xe7xa5")), "a7e7a5");
  // Captured pieces vanish at once (A3): a later step may cross or land on their squares.
  Iw vanish("K1K5/8/8/8/8/8/8/Nk1b3k w 0 - 000000");
  EXPECT_EQ(vanish.Moves(), "Na1xc1xe1# Na1xc1xg1#");
}

TEST(InterweaveCaptures, PromotionMidChainContinuesWithNewPowers) {
  Iw pos("3r4/2p5/2P5/8/8/8/8/8 w 0 - 010000");
  EXPECT_EQ(pos.Moves(), "c6xc8=Nxe8 c6xc8=Nxg8");
  EXPECT_EQ(pos.pos.to_uci(pos.Parse("c6xc8=Nxe8")), "c6c8ne8");
  pos.Play("c6xc8=Nxe8");
  // White's Leaper left the pool; Black's captured Smasher entered Black's.
  EXPECT_EQ(pos.pos.fen(), "4N3/8/8/8/8/8/8/8 b 1 - 000100");
}

TEST(InterweaveCaptures, CaptureIsCompulsory) {
  // The King has four quiet moves, the Leaper many, but b2 must capture.
  EXPECT_EQ(Iw("8/8/8/8/1p6/8/8/1R1K3N w 0 - 000000").Moves(), "Rb1xb3");
}

// ---------------------------------------------------------------------------------------
// Promotion (§1.6)

TEST(InterweavePromotion, OptionalOnRank7CompulsoryOnRank8) {
  EXPECT_EQ(Iw("8/8/1P6/8/8/8/8/8 w 0 - 111000").Moves(),
            "b6-a7 b6-a7=B b6-a7=N b6-a7=R b6-c7 b6-c7=B b6-c7=N b6-c7=R");
  EXPECT_EQ(Iw("8/1P6/8/8/8/8/8/8 w 0 - 101000").Moves(), "b7-a8=B b7-a8=R b7-c8=B b7-c8=R");
  // Only the types in the pool; Black's pool does not count.
  EXPECT_EQ(Iw("8/1P6/8/8/8/8/8/8 w 0 - 000111").Moves(), "");
  EXPECT_EQ(Iw("8/8/1P6/8/8/8/8/8 w 0 - 000111").Moves(), "b6-a7 b6-c7");
  // An empty pool blocks rank 8 also by short leap.
  EXPECT_EQ(Iw("8/1r6/1P6/8/8/8/8/8 w 0 - 000000").Moves(), "b6-a7 b6-c7");
  EXPECT_EQ(Iw("8/1r6/1P6/8/8/8/8/8 w 0 - 010000").Moves(), "b6xb8=N");
}

TEST(InterweavePromotion, PoolDecrementsAndRefills) {
  Iw pos("1b6/1P6/8/8/8/8/8/8 w 0 - 200000");
  pos.Play("b7-a8=R");
  EXPECT_EQ(pos.pos.fen(), "Rb6/8/8/8/8/8/8/8 b 1 - 100000");
  EXPECT_EQ(pos.Moves(), "Bb8x");
  pos.Play("Bb8x");
  EXPECT_EQ(pos.pos.fen(), "1b6/8/8/8/8/8/8/8 w 2 - 200000");
  pos.pos.undo_move();
  pos.pos.undo_move();
  EXPECT_EQ(pos.pos.fen(), "1b6/1P6/8/8/8/8/8/8 w 0 - 200000");
}

// ---------------------------------------------------------------------------------------
// End of game (§1.7)

TEST(InterweaveState, KingCaptured) {
  Iw pos("7k/8/8/8/8/k7/K7/7K w 0 - 000000");
  EXPECT_EQ(pos.pos.state().end, GameEnd::kNone);
  EXPECT_EQ(pos.Moves(), "Ka2xa4#");
  pos.Play("Ka2xa4#");
  const GameState st = pos.pos.state();
  EXPECT_EQ(st.end, GameEnd::kKingCaptured);
  EXPECT_EQ(st.side_to_move, BLACK);
  EXPECT_EQ(pgn_result(st), "1-0");
  EXPECT_EQ(pos.pos.count_legal(), 0u);  // no moves after a King is lost
  EXPECT_EQ(pos.pos.perft(2), 0u);
}

TEST(InterweaveState, KingCapturedMidChainFinishesTheChain) {
  Iw pos("7k/8/7K/8/6K1/8/8/Nk1b4 w 0 - 000000");
  EXPECT_EQ(pos.Moves(), "Na1xc1xe1# Na1xc1xg1#");
  pos.Play("Na1xc1xg1");
  EXPECT_EQ(pos.pos.state().end, GameEnd::kKingCaptured);
  EXPECT_EQ(pos.pos.fen(), "7k/8/7K/8/6K1/8/8/6N1 b 1 - 000001");
}

// A12 (decided 2026-11): a position where one side has two Kings and the other fewer is
// finished, whatever FEN it was loaded from; boards where neither side has two Kings are
// diagrams and play as they stand.
TEST(InterweaveState, TwoKingsAgainstFewerIsFinishedWhateverTheFen) {
  Iw white_wins("k7/8/8/8/8/8/8/K1K5 w 0 - 000000");  // no moves, not 3
  EXPECT_TRUE(white_wins.pos.king_missing());
  EXPECT_EQ(white_wins.Moves(), "");
  EXPECT_EQ(white_wins.pos.perft(1), 0u);
  EXPECT_EQ(white_wins.pos.perft(2), 0u);
  GameState st = white_wins.pos.state();
  EXPECT_EQ(st.end, GameEnd::kKingCaptured);
  EXPECT_EQ(st.side_to_move, BLACK);  // the loser: the side with fewer Kings
  EXPECT_EQ(pgn_result(st), "1-0");
  Iw black_wins("k1k5/8/8/8/8/8/8/8 w 0 - 000000");
  EXPECT_EQ(black_wins.pos.count_legal(), 0u);
  st = black_wins.pos.state();
  EXPECT_EQ(st.end, GameEnd::kKingCaptured);
  EXPECT_EQ(st.side_to_move, WHITE);
  EXPECT_EQ(pgn_result(st), "0-1");
  EXPECT_EQ(white_wins.Error("Ka1-b2"), "illegal move \"Ka1-b2\"");
  // A FEN written after a King capture reloads as finished.
  Iw game("7k/8/8/8/8/k7/K7/7K w 0 - 000000");
  game.Play("Ka2xa4#");
  Iw again(game.pos.fen());
  EXPECT_EQ(again.pos.fen(), "7k/8/8/8/K7/8/8/7K b 1 - 000000");
  EXPECT_EQ(again.pos.state().end, GameEnd::kKingCaptured);
  EXPECT_EQ(again.pos.state().side_to_move, BLACK);
  EXPECT_EQ(again.pos.count_legal(), 0u);
  // Neither side has two Kings: rules diagrams, played as they stand (a King captured there
  // ends nothing).
  Iw lone("k7/8/8/8/8/8/8/K7 w 0 - 000000");
  EXPECT_FALSE(lone.pos.king_missing());
  EXPECT_EQ(lone.Moves(), "Ka1-b2");
  Iw none("8/8/8/4p3/4Bp2/8/8/8");
  EXPECT_EQ(none.Moves(), "Be4x");
  Iw one_each("8/8/8/8/8/k7/K7/8 w 0 - 000000");
  one_each.Play("Ka2xa4");
  EXPECT_FALSE(one_each.pos.king_missing());
  EXPECT_EQ(one_each.pos.state().end, GameEnd::kNoLegalMove);  // Black has nothing left
  // Two Kings each: the game goes on.
  EXPECT_FALSE(Iw(Position::kStartFen).pos.king_missing());
}

TEST(InterweaveState, NoLegalMoveLoses) {
  Iw pos("k1k5/8/8/8/8/p1p1p3/1P1P3P/K1K5 b 0 - 000000");
  pos.Play("Kc8-d7");
  EXPECT_EQ(pos.Moves(), "h2-f4 h2-g3");
  pos.Play("h2-g3");
  pos.Play("Kd7-c8");
  EXPECT_EQ(pos.Moves(), "g3-f4 g3-h4");
  // A White Pawn on rank 7 with an empty pool, Kings and Pawns blocked.
  Iw stuck("k1k5/7P/8/8/8/p1p1p3/1P1P4/K1K5 w 0 - 000000");
  const GameState st = stuck.pos.state();
  EXPECT_EQ(st.end, GameEnd::kNoLegalMove);
  EXPECT_EQ(st.side_to_move, WHITE);
  EXPECT_EQ(pgn_result(st), "0-1");
}

TEST(InterweaveState, ThirdRepetitionLosesForThePlayerWhoMadeIt) {
  Iw pos("k7/8/8/8/8/8/8/K7 w 0 - 000000");
  for (int cycle = 0; cycle < 2; ++cycle) {
    EXPECT_EQ(pos.pos.state().repetitions, cycle + 1);
    pos.Play("Ka1-b2");
    pos.Play("Ka8-b7");
    pos.Play("Kb2-a1");
    EXPECT_EQ(pos.pos.state().end, GameEnd::kNone);
    pos.Play("Kb7-a8");
  }
  const GameState st = pos.pos.state();
  EXPECT_EQ(st.end, GameEnd::kRepetitionLoss);
  EXPECT_EQ(st.repetitions, 3);
  EXPECT_EQ(st.loser(), BLACK);
  EXPECT_EQ(pgn_result(st), "1-0");
}

TEST(InterweaveState, RepetitionIncludesThePools) {
  // Same board and side, different pools: not the same position.
  Position a, b;
  ASSERT_TRUE(a.set_fen("k7/8/8/8/8/8/8/K7 w 0 - 000000").ok());
  ASSERT_TRUE(b.set_fen("k7/8/8/8/8/8/8/K7 w 0 - 100000").ok());
  EXPECT_NE(a.key(), b.key());
  ASSERT_TRUE(b.set_fen("k7/8/8/8/8/8/8/K7 w 0 - 000000").ok());
  EXPECT_EQ(a.key(), b.key());
}

TEST(InterweaveState, FiftyMoveRuleIsAClaimableDraw) {
  Iw pos("k7/8/8/8/8/8/8/K7 w 0 - 000000 99");
  EXPECT_EQ(pos.pos.state().end, GameEnd::kNone);
  pos.Play("Ka1-b2");
  GameState st = pos.pos.state();
  EXPECT_EQ(st.end, GameEnd::kFiftyMoveRule);
  EXPECT_TRUE(st.fifty_moves);
  EXPECT_FALSE(st.over());
  EXPECT_EQ(pos.pos.fen(), "k7/8/8/8/8/8/1K6/8 b 1 - 000000 100");
  // A Pawn move resets the clock.
  Iw pawn("k7/8/8/8/8/8/1P6/K7 w 0 - 000000 99");
  pawn.Play("b2-c3");
  EXPECT_EQ(pawn.pos.halfmove_clock(), 0);
  // Precedence: no legal move before the 50-move rule.
  Iw stuck("8/1P6/8/8/8/8/8/8 w 0 - 000000 120");
  EXPECT_EQ(stuck.pos.state().end, GameEnd::kNoLegalMove);
}

// ---------------------------------------------------------------------------------------
// FEN (§1.11)

TEST(InterweaveFen, RoundTripsAndDefaults) {
  Position pos;
  EXPECT_EQ(pos.fen(), Position::kStartFen);
  ASSERT_TRUE(pos.set_fen("rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR").ok());
  EXPECT_EQ(pos.fen(), Position::kStartFen);
  ASSERT_TRUE(pos.set_fen("fen:8/8/8/4p3/4Bp2/8/8/8").ok());
  EXPECT_EQ(pos.fen(), "8/8/8/4p3/4Bp2/8/8/8 w 0 - 000000");
  ASSERT_TRUE(pos.set_fen("k1k5/8/8/8/2pP4/8/8/K1K5 b 7 c3,d 212000 12").ok());
  EXPECT_EQ(pos.fen(), "k1k5/8/8/8/2pP4/8/8/K1K5 b 7 c3,d 212000 12");
  EXPECT_EQ(pos.pool(WHITE, SMASHER), 2);
  EXPECT_EQ(pos.pool(WHITE, LEAPER), 1);
  EXPECT_EQ(pos.pool(WHITE, REMOVER), 2);
  EXPECT_EQ(pos.ep_midpoint(), SQ_C3);
  EXPECT_EQ(pos.ep_arrival(), SQ_D4);
  ASSERT_TRUE(pos.set_fen("k1k5/8/8/2pP4/8/8/8/K1K5 w 7 d6,c 000000").ok());
  EXPECT_EQ(pos.ep_arrival(), SQ_C5);
  EXPECT_EQ(Iw(pos.fen()).Moves(), "d5xd7");  // e.p. is compulsory too
}

TEST(InterweaveFen, ErrorsNameTheFieldAndTheCharacter) {
  EXPECT_EQ(FenError(""), "empty FEN");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 -"),
            "FEN has 4 fields; expected the board alone or 5 or 6 fields (board turn plies ep "
            "pool [halfmove])");
  EXPECT_EQ(FenError("rbnkqnbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"),
            "FEN board field, column 5: 'q' is not a piece letter (K R N B P, k r n b p)");
  EXPECT_EQ(FenError("rbnkknbr/ppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"),
            "FEN board field, column 17: rank 7 has 7 squares");
  EXPECT_EQ(FenError("rbnkknbr/pppppppp/9/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"),
            "FEN board field, column 19: '9' is not a piece letter (K R N B P, k r n b p)");
  EXPECT_EQ(FenError("rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP w 0 - 000000"),
            "FEN board field, column 1: 8 ranks expected, found 7");
  EXPECT_EQ(FenError("PPPPPPPP/PPPPPPPP/PPP5/8/8/8/8/8"),
            "FEN board field, column 1: 19 White pieces, more than an army's 16");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 x 0 - 000000"),
            "FEN turn field, column 17: 'x' is not w or b");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 1a - 000000"),
            "FEN plies field, column 20: 'a' is not a digit");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 c3-d 000000"),
            "FEN en passant field, column 23: '-' where ',' was expected");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 c9,d 000000"),
            "FEN en passant field, column 22: '9' is not a rank");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 b 0 c4,d 000000"),
            "FEN en passant field, column 21: c4 is not on rank 3, where a White double step "
            "passes");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 b 0 c3,f 000000"),
            "FEN en passant field, column 24: arrival file 'f' is not next to the midpoint's");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 b 0 c3,d 000000"),
            "FEN en passant field, column 24: no White Pawn on d4");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 - 0001x0"),
            "FEN pool field, column 27: 'x' is not a digit");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 - 00000"),
            "FEN pool field, column 23: 6 digits expected, found 5");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 - 000000 -3"),
            "FEN halfmove field, column 30: '-' is not a digit");
  // Raw bytes are escaped.
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/7\x01 w 0 - 000000"),
            "FEN board field, column 16: '\\x01' is not a piece letter (K R N B P, k r n b p)");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 \xC3\xA9 0 - 000000"),
            "FEN turn field, column 17: '\\xC3' is not w or b");
}

// A pool holds at most 2 of a type (what a side starts with), so a
// pool digit never overflows and every position reached can be written and read back.
TEST(InterweaveFen, PoolsAndKingsAreBoundedByTheArmy) {
  // A pool digit above 2 (vchess's counter never goes down, so its FENs have them) is read
  // as 2, with a warning naming the column; a pool never holds more, so that a King taking
  // the Smasher cannot raise White's pool to 10.
  auto warnings = [](std::string_view fen) {
    Position pos;
    absl::Status s = pos.set_fen(fen);
    if (!s.ok()) return std::string(s.message());
    std::string out = pos.fen();
    for (const std::string& w : pos.fen_warnings()) out += "\n" + w;
    return out;
  };
  EXPECT_EQ(warnings("8/8/8/8/8/8/kR6/8 b 0 - 900000"),
            "8/8/8/8/8/8/kR6/8 b 0 - 200000\n"
            "FEN pool field, column 25: 9 White Smashers in the pool, more than the 2 a side "
            "starts with; read as 2");
  EXPECT_EQ(warnings("8/8/8/8/8/8/8/8 w 0 - 030000"),
            "8/8/8/8/8/8/8/8 w 0 - 020000\n"
            "FEN pool field, column 24: 3 White Leapers in the pool, more than the 2 a side "
            "starts with; read as 2");
  EXPECT_EQ(warnings("8/8/8/8/8/8/8/8 w 0 - 322223"),
            "8/8/8/8/8/8/8/8 w 0 - 222222\n"
            "FEN pool field, column 23: 3 White Smashers in the pool, more than the 2 a side "
            "starts with; read as 2\n"
            "FEN pool field, column 28: 3 Black Removers in the pool, more than the 2 a side "
            "starts with; read as 2");
  EXPECT_EQ(warnings("8/8/8/8/8/8/8/8 w 0 - 222222"), "8/8/8/8/8/8/8/8 w 0 - 222222");
  {
    Iw smash("8/8/8/8/8/8/kR6/8 b 0 - 900000");
    EXPECT_EQ(smash.Moves(), "Ka2xc2");
    smash.Play("Ka2xc2");
    EXPECT_EQ(smash.pos.pool(WHITE, SMASHER), 2);
  }
  // The next set-up has no warnings left over.
  Position again;
  ASSERT_TRUE(again.set_fen("8/8/8/8/8/8/8/8 w 0 - 300000").ok());
  ASSERT_TRUE(again.set_fen("8/8/8/8/8/8/8/8 w 0 - 000000").ok());
  EXPECT_TRUE(again.fen_warnings().empty());
  EXPECT_EQ(FenError("kkk5/8/8/8/8/8/8/K1K5 w 0 - 000000"),
            "FEN board field, column 1: 3 Black Kings, more than the 2 a side starts with");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 - 222222"), "ok");
  // A set-up with more of a type on the board and in the pool than a side starts with (the
  // oracle interweave-forced-chain has one Black Remover on the board and two in the pool):
  // a piece captured while its pool is full leaves the game, and the pool stays writable.
  Iw full("8/8/8/8/8/8/Kb6/8 w 0 - 000002");
  full.Play("Ka2xc2");
  EXPECT_EQ(full.pos.pool(BLACK, REMOVER), 2);
  EXPECT_EQ(full.pos.fen(), "8/8/8/8/8/8/2K5/8 b 1 - 000002");
  std::string why;
  EXPECT_TRUE(full.pos.is_consistent(&why)) << why;
  full.pos.undo_move();
  EXPECT_EQ(full.pos.fen(), "8/8/8/8/8/8/Kb6/8 w 0 - 000002");
  EXPECT_TRUE(full.pos.is_consistent(&why)) << why;
}

// Every position reached in random games from the oracle positions and from set-ups with
// full pools is consistent, and its FEN reads back to the same position.
TEST(InterweaveFen, EveryReachedPositionIsConsistentAndReadsBack) {
  std::vector<std::string> fens;
  for (const parsers::PerftRecord& rec : Oracles()) fens.push_back(rec.fen);
  fens.push_back("rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 222222");
  fens.push_back("rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 111111");
  std::mt19937_64 rng(10);
  int positions = 0;
  for (const std::string& fen : fens) {
    for (int game = 0; game < 40; ++game) {
      Position pos;
      ASSERT_TRUE(pos.set_fen(fen).ok()) << fen;
      for (int ply = 0; ply < 400; ++ply) {
        std::string why;
        ASSERT_TRUE(pos.is_consistent(&why)) << pos.fen() << ": " << why;
        Position again;
        ASSERT_TRUE(again.set_fen(pos.fen()).ok()) << pos.fen();
        ASSERT_EQ(again.fen(), pos.fen());
        ASSERT_EQ(again.key(), pos.key()) << pos.fen();
        ++positions;
        MoveList list;
        pos.generate_legal(list);
        if (list.empty()) break;
        pos.do_move(list[std::size_t(rng() % list.size())]);
      }
    }
  }
  EXPECT_GT(positions, 10000);
}

// The counters' range is parsers::kMaxFenCounter, as in every FEN reader,
// and a byte that is not printable is quoted escaped.
TEST(InterweaveFen, CountersOutOfRangeAndRawBytes) {
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 1000000000 - 000000"),
            "FEN plies field, column 19: 1000000000 is out of range (at most 999999999)");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 - 000000 99999999999"),
            "FEN halfmove field, column 30: 99999999999 is out of range (at most 999999999)");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 12345678901234567890123456789 - 000000"),
            "FEN plies field, column 19: 12345678901234567890... is out of range (at most "
            "999999999)");
  EXPECT_EQ(FenError("rbnkknb\x01/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"),
            "FEN board field, column 8: '\\x01' is not a piece letter (K R N B P, k r n b p)");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 \x02 0 - 000000"),
            "FEN turn field, column 17: '\\x02' is not w or b");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 c3\xff"
                     "d 000000"),
            "FEN en passant field, column 23: '\\xFF' where ',' was expected");
  EXPECT_EQ(FenError("8/8/8/8/8/8/8/8 w 0 - 0001\x1b"
                     "0"),
            "FEN pool field, column 27: '\\x1B' is not a digit");
  // The limit itself is read and written back, and do + undo restore both counters.
  const std::string fen =
      "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 999999999 - 000000 999999998";
  Position pos;
  ASSERT_TRUE(pos.set_fen(fen).ok());
  EXPECT_EQ(pos.fen(), fen);
  MoveList list;
  pos.generate_legal(list);
  ASSERT_FALSE(list.empty());
  for (const Move& m : list) {
    pos.do_move(m);
    pos.undo_move();
    EXPECT_EQ(pos.fen(), fen);
  }
}

// ---------------------------------------------------------------------------------------
// Notation (§1.11)

TEST(InterweaveNotation, WritesSanUciAndVchess) {
  Iw pos("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8");
  const Move m = pos.Parse("Na7xe7xa5");
  EXPECT_EQ(pos.pos.to_san(m), "Na7xe7xa5");
  EXPECT_EQ(pos.pos.to_uci(m), "a7e7a5");
  EXPECT_EQ(pos.pos.to_vchess(m), "Ne7X,Na5X");
  Iw start(Position::kStartFen);
  EXPECT_EQ(start.pos.to_san(start.Parse("b2d4")), "b2-d4");
  EXPECT_EQ(start.pos.to_vchess(start.Parse("b2d4")), "Pd4");
}

TEST(InterweaveNotation, ReadsEveryForm) {
  Iw pos("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8");
  const Move m = pos.Parse("Na7xe7xa5");
  EXPECT_EQ(pos.Parse("Na7xe7xa5#"), m);
  EXPECT_EQ(pos.Parse("a7e7a5"), m);
  EXPECT_EQ(pos.Parse("Na7xe7{b7}xa5{c6}"), m);
  EXPECT_EQ(pos.Parse("Ne7X,Na5X"), m);
  EXPECT_EQ(pos.Parse("Pd6xc7"), pos.Parse("d6xc7"));
  EXPECT_EQ(pos.Parse("d6xc7{b7,c6}"), pos.Parse("d6c7"));
  EXPECT_EQ(pos.Parse("Ph5X"), pos.Parse("h3xh5"));
  Iw promo("3r4/2p5/2P5/8/8/8/8/8 w 0 - 010000");
  EXPECT_EQ(promo.Parse("c6c8ne8"), promo.Parse("c6xc8=Nxe8"));
  EXPECT_EQ(promo.Parse("Nc8X,Ne8X"), promo.Parse("c6xc8=Nxe8"));
  Iw quiet("8/8/1P6/8/8/8/8/8 w 0 - 111000");
  EXPECT_EQ(quiet.Parse("b6a7r"), quiet.Parse("b6-a7=R"));
  EXPECT_EQ(quiet.Parse("Ra7"), quiet.Parse("b6-a7=R"));
}

TEST(InterweaveNotation, ErrorMessages) {
  Iw pos("8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8");
  EXPECT_EQ(pos.Error("Na7xe7{b7}xa5{b3}"),
            "wrong captured squares {b3} for \"Na7xe7{b7}xa5{b3}\" (the step to a5 captures {c6})");
  EXPECT_EQ(pos.Error("d6xc7{b7}"),
            "wrong captured squares {b7} for \"d6xc7{b7}\" (the step to c7 captures {c6,b7})");
  EXPECT_EQ(pos.Error("Nc7X"), "ambiguous move \"Nc7X\" (Na7xc7, Nc5xc7)");
  EXPECT_EQ(pos.Error("Ra7xe7xa5"), "illegal move \"Ra7xe7xa5\"");  // wrong piece letter
  EXPECT_EQ(pos.Error("Na7-e7-a5"), "illegal move \"Na7-e7-a5\"");  // '-' on a capture
  EXPECT_EQ(pos.Error("e2-e4"), "illegal move \"e2-e4\"");
  EXPECT_EQ(pos.Error("Qd1-d2"), "unreadable move \"Qd1-d2\"");
  EXPECT_EQ(pos.Error("Na7xe7{z9}"), "unreadable move \"Na7xe7{z9}\"");
  EXPECT_EQ(pos.Error(""), "unreadable move \"\"");
  // At most 40 characters of the input, control bytes escaped.
  EXPECT_EQ(pos.Error(std::string(5 * 1024 * 1024, 'a')),
            "unreadable move \"" + std::string(40, 'a') + "...\"");
  EXPECT_EQ(pos.Error("e2\x01"
                      "e4"),
            "unreadable move \"e2\\x01e4\"");
  Iw quiet("8/8/8/4K3/8/8/8/8");
  EXPECT_EQ(quiet.Error("Ke5xd4"), "illegal move \"Ke5xd4\"");  // 'x' on a quiet move
  EXPECT_EQ(quiet.Error("Ke5-d4"), "ok: Ke5-d4");
  EXPECT_EQ(quiet.Error("Kd4"), "ok: Ke5-d4");
}

// ---------------------------------------------------------------------------------------
// samples/interweave.pgn: every game replays and its result agrees with state().

struct PgnGame {
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;
  std::string result;
};

std::vector<PgnGame> ReadPgn(const std::string& text) {
  std::vector<PgnGame> games;
  PgnGame g;
  bool in_moves = false;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '[') {
      if (in_moves) {
        games.push_back(g);
        g = PgnGame();
        in_moves = false;
      }
      const std::size_t q = line.find('"');
      g.tags[line.substr(1, line.find(' ') - 1)] = line.substr(q + 1, line.rfind('"') - q - 1);
      continue;
    }
    std::istringstream words(line);
    std::string w;
    while (words >> w) {
      in_moves = true;
      if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") {
        g.result = w;
      } else if (!std::isdigit(static_cast<unsigned char>(w[0])) ||
                 w.find('.') == std::string::npos) {
        g.moves.push_back(w);
      }
    }
  }
  if (in_moves) games.push_back(g);
  return games;
}

TEST(InterweaveSamples, GamesReplayAndResultsAgreeWithState) {
  const std::vector<PgnGame> games =
      ReadPgn(ReadFile(std::string(FAIRYKIT_SOURCE_DIR) + "/samples/interweave.pgn"));
  ASSERT_GE(games.size(), 5u);
  std::map<GameEnd, int> ends;
  for (const PgnGame& g : games) {
    EXPECT_EQ(g.tags.at("Variant"), "Interweave");
    Position pos;
    if (g.tags.count("FEN")) {
      EXPECT_EQ(g.tags.at("SetUp"), "1");
      ASSERT_TRUE(pos.set_fen(g.tags.at("FEN")).ok());
    }
    for (const std::string& text : g.moves) {
      ASSERT_FALSE(pos.state().over()) << g.tags.at("Round") << ": moves after the end";
      absl::StatusOr<Move> m = pos.parse_move(text);
      ASSERT_TRUE(m.ok()) << g.tags.at("Round") << " " << text << ": " << m.status();
      EXPECT_EQ(pos.to_san(*m), text);  // the sample is written in fairykit's SAN
      pos.do_move(*m);
    }
    const GameState st = pos.state();
    EXPECT_EQ(g.tags.at("Result"), g.result);
    if (g.result == "1/2-1/2") {
      EXPECT_TRUE(st.claimable()) << g.tags.at("Round");
    } else {
      EXPECT_EQ(pgn_result(st), g.result) << g.tags.at("Round");
    }
    ++ends[st.end];
  }
  EXPECT_EQ(ends[GameEnd::kKingCaptured] > 0, true);
  EXPECT_EQ(ends[GameEnd::kNoLegalMove] > 0, true);
  EXPECT_EQ(ends[GameEnd::kRepetitionLoss] > 0, true);
  EXPECT_EQ(ends[GameEnd::kFiftyMoveRule] > 0, true);
}

}  // namespace
}  // namespace fairykit::interweave
