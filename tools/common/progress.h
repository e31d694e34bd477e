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
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace fairykit::cli {

// Where a tool that reads games is, for its progress line.
struct GamesProgress {
  std::string_view name;          // of the input, as messages name it
  std::uint64_t bytes_read = 0;   // of the input, as stored (compressed)
  std::uint64_t size = 0;         // of the input, as stored; 0 when unknown (standard input)
  std::uint64_t file_games = 0;   // games of this input done
  std::uint64_t total_games = 0;  // games of every input done
  double seconds = 0;             // since the run began: the games' speed is that of the whole run
  double input_seconds = 0;       // since this input began: its byte rate gives the time left
};

// The text of the progress line, e.g. for a file of known size
//   games.pgn: 42.0% 12.3 MB of 29.3 MB  1,024 games  51,200 games/s  0:07 left
// and when the size is unknown (no part read, no time left)
//   <stdin>: 12.3 MB  1,024 games  51,200 games/s
// Bytes in decimal units (B, kB, MB, GB, TB); no speed before any time has passed; no time
// left in the first half second of an input (the rate is not settled yet) nor before any byte
// is read. A name too long for the line to fit in 79 columns is shortened at its beginning
// ("...", then the end of it, which names the file), to no fewer than 12 columns.
std::string progress_text(const GamesProgress& p);

class ProgressLine {
 public:
  explicit ProgressLine(bool enabled)
      : ProgressLine(enabled, stderr, [start = std::chrono::steady_clock::now()] {
          return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }) {}
  // Writes to `out`, with `clock` giving the seconds since the run began (for tests).
  ProgressLine(bool enabled, std::FILE* out, std::function<double()> clock)
      : enabled_(enabled), out_(out), clock_(std::move(clock)) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() { clear(); }

  static bool stderr_is_terminal();

  bool enabled() const { return enabled_; }
  // Seconds since the line was made (for speeds).
  double seconds() const { return clock_(); }
  // Replaces the line with `text` (nothing when disabled).
  void show(std::string_view text);
  // The line of the tools that read games (progress_text): `bytes_read` of the input
  // `name` of `size` bytes (0 = unknown), games of this input, games of all inputs. Called
  // after every batch of games (at one thread, a few thousand times a second); the line is
  // written at most ten times a second. An input begins when the name changes or fewer
  // bytes are read than at the call before (the same file given twice).
  void show_games(std::string_view name, std::uint64_t bytes_read, std::uint64_t size,
                  std::uint64_t file_games, std::uint64_t total_games);
  // Erases the line when something is shown (nothing otherwise).
  void clear();

 private:
  bool enabled_;
  bool shown_ = false;
  std::FILE* out_;
  std::function<double()> clock_;
  double games_shown_at_ = -1;  // seconds() when show_games last wrote the line
  // The input of the last call to show_games, when that call was, and when its input began
  // (about when the input before ended: the last call of that one).
  std::string input_name_;
  std::uint64_t input_bytes_ = 0;
  double last_call_at_ = 0;
  double input_began_at_ = 0;
};

}  // namespace fairykit::cli
