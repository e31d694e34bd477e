// Perft regression suites made from seeded random playouts (fairy-perft --make-suite): N
// positions of one variant with their counts to a depth, written in the formats that
// fairy-perft --suite reads back (analysis/perft/suite.h). The same options give the same bytes on
// every platform: the random numbers come from the generator below, written out here, and
// every choice is an integer drawn from it (no std::random_device, no floating point, no
// library distribution).
//
// One position is made thus:
//   1. the start: the variant's start position; for the variants with numbered start arrays
//      (Chess960: Scharnagl's 0-959; Superchess: XBoard's shuffle numbers 0-1727) the
//      array below(numbered_starts); for CwDA, without fixed armies, White's army then
//      Black's, each below(4) of F, C, N, R;
//   2. the length: kMinPlayoutPlies + below(kMaxPlayoutPlies - kMinPlayoutPlies + 1) plies;
//   3. each ply: a legal move drawn with weight 1, or kBiasWeight for a move of a biased
//      kind (a capture, a promotion, a castling: Bias), over the moves in the engine's
//      generation order (the draw: below(total weight), then the move whose range of
//      weights holds it).
// A playout that meets a game over (AnyGame::state().over(): no legal move, mate, a
// captured King, a dead position, ...) before its length, or ends there, or ends in a
// position already in the suite, is dropped and the next one drawn from the same stream;
// after kMaxPlayoutsPerPosition playouts per position asked for, the suite is an error.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "analysis/perft/suite.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

// xoshiro256** 1.0 (Blackman and Vigna, 2018), its state filled with four outputs of
// SplitMix64 (Steele, Lea and Flood, 2014) started from the seed, as the authors advise.
class SuiteRng {
 public:
  explicit SuiteRng(std::uint64_t seed);
  std::uint64_t next();
  // Uniform in [0, n) for n > 0, by rejection: outputs below 2^64 mod n are drawn again, the
  // rest taken mod n (so no value is favoured).
  std::uint64_t below(std::uint64_t n);

 private:
  std::uint64_t s_[4];
};

// The start array numbered from a seed (fairy-perft --shuffle random): the first output of
// SplitMix64 started from `seed`, mod `arrays` (VariantInfo::numbered_starts, 1 or more).
int random_start_number(std::uint64_t seed, int arrays);

inline constexpr int kMinPlayoutPlies = 4;
inline constexpr int kMaxPlayoutPlies = 40;
inline constexpr std::uint64_t kBiasWeight = 4;
inline constexpr int kMaxPlayoutsPerPosition = 100;

// The kinds of move a playout may favour (from rules/core/move_facts.h: any captured piece, a
// promotion, castling).
struct Bias {
  bool captures = false;
  bool promotions = false;
  bool castling = false;
  bool any() const { return captures || promotions || castling; }
};

struct MakeSuiteOptions {
  VariantId variant = VariantId::kChess;
  int positions = 1;       // N, 1 or more
  std::uint64_t seed = 0;  // S
  int depth = 1;           // counts for depths 1..depth
  FenDialectId dialect = FenDialectId::kNative;
  SuiteFormat format = SuiteFormat::kPerft;
  Bias bias;
  int threads = 1;  // for the counts (the suite does not depend on it)
};

// Makes the suite and hands its text to `write` a position at a time, after a header of '#'
// comments: the fairy-perft command that makes it again (-j left out), and what it holds.
// .perft: "id V-S-I", "variant V", "fen F" and "perft D N" lines, a blank line after each
// block; EPD: "F ;id \"V-S-I\" ;variant V ;D1 N ;D2 N ...". I counts the positions from 1.
// Errors: a dialect without a form for the variant, a FEN that EPD cannot carry (CwDA's
// armies field, the vchess and xogo forms: use the .perft format), too many playouts
// dropped.
absl::Status make_suite(const MakeSuiteOptions& options,
                        const std::function<void(std::string_view)>& write);

}  // namespace fairykit::analysis
