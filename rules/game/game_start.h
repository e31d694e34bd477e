// Where a game starts, worked out from its PGN tags, in one place for every tool (in the
// manner of python-chess's Headers.board()):
//  * the variant: the Variant tag (any name or alias the registry knows), else the default;
//  * the position: the FEN tag (SetUp "1" expected with it) in any dialect the variant
//    reads; for CwDA the Armies tag (or WhiteArmy / BlackArmy, by name or letter) gives the
//    pairing's start or the armies of a FEN in a dialect that names none, and the FEN is
//    converted to the native one (docs/rules/cwda.md); Superchess has 432 start arrays and
//    no default one, so it needs a FEN tag (docs/rules/superchess.md 2.7);
//  * the problems, in the order they are found, each naming the tag it is about so that
//    the caller can point at it. An error means the game cannot be set up.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game/registry.h"

namespace fairykit {

// The tags that decide the start; each is the tag's value, or nullopt when the game has none.
struct StartTags {
  std::optional<std::string> variant = {};
  std::optional<std::string> fen = {};
  std::optional<std::string> setup = {};  // "1": the game starts from its FEN tag
  std::optional<std::string> armies = {};
  std::optional<std::string> white_army = {};
  std::optional<std::string> black_army = {};
};

// What a note is about: the game as a whole, or one of its tags (kArmies: the Armies tag,
// or the WhiteArmy / BlackArmy tags when there is no Armies tag).
enum class StartTag { kGame, kVariant, kFen, kSetUp, kArmies };

struct StartNote {
  bool error = false;  // else a warning
  StartTag tag = StartTag::kGame;
  std::string message;  // e.g. "SetUp \"1\" without a FEN tag"
};

struct GameStart {
  // nullopt when the Variant tag names no variant fairykit plays (an error note says so).
  std::optional<VariantId> variant;
  // The FEN to set up from (the variant's FEN reader takes it); nullopt: the variant's start
  // position.
  std::optional<std::string> fen;
  std::vector<StartNote> notes;
  bool ok() const {
    for (const StartNote& n : notes)
      if (n.error) return false;
    return true;
  }
};

GameStart game_start_from_tags(const StartTags& tags, VariantId default_variant);

// A FEN tag's value as messages quote it: escaped, and cut to kFenTagEchoChars, which
// holds every real FEN (the longest, Superchess with holdings, is under 100 characters)
// but not a 5 MB tag value.
inline constexpr std::size_t kFenTagEchoChars = 120;
std::string fen_tag_echo(std::string_view fen);

}  // namespace fairykit
