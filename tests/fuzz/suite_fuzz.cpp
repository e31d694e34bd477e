// The perft suite readers (EPD with ;Dn operations, and .perft files) over any text. Each
// entry read is set up in its variant; when the position is accepted, its depth-1 count
// must equal the number of legal moves, and check_position() must hold.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/perft/suite.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fairykit;
  if (size < 1 || size > 8192) return 0;
  const bool epd = data[0] & 1;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  absl::StatusOr<std::vector<analysis::SuiteEntry>> entries =
      analysis::parse_suite(text, "fuzz", epd);
  if (!entries.ok()) {
    FUZZ_CHECK(!entries.status().message().empty(), "an error without a message");
    return 0;
  }
  std::size_t checked = 0;
  for (const analysis::SuiteEntry& e : *entries) {
    if (++checked > 8) break;
    for (const auto& c : e.counts)
      FUZZ_CHECK(c.depth >= 1 && c.depth <= 64, "depth %d accepted", c.depth);
    const VariantInfo* v = e.variant.empty() ? find_variant("chess") : find_variant(e.variant);
    if (v == nullptr) continue;
    visit_engine(v->id, [&]<GameEngine G>() {
      G g;
      if (!g.set_fen(e.fen).ok()) return;
      FUZZ_CHECK(g.perft(1) == g.count_legal(), "%s: perft 1 is not the number of moves",
                 e.fen.c_str());
      fuzz::check_position(g, 4);
    });
  }
  return 0;
}
