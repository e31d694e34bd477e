// Position<V>: a checked position of variant V with make/unmake and an incremental Zobrist
// key, set up from a Setup (rules/core/setup.h: what a FEN says, unchecked).
//
// Syntax, meaning and legality are three steps: parsers/ turn text into a FEN AST,
// rules/notation/fen.h turns the AST into a Setup (naming the field and column of anything it
// cannot read), and Position<V>::set() checks the Setup and reports every problem.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "parsers/fen.h"
#include "rules/core/bitboard.h"
#include "rules/core/pieces.h"
#include "rules/core/setup.h"
#include "rules/core/types.h"
#include "rules/core/variant.h"
#include "rules/core/zobrist.h"

namespace fairykit {

// The promotion set of a game decided at run time (V::kRuntimePromotions): at most 8 types.
struct PromotionList {
  std::array<PieceType, 8> types{};
  std::size_t count = 0;
  const PieceType* begin() const { return types.data(); }
  const PieceType* end() const { return types.data() + count; }
  std::size_t size() const { return count; }
  void add(PieceType pt) {
    for (std::size_t i = 0; i < count; ++i)
      if (types[i] == pt) return;
    types[count++] = pt;
  }
};

// Per-ply state that undo_move cannot recompute. The caller owns it (usually on its own
// stack, one per ply), as in do_move(m, st).
//
// The two counters are 32 bits: 16-bit ones would wrap after 65,535 plies and hide the draws
// of rules/core/game_end.h (seventy-five moves, repetitions) in longer games. A set-up clock is
// at most parsers::kMaxFenCounter, which leaves room for more than a billion plies.
struct StateInfo {
  Key key = 0;
  std::uint32_t rule50 = 0;           // plies since the last capture or pawn move
  std::uint32_t plies_from_null = 0;  // plies since the root or the last null move
  std::uint8_t castling = 0;          // CastlingRights
  // The en passant square: set only when the side to move has a legal en passant capture
  // (as python-chess and lichess write FENs), so that a position has one key and one FEN
  // however it was reached (FIDE 9.2.3: positions are the same when the same moves are
  // possible). The exception is do_leaf(), the last ply of perft, which sets it when a pawn
  // attacks the square: only move generation reads it there, and that tests legality anyway.
  Square ep_square = SQ_NONE;
  Piece captured = NO_PIECE;
  Bitboard checkers = 0;  // the pieces giving check to the side to move
  StateInfo* previous = nullptr;
};

// What the moves of one position need to tell the checks they give without looking at the
// board after each (Position::check_info(): once per position, then used by every move).
template <class V>
struct CheckInfo {
  Square king = SQ_NONE;  // the king of the side not to move
  // Per piece type: the squares from which a piece of that type of the side to move
  // attacks `king` (given the occupancy before the move); 0 for the king.
  std::array<Bitboard, V::kPieceTypeCount> squares{};
  // The side to move's pieces that stand alone between one of its sliders and `king`: their
  // moves may uncover a check.
  Bitboard discoverers = 0;
};

template <class V>
class Position {
 public:
  using Variant = V;

  Position() { init_rules(); }
  Position(const Position&) = delete;  // st_ points into the owner's state chain
  Position& operator=(const Position&) = delete;

  // Checks the setup and, when it is sound, makes it the current position. Problems are
  // reported as one InvalidArgument status, one sentence per problem, joined by "; ".
  absl::Status set(const Setup& setup, StateInfo& root);
  // Makes this position a copy of `other` as it stands now (a checked position: nothing is
  // checked again), with `root` holding a copy of its current state as the new root.
  void assign(const Position& other, StateInfo& root);
  // The setup of the current position (for FEN writing and copying positions).
  Setup setup() const;

  // --- queries -----------------------------------------------------------------------
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  // The piece types of V that have a movement component, as a bit set over PieceType
  // (bit pt set when piece_info(pt).*component), computed at compile time.
  static constexpr std::uint32_t types_with(bool PieceInfo::*component) {
    std::uint32_t mask = 0;
    for (PieceType pt : V::kPieceTypes)
      if (pt != PAWN && piece_info(pt).*component) mask |= 1u << pt;
    return mask;
  }
  static constexpr std::uint32_t kKnightLeapers = types_with(&PieceInfo::leaps_knight);
  static constexpr std::uint32_t kKingLeapers = types_with(&PieceInfo::leaps_king);
  static constexpr std::uint32_t kRookSliders = types_with(&PieceInfo::slides_rook);
  static constexpr std::uint32_t kBishopSliders = types_with(&PieceInfo::slides_bishop);
  // Types moving by their compiled Betza tables (rules/core/pieces.h); 0 for chess.
  static constexpr std::uint32_t kTableDriven = types_with(&PieceInfo::table_driven);

  // The union of the bitboards of the piece types in Mask (folded at compile time).
  template <std::uint32_t Mask>
  Bitboard pieces_of_types() const {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ((Mask & (1u << I) ? by_type_[I] : Bitboard(0)) | ... | Bitboard(0));
    }
    (std::make_index_sequence<V::kPieceTypeCount>{});
  }
  Square ep_square() const { return st_->ep_square; }
  int castling_rights() const { return st_->castling; }
  Square castling_rook(int index) const { return castling_rook_[index]; }
  Square castling_king_to(int index) const { return castling_king_to_[index]; }
  Square castling_rook_to(int index) const { return castling_rook_to_[index]; }
  // The army of colour c (ARMY_FIDE unless V::kArmies).
  Army army(Color c) const { return Army(armies_[c]); }
  // What a pawn of the side to move may promote to, in SAN/UCI output order: V::kPromotions,
  // the game's own set when V::kRuntimePromotions (CwDA: the non-king pieces of both armies),
  // or the side's pool when V::kPromotionPool (Superchess; empty: no move to the last rank).
  decltype(auto) promotion_types() const {
    if constexpr (V::kPromotionPool)
      return pool_types(side_);
    else if constexpr (V::kRuntimePromotions)
      return (promotions_);
    else
      return (V::kPromotions);
  }
  // V::kPromotionPool: how many pieces of kPromotions[i] colour c may still promote to,
  // base - count on the board, clamped at 0 (the pool is a function of the board).
  int pool_count(Color c, std::size_t i) const requires V::kPromotionPool {
    return std::max(
        0, int(V::kPoolBase[i]) - popcount(pieces(c, V::kPromotions[i])) + pool_offset_[c][i]);
  }
  // With Setup::amazon_promotes the Amazon (base 1) comes first, before kPromotions.
  PromotionList pool_types(Color c) const requires V::kPromotionPool {
    static_assert(V::kPromotions.size() + 1 <= PromotionList{}.types.size());
    PromotionList list;
    if (amazon_promotes_ && !pieces(c, AMAZON)) list.types[list.count++] = AMAZON;
    for (std::size_t i = 0; i < V::kPromotions.size(); ++i)
      if (pool_count(c, i) > 0) list.types[list.count++] = V::kPromotions[i];
    return list;
  }
  int rule50() const { return int(st_->rule50); }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == BLACK)) / 2; }
  Key key() const { return st_->key; }
  const StateInfo* state() const { return st_; }

  // Pieces of both colours that attack s, given the occupancy.
  Bitboard attackers_to(Square s, Bitboard occ) const;
  // Pieces of colour c that attack s, given the occupancy.
  Bitboard attackers_to(Square s, Bitboard occ, Color c) const;
  // The same, the sliders found by their lines through s (the few candidates tested
  // against the small between table) rather than by the slider attack tables: when game
  // records are replayed (do_move's checkers, the legality tests of SAN reading), those
  // large tables are touched at random occupancies, a cache miss each.
  Bitboard attackers_by_lines(Square s, Bitboard occ, Color c) const;
  // Whether any piece of colour c attacks s, given the occupancy.
  bool attacked_by(Color c, Square s, Bitboard occ) const;
  // The pieces giving check (kept in the state by set() and do_move()).
  Bitboard checkers() const { return st_->checkers; }
  bool in_check() const { return st_->checkers != 0; }
  // Pieces of colour c that are pinned to their own king (by sliders of the other side).
  Bitboard pinned(Color c) const { return blockers_for_king(c) & pieces(c); }
  // Pieces of either colour that stand alone between c's king and a slider of the other
  // side (on an empty board the slider would attack the king).
  Bitboard blockers_for_king(Color c) const;
  CheckInfo<V> check_info() const;

  // --- make / unmake --------------------------------------------------------------------
  // m must be legal in the current position (see movegen.h).
  void do_move(Move m, StateInfo& st) { make<true>(m, st, 0, nullptr); }
  // The same with the new key given: key_after(m), which hashed perft has computed already,
  // or any value when nothing reads key() before the move is taken back (unhashed perft).
  void do_move(Move m, StateInfo& st, Key key) { make<false>(m, st, key, nullptr); }
  // The same with the checks found through `ci`, this position's check_info(): the
  // checkers of the new position without looking at the board for most moves.
  void do_move(Move m, StateInfo& st, Key key, const CheckInfo<V>& ci) {
    make<false>(m, st, key, &ci);
  }
  void undo_move(Move m);
  // The last ply of perft, for a plain move (Move kind NORMAL) of a variant without
  // table-driven pieces: m is made on the bitboards and on the state that move generation
  // reads (the side to move, the checkers through `ci`, en passant, castling rights), not
  // on the board array, the key or the counters, and undo_leaf(m) takes it back. In
  // between only move generation may run (the board array is stale).
  void do_leaf(Move m, StateInfo& st, const CheckInfo<V>& ci);
  void undo_leaf(Move m);
  void do_null_move(StateInfo& st);
  void undo_null_move();
  // The key that do_move(m) would give, without making the move (hashed perft looks the
  // child up, or prefetches its slot, before making it). m must be legal.
  Key key_after(Move m) const;
  // key_after(moves[i]) ^ salt into keys[i] for the n legal moves: the plain moves (no
  // castling, en passant, promotion or pawn's double step) from what their siblings share,
  // without a branch on the capture or the castling rights (hashed perft keys every child).
  void keys_after(const Move* moves, std::size_t n, Key salt, Key* keys) const;

  // The key recomputed from scratch (the debug invariant: it equals key()).
  Key compute_key() const;
  // Whether `capturer` could capture en passant on `ep`, taking the pawn on `pawn`, without
  // leaving its king attacked. The board is the position after the double step,
  // described as this board with `occ` as the occupancy and `ignore` as squares whose pieces
  // do not count as attackers (do_move: the board itself; key_after: the board before it,
  // with the pawn's origin and destination ignored). Only pawns of `them` on the two squares
  // beside `pawn` are candidates.
  bool ep_capture_legal(Color capturer, Square ep, Square pawn, Bitboard occ,
                        Bitboard ignore) const;
  // Whether the board, bitboards and counters agree with each other (debug invariant).
  bool is_consistent(std::string* why = nullptr) const;

  // The Move value for castling with right `index` (king takes own rook).
  Move castling_move(int index) const {
    return Move::make(king_square(Color(index >> 1)), castling_rook_[index], CASTLING);
  }

 private:
  void put_piece(Piece pc, Square s) {
    board_[s] = pc;
    by_type_[type_of(pc)] |= square_bb(s);
    by_color_[color_of(pc)] |= square_bb(s);
  }
  void remove_piece(Square s) {
    Piece pc = board_[s];
    by_type_[type_of(pc)] ^= square_bb(s);
    by_color_[color_of(pc)] ^= square_bb(s);
    board_[s] = NO_PIECE;
  }
  void move_piece(Square from, Square to) {
    Piece pc = board_[from];
    Bitboard ft = square_bb(from) | square_bb(to);
    by_type_[type_of(pc)] ^= ft;
    by_color_[color_of(pc)] ^= ft;
    board_[from] = NO_PIECE;
    board_[to] = pc;
  }
  // do_move: the key computed (kKey) or given; the checkers through `ci` when not null.
  template <bool kKey>
  void make(Move m, StateInfo& st, Key key, const CheckInfo<V>* ci);
  void set_castling_right(int index, Square king, Square rook);
  absl::Status build(const Setup& setup, StateInfo& root);  // set() on a fresh position
  Key ep_key(Square ep) const { return ep == SQ_NONE ? 0 : zobrist::ep_file[file_of(ep)]; }

  std::array<Piece, SQUARE_NB> board_{};
  std::array<Bitboard, V::kPieceTypeCount> by_type_{};
  std::array<Bitboard, COLOR_NB> by_color_{};
  Color side_ = WHITE;
  int game_ply_ = 0;
  StateInfo* st_ = nullptr;

  // Castling geometry, fixed for the game.
  std::array<std::uint8_t, SQUARE_NB> castling_mask_{};  // rights lost when s moves/is taken
  std::array<Square, 4> castling_rook_ = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  std::array<Square, 4> castling_king_to_ = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  std::array<Square, 4> castling_rook_to_ = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  std::array<Bitboard, 4> castling_path_{};       // must be empty (but for king and rook)
  std::array<Bitboard, 4> castling_king_path_{};  // must not be attacked
  // Armies (V::kArmies): fixed for the game.
  std::array<std::uint8_t, COLOR_NB> armies_ = {ARMY_FIDE, ARMY_FIDE};
  PromotionList promotions_;
  // Setup::amazon_promotes (V::kPromotionPool only): fixed for the game.
  bool amazon_promotes_ = false;
  std::array<std::array<std::int8_t, 8>, COLOR_NB> pool_offset_{};  // see Setup::pool_offset

  template <class, Color, class>
  friend struct MoveGenerator;
};

// ---------------------------------------------------------------------------------------
// Implementation (a template: every variant instantiates it).

namespace position_detail {

// Calls f.template operator()<Pt>() for every table-driven type Pt of V (folded at compile
// time: the other types cost nothing).
template <class V, class F>
[[gnu::always_inline]] inline void for_each_table_type(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
    (
        [&]() __attribute__((always_inline)) {
          constexpr PieceType kPt = V::kPieceTypes[I];
          if constexpr (kPt != PAWN && piece_info(kPt).table_driven) f.template operator()<kPt>();
        }(),
        ...);
  }
  (std::make_index_sequence<V::kPieceTypes.size()>{});
}

// Whether some table-driven type of V has a rook-line (bishop-line) table component.
template <class V>
inline constexpr bool kTableRook = [] {
  for (PieceType pt : V::kPieceTypes)
    if (pt != PAWN && piece_info(pt).table_rook) return true;
  return false;
}();
template <class V>
inline constexpr bool kTableBishop = [] {
  for (PieceType pt : V::kPieceTypes)
    if (pt != PAWN && piece_info(pt).table_bishop) return true;
  return false;
}();

}  // namespace position_detail

template <class V>
Bitboard Position<V>::attackers_to(Square s, Bitboard occ) const {
  using namespace position_detail;
  Bitboard a = (pawn_attacks_bb(BLACK, s) & pieces(WHITE, PAWN)) |
               (pawn_attacks_bb(WHITE, s) & pieces(BLACK, PAWN));
  if constexpr (kTableDriven == 0) {
    if constexpr (kKnightLeapers != 0) a |= knight_attacks(s) & pieces_of_types<kKnightLeapers>();
    if constexpr (kKingLeapers != 0) a |= king_attacks(s) & pieces_of_types<kKingLeapers>();
    if constexpr (kRookSliders != 0) a |= rook_attacks(s, occ) & pieces_of_types<kRookSliders>();
    if constexpr (kBishopSliders != 0)
      a |= bishop_attacks(s, occ) & pieces_of_types<kBishopSliders>();
    return a;
  }
  Bitboard rook_lines = 0, bishop_lines = 0;
  if constexpr (kRookSliders != 0 || kTableRook<V>) rook_lines = rook_attacks(s, occ);
  if constexpr (kBishopSliders != 0 || kTableBishop<V>) bishop_lines = bishop_attacks(s, occ);
  if constexpr (kKnightLeapers != 0) a |= knight_attacks(s) & pieces_of_types<kKnightLeapers>();
  if constexpr (kKingLeapers != 0) a |= king_attacks(s) & pieces_of_types<kKingLeapers>();
  if constexpr (kRookSliders != 0) a |= rook_lines & pieces_of_types<kRookSliders>();
  if constexpr (kBishopSliders != 0) a |= bishop_lines & pieces_of_types<kBishopSliders>();
  if constexpr (kTableDriven != 0) {
    // A piece of colour c on x attacks s iff a piece of colour ~c on s attacks x.
    for_each_table_type<V>([&]<PieceType Pt>() __attribute__((always_inline)) {
      if (const Bitboard p = by_type_[Pt])
        a |= ((table_attacks<Pt>(BLACK, s, rook_lines, bishop_lines) & by_color_[WHITE]) |
              (table_attacks<Pt>(WHITE, s, rook_lines, bishop_lines) & by_color_[BLACK])) &
             p;
    });
  }
  return a;
}

template <class V>
Bitboard Position<V>::attackers_by_lines(Square s, Bitboard occ, Color c) const {
  using namespace position_detail;
  if constexpr (kTableDriven != 0) {
    return attackers_to(s, occ, c);
  } else {
    const Bitboard theirs = by_color_[c];
    Bitboard a = pawn_attacks_bb(~c, s) & by_type_[PAWN];
    if constexpr (kKnightLeapers != 0) a |= knight_attacks(s) & pieces_of_types<kKnightLeapers>();
    if constexpr (kKingLeapers != 0) a |= king_attacks(s) & pieces_of_types<kKingLeapers>();
    a &= theirs;
    Bitboard lines = 0;
    if constexpr (kRookSliders != 0)
      lines |= bb::tables.rook_pseudo[s] & pieces_of_types<kRookSliders>();
    if constexpr (kBishopSliders != 0)
      lines |= bb::tables.bishop_pseudo[s] & pieces_of_types<kBishopSliders>();
    for (Bitboard b = lines & theirs & ~a; b;) {
      const Square from = pop_lsb(b);
      // between_bb(s, from): the squares strictly between, plus `from` itself.
      if ((between_bb(s, from) & occ) == square_bb(from)) a |= square_bb(from);
    }
    return a;
  }
}

template <class V>
Bitboard Position<V>::attackers_to(Square s, Bitboard occ, Color c) const {
  using namespace position_detail;
  Bitboard a = pawn_attacks_bb(~c, s) & by_type_[PAWN];
  if constexpr (kTableDriven == 0) {
    if constexpr (kKnightLeapers != 0) a |= knight_attacks(s) & pieces_of_types<kKnightLeapers>();
    if constexpr (kKingLeapers != 0) a |= king_attacks(s) & pieces_of_types<kKingLeapers>();
    a &= by_color_[c];
    // A slider's attack table (a likely cache miss) is read only when a slider of colour c
    // stands on one of the lines through s: on an empty board it would attack s.
    if constexpr (kRookSliders != 0) {
      const Bitboard r = pieces_of_types<kRookSliders>() & by_color_[c];
      if (r & bb::tables.rook_pseudo[s]) a |= rook_attacks(s, occ) & r;
    }
    if constexpr (kBishopSliders != 0) {
      const Bitboard b = pieces_of_types<kBishopSliders>() & by_color_[c];
      if (b & bb::tables.bishop_pseudo[s]) a |= bishop_attacks(s, occ) & b;
    }
    return a;
  }
  Bitboard rook_lines = 0, bishop_lines = 0;
  if constexpr (kRookSliders != 0 || kTableRook<V>) rook_lines = rook_attacks(s, occ);
  if constexpr (kBishopSliders != 0 || kTableBishop<V>) bishop_lines = bishop_attacks(s, occ);
  if constexpr (kKnightLeapers != 0) a |= knight_attacks(s) & pieces_of_types<kKnightLeapers>();
  if constexpr (kKingLeapers != 0) a |= king_attacks(s) & pieces_of_types<kKingLeapers>();
  if constexpr (kRookSliders != 0) a |= rook_lines & pieces_of_types<kRookSliders>();
  if constexpr (kBishopSliders != 0) a |= bishop_lines & pieces_of_types<kBishopSliders>();
  a &= by_color_[c];
  if constexpr (kTableDriven != 0) {
    for_each_table_type<V>([&]<PieceType Pt>() __attribute__((always_inline)) {
      if (const Bitboard p = by_type_[Pt] & by_color_[c])
        a |= table_attacks<Pt>(~c, s, rook_lines, bishop_lines) & p;
    });
  }
  return a;
}

template <class V>
bool Position<V>::attacked_by(Color c, Square s, Bitboard occ) const {
  return attackers_to(s, occ, c) != 0;
}

template <class V>
Bitboard Position<V>::blockers_for_king(Color c) const {
  using namespace position_detail;
  const Square ksq = king_square(c);
  Bitboard snipers = 0;
  if constexpr (kRookSliders != 0)
    snipers |= bb::tables.rook_pseudo[ksq] & pieces_of_types<kRookSliders>();
  if constexpr (kBishopSliders != 0)
    snipers |= bb::tables.bishop_pseudo[ksq] & pieces_of_types<kBishopSliders>();
  if constexpr (kTableRook<V> || kTableBishop<V>) {
    // A table-driven piece of colour ~c on x slides to ksq on an empty board iff x is in the
    // slide masks of colour c on ksq (Black's tables are White's rotated, rules/core/betza.h).
    // Its leaps pin nothing.
    for_each_table_type<V>([&]<PieceType Pt>() __attribute__((always_inline)) {
      constexpr const PieceInfo& info = piece_info(Pt);
      if constexpr (info.table_rook || info.table_bishop) {
        if (const Bitboard p = by_type_[Pt] & by_color_[~c]) {
          const PieceTables& t = piece_tables(Pt);
          const Color tc = info.colour_dependent ? c : WHITE;
          Bitboard lines = 0;
          if constexpr (info.table_rook) lines |= t.rook_mask[tc][ksq];
          if constexpr (info.table_bishop) lines |= t.bishop_mask[tc][ksq];
          snipers |= lines & p;
        }
      }
    });
  }
  snipers &= pieces(~c);
  const Bitboard occ = pieces();
  Bitboard result = 0;
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard b = between_bb(ksq, s) & occ & ~square_bb(s);
    if (b && !more_than_one(b)) result |= b;
  }
  return result;
}

template <class V>
CheckInfo<V> Position<V>::check_info() const {
  using namespace position_detail;
  const Color us = side_, them = ~us;
  CheckInfo<V> ci;
  ci.king = king_square(them);
  const Bitboard occ = pieces();
  Bitboard rook_lines = 0, bishop_lines = 0;
  if constexpr (kRookSliders != 0 || kTableRook<V>) rook_lines = rook_attacks(ci.king, occ);
  if constexpr (kBishopSliders != 0 || kTableBishop<V>) bishop_lines = bishop_attacks(ci.king, occ);
  ci.squares[PAWN] = pawn_attacks_bb(them, ci.king);
  // A piece of ours on x attacks the king iff a piece of the same type of theirs on the
  // king's square attacks x (the tables of directional pieces are each other's rotation).
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          constexpr PieceType kPt = V::kMovers[I];
          constexpr const PieceInfo& info = piece_info(kPt);
          Bitboard a = 0;
          if constexpr (info.leaps_knight) a |= knight_attacks(ci.king);
          if constexpr (info.leaps_king) a |= king_attacks(ci.king);
          if constexpr (info.slides_rook) a |= rook_lines;
          if constexpr (info.slides_bishop) a |= bishop_lines;
          if constexpr (info.table_driven)
            a |= table_attacks<kPt>(them, ci.king, rook_lines, bishop_lines);
          ci.squares[kPt] = a;
        }(),
        ...);
  }
  (std::make_index_sequence<V::kMovers.size()>{});
  ci.discoverers = blockers_for_king(them) & pieces(us);
  return ci;
}

template <class V>
void Position<V>::set_castling_right(int index, Square king, Square rook) {
  Color c = Color(index >> 1);
  bool king_side = (index & 1) == 0;
  Square kto = relative_square(c, king_side ? SQ_G1 : SQ_C1);
  Square rto = relative_square(c, king_side ? SQ_F1 : SQ_D1);
  if constexpr (V::kArmies) {
    // Colorbound Clobberers: the long castle puts the King on b1 and the Bede on c1, so that
    // the Bede keeps its colour (cwda.md 4.2).
    if (!king_side && armies_[c] == ARMY_CLOBBERERS) {
      kto = relative_square(c, SQ_B1);
      rto = relative_square(c, SQ_C1);
    }
  }
  castling_rook_[index] = rook;
  castling_king_to_[index] = kto;
  castling_rook_to_[index] = rto;
  castling_mask_[king] |= std::uint8_t(1 << index);
  castling_mask_[rook] |= std::uint8_t(1 << index);
  castling_path_[index] =
      (between_bb(rook, rto) | between_bb(king, kto)) & ~(square_bb(king) | square_bb(rook));
  castling_king_path_[index] = between_bb(king, kto) | square_bb(king);
}

template <class V>
absl::Status Position<V>::set(const Setup& s, StateInfo& root) {
  // Build and check on a scratch position, and commit only when everything holds: a
  // rejected setup leaves this position (and `root`) as they were.
  Position scratch;
  StateInfo scratch_root;
  if (absl::Status status = scratch.build(s, scratch_root); !status.ok()) return status;
  assign(scratch, root);
  amazon_promotes_ = V::kPromotionPool && s.amazon_promotes;
  pool_offset_ = V::kPromotionPool ? s.pool_offset : decltype(pool_offset_){};
  return absl::OkStatus();
}

template <class V>
void Position<V>::assign(const Position& other, StateInfo& root) {
  board_ = other.board_;
  by_type_ = other.by_type_;
  by_color_ = other.by_color_;
  side_ = other.side_;
  game_ply_ = other.game_ply_;
  castling_mask_ = other.castling_mask_;
  castling_rook_ = other.castling_rook_;
  castling_king_to_ = other.castling_king_to_;
  castling_rook_to_ = other.castling_rook_to_;
  castling_path_ = other.castling_path_;
  castling_king_path_ = other.castling_king_path_;
  armies_ = other.armies_;
  promotions_ = other.promotions_;
  amazon_promotes_ = other.amazon_promotes_;
  pool_offset_ = other.pool_offset_;
  root = *other.st_;
  root.previous = nullptr;
  st_ = &root;
}

template <class V>
absl::Status Position<V>::build(const Setup& s, StateInfo& root) {
  std::vector<std::string> problems;
  auto colour_name = [](Color c) { return c == WHITE ? "white" : "black"; };
  for (Color c : {WHITE, BLACK}) {
    int kings = 0;
    for (Piece pc : s.board)
      if (pc == make_piece(c, KING)) ++kings;
    if (kings == 0) problems.push_back(std::string("no ") + colour_name(c) + " king");
    if (kings > 1) problems.push_back(std::to_string(kings) + " " + colour_name(c) + " kings");
  }
  for (int sq = 0; sq < 64; ++sq) {
    Piece pc = s.board[sq];
    if (pc == NO_PIECE) continue;
    bool known = false;
    for (PieceType pt : V::kPieceTypes) known |= type_of(pc) == pt;
    if (!known)
      problems.push_back("a piece this variant does not have on " + square_name(Square(sq)));
    if (type_of(pc) == PAWN && (rank_of(Square(sq)) == RANK_1 || rank_of(Square(sq)) == RANK_8))
      problems.push_back(std::string(colour_name(color_of(pc))) + " pawn on " +
                         square_name(Square(sq)));
  }
  // Material no game of the variant can reach (python-chess's "too many pieces" checks). The
  // move list's capacity rests on it (rules/core/movegen.h, kMaxMoves).
  for (Color c : {WHITE, BLACK}) {
    int pieces = 0, pawns = 0;
    for (Piece pc : s.board) {
      if (pc == NO_PIECE || color_of(pc) != c) continue;
      ++pieces;
      pawns += type_of(pc) == PAWN;
    }
    if (pieces > V::kMaxPieces)
      problems.push_back(std::string("too many ") + colour_name(c) +
                         " pieces: " + std::to_string(pieces) + " (at most " +
                         std::to_string(V::kMaxPieces) + ")");
    if (pawns > V::kMaxPawns)
      problems.push_back(std::string("too many ") + colour_name(c) + " pawns: " +
                         std::to_string(pawns) + " (at most " + std::to_string(V::kMaxPawns) + ")");
  }
  if constexpr (V::kArmies) {
    for (Color c : {WHITE, BLACK})
      if (s.armies[c] >= ARMY_NB) problems.push_back(std::string("no ") + colour_name(c) + " army");
  }
  // The counters' range (parsers::kMaxFenCounter: what the 32-bit counters hold with room
  // for any game). A FEN cannot exceed it; a Setup made in code can.
  if (s.halfmove_clock < 0 || s.halfmove_clock > parsers::kMaxFenCounter)
    problems.push_back("halfmove clock " + std::to_string(s.halfmove_clock) +
                       " is out of range (0 to " + std::to_string(parsers::kMaxFenCounter) + ")");
  if (s.fullmove_number > parsers::kMaxFenCounter)
    problems.push_back("fullmove number " + std::to_string(s.fullmove_number) +
                       " is out of range (at most " + std::to_string(parsers::kMaxFenCounter) +
                       ")");
  if (!problems.empty()) {
    std::string msg;
    for (auto& p : problems) msg += (msg.empty() ? "" : "; ") + p;
    return absl::InvalidArgumentError(msg);
  }

  armies_ = {ARMY_FIDE, ARMY_FIDE};
  promotions_ = PromotionList{};
  if constexpr (V::kArmies) {
    armies_ = s.armies;
    // Either army's non-king pieces, queen-equivalents first (cwda.md 4.2, C1).
    for (int slot : {3, 0, 2, 1})
      for (Color c : {WHITE, BLACK}) promotions_.add(kArmyPieces[armies_[c]][std::size_t(slot)]);
  }

  board_.fill(NO_PIECE);
  by_type_.fill(0);
  by_color_.fill(0);
  castling_mask_.fill(0);
  castling_rook_.fill(SQ_NONE);
  castling_king_to_.fill(SQ_NONE);
  castling_rook_to_.fill(SQ_NONE);
  castling_path_.fill(0);
  castling_king_path_.fill(0);
  for (int sq = 0; sq < 64; ++sq)
    if (s.board[sq] != NO_PIECE) put_piece(s.board[sq], Square(sq));
  side_ = s.side_to_move;
  game_ply_ = 2 * (std::max(1, s.fullmove_number) - 1) + (side_ == BLACK);
  root = StateInfo{};
  st_ = &root;

  std::uint8_t rights = 0;
  for (int i = 0; i < 4; ++i) {
    Square rook = s.castling_rooks[i];
    if (rook == SQ_NONE) continue;
    Color c = Color(i >> 1);
    Square ksq = king_square(c);
    PieceType partner = ROOK;
    if constexpr (V::kArmies) partner = castling_partner(Army(armies_[c]));
    if (std::optional<CastlingProblem> p =
            castling_problem(board_, i, rook, ksq, partner, V::kChess960)) {
      problems.push_back(std::move(p->message));
      continue;
    }
    set_castling_right(i, ksq, rook);
    rights |= std::uint8_t(1 << i);
  }
  root.castling = rights;
  root.rule50 = std::uint32_t(s.halfmove_clock);

  // En passant: the square must be behind a pawn that just made a double step.
  if (s.ep_square != SQ_NONE) {
    Color us = side_, them = ~us;
    Square ep = s.ep_square;
    Square pawn = Square(ep + (us == WHITE ? -8 : 8));
    Square origin = Square(ep + (us == WHITE ? 8 : -8));
    if (relative_rank(us, ep) != RANK_6)
      problems.push_back("en passant square " + square_name(ep) + " is not on rank " +
                         (us == WHITE ? "6" : "3"));
    else if (piece_on(pawn) != make_piece(them, PAWN) || !empty(ep) || !empty(origin))
      problems.push_back("en passant square " + square_name(ep) + " without a " +
                         colour_name(them) + " pawn that has just made a double step");
  }

  if (attackers_to(king_square(~side_), pieces()) & pieces(side_))
    problems.push_back(std::string("the side not to move (") + colour_name(~side_) +
                       ") is in check");
  if (!problems.empty()) {
    std::string msg;
    for (auto& p : problems) msg += (msg.empty() ? "" : "; ") + p;
    st_ = nullptr;
    return absl::InvalidArgumentError(msg);
  }
  root.checkers = attackers_to(king_square(side_), pieces(), ~side_);
  // Kept only when a capture is legal: the FEN written and the key depend on it (StateInfo).
  if (s.ep_square != SQ_NONE) {
    const Square pawn = Square(s.ep_square + (side_ == WHITE ? -8 : 8));
    if (ep_capture_legal(side_, s.ep_square, pawn, pieces(), 0)) root.ep_square = s.ep_square;
  }
  root.key = compute_key();
  return absl::OkStatus();
}

template <class V>
bool Position<V>::ep_capture_legal(Color capturer, Square ep, Square pawn, Bitboard occ,
                                   Bitboard ignore) const {
  const Color mover = ~capturer;
  const Square ksq = king_square(capturer);
  for (Bitboard cands = pawn_attacks_bb(mover, ep) & pieces(capturer, PAWN); cands;) {
    const Square from = pop_lsb(cands);
    // The capture empties two squares of one rank (the classic horizontal pin) and fills
    // the square behind the pawn (which may block a discovered check).
    const Bitboard occ2 = (occ ^ square_bb(from) ^ square_bb(pawn)) | square_bb(ep);
    if (!(attackers_to(ksq, occ2, mover) & ~(ignore | square_bb(pawn)))) return true;
  }
  return false;
}

template <class V>
Setup Position<V>::setup() const {
  Setup s;
  s.board = board_;
  s.side_to_move = side_;
  for (int i = 0; i < 4; ++i)
    if (st_->castling & (1 << i)) s.castling_rooks[i] = castling_rook_[i];
  s.ep_square = st_->ep_square;
  s.halfmove_clock = int(st_->rule50);
  s.fullmove_number = fullmove_number();
  s.armies = armies_;
  s.amazon_promotes = amazon_promotes_;
  s.pool_offset = pool_offset_;
  return s;
}

template <class V>
Key Position<V>::compute_key() const {
  Key k = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (board_[sq] != NO_PIECE) k ^= zobrist::psq[board_[sq]][sq];
  k ^= zobrist::castling[st_->castling];
  k ^= ep_key(st_->ep_square);
  if (side_ == BLACK) k ^= zobrist::side;
  return k;
}

template <class V>
bool Position<V>::is_consistent(std::string* why) const {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  if (by_color_[WHITE] & by_color_[BLACK]) return fail("colour bitboards overlap");
  Bitboard all_types = 0;
  for (PieceType pt : V::kPieceTypes) {
    if (all_types & by_type_[pt]) return fail("type bitboards overlap");
    all_types |= by_type_[pt];
  }
  if (all_types != pieces()) return fail("type and colour bitboards differ");
  for (int sq = 0; sq < 64; ++sq) {
    Piece pc = board_[sq];
    bool on = pieces() & square_bb(Square(sq));
    if ((pc != NO_PIECE) != on)
      return fail("board and bitboards differ on " + square_name(Square(sq)));
    if (pc != NO_PIECE && !(pieces(color_of(pc), type_of(pc)) & square_bb(Square(sq))))
      return fail("piece on " + square_name(Square(sq)) + " in the wrong bitboard");
  }
  if (popcount(pieces(WHITE, KING)) != 1 || popcount(pieces(BLACK, KING)) != 1)
    return fail("not one king per side");
  if (compute_key() != st_->key) return fail("incremental key differs from recomputed key");
  if (attackers_to(king_square(side_), pieces(), ~side_) != st_->checkers)
    return fail("stored checkers differ from recomputed checkers");
  if (st_->ep_square != SQ_NONE &&
      !ep_capture_legal(side_, st_->ep_square, Square(st_->ep_square + (side_ == WHITE ? -8 : 8)),
                        pieces(), 0))
    return fail("en passant square without a legal en passant capture");
  return true;
}

template <class V>
template <bool kKey>
void Position<V>::make(Move m, StateInfo& st, Key key, const CheckInfo<V>* ci) {
  st.castling = st_->castling;
  st.rule50 = st_->rule50 + 1;
  st.plies_from_null = st_->plies_from_null + 1;
  st.previous = st_;
  // The key: computed as the board changes, or the one given (then the Zobrist loads of
  // toggle() are dead code).
  Key k = kKey ? st_->key ^ zobrist::side ^ ep_key(st_->ep_square) : key;
  auto toggle = [&](Key z) {  // (a default capture: k is unused when kKey is false)
    if constexpr (kKey) k ^= z;
  };
  st.ep_square = SQ_NONE;
  st_ = &st;

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  Piece captured = NO_PIECE;

  if (m.kind() == CASTLING) {
    int index = castling_index(us, to > from);
    Square kto = castling_king_to_[index], rto = castling_rook_to_[index];
    Piece rook = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, kto);
    put_piece(rook, rto);
    toggle(zobrist::psq[pc][from] ^ zobrist::psq[pc][kto] ^ zobrist::psq[rook][to] ^
           zobrist::psq[rook][rto]);
  } else {
    if (m.kind() == EN_PASSANT) {
      Square capsq = Square(to + (us == WHITE ? -8 : 8));
      captured = board_[capsq];
      remove_piece(capsq);
      toggle(zobrist::psq[captured][capsq]);
      st.rule50 = 0;
    } else if (board_[to] != NO_PIECE) {
      captured = board_[to];
      remove_piece(to);
      toggle(zobrist::psq[captured][to]);
      st.rule50 = 0;
    }
    move_piece(from, to);
    toggle(zobrist::psq[pc][from] ^ zobrist::psq[pc][to]);
    if (type_of(pc) == PAWN) {
      st.rule50 = 0;
      if ((int(to) ^ int(from)) == 16 &&
          (pawn_attacks_bb(us, Square((from + to) / 2)) & pieces(them, PAWN))) [[unlikely]] {
        const Square ep = Square((from + to) / 2);
        if (ep_capture_legal(them, ep, to, pieces(), 0)) {
          st.ep_square = ep;
          toggle(zobrist::ep_file[file_of(ep)]);
        }
      } else if (m.kind() == PROMOTION) {
        Piece promo = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promo, to);
        toggle(zobrist::psq[pc][to] ^ zobrist::psq[promo][to]);
      }
    }
  }
  if (st.castling && (castling_mask_[from] | castling_mask_[to])) {
    toggle(zobrist::castling[st.castling]);
    st.castling &= std::uint8_t(~(castling_mask_[from] | castling_mask_[to]));
    toggle(zobrist::castling[st.castling]);
  }
  st.captured = captured;
  st.key = k;
  // A plain move of a piece that uncovers nothing checks from its new square or not at
  // all; the rest (castling, en passant, promotions, possible discoveries) look, by the
  // lines through the king (a replay has no check_info: see attackers_by_lines).
  if (ci && m.kind() == NORMAL && !(ci->discoverers & square_bb(from)))
    st.checkers = ci->squares[type_of(pc)] & square_bb(to);
  else
    st.checkers = attackers_by_lines(king_square(them), pieces(), us);
  side_ = them;
  ++game_ply_;
}

// The key arithmetic of do_move, on the board as it stands (tests/rules check the two
// against each other over whole perft trees of every variant of the family).
template <class V>
Key Position<V>::key_after(Move m) const {
  Key k = st_->key ^ zobrist::side ^ ep_key(st_->ep_square);
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  if (m.kind() == CASTLING) {
    const int index = castling_index(us, to > from);
    const Piece rook = board_[to];
    k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][castling_king_to_[index]] ^
         zobrist::psq[rook][to] ^ zobrist::psq[rook][castling_rook_to_[index]];
  } else {
    if (m.kind() == EN_PASSANT) {
      const Square capsq = Square(to + (us == WHITE ? -8 : 8));
      k ^= zobrist::psq[board_[capsq]][capsq];
    } else if (board_[to] != NO_PIECE) {
      k ^= zobrist::psq[board_[to]][to];
    }
    k ^= zobrist::psq[pc][from];
    if (m.kind() == PROMOTION)
      k ^= zobrist::psq[make_piece(us, m.promotion())][to];
    else
      k ^= zobrist::psq[pc][to];
    if (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16 &&
        (pawn_attacks_bb(us, Square((from + to) / 2)) & pieces(them, PAWN)) &&
        ep_capture_legal(them, Square((from + to) / 2), to,
                         pieces() ^ square_bb(from) ^ square_bb(to),
                         square_bb(from) | square_bb(to)))
      k ^= zobrist::ep_file[file_of(Square((from + to) / 2))];
  }
  const std::uint8_t castling = st_->castling;
  if (castling && (castling_mask_[from] | castling_mask_[to]))
    k ^= zobrist::castling[castling] ^
         zobrist::castling[castling & ~(castling_mask_[from] | castling_mask_[to])];
  return k;
}

template <class V>
void Position<V>::keys_after(const Move* moves, std::size_t n, Key salt, Key* keys) const {
  const Key base = st_->key ^ zobrist::side ^ ep_key(st_->ep_square) ^ salt;
  const std::uint8_t castling = st_->castling;
  const Key rights = zobrist::castling[castling];
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = moves[i];
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from], captured = board_[to];
    if (m.kind() != NORMAL || (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16)) [[unlikely]] {
      keys[i] = key_after(m) ^ salt;
      continue;
    }
    const Key taken = captured != NO_PIECE ? zobrist::psq[captured][to] : 0;
    keys[i] = base ^ zobrist::psq[pc][from] ^ zobrist::psq[pc][to] ^ taken ^ rights ^
              zobrist::castling[castling & ~(castling_mask_[from] | castling_mask_[to])];
  }
}

template <class V>
void Position<V>::do_leaf(Move m, StateInfo& st, const CheckInfo<V>& ci) {
  static_assert(kTableDriven == 0, "the generator of table-driven pieces reads the board");
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  const Piece captured = board_[to];
  const Bitboard ft = square_bb(from) | square_bb(to);
  by_type_[type_of(pc)] ^= ft;
  by_color_[us] ^= ft;
  if (captured != NO_PIECE) {
    by_type_[type_of(captured)] ^= square_bb(to);
    by_color_[them] ^= square_bb(to);
  }
  st.castling = st_->castling & std::uint8_t(~(castling_mask_[from] | castling_mask_[to]));
  st.ep_square = SQ_NONE;
  if (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16 &&
      (pawn_attacks_bb(us, Square((from + to) / 2)) & pieces(them, PAWN)))
    st.ep_square = Square((from + to) / 2);
  st.captured = captured;
  st.previous = st_;
  st_ = &st;
  side_ = them;
  st.checkers = (ci.discoverers & square_bb(from)) ? attackers_to(king_square(them), pieces(), us)
                                                   : ci.squares[type_of(pc)] & square_bb(to);
}

template <class V>
void Position<V>::undo_leaf(Move m) {
  const Color them = side_, us = ~them;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  const Bitboard ft = square_bb(from) | square_bb(to);
  by_type_[type_of(pc)] ^= ft;
  by_color_[us] ^= ft;
  if (st_->captured != NO_PIECE) {
    by_type_[type_of(st_->captured)] ^= square_bb(to);
    by_color_[them] ^= square_bb(to);
  }
  side_ = us;
  st_ = st_->previous;
}

template <class V>
void Position<V>::undo_move(Move m) {
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (m.kind() == CASTLING) {
    int index = castling_index(us, to > from);
    Square kto = castling_king_to_[index], rto = castling_rook_to_[index];
    Piece king = board_[kto], rook = board_[rto];
    remove_piece(kto);
    remove_piece(rto);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.kind() == PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (st_->captured != NO_PIECE) {
      Square capsq = m.kind() == EN_PASSANT ? Square(to + (us == WHITE ? -8 : 8)) : to;
      put_piece(st_->captured, capsq);
    }
  }
  st_ = st_->previous;
}

template <class V>
void Position<V>::do_null_move(StateInfo& st) {
  st = *st_;
  st.previous = st_;
  st.key ^= zobrist::side ^ ep_key(st_->ep_square);
  st.ep_square = SQ_NONE;
  st.rule50 = st_->rule50 + 1;
  st.plies_from_null = 0;
  st.captured = NO_PIECE;
  st_ = &st;
  side_ = ~side_;
  ++game_ply_;
  st.checkers = attackers_to(king_square(side_), pieces(), ~side_);
}

template <class V>
void Position<V>::undo_null_move() {
  st_ = st_->previous;
  side_ = ~side_;
  --game_ply_;
}

}  // namespace fairykit
