// The result a game record is written with, and its correction when it contradicts the final
// position (fairy-convert --fix-result): one rule for every writer and for the statistics.
#pragma once

#include <string>

#include "analysis/checking/game_record.h"

namespace fairykit::analysis {

// What the game's result is after --fix-result: the result written.
struct ResultFix {
  bool fixed = false;
  std::string from, to;  // the Result tag as read and as written
  std::string reason;    // "checkmate"
};

// The result a writer writes: the termination marker, else the Result tag when it is one of
// "1-0", "0-1", "1/2-1/2", "*", else "*"; with
// `fix`, the result the final position implies when it contradicts it.
std::string game_result(const GameRecord& record, bool fix, ResultFix* what = nullptr);

}  // namespace fairykit::analysis
