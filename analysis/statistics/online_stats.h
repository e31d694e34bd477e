// Statistics of online play (fairy-analyze --online): results and score by speed class and
// rating band, the rating distribution, openings by rating band with a 95% interval, the
// clock left and the time spent by move number, losses on time from won positions, the
// quality of moves by the drop in expected score (when the games carry evaluations), and
// the standings of tournaments (a crosstable for round robins).
//
// Each game's share is made in a worker thread (online_facts, from a record replayed with
// RecordOptions::commands) and added in input order, as the other statistics are.
//
// The quality of moves is judged as lichess does (analysis/engine/judgement.h): the drop in
// expected score by its win-probability curve, with its thresholds. A loss on time is from a
// won position when the last evaluation gave the player who lost an expected score of 0.9 or
// more.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "analysis/checking/game_record.h"
#include "analysis/engine/judgement.h"
#include "analysis/statistics/opening_tree.h"

namespace fairykit::analysis {

struct StatsTable;
struct StatsOptions;
struct GameFacts;
struct Opening;

inline constexpr std::int16_t kNoEval = INT16_MIN;
inline constexpr int kEvalClamp = kEvalCeiling;
inline constexpr int kClockMoves = 120;  // clock_by_move lists the first 120 moves

// What a game adds to the statistics of online play.
struct OnlineFacts {
  std::int8_t speed = -1;     // analysis::Speed, -1 unknown
  bool time_forfeit = false;  // Termination "Time forfeit" (any case)
  std::string event;          // the Event tag, for a tournament game (its Round is a round)
  // Per main-line move (index ply - 1), from the comment commands; empty when no move has
  // one. Clocks and times in milliseconds (CommentCommands::kNone: unknown); evaluations from
  // White's side in centipawns clamped to +-kEvalClamp (kNoEval: none).
  std::vector<std::int32_t> clock, spent;
  std::vector<std::int16_t> eval;
  void clear() {
    speed = -1;
    time_forfeit = false;
    event.clear();
    clock.clear();
    spent.clear();
    eval.clear();
  }
};

// Sets every field of `f` from a record replayed with RecordOptions::commands and the tags
// TimeControl, Termination, Event and Round kept.
void online_facts(const GameRecord& record, OnlineFacts& f);
// The tags online_facts reads.
const std::vector<std::string_view>& online_tags();

class OnlineStats {
 public:
  explicit OnlineStats(const StatsOptions& options);
  OnlineStats(const OnlineStats&) = delete;  // single_ points into groups_
  OnlineStats& operator=(const OnlineStats&) = delete;
  void add(const GameFacts& game);
  // The tables, in their order, appended to `out`.
  void tables(std::vector<StatsTable>& out) const;

 private:
  using Results = OpeningTree::Counts;
  struct Quality {
    std::uint64_t moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
    std::uint64_t cp_loss = 0;  // summed
    Quality& operator+=(const Quality& o) {
      moves += o.moves;
      inaccuracies += o.inaccuracies;
      mistakes += o.mistakes;
      blunders += o.blunders;
      cp_loss += o.cp_loss;
      return *this;
    }
  };
  struct Score {  // White's score, with what its interval needs
    Results results;
  };
  struct Clock {
    std::uint64_t clocks = 0, spent_moves = 0;
    std::int64_t clock_ms = 0, spent_ms = 0;  // their sums
  };
  struct TimeLosses {
    std::uint64_t games = 0, forfeits = 0, decisive = 0, with_eval = 0, from_won = 0;
  };
  // What is counted per --group-by value ("" without --group-by).
  struct Group {
    std::array<Results, 6> by_speed{};
    std::map<int, Results> by_band;        // band of the mean rating -> results
    std::map<int, std::uint64_t> ratings;  // band of a player's rating -> players' games
    // (band, family) -> results; the table sorts them (a collection has thousands: a
    // tree's lookups missed the cache at every game)
    absl::flat_hash_map<std::pair<int, int>, Results> openings;
    std::array<std::array<Clock, kClockMoves>, 6> clock{};
    std::array<TimeLosses, 6> time_losses{};
    std::array<Quality, 6> quality_by_speed{};
    std::map<int, Quality> quality_by_band;
  };
  struct Standing {
    std::uint64_t games = 0, wins = 0, draws = 0, losses = 0;
  };
  struct Event {
    std::map<std::string, Standing> players;
    // (player, opponent) -> their results from the player's side, in input order: '1', '=',
    // '0' (a game with an unfinished result: '*')
    std::map<std::pair<std::string, std::string>, std::string> pairs;
  };

  int band(int rating) const;
  int family(const Opening* opening);
  std::string band_name(int b) const;

  int top_ = 0;
  int band_ = 200;
  bool grouped_ = false;
  std::map<std::string, Group> groups_;  // by the --group-by value ("" without it)
  Group* single_ = nullptr;              // without --group-by: its one group
  absl::flat_hash_map<std::string, Quality> players_;
  // The opening families (a name before its ':'): each opening's family, found once, and
  // each family's name and ECO volume (of the first opening of it seen).
  absl::flat_hash_map<const Opening*, int> family_of_;
  absl::flat_hash_map<std::string, int> family_ids_;
  std::vector<std::string> families_;
  std::vector<char> family_eco_;
  std::map<std::string, Event> events_;
};

}  // namespace fairykit::analysis
