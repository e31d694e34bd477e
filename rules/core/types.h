// The one vocabulary header of fairykit: colours, squares, piece types, pieces, moves.
//
// Every packed layout is documented next to static_asserts that check it, so the
// comment cannot drift from the code.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fairykit {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Squares a1 = 0 ... h8 = 63, rank-major: square = rank * 8 + file.
enum Square : std::uint8_t {
  // clang-format off
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  // clang-format on
  SQ_NONE = 64,
  SQUARE_NB = 64
};

enum File : std::uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H };
enum Rank : std::uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 };

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s < SQUARE_NB; }
// The rank as seen by colour c (rank 1 for White is rank 8 for Black).
constexpr int relative_rank(Color c, Square s) { return rank_of(s) ^ (c * 7); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

// "e4" style names; SQ_NONE prints as "-".
std::string square_name(Square s);

// Piece types. Values 1..6 are the FIDE pieces; variants add theirs after KING
// (piece types are table entries, see rules/core/pieces.h). A PieceType fits 5 bits.
enum PieceType : std::uint8_t {
  NO_PIECE_TYPE = 0,
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  FIRST_FAIRY_PIECE_TYPE,
  // Chess with Different Armies (rules/core/pieces.h has their Betza strings).
  BEDE = FIRST_FAIRY_PIECE_TYPE,  // Colorbound Clobberers
  WAFFLE,
  FAD,
  CARDINAL,
  CHARGING_ROOK,  // Nutty Knights
  FIBNIF,
  CHARGING_KNIGHT,
  COLONEL,
  SHORT_ROOK,  // Remarkable Rookies
  WOODY_ROOK,
  HALF_DUCK,
  CHANCELLOR,
  // Superchess, substitutes set I (XBoard letters A E S V).
  AMAZON,    // Q + N
  EMPRESS,   // R + N
  PRINCESS,  // B + N
  VETERAN,   // K + N, not royal
  PIECE_TYPE_NB = 32
};
static_assert(CHANCELLOR == 18 && VETERAN == 22 && VETERAN < PIECE_TYPE_NB);

// A coloured piece: bits 0-4 the piece type, bit 5 the colour. NO_PIECE is 0.
enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 64 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 5) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 31); }
constexpr Color color_of(Piece p) { return Color(p >> 5); }
static_assert(make_piece(BLACK, KING) == 38 && type_of(make_piece(BLACK, KING)) == KING);
static_assert(color_of(make_piece(BLACK, PAWN)) == BLACK &&
              color_of(make_piece(WHITE, QUEEN)) == WHITE);
static_assert(int(PIECE_TYPE_NB) * int(COLOR_NB) == int(PIECE_NB));

// Move, 32 bits:
//   bits  0- 5  destination square (for CASTLING: the square of the castling rook)
//   bits  6-11  origin square
//   bits 12-13  kind: NORMAL, PROMOTION, EN_PASSANT, CASTLING
//   bits 14-18  promotion piece type (PROMOTION only)
//   bits 19-31  zero (kept free for variants that need flags)
// Castling is encoded "king takes own rook" so that Chess960 and standard chess share one
// encoding. MOVE_NONE (a1a1) and MOVE_NULL (b1b1) are never legal moves.
enum MoveKind : std::uint32_t {
  NORMAL = 0,
  PROMOTION = 1u << 12,
  EN_PASSANT = 2u << 12,
  CASTLING = 3u << 12
};

class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(std::uint32_t raw) : raw_(raw) {}
  constexpr Move(Square from, Square to) : raw_((std::uint32_t(from) << 6) | to) {}
  static constexpr Move make(Square from, Square to, MoveKind kind,
                             PieceType promo = NO_PIECE_TYPE) {
    return Move((std::uint32_t(promo) << 14) | kind | (std::uint32_t(from) << 6) | to);
  }
  static constexpr Move none() { return Move(0); }
  static constexpr Move null() { return Move((1u << 6) | 1u); }

  constexpr Square from() const { return Square((raw_ >> 6) & 63); }
  constexpr Square to() const { return Square(raw_ & 63); }
  constexpr MoveKind kind() const { return MoveKind(raw_ & (3u << 12)); }
  constexpr PieceType promotion() const { return PieceType((raw_ >> 14) & 31); }
  constexpr std::uint32_t raw() const { return raw_; }
  constexpr bool is_ok() const { return from() != to(); }

  constexpr bool operator==(const Move&) const = default;
  constexpr auto operator<=>(const Move&) const = default;

 private:
  std::uint32_t raw_ = 0;
};
static_assert(sizeof(Move) == 4, "standard chess moves stay 4 bytes");
static_assert(Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN).promotion() == QUEEN);
static_assert(Move::make(SQ_E7, SQ_E8, PROMOTION, PieceType(31)).to() == SQ_E8);
static_assert(Move::make(SQ_E1, SQ_H1, CASTLING).kind() == CASTLING);
static_assert(Move::make(SQ_H7, SQ_G6, EN_PASSANT).from() == SQ_H7);
static_assert(!Move::none().is_ok() && !Move::null().is_ok());

// Castling rights: one bit per (colour, side). The king side is the side of the h-file.
enum CastlingRights : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15,
  CASTLING_RIGHT_NB = 16
};
constexpr CastlingRights castling_right(Color c, bool king_side) {
  return CastlingRights(1 << (c * 2 + (king_side ? 0 : 1)));
}
// 0..3, the index of a single right.
constexpr int castling_index(Color c, bool king_side) { return c * 2 + (king_side ? 0 : 1); }

}  // namespace fairykit
