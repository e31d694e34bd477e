// Interweave (Peter Aronson, 2002): the rules engine. The rules and every decision taken
// where the sources are silent are in docs/rules/interweave.md; section numbers below
// (§1.x, A1..A17) refer to it.
//
// Pieces use the vchess/FEN letters: K King, R Smasher, N Leaper, B Remover, P Pawn. Inside
// fairykit they are the PieceTypes KING, ROOK (Smasher), KNIGHT (Leaper), BISHOP (Remover)
// and PAWN, so that zobrist::psq and the FEN letters line up.
//
// A Move is a whole turn (docs/rules/README.md, decision 1): the steps of one piece in
// order, each (from, to, promotion), plus the squares the turn captures. A quiet move and a
// single capture are one step; a Remover capture is one step with from == to; a chain is
// several.
//
// End of game (§1.7, decided in state()):
//   * King captured (A12): one side has two Kings and the other fewer,
//     whatever FEN the position came from (every game starts with two Kings a side and none
//     are ever added). Such a position has no moves; a chain that takes a King is finished
//     first. Boards where neither side has two Kings are rules diagrams (the seed's lone
//     King) and play as they stand.
//   * No legal move: the side to move loses.
//   * Third occurrence of a position (board, side to move, en passant state, both pools)
//     at a turn boundary: the player who produced it loses.
//   * 100 plies without capture or Pawn move: a draw that can be claimed.
#pragma once

#include <array>
#include <cassert>
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
#include "rules/core/types.h"

namespace fairykit::interweave {

namespace detail {
struct Sets;
}

inline constexpr PieceType SMASHER = ROOK;
inline constexpr PieceType LEAPER = KNIGHT;
inline constexpr PieceType REMOVER = BISHOP;

// One whole turn.
//
// Layout, 32 bytes:
//   bytes  0- 7  captured: every square the turn captures (the union over its steps)
//   byte   8     the square the piece starts from
//   byte   9     the number of steps, 1..kMaxSteps
//   bytes 10-25  one byte per step: bits 0-5 the step's destination (a step starts where
//                the previous one ended; a Remover capture ends where it starts), bits 6-7
//                the promotion made on that step: 0 none, 1 Smasher, 2 Leaper, 3 Remover
//   bytes 26-31  padding
// Bound on the steps: every step of a chain captures at least one enemy piece, and a side
// never has more than 16 pieces (set_fen rejects more; promotion replaces a Pawn), so a
// turn has at most 16 steps (checked by assert in debug builds).
// Two moves are equal when their step sequences are equal (the captured squares follow
// from the steps and the board).
class Move {
 public:
  static constexpr int kMaxSteps = 16;

  constexpr Move() = default;
  // A one-step move.
  constexpr Move(Square from, Square to, PieceType promotion = NO_PIECE_TYPE) : from_(from) {
    push(to, promotion);
  }

  constexpr Square from() const { return Square(from_); }
  constexpr int size() const { return count_; }  // number of steps
  // Step i (0-based) goes from step_from(i) to step_to(i).
  constexpr Square step_from(int i) const { return i == 0 ? from() : step_to(i - 1); }
  constexpr Square step_to(int i) const { return Square(path_[i] & 63); }
  constexpr PieceType promotion(int i) const { return decode(path_[i] >> 6); }
  constexpr Square to() const { return step_to(count_ - 1); }  // where the piece ends
  constexpr Bitboard captured() const { return captured_; }
  constexpr bool is_capture() const { return captured_ != 0; }
  // The promotion made during the turn, or NO_PIECE_TYPE (a turn promotes at most once).
  constexpr PieceType promotion() const {
    for (int i = 0; i < count_; ++i)
      if (path_[i] >> 6) return promotion(i);
    return NO_PIECE_TYPE;
  }

  // Building (the generator and tests).
  constexpr void push(Square to, PieceType promotion = NO_PIECE_TYPE) {
    assert(count_ < kMaxSteps && "the step bound above is not a bound");
    path_[count_++] = std::uint8_t(to | (encode(promotion) << 6));
  }
  constexpr void pop() { --count_; }
  constexpr void set_captured(Bitboard b) { captured_ = b; }
  constexpr void set_from(Square s) { from_ = s; }

  constexpr bool operator==(const Move& o) const {
    if (from_ != o.from_ || count_ != o.count_) return false;
    for (int i = 0; i < count_; ++i)
      if (path_[i] != o.path_[i]) return false;
    return true;
  }

 private:
  static constexpr unsigned encode(PieceType pt) {
    return pt == SMASHER ? 1u : pt == LEAPER ? 2u : pt == REMOVER ? 3u : 0u;
  }
  static constexpr PieceType decode(unsigned code) {
    constexpr PieceType kTypes[4] = {NO_PIECE_TYPE, SMASHER, LEAPER, REMOVER};
    return kTypes[code & 3];
  }

  Bitboard captured_ = 0;
  std::uint8_t from_ = SQ_NONE;
  std::uint8_t count_ = 0;
  std::array<std::uint8_t, kMaxSteps> path_{};
};
static_assert(sizeof(Move) == 32, "a whole turn fits half a cache line");
static_assert(Move(SQ_C7, SQ_C8, LEAPER).promotion(0) == LEAPER);
static_assert(Move(SQ_C7, SQ_C8, REMOVER).promotion() == REMOVER);
static_assert(Move(SQ_E4, SQ_E4).step_to(0) == SQ_E4 && Move(SQ_E4, SQ_E4).size() == 1);
static_assert(Move(SQ_H7, SQ_H8, SMASHER).to() == SQ_H8);
static_assert(Move(SQ_A1, SQ_A5) != Move(SQ_A1, SQ_A7));

// The legal turns of a position. A vector (reused by whoever keeps the list): chains branch
// (a long leap may land on up to three squares, each continuing), so no small fixed bound
// is safe.
class MoveList {
 public:
  void clear() { moves_.clear(); }
  void push_back(const Move& m) { moves_.push_back(m); }
  std::size_t size() const { return moves_.size(); }
  bool empty() const { return moves_.empty(); }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  auto begin() const { return moves_.begin(); }
  auto end() const { return moves_.end(); }

 private:
  std::vector<Move> moves_;
};

class Position {
 public:
  using Move = interweave::Move;
  using MoveList = interweave::MoveList;

  static constexpr std::string_view kStartFen =
      "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000";
  // A side starts with two of each piece but the Pawns. A pool holds at most this many of a
  // type (A11), and a side has at most this many Kings.
  static constexpr int kArmyCount = 2;
  // The pieces (GameEngine): on the board in the order records list them, named by what
  // they are (the PieceTypes they are stored as are the chess ones), and valued 1 each but
  // the Kings: Interweave has no established values, so a material balance is the
  // difference of the piece counts.
  static constexpr std::array<PieceType, 5> kPieceTypes = {PAWN, LEAPER, REMOVER, SMASHER, KING};
  static constexpr std::string_view piece_name(PieceType pt) {
    return pt == SMASHER   ? "smasher"
           : pt == LEAPER  ? "leaper"
           : pt == REMOVER ? "remover"
                           : piece_info(pt).name;
  }
  static constexpr int piece_value(PieceType pt) { return pt == KING ? 0 : 1; }

  Position();  // the start position

  // Reads the vchess form `board turn plies ep pool [halfmove]` (§1.11): ep is `-` or
  // `<midpoint>,<arrival file>` (`c3,d`), pool six digits read literally (White Smasher,
  // Leaper, Remover, then Black's), halfmove the 50-move clock (0 when absent). Also reads
  // the board alone, optionally prefixed `fen:` (the seed diagrams): White to move, no en
  // passant, empty pools. Errors name the field, the column (1-based) and the character.
  // A side may have at most 16 pieces (the army) and kArmyCount Kings, a pool digit at most
  // kArmyCount. Pawns may stand on any rank (the seed's Leaper diagram has a Black Pawn on
  // g1); a Pawn on its last rank has no moves. A set-up may have more of a type on the board
  // and in the pool together than a side starts with (a diagram): a piece captured while its
  // pool already holds kArmyCount of its type leaves the game, so that every position
  // reached can be written and read back.
  absl::Status set_fen(std::string_view text);
  // The vchess form; the halfmove clock is written as a 6th field only when it is not 0,
  // so that positions without a pending 50-move count are plain vchess FENs. The en passant
  // field as `field` says (rules/core/game_engine.h).
  std::string fen(EpField field = EpField::kLegalCapture) const;
  // GameEngine's lenient readings of the last set_fen(): a pool digit above kArmyCount, read
  // as kArmyCount ("FEN pool field, column 25: 3 White Smashers in the pool, more than the 2
  // a side starts with; read as 2").
  const std::vector<std::string>& fen_warnings() const { return warnings_; }

  Key key() const { return key_; }
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  // Pieces of `pt` (SMASHER, LEAPER or REMOVER) that `c` may promote to.
  int pool(Color c, PieceType pt) const;
  // SQ_NONE without an en passant right. The right exists only when the side to move can
  // make the capture (a Pawn of its own behind the midpoint, the square beyond it empty), so
  // that a position has one key and one FEN however it was reached.
  Square ep_midpoint() const { return ep_mid_; }
  Square ep_arrival() const { return ep_to_; }  // where the double-stepping Pawn stands
  int plies() const { return plies_; }
  int halfmove_clock() const { return halfmove_; }
  // Whether a side has lost a King: one side has two Kings and the other fewer (A12). Then
  // the position has no moves.
  bool king_missing() const;

  void generate_legal(MoveList& list) const;
  std::uint64_t count_legal() const;
  void do_move(const Move& m);  // m legal here
  void undo_move();
  const Move& last_move() const { return history_.back().move; }  // precondition: one played
  // Whole turns, counted without making the last turn (bulk counting at the leaves).
  std::uint64_t perft(int depth);
  bool is_consistent(std::string* why) const;

  // Squares in order, a promotion as its lowercase letter after the square where it
  // happens: "a1a5c5", "e4e4" (Remover), "c6c8ne8".
  std::string to_uci(const Move& m) const;
  // "[piece]<from><-|x><to>[=X]" then "x<to>[=X]" per further step; `#` when the turn takes
  // a King. A Remover capture as the first step is "Be4x"; a Remover step later in a chain
  // (after a promotion to a Remover) repeats its square, "c6xc8=Bxc8".
  std::string to_san(const Move& m) const;
  // vchess's notation (§1.10): the sub-moves joined by commas, each the letter of the piece
  // after the step, its destination and `X` when it captures; a Remover capture "<sq>R".
  std::string to_vchess(const Move& m) const;
  // Reads the SAN-like form above (`P` optional; `Be4xe4`; `{a4}` / `{a4,b3}` after a step,
  // checked against what the step captures; trailing `#+!?` ignored), the UCI-like squares
  // and vchess's notation. Errors: `unreadable move "..."`, `illegal move "..."`,
  // `ambiguous move "..." (a, b)` (vchess notation has no origin square), `wrong captured
  // squares {b3} for "..." (the step to a5 captures {a4})`.
  absl::StatusOr<Move> parse_move(std::string_view text) const;
  // The legal moves whose vchess notation is `text` (any number).
  std::vector<Move> vchess_matches(std::string_view text) const;
  // The squares each step of the legal move m captures, in order.
  std::vector<Bitboard> step_captures(const Move& m) const;
  // What the legal turn m does (rules/core/move_facts.h): each victim with its capture method,
  // by the piece that takes it on that step (a Pawn promoted in a chain goes on as its new
  // piece): Smasher approach, Leaper leap, Remover removal, King short leap; a Pawn's
  // victim jumped over is a short leap, the double-stepped Pawn taken by leaping over the
  // empty midpoint of its double step en passant, any other custodian.
  void move_facts(const Move& m, MoveFacts& f) const;

  GameState state() const;
  // Every legal turn captures when any does (compulsory capture), and a capturing turn is a
  // chain of one or more steps; there is no check.
  void count_turns(TurnCounts& c) const;

 private:
  struct Undo {
    Move move;
    Key key;
    std::array<Piece, 16> captured;  // the captured pieces, in square order
    Piece moved;
    Square ep_mid, ep_to;
    std::array<std::array<std::uint8_t, 3>, 2> pool;
    int halfmove;
  };

  void put(Piece pc, Square s);
  void remove(Square s);
  Key compute_key() const;
  static Key ep_key(Square mid, Square to);
  static Key pool_key(Color c, int index, int count);
  unsigned available() const;  // pool mask of the side to move (detail::kPoolTypes bits)
  // Whether the side to move can capture en passant over `mid` (a Pawn's short leap over
  // the empty midpoint of the double step just made).
  bool ep_capture_possible(Square mid) const;
  detail::Sets sets() const;
  int repetitions() const;

  std::array<Piece, SQUARE_NB> board_{};
  std::array<Bitboard, COLOR_NB> by_color_{};
  std::array<Bitboard, KING + 1> by_type_{};
  Color side_ = WHITE;
  std::array<std::array<std::uint8_t, 3>, 2> pool_{};  // [colour][Smasher, Leaper, Remover]
  Square ep_mid_ = SQ_NONE, ep_to_ = SQ_NONE;
  // The double step the set-up FEN named, capturable or not (EpField::kAfterDoubleStep).
  Square root_ep_mid_ = SQ_NONE, root_ep_to_ = SQ_NONE;
  std::vector<std::string> warnings_;
  int plies_ = 0;
  int halfmove_ = 0;
  Key key_ = 0;
  std::vector<Undo> history_;
};

static_assert(GameEngine<Position>);

// Sub-move perft (§1.11, for debugging against vchess's getPossibleMovesFrom granularity):
// every step of a chain is a node, and the same player keeps moving until the chain ends.
std::uint64_t submove_perft(Position& pos, int depth);

}  // namespace fairykit::interweave
