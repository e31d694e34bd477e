#include "rules/game/game_start.h"

#include <cctype>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/notation/cwda_fen.h"

namespace fairykit {

namespace {

// The army letter of a WhiteArmy / BlackArmy tag value (a letter of FCNR or a name that
// contains the army's), 0 when unknown.
char army_letter(std::string_view name) {
  std::string n;
  for (char c : name) n += char(std::tolower(static_cast<unsigned char>(c)));
  if (n.size() == 1) n = std::string(1, char(std::toupper(static_cast<unsigned char>(n[0]))));
  if (n == "F" || n.find("fide") != std::string::npos) return 'F';
  if (n == "C" || n.find("clobberer") != std::string::npos) return 'C';
  if (n == "N" || n.find("nutty") != std::string::npos) return 'N';
  if (n == "R" || n.find("rookie") != std::string::npos) return 'R';
  return 0;
}

// A variant that takes armies (CwDA): sets start.fen to the native FEN the game starts
// from; false after an error note.
bool armies_start(const VariantInfo& variant, const StartTags& tags, GameStart& start) {
  std::string armies = tags.armies.value_or("");
  const std::string white = tags.white_army.value_or(""), black = tags.black_army.value_or("");
  if (!tags.armies && (!white.empty() || !black.empty())) {
    const char w = army_letter(white), b = army_letter(black);
    if (!w || !b) {
      start.notes.push_back(
          {true, StartTag::kArmies,
           absl::StrCat("unknown army in WhiteArmy \"", parsers::message_text(white),
                        "\" / BlackArmy \"", parsers::message_text(black), "\"")});
      return false;
    }
    armies = {w, b};
  }
  if (!armies.empty() && !is_cwda_armies(armies)) {
    start.notes.push_back(
        {true, StartTag::kArmies,
         absl::StrCat("invalid Armies tag \"", parsers::message_text(armies),
                      "\": want two army letters of FCNR, White's then Black's (e.g. \"CN\")")});
    return false;
  }
  if (tags.fen) {
    absl::StatusOr<std::string> native = cwda_to_native_fen(*tags.fen, armies);
    if (!native.ok()) {
      start.notes.push_back({true, StartTag::kFen,
                             absl::StrCat("invalid FEN tag \"", fen_tag_echo(*tags.fen),
                                          "\": ", std::string(native.status().message()))});
      return false;
    }
    start.fen = *std::move(native);
  } else if (!armies.empty()) {
    start.fen = cwda_start_fen(armies);
  } else {
    start.notes.push_back(
        {true, StartTag::kGame,
         absl::StrCat(std::string(variant.title), " game without an Armies tag or a FEN tag")});
    return false;
  }
  return true;
}

}  // namespace

std::string fen_tag_echo(std::string_view fen) {
  return parsers::message_text(fen, kFenTagEchoChars);
}

GameStart game_start_from_tags(const StartTags& tags, VariantId default_variant) {
  GameStart start;
  const VariantInfo* variant = &variant_info(default_variant);
  if (tags.variant && !tags.variant->empty()) {
    variant = find_variant(*tags.variant);
    if (!variant) {
      start.notes.push_back(
          {true, StartTag::kVariant,
           absl::StrCat("unsupported variant \"", parsers::message_text(*tags.variant), "\"")});
      return start;
    }
  }
  start.variant = variant->id;
  const bool setup = tags.setup && *tags.setup == "1";
  if (setup && !tags.fen) {
    start.notes.push_back({true, StartTag::kSetUp, "SetUp \"1\" without a FEN tag"});
    return start;
  }
  if (tags.fen && !setup)
    start.notes.push_back({false, StartTag::kFen, "FEN tag without SetUp \"1\""});
  if (variant->takes_armies) {
    armies_start(*variant, tags, start);
    return start;
  }
  if (variant->start_needs_fen && !tags.fen) {
    start.notes.push_back({true, StartTag::kGame,
                           absl::StrCat(std::string(variant->title), " game without a FEN tag")});
    return start;
  }
  start.fen = tags.fen;
  return start;
}

}  // namespace fairykit
