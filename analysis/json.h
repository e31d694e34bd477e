// Minimal JSON writing helpers for the report writers (no DOM, no allocation beyond the
// output string).
#pragma once

#include <string>
#include <string_view>

namespace fairykit::analysis {

// `s` as a JSON string literal, quotes included. Well-formed UTF-8 is passed through; any
// other byte >= 0x80 is read as Latin-1 and written as UTF-8; control characters are
// escaped. The result is always valid JSON.
std::string json_string(std::string_view s);

}  // namespace fairykit::analysis
