// The commands that online-play servers and GUIs embed in PGN comments (the "PGN Specification
// Supplement" form `[%name arguments]`): the clock left after a move `[%clk 0:04:58]`, the
// time a move took `[%emt 0:00:03]`, and an engine evaluation `[%eval 0.17]`, `[%eval #-3]`,
// `[%eval 0.17,20]` (with the search depth). The other commands (`[%csl ...]`, `[%cal ...]`)
// and the text around them are left as they are: the comment itself is never rewritten, these
// are values read from it.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fairykit::parsers {

struct CommentCommands {
  static constexpr std::int32_t kNone = INT32_MIN;
  std::int32_t clock_ms = kNone;    // [%clk]: the mover's clock after the move, milliseconds
  std::int32_t elapsed_ms = kNone;  // [%emt]: the time the move took, milliseconds
  // [%eval]: from White's side (the form every server writes), centipawns or moves to mate
  // (negative: Black mates); depth -1 when not given.
  bool has_eval = false;
  bool mate = false;
  std::int32_t eval = 0;
  std::int32_t depth = -1;

  bool any() const { return clock_ms != kNone || elapsed_ms != kNone || has_eval; }
  // Fills what `other` has and this lacks (a move with two comments).
  void merge(const CommentCommands& other) {
    if (clock_ms == kNone) clock_ms = other.clock_ms;
    if (elapsed_ms == kNone) elapsed_ms = other.elapsed_ms;
    if (!has_eval && other.has_eval) {
      has_eval = true;
      mate = other.mate;
      eval = other.eval;
      depth = other.depth;
    }
  }
};

// The commands of a game's main line, one entry per ply whose comments hold any (ply 0: before
// the first move), in ply order.
struct PlyCommands {
  int ply = 0;
  CommentCommands commands;
};

// The entry of `ply` in `list`: the last one when it is that ply's or holds no value (an entry
// left empty by a comment without readable commands is taken for the next ply), else a new
// one. Only the last entry can be empty; the owner drops it when the game ends.
[[gnu::always_inline]] inline PlyCommands& ply_commands_entry(std::vector<PlyCommands>& list,
                                                              int ply) {
  if (list.empty() || (list.back().ply != ply && list.back().commands.any())) list.emplace_back();
  PlyCommands& e = list.back();
  e.ply = ply;
  return e;
}

// A command that could not be read: where in the comment text it starts, and why.
struct CommandProblem {
  std::size_t offset = 0;
  std::string message;  // "[%clk 0:61:00]: minutes must be 0-59"
};

// The values of the clk, emt and eval commands of `text` (a comment without its braces). A
// malformed one is left out of `out` and described in `problems` (when given); a repeated one
// keeps its first value. True when the comment holds any of the three commands, readable or not.
bool read_comment_commands(std::string_view text, CommentCommands& out,
                           std::vector<CommandProblem>* problems);

// Whether `text` may hold a command: the cheap test before read_comment_commands.
inline bool may_hold_commands(std::string_view text) {
  return text.find("[%") != std::string_view::npos;
}

// A time in milliseconds as the clk and emt commands write it: "0:04:58", "1:02:03.5" (tenths
// and hundredths kept, no trailing zeros).
std::string clock_text(std::int32_t ms);

}  // namespace fairykit::parsers
