// Fluidity Chess (Lev Grigoriev, 2022; seed 003 = CVP rev 9948): the pawnless FIDE array,
// captures by dissection, capturable Kings. The rules are docs/rules/fluidity.md; the
// section numbers cited here are that file's. This is the first implementation of the game,
// so its choices (the Recommendations of fluidity.md) are written down as tests in
// tests/rules/fluidity/fluidity_test.cpp.
//
// Contract summary (fluidity.md §3.3-§3.6):
//   * No move ends on an occupied square. Bishops, Rooks and Queens ("rangers") slide
//     through enemy pieces to any empty square beyond; every enemy strictly between origin
//     and destination is captured; a friendly piece or the edge ends the ray; at most
//     kBishopLimit / kRookLimit / kQueenLimit enemies per move.
//   * A Knight lands on an empty L-square and captures the enemies on origin+L and
//     origin+2L (L = unit step of the long leg); friendly pieces there are jumped.
//   * A King steps to an empty square, never captures (except by castling), never checks.
//   * Check = the FIDE attack pattern of B R Q N, lines blocked by any piece. After a move
//     the mover's King must not be attacked, except that a move which captures the enemy
//     King is always legal (F8, kKingCaptureAlwaysLegal).
//   * Castling (§3.5) may pass through enemy Bishops/Knights, no two adjacent, and captures
//     them; the King's path (e1 f1 g1 / e1 d1 c1) must not be attacked.
//   * A position with a missing King has no moves (the game is over).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/core/game_engine.h"
#include "rules/core/game_state.h"
#include "rules/core/move_facts.h"
#include "rules/core/pieces.h"
#include "rules/core/setup_options.h"
#include "rules/core/types.h"
#include "rules/core/variant.h"

namespace fairykit::fluidity {

// Dissection limits per move (§3.4, F2: the seed's values). The only place they are set.
inline constexpr int kBishopLimit = 3;
inline constexpr int kRookLimit = 3;
inline constexpr int kQueenLimit = 6;
// F8: a move that captures the enemy King is legal even if it leaves the mover in check.
inline constexpr bool kKingCaptureAlwaysLegal = true;

// A whole turn, 16 bits:
//   bits  0- 5  destination (for castling: the King's destination, g1/c1/g8/c8)
//   bits  6-11  origin (for castling: the King's square)
//   bit  12     castling
// The captured pieces are implied by the geometry and the board (rangers: the enemies
// strictly between; Knights: the long leg; castling: the enemies between King and Rook).
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, bool castling = false)
      : raw_(std::uint16_t(to | (from << 6) | (castling ? 1 << 12 : 0))) {}
  constexpr Square from() const { return Square((raw_ >> 6) & 63); }
  constexpr Square to() const { return Square(raw_ & 63); }
  constexpr bool is_castling() const { return raw_ & (1 << 12); }
  constexpr std::uint16_t raw() const { return raw_; }
  constexpr bool operator==(const Move&) const = default;
  constexpr auto operator<=>(const Move&) const = default;

 private:
  std::uint16_t raw_ = 0;
};
static_assert(sizeof(Move) == 2);
static_assert(Move(SQ_E1, SQ_G1, true).is_castling() && Move(SQ_E1, SQ_G1, true).to() == SQ_G1);
static_assert(Move(SQ_H8, SQ_A1).from() == SQ_H8 && !Move(SQ_H8, SQ_A1).is_castling());

// A fixed-capacity list. 768 bounds any position a FEN can describe: an empty square is
// reached by at most 17 pieces of one side (the nearest own piece on each of its 8 lines,
// 8 Knights, the King) and a piece reaches at most 27 squares, so with E empty squares and
// P pieces (E + P <= 63: a position with moves has an enemy King) there are at most
// min(17E, 27P) <= 657 moves, plus 2 castlings. It needs no limit on the number of pieces.
// Checked by assert on every push in debug builds.
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 768;
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }
  void push_back(Move m) {
    assert(size_ < kCapacity && "the 768-move bound above is not a bound");
    moves_[size_++] = m;
  }

 private:
  std::array<Move, kCapacity> moves_;
  std::size_t size_ = 0;
};

class Position {
 public:
  using Move = fluidity::Move;
  using MoveList = fluidity::MoveList;

  static constexpr std::string_view kStartFen = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1";
  // The pieces (GameEngine): chess's without the pawns, named and valued as in chess.
  static constexpr std::array<PieceType, 5> kPieceTypes = {KNIGHT, BISHOP, ROOK, QUEEN, KING};
  static constexpr std::string_view piece_name(PieceType pt) { return piece_info(pt).name; }
  static constexpr int piece_value(PieceType pt) { return kPieceValues[pt]; }

  Position();  // the start position

  // Replaces the position and clears the history. Syntax errors come from the FEN parser
  // ("FEN castling field, column 31: ..."); a Fluidity-specific error names the field, the
  // column and the character ("FEN board field, column 9: 'P': Fluidity has no pawns").
  // Problems of the whole position (two white kings, no King at all) are one sentence each,
  // joined by "; ". One missing King is accepted: it is a finished game (state() reports
  // kKingCaptured). The side not to move may be in check (nothing breaks).
  absl::Status set_fen(std::string_view fen);
  // The same with the options of rules/core/setup_options.h: a castling right without its King on
  // e1/e8 or its Rook in the corner is dropped and reported in `dropped` (when given).
  absl::Status set_fen(std::string_view fen, const SetupOptions& options,
                       DroppedCastlingRights* dropped);
  // Canonical FEN: castling as KQkq, en passant always "-".
  std::string fen() const;

  Key key() const { return key_; }
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  std::uint8_t castling_rights() const { return castling_; }  // CastlingRights bits
  int halfmove_clock() const { return rule50_; }              // plies since the last capture
  int fullmove_number() const { return fullmove_; }
  // What the last successful set_fen() read leniently ("FEN fullmove number field, column
  // 30: 0 is read as 1"), one message each.
  const std::vector<std::string>& fen_warnings() const { return fen_warnings_; }
  int plies_played() const { return int(history_.size()); }  // since set_fen
  // The enemy pieces giving check to the side to move (0 when its King is missing).
  Bitboard checkers() const;
  bool in_check() const { return checkers() != 0; }
  // The enemy pieces `m` captures (castling included). m must be legal here.
  Bitboard victims(Move m) const;
  // What the legal move m does (rules/core/move_facts.h): its victims dissected, except those of
  // a castling on the squares where the King and the Rook land (replaced).
  void move_facts(Move m, MoveFacts& f) const;

  // The legal moves, in a fixed order: Knights, Bishops, Rooks, Queens (each by origin
  // square, then destination), King steps, castling (king side first).
  void generate_legal(MoveList& list) const;
  std::uint64_t count_legal() const;
  void do_move(Move m);  // m legal here
  void undo_move();      // takes back the last do_move (a precondition: there is one)
  const Move& last_move() const { return history_.back().move; }  // precondition: one played
  // Legal whole turns to `depth`, bulk-counted at the leaves; no draw rule applies and only a
  // missing King ends the tree (docs/rules/README.md, decision 2).
  std::uint64_t perft(int depth);

  bool is_consistent(std::string* why) const;

  // "b1c3"; castling as the King's two-square step, "e1g1".
  std::string to_uci(Move m) const;
  // SAN: K Q R B N, disambiguation as in chess, 'x' when anything is captured, O-O / O-O-O,
  // '+' for check, '#' for checkmate and for a move that captures the King.
  std::string to_san(Move m) const;
  // Reads SAN (x, +, #, !, ? optional), long algebraic ("Nb1-c3", "Nb1xc3", "b1c3"),
  // castling as O-O, 0-0, O-O-O, 0-0-0 or the King's step ("e1g1"), each optionally followed
  // by a victim annotation "{b2,b3}" that must list exactly the captured squares ("{}" for
  // none). Errors
  // (InvalidArgument, one line):
  //   unreadable move "Zz9"
  //   illegal move "Nf6"
  //   ambiguous move "Rd1" (Rad1, Rhd1)
  //   unreadable victims "{b9}" in "Nc3{b9}"
  //   wrong victims {b2} for "Nc3" (captures b2,b3)      ("(captures nothing)" for none)
  absl::StatusOr<Move> parse_move(std::string_view text) const;

  // The game as it stands (precedence: King captured, checkmate / no legal move,
  // insufficient material (K v K, K+B v K), threefold repetition (claimable, key = board,
  // side, castling rights, searched in the moves since set_fen), 25-move rule (50 plies
  // without capture, claimable)). `repetitions`, `threefold` and `fifty_moves` are filled
  // whatever the end.
  GameState state() const;
  // Legal moves and those that capture (dissect) something, check and the state.
  void count_turns(TurnCounts& c) const;
  // Whether the material is dead (§3.6: K v K, K+B v K), whatever else holds.
  bool insufficient_material() const;

 private:
  struct Undo {
    Move move;
    std::uint8_t castling;
    int rule50;  // any clock a FEN gives (up to parsers::kMaxFenCounter) and more
    Key key;
    Bitboard captured;           // the victims' squares
    std::array<Piece, 6> taken;  // the victims, in square order
  };

  struct Blank {};
  explicit Position(Blank) {}  // an empty board, for scratch copies

  template <bool kCount>
  std::uint64_t generate(MoveList* list) const;
  // A copy of the board and counters without the history (for notation look-ahead).
  Position scratch() const;
  void put(Piece pc, Square s);
  void remove(Square s);
  Key compute_key() const;
  std::string san_body(Move m) const;  // SAN without the check suffix

  std::array<Piece, SQUARE_NB> board_{};
  std::array<Bitboard, COLOR_NB> by_color_{};
  std::array<Bitboard, KING + 1> by_type_{};
  Color side_ = WHITE;
  std::uint8_t castling_ = 0;
  int rule50_ = 0;
  int fullmove_ = 1;
  Key key_ = 0;
  std::vector<Undo> history_;
  std::vector<std::string> fen_warnings_;
};

static_assert(GameEngine<Position>);

}  // namespace fairykit::fluidity
