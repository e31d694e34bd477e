// How a game ended, one meaning in every output that says so: the `termination` of
// fairy-convert's and fairy-validate's JSON, of fairy-convert's CSV and of fairy-analyze's
// table of terminations, each with where it was read (`termination_from`).
#pragma once

#include <cstdint>
#include <string_view>

#include "analysis/checking/game_record.h"
#include "rules/core/game_state.h"

namespace fairykit::analysis {

// Where a termination was read:
//  * kBoard: the final position ends the game (checkmate, stalemate, a King captured, no
//    legal move, the third repetition, insufficient material...), whatever the tags say;
//  * kTag: else the Termination tag, when it says more than "normal": the values of the PGN
//    standard ("abandoned", "adjudication", "death", "emergency", "rules infraction", "time
//    forfeit", "unterminated") and "illegal move", in any case ("Time forfeit", as lichess
//    writes it, is "time forfeit"); any other value as it is written (`as_written`);
//  * kResult: else a deduction from the result: "unfinished" (*), "resignation" (a decisive
//    result: the loser resigned, or lost in a way the record does not say, on time without
//    a Termination tag), for a draw the rule it could be claimed by ("threefold repetition",
//    "fifty-move rule", "twenty-five-move rule") or else "agreement".
enum class TerminationFrom : std::uint8_t { kBoard, kTag, kResult };
std::string_view describe(TerminationFrom from);  // "board", "tag", "result"

struct Termination {
  // A string literal (it outlives every record), or with `as_written` the tag's value
  // (a view into the record or the text given).
  std::string_view what;
  TerminationFrom from = TerminationFrom::kResult;
  bool as_written = false;
};
// `result`: 'w' (1-0), 'b' (0-1), 'd' (1/2-1/2) or '*'; `termination_tag`: the value of the
// game's Termination tag ("" when it has none).
Termination termination(const GameState& final_state, VariantId variant,
                        std::string_view termination_tag, char result);
inline Termination termination(const GameRecord& record, char result) {
  return termination(record.final_state, record.variant, record.tag("Termination"), result);
}
// 'w', 'b', 'd' or '*' of a result as written ("1-0", "0-1", "1/2-1/2", anything else).
inline char result_code(std::string_view result) {
  return result == "1-0" ? 'w' : result == "0-1" ? 'b' : result == "1/2-1/2" ? 'd' : '*';
}

}  // namespace fairykit::analysis
