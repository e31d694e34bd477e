// Minimal JSON writing helpers for the report writers (no DOM, no allocation beyond the
// output string).
#pragma once

#include <string>
#include <string_view>

namespace fairykit::analysis {

// `s` as a JSON string literal, quotes included. Bytes >= 0x80 are passed through (the
// input is expected to be UTF-8); control characters are escaped.
std::string json_string(std::string_view s);

}  // namespace fairykit::analysis
