// The data of online play that a game record carries beside its moves, read as values: the
// time control and speed class, the ratings and rating changes, the date and time as
// ISO 8601 (from the tags), and the clock, elapsed time and evaluation of each main-line move
// (from the comment commands, parsers/comment_commands.h, kept in GameRecord::commands).
#pragma once

#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/game_record.h"
#include "analysis/checking/time_control.h"

namespace fairykit::analysis {

struct OnlineGame {
  std::optional<TimeControl> time_control;  // a readable TimeControl tag
  std::optional<Speed> speed;               // from it ("?" and unreadable: none)
  std::optional<std::int64_t> white_elo, black_elo;
  std::optional<std::int64_t> white_rating_diff, black_rating_diff;  // "+7" is 7
  std::string date;  // iso_date of UTCDate, else of Date; "" when unknown
  std::string utc;   // "2024-01-15T12:34:56Z" when the date is whole and UTCTime is a time
  // The first period's time and increment in seconds, when the game has a clock.
  std::optional<std::int64_t> base_seconds() const;
  std::optional<std::int64_t> increment_seconds() const;
};

// The values of `record`'s tags (the first of a repeated tag, as GameRecord::tag reads).
OnlineGame read_online_game(const GameRecord& record);

// A PGN date ("2024.01.15", with "??" for what is unknown) as ISO 8601: "2024-01-15",
// "2024-01" (day unknown), "2024" (month unknown), "" (year unknown, or not a date).
std::string iso_date(std::string_view pgn_date);
// A tag holding a whole number with an optional sign ("2750", "+7", "-12"), or nullopt.
std::optional<std::int64_t> tag_number(std::string_view value);

// The time each main-line move took on the mover's clock, in milliseconds, from consecutive
// clocks of the same side: the clock before the move (the previous clock, or the first
// period's time for a side's first move), less the clock after it, plus the increment, plus a
// new period's time when the move completed a period. Index = ply (0 unused); kNone where a
// clock is missing or the time control has no clock, is unknown or is a sandglass. The first
// move of a side is counted from the full base, as servers that start the clock on the first
// move write it.
std::vector<std::int32_t> move_times(const GameRecord& record, const OnlineGame& game);

// The rule of move_times, ply after ply, for a reader that walks the plies itself.
class MoveClocks {
 public:
  explicit MoveClocks(const OnlineGame& game);
  // Whether any time can be known: a clock time control without a sandglass.
  bool known() const { return periods_ != nullptr; }
  // The times of plies 1 to n from the clocks after them (clock[i] for ply i + 1) into
  // spent[0, n), as n calls of spent() would give them: the game's whole line at once when it
  // has one period (each move's time then depends on the same side's clocks before and after
  // it only).
  void spent_all(const std::int32_t* clock, std::int32_t* spent, std::size_t n);
  // The time ply `ply` took (kNone when unknown), its mover's clock after it being `clock`
  // (kNone: not written). Called for plies 1, 2, ... in order, and only when known().
  std::int32_t spent(int ply, std::int32_t clock) {
    // The side that plays `ply`: the start side plays the odd plies.
    Side& s = sides_[(ply & 1) ? 0 : 1];
    const std::int64_t before = s.clock;
    std::int64_t added = increment_ms_;
    if (!single_) [[unlikely]] {
      const TimePeriod& p = (*periods_)[s.period];
      added = p.increment * 1000;
      // A move that completes a period brings the next one's time (the last period repeats).
      if (p.moves > 0 && ++s.moves_in_period == p.moves) {
        s.moves_in_period = 0;
        if (s.period + 1 < periods_->size()) ++s.period;
        added += (*periods_)[s.period].seconds * 1000;
      }
    }
    if (clock == parsers::CommentCommands::kNone) {
      // Unknown from here on for this side: its clock before the next move is not known.
      s.clock = -1;
      return parsers::CommentCommands::kNone;
    }
    s.clock = clock;
    if (before < 0) return parsers::CommentCommands::kNone;
    const std::int64_t t = before + added - clock;
    return t >= 0 && t <= INT32_MAX ? static_cast<std::int32_t>(t)
                                    : parsers::CommentCommands::kNone;
  }

 private:
  // Each side: its clock before its next move, the period it plays in and the moves it has
  // made in that period.
  struct Side {
    std::int64_t clock = 0;
    std::size_t period = 0;
    int moves_in_period = 0;
  };
  const std::vector<TimePeriod>* periods_ = nullptr;
  // One period for the whole game ("180+2"), the usual case: its increment.
  bool single_ = false;
  std::int64_t increment_ms_ = 0;
  Side sides_[2];
};
// The same into `spent` (its memory kept from call to call).
void move_times(const GameRecord& record, const OnlineGame& game, std::vector<std::int32_t>& spent);

// Milliseconds as seconds in the shortest decimal form: "298", "298.5", "0.35" (JSON and CSV
// numbers).
std::string seconds_text(std::int32_t ms);

// The commands of each main-line move by ply (index 0: a comment before the first move),
// sized plies + 1; empty commands where a move has none.
std::vector<parsers::CommentCommands> commands_by_ply(const GameRecord& record);

}  // namespace fairykit::analysis
