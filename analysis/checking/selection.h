// Which games a run keeps (fairy-convert's --where, --min-plies, --max-plies, --ends-in,
// --reaches) and the digest that tells two games with the same start and moves (--dedupe).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

// Selection (--where, --min-plies, --max-plies, --ends-in, --reaches).
struct TagFilter {
  enum Op { kEq, kNe, kContains, kLt, kLe, kGt, kGe };
  std::string tag;
  Op op = kEq;
  std::string value;
};
// "White=Carlsen", "White~Carl" (substring), "WhiteElo>=2700", "Date<2000.01.01",
// "Result!=1/2-1/2". Errors name the text; Variant=NAME and Variant!=NAME want a name of a
// variant (any of its names), and match the game's variant by it.
absl::StatusOr<TagFilter> parse_tag_filter(std::string_view text);

struct Selection {
  std::vector<TagFilter> where;  // all must hold
  int min_plies = 0, max_plies = -1;
  std::vector<std::string> ends_in;  // "checkmate", "stalemate", ... (describe(GameEnd))
  std::vector<Key> reaches;          // position keys (any of them)
  bool any() const {
    return !where.empty() || min_plies > 0 || max_plies >= 0 || !ends_in.empty() ||
           !reaches.empty();
  }
};
// The names --ends-in takes: "checkmate", "stalemate", "insufficient-material", ...,
// "none" (the game did not end on the board).
std::string ends_in_names();
absl::StatusOr<std::string> parse_ends_in(std::string_view name);
bool selected(const GameRecord& record, const Selection& selection);
// Bit i is set when the game has the tag that where[i] tests (Variant: every game has it;
// conditions after the 64th: always set). Over a whole run, a condition whose tag no game has
// is most likely misspelt: tag names are compared as PGN spells them (WhiteElo, not Whiteelo).
std::uint64_t where_tags_present(const GameRecord& record, const Selection& selection);
// A tag of the PGN standard or of common use that `tag` looks like a misspelling of
// ("WhiteElo" for "Whiteelo" or "WhiteEol"), or "" when none is near.
std::string_view likely_tag(std::string_view tag);

// The key of a position (--reaches FEN) in every variant whose FEN reader reads it: a game is
// matched by the key in its own variant. When none reads it, the error of `default_variant`'s
// reader.
absl::StatusOr<std::vector<std::pair<VariantId, Key>>> position_keys(std::string_view fen,
                                                                     VariantId default_variant);

// A 128-bit digest of the start position and the main-line moves, for --dedupe.
struct GameDigest {
  std::uint64_t a = 0, b = 0;
  bool operator==(const GameDigest&) const = default;
  template <class H>
  friend H AbslHashValue(H h, const GameDigest& d) {
    return H::combine(std::move(h), d.a, d.b);
  }
};
GameDigest game_digest(const GameRecord& record);

}  // namespace fairykit::analysis
