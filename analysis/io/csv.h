// CSV cells (RFC 4180) as every CSV writer of fairykit writes them: the games and positions of
// fairy-convert, the tables of fairy-analyze.
#pragma once

#include <string>
#include <string_view>

namespace fairykit::analysis {

// Whether a spreadsheet program reads a CSV cell as a formula ("CSV injection", OWASP): it
// starts with '=', '+', '-', '@', a tab or a carriage return, and it is not a plain number
// (an optional '-' or '+', digits, and optionally '.' and digits: "-1.5", "+3", "-400"),
// which it reads as a number.
bool csv_formula_cell(std::string_view cell);
// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; the text
// made valid UTF-8 (utf8_text); unless `raw`, a cell that csv_formula_cell() finds gets a
// "'" before it (inside the quotes), which spreadsheets take for "text" and do not show.
void csv_field(std::string& out, std::string_view text, bool raw);

}  // namespace fairykit::analysis
