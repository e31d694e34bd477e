// Shared by the fuzz targets: an invariant check that reports what broke and aborts (so
// that libFuzzer saves the input), and the engine-level invariants every target checks.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

#include "rules/game/game.h"
#include "rules/game/registry.h"

#define FUZZ_CHECK(cond, ...)                                                               \
  do {                                                                                      \
    if (!(cond)) {                                                                          \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n  ", #cond, __FILE__, __LINE__); \
      std::fprintf(stderr, __VA_ARGS__);                                                    \
      std::fprintf(stderr, "\n");                                                           \
      std::abort();                                                                         \
    }                                                                                       \
  } while (0)

namespace fairykit::fuzz {

// The variant chosen by one byte of the input.
inline const VariantInfo& pick_variant(std::uint8_t byte) {
  const std::span<const VariantInfo> all = all_variants();
  return all[byte % all.size()];
}

// The invariants of one legal move `m`: its SAN and UCI read back as `m`; do + undo
// restores the key; the position after it is consistent.
template <GameEngine G>
void check_move(G& g, const typename G::Move& m) {
  const Key key = g.key();
  for (const std::string& text : {g.to_uci(m), g.to_san(m)}) {
    absl::StatusOr<typename G::Move> back = g.parse_move(text);
    FUZZ_CHECK(back.ok(), "%s: move %s does not read back: %s", g.fen().c_str(), text.c_str(),
               std::string(back.status().message()).c_str());
    FUZZ_CHECK(*back == m, "%s: move %s reads back as another move", g.fen().c_str(), text.c_str());
  }
  g.do_move(m);
  std::string why;
  FUZZ_CHECK(g.is_consistent(&why), "after %s: %s", g.to_uci(m).c_str(), why.c_str());
  g.undo_move();
  FUZZ_CHECK(g.key() == key, "%s: do+undo of %s changes the key", g.fen().c_str(),
             g.to_uci(m).c_str());
}

// The invariants of one position, checked with every legal move:
//   * is_consistent();
//   * the FEN written reads back as the same position (same FEN, same key);
//   * count_legal() is the number of moves generate_legal() lists;
//   * every legal move's SAN and UCI read back as that move;
//   * do_move + undo_move restores FEN and key, and the position after the move is
//     consistent.
// `max_moves` bounds the work per position (0: every move).
template <GameEngine G>
void check_position(G& g, std::size_t max_moves = 0) {
  std::string why;
  const std::string fen = g.fen();
  FUZZ_CHECK(g.is_consistent(&why), "%s: %s", fen.c_str(), why.c_str());
  const Key key = g.key();
  {
    G again;
    const absl::Status s = again.set_fen(fen);
    FUZZ_CHECK(s.ok(), "the FEN written does not read back: %s: %s", fen.c_str(),
               std::string(s.message()).c_str());
    FUZZ_CHECK(again.fen() == fen, "%s reads back as %s", fen.c_str(), again.fen().c_str());
    FUZZ_CHECK(again.key() == key, "%s reads back with another key", fen.c_str());
  }
  typename G::MoveList list;
  g.generate_legal(list);
  FUZZ_CHECK(g.count_legal() == list.size(), "%s: count_legal %llu, generated %zu", fen.c_str(),
             (unsigned long long)g.count_legal(), std::size_t(list.size()));
  std::size_t n = 0;
  for (const auto& m : list) {
    if (max_moves != 0 && ++n > max_moves) break;
    const std::string uci = g.to_uci(m);
    const std::string san = g.to_san(m);
    for (const std::string& text : {uci, san}) {
      absl::StatusOr<typename G::Move> back = g.parse_move(text);
      FUZZ_CHECK(back.ok(), "%s: move %s does not read back: %s", fen.c_str(), text.c_str(),
                 std::string(back.status().message()).c_str());
      FUZZ_CHECK(*back == m, "%s: move %s reads back as another move", fen.c_str(), text.c_str());
    }
    g.do_move(m);
    FUZZ_CHECK(g.is_consistent(&why), "%s after %s: %s", fen.c_str(), uci.c_str(), why.c_str());
    g.undo_move();
    FUZZ_CHECK(g.fen() == fen, "%s: do+undo of %s gives %s", fen.c_str(), uci.c_str(),
               g.fen().c_str());
    FUZZ_CHECK(g.key() == key, "%s: do+undo of %s changes the key", fen.c_str(), uci.c_str());
  }
}

}  // namespace fairykit::fuzz
