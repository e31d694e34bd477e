// Repairs of a game record (fairy-convert --fix): the faults that have one sensible answer,
// each answered in the record and reported, never silently; the others left as they are.
//
//   Result tag and termination marker   a value that is no result ("?", "*") takes the other's
//                                        value; two different results stay an error
//   no termination marker                the Result tag's value ("*" when it is no result)
//   missing seven-tag roster tags        "?", Date "????.??.??", Result the result written
//   Date, EventDate, UTCDate             normalise_date(): one reading only, else a warning
//   FEN tag without SetUp "1"            SetUp "1"
//   a FEN tag read leniently             (the record already holds the position read)
//   move notation                        every SanQuirk but long algebraic (the record already
//                                        writes each move anew from the position)
//
// repair_game() is a pure function of the record and the report, so it runs in the worker
// threads and gives the same answer at any thread count.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/game_record.h"
#include "analysis/checking/validate.h"

namespace fairykit::analysis {

// One repair made, or one fault left as it was (`repaired` false: a warning).
struct Repair {
  std::int64_t line = 0, column = 0;  // where the fault was read
  int ply = 0;                        // the move's ply (0: not about a move)
  std::string message;                // e.g. Date "2024-1-5" normalised to "2024.01.05"
  bool repaired = true;
};

// Repairs `record` (as validate_game filled it) in place, and moves the diagnostics of `report`
// it answers out of it (its counts lowered). Appends to `repairs`, in the order of the game's
// text, a Repair for each fault answered and one (repaired false) for each date left as it
// was. The result is settled afterwards (game_result()): a contradiction with the final
// position is --fix-result's, and two different results are left an error.
void repair_game(GameRecord& record, GameReport& report, std::vector<Repair>& repairs);

// A date tag's value read in every form with one reading:
//   YYYY.MM.DD                  as it is; '?' for an unknown part ("2024.??.??")
//   YYYY-M-D, YYYY/M/D, YYYY.M.D  the year first: month and day, 1 or 2 digits or '?'
//   YYYY, YYYY-MM               the parts missing unknown ("2024.??.??")
//   YYYYMMDD                    eight digits
//   D.M.YYYY, M/D/YYYY, D-M-YYYY  the year last: read only when one number cannot be a month
//                               (25.12.2024) or both are equal; else ambiguous
//   "", "?", "??.??.????"       "????.??.??"
// A two-digit year is ambiguous; a month or day out of range, or any other text, unreadable.
struct DateReading {
  enum class Kind { kAsIs, kNormalised, kAmbiguous, kUnreadable };
  Kind kind = Kind::kAsIs;
  std::string value;  // kNormalised: the date as YYYY.MM.DD
  std::string why;    // kAmbiguous, kUnreadable: why it is left as it is
};
DateReading normalise_date(std::string_view text);

}  // namespace fairykit::analysis
