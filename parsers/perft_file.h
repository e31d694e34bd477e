// The `.perft` data-file format (see ../shared/oracles/README.md): blocks separated by
// blank lines, `#` starts a comment, each block has `id`, `variant`, `fen` (or `epd`) and
// `perft D N` lines. Plain syntax: no position is checked here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace fairykit::parsers {

struct PerftCount {
  int depth = 0;
  std::uint64_t nodes = 0;
  int line = 0;
};

struct PerftRecord {
  std::string id;       // may be empty
  std::string variant;  // may be empty (the caller's default applies)
  std::string fen;      // from a `fen` or an `epd` line
  bool is_epd = false;  // true when the position came from an `epd` line
  int line = 0;         // 1-based line of the block's first keyword
  int fen_line = 0;
  std::vector<PerftCount> counts;
  // Unknown keywords, kept verbatim (keyword, rest of line).
  std::vector<std::pair<std::string, std::string>> other;
};

// Errors name the line: "line 12: perft line needs a depth and a node count".
absl::StatusOr<std::vector<PerftRecord>> ParsePerftFile(std::string_view text);

}  // namespace fairykit::parsers
