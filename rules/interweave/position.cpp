// Interweave: move generation, make/unmake, perft and the end of the game. FEN and
// notation are in notation.cpp.
//
// Generation works on plain bitboard sets (Sets) so that a chain can be explored by value:
// each capturing step is applied to a copy, and the piece's further captures are generated
// from there (§1.5.2: captured pieces vanish at once, so the copy is exactly the board the
// next step sees). The Position itself changes only in do_move, once per whole turn.
#include "rules/interweave/position.h"

#include <algorithm>
#include <mutex>
#include <string>

#include "rules/core/bitboard.h"
#include "rules/core/zobrist.h"
#include "rules/interweave/internal.h"

namespace fairykit::interweave {

namespace detail {

Tables tables;

namespace {

constexpr int kDf[4] = {0, 1, 0, -1};  // N E S W
constexpr int kDr[4] = {1, 0, -1, 0};

void init_tables() {
  for (int s = 0; s < 64; ++s) {
    const int f = s & 7, r = s >> 3;
    tables.ferz[s] = tables.orth1[s] = 0;
    for (int d = 0; d < 4; ++d) {
      tables.ray[d][s] = 0;
      tables.next[s][d] = SQ_NONE;
      for (int k = 1;; ++k) {
        const int nf = f + k * kDf[d], nr = r + k * kDr[d];
        if (nf < 0 || nf > 7 || nr < 0 || nr > 7) break;
        if (k == 1) {
          tables.next[s][d] = make_square(nf, nr);
          tables.orth1[s] |= square_bb(make_square(nf, nr));
        }
        tables.ray[d][s] |= square_bb(make_square(nf, nr));
      }
    }
    for (int df : {-1, 1})
      for (int dr : {-1, 1})
        if (f + df >= 0 && f + df <= 7 && r + dr >= 0 && r + dr <= 7)
          tables.ferz[s] |= square_bb(make_square(f + df, r + dr));
    for (int m = 0; m < 64; ++m) tables.dk_land[s][m] = SQ_NONE;
    constexpr int kN[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                              {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (const auto& n : kN) {
      const int lf = f + 2 * n[0], lr = r + 2 * n[1];
      if (lf < 0 || lf > 7 || lr < 0 || lr > 7) continue;
      tables.dk_land[s][make_square(f + n[0], r + n[1])] = make_square(lf, lr);
    }
  }
}

}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_rules();
    init_tables();
  });
}

// SplitMix64 finaliser: key words for the en passant state and the pools, derived from a
// fixed salt so that they are the same on every run without a table.
Key mix(std::uint64_t x) {
  std::uint64_t z = x + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

namespace {

// The first occupied square of `blockers` seen from the ray's origin in direction d.
inline Square nearest(int d, Bitboard blockers) {
  return (d == kNorth || d == kEast) ? lsb(blockers) : msb(blockers);
}

inline Bitboard same_colour(Square s) {
  return (square_bb(s) & kLightSquares) ? kLightSquares : ~kLightSquares;
}

// Enemies removed by custodian capture around a Pawn that arrived on `to` (§1.4, A8): for
// each orthogonal d, an enemy on to+d with any friendly piece on to+2d. `us` and `them` are
// the sets after the Pawn's move (its origin vacated, leaped victims gone).
inline Bitboard custodian(Square to, Bitboard us, Bitboard them) {
  Bitboard out = 0;
  for (int d = 0; d < 4; ++d) {
    const Square n1 = tables.next[to][d];
    if (n1 == SQ_NONE || !(them & square_bb(n1))) continue;
    const Square n2 = tables.next[n1][d];
    if (n2 != SQ_NONE && (us & square_bb(n2))) out |= square_bb(n1);
  }
  return out;
}

int pawn_captures(const Sets& b, Color us, Square s, Square ep_mid, Square ep_to, unsigned avail,
                  CapStep* out) {
  int n = 0;
  const Bitboard them = b.color[~us], occ = b.occ();
  const int fwd = us == WHITE ? 8 : -8;
  const int rs = relative_rank(us, s);
  if (rs >= 7) return 0;
  auto emit = [&](Square to, Bitboard base) {
    const Bitboard us2 = (b.color[us] ^ square_bb(s)) | square_bb(to);
    const Bitboard cap = base | custodian(to, us2, them & ~base);
    if (!cap) return;
    const int rr = relative_rank(us, to);
    if (rr != 7) out[n++] = {to, NO_PIECE_TYPE, cap};
    if (rr >= 6)  // §1.6: optional on rank 7, compulsory on rank 8, only from the pool
      for (unsigned a = avail; a; a &= a - 1) out[n++] = {to, kPoolTypes[std::countr_zero(a)], cap};
  };
  const Square f1 = Square(s + fwd);
  if (rs <= 5) {
    const Square f2 = Square(s + 2 * fwd);
    if (!(occ & square_bb(f2))) {
      if (them & square_bb(f1))
        emit(f2, square_bb(f1));  // short leap
      else if (f1 == ep_mid && (b.type[PAWN] & them & square_bb(ep_to)))
        emit(f2, square_bb(ep_to));  // en passant by short leap (A6, A7)
    }
  }
  const int file = file_of(s);
  for (int df : {-1, 1}) {
    if (file + df < 0 || file + df > 7) continue;
    const Square t = Square(f1 + df);
    if (occ & square_bb(t)) continue;
    emit(t, 0);  // a step that makes a custodian capture is a capture (§1.5.3)
    if (rs == 1 && file + 2 * df >= 0 && file + 2 * df <= 7) {
      const Square t2 = Square(t + fwd + df);
      if (!(occ & square_bb(t2))) emit(t2, 0);  // A9: custodian on double steps too
    }
  }
  return n;
}

}  // namespace

int piece_captures(const Sets& b, Color us, Square s, PieceType pt, Square ep_mid, Square ep_to,
                   unsigned avail, CapStep* out) {
  const Bitboard them = b.color[~us], occ = b.occ();
  int n = 0;
  switch (pt) {
    case PAWN:
      return pawn_captures(b, us, s, ep_mid, ep_to, avail, out);
    case KING:  // short orthogonal leap over an enemy to the empty square beyond
      for (int d = 0; d < 4; ++d) {
        const Square n1 = tables.next[s][d];
        if (n1 == SQ_NONE || !(them & square_bb(n1))) continue;
        const Square n2 = tables.next[n1][d];
        if (n2 != SQ_NONE && !(occ & square_bb(n2))) out[n++] = {n2, NO_PIECE_TYPE, square_bb(n1)};
      }
      return n;
    case SMASHER:  // approach: stop on the even square before an enemy (A15)
      for (int d = 0; d < 4; ++d) {
        const Bitboard r = tables.ray[d][s] & occ;
        if (!r) continue;
        const Square f = nearest(d, r);
        if (!(them & square_bb(f))) continue;
        const int j = distance(s, f);
        if (j >= 3 && (j & 1))
          out[n++] = {tables.next[f][(d + 2) & 3], NO_PIECE_TYPE, square_bb(f)};
      }
      return n;
    case LEAPER: {
      // Long leap (A1, A2): the first piece met at an odd distance is an enemy; land on
      // any square of the Leaper's colour beyond it, before the next piece.
      for (int d = 0; d < 4; ++d) {
        const Bitboard r = tables.ray[d][s] & occ;
        if (!r) continue;
        const Square f = nearest(d, r);
        if (!(them & square_bb(f)) || !(distance(s, f) & 1)) continue;
        Bitboard free = tables.ray[d][f];
        if (const Bitboard beyond = free & occ) {
          const Square g = nearest(d, beyond);
          free &= ~(tables.ray[d][g] | square_bb(g));
        }
        for (Bitboard l = free & same_colour(s); l;)
          out[n++] = {pop_lsb(l), NO_PIECE_TYPE, square_bb(f)};
      }
      // Double knight over an enemy midpoint (A16).
      for (Bitboard mids = knight_attacks(s) & them; mids;) {
        const Square mid = pop_lsb(mids);
        const Square land = Square(tables.dk_land[s][mid]);
        if (land != SQ_NONE && !(occ & square_bb(land)))
          out[n++] = {land, NO_PIECE_TYPE, square_bb(mid)};
      }
      return n;
    }
    case REMOVER:  // every adjacent enemy at once, without moving (A4)
      if (const Bitboard adj = tables.orth1[s] & them) out[n++] = {s, NO_PIECE_TYPE, adj};
      return n;
    default:
      return 0;
  }
}

Sets apply(const Sets& b, Color us, Square from, PieceType pt, const CapStep& st) {
  Sets nb = b;
  nb.color[us] ^= square_bb(from);
  nb.type[pt] ^= square_bb(from);
  nb.color[~us] &= ~st.captured;
  for (int t = PAWN; t <= KING; ++t) nb.type[t] &= ~st.captured;
  nb.color[us] |= square_bb(st.to);
  nb.type[st.promo ? st.promo : pt] |= square_bb(st.to);
  return nb;
}

namespace {

// Number of whole turns that continue a chain whose piece stands on s (§1.5.3): 1 when it
// has no further capture, else the sum over its captures.
std::uint64_t count_chain(const Sets& b, Color us, Square s, PieceType pt, unsigned avail) {
  CapStep steps[kMaxCaptureSteps];
  const int n = piece_captures(b, us, s, pt, SQ_NONE, SQ_NONE, avail, steps);
  if (n == 0) return 1;
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i)
    total += count_chain(apply(b, us, s, pt, steps[i]), us, steps[i].to,
                         steps[i].promo ? steps[i].promo : pt, avail);
  return total;
}

void collect_chain(const Sets& b, Color us, Square s, PieceType pt, unsigned avail, Move& m,
                   MoveList& list) {
  CapStep steps[kMaxCaptureSteps];
  const int n = piece_captures(b, us, s, pt, SQ_NONE, SQ_NONE, avail, steps);
  if (n == 0) {
    list.push_back(m);
    return;
  }
  const Bitboard before = m.captured();
  for (int i = 0; i < n; ++i) {
    m.push(steps[i].to, steps[i].promo);
    m.set_captured(before | steps[i].captured);
    collect_chain(apply(b, us, s, pt, steps[i]), us, steps[i].to,
                  steps[i].promo ? steps[i].promo : pt, avail, m, list);
    m.pop();
  }
  m.set_captured(before);
}

template <Direction D>
inline Bitboard sh(Bitboard b) {
  return shift<D>(b);
}

// A superset test for "the side to move has a capture" that costs a few shifts for Kings,
// Removers and Pawns; Smashers and Leapers are asked exactly. False positives are harmless:
// the caller then enumerates and finds none.
bool may_capture(const Sets& b, Color us, Square ep_mid, unsigned avail) {
  const Bitboard own = b.color[us], them = b.color[~us], empty = ~b.occ();
  const Bitboard kings = b.type[KING] & own;
  if ((sh<NORTH>(sh<NORTH>(kings) & them) | sh<SOUTH>(sh<SOUTH>(kings) & them) |
       sh<EAST>(sh<EAST>(kings) & them) | sh<WEST>(sh<WEST>(kings) & them)) &
      empty)
    return true;
  const Bitboard rem = b.type[REMOVER] & own;
  if ((sh<NORTH>(rem) | sh<SOUTH>(rem) | sh<EAST>(rem) | sh<WEST>(rem)) & them) return true;
  const Bitboard pawns = b.type[PAWN] & own;
  if (pawns) {
    if (ep_mid != SQ_NONE) return true;
    // Squares where an arriving Pawn makes a custodian capture.
    const Bitboard cust = sh<SOUTH>(them & sh<SOUTH>(own)) | sh<NORTH>(them & sh<NORTH>(own)) |
                          sh<WEST>(them & sh<WEST>(own)) | sh<EAST>(them & sh<EAST>(own));
    Bitboard t1, t2, leap;
    if (us == WHITE) {
      leap = sh<NORTH>(sh<NORTH>(pawns) & them) & empty;
      const Bitboard e = sh<NORTH_EAST>(pawns) & empty, w = sh<NORTH_WEST>(pawns) & empty;
      t1 = e | w;
      t2 = (sh<NORTH_EAST>(e & rank_bb(RANK_3)) | sh<NORTH_WEST>(w & rank_bb(RANK_3))) & empty;
    } else {
      leap = sh<SOUTH>(sh<SOUTH>(pawns) & them) & empty;
      const Bitboard e = sh<SOUTH_EAST>(pawns) & empty, w = sh<SOUTH_WEST>(pawns) & empty;
      t1 = e | w;
      t2 = (sh<SOUTH_EAST>(e & rank_bb(RANK_6)) | sh<SOUTH_WEST>(w & rank_bb(RANK_6))) & empty;
    }
    if (leap || ((t1 | t2) & cust)) return true;
  }
  CapStep steps[kMaxCaptureSteps];
  for (Bitboard p = (b.type[SMASHER] | b.type[LEAPER]) & own; p;) {
    const Square s = pop_lsb(p);
    const PieceType pt = (b.type[SMASHER] & square_bb(s)) ? SMASHER : LEAPER;
    if (piece_captures(b, us, s, pt, SQ_NONE, SQ_NONE, avail, steps)) return true;
  }
  return false;
}

inline PieceType type_at(const Sets& b, Square s) {
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, KING})
    if (b.type[pt] & square_bb(s)) return pt;
  return NO_PIECE_TYPE;
}

// Pawn targets with promotion multiplicity (§1.6): rank 8 needs a piece from the pool, one
// move per available type; rank 7 may promote or not.
inline std::uint64_t pawn_target_count(Bitboard t, Color us, int k) {
  const Bitboard r7 = us == WHITE ? rank_bb(RANK_7) : rank_bb(RANK_2);
  const Bitboard r8 = us == WHITE ? kRank8 : kRank1;
  return std::uint64_t(popcount(t & ~(r7 | r8))) + std::uint64_t(popcount(t & r7)) * (1 + k) +
         std::uint64_t(popcount(t & r8)) * k;
}

std::uint64_t count_quiet(const Sets& b, Color us, unsigned avail) {
  const Bitboard own = b.color[us], occ = b.occ(), empty = ~occ;
  std::uint64_t n = 0;
  for (Bitboard k = b.type[KING] & own; k;) n += popcount(tables.ferz[pop_lsb(k)] & empty);
  for (Bitboard p = (b.type[SMASHER] | b.type[LEAPER] | b.type[REMOVER]) & own; p;) {
    const Square s = pop_lsb(p);
    n += popcount(bishop_attacks(s, occ) & empty);
    if (b.type[REMOVER] & square_bb(s)) continue;
    n += popcount(rook_attacks(s, occ) & empty & same_colour(s));  // nDD: even distances
    if (b.type[LEAPER] & square_bb(s))
      for (Bitboard mids = knight_attacks(s) & empty; mids;) {
        const Square land = Square(tables.dk_land[s][pop_lsb(mids)]);
        n += land != SQ_NONE && (empty & square_bb(land));
      }
  }
  const Bitboard pawns = b.type[PAWN] & own;
  if (pawns) {
    const int k = popcount(avail);
    if (us == WHITE) {
      const Bitboard e = sh<NORTH_EAST>(pawns) & empty, w = sh<NORTH_WEST>(pawns) & empty;
      n += pawn_target_count(e, us, k) + pawn_target_count(w, us, k);
      n += popcount(sh<NORTH_EAST>(e & rank_bb(RANK_3)) & empty) +
           popcount(sh<NORTH_WEST>(w & rank_bb(RANK_3)) & empty);
    } else {
      const Bitboard e = sh<SOUTH_EAST>(pawns) & empty, w = sh<SOUTH_WEST>(pawns) & empty;
      n += pawn_target_count(e, us, k) + pawn_target_count(w, us, k);
      n += popcount(sh<SOUTH_EAST>(e & rank_bb(RANK_6)) & empty) +
           popcount(sh<SOUTH_WEST>(w & rank_bb(RANK_6)) & empty);
    }
  }
  return n;
}

void collect_quiet(const Sets& b, Color us, unsigned avail, MoveList& list) {
  const Bitboard own = b.color[us], occ = b.occ(), empty = ~occ;
  for (Bitboard p = own; p;) {
    const Square s = pop_lsb(p);
    const PieceType pt = type_at(b, s);
    Bitboard to = 0;
    switch (pt) {
      case KING:
        to = tables.ferz[s] & empty;
        break;
      case REMOVER:
        to = bishop_attacks(s, occ) & empty;
        break;
      case SMASHER:
        to = (bishop_attacks(s, occ) | (rook_attacks(s, occ) & same_colour(s))) & empty;
        break;
      case LEAPER:
        to = (bishop_attacks(s, occ) | (rook_attacks(s, occ) & same_colour(s))) & empty;
        for (Bitboard mids = knight_attacks(s) & empty; mids;) {
          const Square land = Square(tables.dk_land[s][pop_lsb(mids)]);
          if (land != SQ_NONE) to |= square_bb(land) & empty;
        }
        break;
      case PAWN: {
        const int fwd = us == WHITE ? 8 : -8;
        const int rs = relative_rank(us, s);
        if (rs >= 7) break;
        for (int df : {-1, 1}) {
          const int f = file_of(s) + df;
          if (f < 0 || f > 7) continue;
          const Square t = Square(s + fwd + df);
          if (occ & square_bb(t)) continue;
          const int rr = relative_rank(us, t);
          if (rr != 7) list.push_back(Move(s, t));
          if (rr >= 6)
            for (unsigned a = avail; a; a &= a - 1)
              list.push_back(Move(s, t, kPoolTypes[std::countr_zero(a)]));
          if (rs == 1 && f + df >= 0 && f + df <= 7) {
            const Square t2 = Square(t + fwd + df);
            if (!(occ & square_bb(t2))) list.push_back(Move(s, t2));
          }
        }
        break;
      }
      default:
        break;
    }
    while (to) list.push_back(Move(s, pop_lsb(to)));
  }
}

}  // namespace
}  // namespace detail

using namespace detail;

// ---------------------------------------------------------------------------------------

Position::Position() {
  const absl::Status s = set_fen(kStartFen);
  (void)s;
}

int Position::pool(Color c, PieceType pt) const {
  return pt == SMASHER ? pool_[c][0] : pt == LEAPER ? pool_[c][1] : pt == REMOVER ? pool_[c][2] : 0;
}

unsigned Position::available() const {
  unsigned a = 0;
  for (int i = 0; i < 3; ++i)
    if (pool_[side_][i]) a |= 1u << i;
  return a;
}

Sets Position::sets() const {
  Sets s;
  s.color[0] = by_color_[0];
  s.color[1] = by_color_[1];
  for (int t = 0; t <= KING; ++t) s.type[t] = by_type_[t];
  return s;
}

bool Position::king_missing() const {
  const int white = popcount(by_type_[KING] & by_color_[WHITE]);
  const int black = popcount(by_type_[KING] & by_color_[BLACK]);
  return (white == kArmyCount && black < kArmyCount) || (black == kArmyCount && white < kArmyCount);
}

void Position::generate_legal(MoveList& list) const {
  list.clear();
  if (king_missing()) return;  // A12: the game is over
  const Sets b = sets();
  const unsigned avail = available();
  if (may_capture(b, side_, ep_mid_, avail)) {
    CapStep steps[kMaxCaptureSteps];
    for (Bitboard p = by_color_[side_]; p;) {
      const Square s = pop_lsb(p);
      const PieceType pt = type_of(board_[s]);
      const int n = piece_captures(b, side_, s, pt, ep_mid_, ep_to_, avail, steps);
      for (int i = 0; i < n; ++i) {
        Move m(s, steps[i].to, steps[i].promo);
        m.set_captured(steps[i].captured);
        collect_chain(apply(b, side_, s, pt, steps[i]), side_, steps[i].to,
                      steps[i].promo ? steps[i].promo : pt, avail, m, list);
      }
    }
    if (!list.empty()) return;  // §1.5.1: capturing is compulsory
  }
  collect_quiet(b, side_, avail, list);
}

std::uint64_t Position::count_legal() const {
  if (king_missing()) return 0;
  const Sets b = sets();
  const unsigned avail = available();
  if (may_capture(b, side_, ep_mid_, avail)) {
    std::uint64_t total = 0;
    CapStep steps[kMaxCaptureSteps];
    for (Bitboard p = by_color_[side_]; p;) {
      const Square s = pop_lsb(p);
      const PieceType pt = type_of(board_[s]);
      const int n = piece_captures(b, side_, s, pt, ep_mid_, ep_to_, avail, steps);
      for (int i = 0; i < n; ++i)
        total += count_chain(apply(b, side_, s, pt, steps[i]), side_, steps[i].to,
                             steps[i].promo ? steps[i].promo : pt, avail);
    }
    if (total) return total;
  }
  return count_quiet(b, side_, avail);
}

void Position::put(Piece pc, Square s) {
  board_[s] = pc;
  by_color_[color_of(pc)] |= square_bb(s);
  by_type_[type_of(pc)] |= square_bb(s);
}

void Position::remove(Square s) {
  const Piece pc = board_[s];
  by_color_[color_of(pc)] &= ~square_bb(s);
  by_type_[type_of(pc)] &= ~square_bb(s);
  board_[s] = NO_PIECE;
}

Key Position::ep_key(Square mid, Square to) {
  return mid == SQ_NONE ? 0 : mix(0x6570000ULL + mid * 64u + to);
}

Key Position::pool_key(Color c, int i, int count) {
  return count == 0 ? 0
                    : mix(0x706F6F6C0000ULL + std::uint64_t(c) * 4096 + std::uint64_t(i) * 256 +
                          std::uint64_t(count));
}

Key Position::compute_key() const {
  Key k = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::psq[board_[s]][s];
  if (side_ == BLACK) k ^= zobrist::side;
  k ^= ep_key(ep_mid_, ep_to_);
  for (Color c : {WHITE, BLACK})
    for (int i = 0; i < 3; ++i) k ^= pool_key(c, i, pool_[c][i]);
  return k;
}

void Position::do_move(const Move& m) {
  Undo& u = history_.emplace_back();
  u.move = m;
  u.key = key_;
  u.ep_mid = ep_mid_;
  u.ep_to = ep_to_;
  u.pool = pool_;
  u.halfmove = halfmove_;
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  u.moved = moved;
  Key k = key_ ^ ep_key(ep_mid_, ep_to_) ^ zobrist::side;
  remove(from);
  k ^= zobrist::psq[moved][from];
  int idx = 0;
  for (Bitboard c = m.captured(); c;) {
    const Square s = pop_lsb(c);
    const Piece pc = board_[s];
    u.captured[idx++] = pc;
    k ^= zobrist::psq[pc][s];
    remove(s);
    const int pi = pool_index(type_of(pc));
    // A11: a captured Smasher, Leaper or Remover returns to its owner's pool, which holds at
    // most kArmyCount of a type (more only in a set-up with more on the board: set_fen).
    if (pi >= 0 && pool_[them][pi] < kArmyCount) {
      k ^= pool_key(them, pi, pool_[them][pi]);
      ++pool_[them][pi];
      k ^= pool_key(them, pi, pool_[them][pi]);
    }
  }
  Piece placed = moved;
  if (const PieceType promo = m.promotion()) {
    placed = make_piece(us, promo);
    const int pi = pool_index(promo);
    k ^= pool_key(us, pi, pool_[us][pi]);
    --pool_[us][pi];
    k ^= pool_key(us, pi, pool_[us][pi]);
  }
  put(placed, to);
  k ^= zobrist::psq[placed][to];
  ep_mid_ = ep_to_ = SQ_NONE;
  const bool pawn = type_of(moved) == PAWN;
  halfmove_ = (pawn || m.is_capture()) ? 0 : halfmove_ + 1;
  ++plies_;
  side_ = them;
  if (pawn && !m.is_capture() && m.size() == 1 && distance(from, to) == 2 &&
      ep_capture_possible(Square((from + to) / 2))) {
    // A double step that captured nothing gives the en passant right (A9), when it can be
    // used.
    ep_mid_ = Square((from + to) / 2);
    ep_to_ = to;
    k ^= ep_key(ep_mid_, ep_to_);
  }
  key_ = k;
}

bool Position::ep_capture_possible(Square mid) const {
  // The capturer stands straight behind the midpoint (as seen by the side to move) and
  // leaps over it to the square beyond (pawn_captures); a game without a King has no moves.
  const int fwd = side_ == WHITE ? 8 : -8;
  const Square from = Square(mid - fwd), beyond = Square(mid + fwd);
  return board_[from] == make_piece(side_, PAWN) && board_[beyond] == NO_PIECE && !king_missing();
}

void Position::undo_move() {
  const Undo& u = history_.back();
  const Move& m = u.move;
  side_ = ~side_;
  --plies_;
  remove(m.to());
  int idx = 0;
  for (Bitboard c = m.captured(); c;) put(u.captured[idx++], pop_lsb(c));
  put(u.moved, m.from());
  ep_mid_ = u.ep_mid;
  ep_to_ = u.ep_to;
  pool_ = u.pool;
  halfmove_ = u.halfmove;
  key_ = u.key;
  history_.pop_back();
}

std::uint64_t Position::perft(int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal();
  MoveList list;
  generate_legal(list);
  std::uint64_t total = 0;
  for (const Move& m : list) {
    do_move(m);
    total += perft(depth - 1);
    undo_move();
  }
  return total;
}

int Position::repetitions() const {
  // Positions before the last capture or Pawn move cannot recur (the board or a pool
  // changed for good), so only the last halfmove_ boundaries are compared.
  int count = 1;
  const int n = int(history_.size());
  const int stop = std::max(0, n - halfmove_);
  for (int i = n - 2; i >= stop; i -= 2)
    if (history_[std::size_t(i)].key == key_) ++count;
  return count;
}

GameState Position::state() const {
  GameState st;
  st.side_to_move = side_;
  st.repetitions = repetitions();
  if (king_missing()) {
    st.end = GameEnd::kKingCaptured;
    // The loser: the side with fewer Kings.
    st.side_to_move = popcount(by_type_[KING] & by_color_[WHITE]) < kArmyCount ? WHITE : BLACK;
  } else if (count_legal() == 0) {
    st.end = GameEnd::kNoLegalMove;
  } else if (st.repetitions >= 3) {
    st.end = GameEnd::kRepetitionLoss;  // GameState::loser(): the player who just moved
  } else if (halfmove_ >= 100) {
    st.end = GameEnd::kFiftyMoveRule;
  }
  st.fifty_moves = halfmove_ >= 100;
  return st;
}

void Position::count_turns(TurnCounts& c) const {
  thread_local MoveList list;  // kept from call to call: chains make the list long
  generate_legal(list);
  c.legal = std::uint32_t(list.size());
  c.captures = 0;
  c.longest_chain = 0;
  for (const Move& m : list) {
    if (!m.is_capture()) continue;
    ++c.captures;
    if (m.size() > c.longest_chain) c.longest_chain = m.size();
  }
  c.check = false;
  c.end = state().end;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [&](std::string what) {
    if (why) *why = std::move(what);
    return false;
  };
  std::array<Bitboard, COLOR_NB> colors{};
  std::array<Bitboard, KING + 1> types{};
  for (int s = 0; s < 64; ++s) {
    const Piece pc = board_[s];
    if (pc == NO_PIECE) continue;
    const PieceType pt = type_of(pc);
    if (pt != PAWN && pt != SMASHER && pt != LEAPER && pt != REMOVER && pt != KING)
      return fail("a piece that Interweave does not have on " + square_name(Square(s)));
    colors[color_of(pc)] |= square_bb(Square(s));
    types[pt] |= square_bb(Square(s));
  }
  if (colors != by_color_) return fail("colour bitboards disagree with the board");
  if (types != by_type_) return fail("piece bitboards disagree with the board");
  for (Color c : {WHITE, BLACK}) {
    if (popcount(by_color_[c]) > 16) return fail("more than 16 pieces of one colour");
    if (popcount(by_color_[c] & by_type_[KING]) > kArmyCount)
      return fail("more than 2 Kings of one colour");
  }
  for (const auto& side : pool_)
    for (std::uint8_t v : side)
      if (v > kArmyCount) return fail("a pool count above 2");
  if (halfmove_ < 0 || plies_ < 0) return fail("a negative counter");
  if (ep_mid_ != SQ_NONE) {
    const Color mover = ~side_;
    if (board_[ep_mid_] != NO_PIECE || board_[ep_to_] != make_piece(mover, PAWN) ||
        relative_rank(mover, ep_mid_) != RANK_3 || relative_rank(mover, ep_to_) != RANK_4 ||
        distance(ep_mid_, ep_to_) != 1 || file_of(ep_mid_) == file_of(ep_to_))
      return fail("an en passant state that no double step explains");
    if (!ep_capture_possible(ep_mid_)) return fail("an en passant state that no Pawn can use");
  }
  if (compute_key() != key_) return fail("the incremental key differs from the recomputed key");
  return true;
}

// Sub-move perft: the sub-move tree is the tree of distinct step prefixes of the legal
// turns; a turn that is complete before `depth` steps continues with the opponent's turns.
std::uint64_t submove_perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  pos.generate_legal(list);
  // A prefix as a string: the origin, then (destination, promotion) per step.
  std::vector<std::string> prefixes;
  std::uint64_t total = 0;
  for (const Move& m : list) {
    if (m.size() >= depth) {
      std::string p(1, char(m.from()));
      for (int i = 0; i < depth; ++i) {
        p += char(m.step_to(i));
        p += char(m.promotion(i));
      }
      prefixes.push_back(std::move(p));
    } else {
      pos.do_move(m);
      total += submove_perft(pos, depth - m.size());
      pos.undo_move();
    }
  }
  std::sort(prefixes.begin(), prefixes.end());
  total += std::uint64_t(std::unique(prefixes.begin(), prefixes.end()) - prefixes.begin());
  return total;
}

}  // namespace fairykit::interweave
