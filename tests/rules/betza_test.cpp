// The Betza compiler: every diagram of the CwDA rules (§4.3) square for square, for both
// colours; the FIDE and Superchess pieces against the hand-written bitboard attacks; range
// limits with blockers; direction conventions; reverse attacks; error messages.
#include "rules/core/betza.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/bitboard.h"
#include "rules/core/pieces.h"
#include "rules/core/zobrist.h"

namespace fairykit {
namespace {

Square sq(std::string_view name) { return make_square(name[0] - 'a', name[1] - '1'); }

// "a8 b7 d5-d8": squares, and inclusive runs along a file or a rank.
Bitboard squares(std::string_view list) {
  Bitboard b = 0;
  std::size_t i = 0;
  while (i < list.size()) {
    if (list[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = list.find(' ', i);
    if (end == std::string_view::npos) end = list.size();
    std::string_view tok = list.substr(i, end - i);
    if (tok.size() == 5 && tok[2] == '-') {
      Square a = sq(tok.substr(0, 2)), z = sq(tok.substr(3, 2));
      int df = (file_of(z) > file_of(a)) - (file_of(z) < file_of(a));
      int dr = (rank_of(z) > rank_of(a)) - (rank_of(z) < rank_of(a));
      for (int f = file_of(a), r = rank_of(a);; f += df, r += dr) {
        b |= square_bb(make_square(f, r));
        if (make_square(f, r) == z) break;
      }
    } else {
      EXPECT_EQ(tok.size(), 2u) << tok;
      b |= square_bb(sq(tok));
    }
    i = end;
  }
  return b;
}

// Square names in a1..h8 order, so that failures read as sets.
std::string names(Bitboard b) {
  std::string out;
  while (b) {
    if (!out.empty()) out += ' ';
    out += square_name(pop_lsb(b));
  }
  return out;
}

Bitboard flip_vertical(Bitboard b) {
  Bitboard r = 0;
  while (b) r |= square_bb(flip_rank(pop_lsb(b)));
  return r;
}

// Compiles once per string; a failure to compile fails the test that asks.
const CompiledPiece& piece(const std::string& betza) {
  init_rules();
  static std::map<std::string, std::unique_ptr<CompiledPiece>> cache;
  auto it = cache.find(betza);
  if (it == cache.end()) {
    absl::StatusOr<CompiledPiece> p = compile_betza(betza);
    EXPECT_TRUE(p.ok()) << p.status();
    auto owned = std::make_unique<CompiledPiece>(p.ok() ? *p : CompiledPiece{});
    it = cache.emplace(betza, std::move(owned)).first;
  }
  return *it->second;
}

// Destinations of a lone piece on an empty board.
std::string alone(const std::string& betza, Color c, std::string_view from) {
  Square s = sq(from);
  return names(attacks(piece(betza), c, s, square_bb(s)));
}

struct Diagram {
  const char* name;
  const char* betza;
  const char* from;
  const char* white;  // White's destinations, as in cwda.md §4.3
};

// cwda.md §4.3, "Diagram test vectors" (the piece alone on the board).
const Diagram kDiagrams[] = {
    {"Bede", "BD", "d5", "a8 b7 c6 e4 f3 g2 h1 c4 b3 a2 e6 f7 g8 f5 d3 b5 d7"},
    {"Waffle", "WA", "e5", "e6 f5 e4 d5 c7 g7 g3 c3"},
    {"FAD", "FAD", "d5", "b7 c6 b5 f5 d3 d7 b3 c4 e4 f3 e6 f7"},
    {"Charging Rook", "fsRbK", "d4", "d5-d8 a4-c4 e4-h4 c3 d3 e3"},
    {"Fibnif", "FvN", "e4", "d6 d2 f6 f2 d3 d5 f5 f3"},
    {"Charging Knight", "fhNbKsW", "d4", "b5 c6 e6 f5 c4 e4 c3 d3 e3"},
    {"Colonel", "KfsRfhN", "e4", "e5-e8 a4-d4 f4-h4 d6 c5 f6 g5 d5 f5 d3 e3 f3"},
    {"Woody Rook", "WD", "d5", "d3 b5 d7 f5 c5 d6 e5 d4"},
    {"Half-Duck", "HFD", "e5", "c5 e7 g5 e3 b5 e8 h5 e2 d4 d6 f6 f4"},
};

TEST(BetzaDiagram, WhiteExactDestinations) {
  for (const Diagram& d : kDiagrams) {
    EXPECT_EQ(alone(d.betza, WHITE, d.from), names(squares(d.white))) << d.name << " " << d.betza;
    // Nothing is capture- or move-only: the quiet moves are the same squares.
    const CompiledPiece& p = piece(d.betza);
    EXPECT_EQ(quiet_moves(p, WHITE, sq(d.from), square_bb(sq(d.from))),
              attacks(p, WHITE, sq(d.from), square_bb(sq(d.from))))
        << d.name;
    EXPECT_FALSE(p.modal) << d.name;
  }
}

TEST(BetzaDiagram, BlackIsTheVerticalMirror) {
  for (const Diagram& d : kDiagrams) {
    Square s = flip_rank(sq(d.from));
    EXPECT_EQ(names(attacks(piece(d.betza), BLACK, s, square_bb(s))),
              names(flip_vertical(squares(d.white))))
        << d.name << " " << d.betza;
  }
}

TEST(BetzaDiagram, BlackNuttyKnightsMoveTowardsRankOne) {
  EXPECT_EQ(alone("fsRbK", BLACK, "d5"), names(squares("d1-d4 a5-c5 e5-h5 c6 d6 e6")));
  EXPECT_EQ(alone("fhNbKsW", BLACK, "d5"), names(squares("b4 c3 e3 f4 c5 e5 c6 d6 e6")));
  EXPECT_EQ(alone("KfsRfhN", BLACK, "e5"),
            names(squares("e1-e4 a5-d5 f5-h5 d3 c4 f3 g4 d4 f4 d6 e6 f6")));
  EXPECT_TRUE(piece("fsRbK").colour_dependent);
  EXPECT_FALSE(piece("FvN").colour_dependent);
  EXPECT_FALSE(piece("BD").colour_dependent);
}

// The FIDE and Superchess pieces against rules/core/bitboard.h on random occupancies.
TEST(BetzaReference, FideAndSuperchessPiecesMatchBitboardAttacks) {
  init_rules();
  struct Ref {
    const char* betza;
    Bitboard (*attacks)(Square, Bitboard);
  };
  const Ref refs[] = {
      {"R", [](Square s, Bitboard o) { return rook_attacks(s, o); }},
      {"N", [](Square s, Bitboard) { return knight_attacks(s); }},
      {"B", [](Square s, Bitboard o) { return bishop_attacks(s, o); }},
      {"Q", [](Square s, Bitboard o) { return queen_attacks(s, o); }},
      {"K", [](Square s, Bitboard) { return king_attacks(s); }},
      {"QN", [](Square s, Bitboard o) { return queen_attacks(s, o) | knight_attacks(s); }},
      {"RN", [](Square s, Bitboard o) { return rook_attacks(s, o) | knight_attacks(s); }},
      {"BN", [](Square s, Bitboard o) { return bishop_attacks(s, o) | knight_attacks(s); }},
      {"KN", [](Square s, Bitboard) { return king_attacks(s) | knight_attacks(s); }},
      // Spellings of the same pieces.
      {"WW", [](Square s, Bitboard o) { return rook_attacks(s, o); }},
      {"FF", [](Square s, Bitboard o) { return bishop_attacks(s, o); }},
      {"RB", [](Square s, Bitboard o) { return queen_attacks(s, o); }},
      {"WF", [](Square s, Bitboard) { return king_attacks(s); }},
      {"R9", [](Square s, Bitboard o) { return rook_attacks(s, o); }},
  };
  for (const Ref& r : refs) {
    EXPECT_FALSE(piece(r.betza).colour_dependent) << r.betza;
    EXPECT_FALSE(piece(r.betza).modal) << r.betza;
  }
  std::mt19937_64 rng(20240604);
  int mismatches = 0;
  for (int n = 0; n < 100000; ++n) {
    Square s = Square(rng() % 64);
    // Densities from about 1/8 to 1/2.
    Bitboard occ = rng();
    for (int k = int(rng() % 3); k > 0; --k) occ &= rng();
    occ |= square_bb(s);
    for (const Ref& r : refs) {
      Bitboard want = r.attacks(s, occ);
      for (Color c : {WHITE, BLACK}) {
        Bitboard got = attacks(piece(r.betza), c, s, occ);
        if (got != want && ++mismatches <= 5)
          ADD_FAILURE() << r.betza << " on " << square_name(s) << " occ " << occ << "\n"
                        << pretty(got) << "\nwant\n"
                        << pretty(want);
        if (quiet_moves(piece(r.betza), c, s, occ) != (want & ~occ) && ++mismatches <= 5)
          ADD_FAILURE() << r.betza << " quiet on " << square_name(s);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// Every catalog entry compiles and agrees with piece_attacks().
TEST(BetzaReference, CatalogEntriesCompileAndAgree) {
  init_rules();
  std::mt19937_64 rng(7);
  for (const PieceInfo& info : kPieceCatalog) {
    if (info.type == NO_PIECE_TYPE) continue;
    absl::StatusOr<CompiledPiece> p = compile_betza(info.betza);
    ASSERT_TRUE(p.ok()) << info.name << ": " << p.status();
    for (int n = 0; n < 2000; ++n) {
      Square s = Square(rng() % 64);
      Bitboard occ = (rng() & rng()) | square_bb(s);
      for (Color c : {WHITE, BLACK})
        ASSERT_EQ(attacks(*p, c, s, occ), piece_attacks(info.type, c, s, occ))
            << info.name << " " << square_name(s);
    }
  }
}

TEST(BetzaRange, ShortRookWithBlockers) {
  EXPECT_EQ(alone("R4", WHITE, "a1"), names(squares("a2-a5 b1-e1")));
  EXPECT_EQ(alone("R4", WHITE, "d4"), names(squares("d5-d8 d1-d3 a4-c4 e4-h4")));
  EXPECT_EQ(alone("R4", BLACK, "h8"), names(squares("h4-h7 d8-g8")));
  const CompiledPiece& r4 = piece("R4");
  EXPECT_EQ(names(attacks(r4, WHITE, SQ_A1, squares("a1 a3 c1"))), names(squares("a2 a3 b1 c1")));
  // A blocker beyond the range changes nothing; one inside cuts the ray.
  EXPECT_EQ(names(attacks(r4, WHITE, SQ_A1, squares("a1 a6 f1"))), names(squares("a2-a5 b1-e1")));
  EXPECT_EQ(names(attacks(r4, WHITE, SQ_D4, squares("d4 d6 b4 g4 d2"))),
            names(squares("d5 d6 c4 b4 e4-g4 d3 d2")));
  EXPECT_EQ(names(quiet_moves(r4, WHITE, SQ_D4, squares("d4 d6 b4 g4 d2"))),
            names(squares("d5 c4 e4 f4 d3")));
  // Other spellings and other ranges.
  for (const char* same : {"WW4", "W4"})
    for (int s = 0; s < 64; ++s)
      EXPECT_EQ(piece(same).rook_mask[WHITE][s], r4.rook_mask[WHITE][s]) << same;
  EXPECT_EQ(alone("B2", WHITE, "d4"), names(squares("b2 c3 e5 f6 b6 c5 e3 f2")));
  EXPECT_EQ(alone("R1", WHITE, "d4"), alone("W", WHITE, "d4"));
  EXPECT_EQ(alone("K2", WHITE, "d4"), alone("Q2", WHITE, "d4"));
  EXPECT_EQ(alone("fR2bB1", WHITE, "d4"), names(squares("d5 d6 c3 e3")));
  EXPECT_EQ(alone("fR2bB1", BLACK, "d4"), names(squares("d3 d2 c5 e5")));
  // Random property: R4 = the rook's attacks within 4 squares.
  init_rules();
  std::mt19937_64 rng(4);
  for (int n = 0; n < 20000; ++n) {
    Square s = Square(rng() % 64);
    Bitboard occ = (rng() & rng()) | square_bb(s);
    Bitboard want = 0, ra = rook_attacks(s, occ);
    while (ra) {
      Square t = pop_lsb(ra);
      if (distance(s, t) <= 4) want |= square_bb(t);
    }
    ASSERT_EQ(attacks(r4, WHITE, s, occ), want) << square_name(s);
    ASSERT_EQ(attacks(r4, BLACK, s, occ), want) << square_name(s);
  }
}

// The direction conventions, one atom class at a time (White on e4 unless said otherwise).
TEST(BetzaDirections, ObliqueAtoms) {
  EXPECT_EQ(alone("N", WHITE, "e4"), names(squares("d6 f6 g5 g3 f2 d2 c3 c5")));
  EXPECT_EQ(alone("fN", WHITE, "e4"), names(squares("d6 f6")));
  EXPECT_EQ(alone("bN", WHITE, "e4"), names(squares("d2 f2")));
  EXPECT_EQ(alone("vN", WHITE, "e4"), names(squares("d6 f6 d2 f2")));
  EXPECT_EQ(alone("sN", WHITE, "e4"), names(squares("c5 c3 g5 g3")));
  EXPECT_EQ(alone("lN", WHITE, "e4"), names(squares("c5 c3")));
  EXPECT_EQ(alone("fhN", WHITE, "e4"), names(squares("c5 d6 f6 g5")));
  EXPECT_EQ(alone("bhN", WHITE, "e4"), names(squares("c3 d2 f2 g3")));
  EXPECT_EQ(alone("lhN", WHITE, "e4"), names(squares("c3 c5 d2 d6")));
  EXPECT_EQ(alone("fsN", WHITE, "e4"), names(squares("c5 g5")));
  EXPECT_EQ(alone("flN", WHITE, "e4"), names(squares("c5")));
  EXPECT_EQ(alone("lfN", WHITE, "e4"), names(squares("d6")));
  EXPECT_EQ(alone("frN", WHITE, "e4"), names(squares("g5")));
  EXPECT_EQ(alone("rfN", WHITE, "e4"), names(squares("f6")));
  EXPECT_EQ(alone("rvN", WHITE, "e4"), names(squares("f6 f2")));
  EXPECT_EQ(alone("ffN", WHITE, "e4"), alone("fN", WHITE, "e4"));
  EXPECT_EQ(alone("fbN", WHITE, "e4"), alone("vN", WHITE, "e4"));
  EXPECT_EQ(alone("fC", WHITE, "e4"), names(squares("d7 f7")));
  EXPECT_EQ(alone("fhZ", WHITE, "e4"), names(squares("b6 c7 g7 h6")));
}

TEST(BetzaDirections, DiagonalAndOrthogonalAtoms) {
  EXPECT_EQ(alone("fF", WHITE, "e4"), names(squares("d5 f5")));
  EXPECT_EQ(alone("flF", WHITE, "e4"), names(squares("d5")));
  EXPECT_EQ(alone("lfF", WHITE, "e4"), names(squares("d5")));
  EXPECT_EQ(alone("fsF", WHITE, "e4"), names(squares("d5 f5")));
  EXPECT_EQ(alone("sF", WHITE, "e4"), alone("F", WHITE, "e4"));
  EXPECT_EQ(alone("rF", WHITE, "e4"), names(squares("f5 f3")));
  EXPECT_EQ(alone("fhA", WHITE, "e4"), names(squares("c6 g6")));
  EXPECT_EQ(alone("fW", WHITE, "e4"), names(squares("e5")));
  EXPECT_EQ(alone("fsW", WHITE, "e4"), names(squares("e5 d4 f4")));
  EXPECT_EQ(alone("flW", WHITE, "e4"), names(squares("e5 d4")));
  EXPECT_EQ(alone("fhW", WHITE, "e4"), names(squares("e5")));
  EXPECT_EQ(alone("vD", WHITE, "e4"), names(squares("e6 e2")));
  EXPECT_EQ(alone("fsR", WHITE, "e4"), names(squares("e5-e8 a4-d4 f4-h4")));
  EXPECT_EQ(alone("bR", WHITE, "e4"), names(squares("e1-e3")));
  EXPECT_EQ(alone("fB", WHITE, "e4"), names(squares("a8 b7 c6 d5 f5 g6 h7")));
  // Compounds take the letters part by part: fsK = fsW + fsF, fsQ = fsR + fsB.
  EXPECT_EQ(alone("fsK", WHITE, "e4"), names(squares("e5 d4 f4 d5 f5")));
  EXPECT_EQ(alone("fsQ", WHITE, "e4"), names(squares("e5-e8 a4-d4 f4-h4 a8 b7 c6 d5 f5 g6 h7")));
  EXPECT_EQ(alone("bK", WHITE, "e4"), names(squares("e3 d3 f3")));
}

// Black's tables are White's rotated by 180 degrees: Black's left is the h-file side.
TEST(BetzaDirections, BlackIsRotatedNotOnlyMirrored) {
  EXPECT_EQ(alone("lR", WHITE, "e4"), names(squares("a4-d4")));
  EXPECT_EQ(alone("lR", BLACK, "e4"), names(squares("f4-h4")));
  EXPECT_EQ(alone("flN", BLACK, "e4"), names(squares("g3")));
  EXPECT_EQ(alone("lfF", BLACK, "e4"), names(squares("f3")));
}

TEST(BetzaModality, MoveOnlyAndCaptureOnly) {
  const CompiledPiece& pawn = piece("mfWcfF");
  EXPECT_TRUE(pawn.modal);
  EXPECT_TRUE(pawn.colour_dependent);
  init_rules();
  for (int s = 0; s < 64; ++s)
    for (Color c : {WHITE, BLACK}) {
      Square from = Square(s);
      EXPECT_EQ(attacks(pawn, c, from, 0), pawn_attacks_bb(c, from)) << square_name(from);
      Bitboard push = c == WHITE ? shift<NORTH>(square_bb(from)) : shift<SOUTH>(square_bb(from));
      EXPECT_EQ(quiet_moves(pawn, c, from, square_bb(from)), push) << square_name(from);
      EXPECT_EQ(quiet_moves(pawn, c, from, square_bb(from) | push), 0u) << square_name(from);
    }
  // Kniroo-like: moves as a knight, captures as a rook.
  const CompiledPiece& p = piece("mNcR");
  Bitboard occ = squares("d4 d6 b4");
  EXPECT_EQ(names(attacks(p, WHITE, SQ_D4, occ)), names(squares("d5 d6 d1-d3 c4 b4 e4-h4")));
  EXPECT_EQ(names(quiet_moves(p, WHITE, SQ_D4, occ)), names(squares("c2 e2 b3 f3 b5 f5 c6 e6")));
  // Both letters, or neither, mean both.
  EXPECT_FALSE(piece("mcN").modal);
  EXPECT_EQ(alone("mcN", WHITE, "e4"), alone("N", WHITE, "e4"));
}

// x attacks s (with a piece on x) iff x is among the reverse attacks of s.
TEST(BetzaReverse, ConsistentWithAttacks) {
  init_rules();
  std::vector<std::string> betzas = {"R",   "N",   "B",      "Q",    "K",    "QN",  "RN",     "BN",
                                     "KN",  "R4",  "mfWcfF", "lR",   "flN",  "rbF", "fR2bB3", "fsK",
                                     "fhC", "lfZ", "vG",     "fsQ2", "mNcR", "bhH"};
  for (const Diagram& d : kDiagrams) betzas.push_back(d.betza);
  std::mt19937_64 rng(99);
  for (const std::string& b : betzas) {
    const CompiledPiece& p = piece(b);
    for (int n = 0; n < 60; ++n) {
      Bitboard occ = rng();
      for (int k = int(rng() % 3); k > 0; --k) occ &= rng();
      for (Color c : {WHITE, BLACK})
        for (int s = 0; s < 64; ++s) {
          Bitboard rev = attacks_reverse(p, c, Square(s), occ);
          Bitboard want = 0;
          for (int x = 0; x < 64; ++x)
            if (attacks(p, c, Square(x), occ | square_bb(Square(x))) & square_bb(Square(s)))
              want |= square_bb(Square(x));
          ASSERT_EQ(names(rev), names(want)) << b << " colour " << int(c) << " target "
                                             << square_name(Square(s)) << " occ " << occ;
        }
    }
    if (!p.colour_dependent) {
      Bitboard occ = rng() & rng();
      for (int s = 0; s < 64; ++s)
        EXPECT_EQ(attacks_reverse(p, WHITE, Square(s), occ), attacks(p, WHITE, Square(s), occ))
            << b;
    }
  }
}

TEST(BetzaErrors, MessagesNameTheProblemAndColumn) {
  const std::pair<const char*, const char*> cases[] = {
      {"fsRx", "bad Betza 'fsRx': unknown atom 'x' at 4"},
      {"", "bad Betza '': empty description"},
      {"X", "bad Betza 'X': unknown atom 'X' at 1"},
      {"K N", "bad Betza 'K N': unknown atom ' ' at 2"},
      {"nN", "bad Betza 'nN': lame leaps ('n') not supported at 1"},
      {"pR", "bad Betza 'pR': hoppers ('p') not supported at 1"},
      {"Rf", "bad Betza 'Rf': modifiers without an atom at 2"},
      {"RcfF m", "bad Betza 'RcfF m': unknown atom ' ' at 5"},
      {"Nm", "bad Betza 'Nm': modifiers without an atom at 2"},
      {"N2", "bad Betza 'N2': range after leaper 'N' (only W F K R B Q ride) at 2"},
      {"NN", "bad Betza 'NN': rider 'NN' not supported (only W and F ride) at 2"},
      {"RR", "bad Betza 'RR': rider 'RR' not supported (only W and F ride) at 2"},
      {"R0", "bad Betza 'R0': range 0 at 2"},
      {"3R", "bad Betza '3R': range without a rider at 1"},
      {"hN", "bad Betza 'hN': 'h' must follow f, b, l or r at 1"},
      {"vhN", "bad Betza 'vhN': 'vh' is not a half (use fh, bh, lh or rh) at 1"},
      {"fshN", "bad Betza 'fshN': 'h' must follow f, b, l or r at 3"},
  };
  for (const auto& [input, message] : cases) {
    absl::StatusOr<CompiledPiece> p = compile_betza(input);
    ASSERT_FALSE(p.ok()) << input;
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument) << input;
    EXPECT_EQ(std::string(p.status().message()), message) << input;
  }
}

}  // namespace
}  // namespace fairykit
