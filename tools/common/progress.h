// The progress line of the tools on standard error: one line, rewritten in place, shown only
// when the caller enables it (not --quiet, standard error a terminal), and cleared before
// any other output to standard error so that diagnostics are never mixed with it.
//
//   ProgressLine line(!quiet && ProgressLine::stderr_is_terminal());
//   line.show("games.pgn:  42.0%  1024 games");   // replaces what was shown
//   line.clear();                                 // before a diagnostic, and at the end
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fairykit::cli {

class ProgressLine {
 public:
  explicit ProgressLine(bool enabled)
      : enabled_(enabled), start_(std::chrono::steady_clock::now()) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() { clear(); }

  static bool stderr_is_terminal();

  bool enabled() const { return enabled_; }
  // Seconds since the line was made (for speeds).
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // Replaces the line with `text` (nothing when disabled).
  void show(std::string_view text);
  // The line of the tools that read games: "games.pgn:  42.0%  1024 games  51200 games/s"
  // (`fraction` of the input read, games of this input, games of all inputs for the speed).
  // Called after every batch of games (at one thread, a few thousand times a second); the
  // line is written at most ten times a second.
  void show_games(std::string_view name, double fraction, std::size_t file_games,
                  std::uint64_t total_games);
  // Erases the line when something is shown (nothing otherwise).
  void clear();

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  double games_shown_at_ = -1;  // seconds() when show_games last wrote the line
};

}  // namespace fairykit::cli
