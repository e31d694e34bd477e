#include "rules/core/zobrist.h"

#include <mutex>

#include "rules/core/bitboard.h"
#include "rules/core/pieces.h"

namespace fairykit {

namespace zobrist {
Key psq[PIECE_NB][SQUARE_NB];
Key castling[CASTLING_RIGHT_NB];
Key ep_file[8];
Key side;
}  // namespace zobrist

namespace {

// SplitMix64: a fixed seed, so keys (and anything derived from them) are the same on
// every run and every machine.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
};

void init_zobrist() {
  SplitMix64 rng{0x66616972796B6974ULL};  // "fairykit"
  for (auto& row : zobrist::psq)
    for (Key& k : row) k = rng.next();
  // Castling keys are XORs of one key per single right, so that losing rights one by one
  // and losing them at once give the same key.
  Key single[4];
  for (Key& k : single) k = rng.next();
  for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr) {
    zobrist::castling[cr] = 0;
    for (int i = 0; i < 4; ++i)
      if (cr & (1 << i)) zobrist::castling[cr] ^= single[i];
  }
  for (Key& k : zobrist::ep_file) k = rng.next();
  zobrist::side = rng.next();
}

}  // namespace

void init_rules() {
  static std::once_flag once;
  std::call_once(once, [] {
    bb::init();
    init_zobrist();
    init_compiled_pieces();
  });
}

}  // namespace fairykit
