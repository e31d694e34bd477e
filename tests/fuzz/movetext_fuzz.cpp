// Move readers of every variant (SAN, long algebraic, UCI and each variant's own forms).
// Input: one byte choosing the variant, then move tokens separated by white space, read
// from the variant's start position. Each token that reads as a move must be legal; its
// SAN and UCI must read back as it and do + undo must restore the key; it is played and
// the position must be consistent. The last position must satisfy check_position() (with
// up to 32 of its moves).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fairykit;
  if (size < 1 || size > 4096) return 0;
  const VariantInfo& variant = fuzz::pick_variant(data[0]);
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  visit_engine(variant.id, [&]<GameEngine G>() {
    G g;
    FUZZ_CHECK(g.set_fen(G::kStartFen).ok(), "start position of %s",
               std::string(variant.name).c_str());
    int played = 0;
    while (!text.empty() && played < 200) {
      const std::size_t start = text.find_first_not_of(" \t\r\n");
      if (start == std::string_view::npos) break;
      text.remove_prefix(start);
      const std::size_t end = std::min(text.find_first_of(" \t\r\n"), text.size());
      const std::string_view token = text.substr(0, end);
      text.remove_prefix(end);
      absl::StatusOr<typename G::Move> m = g.parse_move(token);
      if (!m.ok()) {
        FUZZ_CHECK(!m.status().message().empty(), "an error without a message for %.*s",
                   int(token.size()), token.data());
        continue;
      }
      typename G::MoveList list;
      g.generate_legal(list);
      bool legal = false;
      for (const auto& x : list) legal = legal || x == *m;
      FUZZ_CHECK(legal, "%s: %.*s read as a move that is not legal", g.fen().c_str(),
                 int(token.size()), token.data());
      FUZZ_CHECK(g.count_legal() == list.size(), "%s: count_legal differs", g.fen().c_str());
      fuzz::check_move(g, *m);
      g.do_move(*m);
      std::string why;
      FUZZ_CHECK(g.is_consistent(&why), "%s", why.c_str());
      ++played;
    }
    fuzz::check_position(g, 32);  // the last position, with up to 32 of its moves
  });
  return 0;
}
