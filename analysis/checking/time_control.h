// The TimeControl tag (PGN standard 9.6.1) read as data, and the speed class of a game as
// lichess defines it, for selections and statistics of online play.
//
//   "?" unknown, "-" no clock (correspondence), "300" sudden death in 300 s, "180+2" 180 s
//   and 2 s a move, "40/7200" 40 moves in 7200 s, "*60" a sandglass of 60 s; periods one
//   after another separated by ':' ("40/7200:3600").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace fairykit::analysis {

struct TimePeriod {
  int moves = 0;               // moves to make in the period; 0: the rest of the game
  std::int64_t seconds = 0;    // the time of the period
  std::int64_t increment = 0;  // seconds added after each move
  bool sandglass = false;      // "*60": a sandglass, no increment
};

struct TimeControl {
  enum Kind { kUnknown, kNone, kClock };
  Kind kind = kUnknown;             // "?", "-", or periods
  std::vector<TimePeriod> periods;  // kClock: at least one
};

// Reads a TimeControl tag's value (blanks around it ignored). Errors say what is wrong and
// where, counting from 1: `TimeControl "3+": no increment after '+' (column 3)`.
absl::StatusOr<TimeControl> parse_time_control(std::string_view text);

// The speed classes of lichess, by the estimated duration of a game: the first period's
// time plus 40 times its increment, in seconds: ultrabullet under 30, bullet under 180,
// blitz under 480, rapid under 1500, classical under 21600, else correspondence (as a game
// without a clock, "-").
enum class Speed : std::uint8_t {
  kUltraBullet,
  kBullet,
  kBlitz,
  kRapid,
  kClassical,
  kCorrespondence
};
inline constexpr int kSpeedCount = 6;

// The estimated duration in seconds; nullopt when unknown or without a clock.
std::optional<std::int64_t> estimated_seconds(const TimeControl& tc);
// The speed class; nullopt when the time control is unknown ("?").
std::optional<Speed> speed_of(const TimeControl& tc);
// "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence".
std::string_view speed_name(Speed speed);
// The class named `name` (any case), or nullopt.
std::optional<Speed> find_speed(std::string_view name);

}  // namespace fairykit::analysis
