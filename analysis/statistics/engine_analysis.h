// Engine analysis of a collection (fairy-analyze --engine): the positions of the games
// (GameAnalysis::seen, analysis/statistics/game_analysis.h) are gathered in input order into
// the distinct positions (same variant, same key), each evaluated once by the engine pool
// (analysis/engine/engine_pool.h), and written as JSON Lines, one record per distinct
// position in the order of its first appearance:
//
//   {"variant":"chess","key":"463b96181691fc9c","fen":"rnbqkbnr/... w KQkq - 0 1",
//    "side":"white","file":"a.pgn","game":1,"ply":0,"occurrences":12,
//    "cp":20,"best":"e2e4","pv":["e2e4","e7e5"],"depth":1,"nodes":5000}
//
// file, game (1-based in its file) and ply name the position's first appearance, and fen is
// the FEN there (the move counters of later games may differ); occurrences counts the
// positions read that are this one. The score is from White's view: "cp" (centipawns) or
// "mate" (White mates in N moves; negative: Black mates in -N). A position whose side to
// move has no legal move is not sent to an engine: "status":"checkmate" with "mate":0 (the
// side to move is mated) or "status":"stalemate" with "cp":0, no best move. A position that
// has no evaluation has "error" instead of the score and the rest: the engine failed on it
// twice, its best move was not legal, or no engine plays its variant (chess and chess960
// only so far). The records are the same for any -j and --engines when the engines are
// deterministic (a node or depth limit, one engine thread), and whether they came from the
// engine or from the cache.
//
// Memory: one entry per distinct position (its FEN and where it first appeared), about 150
// bytes; the positions read are not kept.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "analysis/engine/engine_pool.h"
#include "analysis/statistics/game_analysis.h"

namespace fairykit::analysis {

class DistinctPositions {
 public:
  struct Entry {
    SeenPosition position;   // as first seen
    std::uint32_t file = 0;  // index into files()
    std::int64_t game = 0;
    std::uint64_t occurrences = 0;
  };

  // The positions of one game of the input `file` (as messages name it), `game` its 1-based
  // index there, in input order.
  void add(std::string_view file, std::int64_t game, const std::vector<SeenPosition>& seen);

  std::uint64_t read() const { return read_; }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::vector<std::string>& files() const { return files_; }

 private:
  std::vector<Entry> entries_;
  absl::flat_hash_map<std::pair<VariantId, Key>, std::uint32_t> index_;
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

struct EngineAnalysis {
  std::vector<EvalResult> results;  // one per entry, in order
  PoolSummary pool;                 // the positions sent to the pool (or found in the cache)
  std::uint64_t game_ends = 0;      // no legal move: evaluated by the rules
  std::uint64_t no_engine = 0;      // of a variant no engine plays here
  std::vector<VariantId> variants_without_engine;  // in order of first appearance
};

// Whether fairy-analyze --engine sends positions of `variant` to the engine: the games with no
// UCI_Variant (VariantInfo::uci_variant), chess and chess960.
bool engine_plays(VariantId variant);

// Evaluates every entry of `positions`.
EngineAnalysis evaluate_distinct(const DistinctPositions& positions, const PoolOptions& options);

// The JSON Lines record of entry `i` (with its line end), appended to `out`.
void write_evaluation_record(const DistinctPositions& positions, const EngineAnalysis& analysis,
                             std::size_t i, std::string& out);

}  // namespace fairykit::analysis
