// Report writers for game validation: compiler-style text diagnostics, JSON objects with
// stable keys, summaries. Shared by the tools that validate (fairy-validate, and later the
// converters that reject invalid games).
#pragma once

#include <cstdint>
#include <string>

#include "analysis/checking/validate.h"
#include "analysis/io/json.h"

namespace fairykit::analysis {

// Games read, valid and invalid, and the diagnostics counted, over one input or several.
struct ValidationTotals {
  // games: read, = valid + invalid + filtered (games a selection left out, not checked)
  std::uint64_t games = 0, valid = 0, invalid = 0, warnings = 0, errors = 0, filtered = 0;
  void add_filtered() {
    ++games;
    ++filtered;
  }
  void add(const GameReport& r) {
    ++games;
    (r.valid() ? valid : invalid)++;
    warnings += std::uint64_t(r.warnings);
    errors += std::uint64_t(r.errors);
  }
  void add(const ValidationTotals& t) {
    games += t.games;
    valid += t.valid;
    invalid += t.invalid;
    warnings += t.warnings;
    errors += t.errors;
    filtered += t.filtered;
  }
};

// "games.pgn: 2245 games read: 2240 valid, 5 invalid; 5 errors, 12 warnings\n"; with
// `selection` (a run that filters games out) "..., 5 invalid, 30 filtered out; ...".
std::string summary_text(const std::string& name, const ValidationTotals& t,
                         bool selection = false);
// {"games":N,"valid":N,"invalid":N,"errors":N,"warnings":N}
std::string summary_json(const ValidationTotals& t);
// The same keys, written into an object the caller has opened; with `selection`
// "filtered":N after "invalid".
void write_summary_fields(JsonWriter& w, const ValidationTotals& t, bool selection = false);
// One game as a JSON object: {"type":"game","file":...,"game":N,"line":N,"white":...,
// "black":...,"variant":...,"result":...,"termination":...,"plies":N,"valid":bool,
// "errors":N,"warnings":N,"diagnostics":[{"severity","line","column","ply","message"[,"fen"]}]}
std::string game_json(const std::string& file, const GameReport& r);
void write_game_json(JsonWriter& w, const std::string& file, const GameReport& r);
// Appends the compiler-style lines of a game's diagnostics ("file:line:col: error: game 17
// (White - Black), ply 34: message"); warnings are left out when `errors_only`.
void write_diagnostics(std::string& out, const std::string& file, const GameReport& r,
                       bool errors_only);

}  // namespace fairykit::analysis
