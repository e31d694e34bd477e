#include "rules/core/bitboard.h"

#include <cstdlib>
#include <vector>

namespace fairykit {

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

namespace bb {

Tables tables;
SliderEntry rook_entries[64];
SliderEntry bishop_entries[64];

namespace {

// Rook: 102,400 entries; bishop: 5,248 (the sums of 2^popcount(mask) over all squares).
Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Attacks of a ray-mover from s along the given steps, stopping at the first occupied square.
Bitboard ray_attacks(Square s, Bitboard occ, const int (*steps)[2]) {
  Bitboard att = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s) + steps[d][0], r = rank_of(s) + steps[d][1];
    while (on_board(f, r)) {
      Square t = make_square(f, r);
      att |= square_bb(t);
      if (occ & square_bb(t)) break;
      f += steps[d][0];
      r += steps[d][1];
    }
  }
  return att;
}

constexpr int kRookSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopSteps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// A small deterministic generator for the magic search (xorshift64*).
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_sliders(SliderEntry* entries, Bitboard* table, const int (*steps)[2]) {
  Bitboard* next = table;
  std::vector<Bitboard> occs, atts;
  std::vector<int> epoch(4096, 0);
  std::vector<Bitboard> used(4096);
  int cnt = 0;
  Rng rng{0x9E3779B97F4A7C15ULL};
  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    // Edges do not matter for blocking unless the slider stands on them.
    Bitboard edges =
        ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
    SliderEntry& e = entries[si];
    e.mask = ray_attacks(s, 0, steps) & ~edges;
    int bits = popcount(e.mask);
    e.shift = unsigned(64 - bits);
    e.attacks = next;
    std::size_t size = std::size_t(1) << bits;
    next += size;
    // Enumerate every subset of the mask (Carry-Rippler).
    occs.clear();
    atts.clear();
    Bitboard sub = 0;
    do {
      occs.push_back(sub);
      atts.push_back(ray_attacks(s, sub, steps));
      sub = (sub - e.mask) & e.mask;
    } while (sub);
#if FAIRYKIT_USE_PEXT
    e.magic = 0;
    for (std::size_t i = 0; i < occs.size(); ++i) e.attacks[e.index(occs[i])] = atts[i];
#else
    // Search a multiplier that maps every subset to a slot without a destructive collision.
    for (;;) {
      do e.magic = rng.sparse();
      while (popcount((e.mask * e.magic) >> 56) < 6);
      ++cnt;
      bool ok = true;
      for (std::size_t i = 0; i < occs.size() && ok; ++i) {
        unsigned idx = e.index(occs[i]);
        if (epoch[idx] < cnt) {
          epoch[idx] = cnt;
          used[idx] = atts[i];
          e.attacks[idx] = atts[i];
        } else if (used[idx] != atts[i]) {
          ok = false;
        }
      }
      if (ok) break;
    }
#endif
  }
  (void)cnt;
  (void)rng;
}

}  // namespace

void init() {
  static bool done = false;
  if (done) return;
  done = true;
  for (int a = 0; a < 64; ++a) {
    Square s = Square(a);
    for (int b = 0; b < 64; ++b) {
      Square t = Square(b);
      int df = std::abs(file_of(s) - file_of(t)), dr = std::abs(rank_of(s) - rank_of(t));
      tables.distance[a][b] = df > dr ? df : dr;
    }
    Bitboard knight = 0, king = 0, wp = 0, bp = 0;
    static constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                          {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (auto& d : kKnight)
      if (on_board(file_of(s) + d[0], rank_of(s) + d[1]))
        knight |= square_bb(make_square(file_of(s) + d[0], rank_of(s) + d[1]));
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(file_of(s) + df, rank_of(s) + dr))
          king |= square_bb(make_square(file_of(s) + df, rank_of(s) + dr));
    for (int df : {-1, 1}) {
      if (on_board(file_of(s) + df, rank_of(s) + 1))
        wp |= square_bb(make_square(file_of(s) + df, rank_of(s) + 1));
      if (on_board(file_of(s) + df, rank_of(s) - 1))
        bp |= square_bb(make_square(file_of(s) + df, rank_of(s) - 1));
    }
    tables.knight[a] = knight;
    tables.king[a] = king;
    tables.pawn_attacks[WHITE][a] = wp;
    tables.pawn_attacks[BLACK][a] = bp;
    tables.rook_pseudo[a] = ray_attacks(s, 0, kRookSteps);
    tables.bishop_pseudo[a] = ray_attacks(s, 0, kBishopSteps);
  }
  init_sliders(rook_entries, rook_table, kRookSteps);
  init_sliders(bishop_entries, bishop_table, kBishopSteps);
  for (int a = 0; a < 64; ++a) {
    Square s = Square(a);
    for (int b = 0; b < 64; ++b) {
      Square t = Square(b);
      tables.between[a][b] = square_bb(t);
      tables.line[a][b] = 0;
      if (a == b) continue;
      for (int kind = 0; kind < 2; ++kind) {
        Bitboard pseudo = kind == 0 ? tables.rook_pseudo[a] : tables.bishop_pseudo[a];
        if (!(pseudo & square_bb(t))) continue;
        auto attacks = [&](Square x, Bitboard occ) {
          return kind == 0 ? rook_attacks(x, occ) : bishop_attacks(x, occ);
        };
        Bitboard p2 = kind == 0 ? tables.rook_pseudo[b] : tables.bishop_pseudo[b];
        tables.line[a][b] = (pseudo & p2) | square_bb(s) | square_bb(t);
        tables.between[a][b] = (attacks(s, square_bb(t)) & attacks(t, square_bb(s))) | square_bb(t);
      }
    }
  }
}

}  // namespace bb

const char* slider_implementation() { return FAIRYKIT_USE_PEXT ? "pext" : "magic"; }

std::string pretty(Bitboard b) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) out += (b & square_bb(make_square(f, r))) ? 'X' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace fairykit
