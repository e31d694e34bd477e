// Variant traits: what a variant *is*, at compile time. Position<V>, the move generator and
// perft are templates over one of these structs; tools pick one at run time through the
// registry (rules/game/registry.h) and never branch on the variant again.
//
// A traits struct provides:
//   kName, kStartFen           registry name and the start position (native FEN)
//   kPieceTypes                every piece type on the board, PAWN and KING included
//   kMovers                    the piece types moved by the generic piece generator
//                              (everything but PAWN and KING, which have special moves)
//   kPromotions                what a pawn may promote to, in SAN/UCI output order
//   kChess960                  castling notation/FEN in Chess960 form (X-FEN/Shredder, and
//                              castling rook anywhere on the back rank)
//   kArmies                    the game has one army per side (CwDA): Setup/Position carry
//                              them, FEN has a 7th field, the castling partner is the army's
//                              rook-equivalent and the promotion set depends on them
//   kRuntimePromotions         the promotion set is the position's (promotion_types()), not
//                              kPromotions (which then lists every type a pawn might become)
//   kPromotionPool             promotion takes from the side's pool, a function of the board
//                              (Superchess): kPoolBase[i] pieces of kPromotions[i] per side,
//                              minus those on the board; promotion_types() is the side to
//                              move's available types, and no type means no move to the
//                              last rank
//   kTableDriven               some piece types are table-driven (rules/core/pieces.h): the
//                              generator answers a leaping check by capture only
//   kMaxPieces, kMaxPawns      the most pieces (king included) and pawns one side can have
//                              in any game of the variant: what it starts with, since no
//                              move adds a piece. Position::set() rejects more, and the move
//                              list's capacity is proven from them (rules/core/movegen.h)
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "rules/core/types.h"

namespace fairykit {

struct ChessVariant {
  static constexpr std::string_view kName = "chess";
  static constexpr std::string_view kStartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  static constexpr std::array<PieceType, 6> kPieceTypes = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};
  static constexpr std::array<PieceType, 4> kMovers = {KNIGHT, BISHOP, ROOK, QUEEN};
  static constexpr std::array<PieceType, 4> kPromotions = {QUEEN, ROOK, BISHOP, KNIGHT};
  static constexpr bool kChess960 = false;
  static constexpr bool kArmies = false;
  static constexpr bool kRuntimePromotions = false;
  static constexpr bool kPromotionPool = false;
  // The highest piece type in use + 1: the size of per-type arrays.
  static constexpr int kPieceTypeCount = KING + 1;
  static constexpr int kMaxPieces = 16;
  static constexpr int kMaxPawns = 8;
};

struct Chess960Variant : ChessVariant {
  static constexpr std::string_view kName = "chess960";
  static constexpr bool kChess960 = true;
};

// Chess with Different Armies (Ralph Betza). Armies by their vchess codes, White's and
// Black's independent; each army's pieces in back-rank slot order: the rook-, knight-,
// bishop- and queen-equivalent. Kings and pawns are FIDE in every army.
enum Army : std::uint8_t { ARMY_FIDE, ARMY_CLOBBERERS, ARMY_NUTTY_KNIGHTS, ARMY_ROOKIES, ARMY_NB };
inline constexpr std::string_view kArmyLetters = "FCNR";
inline constexpr std::array<std::array<PieceType, 4>, ARMY_NB> kArmyPieces = {{
    {ROOK, KNIGHT, BISHOP, QUEEN},
    {BEDE, WAFFLE, FAD, CARDINAL},
    {CHARGING_ROOK, FIBNIF, CHARGING_KNIGHT, COLONEL},
    {SHORT_ROOK, WOODY_ROOK, HALF_DUCK, CHANCELLOR},
}};
// The piece a King castles with: the army's rook-equivalent.
constexpr PieceType castling_partner(Army a) { return kArmyPieces[a][0]; }
// The armies' names, by Army.
inline constexpr std::array<std::string_view, ARMY_NB> kArmyNames = {"FIDE", "Clobberers",
                                                                     "Nutty Knights", "Rookies"};

struct CwdaVariant {
  static constexpr std::string_view kName = "cwda";
  static constexpr std::string_view kStartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 FF";
  static constexpr std::array<PieceType, 18> kPieceTypes = {
      PAWN,      KNIGHT,    BISHOP,        ROOK,   QUEEN,           KING,    BEDE,       WAFFLE,
      FAD,       CARDINAL,  CHARGING_ROOK, FIBNIF, CHARGING_KNIGHT, COLONEL, SHORT_ROOK, WOODY_ROOK,
      HALF_DUCK, CHANCELLOR};
  static constexpr std::array<PieceType, 16> kMovers = {
      KNIGHT,    BISHOP,        ROOK,   QUEEN,           BEDE,    WAFFLE,     FAD,
      CARDINAL,  CHARGING_ROOK, FIBNIF, CHARGING_KNIGHT, COLONEL, SHORT_ROOK, WOODY_ROOK,
      HALF_DUCK, CHANCELLOR};
  // Every type a pawn may become in some pairing (queen-equivalents first); a game's own
  // set is Position::promotion_types().
  static constexpr std::array<PieceType, 16> kPromotions = {
      QUEEN,  CARDINAL, COLONEL,         CHANCELLOR, ROOK,   BEDE,   CHARGING_ROOK, SHORT_ROOK,
      BISHOP, FAD,      CHARGING_KNIGHT, HALF_DUCK,  KNIGHT, WAFFLE, FIBNIF,        WOODY_ROOK};
  static constexpr bool kChess960 = false;
  static constexpr bool kArmies = true;
  static constexpr bool kRuntimePromotions = true;
  static constexpr bool kPromotionPool = false;
  static constexpr int kPieceTypeCount = CHANCELLOR + 1;
  // Every pairing starts with 16 pieces and 8 pawns a side.
  static constexpr int kMaxPieces = 16;
  static constexpr int kMaxPawns = 8;
};

// Superchess, substitutes set I (XBoard variant "super"; docs/rules/superchess.md).
// Each side owns the FIDE complement plus one Amazon, Empress, Princess and Veteran; a pawn
// promotes only to a type of its pool, pool(X) = base(X) - count_on_board(X) (the Amazon is
// never in the pool). Castling only with an original Rook on a/h and the King on e.
struct SuperchessVariant {
  static constexpr std::string_view kName = "superchess";
  // XBoard's shuffle number 0 (superchess_start_fen(0), rules/notation/fen.h).
  static constexpr std::string_view kStartFen =
      "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1";
  static constexpr std::array<PieceType, 10> kPieceTypes = {
      PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, AMAZON, EMPRESS, PRINCESS, VETERAN};
  static constexpr std::array<PieceType, 8> kMovers = {KNIGHT, BISHOP,  ROOK,     QUEEN,
                                                       AMAZON, EMPRESS, PRINCESS, VETERAN};
  // Every type a pawn may become, in SAN/UCI output order, with its base count per side.
  static constexpr std::array<PieceType, 7> kPromotions = {QUEEN,  EMPRESS, PRINCESS, ROOK,
                                                           BISHOP, KNIGHT,  VETERAN};
  static constexpr std::array<std::uint8_t, 7> kPoolBase = {1, 1, 1, 2, 2, 2, 1};
  static constexpr bool kChess960 = false;
  static constexpr bool kArmies = false;
  static constexpr bool kRuntimePromotions = false;
  static constexpr bool kPromotionPool = true;
  static constexpr int kPieceTypeCount = VETERAN + 1;
  // 16 pieces and 8 pawns a side on the board at the start (the other four pieces of the
  // set are in the pool, and only promotion, which replaces a pawn, takes from it).
  static constexpr int kMaxPieces = 16;
  static constexpr int kMaxPawns = 8;
};

// The value of each piece type in a material balance (a simple fixed table, the one the
// engines' piece_value() gives, Interweave's apart): pawn 1, knight and bishop 3, rook 5,
// queen 9, king 0; a CwDA piece the value of the FIDE piece whose place it takes in its
// army; a Superchess compound the sum of its parts, a King's step counted 3 (a commoner's
// value).
inline constexpr std::array<int, PIECE_TYPE_NB> kPieceValues = [] {
  std::array<int, PIECE_TYPE_NB> v{};
  constexpr int kFide[4] = {5, 3, 3, 9};  // the slots of kArmyPieces: R N B Q
  v[PAWN] = 1;
  for (const auto& army : kArmyPieces)
    for (int slot = 0; slot < 4; ++slot) v[army[slot]] = kFide[slot];
  v[AMAZON] = 9 + 3;    // Q + N
  v[EMPRESS] = 5 + 3;   // R + N
  v[PRINCESS] = 3 + 3;  // B + N
  v[VETERAN] = 3 + 3;   // a King's step + N
  return v;
}();
static_assert(kPieceValues[KNIGHT] == 3 && kPieceValues[QUEEN] == 9 && kPieceValues[KING] == 0);
static_assert(kPieceValues[BEDE] == 5 && kPieceValues[FIBNIF] == 3 &&
              kPieceValues[CHANCELLOR] == 9);

// The Position<V> family: X(V) for each traits struct above. The templates compiled once per
// variant expand it to instantiate themselves (the SAN functions of rules/notation/san.h, in
// rules/notation/san_read.cpp and rules/notation/san_write.cpp). Adding a variant to the family =
// adding its traits and one entry here (and, for the tools, its registry entry:
// rules/game/registry.h).
#define FAIRYKIT_FOR_EACH_POSITION_VARIANT(X) \
  X(ChessVariant) X(Chess960Variant) X(CwdaVariant) X(SuperchessVariant)

}  // namespace fairykit
