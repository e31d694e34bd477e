// Fluidity Chess (rules/fluidity.h). This is the first implementation of the game, so the
// interpretations of ../shared/rules/fluidity.md are pinned down here, one test per rule.
#include "rules/fluidity.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/perft_file.h"

namespace fairykit::fluidity {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<parsers::PerftRecord> oracle() {
  absl::StatusOr<std::vector<parsers::PerftRecord>> records = parsers::ParsePerftFile(
      read_text(std::string(FAIRYKIT_SHARED_DIR) + "/oracles/fluidity.perft"));
  EXPECT_TRUE(records.ok()) << records.status();
  return records.ok() ? *records : std::vector<parsers::PerftRecord>{};
}

Position at(std::string_view fen) {
  Position p;
  const absl::Status s = p.set_fen(fen);
  EXPECT_TRUE(s.ok()) << fen << ": " << s;
  return p;
}

TEST(FluidityPerft, OracleCounts) {
  int counts = 0;
  for (const parsers::PerftRecord& r : oracle()) {
    Position p = at(r.fen);
    for (const parsers::PerftCount& c : r.counts) {
      EXPECT_EQ(p.perft(c.depth), c.nodes) << r.id << " depth " << c.depth;
      ++counts;
    }
  }
  EXPECT_EQ(counts, 24);
}

}  // namespace
}  // namespace fairykit::fluidity
