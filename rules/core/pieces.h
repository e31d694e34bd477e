// Pieces as data. A piece type is a catalog entry: its letter, its name and its Betza
// description, reduced at compile time to the few movement components the generator
// knows how to combine (leaper tables, rook-line slides, bishop-line slides). A variant
// lists the piece types it uses; the generator folds over that list with `if constexpr`,
// so a variant pays only for the components its pieces have.
//
// Pawns and kings are pieces too, but their special moves (double step, en passant,
// promotion, castling) belong to the variant's rules, not to the catalog.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <string_view>

#include "rules/core/betza.h"
#include "rules/core/bitboard.h"
#include "rules/core/types.h"

namespace fairykit {

struct PieceInfo {
  PieceType type;
  char letter;  // upper case: White's letter in FEN and SAN
  std::string_view name;
  std::string_view betza;
  bool leaps_knight;   // N atom
  bool leaps_king;     // K atom (W + F, one step)
  bool slides_rook;    // R (WW...)
  bool slides_bishop;  // B (FF...)
  // The piece also moves by its compiled Betza tables (rules/core/betza.h, filled by
  // init_rules()): the part of its moves that the four FIDE components above do not cover,
  // split into leaps, rook-line slides and bishop-line slides within masks. The FIDE pieces
  // are not table-driven, so chess never touches the tables.
  bool table_driven = false;
  bool table_leaps = false;
  bool table_rook = false;
  bool table_bishop = false;
  // The tables may differ between White and Black (f, b, l or r in the Betza string);
  // otherwise only White's are read.
  bool colour_dependent = false;
};

// One atom of a Betza description with the letters that qualify it, as the compile-time
// readers below see it (compile_betza(), rules/core/betza.h, checks the description itself).
struct BetzaAtom {
  char letter;            // W F D A H N C Z G K R B Q, or anything else (then unknown)
  bool doubled;           // WW or FF: a ride
  bool ranged;            // a number follows: the ride's maximum range
  int range;              // that number (at most 100)
  bool directed;          // direction letters (f b l r v s h) come before it
  bool colour_dependent;  // among them f, b, l or r
  bool modal;             // m or c comes before it
};

// Calls f(atom) for each atom of a Betza description, in order.
template <class F>
constexpr void for_each_betza_atom(std::string_view betza, F&& f) {
  BetzaAtom a{};
  for (std::size_t i = 0; i < betza.size(); ++i) {
    const char ch = betza[i];
    if (ch == 'm' || ch == 'c') {
      a.modal = true;
      continue;
    }
    if (ch == 'f' || ch == 'b' || ch == 'l' || ch == 'r') {
      a.directed = a.colour_dependent = true;
      continue;
    }
    if (ch == 'v' || ch == 's' || ch == 'h') {
      a.directed = true;
      continue;
    }
    a.letter = ch;
    a.doubled = i + 1 < betza.size() && betza[i + 1] == ch && (ch == 'W' || ch == 'F');
    if (a.doubled) ++i;
    a.range = 0;
    a.ranged = false;
    while (i + 1 < betza.size() && betza[i + 1] >= '0' && betza[i + 1] <= '9') {
      a.range = std::min(a.range * 10 + (betza[i + 1] - '0'), 100);
      a.ranged = true;
      ++i;
    }
    f(a);
    a = BetzaAtom{};
  }
}

// The movement components of a Betza description, found at compile time: undirected N and
// K leaps and unlimited undirected R, B, Q (WW, FF) rides are the FIDE components; every
// other atom goes to the tables. The description itself is checked by compile_betza() when
// the tables are built, which also checks that these flags cover the compiled tables.
constexpr PieceInfo betza_piece(PieceType type, char letter, std::string_view name,
                                std::string_view betza) {
  PieceInfo p{type, letter, name, betza, false, false, false, false};
  for_each_betza_atom(betza, [&p](const BetzaAtom& a) {
    const char ch = a.letter;
    p.colour_dependent |= a.colour_dependent;
    const bool orthogonal = ch == 'W' || ch == 'R' || ch == 'K' || ch == 'Q';
    const bool diagonal = ch == 'F' || ch == 'B' || ch == 'K' || ch == 'Q';
    const bool rides = ch == 'R' || ch == 'B' || ch == 'Q' || a.doubled || a.ranged;
    const bool plain = !a.directed && !a.modal;
    if (rides) {
      const bool full = plain && (!a.ranged || a.range >= 7);
      if (orthogonal) (full ? p.slides_rook : p.table_rook) = true;
      if (diagonal) (full ? p.slides_bishop : p.table_bishop) = true;
    } else if (plain && ch == 'N') {
      p.leaps_knight = true;
    } else if (plain && ch == 'K') {
      p.leaps_king = true;
    } else {
      p.table_leaps = true;
    }
  });
  p.table_driven = p.table_leaps || p.table_rook || p.table_bishop;
  return p;
}

// An upper bound, proven at compile time, on the number of moves a piece of this Betza
// description has from any square of any position: the most squares it reaches from one
// square of an empty board when every atom counts in all eight (or four) of its directions,
// as a ride up to its range (7 when unlimited) if it rides. Direction and move/capture
// letters only take moves away; other pieces only shorten rides (a blocked ride is a prefix
// of the free one, its last square possibly a capture) and never add a destination. An atom
// letter outside the language gives 63, every other square.
constexpr int betza_mobility_bound(std::string_view betza) {
  // The offsets the piece reaches, as a 15 x 15 grid (row dy + 7, bit dx + 7): from a
  // square, distinct offsets are distinct destinations, and an offset leaves the board from
  // every square or none of its ride's later steps is on it, so counting the offsets that
  // land on the board is counting the squares reached. Every source that includes this
  // header evaluates the bound (kMaxMoves), so it stays cheap to evaluate at compile time.
  std::array<std::uint32_t, 15> offsets{};
  bool unknown = false;
  for_each_betza_atom(betza, [&](const BetzaAtom& a) {
    const BetzaAtomInfo* atom = find_betza_atom(a.letter);
    if (atom == nullptr) {
      unknown = true;
      return;
    }
    const bool rides = atom->rides || a.doubled || a.ranged;
    const int steps = !rides ? 1 : a.ranged && a.range > 0 && a.range < 7 ? a.range : 7;
    for (int k = 0; k < atom->part_count; ++k)
      for (int sx : {-1, 1})
        for (int sy : {-1, 1})
          for (bool swap : {false, true}) {
            const BetzaComponent& leg = atom->parts[k];
            const int dx = sx * (swap ? leg.dy : leg.dx), dy = sy * (swap ? leg.dx : leg.dy);
            for (int step = 1; step <= steps; ++step) {
              const int x = dx * step, y = dy * step;
              if (x < -7 || x > 7 || y < -7 || y > 7) break;
              offsets[std::size_t(y + 7)] |= std::uint32_t(1) << (x + 7);
            }
          }
  });
  if (unknown) return SQUARE_NB - 1;
  int most = 0;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      // From (x, y): dx in [-x, 7 - x] (bits 7 - x to 14 - x), dy in [-y, 7 - y].
      const std::uint32_t window = std::uint32_t(0xFF) << (7 - x);
      int reached = 0;
      for (int row = 7 - y; row <= 14 - y; ++row)
        reached += std::popcount(offsets[std::size_t(row)] & window);
      most = std::max(most, reached);
    }
  return most;
}

inline constexpr std::array<PieceInfo, 23> kPieceCatalog = {{
    {NO_PIECE_TYPE, '?', "none", "", false, false, false, false},
    {PAWN, 'P', "pawn", "mfWcfF", false, false, false, false},
    {KNIGHT, 'N', "knight", "N", true, false, false, false},
    {BISHOP, 'B', "bishop", "B", false, false, false, true},
    {ROOK, 'R', "rook", "R", false, false, true, false},
    {QUEEN, 'Q', "queen", "Q", false, false, true, true},
    {KING, 'K', "king", "K", false, true, false, false},
    // Chess with Different Armies (rules: docs/rules/cwda.md 4.3; vchess letters).
    betza_piece(BEDE, 'D', "bede", "BD"),
    betza_piece(WAFFLE, 'W', "waffle", "WA"),
    betza_piece(FAD, 'F', "fad", "FAD"),
    betza_piece(CARDINAL, 'C', "cardinal", "BN"),
    betza_piece(CHARGING_ROOK, 'G', "charging rook", "fsRbK"),
    betza_piece(FIBNIF, 'I', "fibnif", "FvN"),
    betza_piece(CHARGING_KNIGHT, 'T', "charging knight", "fhNbKsW"),
    betza_piece(COLONEL, 'L', "colonel", "KfsRfhN"),
    betza_piece(SHORT_ROOK, 'S', "short rook", "R4"),
    betza_piece(WOODY_ROOK, 'Y', "woody rook", "WD"),
    betza_piece(HALF_DUCK, 'H', "half-duck", "HFD"),
    betza_piece(CHANCELLOR, 'O', "chancellor", "RN"),
    // Superchess set I (rules: docs/rules/superchess.md 2.2; XBoard letters). FIDE
    // components, so they use the fast generator paths, not the Betza tables.
    {AMAZON, 'A', "amazon", "QN", true, false, true, true},
    {EMPRESS, 'E', "empress", "RN", true, false, true, false},
    {PRINCESS, 'S', "princess", "BN", true, false, false, true},
    {VETERAN, 'V', "veteran", "KN", true, true, false, false},
}};

constexpr const PieceInfo& piece_info(PieceType pt) { return kPieceCatalog[pt]; }
static_assert(piece_info(QUEEN).slides_rook && piece_info(QUEEN).slides_bishop);
static_assert(piece_info(KNIGHT).letter == 'N' && piece_info(KING).type == KING);
static_assert([] {
  for (std::size_t i = 0; i < kPieceCatalog.size(); ++i)
    if (kPieceCatalog[i].type != PieceType(i)) return false;
  return true;
}());

// The explicit FIDE flags agree with the Betza strings (the pawn aside: its moves are the
// variant's), and Cardinal and Chancellor need no tables at all.
static_assert([] {
  for (const PieceInfo& info : kPieceCatalog) {
    if (info.type == NO_PIECE_TYPE || info.type == PAWN) continue;
    const PieceInfo d = betza_piece(info.type, info.letter, info.name, info.betza);
    if (d.leaps_knight != info.leaps_knight || d.leaps_king != info.leaps_king ||
        d.slides_rook != info.slides_rook || d.slides_bishop != info.slides_bishop ||
        d.table_driven != info.table_driven)
      return false;
  }
  return true;
}());
static_assert(!piece_info(CARDINAL).table_driven && !piece_info(CHANCELLOR).table_driven);
static_assert(piece_info(FIBNIF).table_leaps && !piece_info(FIBNIF).table_rook &&
              !piece_info(FIBNIF).colour_dependent);

// The compiled tables of every table-driven catalog piece, indexed by type (the others are
// left empty). Filled once by init_rules() (rules/core/zobrist.h), before any Position exists.
extern CompiledPiece g_compiled_pieces[kPieceCatalog.size()];
inline const CompiledPiece& compiled_piece(PieceType pt) { return g_compiled_pieces[pt]; }

// What the generator reads for a table-driven piece: its compiled capture tables less its
// FIDE components (the flags of PieceInfo say which arrays are used). Both colours are
// filled; a colour-independent piece is read through White's.
struct PieceTables {
  Bitboard leaps[COLOR_NB][SQUARE_NB];
  Bitboard rook_mask[COLOR_NB][SQUARE_NB];
  Bitboard bishop_mask[COLOR_NB][SQUARE_NB];
};
extern PieceTables g_piece_tables[kPieceCatalog.size()];
inline const PieceTables& piece_tables(PieceType pt) { return g_piece_tables[pt]; }
// Compiles the catalog's table-driven pieces (called by init_rules()).
void init_compiled_pieces();

// The table part of the attacks of a piece of type Pt and colour c on s, given the rook-
// and bishop-line attacks from s (each needed only when Pt has that table component).
template <PieceType Pt>
inline Bitboard table_attacks(Color c, Square s, Bitboard rook_lines, Bitboard bishop_lines) {
  constexpr const PieceInfo& info = piece_info(Pt);
  const PieceTables& t = piece_tables(Pt);
  const Color tc = info.colour_dependent ? c : WHITE;
  Bitboard a = 0;
  if constexpr (info.table_leaps) a |= t.leaps[tc][s];
  if constexpr (info.table_rook) a |= rook_lines & t.rook_mask[tc][s];
  if constexpr (info.table_bishop) a |= bishop_lines & t.bishop_mask[tc][s];
  (void)rook_lines;
  (void)bishop_lines;
  return a;
}

// Attacks of a non-pawn piece of type Pt and colour c standing on s, given the occupancy.
// Only table-driven pieces depend on the colour (directional pieces).
template <PieceType Pt>
inline Bitboard piece_attacks(Color c, Square s, Bitboard occ) {
  constexpr const PieceInfo& info = piece_info(Pt);
  static_assert(Pt != PAWN, "pawn attacks: pawn_attacks_bb()");
  Bitboard a = 0;
  if constexpr (info.leaps_knight) a |= knight_attacks(s);
  if constexpr (info.leaps_king) a |= king_attacks(s);
  if constexpr (info.slides_rook) a |= rook_attacks(s, occ);
  if constexpr (info.slides_bishop) a |= bishop_attacks(s, occ);
  if constexpr (info.table_driven)
    a |= table_attacks<Pt>(c, s, info.table_rook ? rook_attacks(s, occ) : 0,
                           info.table_bishop ? bishop_attacks(s, occ) : 0);
  (void)c;
  return a;
}

// The same for a piece type known only at run time (notation, set-up checks).
Bitboard piece_attacks(PieceType pt, Color c, Square s, Bitboard occ);

}  // namespace fairykit
