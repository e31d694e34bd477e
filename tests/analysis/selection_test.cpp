// Selection (analysis/checking/selection.h): each form of --where read and tested on records
// made by hand, each error message word for word, alternatives with regular expressions,
// the tests on the moves, invalid games, and the tags that no game had; the tests of what
// happens in the game (repetition, move-count rule, underpromotion, the rated winner, the
// opening moves, --invert) on the hand-made games of tests/data/selection, one file per
// variant, whose answers are worked out by hand in their Event tags.
#include "analysis/checking/selection.h"

#include <gtest/gtest.h>
#include <regex.h>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "analysis/checking/validate.h"
#include "rules/core/game_state.h"

namespace fairykit::analysis {
namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

// A valid chess game's record with these tags (read whole).
GameRecord game(Tags tags) {
  GameRecord r;
  r.tags = std::move(tags);
  r.tags_read = true;
  r.set_up = true;
  r.plies = 40;
  return r;
}

Selection where(std::initializer_list<const char*> texts, bool ignore_case = false) {
  Selection s;
  for (const char* t : texts) {
    absl::StatusOr<WhereClause> c = parse_where(t, ignore_case);
    EXPECT_TRUE(c.ok()) << t << ": " << c.status().message();
    if (c.ok()) s.where.push_back(*c);
  }
  return s;
}

bool passes(const char* text, const GameRecord& r, bool ignore_case = false) {
  return selected(r, true, where({text}, ignore_case));
}

// The message of the error of --where `text`.
std::string error_of(const char* text, bool ignore_case = false) {
  absl::StatusOr<WhereClause> c = parse_where(text, ignore_case);
  EXPECT_FALSE(c.ok()) << text;
  return c.ok() ? "" : std::string(c.status().message());
}

const GameRecord kCarlsen = game({{"Event", "Chess Olympiad"},
                                  {"Date", "2014.08.10"},
                                  {"White", "Carlsen, Magnus"},
                                  {"Black", "Anand, Viswanathan"},
                                  {"WhiteElo", "2877"},
                                  {"BlackElo", "2785"},
                                  {"WhiteRatingDiff", "-5"},
                                  {"Result", "1-0"}});

TEST(Where, TheFormsBeforeKeepTheirMeaning) {
  EXPECT_TRUE(passes("White=Carlsen, Magnus", kCarlsen));
  EXPECT_FALSE(passes("White=Carlsen", kCarlsen));
  EXPECT_TRUE(passes("White!=Carlsen", kCarlsen));
  EXPECT_TRUE(passes("Event~Olymp", kCarlsen));
  EXPECT_FALSE(passes("Event~olymp", kCarlsen));
  // Numbers as numbers (as text "980" > "2877"), signed ones too; dates as text.
  EXPECT_TRUE(passes("WhiteElo>=2877", kCarlsen));
  EXPECT_FALSE(passes("WhiteElo>2877", kCarlsen));
  EXPECT_TRUE(passes("BlackElo>980", kCarlsen));
  EXPECT_TRUE(passes("WhiteRatingDiff<-4", kCarlsen));
  EXPECT_TRUE(passes("Date<2014.08.11", kCarlsen));
  EXPECT_FALSE(passes("Date<=2014.08.09", kCarlsen));
  // A missing tag: nothing matches it but !=.
  EXPECT_FALSE(passes("Round=1", kCarlsen));
  EXPECT_FALSE(passes("Round<9", kCarlsen));
  EXPECT_FALSE(passes("Round~", kCarlsen));
  EXPECT_TRUE(passes("Round!=1", kCarlsen));
  // Variant by any of its names.
  EXPECT_TRUE(passes("Variant=Standard", kCarlsen));
  EXPECT_FALSE(passes("Variant!=chess", kCarlsen));
  EXPECT_TRUE(passes("Variant!=fluidity", kCarlsen));
  // Repeated --where: all must hold.
  EXPECT_TRUE(selected(kCarlsen, true, where({"WhiteElo>2800", "Result=1-0"})));
  EXPECT_FALSE(selected(kCarlsen, true, where({"WhiteElo>2800", "Result=0-1"})));
}

TEST(Where, PlayerIsWhiteOrBlack) {
  EXPECT_TRUE(passes("Player=Anand, Viswanathan", kCarlsen));
  EXPECT_TRUE(passes("Player=Carlsen, Magnus", kCarlsen));
  EXPECT_TRUE(passes("Player~Carl", kCarlsen));
  EXPECT_FALSE(passes("Player~carl", kCarlsen));
  EXPECT_TRUE(passes("Player~carl", kCarlsen, /*ignore_case=*/true));
  EXPECT_TRUE(passes("Player~/^Anand/", kCarlsen));
  // != : neither side.
  EXPECT_FALSE(passes("Player!=Anand, Viswanathan", kCarlsen));
  EXPECT_FALSE(passes("Player!=Carlsen, Magnus", kCarlsen));
  EXPECT_TRUE(passes("Player!=Kasparov, Garry", kCarlsen));
  // Ordered and ranges: either side.
  EXPECT_TRUE(passes("Player<B", kCarlsen));
  EXPECT_TRUE(passes("Player=C..D", kCarlsen));
  EXPECT_FALSE(passes("Player=D..Z", kCarlsen));
  // A game without players.
  const GameRecord nobody = game({{"Event", "x"}});
  EXPECT_FALSE(passes("Player=X", nobody));
  EXPECT_FALSE(passes("Player~", nobody));
  EXPECT_TRUE(passes("Player!=X", nobody));
  const GameRecord one_side = game({{"Black", "X"}});
  EXPECT_TRUE(passes("Player=X", one_side));
  EXPECT_FALSE(passes("Player!=X", one_side));
}

TEST(Where, AlternativesAreEitherTest) {
  const char* either = "White=Anand, Viswanathan|Black=Anand, Viswanathan";
  EXPECT_TRUE(passes(either, kCarlsen));
  EXPECT_FALSE(passes("White=X|Black=Y|Result=0-1", kCarlsen));
  EXPECT_TRUE(passes("White=X|Black=Y|Result=1-0", kCarlsen));
  ASSERT_TRUE(parse_where(either).ok());
  EXPECT_EQ(parse_where(either)->any_of.size(), 2u);
  // \| is a plain '|' in a value; so are \/, \. and \\ their characters.
  const GameRecord bar = game({{"Event", "A|B"}, {"Site", "x/y\\z"}});
  EXPECT_TRUE(passes("Event=A\\|B", bar));
  EXPECT_EQ(parse_where("Event=A\\|B")->any_of.size(), 1u);
  EXPECT_FALSE(passes("Event=A|Event=B", bar));
  EXPECT_TRUE(passes("Site=x\\/y\\\\z", bar));
  // A backslash before anything else is itself.
  EXPECT_TRUE(passes("Site~\\z", bar));
  // One --where of alternatives and another: (A or B) and C.
  EXPECT_TRUE(selected(kCarlsen, true, where({"Result=0-1|Result=1-0", "WhiteElo>2800"})));
  EXPECT_FALSE(selected(kCarlsen, true, where({"Result=0-1|Result=1/2-1/2", "WhiteElo>2800"})));
}

TEST(Where, RegularExpressions) {
  EXPECT_TRUE(passes("Event~/^Chess (Olympiad|Cup)$/", kCarlsen));
  EXPECT_FALSE(passes("Event~/^Olympiad/", kCarlsen));
  EXPECT_TRUE(passes("Event~/Olymp/", kCarlsen));  // anywhere in the value
  EXPECT_FALSE(passes("Event~/olympiad/", kCarlsen));
  EXPECT_TRUE(passes("Event~/olympiad/i", kCarlsen));
  EXPECT_TRUE(passes("Event~/olympiad/", kCarlsen, /*ignore_case=*/true));
  EXPECT_TRUE(passes("Date~/^20[0-9]{2}\\./", kCarlsen));
  EXPECT_FALSE(passes("Round~/.*/", kCarlsen));  // a missing tag
  // A '|' inside the expression does not split the --where; after it, it does.
  absl::StatusOr<WhereClause> c = parse_where("Event~/^(World|Chess) /|White=X");
  ASSERT_TRUE(c.ok()) << c.status().message();
  ASSERT_EQ(c->any_of.size(), 2u);
  EXPECT_EQ(c->any_of[0].value, "^(World|Chess) ");
  EXPECT_EQ(c->any_of[1].tag, "White");
  EXPECT_TRUE(passes("Event~/^(World|Chess) /|White=X", kCarlsen));
  EXPECT_TRUE(passes("White=X|Event~/^(World|Chess) /i", kCarlsen));
  EXPECT_FALSE(passes("White=X|Event~/^(World|Cup) /", kCarlsen));
  // \/ is a '/' of the expression.
  const GameRecord slash = game({{"Site", "a/b"}});
  EXPECT_TRUE(passes("Site~/^a\\/b$/", slash));
  // = and != take a value starting with '/' as text.
  EXPECT_TRUE(passes("Site=a/b", slash));
  EXPECT_FALSE(passes("Site=/a/", slash));
  // The compiled expression is shared by copies, and outlives the first.
  Selection copy;
  {
    const Selection first = where({"Event~/Olympiad$/"});
    copy = first;
  }
  EXPECT_TRUE(selected(kCarlsen, true, copy));
}

TEST(Where, IgnoreCaseFoldsAsciiLettersOnly) {
  EXPECT_TRUE(passes("White=CARLSEN, MAGNUS", kCarlsen, true));
  EXPECT_FALSE(passes("White!=carlsen, magnus", kCarlsen, true));
  EXPECT_TRUE(passes("Event~OLYMP", kCarlsen, true));
  EXPECT_FALSE(passes("White=CARLSEN, MAGNUS", kCarlsen));
  // Other bytes are compared as they are: UTF-8 É and é differ.
  const GameRecord accent = game({{"White", "\xc3\x89tienne"}});
  EXPECT_TRUE(passes("White=\xc3\x89TIENNE", accent, true));
  EXPECT_FALSE(passes("White=\xc3\xa9tienne", accent, true));
  // Ordering is not folded: "a" sorts after "Z" as before.
  const GameRecord lower = game({{"Event", "a"}});
  EXPECT_TRUE(passes("Event>Z", lower, true));
}

TEST(Where, Ranges) {
  EXPECT_TRUE(passes("WhiteElo=2800..2900", kCarlsen));
  EXPECT_TRUE(passes("WhiteElo=2877..2877", kCarlsen));  // both ends included
  EXPECT_FALSE(passes("WhiteElo=2000..2876", kCarlsen));
  EXPECT_TRUE(passes("WhiteElo=2877..", kCarlsen));
  EXPECT_FALSE(passes("WhiteElo=2878..", kCarlsen));
  EXPECT_TRUE(passes("WhiteElo=..2877", kCarlsen));
  EXPECT_TRUE(passes("BlackElo=980..2800", kCarlsen));  // as numbers
  EXPECT_TRUE(passes("WhiteRatingDiff=-10..-5", kCarlsen));
  // Dates as text.
  EXPECT_TRUE(passes("Date=2014.01.01..2014.12.31", kCarlsen));
  EXPECT_TRUE(passes("Date=..2014.08.10", kCarlsen));
  EXPECT_FALSE(passes("Date=2014.08.11..", kCarlsen));
  // != is outside the range; a missing tag is in no range.
  EXPECT_FALSE(passes("WhiteElo!=2800..2900", kCarlsen));
  EXPECT_TRUE(passes("WhiteElo!=2000..2400", kCarlsen));
  EXPECT_FALSE(passes("Round=1..9", kCarlsen));
  EXPECT_TRUE(passes("Round!=1..9", kCarlsen));
  // ".\." is two plain dots.
  const GameRecord dots = game({{"Round", "1..3"}});
  EXPECT_TRUE(passes("Round=1.\\.3", dots));
  EXPECT_FALSE(parse_where("Round=1.\\.3")->any_of[0].range);
  const TagFilter f = parse_where("WhiteElo=2000..")->any_of[0];
  EXPECT_TRUE(f.range);
  EXPECT_EQ(f.low, "2000");
  EXPECT_EQ(f.high, std::nullopt);
}

TEST(Where, SpeedIsTheClassOfTheTimeControl) {
  const auto with_clock = [](const char* tc) { return game({{"TimeControl", tc}}); };
  const GameRecord blitz = with_clock("180+2");  // 180 + 40 x 2 = 260 s
  EXPECT_TRUE(passes("Speed=blitz", blitz));
  EXPECT_TRUE(passes("Speed=Blitz", blitz));
  EXPECT_FALSE(passes("Speed=bullet", blitz));
  EXPECT_TRUE(passes("Speed!=bullet", blitz));
  EXPECT_TRUE(passes("Speed>=blitz", blitz));
  EXPECT_FALSE(passes("Speed>blitz", blitz));
  EXPECT_TRUE(passes("Speed<rapid", blitz));
  EXPECT_TRUE(passes("Speed=bullet..blitz", blitz));
  EXPECT_TRUE(passes("Speed=blitz..", blitz));
  EXPECT_FALSE(passes("Speed=rapid..", blitz));
  EXPECT_FALSE(passes("Speed!=bullet..rapid", blitz));
  EXPECT_TRUE(passes("Speed=bullet", with_clock("60")));
  EXPECT_TRUE(passes("Speed=correspondence", with_clock("-")));
  EXPECT_TRUE(passes("Speed=classical", with_clock("40/7200:3600")));
  // No speed: without the tag, with "?" or a value that cannot be read. = never matches
  // such a game, != always does.
  for (const GameRecord& none : {game({}), with_clock("?"), with_clock("3+")}) {
    EXPECT_FALSE(passes("Speed=blitz", none));
    EXPECT_FALSE(passes("Speed<=correspondence", none));
    EXPECT_FALSE(passes("Speed=ultrabullet..", none));
    EXPECT_TRUE(passes("Speed!=blitz", none));
  }
}

TEST(Where, ErrorsNameTheText) {
  const std::string expected =
      "expected TAG=VALUE, TAG!=VALUE, TAG~TEXT (contains), TAG~/RE/ (regular expression), "
      "TAG<VALUE, TAG<=VALUE, TAG>VALUE, TAG>=VALUE or TAG=LOW..HIGH (alternatives separated by "
      "|)";
  EXPECT_EQ(error_of("White"), "--where 'White': " + expected);
  EXPECT_EQ(error_of("=x"), "--where '=x': " + expected);
  EXPECT_EQ(error_of(""), "--where '': " + expected);
  EXPECT_EQ(error_of("White=A|Black"), "--where 'White=A|Black': 'Black': " + expected);
  EXPECT_EQ(error_of("White=A|"),
            "--where 'White=A|': '': an empty test before or after a | (a | in a value is "
            "written \\|)");
  EXPECT_EQ(error_of("|White=A"),
            "--where '|White=A': '': an empty test before or after a | (a | in a value is "
            "written \\|)");
  EXPECT_EQ(error_of("WhiteElo=>2700"),
            "--where 'WhiteElo=>2700': the value of WhiteElo begins with an operator (did you "
            "mean 'WhiteElo>=2700'?)");
  EXPECT_EQ(error_of("Black=x|WhiteElo=<2700"),
            "--where 'Black=x|WhiteElo=<2700': 'WhiteElo=<2700': the value of WhiteElo begins "
            "with an operator (did you mean 'WhiteElo<=2700'?)");
  EXPECT_EQ(error_of("WhiteElo>>2700"),
            "--where 'WhiteElo>>2700': the value of WhiteElo begins with an operator");
  EXPECT_EQ(error_of("WhiteElo>abc"),
            "--where 'WhiteElo>abc': WhiteElo holds whole numbers, and 'abc' is none");
  EXPECT_EQ(error_of("BlackElo<="),
            "--where 'BlackElo<=': BlackElo holds whole numbers, and '' "
            "is none");
  EXPECT_EQ(error_of("WhiteElo=2000..2k"),
            "--where 'WhiteElo=2000..2k': WhiteElo holds whole numbers, and '2k' is none");
  EXPECT_EQ(error_of("WhiteElo=.."),
            "--where 'WhiteElo=..': a range needs an end: LOW..HIGH, LOW.. or ..HIGH");
  EXPECT_EQ(error_of("WhiteElo=2400..2000"),
            "--where 'WhiteElo=2400..2000': the range '2400..2000' holds nothing (its low end "
            "is above its high end)");
  EXPECT_EQ(error_of("Date!=2001..2000.12.31"),
            "--where 'Date!=2001..2000.12.31': the range '2001..2000.12.31' holds nothing (its "
            "low end is above its high end)");
  EXPECT_EQ(error_of("Variant=chesss"),
            "--where 'Variant=chesss': unknown variant 'chesss' (known: chess, chess960, cwda, "
            "superchess, interweave, fluidity)");
  EXPECT_EQ(error_of("Variant!=chess..fluidity"),
            "--where 'Variant!=chess..fluidity': unknown variant 'chess..fluidity' (known: "
            "chess, chess960, cwda, superchess, interweave, fluidity)");
  const std::string speeds =
      " (known: ultrabullet, bullet, blitz, rapid, classical, correspondence)";
  EXPECT_EQ(error_of("Speed=blits"), "--where 'Speed=blits': unknown speed 'blits'" + speeds);
  EXPECT_EQ(error_of("Speed=blitz..fast"),
            "--where 'Speed=blitz..fast': unknown speed 'fast'" + speeds);
  EXPECT_EQ(error_of("Speed>"), "--where 'Speed>': unknown speed ''" + speeds);
  EXPECT_EQ(error_of("Speed~bl"),
            "--where 'Speed~bl': Speed is compared by class: Speed=blitz, Speed!=bullet, "
            "Speed>=rapid or Speed=blitz..rapid");
  EXPECT_EQ(error_of("Speed=rapid..blitz"),
            "--where 'Speed=rapid..blitz': the range 'rapid..blitz' holds nothing (its low end "
            "is above its high end)");
  EXPECT_EQ(error_of("White~/abc"),
            "--where 'White~/abc': the regular expression has no closing / (a / inside it is "
            "written \\/)");
  EXPECT_EQ(error_of("White~/a/x"),
            "--where 'White~/a/x': 'x' after the regular expression (only i, for no case, may "
            "follow it)");
  EXPECT_EQ(error_of("White~/a/ix|Black=b"),
            "--where 'White~/a/ix|Black=b': 'White~/a/ix': 'x' after the regular expression "
            "(only i, for no case, may follow it)");
}

TEST(Where, ABadRegularExpressionIsRegerrorsMessage) {
  // The words are the C library's: taken from it here.
  regex_t re;
  const int code = regcomp(&re, "(a|[b", REG_EXTENDED | REG_NOSUB);
  ASSERT_NE(code, 0);
  char message[256];
  regerror(code, &re, message, sizeof message);
  // The alternative shown goes past the '|' inside the expression.
  EXPECT_EQ(error_of("White=x|Event~/(a|[b/"),
            "--where 'White=x|Event~/(a|[b/': 'Event~/(a|[b/': bad regular expression "
            "'(a|[b': " +
                std::string(message));
}

// A game that is invalid: its tags are tested once read whole, its moves never.
TEST(Selected, InvalidGamesAreTestedOnTheirTagsOnly) {
  GameRecord broken = kCarlsen;
  broken.plies = 3;  // replayed up to the error
  const Selection tags = where({"White=Carlsen, Magnus"});
  const Selection other = where({"White=Kasparov, Garry"});
  EXPECT_TRUE(selected(broken, false, tags));
  EXPECT_FALSE(selected(broken, false, other));
  Selection moves;
  moves.min_plies = 10;
  EXPECT_FALSE(selected(broken, true, moves));
  EXPECT_TRUE(selected(broken, false, moves));
  // Tags not read to their end (a syntax error among them): not tested.
  broken.tags_read = false;
  EXPECT_TRUE(selected(broken, false, other));
  EXPECT_FALSE(selected(broken, true, other));
}

TEST(Selected, AVariantFairykitDoesNotPlayIsNone) {
  GameRecord crazyhouse = game({{"Variant", "Crazyhouse"}, {"White", "A"}});
  crazyhouse.set_up = false;  // the record's variant stays chess
  EXPECT_FALSE(selected(crazyhouse, false, where({"Variant=chess"})));
  EXPECT_TRUE(selected(crazyhouse, false, where({"Variant!=chess"})));
  EXPECT_FALSE(selected(crazyhouse, false, where({"Variant~ch"})));
  // A variant it plays, of a game that could not be set up (a bad FEN): the tags' variant.
  GameRecord bad_fen = game({{"Variant", "Chess960"}, {"FEN", "x"}});
  bad_fen.set_up = false;
  bad_fen.variant = VariantId::kChess960;
  EXPECT_TRUE(selected(bad_fen, false, where({"Variant=chess960"})));
}

TEST(Selected, TheMovesOfValidGames) {
  GameRecord r = kCarlsen;
  r.plies = 41;
  r.final_state.end = GameEnd::kCheckmate;
  Selection s;
  s.min_plies = 41;
  s.max_plies = 41;
  EXPECT_TRUE(selected(r, true, s));
  s.max_plies = 40;
  EXPECT_FALSE(selected(r, true, s));
  Selection ends;
  ends.ends_in = {"stalemate", "checkmate"};
  EXPECT_TRUE(selected(r, true, ends));
  ends.ends_in = {"none"};
  EXPECT_FALSE(selected(r, true, ends));
  // --reaches: the start, an item of the main line, or a key of a record without items.
  Selection reaches;
  reaches.reaches = {{VariantId::kChess, 77}};
  EXPECT_FALSE(selected(r, true, reaches));
  r.line_keys = {5, 77};
  EXPECT_TRUE(selected(r, true, reaches));
  reaches.reaches = {{VariantId::kChess960, 77}};  // a key of another variant
  EXPECT_FALSE(selected(r, true, reaches));
}

TEST(WhereTags, PresentAndAbsent) {
  const Selection s = where({"Whiteelo>=2700|White~x", "Player=A", "Speed=blitz", "Variant=chess",
                             "Colour=white", "Whiteelo<3000"});
  EXPECT_EQ(where_condition_count(s), 7u);
  // Whiteelo, White, Player, Speed, Variant, Colour, Whiteelo: bits 1, 2 and 4.
  const std::uint64_t seen = where_tags_present(kCarlsen, s);
  EXPECT_EQ(seen, 0b0010110u);
  EXPECT_EQ(absent_tag_warnings(s, seen),
            (std::vector<std::string>{
                "--where: no game read has a tag named \"Whiteelo\" (tag names are compared as "
                "PGN spells them); did you mean \"WhiteElo\"?",
                "--where: no game read has a tag named \"TimeControl\" (which Speed is read "
                "from)",
                "--where: no game read has a tag named \"Colour\" (tag names are compared as "
                "PGN spells them)"}));
  EXPECT_EQ(absent_tag_warnings(s, seen | where_tags_present(game({{"TimeControl", "60"}}), s)),
            (std::vector<std::string>{
                "--where: no game read has a tag named \"Whiteelo\" (tag names are compared as "
                "PGN spells them); did you mean \"WhiteElo\"?",
                "--where: no game read has a tag named \"Colour\" (tag names are compared as "
                "PGN spells them)"}));
  EXPECT_EQ(absent_tag_warnings(where({"Player=X"}), 0),
            std::vector<std::string>{
                "--where: no game read has a tag named \"White\" or \"Black\" (which Player "
                "tests)"});
  EXPECT_EQ(likely_tag("Playr"), "Player");
  EXPECT_EQ(likely_tag("Player"), "");
}

TEST(SelectionNeeds, TheTagsTestedAndTheKeys) {
  Selection s = where({"Player=A|Speed=blitz", "WhiteElo>1", "Variant=chess"});
  RecordOptions ro;
  std::vector<std::string_view> kept = {"White", "Result"};
  add_selection_needs(s, ro, &kept);
  EXPECT_EQ(kept, (std::vector<std::string_view>{"White", "Result", "Black", "TimeControl",
                                                 "WhiteElo", "Variant"}));
  EXPECT_FALSE(ro.keys);
  s.reaches = {{VariantId::kChess, 1}};
  ro.key_plies = 10;
  add_selection_needs(s, ro, nullptr);
  EXPECT_TRUE(ro.keys);
  EXPECT_GT(ro.key_plies, 100000);
}

TEST(ValidateSelected, TheReportOfValidateGameAndTheVerdict) {
  parsers::RawGame g;
  g.text =
      "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[TimeControl \"300+3\"]\n[Result \"1-0\"]\n\n"
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n";
  g.index = 1;
  g.first_line = 1;
  ValidateOptions o;
  const GameReport plain = validate_game(g, o);
  ASSERT_TRUE(plain.valid());
  ASSERT_GT(plain.warnings, 0);  // the mate not marked, the roster
  Selection s = where({"Speed=blitz", "Player=B"});
  s.ends_in = {"checkmate"};
  s.reaches = *position_keys("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
                             VariantId::kChess);
  SelectedReport r = validate_selected(g, o, s);
  EXPECT_FALSE(r.filtered);
  EXPECT_EQ(r.where_tags, 0b11u);
  EXPECT_EQ(r.report.warnings, plain.warnings);
  EXPECT_EQ(r.report.diagnostics.size(), plain.diagnostics.size());
  EXPECT_EQ(r.report.plies, 7);
  s.ends_in = {"stalemate"};
  EXPECT_TRUE(validate_selected(g, o, s).filtered);
  // Invalid (an illegal move): reported whatever the moves' tests say, unless the tags fail.
  g.text = "[White \"A\"]\n[Black \"B\"]\n[TimeControl \"300+3\"]\n\n1. e4 e5 2. Ke3 *\n";
  r = validate_selected(g, o, s);
  EXPECT_FALSE(r.report.valid());
  EXPECT_FALSE(r.filtered);
  EXPECT_TRUE(validate_selected(g, o, where({"Speed=rapid"})).filtered);
}

// The games of tests/data/selection/NAME (each starts with its [Event ...] line).
std::vector<parsers::RawGame> games_of(const std::string& name) {
  std::ifstream in(std::string(FAIRYKIT_DATA_DIR) + "/selection/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  std::vector<parsers::RawGame> games;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t next = text.find("\n[Event ", at);
    next = next == std::string::npos ? text.size() : next + 1;
    parsers::RawGame g;
    g.text = text.substr(at, next - at);
    g.index = std::int64_t(games.size()) + 1;
    g.first_line = 1;
    games.push_back(std::move(g));
    at = next;
  }
  EXPECT_FALSE(games.empty()) << name;
  return games;
}

// The record of a valid game with the claims and the facts.
GameRecord replayed(const parsers::RawGame& g) {
  GameRecord r;
  RecordOptions ro;
  ro.claims = true;
  ro.facts = true;
  const GameReport report = validate_game(g, ValidateOptions{}, r, ro);
  EXPECT_TRUE(report.valid()) << g.text;
  return r;
}

// Which games of a file a selection keeps (validate_selected: the path of fairy-validate),
// "1" for the first, comma-separated.
std::string kept(const std::string& name, const Selection& s) {
  std::string out;
  for (const parsers::RawGame& g : games_of(name))
    if (!validate_selected(g, ValidateOptions{}, s).filtered)
      out += (out.empty() ? "" : ",") + std::to_string(g.index);
  return out;
}

TEST(WhatHappens, RepetitionByTheRulesOfEachVariant) {
  // Chess: Nf3 Nf6 Ng1 Ng8 twice brings the start position back a third time at ply 8.
  const std::vector<parsers::RawGame> chess = games_of("chess.pgn");
  EXPECT_EQ(replayed(chess[0]).repetition_ply, 8);
  EXPECT_EQ(replayed(chess[1]).repetition_ply, -1);
  // Interweave: the same with the Leapers; the third occurrence ends the game there, lost by
  // Black who made it.
  const std::vector<parsers::RawGame> interweave = games_of("interweave.pgn");
  const GameRecord lost = replayed(interweave[0]);
  EXPECT_EQ(lost.repetition_ply, 8);
  EXPECT_EQ(lost.final_state.end, GameEnd::kRepetitionLoss);
  EXPECT_EQ(replayed(interweave[1]).repetition_ply, -1);
  // An en passant square that no legal capture uses is no part of the position (FIDE 9.2.3):
  // after 1...h5 the pawn on g5 is pinned by the rook on g7, so the position after 1...h5
  // is the one after 3...Rg7 and 5...Rg7: a third time at ply 9.
  parsers::RawGame ep;
  ep.text =
      "[FEN \"6k1/1p2p1rp/rP1pR3/2pP1pP1/p1P2P1P/R5K1/8/8 b - - 0 1\"]\n\n"
      "1... h5 2. Rh6 Rh7 3. Re6 Rg7 4. Rh6 Rh7 5. Re6 Rg7 *\n";
  ep.index = 1;
  EXPECT_EQ(replayed(ep).repetition_ply, 9);
  Selection s;
  s.repetition = true;
  EXPECT_EQ(kept("chess.pgn", s), "1");
  EXPECT_EQ(kept("interweave.pgn", s), "1");
  EXPECT_EQ(kept("fluidity.pgn", s), "");
}

TEST(WhatHappens, TheMoveCountRuleOfEachVariant) {
  // Chess: a clock of 98 and two quiet moves: 100 plies, claimable at ply 2; 97: 99, never.
  const std::vector<parsers::RawGame> chess = games_of("chess.pgn");
  EXPECT_EQ(replayed(chess[2]).move_rule_ply, 2);
  EXPECT_EQ(replayed(chess[3]).move_rule_ply, -1);
  // Fluidity's twenty-five-move rule: a clock of 48 and two moves without capture make 50
  // plies, claimable at ply 2; from 47, 49: never.
  const std::vector<parsers::RawGame> fluidity = games_of("fluidity.pgn");
  const GameRecord drawn = replayed(fluidity[0]);
  EXPECT_EQ(drawn.move_rule_ply, 2);
  EXPECT_EQ(drawn.final_state.end, GameEnd::kTwentyFiveMoveRule);
  EXPECT_EQ(replayed(fluidity[1]).move_rule_ply, -1);
  // The same position and clock in chess is far from its fifty moves.
  parsers::RawGame as_chess = fluidity[0];
  const std::size_t tag = as_chess.text.find("[Variant \"Fluidity\"]\n");
  as_chess.text.erase(tag, std::string("[Variant \"Fluidity\"]\n").size());
  EXPECT_EQ(replayed(as_chess).move_rule_ply, -1);
  Selection s;
  s.move_rule = true;
  EXPECT_EQ(kept("chess.pgn", s), "3");
  EXPECT_EQ(kept("fluidity.pgn", s), "1");
  EXPECT_EQ(kept("interweave.pgn", s), "");
}

TEST(WhatHappens, UnderpromotionByTheVariantsPromotionPieces) {
  Selection s;
  s.underpromotion = true;
  // Chess: a8=R, not a8=Q; a knight in a variation is not on the main line.
  EXPECT_EQ(kept("chess.pgn", s), "5");
  // CwDA, Clobberers against Nutty Knights: a Bede (the own army's rook) and a Charging Rook
  // (the other army's) are underpromotions; a Cardinal (the own queen-equivalent) and a
  // Colonel (the other army's) are not.
  EXPECT_EQ(kept("cwda.pgn", s), "1,2");
  // Superchess: an Empress while a Queen is in the pool, not when the Queen is on the board
  // (the Empress is then the most valuable type the pool has).
  EXPECT_EQ(kept("superchess.pgn", s), "1");
  // Interweave: the pieces are worth the same, the pool decides: never.
  EXPECT_EQ(kept("interweave.pgn", s), "");
  const std::vector<parsers::RawGame> cwda = games_of("cwda.pgn");
  const GameRecord bede = replayed(cwda[0]);
  ASSERT_EQ(bede.facts.size(), 1u);
  EXPECT_EQ(bede.facts[0].ply, 1);
  EXPECT_EQ(bede.facts[0].facts.promotion, BEDE);
  EXPECT_TRUE(bede.facts[0].facts.underpromotion);
}

TEST(WhatHappens, RatedWinnerAsPgnExtractReadsIt) {
  Selection higher, lower, either;
  higher.higher_rated_winner = true;
  lower.lower_rated_winner = true;
  either.higher_rated_winner = either.lower_rated_winner = true;
  const auto rated = [](const char* white, const char* black, const char* result) {
    Tags tags = {{"Result", result}};
    if (white) tags.emplace_back("WhiteElo", white);
    if (black) tags.emplace_back("BlackElo", black);
    return game(tags);
  };
  EXPECT_TRUE(selected(rated("2700", "2600", "1-0"), true, higher));
  EXPECT_FALSE(selected(rated("2700", "2600", "1-0"), true, lower));
  EXPECT_TRUE(selected(rated("2700", "2600", "0-1"), true, lower));
  EXPECT_TRUE(selected(rated("2700", "2600", "0-1"), true, either));
  // Equal, missing or unreadable ratings and undecided results: neither.
  for (const Selection* s : {&higher, &lower, &either}) {
    EXPECT_FALSE(selected(rated("2600", "2600", "1-0"), true, *s));
    EXPECT_FALSE(selected(rated("2600", nullptr, "1-0"), true, *s));
    EXPECT_FALSE(selected(rated("?", "2600", "0-1"), true, *s));
    EXPECT_FALSE(selected(rated("", "2600", "0-1"), true, *s));
    EXPECT_FALSE(selected(rated("2700", "2600", "1/2-1/2"), true, *s));
    EXPECT_FALSE(selected(rated("2700", "2600", "*"), true, *s));
  }
  // As sscanf("%d") reads a number: white space and a sign before, anything after.
  EXPECT_TRUE(selected(rated(" 2700", "2600 (provisional)", "1-0"), true, higher));
  EXPECT_TRUE(selected(rated("+2700", "-5", "1-0"), true, higher));
  // A tag test: an invalid game's tags are tested too.
  EXPECT_FALSE(selected(rated("2600", "2700", "1-0"), false, higher));
  EXPECT_TRUE(selected(rated("2600", "2700", "1-0"), false, lower));
}

TEST(WhatHappens, OpeningMovesInAnyNotation) {
  absl::StatusOr<std::vector<std::string>> m =
      parse_moves(" 1. e4 c5 2.Nf3  d6 ", VariantId::kChess);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(*m, (std::vector<std::string>{"e4", "c5", "Nf3", "d6"}));
  m = parse_moves("1...e5", VariantId::kChess);
  ASSERT_FALSE(m.ok());  // no variant plays a Black move first
  EXPECT_EQ(m.status().message(), "--moves '1...e5': move 1: illegal move \"e5\"");
  EXPECT_EQ(parse_moves("", VariantId::kChess).status().message(), "--moves '': no move given");
  EXPECT_EQ(parse_moves(" 1. ", VariantId::kChess).status().message(),
            "--moves ' 1. ': no move given");
  EXPECT_EQ(parse_moves("e4 e5 Ke3", VariantId::kChess).status().message(),
            "--moves 'e4 e5 Ke3': move 3: illegal move \"Ke3\"");
  // Read in every variant: Interweave's moves are no chess, and the error is the default
  // variant's when none plays them.
  EXPECT_TRUE(parse_moves("Nc1-a5 Nf8-h4", VariantId::kChess).ok());
  EXPECT_EQ(parse_moves("Nc1-a5 Nf8-h4 Qd1", VariantId::kInterweave).status().message(),
            "--moves 'Nc1-a5 Nf8-h4 Qd1': move 3: unreadable move \"Qd1\"");
  Selection s;
  s.moves = *parse_moves("e4 e5 Qh5", VariantId::kChess);
  parsers::RawGame g;
  g.text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5+ Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
  g.index = 1;
  EXPECT_FALSE(validate_selected(g, ValidateOptions{}, s).filtered);
  s.moves = {"e2e4", "e7e5", "d1h5"};  // UCI
  EXPECT_FALSE(validate_selected(g, ValidateOptions{}, s).filtered);
  s.moves = {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7", "a6"};  // longer than the game
  EXPECT_TRUE(validate_selected(g, ValidateOptions{}, s).filtered);
  s.moves = {"e4", "e6"};
  EXPECT_TRUE(validate_selected(g, ValidateOptions{}, s).filtered);
  // Interweave, from its start.
  s.moves = {"Nc1-a5", "Nf8-h4", "a5c1"};
  EXPECT_EQ(kept("interweave.pgn", s), "1,2");
  EXPECT_EQ(kept("chess.pgn", s), "");
}

TEST(WhatHappens, InvertKeepsWhatFailsAndInvalidGamesByTheirTags) {
  GameRecord r = kCarlsen;  // 1-0, 2877 against 2785
  Selection s = where({"White=Carlsen, Magnus"});
  s.invert = true;
  EXPECT_FALSE(selected(r, true, s));
  s.where = where({"White=Kasparov, Garry"}).where;
  EXPECT_TRUE(selected(r, true, s));
  Selection plies;
  plies.min_plies = 41;
  plies.invert = true;
  EXPECT_TRUE(selected(r, true, plies));  // 40 plies: fails, so kept
  // An invalid game is not judged by its moves, inverted or not...
  EXPECT_TRUE(selected(r, false, plies));
  plies.min_plies = 1;
  EXPECT_TRUE(selected(r, false, plies));
  // ...but by its tags read whole, inverted.
  Selection tags = where({"White=Carlsen, Magnus"});
  tags.invert = true;
  EXPECT_FALSE(selected(r, false, tags));
  tags.where = where({"White=Kasparov, Garry"}).where;
  EXPECT_TRUE(selected(r, false, tags));
  r.tags_read = false;
  EXPECT_TRUE(selected(r, false, tags));
  Selection rated;
  rated.higher_rated_winner = true;
  rated.invert = true;
  EXPECT_FALSE(selected(kCarlsen, false, rated));
  EXPECT_FALSE(selected(kCarlsen, true, rated));
  // On the hand-made games: all but the repetition.
  Selection repetition;
  repetition.repetition = true;
  repetition.invert = true;
  EXPECT_EQ(kept("chess.pgn", repetition), "2,3,4,5,6,7");
}

TEST(SelectionNeeds, WhatHappensCostsOnlyWhenAsked) {
  const auto needs = [](void (*set)(Selection&)) {
    Selection s;
    set(s);
    RecordOptions ro;
    add_selection_needs(s, ro, nullptr);
    return ro;
  };
  const RecordOptions plain = needs([](Selection&) {});
  EXPECT_FALSE(plain.claims || plain.facts || plain.keys);
  const RecordOptions repetition = needs([](Selection& s) { s.repetition = true; });
  EXPECT_TRUE(repetition.claims && !repetition.facts);
  EXPECT_TRUE(needs([](Selection& s) { s.move_rule = true; }).claims);
  const RecordOptions under = needs([](Selection& s) { s.underpromotion = true; });
  EXPECT_TRUE(under.facts && !under.claims);
  // --moves: the keys of its plies only; with --reaches, of every ply.
  const RecordOptions moves = needs([](Selection& s) { s.moves = {"e4", "c5"}; });
  EXPECT_TRUE(moves.keys);
  EXPECT_EQ(moves.key_plies, 2);
  EXPECT_GT(needs([](Selection& s) {
              s.moves = {"e4", "c5"};
              s.reaches = {{VariantId::kChess, 1}};
            }).key_plies,
            100000);
  Selection rated;
  rated.lower_rated_winner = true;
  RecordOptions ro;
  std::vector<std::string_view> kept_tags = {"Result"};
  add_selection_needs(rated, ro, &kept_tags);
  EXPECT_EQ(kept_tags, (std::vector<std::string_view>{"Result", "WhiteElo", "BlackElo"}));
}

}  // namespace
}  // namespace fairykit::analysis
