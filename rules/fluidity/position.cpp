// Fluidity Chess: board, move generation, make/unmake, perft. FEN, notation and the game
// state are in notation.cpp. Section numbers are those of docs/rules/fluidity.md.
#include "rules/fluidity/position.h"

#include <mutex>

#include "rules/core/bitboard.h"
#include "rules/core/zobrist.h"

namespace fairykit::fluidity {

namespace {

// Rays from a square, one per direction, the square itself excluded. Directions 0-3 run
// towards higher square indices (so the nearest piece on them is the lsb), 4-7 towards
// lower ones (the msb).
enum RayDir { kN, kE, kNE, kNW, kS, kW, kSW, kSE, kRayDirs };
constexpr int kRayDf[kRayDirs] = {0, 1, 1, -1, 0, -1, -1, 1};
constexpr int kRayDr[kRayDirs] = {1, 0, 1, 1, -1, 0, -1, -1};

struct Tables {
  Bitboard ray[kRayDirs][SQUARE_NB];
  // Knight from -> to: the two squares of the long leg that it dissects (F4).
  Bitboard leg[SQUARE_NB][SQUARE_NB];
  Bitboard legs[SQUARE_NB];  // the union over the Knight's destinations
  // The castling rights lost when a piece leaves, lands on or is captured on a square.
  std::uint8_t rights_lost[SQUARE_NB];
};
Tables tables;

void init_tables() {
  for (int s = 0; s < 64; ++s) {
    const int f = s & 7, r = s >> 3;
    for (int d = 0; d < kRayDirs; ++d) {
      Bitboard b = 0;
      for (int ff = f + kRayDf[d], rr = r + kRayDr[d]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8;
           ff += kRayDf[d], rr += kRayDr[d])
        b |= square_bb(make_square(ff, rr));
      tables.ray[d][s] = b;
    }
    tables.legs[s] = 0;
    // The long leg is 2 steps along (lf, lr), the short one 1 step sideways.
    constexpr int kLegs[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
    for (const auto& l : kLegs)
      for (int side : {-1, 1}) {
        const int tf = f + 2 * l[0] + side * l[1], tr = r + 2 * l[1] + side * l[0];
        if (tf < 0 || tf > 7 || tr < 0 || tr > 7) continue;
        const Bitboard leg = square_bb(make_square(f + l[0], r + l[1])) |
                             square_bb(make_square(f + 2 * l[0], r + 2 * l[1]));
        tables.leg[s][make_square(tf, tr)] = leg;
        tables.legs[s] |= leg;
      }
    tables.rights_lost[s] = 0;
  }
  tables.rights_lost[SQ_E1] = WHITE_OO | WHITE_OOO;
  tables.rights_lost[SQ_H1] = WHITE_OO;
  tables.rights_lost[SQ_A1] = WHITE_OOO;
  tables.rights_lost[SQ_E8] = BLACK_OO | BLACK_OOO;
  tables.rights_lost[SQ_H8] = BLACK_OO;
  tables.rights_lost[SQ_A8] = BLACK_OOO;
}

void init_all() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_rules();
    init_tables();
  });
}

// The squares whose capture costs castling rights: the corners (a captured Rook takes its
// right with it, §3.6) and e1/e8 (a captured King, so that the final FEN stays readable).
constexpr Bitboard kRightsSquares = square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) |
                                    square_bb(SQ_H8) | square_bb(SQ_E1) | square_bb(SQ_E8);

// A ranger's reach may pass more enemies along one ray than its limit; the ray then ends
// just before the (limit+1)-th enemy (§3.4). `dirs` is a bit set over RayDir.
inline Bitboard trim_reach(Square from, Bitboard reach, Bitboard enemy, int limit, unsigned dirs) {
  for (int d = 0; d < kRayDirs; ++d) {
    if (!(dirs & (1u << d))) continue;
    Bitboard e = reach & tables.ray[d][from] & enemy;
    if (popcount(e) <= limit) continue;
    Square cut;
    if (d < 4) {
      for (int i = 0; i < limit; ++i) e &= e - 1;
      cut = lsb(e);
    } else {
      for (int i = 0; i < limit; ++i) e ^= square_bb(msb(e));
      cut = msb(e);
    }
    reach &= ~(tables.ray[d][cut] | square_bb(cut));
  }
  return reach;
}

constexpr unsigned kRookDirs = (1u << kN) | (1u << kE) | (1u << kS) | (1u << kW);
constexpr unsigned kBishopDirs = (1u << kNE) | (1u << kNW) | (1u << kSW) | (1u << kSE);

}  // namespace

Position::Position() {
  init_all();
  const absl::Status status = set_fen(kStartFen);
  (void)status;  // the start FEN is sound
}

Position Position::scratch() const {
  Position p{Blank{}};
  p.board_ = board_;
  p.by_color_ = by_color_;
  p.by_type_ = by_type_;
  p.side_ = side_;
  p.castling_ = castling_;
  p.rule50_ = rule50_;
  p.fullmove_ = fullmove_;
  p.key_ = key_;
  return p;
}

void Position::put(Piece pc, Square s) {
  board_[s] = pc;
  by_color_[color_of(pc)] |= square_bb(s);
  by_type_[type_of(pc)] |= square_bb(s);
}

void Position::remove(Square s) {
  const Piece pc = board_[s];
  board_[s] = NO_PIECE;
  by_color_[color_of(pc)] ^= square_bb(s);
  by_type_[type_of(pc)] ^= square_bb(s);
}

Key Position::compute_key() const {
  Key k = zobrist::castling[castling_];
  for (int s = 0; s < 64; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::psq[board_[s]][s];
  if (side_ == BLACK) k ^= zobrist::side;
  return k;
}

Bitboard Position::checkers() const {
  const Color us = side_, them = ~us;
  const Bitboard king = pieces(us, KING);
  if (!king) return 0;
  const Square ksq = lsb(king);
  const Bitboard occ = pieces(), enemy = by_color_[them];
  return (knight_attacks(ksq) & enemy & by_type_[KNIGHT]) |
         (bishop_attacks(ksq, occ) & enemy & (by_type_[BISHOP] | by_type_[QUEEN])) |
         (rook_attacks(ksq, occ) & enemy & (by_type_[ROOK] | by_type_[QUEEN]));
}

void Position::move_facts(Move m, MoveFacts& f) const {
  f.clear();
  f.moved = type_of(board_[m.from()]);
  // Castling takes the enemies between King and Rook (§3.5): those on the squares where the
  // King and the Rook land are replaced, the others (b1) passed through. Any other move
  // ends on an empty square and dissects its victims.
  Bitboard landing = 0;
  if (m.is_castling()) {
    f.castling = m.to() > m.from() ? 1 : 2;
    landing = square_bb(m.to()) | square_bb(Square((m.from() + m.to()) / 2));
  }
  for (Bitboard b = victims(m); b; b &= b - 1) {
    const Square s = Square(__builtin_ctzll(b));
    f.add_capture(type_of(board_[s]), landing & square_bb(s) ? CaptureMethod::kReplacement
                                                             : CaptureMethod::kDissection);
  }
}

Bitboard Position::victims(Move m) const {
  const Bitboard enemy = by_color_[~side_];
  if (m.is_castling()) {
    const Square rook = file_of(m.to()) == FILE_G ? Square(m.from() + 3) : Square(m.from() - 4);
    return between_bb(m.from(), rook) & enemy;
  }
  switch (type_of(board_[m.from()])) {
    case KNIGHT:
      return tables.leg[m.from()][m.to()] & enemy;
    case KING:
      return 0;
    default:
      // between_bb includes the destination, which is empty.
      return between_bb(m.from(), m.to()) & enemy;
  }
}

// The generator behind generate_legal (kCount = false) and count_legal (kCount = true).
// Legality is decided without making moves. A move can leave the own King attacked only
// (a) when the King is in check already, or (b) when it vacates or captures on a square
// strictly between the King and an enemy slider that lies on one of the King's lines
// (blockers of either colour may be removed, several at once by a Knight). Knights cannot
// be discovered. Only the moves of (a) and (b) get the bitboard test; the others are counted
// with one popcount per piece.
template <bool kCount>
std::uint64_t Position::generate(MoveList* list) const {
  const Color us = side_, them = ~us;
  const Bitboard own = by_color_[us], enemy = by_color_[them], occ = own | enemy;
  const Bitboard our_king = own & by_type_[KING], their_king = enemy & by_type_[KING];
  if (!our_king || !their_king) return 0;  // §3.6: the game is over
  const Square ksq = lsb(our_king);
  const Bitboard e_knights = enemy & by_type_[KNIGHT];
  const Bitboard e_diag = enemy & (by_type_[BISHOP] | by_type_[QUEEN]);
  const Bitboard e_orth = enemy & (by_type_[ROOK] | by_type_[QUEEN]);
  const Bitboard checkers = (knight_attacks(ksq) & e_knights) |
                            (bishop_attacks(ksq, occ) & e_diag) | (rook_attacks(ksq, occ) & e_orth);
  Bitboard sensitive = ~Bitboard(0);
  if (!checkers) {
    sensitive = 0;
    Bitboard snipers =
        (bb::tables.rook_pseudo[ksq] & e_orth) | (bb::tables.bishop_pseudo[ksq] & e_diag);
    while (snipers) {
      const Square s = pop_lsb(snipers);
      sensitive |= between_bb(ksq, s) ^ square_bb(s);
    }
  }
  // Whether the own King (not moving) is safe after from -> to capturing `victims`.
  auto legal = [&](Square from, Square to, Bitboard victims) {
    if (kKingCaptureAlwaysLegal && (victims & their_king)) return true;  // F8
    const Bitboard occ2 = occ ^ square_bb(from) ^ square_bb(to) ^ victims;
    const Bitboard alive = ~victims;
    return !((knight_attacks(ksq) & e_knights & alive) |
             (bishop_attacks(ksq, occ2) & e_diag & alive) |
             (rook_attacks(ksq, occ2) & e_orth & alive));
  };
  std::uint64_t n = 0;
  auto emit_all = [&](Square from, Bitboard dests) {
    if constexpr (kCount) {
      n += std::uint64_t(popcount(dests));
    } else {
      while (dests) list->push_back(Move(from, pop_lsb(dests)));
    }
  };
  auto emit = [&](Move m) {
    if constexpr (kCount) {
      (void)m;
      ++n;
    } else {
      list->push_back(m);
    }
  };

  // Knights: land on an empty L-square, dissect the long leg (§3.4, F4).
  for (Bitboard b = own & by_type_[KNIGHT]; b;) {
    const Square from = pop_lsb(b);
    Bitboard dests = knight_attacks(from) & ~occ;
    if (!((square_bb(from) | (tables.legs[from] & enemy)) & sensitive)) {
      emit_all(from, dests);
      continue;
    }
    while (dests) {
      const Square to = pop_lsb(dests);
      if (legal(from, to, tables.leg[from][to] & enemy)) emit(Move(from, to));
    }
  }
  // Rangers: every empty square of the ray before a friendly piece and before the
  // (limit+1)-th enemy (§3.4, F1).
  auto rangers = [&](PieceType pt, int limit, unsigned dirs) {
    for (Bitboard b = own & by_type_[pt]; b;) {
      const Square from = pop_lsb(b);
      Bitboard reach = pt == BISHOP ? bishop_attacks(from, own)
                       : pt == ROOK ? rook_attacks(from, own)
                                    : queen_attacks(from, own);
      reach &= ~own;
      if (popcount(reach & enemy) > limit) reach = trim_reach(from, reach, enemy, limit, dirs);
      Bitboard dests = reach & ~occ;
      if (!((square_bb(from) | (reach & enemy)) & sensitive)) {
        emit_all(from, dests);
        continue;
      }
      while (dests) {
        const Square to = pop_lsb(dests);
        if (legal(from, to, between_bb(from, to) & enemy)) emit(Move(from, to));
      }
    }
  };
  rangers(BISHOP, kBishopLimit, kBishopDirs);
  rangers(ROOK, kRookLimit, kRookDirs);
  rangers(QUEEN, kQueenLimit, kRookDirs | kBishopDirs);

  // King steps, tested with the King off its square (§3.6, clarifications).
  {
    const Bitboard occ_no_king = occ ^ our_king;
    for (Bitboard dests = king_attacks(ksq) & ~occ; dests;) {
      const Square to = pop_lsb(dests);
      if (!(knight_attacks(to) & e_knights) && !(bishop_attacks(to, occ_no_king) & e_diag) &&
          !(rook_attacks(to, occ_no_king) & e_orth))
        emit(Move(ksq, to));
    }
  }

  // Castling (§3.5, F9, F10). A right implies the King on e1/e8 and the Rook on its corner.
  if (!checkers && castling_) {
    for (const bool king_side : {true, false}) {
      if (!(castling_ & castling_right(us, king_side))) continue;
      const Square rook = relative_square(us, king_side ? SQ_H1 : SQ_A1);
      const Bitboard between = between_bb(ksq, rook) ^ square_bb(rook);
      if (between & own) continue;
      const Bitboard taken = between & enemy;
      if (taken & ~(by_type_[BISHOP] | by_type_[KNIGHT])) continue;
      if (taken & (taken << 1)) continue;  // "not in row": no two adjacent
      const Bitboard occ2 = occ ^ taken;
      const Bitboard alive = ~taken;
      bool safe = true;
      for (const Square s :
           {Square(ksq + (king_side ? 1 : -1)), Square(ksq + (king_side ? 2 : -2))})
        if ((knight_attacks(s) & e_knights & alive) || (bishop_attacks(s, occ2) & e_diag & alive) ||
            (rook_attacks(s, occ2) & e_orth & alive))
          safe = false;
      if (safe) emit(Move(ksq, Square(ksq + (king_side ? 2 : -2)), true));
    }
  }
  return n;
}

void Position::generate_legal(MoveList& list) const {
  list.clear();
  generate<false>(&list);
}

std::uint64_t Position::count_legal() const { return generate<true>(nullptr); }

void Position::do_move(Move m) {
  Undo& u = history_.emplace_back();
  u.move = m;
  u.castling = castling_;
  u.rule50 = rule50_;
  u.key = key_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Bitboard taken = victims(m);
  u.captured = taken;
  Key k = key_ ^ zobrist::castling[castling_] ^ zobrist::side;
  std::uint8_t lost = tables.rights_lost[from];
  int i = 0;
  for (Bitboard b = taken; b;) {
    const Square s = pop_lsb(b);
    const Piece pc = board_[s];
    u.taken[std::size_t(i++)] = pc;
    k ^= zobrist::psq[pc][s];
    remove(s);
  }
  for (Bitboard b = taken & kRightsSquares; b;) lost |= tables.rights_lost[pop_lsb(b)];
  const Piece pc = board_[from];
  remove(from);
  put(pc, to);
  k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
  if (m.is_castling()) {
    const bool king_side = file_of(to) == FILE_G;
    const Square rook_from = relative_square(us, king_side ? SQ_H1 : SQ_A1);
    const Square rook_to = relative_square(us, king_side ? SQ_F1 : SQ_D1);
    const Piece rook = board_[rook_from];
    remove(rook_from);
    put(rook, rook_to);
    k ^= zobrist::psq[rook][rook_from] ^ zobrist::psq[rook][rook_to];
  }
  castling_ &= std::uint8_t(~lost);
  k ^= zobrist::castling[castling_];
  rule50_ = taken ? 0 : rule50_ + 1;
  if (us == BLACK) ++fullmove_;
  side_ = ~us;
  key_ = k;
}

void Position::undo_move() {
  const Undo u = history_.back();
  history_.pop_back();
  side_ = ~side_;
  const Color us = side_;
  if (us == BLACK) --fullmove_;
  const Square from = u.move.from(), to = u.move.to();
  if (u.move.is_castling()) {
    const bool king_side = file_of(to) == FILE_G;
    const Square rook_from = relative_square(us, king_side ? SQ_H1 : SQ_A1);
    const Square rook_to = relative_square(us, king_side ? SQ_F1 : SQ_D1);
    const Piece rook = board_[rook_to];
    remove(rook_to);
    put(rook, rook_from);
  }
  const Piece pc = board_[to];
  remove(to);
  put(pc, from);
  int i = 0;
  for (Bitboard b = u.captured; b;) put(u.taken[std::size_t(i++)], pop_lsb(b));
  castling_ = u.castling;
  rule50_ = u.rule50;
  key_ = u.key;
}

std::uint64_t Position::perft(int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal();
  MoveList list;
  generate_legal(list);
  std::uint64_t n = 0;
  for (const Move m : list) {
    do_move(m);
    n += perft(depth - 1);
    undo_move();
  }
  return n;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  std::array<Bitboard, COLOR_NB> colors{};
  std::array<Bitboard, KING + 1> types{};
  for (int s = 0; s < 64; ++s) {
    const Piece pc = board_[s];
    if (pc == NO_PIECE) continue;
    const PieceType pt = type_of(pc);
    if (pt < KNIGHT || pt > KING)
      return fail("a piece Fluidity does not have on " + square_name(Square(s)));
    colors[color_of(pc)] |= square_bb(Square(s));
    types[pt] |= square_bb(Square(s));
  }
  if (colors != by_color_) return fail("colour bitboards disagree with the board");
  if (types != by_type_) return fail("piece bitboards disagree with the board");
  for (Color c : {WHITE, BLACK})
    if (popcount(pieces(c, KING)) > 1) return fail("more than one King of a colour");
  if (!pieces(WHITE, KING) && !pieces(BLACK, KING)) return fail("no King on the board");
  if (compute_key() != key_) return fail("incremental key differs from the recomputed key");
  if (rule50_ < 0 || fullmove_ < 1) return fail("bad move counters");
  for (Color c : {WHITE, BLACK})
    for (bool king_side : {true, false}) {
      if (!(castling_ & castling_right(c, king_side))) continue;
      if (board_[relative_square(c, SQ_E1)] != make_piece(c, KING) ||
          board_[relative_square(c, king_side ? SQ_H1 : SQ_A1)] != make_piece(c, ROOK))
        return fail("a castling right without its King and Rook in place");
    }
  return true;
}

}  // namespace fairykit::fluidity
