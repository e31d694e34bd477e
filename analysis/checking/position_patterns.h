// Selection by position (--material, --material-exact, --board-pattern): tests that look at
// every position of a game's main line while it is replayed, on the live engine (no FEN is
// written). The expressions are read once; each is compiled for every variant, with that
// variant's piece letters, so that one run over games of several variants tests each game
// with the pieces of its own variant.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit {
class AnyGame;
}

namespace fairykit::analysis {

// The pieces of each colour on the board, by piece type.
using MaterialCounts = std::array<std::array<std::uint8_t, PIECE_TYPE_NB>, COLOR_NB>;

// One --material expression, pgn-extract's -z language with each variant's letters:
//
//   [PLIES] SIDE1 [v|vs] SIDE2
//
// A side lists piece letters (either case), each optionally followed by a count:
//   X     exactly one          X*   any number        X+   one or more
//   Xd    exactly d            Xd+  d or more         Xd-  d or fewer
// or by a count relative to the same pieces of the other side:
//   X=    as many     X#  not as many     X>  / Xd>   more / at least d more
//   X<  / Xd<  fewer / at least d fewer   X>= / Xd>=  exactly 1 / d more
//   X<= / Xd<= exactly 1 / d fewer
// A piece type the side does not list is absent from it, except the King: a K without a
// count is allowed and ignored (Kings are not counted), a K with one is counted (Interweave
// and Fluidity Kings can be captured); `K` alone is a bare King. A side left out ("QR", or
// "QR v") is not tested: any material. In chess and every variant without a piece lettered
// L, L stands for a minor piece (Bishop or Knight: counted together), and may not be written
// on a side with B or N. A letter that is no piece of a variant stands for none there (A*
// holds in chess, A does not); a letter of no variant at all is an error. A lone lower-case
// "v" or "vs" is the separator (a side of one Veteran is written "V").
//
// PLIES, a leading number (0 to 99; it overrides --material-plies): how many half-moves the
// balance must last, that is in PLIES + 1 consecutive positions of the main line (the start
// and the final position included); 0, the default of --material-plies, is one position.
//
// Matching: either side may be White (pgn-extract's -z) unless `colour_exact` (-y): then
// SIDE1 is White's.
class MaterialPattern {
 public:
  // Errors quote the expression and name the column (1 = its first character):
  // "--material 'QX v Q': column 2: 'X' is the letter of no piece of any variant".
  static absl::StatusOr<MaterialPattern> parse(std::string_view text, bool colour_exact = false);

  bool matches(VariantId variant, const MaterialCounts& counts) const;
  int plies() const { return plies_; }  // -1: not given in the expression
  const std::string& text() const { return text_; }

  struct Term {
    enum Kind : std::uint8_t {
      kRange,
      kEqual,
      kDiffer,
      kMore,
      kFewer,
      kExactlyMore,
      kExactlyFewer
    };
    std::uint32_t types = 0;  // bit per PieceType counted together (L: Bishop and Knight)
    Kind kind = kRange;
    int low = 1, high = 1;  // kRange: the count's bounds; the relative kinds: d in low
  };
  struct Side {
    std::vector<Term> terms;
    std::uint32_t absent = 0;  // piece types that must not be on the board for this side
  };
  struct Compiled {
    Side side[2];
  };

 private:
  bool side_holds(const Side& side, const std::array<std::uint8_t, PIECE_TYPE_NB>& own,
                  const std::array<std::uint8_t, PIECE_TYPE_NB>& other) const;

  std::string text_;
  bool colour_exact_ = false;
  int plies_ = -1;
  std::array<Compiled, std::size_t(kLastVariantId) + 1> compiled_;
};

// The pieces on the 64 squares (a1 = 0, rank-major), NO_PIECE on an empty one.
using BoardSquares = std::array<Piece, SQUARE_NB>;

// One --board-pattern: a FEN board (rank 8 first, ranks separated by '/'), each rank of the
// board's width (8 in every variant fairykit plays), where
//   a piece letter   that piece (upper case White, lower case Black)
//   a number n       n empty squares
//   ?                any square, empty or not
//   [XYZ]            one of the pieces listed
//   !X  ![XYZ]       anything but that piece / those pieces (an empty square too)
//   *                any run of squares, none included, within its rank
// A rank may hold several '*'. A letter that is no piece of a variant matches nothing there
// (so !X matches anything). Errors quote the pattern and name the column.
class BoardPattern {
 public:
  static constexpr int kFiles = 8, kRanks = 8;

  static absl::StatusOr<BoardPattern> parse(std::string_view text);

  bool matches(VariantId variant, const BoardSquares& board) const;
  const std::string& text() const { return text_; }

  // One element of a rank: a square that holds one of `allowed` (bit p for Piece p, bit 0 for
  // an empty square), or a '*'.
  struct Cell {
    bool star = false;
    std::uint64_t allowed = 0;
  };

 private:
  // A square of the pattern before the variant's letters are known.
  struct Spec {
    bool star = false, any = false, negated = false, empty = false;
    std::string letters;  // case tells the colour
  };
  static bool rank_matches(const std::vector<Cell>& cells, std::size_t i, const Piece* squares,
                           int file);

  std::string text_;
  std::array<std::vector<Spec>, kRanks> specs_;  // rank 8 first
  std::array<std::array<std::vector<Cell>, kRanks>, std::size_t(kLastVariantId) + 1> cells_;
};

// The position tests of a selection, and what they need of the replay.
struct PositionTests {
  std::vector<MaterialPattern> material;        // any of them
  int material_plies = 0;                       // --material-plies, for those without PLIES
  std::vector<BoardPattern> boards;             // any of them
  static constexpr std::size_t kMaxTests = 63;  // bits of a std::uint64_t, one to spare
  std::size_t size() const { return material.size() + boards.size(); }
  bool empty() const { return size() == 0; }
  // Bit i: the i-th test (material first, then boards).
  std::uint64_t material_bits() const { return (std::uint64_t{1} << material.size()) - 1; }
  std::uint64_t board_bits() const {
    return ((std::uint64_t{1} << boards.size()) - 1) << material.size();
  }
};

// A game's run of the tests: shown every main-line position in order (ply 0 first), it
// sets bit i of *met once test i has held (a material test for its number of consecutive
// positions), and shows each position to `next` (the caller's own visitor) after. Stops
// testing once every test has been met.
class PositionTestRun final : public PositionVisitor {
 public:
  void begin(const PositionTests* tests, PositionVisitor* next, std::uint64_t* met);
  void position(AnyGame& game, int ply) override;

  // The tests that hold on one position alone (a line of a FEN or EPD list: a game of no
  // moves), as the bits of met.
  static std::uint64_t test_position(const PositionTests& tests, const AnyGame& game);

 private:
  void test(const AnyGame& game);

  const PositionTests* tests_ = nullptr;
  PositionVisitor* next_ = nullptr;
  std::uint64_t* met_ = nullptr;
  std::uint64_t all_ = 0;
  std::array<int, PositionTests::kMaxTests> run_{};  // consecutive positions that held
  MaterialCounts counts_{};  // of the position tested last (counts_known_) ...
  bool counts_known_ = false;
  std::uint64_t holds_ = 0;  // ... and the material tests that held there
  BoardSquares board_{};
};

}  // namespace fairykit::analysis
