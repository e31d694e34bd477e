// Engine analysis of a collection (fairy-analyze --engine): the positions of the games
// (GameAnalysis::seen, analysis/statistics/game_analysis.h) are gathered in input order into
// the distinct positions (same variant, same rule options, same key), each evaluated once,
// and written as JSON Lines, one record per distinct position in the order of its first
// appearance:
//
//   {"variant":"chess","key":"463b96181691fc9c","fen":"rnbqkbnr/... w KQkq - 0 1",
//    "side":"white","file":"a.pgn","game":1,"ply":0,"occurrences":12,
//    "cp":20,"best":"e2e4","pv":["e2e4","e7e5"],"depth":1,"nodes":5000}
//
// file, game (1-based in its file) and ply name the position's first appearance, and fen is
// the FEN there (the move counters of later games may differ); occurrences counts the
// positions read that are this one. The rule options are those a native FEN carries (a CwDA
// position's armies, its last field: fen_variant_options() of rules/game/variant_options.h).
//
// Who evaluates what:
// * A position whose side to move has no legal move: the rules. "status" names the end
//   (checkmate; capture of a King and no legal move in Interweave and Fluidity) with
//   "mate":0, the side to move having lost; or a draw (stalemate) with "cp":0. No best move.
// * A game a UCI engine plays (VariantInfo::uci_engine: chess, Chess960, Superchess, CwDA):
//   the engine pool (analysis/engine/engine_pool.h), under the game's UCI_Variant. The score
//   is from White's view: "cp" (centipawns) or "mate" (White mates in N moves; negative:
//   Black mates in -N), then best, pv, depth, nodes. A position with no evaluation has
//   "error" instead: the engine failed on it twice, its best move was not legal, or the
//   engine does not play the game (PoolSummary::refused).
// * A game no engine plays (Interweave, Fluidity): fairykit's exact forced-win search
//   (analysis/statistics/wins.h) to a bound of `max_plies` plies, its record marked
//   "search":N (the bound). A forced win of either side within the bound: "mate" from White's
//   view (the winner's moves in the line; negative when Black wins), "plies" (the length of
//   the shortest forced win from the position, both sides' moves), best and pv (the side to
//   move's best: the fastest win, or the longest defence), "nodes" (positions the searches
//   entered). None: "status":"no forced win" (proven: neither side wins within the bound) or
//   "status":"node limit" (the search stopped at its node limit: not known), with nodes.
//
// The records are the same for any -j and --engines when the engines are deterministic (a
// node or depth limit, one engine thread), and whether they came from the engine or from the
// cache; the own search is deterministic.
//
// Memory: one entry per distinct position (its FEN and where it first appeared), about 150
// bytes; the positions read are not kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "analysis/engine/engine_pool.h"
#include "analysis/statistics/game_analysis.h"

namespace fairykit::analysis {

class DistinctPositions {
 public:
  struct Entry {
    SeenPosition position;   // as first seen
    std::string rules;       // its rule options (variant_options_text()), "" for most
    std::uint32_t file = 0;  // index into files()
    std::int64_t game = 0;
    std::uint64_t occurrences = 0;
  };

  // The positions of one game of the input `file` (as messages name it), `game` its 1-based
  // index there, in input order. With `indices`, the entry of each position of the game is
  // appended there (the game's moves go from one to the next).
  void add(std::string_view file, std::int64_t game, const std::vector<SeenPosition>& seen,
           std::vector<std::uint32_t>* indices = nullptr);

  std::uint64_t read() const { return read_; }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::vector<std::string>& files() const { return files_; }

 private:
  std::vector<Entry> entries_;
  absl::flat_hash_map<std::tuple<VariantId, Key, std::string>, std::uint32_t> index_;
  std::vector<std::string> files_;
  std::uint64_t read_ = 0;
};

// The positions of one game (DistinctPositions::add's `game` and `seen`) as bytes, for the
// ranks of an MPI run, which send those of their share of the games to rank 0 (encode), where
// they are added in input order (decode, then add): analysis/io/bytes.h. decode returns false
// on bytes that encode did not write.
void encode_game_positions(std::int64_t game, const std::vector<SeenPosition>& seen,
                           std::string& out);
bool decode_game_positions(std::string_view bytes, std::int64_t& game,
                           std::vector<SeenPosition>& seen);

// fairykit's own search of the positions of the games no engine plays.
struct OwnSearchOptions {
  int max_plies = 5;                     // the bound: forced wins of at most 5 plies (mate in 3)
  std::uint64_t node_limit = 1'000'000;  // positions one position's searches may enter
  int threads = 1;                       // positions searched at once
};

// Its result for one position.
struct OwnSearch {
  enum Status {
    kWin,       // a forced win of one side within the bound
    kNoWin,     // proven: neither side has one
    kNodeLimit  // the node limit was reached first: not known
  };
  Status status = kNoWin;
  int mate = 0;   // kWin: the winner's moves in the line, from White's view (< 0: Black wins)
  int plies = 0;  // kWin: the shortest forced win's length from the position, in plies
  std::vector<std::string> pv;  // kWin: the line in UCI text; the first move is the best
  std::uint64_t nodes = 0;      // positions entered by the searches
};

// A game whose positions were not evaluated by an engine: no engine plays it (searched by
// fairykit), or the engine does not (PoolSummary::refused).
struct UnplayedVariant {
  VariantId variant = VariantId::kChess;
  std::uint64_t positions = 0;
  std::string reason;  // refused: the engine's first refusal (PoolSummary::refused)
};

struct EngineAnalysis {
  std::vector<EvalResult> results;  // one per entry, in order
  // One per entry: set for the positions of the games no engine plays (not the game ends).
  std::vector<std::optional<OwnSearch>> searches;
  PoolSummary pool;             // the positions sent to the pool (or found in the cache)
  std::uint64_t game_ends = 0;  // no legal move: evaluated by the rules
  std::uint64_t searched = 0;   // by fairykit's own search
  OwnSearchOptions search;      // its bound and node limit
  // In order of first appearance: the games no engine plays (searched), those the engine
  // does not play (one entry per game, its positions added up over its UCI_Variants).
  std::vector<UnplayedVariant> without_engine, refused;
};

// Whether fairy-analyze --engine sends positions of `variant` to an engine
// (VariantInfo::uci_engine): else fairykit searches them itself.
bool engine_plays(VariantId variant);

// Evaluates every entry of `positions`: by the rules, the engine pool or the own search.
EngineAnalysis evaluate_distinct(const DistinctPositions& positions, const PoolOptions& options,
                                 const OwnSearchOptions& search = {});

// The own search of one position of `variant` (native FEN, set up without its history).
OwnSearch search_position(const VariantInfo& variant, std::string_view fen,
                          const OwnSearchOptions& options);

// The JSON Lines record of entry `i` (with its line end), appended to `out`.
void write_evaluation_record(const DistinctPositions& positions, const EngineAnalysis& analysis,
                             std::size_t i, std::string& out);

}  // namespace fairykit::analysis
