#include "rules/interweave.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "parsers/perft_file.h"

namespace fairykit::interweave {
namespace {

std::vector<parsers::PerftRecord> Oracles() {
  std::ifstream in(std::string(FAIRYKIT_SHARED_DIR) + "/oracles/interweave.perft");
  std::stringstream ss;
  ss << in.rdbuf();
  absl::StatusOr<std::vector<parsers::PerftRecord>> r = parsers::ParsePerftFile(ss.str());
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : std::vector<parsers::PerftRecord>{};
}

TEST(InterweavePerft, OracleCounts) {
  int counts = 0;
  for (const parsers::PerftRecord& rec : Oracles()) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(rec.fen).ok()) << rec.fen;
    EXPECT_EQ(pos.fen(), rec.fen);
    for (const parsers::PerftCount& c : rec.counts) {
      EXPECT_EQ(pos.perft(c.depth), c.nodes) << rec.id << " depth " << c.depth;
      ++counts;
    }
  }
  EXPECT_EQ(counts, 29);
}

}  // namespace
}  // namespace fairykit::interweave
