// The work fairy-analyze does on each record of its inputs, in a worker thread of the game
// batch (analysis/batch/game_batch.h): the game is checked and replayed once, and gives either
// its contribution to the statistics (GameFacts, analysis/statistics/stats.h) or its position
// records (analysis/statistics/positions.h). A line of a FEN / EPD list is a game of no moves:
// a record with `positions`, a puzzle with a forced-win search, and else refused (it holds no
// game to count).
//
//   AnalyzeOptions o;
//   o.stats.tree_plies = 4;
//   prepare_analysis(o);
//   GameAnalysis a;
//   analyse_record(raw_game, o, "games.pgn", a);   // then CollectionStats::add(a.facts)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/selection.h"
#include "analysis/checking/validate.h"
#include "analysis/statistics/positions.h"
#include "analysis/statistics/stats.h"
#include "parsers/pgn.h"
#include "rules/core/game_state.h"
#include "rules/core/types.h"

namespace fairykit::analysis {

struct AnalyzeOptions {
  // How games are checked: default_variant is that of games without a Variant tag and of
  // position lists. prepare_analysis() sets the rest.
  ValidateOptions validate;
  RecordOptions record;    // what the replay records: prepare_analysis() sets it
  StatsOptions stats;      // the statistics (stats.find_wins > 0: a forced-win search too)
  bool positions = false;  // position records instead of the statistics
  // With `positions`: the positions themselves (GameAnalysis::seen) instead of records, for
  // an engine to evaluate (fairy-analyze --engine).
  bool engine_positions = false;
  PositionOptions position;             // the records, with `positions`
  Selection selection;                  // the games analysed (the others are filtered out)
  std::uint64_t win_nodes = 1'000'000;  // positions one forced-win search may visit
  // The tags the statistics read (game_facts(), game_result(), termination()) and the
  // selection tests: the only ones the records keep. Set by prepare_analysis(); views of
  // `stats` and `selection` (a copy of the options is prepared again).
  std::vector<std::string_view> kept_tags;
};

// Sets `validate` and `record` to what the work needs once `stats`, `positions` and
// `position` are chosen: the main line only, no warnings (valid or not is all that counts),
// and the replay recording what the statistics read (what each move did; SAN for an opening
// tree; position keys for opening names) or nothing but the positions, and what the
// selection tests.
void prepare_analysis(AnalyzeOptions& options);

// A position of a game, as an engine analysis needs it.
struct SeenPosition {
  VariantId variant = VariantId::kChess;
  Key key = 0;
  int ply = 0;      // of the game's main line (0: its start position)
  std::string fen;  // native FEN
  Color side = WHITE;
  GameEnd end = GameEnd::kNone;  // set only when the side to move has no legal move
  // In a game of capture chains (Interweave), where a chain taken in another order can reach
  // the same position: move_hash() of the UCI text of the move that led here, so that the
  // move played can be told from the others (0: not kept, or the start).
  std::uint32_t move = 0;
};

// The hash SeenPosition::move keeps of a move's UCI text (FNV-1a; never 0).
inline std::uint32_t move_hash(std::string_view uci) {
  std::uint32_t h = 2166136261u;
  for (const char c : uci) h = (h ^ std::uint8_t(c)) * 16777619u;
  return h | 1;
}

// What one record gives.
struct GameAnalysis {
  GameReport report;  // the game's diagnostics; invalid: the game is rejected
  // The game fails the selection (selected(), analysis/checking/selection.h): it is neither
  // analysed nor rejected, and gives no facts and no records.
  bool filtered = false;
  std::uint64_t where_tags = 0;  // where_tags_present() of the game, with a --where
  GameFacts facts;               // the statistics' contribution; facts.analysed false when rejected
                                 // (`engine_positions`: the players, ratings and result only)
  std::string records;           // `positions`: the records of the game (none when rejected)
  std::uint64_t written = 0;     // `positions`: how many
  std::vector<SeenPosition> seen;  // `engine_positions`: the game's positions, in order
};

// The work on `game` of the input named `file` (as messages name it), into `analysis`
// (whose strings and vectors keep their memory from record to record). With `positions`, a
// game of a variant whose pieces have no CSV columns (csv_fits()) is rejected.
void analyse_record(const parsers::RawGame& game, const AnalyzeOptions& options,
                    std::string_view file, GameAnalysis& analysis);

}  // namespace fairykit::analysis
