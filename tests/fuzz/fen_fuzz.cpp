// FEN reader of every variant and dialect. Input: one byte choosing the variant, then the
// FEN text (CwDA in any of its dialects, Chess960 in X-FEN or Shredder-FEN, Interweave in
// vchess form or board only). Every FEN that is accepted must satisfy check_position().
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fairykit;
  if (size < 1 || size > 4096) return 0;
  const VariantInfo& variant = fuzz::pick_variant(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  visit_engine(variant.id, [&]<GameEngine G>() {
    G g;
    if (!g.set_fen(text).ok()) return;
    fuzz::check_position(g);
  });
  return 0;
}
