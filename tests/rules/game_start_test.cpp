// game_start_from_tags(): the variant and position a game starts from, from its tags, and
// every problem with the tag it is about (docs/rules/cwda.md for the Armies tags,
// docs/rules/superchess.md 2.7 for Superchess's missing default array).
#include "rules/game/game_start.h"

#include <gtest/gtest.h>

#include <string>

namespace fairykit {
namespace {

// The notes as text: "E armies: message" (E error, W warning), one per line.
std::string notes(const GameStart& s) {
  static const char* kTags[] = {"game", "variant", "fen", "setup", "armies"};
  std::string out;
  for (const StartNote& n : s.notes)
    out += std::string(n.error ? "E " : "W ") + kTags[int(n.tag)] + ": " + n.message + "\n";
  return out;
}

constexpr const char* kCnStart = "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN";

TEST(GameStart, NoTagsIsTheDefaultVariantFromItsStart) {
  const GameStart s = game_start_from_tags({}, VariantId::kChess960);
  EXPECT_EQ(s.variant, VariantId::kChess960);
  EXPECT_FALSE(s.fen.has_value());
  EXPECT_EQ(notes(s), "");
  EXPECT_TRUE(s.ok());
}

TEST(GameStart, TheVariantTagByNameOrAliasAndAnEmptyOneIsNone) {
  EXPECT_EQ(game_start_from_tags({.variant = "Fischerandom"}, VariantId::kChess).variant,
            VariantId::kChess960);
  EXPECT_EQ(game_start_from_tags({.variant = "super"}, VariantId::kChess).variant,
            VariantId::kSuperchess);
  EXPECT_EQ(game_start_from_tags({.variant = ""}, VariantId::kFluidity).variant,
            VariantId::kFluidity);
  const GameStart unknown = game_start_from_tags({.variant = "atomic"}, VariantId::kChess);
  EXPECT_FALSE(unknown.variant.has_value());
  EXPECT_EQ(notes(unknown), "E variant: unsupported variant \"atomic\"\n");
  EXPECT_FALSE(unknown.ok());
}

TEST(GameStart, SetUpAndFenTags) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
  const GameStart both = game_start_from_tags({.fen = fen, .setup = "1"}, VariantId::kChess);
  EXPECT_EQ(both.fen, fen);
  EXPECT_EQ(notes(both), "");
  const GameStart no_setup = game_start_from_tags({.fen = fen}, VariantId::kChess);
  EXPECT_EQ(no_setup.fen, fen);
  EXPECT_EQ(notes(no_setup), "W fen: FEN tag without SetUp \"1\"\n");
  EXPECT_TRUE(no_setup.ok());
  const GameStart setup_0 = game_start_from_tags({.fen = fen, .setup = "0"}, VariantId::kChess);
  EXPECT_EQ(notes(setup_0), "W fen: FEN tag without SetUp \"1\"\n");
  const GameStart no_fen = game_start_from_tags({.setup = "1"}, VariantId::kChess);
  EXPECT_EQ(notes(no_fen), "E setup: SetUp \"1\" without a FEN tag\n");
  EXPECT_FALSE(no_fen.fen.has_value());
  // Interweave and Fluidity take the FEN as it is (their readers check it).
  const GameStart iw = game_start_from_tags(
      {.variant = "interweave", .fen = "k7/8/8/8/8/8/8/K1K5 w 0 - 000000", .setup = "1"},
      VariantId::kChess);
  EXPECT_EQ(iw.variant, VariantId::kInterweave);
  EXPECT_EQ(iw.fen, "k7/8/8/8/8/8/8/K1K5 w 0 - 000000");
}

TEST(GameStart, SuperchessNeedsAFenTag) {
  const GameStart s = game_start_from_tags({.variant = "Superchess"}, VariantId::kChess);
  EXPECT_EQ(s.variant, VariantId::kSuperchess);
  EXPECT_EQ(notes(s), "E game: Superchess game without a FEN tag\n");
  const std::string fen = "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w KQkq - 0 1";
  EXPECT_EQ(game_start_from_tags({.fen = fen, .setup = "1"}, VariantId::kSuperchess).fen, fen);
}

TEST(GameStart, CwdaArmiesFromTheArmiesTagOrTheArmyNames) {
  const GameStart armies =
      game_start_from_tags({.variant = "CWDA", .armies = "CN"}, VariantId::kChess);
  EXPECT_EQ(armies.variant, VariantId::kCwda);
  EXPECT_EQ(armies.fen, kCnStart);
  EXPECT_EQ(notes(armies), "");
  const GameStart names = game_start_from_tags(
      {.white_army = "Colorbound Clobberers", .black_army = "nutty knights"}, VariantId::kCwda);
  EXPECT_EQ(names.fen, kCnStart);
  const GameStart letters =
      game_start_from_tags({.white_army = "c", .black_army = "N"}, VariantId::kCwda);
  EXPECT_EQ(letters.fen, kCnStart);
  // The Armies tag wins over the names; empty names are no names.
  EXPECT_EQ(
      game_start_from_tags({.armies = "CN", .white_army = "x", .black_army = "y"}, VariantId::kCwda)
          .fen,
      kCnStart);
  EXPECT_EQ(notes(game_start_from_tags({.white_army = "", .black_army = ""}, VariantId::kCwda)),
            "E game: CWDA game without an Armies tag or a FEN tag\n");
}

TEST(GameStart, CwdaErrorsNameTheTag) {
  EXPECT_EQ(notes(game_start_from_tags({.white_army = "Rookies"}, VariantId::kCwda)),
            "E armies: unknown army in WhiteArmy \"Rookies\" / BlackArmy \"\"\n");
  EXPECT_EQ(notes(game_start_from_tags({.armies = "CX"}, VariantId::kCwda)),
            "E armies: invalid Armies tag \"CX\": want two army letters of FCNR, White's then "
            "Black's (e.g. \"CN\")\n");
  const GameStart bad_fen =
      game_start_from_tags({.fen = "nonsense", .setup = "1", .armies = "CN"}, VariantId::kCwda);
  EXPECT_FALSE(bad_fen.ok());
  ASSERT_EQ(bad_fen.notes.size(), 1u);
  EXPECT_EQ(bad_fen.notes[0].tag, StartTag::kFen);
  EXPECT_EQ(bad_fen.notes[0].message.rfind("invalid FEN tag \"nonsense\": ", 0), 0u)
      << bad_fen.notes[0].message;
  // A native FEN passes through; its armies must agree with the Armies tag.
  EXPECT_EQ(game_start_from_tags({.fen = kCnStart, .setup = "1"}, VariantId::kCwda).fen, kCnStart);
}

TEST(GameStart, FenEchoIsEscapedAndCut) {
  EXPECT_EQ(fen_tag_echo("a\tb"), "a\\x09b");
  const std::string echo = fen_tag_echo(std::string(500, 'p'));
  EXPECT_EQ(echo, std::string(kFenTagEchoChars, 'p') + "...");
}

}  // namespace
}  // namespace fairykit
