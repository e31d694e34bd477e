// Legal move generation.
//
// The generator produces only legal moves: pins restrict a pinned piece to the line of
// its king, a check restricts every non-king move to the checking line, king moves and en
// passant are tested against the enemy attacks directly. It writes into a *sink*, so one
// body serves both uses:
//   MoveList<V>   - the moves themselves (notation, search, the inner nodes of perft);
//   MoveCounter   - only their number, by popcount of whole target sets (the leaves of
//                   perft: bulk counting).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <tuple>

#include "rules/core/position.h"

namespace fairykit {

// kMaxMoves<V>: the most legal moves any position of V that Position::set() accepts can
// have, proven from the variant's traits and piece table at compile time; MoveList<V> holds
// that many. The proof: a side has one king and at most V::kMaxPieces - 1 other pieces
// (Position::set() rejects more, and no move adds a piece). The king has at most 8 steps and
// 2 castlings. Every other piece moves from one square, so it has at most the largest
// betza_mobility_bound() of V's movers (the generator's moves of a mover are its attacks:
// within that bound, rules/core/pieces.h) or, for a pawn, at most
// max(4, 3 x promotion types): a single step, a double step and two captures (en passant
// replaces the capture onto its empty square), or on the 7th rank three destinations with
// one move per promotion type (at most V::kPromotions.size() for a fixed set, else the
// capacity of PromotionList). Hence 8 + 2 + (kMaxPieces - 1) x the largest per-piece bound.
// Chess: 10 + 15 x 27 (queen) = 415; the most known in a legal chess position is 218.
template <class V>
inline constexpr int kMaxMoves = [] {
  int per_piece = 0;
  for (PieceType pt : V::kMovers)
    per_piece = std::max(per_piece, betza_mobility_bound(piece_info(pt).betza));
  const int promotions = V::kRuntimePromotions || V::kPromotionPool
                             ? int(std::tuple_size_v<decltype(PromotionList::types)>)
                             : int(V::kPromotions.size());
  per_piece = std::max(per_piece, std::max(4, 3 * promotions));
  return 8 + 2 + (V::kMaxPieces - 1) * per_piece;
}();
static_assert(kMaxMoves<ChessVariant> == 415 && kMaxMoves<Chess960Variant> == 415);
static_assert(kMaxMoves<SuperchessVariant> == 10 + 15 * 35);  // the Amazon, Q + N
static_assert(kMaxMoves<CwdaVariant> == 415);  // the FIDE army's queen; the Colonel bounds 26

// The legal moves of a position of V, at most kMaxMoves<V> (checked by assert in debug
// builds).
template <class V>
class MoveList {
 public:
  static constexpr bool kCountOnly = false;
  static constexpr int kCapacity = kMaxMoves<V>;
  MoveList() : end_(storage_.moves) {}
  MoveList(const MoveList& o) : end_(storage_.moves + o.size()) {
    std::copy(o.begin(), o.end(), storage_.moves);
  }
  MoveList& operator=(const MoveList& o) {
    end_ = std::copy(o.begin(), o.end(), storage_.moves);
    return *this;
  }
  const Move* begin() const { return storage_.moves; }
  const Move* end() const { return end_; }
  std::size_t size() const { return std::size_t(end_ - storage_.moves); }
  bool empty() const { return end_ == storage_.moves; }
  Move operator[](std::size_t i) const { return storage_.moves[i]; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

  void add(Move m) { push(m); }
  void add_targets(Square from, Bitboard targets) {
    while (targets) push(Move(from, pop_lsb(targets)));
  }
  // Pawn moves given as destination sets; the origin is destination - delta.
  void add_pawn_moves(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets);
      push(Move(Square(to - delta), to));
    }
  }
  // `promos`: Position::promotion_types() (V::kPromotions, or the game's own set).
  template <class Promos>
  void add_promotions(Bitboard targets, int delta, const Promos& promos) {
    while (targets) {
      Square to = pop_lsb(targets);
      for (PieceType pt : promos) push(Move::make(Square(to - delta), to, PROMOTION, pt));
    }
  }

 private:
  void push(Move m) {
    assert(size() < std::size_t(kCapacity) && "kMaxMoves<V> is not a bound: see its proof");
    *end_++ = m;
  }

  // Left uninitialised: a perft visits millions of interior nodes, and zero-filling the
  // array at each was a measurable share of the time. Only [begin, end) is ever read.
  union Storage {
    Storage() {}
    Move moves[kCapacity];
  } storage_;
  Move* end_;
};

class MoveCounter {
 public:
  static constexpr bool kCountOnly = true;
  std::uint64_t count = 0;
  void add(Move) { ++count; }
  void add_targets(Square, Bitboard targets) { count += std::uint64_t(popcount(targets)); }
  void add_pawn_moves(Bitboard targets, int) { count += std::uint64_t(popcount(targets)); }
  template <class Promos>
  void add_promotions(Bitboard targets, int, const Promos& promos) {
    count += std::uint64_t(popcount(targets)) * promos.size();
  }
};

// Counts the legal moves and, among them, the captures (a move onto an enemy piece, and en
// passant), by popcount of whole target sets as MoveCounter does: both in one generation.
class CaptureCounter {
 public:
  static constexpr bool kCountOnly = true;
  explicit CaptureCounter(Bitboard enemies) : enemies_(enemies) {}
  std::uint64_t count = 0;
  std::uint64_t captures = 0;
  void add(Move m) {
    ++count;
    // Chess960 castling is written as the King taking its own Rook: never a capture.
    if (m.kind() == EN_PASSANT || (m.kind() != CASTLING && (enemies_ & square_bb(m.to()))))
      ++captures;
  }
  void add_targets(Square, Bitboard targets) { tally(targets, 1); }
  void add_pawn_moves(Bitboard targets, int) { tally(targets, 1); }
  template <class Promos>
  void add_promotions(Bitboard targets, int, const Promos& promos) {
    tally(targets, promos.size());
  }

 private:
  void tally(Bitboard targets, std::uint64_t each) {
    count += std::uint64_t(popcount(targets)) * each;
    captures += std::uint64_t(popcount(targets & enemies_)) * each;
  }
  Bitboard enemies_;
};

template <class V, Color Us, class Sink>
struct MoveGenerator {
  static constexpr Color Them = ~Us;
  static constexpr int Up = Us == WHITE ? 8 : -8;
  static constexpr int UpLeft = Us == WHITE ? 7 : -9;   // towards the a-file
  static constexpr int UpRight = Us == WHITE ? 9 : -7;  // towards the h-file

  static Bitboard shift_up(Bitboard b) { return Us == WHITE ? b << 8 : b >> 8; }
  static Bitboard shift_up_left(Bitboard b) {
    return Us == WHITE ? (b & ~kFileA) << 7 : (b & ~kFileA) >> 9;
  }
  static Bitboard shift_up_right(Bitboard b) {
    return Us == WHITE ? (b & ~kFileH) << 9 : (b & ~kFileH) >> 7;
  }

  static void generate(const Position<V>& pos, Sink& sink) {
    const Square ksq = pos.king_square(Us);
    const Bitboard occ = pos.pieces();
    const Bitboard us = pos.pieces(Us), them = pos.pieces(Them);
    const Bitboard checkers = pos.checkers();

    // King steps: test each destination with the king lifted off the board, so that a
    // slider's ray through the king's current square counts. The safe ones are kept for
    // castling.
    const Bitboard king_steps = king_attacks(ksq) & ~us;
    Bitboard king_safe = 0;
    {
      Bitboard targets = king_steps;
      const Bitboard occ_no_king = occ ^ square_bb(ksq);
      while (targets) {
        Square to = pop_lsb(targets);
        if (!pos.attackers_to(to, occ_no_king, Them)) {
          sink.add(Move(ksq, to));
          king_safe |= square_bb(to);
        }
      }
    }
    if (more_than_one(checkers)) return;

    // Non-king moves must land on `target`: anywhere not ours, or, in check, on the
    // checking line (between_bb includes the checker itself).
    Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~us;
    if constexpr (Position<V>::kTableDriven != 0) {
      // A check by a leap along a line (D, A, H jumps) cannot be blocked: only capturing
      // the checker answers it. (FIDE leapers are never aligned with the king at a distance.)
      if (checkers) {
        const Square chk = lsb(checkers);
        const PieceType pt = type_of(pos.piece_on(chk));
        if (piece_info(pt).table_driven && (piece_tables(pt).leaps[Them][chk] & square_bb(ksq)))
          target = checkers;
      }
    }
    const Bitboard pinned = pos.pinned(Us);

    generate_pawns(pos, sink, ksq, occ, them, target, pinned);
    generate_pieces(pos, sink, ksq, occ, target, pinned,
                    std::make_index_sequence<V::kMovers.size()>());
    if (!checkers && pos.castling_rights() & (Us == WHITE ? 3 : 12))
      generate_castling(pos, sink, ksq, occ, king_steps, king_safe);
  }

  template <std::size_t... I>
  static void generate_pieces(const Position<V>& pos, Sink& sink, Square ksq, Bitboard occ,
                              Bitboard target, Bitboard pinned, std::index_sequence<I...>) {
    (generate_piece<V::kMovers[I]>(pos, sink, ksq, occ, target, pinned), ...);
  }

  template <PieceType Pt>
  static void generate_piece(const Position<V>& pos, Sink& sink, Square ksq, Bitboard occ,
                             Bitboard target, Bitboard pinned) {
    constexpr const PieceInfo& info = piece_info(Pt);
    Bitboard pieces = pos.pieces(Us, Pt);
    if constexpr (info.table_driven) {
      while (pieces) {
        Square from = pop_lsb(pieces);
        Bitboard targets = piece_attacks<Pt>(Us, from, occ) & target;
        // A pinned piece may stay on its pin line, but a leap along it may also jump past
        // the pinner or behind the king: each remaining destination is replayed.
        if (pinned & square_bb(from)) {
          Bitboard keep = 0;
          for (Bitboard b = targets & line_bb(ksq, from); b;) {
            const Square to = pop_lsb(b);
            const Bitboard occ2 = (occ ^ square_bb(from)) | square_bb(to);
            if (!(pos.attackers_to(ksq, occ2, Them) & ~square_bb(to))) keep |= square_bb(to);
          }
          targets = keep;
        }
        sink.add_targets(from, targets);
      }
      return;
    }
    // A pinned knight can never stay on its pin line; a pinned slider may move along it, and
    // so may a one-step leaper (the Veteran, a non-royal K + N) without passing the pinner.
    constexpr bool kCanStayOnLine = info.slides_rook || info.slides_bishop || info.leaps_king;
    if constexpr (!kCanStayOnLine) pieces &= ~pinned;
    while (pieces) {
      Square from = pop_lsb(pieces);
      Bitboard targets = piece_attacks<Pt>(Us, from, occ) & target;
      if constexpr (kCanStayOnLine)
        if (pinned & square_bb(from)) targets &= line_bb(ksq, from);
      sink.add_targets(from, targets);
    }
  }

  static void generate_pawns(const Position<V>& pos, Sink& sink, Square ksq, Bitboard occ,
                             Bitboard them, Bitboard target, Bitboard pinned) {
    constexpr Bitboard rank7 = Us == WHITE ? rank_bb(RANK_7) : rank_bb(RANK_2);
    constexpr Bitboard rank3 = Us == WHITE ? rank_bb(RANK_3) : rank_bb(RANK_6);
    const Bitboard empty = ~occ;
    const Bitboard pawns = pos.pieces(Us, PAWN);

    // Pawns that are free to move in any direction.
    const Bitboard free = pawns & ~pinned;
    {
      const Bitboard p = free & ~rank7;
      Bitboard single = shift_up(p) & empty;
      Bitboard dbl = shift_up(single & rank3) & empty;
      sink.add_pawn_moves(single & target, Up);
      sink.add_pawn_moves(dbl & target, 2 * Up);
      sink.add_pawn_moves(shift_up_left(p) & them & target, UpLeft);
      sink.add_pawn_moves(shift_up_right(p) & them & target, UpRight);
    }
    if (const Bitboard p = free & rank7) {
      const auto& promos = pos.promotion_types();
      sink.add_promotions(shift_up(p) & empty & target, Up, promos);
      sink.add_promotions(shift_up_left(p) & them & target, UpLeft, promos);
      sink.add_promotions(shift_up_right(p) & them & target, UpRight, promos);
    }
    // Pinned pawns: rare, one at a time, restricted to their pin line.
    Bitboard pp = pawns & pinned;
    while (pp) {
      Square from = pop_lsb(pp);
      Bitboard fb = square_bb(from);
      Bitboard line = line_bb(ksq, from);
      Bitboard single = shift_up(fb) & empty;
      Bitboard dests =
          single | (shift_up(single & rank3) & empty) | (pawn_attacks_bb(Us, from) & them);
      dests &= target & line;
      if (fb & rank7) {
        while (dests) {
          Square to = pop_lsb(dests);
          for (PieceType pt : pos.promotion_types()) sink.add(Move::make(from, to, PROMOTION, pt));
        }
      } else {
        sink.add_targets(from, dests);
      }
    }
    // En passant: checked by replaying the occupancy change, since the capture removes two
    // pieces from one rank (the classic horizontal pin) and may or may not answer a check.
    const Square ep = pos.ep_square();
    if (ep != SQ_NONE) {
      const Square capsq = Square(ep - Up);
      // Replaying also settles checks: the capture may remove the checking pawn or block
      // a slider's line, and must not leave any other check standing.
      Bitboard cands = pawn_attacks_bb(Them, ep) & pawns;
      while (cands) {
        Square from = pop_lsb(cands);
        Bitboard occ2 = (occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
        Bitboard att = pos.attackers_to(ksq, occ2, Them) & ~square_bb(capsq);
        if (!att) sink.add(Move::make(from, ep, EN_PASSANT));
      }
    }
  }

  // Not in check (the caller's condition). `king_steps` are the squares the king steps to
  // tested above with the king lifted, `king_safe` those found unattacked.
  static void generate_castling(const Position<V>& pos, Sink& sink, Square ksq, Bitboard occ,
                                Bitboard king_steps, Bitboard king_safe) {
    constexpr Bitboard kCorners =
        square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) | square_bb(SQ_H8);
    for (bool king_side : {true, false}) {
      int index = castling_index(Us, king_side);
      if (!(pos.castling_rights() & (1 << index))) continue;
      if (occ & pos.castling_path_[index]) continue;
      Square rook = pos.castling_rook_[index];
      // The castling rook may shield the king's path from a rook on the back rank
      // (Chess960), so the test runs with king and rook lifted.
      Bitboard occ2 = occ ^ square_bb(ksq) ^ square_bb(rook);
      Bitboard path = pos.castling_king_path_[index];
      // A rook in the corner shields no square from anything (no line goes on past a
      // corner), so lifting it changes no attack: the king's own square is safe (no check)
      // and the squares next to it are known from the king steps.
      if (square_bb(rook) & kCorners) {
        if (path & king_steps & ~king_safe) continue;
        path &= ~(king_steps | square_bb(ksq));
      }
      bool safe = true;
      while (path && safe) {
        Square s = pop_lsb(path);
        safe = !pos.attackers_to(s, occ2, Them);
      }
      if (safe) sink.add(Move::make(ksq, rook, CASTLING));
    }
  }
};

// Every legal move of the side to move, into `sink`.
template <class V, class Sink>
inline void generate_legal(const Position<V>& pos, Sink& sink) {
  if constexpr (!Sink::kCountOnly)
    static_assert(Sink::kCapacity >= kMaxMoves<V>, "a move list too small for this variant");
  if (pos.side_to_move() == WHITE)
    MoveGenerator<V, WHITE, Sink>::generate(pos, sink);
  else
    MoveGenerator<V, BLACK, Sink>::generate(pos, sink);
}

template <class V>
inline MoveList<V> legal_moves(const Position<V>& pos) {
  MoveList<V> list;
  generate_legal(pos, list);
  return list;
}

template <class V>
inline std::uint64_t count_legal(const Position<V>& pos) {
  MoveCounter c;
  generate_legal(pos, c);
  return c.count;
}

// Whether the side to move has a legal move (count_legal(pos) != 0). Most positions answer
// before any slider table is read: a king's step to an unattacked square, or, out of
// check, an unpinned pawn's single step short of promotion, or an unpinned knight's move
// to a square not its own side's (the last position of every game of an archive is asked,
// and there the large slider tables are mostly out of the caches). Else the moves are
// counted.
template <class V>
bool has_legal_move(const Position<V>& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(us);
  const Bitboard ours = pos.pieces(us);
  const Bitboard occ_no_king = pos.pieces() ^ square_bb(ksq);
  for (Bitboard steps = king_attacks(ksq) & ~ours; steps;)
    if (!pos.attackers_to(pop_lsb(steps), occ_no_king, them)) return true;
  if (!pos.checkers()) {
    const Bitboard free = ~pos.pinned(us);
    const Bitboard last = us == WHITE ? rank_bb(RANK_7) : rank_bb(RANK_2);
    const Bitboard pawns = pos.pieces(us, PAWN) & free & ~last;
    const Bitboard pushed = us == WHITE ? pawns << 8 : pawns >> 8;
    if (pushed & ~pos.pieces()) return true;
    for (Bitboard n = pos.pieces(us, KNIGHT) & free; n;)
      if (knight_attacks(pop_lsb(n)) & ~ours) return true;
  }
  return count_legal(pos) != 0;
}

}  // namespace fairykit
