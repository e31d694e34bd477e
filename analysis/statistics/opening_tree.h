// The opening tree of fairy-analyze --tree: for every variant, every line (the first moves of
// a game's main line, one to N plies) that a game played, with the games that played it and
// their results.
//
//   OpeningTree tree;
//   const std::vector<std::string> moves = {"e4", "e5", "Nf3"};
//   tree.add(VariantId::kChess, moves, 'w');  // a game won by White
//   tree.for_each(1, [](VariantId v, std::string_view line, const OpeningTree::Counts& c) {
//     std::cout << line << ' ' << c.games() << '\n';  // "e4 1", "e4 e5 1", "e4 e5 Nf3 1"
//   });
//
// Memory. A line that two games or more played is a Node of 48 bytes (its size pinned by a
// static_assert). A game's moves after the point where it leaves every game added before it
// are kept as that game's tail, 4 bytes a move and 4 for the tail's header, and become Nodes
// only when a later game plays them too (the words they leave in the tail are not reused).
// So a line takes at most 56 bytes (its node, and the two words of a one-move tail it began
// as), and a line only one game played 4 to 8. Nodes and tail words come in blocks of 4 Ki
// nodes and 64 Ki words that never move; the blocks being filled and the distinct moves'
// text come on top.
//
// --tree-min. The counts stay exact whatever the minimum: a line with fewer games may still
// reach it with the next game, so no line can be dropped while counting without making a
// printed count, or the number of lines left out, wrong. The minimum is applied when the
// lines are listed (a line has no more games than its parent, so a line under it hides its
// longer lines too); the tails keep the lines that mostly stay under any minimum cheaply.
//
// Limits. Nodes and tail words are numbered with 32 bits: the tree holds up to about four
// billion lines. add() refuses a game whose new lines would not fit (then nothing of it is
// counted, and the caller says so); the lines already counted stay exact.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

class OpeningTree {
 public:
  struct Counts {
    std::uint64_t white = 0, draws = 0, black = 0, unfinished = 0;
    std::uint64_t games() const { return white + draws + black + unfinished; }
    void add(char result);  // 'w' 1-0, 'd' 1/2-1/2, 'b' 0-1, anything else unfinished
  };

  // A line played by two games or more, as stored (its size is the memory documented above).
  struct Node {
    Counts counts;
    std::uint32_t move = 0;     // the line's last move (its place in moves_)
    std::uint32_t child = 0;    // the first of the lines one move longer (kNone: none)
    std::uint32_t sibling = 0;  // the next line with the same parent (kNone: none)
    std::uint32_t tail = 0;     // the one game that went on alone from here (kNone: none)
  };

  // `max_index` caps the numbering of nodes and tail words; tests lower it to reach the
  // limit with a few games.
  explicit OpeningTree(std::uint32_t max_index = kNone - 1) : max_index_(max_index) {}

  // Counts a game of `variant` that played `moves` (SAN) and ended with `result` ('w', 'd',
  // 'b', or '*' unfinished). Returns false, counting nothing, when the tree is full.
  bool add(VariantId variant, std::span<const std::string> moves, char result);

  // The lines counted.
  std::uint64_t lines() const { return lines_; }
  // The lines of at least `min` games.
  std::uint64_t lines_at_least(std::uint64_t min) const;

  // Calls `f` for every line of at least `min` games: the variants in the order of their
  // VariantId, and within a variant in the order of the lines' text ("e4" before "e4 c5"
  // before "e4 e5" before "e5"; bytes compared unsigned), as a sorted map of the lines would
  // list them (the SAN the rules core writes has no byte below '!'). Not from two threads at
  // once (it keeps its scratch lists in the tree).
  using LineVisitor = std::function<void(VariantId, std::string_view line, const Counts&)>;
  void for_each(std::uint64_t min, const LineVisitor& f) const;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;

  // Storage in blocks of 2^Shift elements that never move: a block is added when one is
  // full, so the tree never holds twice what it needs, as a growing vector would.
  template <class T, unsigned Shift>
  class Blocks {
   public:
    static constexpr std::uint32_t kBlock = std::uint32_t(1) << Shift;
    T& operator[](std::uint32_t i) { return blocks_[i >> Shift][i & (kBlock - 1)]; }
    const T& operator[](std::uint32_t i) const { return blocks_[i >> Shift][i & (kBlock - 1)]; }
    std::uint32_t size() const { return size_; }
    // The index of `n` new contiguous elements (n <= kBlock), in one block.
    std::uint32_t append(std::uint32_t n);

   private:
    std::vector<std::unique_ptr<T[]>> blocks_;
    std::uint32_t size_ = 0;
  };

  std::uint32_t move_id(const std::string& san);
  std::uint32_t new_node(std::uint32_t parent, std::uint32_t move);
  // The child of `parent` that plays `move` (moved to the front of the siblings, so that the
  // most played moves are found first), or kNone.
  std::uint32_t find_child(std::uint32_t parent, std::uint32_t move);
  // Turns the first move of `parent`'s tail into a node, which keeps the rest of the tail.
  std::uint32_t split_tail(std::uint32_t parent);
  void walk(std::uint32_t node, std::uint64_t min, VariantId variant, std::string& line,
            std::size_t depth, const LineVisitor& f) const;

  std::uint32_t max_index_;
  std::uint64_t lines_ = 0;
  Blocks<Node, 12> nodes_;
  // A tail: a header word (the number of moves << 8 | the game's result), then the moves.
  Blocks<std::uint32_t, 16> tails_;
  std::map<VariantId, std::uint32_t> roots_;  // a node that stands for no line
  absl::flat_hash_map<std::string, std::uint32_t> move_ids_;
  std::vector<std::string> moves_;
  std::size_t longest_ = 0;  // the most moves of a game added
  // Per depth, the children of a node being listed (for_each), kept from call to call.
  mutable std::vector<std::vector<std::uint32_t>> scratch_;
};

static_assert(sizeof(OpeningTree::Node) == 48, "the memory a line takes, as documented above");

}  // namespace fairykit::analysis
