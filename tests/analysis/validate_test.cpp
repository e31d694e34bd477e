// The validator over real archives and deliberately damaged copies: no game is lost
// (read = valid + invalid), and every error points at the right line and column.
#include "analysis/checking/validate.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/batch/game_pipeline.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "tests/parsers/compress.h"

namespace fairykit::analysis {
namespace {

const std::string kCorpus = std::string(FAIRYKIT_DATA_DIR) + "/corpus/";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Outcome {
  std::vector<GameReport> reports;
  int valid = 0, invalid = 0;
  // The diagnostics of one game as "line:column: severity: message" lines.
  std::string diagnostics(std::size_t game) const {
    std::string out;
    for (const Diagnostic& d : reports.at(game).diagnostics)
      out += std::to_string(d.line) + ":" + std::to_string(d.column) + ": " +
             (d.severity == parsers::Severity::kError ? "error" : "warning") + ": " + d.message +
             "\n";
    return out;
  }
  std::string errors(std::size_t game) const {
    std::string out;
    for (const Diagnostic& d : reports.at(game).diagnostics)
      if (d.severity == parsers::Severity::kError)
        out += std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message + "\n";
    return out;
  }
};

Outcome validate_text(std::string text, int threads = 1, ValidateOptions options = {}) {
  std::unique_ptr<parsers::ByteSource> src = parsers::memory_input(std::move(text), "mem.pgn");
  parsers::GameSplitter splitter(*src);
  Outcome run;
  PipelineOptions po;
  po.threads = threads;
  po.batch_games = 100;  // several batches even for small archives
  absl::Status s = run_game_pipeline<GameReport>(
      splitter, po, [&](const parsers::RawGame& g) { return validate_game(g, options); },
      [&](const parsers::RawGame&, GameReport& r) {
        (r.valid() ? run.valid : run.invalid)++;
        run.reports.push_back(r);
      });
  EXPECT_TRUE(s.ok()) << s;
  return run;
}

// Byte offset of the start of the n-th (0-based) line beginning with `prefix`.
std::size_t nth_line_starting(const std::string& text, std::string_view prefix, int n) {
  std::string needle(1, '\n');
  needle.append(prefix.data(), prefix.size());
  int seen = text.rfind(std::string(prefix), 0) == 0 ? 1 : 0;
  if (seen && n == 0) return 0;
  for (std::size_t pos = text.find(needle); pos != std::string::npos;
       pos = text.find(needle, pos + 1), ++seen)
    if (seen == n) return pos + 1;
  return std::string::npos;
}

int line_of(const std::string& text, std::size_t offset) {
  return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
}
int column_of(const std::string& text, std::size_t offset) {
  const std::size_t nl = text.rfind('\n', offset - 1);
  return int(offset - (nl == std::string::npos ? 0 : nl + 1)) + 1;
}

TEST(Validate, StandardArchivesAreValid) {
  const Outcome twic = validate_text(read_file(kCorpus + "standard/twic0920.pgn"));
  EXPECT_EQ(twic.reports.size(), 2245u);
  EXPECT_EQ(twic.valid, 2245);
  const Outcome carlsen = validate_text(read_file(kCorpus + "standard/Carlsen.pgn"), 2);
  EXPECT_EQ(carlsen.reports.size(), 1782u);
  EXPECT_EQ(carlsen.valid, 1782);
}

TEST(Validate, CompressedArchiveIsRead) {
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> src =
      parsers::open_input(kCorpus + "standard/chess_masters_WCC.pgn.bz2");
  ASSERT_TRUE(src.ok());
  parsers::GameSplitter splitter(**src);
  int games = 0, valid = 0;
  absl::Status s = run_game_pipeline<GameReport>(
      splitter, {}, [](const parsers::RawGame& g) { return validate_game(g, {}); },
      [&](const parsers::RawGame&, GameReport& r) {
        ++games;
        valid += r.valid();
      });
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(games, 685);
  EXPECT_EQ(valid, 685);
}

TEST(ValidateDamaged, AMoveChanged) {
  std::string text = read_file(kCorpus + "standard/twic0920.pgn");
  // Game 101's first movetext line: turn its first "1." move into an impossible one.
  const std::size_t game = nth_line_starting(text, "[Event ", 100);
  const std::size_t moves = text.find("\n1.", game) + 1;
  const std::size_t move = moves + 2 + (text[moves + 2] == ' ');
  const std::size_t end = text.find_first_of(" \r\n", move);
  text.replace(move, end - move, "Ke5");
  const Outcome run = validate_text(text, 2);
  ASSERT_EQ(run.reports.size(), 2245u);
  EXPECT_EQ(run.invalid, 1);
  EXPECT_EQ(run.valid, 2244);
  EXPECT_FALSE(run.reports[100].valid());
  EXPECT_EQ(run.errors(100), std::to_string(line_of(text, move)) + ":" +
                                 std::to_string(column_of(text, move)) +
                                 ": illegal move \"Ke5\"\n");
  EXPECT_EQ(run.reports[100].diagnostics[0].ply, 1);
}

TEST(ValidateDamaged, ATagBroken) {
  std::string text = read_file(kCorpus + "standard/twic0920.pgn");
  // Game 7's Site tag loses its opening quote.
  const std::size_t game = nth_line_starting(text, "[Event ", 6);
  const std::size_t site = text.find("[Site \"", game);
  text.erase(site + 6, 1);
  const Outcome run = validate_text(text);
  ASSERT_EQ(run.reports.size(), 2245u);
  EXPECT_EQ(run.valid + run.invalid, 2245);
  EXPECT_EQ(run.invalid, 1);
  EXPECT_FALSE(run.reports[6].valid());
  const Diagnostic& d = run.reports[6].diagnostics.at(0);
  EXPECT_EQ(d.severity, parsers::Severity::kError);
  EXPECT_EQ(d.line, line_of(text, site));
  EXPECT_NE(d.message.find("Site"), std::string::npos) << d.message;
}

TEST(ValidateDamaged, AGameCutInHalf) {
  std::string text = read_file(kCorpus + "standard/twic0920.pgn");
  // Cut game 51 in the middle of a move token and glue the next game straight on.
  const std::size_t game = nth_line_starting(text, "[Event ", 50);
  const std::size_t next = nth_line_starting(text, "[Event ", 51);
  const std::size_t moves = text.find("\n1.", game) + 1;
  std::size_t cut = text.find(" N", moves + 40);  // a knight move somewhere in the game
  ASSERT_LT(cut, next);
  cut += 2;  // keep "N": the move is cut after its piece letter
  text = text.substr(0, cut) + "\n\n" + text.substr(next);
  const Outcome run = validate_text(text);
  ASSERT_EQ(run.reports.size(), 2245u);
  EXPECT_EQ(run.invalid, 1);
  EXPECT_EQ(run.errors(50), std::to_string(line_of(text, cut - 1)) + ":" +
                                std::to_string(column_of(text, cut - 1)) +
                                ": unreadable move \"N\"\n");
  EXPECT_TRUE(run.reports[51].valid());
}

TEST(ValidateDamaged, BinaryGarbage) {
  std::string text = read_file(kCorpus + "standard/twic0920.pgn");
  const std::size_t game = nth_line_starting(text, "[Event ", 1000);
  const std::size_t moves = text.find("\n1.", game) + 1;
  std::mt19937 rng(2024);
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += char(rng() & 0xff);
  garbage[0] = '\x01';  // the first byte is certainly not PGN
  text.insert(moves, garbage);
  const Outcome run = validate_text(text, 2);
  // Nothing is lost: whatever the garbage did to the game boundaries, every game is
  // counted once, the damaged ones as invalid, and the games before it are intact.
  EXPECT_EQ(run.valid + run.invalid, int(run.reports.size()));
  EXPECT_GE(run.invalid, 1);
  EXPECT_GE(run.valid, 2240);
  for (std::size_t i = 0; i < 1000; ++i) ASSERT_TRUE(run.reports[i].valid()) << i;
  EXPECT_FALSE(run.reports[1000].valid());
  EXPECT_EQ(run.errors(1000).substr(0, run.errors(1000).find('\n') + 1),
            std::to_string(line_of(text, moves)) + ":1: unexpected character '\\x01'\n");
  // The last game of the archive is found again.
  EXPECT_TRUE(run.reports.back().valid());
  EXPECT_EQ(run.reports.back().white, "Thorhallsson,T");  // the archive's last game
}

TEST(ValidateDamaged, Bzip2BlockDamagedAfterGoodGames) {
  // An archive in bzip2 blocks of 100k (bzip2 -1) whose third block is damaged: the games
  // of the first two blocks are read and valid, then the error (none of them
  // is lost). Each block holds exactly 99,981 bytes of this text (no four equal bytes in
  // a row), and the third block starts where a stream of the first two would end.
  constexpr std::size_t kBlock = 99981;
  std::string text;
  for (int i = 0; text.size() < 5 * kBlock; ++i)
    text += "[Event \"G " + std::to_string(i % 1000) +
            "\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n"
            "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
  std::string packed = test_data::Bzip2(text, 1);
  // The third block's magic.
  packed[test_data::Bzip2(text.substr(0, 2 * kBlock), 1).size() - 10 + 2] ^= 0x55;
  // The games whose termination marker line lies in the first two blocks.
  int expected = 0;
  for (std::size_t at = text.find("*\n"); at != std::string::npos && at + 2 <= 2 * kBlock;
       at = text.find("*\n", at + 1))
    ++expected;
  for (int threads : {1, 2}) {
    std::unique_ptr<parsers::ByteSource> src = parsers::memory_input(packed, "x.pgn.bz2");
    parsers::GameSplitter splitter(*src);
    PipelineOptions po;
    po.threads = threads;
    int valid = 0, invalid = 0;
    absl::Status s = run_game_pipeline<GameReport>(
        splitter, po, [](const parsers::RawGame& g) { return validate_game(g, {}); },
        [&](const parsers::RawGame&, GameReport& r) { (r.valid() ? valid : invalid)++; });
    EXPECT_EQ(s.message(), "x.pgn.bz2: corrupt bzip2 data (data integrity error)");
    EXPECT_EQ(valid, expected);
    EXPECT_EQ(invalid, 0);
  }
  EXPECT_GT(expected, 1000);
}

TEST(Validate, ParallelEqualsSerial) {
  std::string text = read_file(kCorpus + "standard/Carlsen.pgn");
  const Outcome one = validate_text(text, 1);
  const Outcome two = validate_text(text, 2);
  ASSERT_EQ(one.reports.size(), two.reports.size());
  for (std::size_t i = 0; i < one.reports.size(); ++i)
    ASSERT_EQ(one.diagnostics(i), two.diagnostics(i)) << i;
}

TEST(Validate, ResultChecks) {
  const Outcome run = validate_text(
      "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n"                      // mate, wrong result
      "[Result \"1/2-1/2\"]\n\n1. e4 e5 0-1\n\n"                             // tag vs marker
      "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n\n"                          // mate, '*': warning
      "[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n\n1-0\n\n",  // stalemate
      1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 4u);
  EXPECT_EQ(run.errors(0),
            "3:21: the game ends in checkmate (Black wins) but the result is \"1-0\"\n");
  EXPECT_EQ(run.errors(1),
            "7:10: the termination marker \"0-1\" differs from the Result tag \"1/2-1/2\"\n");
  EXPECT_TRUE(run.reports[2].valid());
  EXPECT_EQ(run.diagnostics(2),
            "11:21: warning: the game ends in checkmate (Black wins) but the result is \"*\"\n");
  EXPECT_EQ(run.errors(3), "16:1: the game ends in stalemate but the result is \"1-0\"\n");
}

// A repeated tag is a warning at the repeat naming the first, in a game of a few tags (looked
// through) and of many (looked up by hash past 32 names), the same either way; a name that
// only looks alike (same length, first and last letter) is no repeat.
TEST(Validate, RepeatedTagsAreWarnedAtTheRepeat) {
  std::string many;
  for (int i = 0; i < 40; ++i) many += "[T" + std::to_string(i) + " \"x\"]\n";
  const Outcome run =
      validate_text("[Annotator \"a\"]\n[Annotatxr \"b\"]\n[Annotator \"c\"]\n\n1. e4 *\n\n" +
                        many + "[T35 \"y\"] [T0 \"z\"] [T39 \"w\"]\n\n1. e4 *\n",
                    1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 2u);
  EXPECT_EQ(run.diagnostics(0),
            "3:1: warning: tag Annotator repeated (first at line 1): the game uses the first "
            "value\n");
  EXPECT_EQ(run.diagnostics(1),
            "47:1: warning: tag T35 repeated (first at line 42): the game uses the first value\n"
            "47:11: warning: tag T0 repeated (first at line 7): the game uses the first value\n"
            "47:20: warning: tag T39 repeated (first at line 46): the game uses the first "
            "value\n");
  EXPECT_TRUE(run.reports[0].valid() && run.reports[1].valid());
}

// Archives as users have them. A castling right the position cannot
// have (a lichess study) is dropped with a warning naming it and why, and the game is
// checked without it; moves after a dead position get one warning, at the first of them.
TEST(Validate, ImpossibleCastlingRightsInAFenTagAreDroppedWithAWarning) {
  const std::string study =
      "[SetUp \"1\"]\n[FEN \"1rr3k1/p3ppbp/3pbnp1/7P/qP1BP1P1/5P2/1PPQ4/1NKR1B1R b Kq - 0 1\"]\n";
  const Outcome run =
      validate_text(study + "\n1... Nxe4 2. fxe4 *\n\n" + study + "\n1... O-O-O *\n\n" +
                        "[Variant \"Chess960\"]\n" + study + "\n1... Nxe4 *\n\n" +
                        "[Variant \"Fluidity\"]\n[SetUp \"1\"]\n"
                        "[FEN \"r3k2r/8/8/8/8/8/8/R2K2R1 w KQkq - 0 1\"]\n\n1. Kd2 O-O-O *\n",
                    1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 4u);
  const std::string dropped =
      "2:1: warning: FEN castling right 'K' dropped: castling needs the king on e1 and the rook "
      "on h1 (use the chess960 variant for other set-ups)\n"
      "2:1: warning: FEN castling right 'q' dropped: castling needs the king on e8 and the rook "
      "on a8 (use the chess960 variant for other set-ups)\n";
  EXPECT_TRUE(run.reports[0].valid());
  EXPECT_EQ(run.reports[0].plies, 2);
  EXPECT_EQ(run.diagnostics(0), dropped);
  EXPECT_EQ(run.errors(1), "9:6: illegal move \"O-O-O\"\n");  // the right is gone
  EXPECT_TRUE(run.reports[2].valid()) << run.diagnostics(2);  // sound in Chess960
  EXPECT_EQ(run.diagnostics(2), "");
  EXPECT_TRUE(run.reports[3].valid()) << run.diagnostics(3);
  EXPECT_EQ(run.diagnostics(3),
            "19:1: warning: FEN castling right 'K' dropped: no white king on e1\n"
            "19:1: warning: FEN castling right 'Q' dropped: no white king on e1\n");
}

TEST(Validate, MovesAfterADeadPositionGetOneWarning) {
  const Outcome run = validate_text(
      "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/8/8 w - - 0 1\"]\n\n1. Kd4 Ke7 2. Ke5 1/2-1/2\n\n"
      "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/4r3/8 w - - 0 1\"]\n\n1. Kxe2 Kd5 2. Kd3 1/2-1/2\n\n"
      "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/4r3/8 w - - 0 1\"]\n\n1. Kxe2 1/2-1/2\n\n"
      "[Variant \"Fluidity\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n"
      "1. Kd2 1/2-1/2\n",
      1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 4u);
  for (std::size_t g = 0; g < 4; ++g) EXPECT_TRUE(run.reports[g].valid()) << g;
  EXPECT_EQ(run.diagnostics(0),
            "4:4: warning: move \"Kd4\" after the game ended in a dead position (insufficient "
            "material)\n");
  EXPECT_EQ(run.reports[0].diagnostics.at(0).ply, 1);
  EXPECT_EQ(run.diagnostics(1),
            "9:9: warning: move \"Kd5\" after the game ended in a dead position (insufficient "
            "material)\n");
  EXPECT_EQ(run.reports[1].diagnostics.at(0).ply, 2);
  EXPECT_EQ(run.diagnostics(2), "");  // the game ends in the dead position
  EXPECT_EQ(run.diagnostics(3),
            "20:4: warning: move \"Kd2\" after the game ended in a dead position (insufficient "
            "material)\n");
}

// A message quotes at most 40 characters of any input, ends a longer
// one with "..." (a FEN tag: 120), and escapes control bytes (parsers/message_text.h).
TEST(Validate, LongInputIsQuotedShortAndEscaped) {
  const std::string token(5 * 1024 * 1024, 'N');
  const std::string cut = std::string(40, 'N') + "...";
  const Outcome run = validate_text(
      "[Result \"*\"]\n\n1. e4 " + token + " *\n\n" +                                    //
          "[Variant \"Interweave\"]\n\n1. " + token + " *\n\n" +                         //
          "[Variant \"Fluidity\"]\n\n1. " + token + " *\n\n" +                           //
          "[Variant \"" + std::string(100, 'V') + "\"]\n\n1. e4 *\n\n" +                 //
          "[SetUp \"1\"]\n[FEN \"8/8/8/\x01" + std::string(200, '8') + "\"]\n\n*\n\n" +  //
          "[Result \"1-0" + std::string(60, 'x') + "\"]\n\n1. e4 1-0\n\n" +              //
          "[Result \"*\"]\n\n1. --" + std::string(1000, '+') + " *\n",
      1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 7u);
  EXPECT_EQ(run.errors(0), "3:7: unreadable move \"" + cut + "\"\n");
  EXPECT_EQ(run.errors(1), "7:4: unreadable move \"" + cut + "\"\n");
  EXPECT_EQ(run.errors(2), "11:4: unreadable move \"" + cut + "\"\n");
  EXPECT_EQ(run.errors(3), "13:1: unsupported variant \"" + std::string(40, 'V') + "...\"\n");
  EXPECT_EQ(run.errors(4),
            "18:1: invalid FEN tag \"8/8/8/\\x01" + std::string(113, '8') +
                "...\": FEN has 1 field; the side to move field is missing (column 208)\n");
  EXPECT_EQ(run.errors(5),
            "24:7: the termination marker \"1-0\" differs from the Result tag \"1-0" +
                std::string(37, 'x') + "...\"\n");
  EXPECT_EQ(run.errors(6),
            "28:4: null move \"--" + std::string(38, '+') + "...\" in the main line\n");
  // Names in "game N (White - Black)" are cut too.
  GameReport r;
  r.index = 3;
  r.white = std::string(50, 'W');
  r.black = "B\x02";
  EXPECT_EQ(describe_game(r), "game 3 (" + std::string(40, 'W') + "... - B\\x02)");
}

TEST(Validate, VariationsAreChecked) {
  const std::string game =
      "[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) (1... e4) 2. Nf3 *\n";
  const Outcome run = validate_text(game, 1, {.roster_warnings = false});
  EXPECT_EQ(run.errors(0), "3:54: illegal move \"e4\"\n");
  EXPECT_EQ(run.reports[0].plies, 3);  // the main line goes on after the variation
  const Outcome skip = validate_text(game, 1, {.variations = false, .roster_warnings = false});
  EXPECT_TRUE(skip.reports[0].valid()) << skip.diagnostics(0);
}

// Superchess (superchess.md 2.7): [Variant "super"] or "Superchess" with a FEN tag; a game
// without one is undefined (432 start arrays, no default), an error.
TEST(Validate, SuperchessNeedsAFenTag) {
  const std::string fen = "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w KQkq - 0 1";
  const Outcome run = validate_text("[Variant \"super\"]\n[SetUp \"1\"]\n[FEN \"" + fen +
                                        "\"]\n\n1. Ac3 Ac6 2. Ad5 Vb6 *\n\n"
                                        "[Variant \"Superchess\"]\n[SetUp \"1\"]\n[FEN \"" +
                                        fen +
                                        "\"]\n\n1. e4 e5 *\n\n"
                                        "[Variant \"Superchess\"]\n\n1. e4 e5 *\n\n",
                                    1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 3u);
  EXPECT_TRUE(run.reports[0].valid()) << run.diagnostics(0);
  EXPECT_EQ(run.reports[0].variant, "superchess");
  EXPECT_TRUE(run.reports[1].valid()) << run.diagnostics(1);
  EXPECT_EQ(run.errors(2), "13:1: Superchess game without a FEN tag\n");
  // The same with superchess as the default variant and no Variant tag.
  ValidateOptions options;
  options.roster_warnings = false;
  options.default_variant = VariantId::kSuperchess;
  const Outcome bare = validate_text("[Result \"*\"]\n\n1. e4 e5 *\n", 1, options);
  ASSERT_EQ(bare.reports.size(), 1u);
  EXPECT_EQ(bare.errors(0), "1:1: Superchess game without a FEN tag\n");
}

// CwDA's start from its tags (rules/game/game_start.h): each error points at the tag it is about.
TEST(Validate, CwdaStartErrorsPointAtTheirTag) {
  const Outcome run = validate_text(
      "[Variant \"CWDA\"]\n[Armies \"CN\"]\n\n1. e4 e5 *\n\n"
      "[Variant \"CWDA\"]\n[WhiteArmy \"FIDE\"]\n[BlackArmy \"Nutty Knights\"]\n\n1. e4 e5 *\n\n"
      "[Variant \"CWDA\"]\n[Event \"?\"]\n[WhiteArmy \"FIDE\"]\n  [BlackArmy \"Pawns\"]\n\n1. e4 "
      "*\n\n"
      "[Variant \"CWDA\"]\n[Armies \"CZ\"]\n\n1. e4 *\n\n"
      "[Variant \"CWDA\"]\n\n1. e4 *\n\n"
      "[Variant \"CWDA\"]\n[Armies \"CN\"]\n[SetUp \"1\"]\n [FEN \"8/8 w\"]\n\n1. e4 *\n",
      1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 6u);
  EXPECT_TRUE(run.reports[0].valid()) << run.diagnostics(0);
  EXPECT_EQ(run.reports[0].variant, "cwda");
  EXPECT_TRUE(run.reports[1].valid()) << run.diagnostics(1);
  EXPECT_EQ(run.errors(2), "15:3: unknown army in WhiteArmy \"FIDE\" / BlackArmy \"Pawns\"\n");
  EXPECT_EQ(run.errors(3),
            "20:1: invalid Armies tag \"CZ\": want two army letters of FCNR, White's then "
            "Black's (e.g. \"CN\")\n");
  EXPECT_EQ(run.errors(4), "24:1: CWDA game without an Armies tag or a FEN tag\n");
  EXPECT_EQ(run.errors(5).substr(0, 31), "31:2: invalid FEN tag \"8/8 w\": ");
}

// Interweave and Fluidity (issues 5 and 6): the sample games validate, and damaged copies
// fail with the message that names what is wrong, at its line and column.
const std::string kSamples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/";

// `text` with the first `from` after byte `after` replaced by `to`; `at` set to its offset.
std::string replaced(std::string text, std::string_view from, std::string_view to, std::size_t& at,
                     std::size_t after = 0) {
  at = text.find(std::string(from), after);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), std::string(to));
  return text;
}

std::string where(const std::string& text, std::size_t offset) {
  return std::to_string(line_of(text, offset)) + ":" + std::to_string(column_of(text, offset));
}

TEST(ValidateVariants, SampleGamesAreValidAtOneAndTwoThreads) {
  for (const char* file : {"interweave.pgn", "fluidity.pgn"}) {
    const std::string text = read_file(kSamples + file);
    const Outcome one = validate_text(text, 1), two = validate_text(text, 2);
    ASSERT_GE(one.reports.size(), 5u) << file;
    EXPECT_EQ(one.invalid, 0) << file;
    for (std::size_t g = 0; g < one.reports.size(); ++g) {
      EXPECT_EQ(one.diagnostics(g), "") << file << " game " << g + 1;
      EXPECT_EQ(one.diagnostics(g), two.diagnostics(g));
      EXPECT_EQ(one.reports[g].variant, std::string(file).substr(0, std::string(file).find('.')));
    }
  }
}

TEST(ValidateVariants, InterweaveDamagedCopies) {
  const std::string text = read_file(kSamples + "interweave.pgn");
  std::size_t at = 0;
  {  // A Leaper's quiet double-knight leap to a square it cannot reach.
    const std::string t = replaced(text, "Nf1-d5", "Nf1-d4", at);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.invalid, 1);
    EXPECT_EQ(run.errors(0), where(t, at) + ": illegal move \"Nf1-d4\"\n");
    EXPECT_EQ(run.reports[0].diagnostics[0].ply, 3);
  }
  {  // The King capture of game 1 scored for the wrong side (tag and marker).
    std::string t = replaced(text, "[Result \"0-1\"]", "[Result \"1-0\"]", at);
    t = replaced(t, "Rf3xb3xf3# 0-1", "Rf3xb3xf3# 1-0", at);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.errors(0), where(t, at + 11) +
                                 ": the game ends in capture of a King (Black wins) but the "
                                 "result is \"1-0\"\n");
  }
  {  // A move after the King capture.
    const std::string t = replaced(text, "Rf3xb3xf3# 0-1", "Rf3xb3xf3# 53. Kd1-e2 0-1", at);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.errors(0),
              where(t, at + 15) + ": move \"Kd1-e2\" after the game ended (capture of a King)\n");
  }
  {  // The third repetition loses (interweave.md 1.7): not a draw.
    const std::size_t game3 = nth_line_starting(text, "[Event ", 2);
    std::string t = replaced(text, "[Result \"0-1\"]", "[Result \"1/2-1/2\"]", at, game3);
    t = replaced(t, "12. Rb2-a1 0-1", "12. Rb2-a1 1/2-1/2", at, game3);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.errors(2), where(t, at + 11) +
                                 ": the game ends in third repetition (Black wins) but the "
                                 "result is \"1/2-1/2\"\n");
  }
  {  // A captured-squares annotation that names the wrong square.
    const std::string t = replaced(text, "Ra4xc4xc2", "Ra4xc4{b4}xc2", at);
    const Outcome run = validate_text(t);
    ASSERT_EQ(run.invalid, 1);
    // Ra4-c4 is an approach capture: it removes d4, the square after c4 (interweave.md 1.4).
    EXPECT_EQ(run.errors(0), where(t, at) +
                                 ": wrong captured squares {b4} for \"Ra4xc4{b4}xc2\" (the "
                                 "step to c4 captures {d4})\n");
  }
}

// A pool above what a side starts with is an invalid FEN tag
// (it once let a capture raise a pool to 10 in a "valid" game); a set-up where one side has
// two Kings and the other fewer is finished (interweave.md A12), so its result is checked
// and a move after it is an error; boards where neither side has two Kings play on.
TEST(ValidateVariants, InterweaveSetUpsAreCheckedAsTheRulesSay) {
  const std::string head = "[Variant \"Interweave\"]\n[SetUp \"1\"]\n[FEN \"";
  const Outcome run =
      validate_text(head + "8/8/8/8/8/8/kR6/8 b 0 - 900000\"]\n\n1... Ka2xc2 0-1\n\n" +  //
                        head + "k7/8/8/8/8/8/8/K1K5 w 0 - 000000\"]\n\n1-0\n\n" +        //
                        head + "k7/8/8/8/8/8/8/K1K5 w 0 - 000000\"]\n\n0-1\n\n" +        //
                        head + "k7/8/8/8/8/8/8/K1K5 w 0 - 000000\"]\n\n1. Ka1-b2 *\n\n" + head +
                        "k7/8/8/8/8/8/8/K7 w 0 - 000000\"]\n\n1. Ka1-b2 Ka8-b7 *\n",
                    1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 5u);
  // vchess's pool counts: a digit above 2 is read as 2.
  EXPECT_TRUE(run.reports[0].valid()) << run.diagnostics(0);
  EXPECT_EQ(run.diagnostics(0),
            "3:1: warning: FEN tag \"8/8/8/8/8/8/kR6/8 b 0 - 900000\": FEN pool field, column 25: "
            "9 White Smashers in the pool, more than the 2 a side starts with; read as 2\n");
  EXPECT_TRUE(run.reports[1].valid()) << run.diagnostics(1);
  EXPECT_EQ(run.errors(2),
            "17:1: the game ends in capture of a King (White wins) but the result is \"0-1\"\n");
  EXPECT_EQ(run.errors(3), "23:4: move \"Ka1-b2\" after the game ended (capture of a King)\n");
  EXPECT_TRUE(run.reports[4].valid()) << run.diagnostics(4);
}

TEST(ValidateVariants, InterweaveNotationsInPgn) {
  // vchess's own notation (comma-joined sub-moves, "e4R"), long algebraic chains and the
  // SAN-like form with attached annotations, in one archive.
  const Outcome run = validate_text(
      "[Variant \"Interweave\"]\n[SetUp \"1\"]\n"
      "[FEN \"8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8 w 0 - 000000\"]\n\n1. Ne7X,Na5X *\n\n"
      "[Variant \"Interweave\"]\n[SetUp \"1\"]\n"
      "[FEN \"8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8 w 0 - 000000\"]\n\n1. a7e7a5 *\n\n"
      "[Variant \"Interweave\"]\n[SetUp \"1\"]\n"
      "[FEN \"8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8 w 0 - 000000\"]\n\n1. Na7xe7{b7}xa5{c6} *\n\n"
      "[Variant \"Interweave\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/4Bp2/8/8/8 w 0 - 000000\"]\n\n"
      "1. e4R *\n\n"
      "[Variant \"Interweave\"]\n\n1. c2-d3 Nc8-a4 *\n",
      1, {.roster_warnings = false});
  ASSERT_EQ(run.reports.size(), 5u);
  for (std::size_t g = 0; g < 5; ++g) EXPECT_EQ(run.errors(g), "") << "game " << g + 1;
}

TEST(ValidateVariants, FluidityDamagedCopies) {
  const std::string text = read_file(kSamples + "fluidity.pgn");
  std::size_t at = 0;
  {  // Game 1 ends in checkmate, 0-1; scored 1-0.
    std::string t = replaced(text, "[Result \"0-1\"]", "[Result \"1-0\"]", at);
    t = replaced(t, "Re6# 0-1", "Re6# 1-0", at);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.errors(0), where(t, at + 5) +
                                 ": the game ends in checkmate (Black wins) but the result is "
                                 "\"1-0\"\n");
  }
  {  // Game 2 ends with the White King dissected; scored as a draw.
    const std::size_t game2 = nth_line_starting(text, "[Event ", 1);
    std::string t = replaced(text, "[Result \"0-1\"]", "[Result \"1/2-1/2\"]", at, game2);
    t = replaced(t, "Rxh1# 0-1", "Rxh1# 1/2-1/2", at, game2);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.errors(1), where(t, at + 6) +
                                 ": the game ends in capture of a King (Black wins) but the "
                                 "result is \"1/2-1/2\"\n");
  }
  {  // No move ends on an occupied square, and nothing lies beyond d8 (fluidity.md 3.3).
    const std::string t = replaced(text, "2. Qg4", "2. Qxd8", at);
    const Outcome run = validate_text(t);
    EXPECT_EQ(run.invalid, 1);
    EXPECT_EQ(run.errors(0), where(t, at + 3) + ": illegal move \"Qxd8\"\n");
    EXPECT_EQ(run.reports[0].diagnostics[0].ply, 3);
  }
}

}  // namespace
}  // namespace fairykit::analysis

namespace fairykit::analysis {
namespace {

// A game of one text, for the comment-command tests below.
parsers::RawGame game_of(std::string text) {
  parsers::RawGame g;
  g.text = std::move(text);
  g.index = 1;
  g.first_line = 1;
  return g;
}

// The statistics' record options (commands without items: the reader's fast form), and the
// same with items (every comment through the general reader).
RecordOptions commands_only(bool items) {
  RecordOptions r;
  r.items = items;
  r.commands = true;
  return r;
}

ValidateOptions without_warnings() {
  ValidateOptions o;
  o.move_warnings = false;
  return o;
}

// The comment commands a statistics run keeps (no items: the reader reads the usual comments
// itself, analysis/checking/validate.cpp) are those of a run that keeps the comments as text
// (every comment through the general reader), on comments of every shape: usual ones, two
// for one move, a repeated command, another command after usual ones, a comment without any
// value before one with values, a comment over two lines, one in a variation, and clocks in
// the fixed form and in others (tenths, two-digit hours, a bad minute).
TEST(ValidateCommands, TheReadersFastFormGivesTheGeneralReadersValues) {
  const parsers::RawGame g = game_of(
      "[Event \"E\"]\n[Result \"*\"]\n\n{ [%clk 0:05:00] } "
      "1. e4 { [%eval 0.17] [%clk 0:04:58] } 1... e5 { [%clk 0:04:59] } { [%eval -0.3] } "
      "2. Nf3 { [%clk 0:04:50] [%clk 0:01:00] } 2... Nc6 { [%clk 0:04:40] [%csl Ra1] [%emt "
      "0:00:03] } 3. Bb5 { } { no value } 3... a6 { [%clk 10:00:00.5] [%eval #-3] } "
      "4. Ba4 { [%eval 1.5,20]\n[%clk 0:04:30] } 4... Nf6 ( 4... d6 { [%clk 0:00:01] } ) "
      "{ [%clk 0:61:00] } 5. O-O { text [%clk 0:04:20] } { [%emt 0:00:07] [%eval -0.05] } *\n");
  const ValidateOptions o = without_warnings();
  const RecordOptions stats = commands_only(false), text = commands_only(true);
  GameRecord fast, general;
  ASSERT_TRUE(validate_game(g, o, fast, stats).valid());
  ASSERT_TRUE(validate_game(g, o, general, text).valid());
  ASSERT_EQ(fast.commands.size(), general.commands.size());
  for (std::size_t i = 0; i < fast.commands.size(); ++i) {
    SCOPED_TRACE(i);
    const auto& a = fast.commands[i];
    const auto& b = general.commands[i];
    EXPECT_EQ(a.ply, b.ply);
    EXPECT_EQ(a.commands.clock_ms, b.commands.clock_ms);
    EXPECT_EQ(a.commands.elapsed_ms, b.commands.elapsed_ms);
    EXPECT_EQ(a.commands.has_eval, b.commands.has_eval);
    EXPECT_EQ(a.commands.mate, b.commands.mate);
    EXPECT_EQ(a.commands.eval, b.commands.eval);
    EXPECT_EQ(a.commands.depth, b.commands.depth);
  }
  // By hand: ply 0 clock 300 s; ply 1 eval 17 and 298 s; ply 2 299 s then eval -30; ply 3
  // the first clock; ply 4 the clock and 3 s; ply 5 nothing; ply 6 36000.5 s and mate -3;
  // ply 7 eval 150 at depth 20 and 270 s; ply 8 nothing readable (the variation's clock is
  // not the main line's; 0:61:00 is malformed); ply 9 260 s, 7 s and -5.
  std::vector<std::pair<int, std::int32_t>> clocks;
  for (const auto& c : fast.commands) clocks.push_back({c.ply, c.commands.clock_ms});
  const std::int32_t none = parsers::CommentCommands::kNone;
  EXPECT_EQ(clocks, (std::vector<std::pair<int, std::int32_t>>{{0, 300000},
                                                               {1, 298000},
                                                               {2, 299000},
                                                               {3, 290000},
                                                               {4, 280000},
                                                               {6, 36000500},
                                                               {7, 270000},
                                                               {9, 260000}}));
  EXPECT_EQ(fast.commands[2].commands.eval, -30);
  EXPECT_EQ(fast.commands[4].commands.elapsed_ms, 3000);
  EXPECT_TRUE(fast.commands[5].commands.mate);
  EXPECT_EQ(fast.commands[5].commands.eval, -3);
  EXPECT_EQ(fast.commands[6].commands.depth, 20);
  EXPECT_EQ(fast.commands[7].commands.eval, -5);
  EXPECT_NE(fast.commands[7].commands.elapsed_ms, none);
}

// The reader counts the moves it reads, the checker those it plays: after an illegal move the
// comments of the moves read but not played are dropped, as the general reader drops them.
TEST(ValidateCommands, TheReadersFastFormStopsAtAnIllegalMove) {
  const parsers::RawGame g = game_of(
      "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:59] } "
      "2. Ke3 { [%clk 0:04:50] } 2... Nc6 { [%clk 0:04:40] } 3. Nf3 { [%eval 0.2] } *\n");
  const ValidateOptions o = without_warnings();
  for (const RecordOptions& ro : {commands_only(false), commands_only(true)}) {
    SCOPED_TRACE(ro.items ? "general" : "fast");
    GameRecord r;
    EXPECT_FALSE(validate_game(g, o, r, ro).valid());
    std::vector<std::pair<int, std::int32_t>> clocks;
    for (const auto& c : r.commands) clocks.push_back({c.ply, c.commands.clock_ms});
    EXPECT_EQ(clocks, (std::vector<std::pair<int, std::int32_t>>{{1, 300000}, {2, 299000}}));
  }
}

}  // namespace
}  // namespace fairykit::analysis
