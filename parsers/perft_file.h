// The `.perft` data-file format (see tests/data/README.md): blocks separated by
// blank lines, `#` starts a comment, each block has `id`, `variant`, `fen` (or `epd`) and
// `perft D N` lines. Plain syntax: no position is checked here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
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

// The perft depths a suite may ask for, in every format (and fairy-perft's --depth).
inline constexpr int kMinPerftDepth = 1;
inline constexpr int kMaxPerftDepth = 64;

// A depth (kMinPerftDepth..kMaxPerftDepth) or a node count (64 bits) written in decimal
// digits. Errors, without a location: "perft depth 'x' is not a number", "perft depth '65'
// is out of range (1 to 64)", "perft node count '18446744073709551616' is out of range".
absl::StatusOr<int> read_perft_depth(std::string_view text);
absl::StatusOr<std::uint64_t> read_perft_nodes(std::string_view text);

// Reads the format one line at a time, so that a file of any length streams through: memory
// holds one record. Lines come without their line ends.
class PerftFileReader {
 public:
  // `file` names the input in messages: "x.perft:12: ..."; when empty, "line 12: ...".
  // keep_other = false drops unknown keywords (PerftRecord::other) instead of keeping them.
  explicit PerftFileReader(std::string file = {}, bool keep_other = true);

  // Line `line_no` of the input. Returns the record that this line ended (a blank line ends
  // one), if any.
  absl::StatusOr<std::optional<PerftRecord>> Add(std::string_view line, int line_no);
  // The end of the input: the record still open, if any.
  absl::StatusOr<std::optional<PerftRecord>> Finish();

 private:
  struct Pending {
    PerftRecord record;
    int id_line = 0;
    int variant_line = 0;
    std::map<int, int> depth_lines;  // depth -> line
  };
  absl::Status Error(int line_no, std::string_view what) const;
  absl::Status read_line(int line_no, std::string_view keyword, std::string_view value);
  absl::StatusOr<std::optional<PerftRecord>> Close();

  std::string file_;
  bool keep_other_;
  bool in_record_ = false;
  Pending pending_;
};

// A whole file in memory. A line ends at LF, CR LF or a lone CR. Errors name the line:
// "line 12: perft line needs a depth and a node count".
absl::StatusOr<std::vector<PerftRecord>> parse_perft_file(std::string_view text);

}  // namespace fairykit::parsers
