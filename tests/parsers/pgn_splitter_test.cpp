// GameSplitter: game boundaries, exact line numbers and offsets, lossless texts (their
// concatenation is the input less a BOM), resynchronisation, the size limit, and the
// corpus files of tests/data/corpus.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "parsers/pgn.h"

namespace fairykit::parsers {
namespace {

// A ByteSource over a string that hands out at most `max_read` bytes per read (to put chunk
// boundaries everywhere), and can fail after `fail_after` bytes.
class StringSource : public ByteSource {
 public:
  explicit StringSource(std::string data, std::size_t max_read = std::size_t(-1),
                        std::size_t fail_after = std::size_t(-1))
      : data_(std::move(data)), max_read_(max_read), fail_after_(fail_after) {}
  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) override {
    if (pos_ >= fail_after_) return absl::DataLossError("test.pgn.gz: corrupt gzip data");
    std::size_t n = std::min({size, max_read_, data_.size() - pos_, fail_after_ - pos_});
    std::memcpy(buffer, data_.data() + pos_, n);
    pos_ += n;
    return n;
  }
  const std::string& name() const override { return name_; }
  Compression compression() const override { return Compression::kNone; }
  std::uint64_t raw_bytes_read() const override { return pos_; }
  std::uint64_t raw_size() const override { return data_.size(); }

 private:
  std::string data_;
  std::string name_ = "test.pgn";
  std::size_t max_read_;
  std::size_t fail_after_;
  std::size_t pos_ = 0;
};

std::vector<RawGame> SplitOneWay(const std::string& text, SplitterOptions options,
                                 std::size_t max_read) {
  StringSource source(text, max_read);
  GameSplitter splitter(source, options);
  std::vector<RawGame> games;
  for (RawGame game;;) {
    absl::StatusOr<bool> more = splitter.next(game);
    EXPECT_TRUE(more.ok()) << more.status();
    if (!more.ok() || !*more) break;
    games.push_back(game);
    if (games.size() > text.size() + 1) {
      ADD_FAILURE() << "the splitter does not stop";
      break;
    }
  }
  return games;
}

// The games of `text`, split line by line (SplitterOptions::plain_games_fast off): the
// reference. Every call also splits with the fast cut of plain games on and expects the
// same games, field by field, so that each test of this file tests both ways.
std::vector<RawGame> Split(const std::string& text, SplitterOptions options = {},
                           std::size_t max_read = std::size_t(-1)) {
  options.plain_games_fast = false;
  std::vector<RawGame> games = SplitOneWay(text, options, max_read);
  options.plain_games_fast = true;
  const std::vector<RawGame> fast = SplitOneWay(text, options, max_read);
  EXPECT_EQ(fast.size(), games.size()) << "with plain_games_fast";
  for (std::size_t i = 0; i < std::min(fast.size(), games.size()); ++i) {
    const RawGame &a = games[i], &b = fast[i];
    EXPECT_EQ(b.text, a.text) << "game " << i + 1 << " with plain_games_fast";
    EXPECT_EQ(b.index, a.index) << "game " << i + 1 << " with plain_games_fast";
    EXPECT_EQ(b.first_line, a.first_line) << "game " << i + 1 << " with plain_games_fast";
    EXPECT_EQ(b.offset, a.offset) << "game " << i + 1 << " with plain_games_fast";
    EXPECT_EQ(b.skipped, a.skipped) << "game " << i + 1 << " with plain_games_fast";
    EXPECT_EQ(b.notes.size(), a.notes.size()) << "game " << i + 1 << " with plain_games_fast";
    for (std::size_t n = 0; n < std::min(a.notes.size(), b.notes.size()); ++n) {
      EXPECT_EQ(b.notes[n].message, a.notes[n].message) << "game " << i + 1;
      EXPECT_EQ(b.notes[n].where.line, a.notes[n].where.line) << "game " << i + 1;
      EXPECT_EQ(b.notes[n].where.column, a.notes[n].where.column) << "game " << i + 1;
    }
  }
  return games;
}

std::vector<std::string> Texts(const std::vector<RawGame>& games) {
  std::vector<std::string> texts;
  for (const RawGame& g : games) texts.push_back(g.text);
  return texts;
}

std::string Concat(const std::vector<RawGame>& games) {
  std::string all;
  for (const RawGame& g : games) all += g.text;
  return all;
}

// Indices, offsets and (for plain inputs) first lines add up; a game over the size limit
// has no text, and its bytes are counted as skipped.
void ExpectConsistent(const std::vector<RawGame>& games, std::string_view input) {
  std::uint64_t offset = input.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(games[i].index, static_cast<std::int64_t>(i + 1));
    EXPECT_EQ(games[i].offset, offset) << "game " << i + 1;
    if (games[i].skipped != 0) {
      EXPECT_EQ(games[i].text, "") << "game " << i + 1;
    }
    EXPECT_TRUE(input.substr(offset, games[i].text.size()) == games[i].text) << "game " << i + 1;
    offset += games[i].text.size() + games[i].skipped;
  }
  EXPECT_EQ(offset, input.size());
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::filesystem::path Corpus(std::string_view sub) {
  return std::filesystem::path(FAIRYKIT_DATA_DIR) / "corpus" / std::string(sub);
}

// 1-based numbers of the lines that start with `prefix` ("\r\n" is one line end).
std::vector<std::int64_t> LinesStartingWith(std::string_view text, std::string_view prefix) {
  std::vector<std::int64_t> lines;
  std::int64_t line = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    if (text.substr(start, prefix.size()) == prefix) lines.push_back(line);
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
    ++line;
  }
  return lines;
}

TEST(PgnSplitter, TwoGames) {
  const std::string input =
      "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\n"
      "[Event \"B\"]\n\n1. d4 d5 0-1\n";
  const std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\n");
  EXPECT_EQ(games[1].text, "[Event \"B\"]\n\n1. d4 d5 0-1\n");
  EXPECT_EQ(games[0].first_line, 1);
  EXPECT_EQ(games[1].first_line, 7);
  EXPECT_EQ(games[1].offset, 50u);
  EXPECT_TRUE(games[0].notes.empty());
  ExpectConsistent(games, input);
}

TEST(PgnSplitter, EmptyAndBlankInputs) {
  EXPECT_TRUE(Split("").empty());
  EXPECT_TRUE(Split("\n\n  \t\r\n").empty());
  EXPECT_TRUE(Split("\xEF\xBB\xBF").empty());
  EXPECT_TRUE(Split("\xEF\xBB").size() == 1u);  // not a BOM: a (broken) game
}

TEST(PgnSplitter, TrailingWhitespaceBelongsToTheLastGame) {
  const std::string input = "1. e4 *\n\n   \n\t";
  const std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].text, input);
  // Also for a game without a termination marker.
  EXPECT_EQ(Texts(Split("1. e4\n\n")), std::vector<std::string>{"1. e4\n\n"});
}

TEST(PgnSplitter, Bom) {
  const std::string input = "\xEF\xBB\xBF[Event \"A\"]\n\n*\n\n[Event \"B\"]\n\n*\n";
  const std::vector<RawGame> games = Split(input, {}, 1);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"A\"]\n\n*\n\n");
  EXPECT_EQ(games[0].offset, 3u);
  EXPECT_EQ(games[0].first_line, 1);
  EXPECT_EQ(games[1].first_line, 5);
  EXPECT_EQ(Concat(games), input.substr(3));
  // A BOM-like sequence later on is data.
  EXPECT_EQ(Split("*\n\xEF\xBB\xBF*\n").size(), 2u);
}

TEST(PgnSplitter, LineEnds) {
  // CRLF is one line end, and so is a lone CR.
  const std::string crlf = "[Event \"A\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"B\"]\r\n\r\n*\r\n";
  std::vector<RawGame> games = Split(crlf);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 5);
  EXPECT_EQ(games[0].text, "[Event \"A\"]\r\n\r\n1. e4 *\r\n\r\n");
  const std::string cr = "[Event \"A\"]\r\r1. e4 *\r\r[Event \"B\"]\r\r*\r";
  games = Split(cr);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 5);
  EXPECT_EQ(games[0].text, "[Event \"A\"]\r\r1. e4 *\r\r");
  // A CR at a chunk boundary, with the LF in the next read.
  for (std::size_t chunk : {1u, 2u, 3u, 5u}) {
    games = Split(crlf, SplitterOptions{64u << 20, chunk});
    ASSERT_EQ(games.size(), 2u) << chunk;
    EXPECT_EQ(games[1].first_line, 5) << chunk;
    EXPECT_EQ(Concat(games), crlf);
  }
}

TEST(PgnSplitter, HeaderOnlyGames) {
  // A blank line after tags, then [Event: a new game.
  const std::string input =
      "[Event \"A\"]\n[Site \"x\"]\n \n\n[Event \"B\"]\n[Site \"y\"]\n\n1. e4 *\n";
  std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"A\"]\n[Site \"x\"]\n \n\n");
  EXPECT_EQ(games[1].first_line, 5);
  // A tag the section already holds starts a new one too.
  games = Split("[Site \"x\"]\n[Result \"*\"]\n\n[Site \"y\"]\n\n*\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 4);
  // So do two blank lines.
  EXPECT_EQ(Split("[Site \"x\"]\n\n\n[Date \"y\"]\n\n*\n").size(), 2u);
  // One blank line inside a tag section (ChessBase) is not a boundary.
  games = Split("[Event \"A\"]\n\n[Date \"2017.12.04\"]\n[Round \"1\"]\n\n1. e4 0-1\n");
  ASSERT_EQ(games.size(), 1u);
  // Tags after movetext always start a new game.
  games = Split("[Event \"A\"]\n\n1. e4 e5\n[Event \"B\"]\n\n1. d4 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"A\"]\n\n1. e4 e5\n");
  EXPECT_TRUE(games[0].notes.empty());
  EXPECT_EQ(games[1].first_line, 4);
  games = Split("1. e4 e5\n  [Event \"B\"]\n*\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 2);
}

TEST(PgnSplitter, MultiLineTagPair) {
  // parsertest-1.pgn writes a tag pair over four lines; none of them is movetext.
  const std::string input =
      "[Event \"?\"]\n     [  Result     \"1-0\"   ] [\n     ECO\n     \"B01\"\n     ]\n"
      "[Escape \"x\"]\n\n1. e4 1-0\n";
  EXPECT_EQ(Split(input).size(), 1u);
}

TEST(PgnSplitter, TaglessGames) {
  const std::string input = "1. e4 e5 1-0\n\n1. d4 d5\n\n0-1\n\n1. c4 *";
  const std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[1].text, "1. d4 d5\n\n0-1\n\n");
  EXPECT_EQ(games[2].first_line, 7);
}

TEST(PgnSplitter, MarkersThatDoNotEndAGame) {
  // In a comment, a ;comment, a variation, a %-escape line, glued to a move: not the end.
  const std::string input =
      "1. e4 {1-0} e5 ; 0-1\n% 1/2-1/2\n2. Nf3 (2. d4 1-0 *) Nc6 3. Qh5+1-0 Bb4 1/2-1/2x\n"
      "4. a3 * 5. b4\n[Event \"B\"]\n*\n";
  const std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text,
            "1. e4 {1-0} e5 ; 0-1\n% 1/2-1/2\n2. Nf3 (2. d4 1-0 *) Nc6 3. Qh5+1-0 "
            "Bb4 1/2-1/2x\n4. a3 * 5. b4\n");
  // ";" comment and "%" lines after the marker belong to the game (TCEC's summaries).
  const std::string tcec = "1. e4 1/2-1/2 \n; summary\n\n% x\n\n[Event \"B\"]\n*\n";
  EXPECT_EQ(Texts(Split(tcec))[0], "1. e4 1/2-1/2 \n; summary\n\n% x\n\n");
  // The rest of the marker's line belongs to the game.
  EXPECT_EQ(Texts(Split("1. e4 1-0 {x} garbage\n2. e4 *\n"))[0], "1. e4 1-0 {x} garbage\n");
}

TEST(PgnSplitter, UnterminatedCommentResynchronises) {
  const std::string input =
      "[Event \"Bad\"]\n\n1. e4 {never closed\n2. d4 *\n\n[Event \"Good\"]\n\n1. e4 e5 1-0\n";
  std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"Bad\"]\n\n1. e4 {never closed\n2. d4 *\n\n");
  ASSERT_EQ(games[0].notes.size(), 1u);
  EXPECT_EQ(games[0].notes[0].severity, Severity::kError);
  EXPECT_EQ(games[0].notes[0].message, "unterminated comment");
  EXPECT_EQ(games[0].notes[0].where.line, 3);
  EXPECT_EQ(games[0].notes[0].where.column, 7);
  EXPECT_EQ(games[1].first_line, 6);
  EXPECT_TRUE(games[1].notes.empty());
  // Not for a tag-like line that is not a whole tag pair in column 1.
  games = Split("1. e4 {x\n [Event \"A\"]\n[%clk 0:01]\n[Event x]\n} e5 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].notes.empty());
  // At the end of the input.
  games = Split("[Event \"A\"]\n\n1. e4 e5\n2. Nf3 {x\ny");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].notes.size(), 1u);
  EXPECT_EQ(games[0].notes[0].message, "unterminated comment");
  EXPECT_EQ(games[0].notes[0].where.line, 4);
  EXPECT_EQ(games[0].notes[0].where.column, 8);
}

TEST(PgnSplitter, UnbalancedVariationResynchronises) {
  const std::string input =
      "[Event \"Bad\"]\n\n1. e4 (1. d4 (1. c4) e5 2. Nf3 *\n[Event \"Good\"]\n\n1. e4 1-0\n";
  std::vector<RawGame> games = Split(input);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[0].notes.size(), 1u);
  EXPECT_EQ(games[0].notes[0].message, "unterminated variation");
  EXPECT_EQ(games[0].notes[0].where.line, 3);
  EXPECT_EQ(games[0].notes[0].where.column, 7);
  EXPECT_EQ(games[1].first_line, 4);
  // A '[' line in a variation that is not a tag pair does not end the game.
  EXPECT_EQ(Split("1. e4 (1. d4\n[%x]\n) e5 *\n").size(), 1u);
  // At the end of the input.
  games = Split("1. e4 (1. d4\n");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].notes.size(), 1u);
  EXPECT_EQ(games[0].notes[0].message, "unterminated variation");
  EXPECT_EQ(games[0].notes[0].where.column, 7);
}

// A game over the size limit is one invalid game: skipped whole up to
// where it would have ended without the limit, not held in memory, reported with its byte
// range; the games after it are found as usual.
std::string Oversize(std::uint64_t from, std::uint64_t to, std::string_view limit = "100-byte",
                     std::string_view flag = "") {
  return absl::StrFormat(
      "game exceeds the %s limit%s: bytes %d to %d of the input skipped (%d bytes, not kept, so "
      "not in any output)",
      limit, flag.empty() ? std::string() : absl::StrFormat(" (%s)", flag), from, to - 1,
      to - from);
}

TEST(PgnSplitter, OversizedGameIsOneInvalidGame) {
  // A 100-byte limit over a game of ~300 bytes in lines of 30, then a good game.
  std::string big = "[Event \"Big\"]\n\n";
  for (int i = 1; i <= 10; ++i) big += std::to_string(i) + ". e4 e5 {a comment here}\n";
  big += "1-0\n\n";
  const std::string next = "[Event \"Next\"]\n\n1. d4 *\n";
  const std::string input = "[Event \"First\"]\n\n*\n\n" + big + next;
  SplitterOptions options;
  options.max_game_bytes = 100;
  for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{4096}}) {
    SCOPED_TRACE(chunk);
    options.read_chunk = chunk;
    const std::vector<RawGame> games = Split(input, options);
    ASSERT_EQ(games.size(), 3u);
    ExpectConsistent(games, input);
    EXPECT_EQ(games[0].text, "[Event \"First\"]\n\n*\n\n");
    EXPECT_EQ(games[1].text, "");
    EXPECT_EQ(games[1].skipped, big.size());
    EXPECT_EQ(games[1].first_line, 5);
    ASSERT_EQ(games[1].notes.size(), 1u);
    EXPECT_EQ(games[1].notes[0].severity, Severity::kError);
    EXPECT_EQ(games[1].notes[0].message, Oversize(20, 20 + big.size()));
    EXPECT_EQ(games[1].notes[0].where.line, 5);
    EXPECT_EQ(games[1].notes[0].where.column, 1);
    EXPECT_EQ(games[2].text, next);
    EXPECT_EQ(games[2].first_line, 19);
    EXPECT_TRUE(games[2].notes.empty());
  }
  // The tool names its flag; MiB limits are written so.
  options.read_chunk = 1u << 20;
  options.limit_flag = "--max-game-size";
  std::string huge = "1. e4 {";
  huge += std::string(3u << 20, 'x') + "}\n*\n";
  options.max_game_bytes = 2u << 20;
  const std::vector<RawGame> games = Split(huge + next, options);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[0].notes.size(), 1u);
  EXPECT_EQ(games[0].notes[0].message, Oversize(0, huge.size(), "2 MiB", "--max-game-size"));
  EXPECT_EQ(games[1].text, next);
}

TEST(PgnSplitter, OversizedGameEndsWhereItWouldHaveEnded) {
  SplitterOptions options;
  options.max_game_bytes = 40;
  const std::string next = "[Event \"Next\"]\n\n*\n";
  const std::string lines = "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n5. O-O Be7\n";
  const std::string cases[] = {
      // Movetext up to the termination marker, with the ;-comment after it.
      "[Event \"A\"]\n\n" + lines + "1-0\n; summary\n\n",
      // An unterminated comment: up to the next tag pair line.
      "[Event \"A\"]\n\n1. e4 {open\n" + lines + "\n",
      // No termination marker: up to the next tag section.
      "1. e4 (1. d4 d5) e5\n" + lines,
      // A tag section longer than the limit: up to the next Event (or two blank lines).
      "[Event \"A\"]\n[Site \"?\"]\n\n[Date \"?\"]\n\n[Round \"?\"]\n[White \"W\"]\n\n",
      // A line longer than the limit, in the middle of the game, and at its start.
      "1. e4 e5\n{" + std::string(300, 'c') + "} 2. d4\n" + lines,
      std::string(300, 'x') + "\n" + lines + "*\n",
      // Lone CRs and CRLF (a CR at a chunk boundary must not end a line twice).
      "[Event \"A\"]\r\r1. e4 e5 2. Nf3 Nc6\r" + std::string(200, 'y') + "\r*\r\r",
      "[Event \"A\"]\r\n\r\n1. e4 e5 2. Nf3 Nc6\r\n" + std::string(200, 'y') + "\r\n*\r\n",
  };
  for (const std::string& big : cases) {
    // Line ends: "\r\n" is one, and so is a lone '\r'.
    std::int64_t next_line = 1;
    for (std::size_t i = 0; i < big.size(); ++i)
      next_line +=
          big[i] == '\n' || (big[i] == '\r' && (i + 1 == big.size() || big[i + 1] != '\n'));
    for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{16}, std::size_t{1000}}) {
      SCOPED_TRACE(testing::Message() << chunk << " " << big);
      options.read_chunk = chunk;
      const std::string input = big + next;
      const std::vector<RawGame> games = Split(input, options);
      ASSERT_EQ(games.size(), 2u);
      ExpectConsistent(games, input);
      EXPECT_EQ(games[0].skipped, big.size());
      ASSERT_EQ(games[0].notes.size(), 1u);
      EXPECT_EQ(games[0].notes[0].message, Oversize(0, big.size(), "40-byte"));
      EXPECT_EQ(games[1].text, next);
      EXPECT_EQ(games[1].first_line, next_line);
      EXPECT_TRUE(games[1].notes.empty());
    }
  }
}

TEST(PgnSplitter, GarbageAndLongLines) {
  // 10 MB in one line without a line end, with a 1 MB limit: one game, skipped whole; the
  // splitter's buffer stays near the limit (checked with RLIMIT_AS in the tools' tests).
  std::string garbage(10u << 20, 'a');
  SplitterOptions options;
  options.max_game_bytes = 1u << 20;
  std::vector<RawGame> games = Split(garbage, options);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].skipped, garbage.size());
  EXPECT_EQ(games[0].notes[0].message, Oversize(0, garbage.size(), "1 MiB"));
  // The same with NUL bytes (a disk image), read in small pieces.
  std::string zeros(3u << 20, '\0');
  games = Split(zeros, options, 4096);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].skipped, zeros.size());

  // Random bytes: no crash, no hang, nothing lost, whatever the chunk size.
  std::mt19937 rng(20240601);
  std::string random(1u << 20, '\0');
  for (char& c : random) c = static_cast<char>(rng() & 0xff);
  for (std::size_t chunk : {1u << 20, 4096u, 7u}) {
    games = Split(random, SplitterOptions{64u << 20, chunk});
    EXPECT_EQ(Concat(games), random.substr(random.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0));
    ExpectConsistent(games, random);
  }
  // Every byte value, and bytes that look like PGN.
  std::string all;
  for (int i = 0; i < 256; ++i) all += static_cast<char>(i);
  const std::string mix = all + "[Event \"x\"]\n{(1-0\n" + all + ")}*\r\r\n" + all;
  for (std::size_t chunk : {1u, 3u, 1024u}) {
    games = Split(mix, SplitterOptions{64u << 20, chunk});
    EXPECT_EQ(Concat(games), mix);
    ExpectConsistent(games, mix);
  }
}

TEST(PgnSplitter, SmallLimitsOverRandomPgnAccountForEveryByte) {
  // Random lines of PGN pieces and noise (CR, CRLF, NUL, long lines) under small limits and
  // chunk sizes: every byte is in exactly one game (its text, or its skipped range), each
  // game over the limit has exactly one note, and no game kept is over the limit.
  const std::vector<std::string> pieces = {"[Event \"x\"]",
                                           "[Site \"y\"]",
                                           "",
                                           "1. e4 e5",
                                           "{comment",
                                           "}",
                                           "(",
                                           ")",
                                           "1-0",
                                           "*",
                                           "; c",
                                           "%e",
                                           "[%clk 1]",
                                           std::string(90, 'z'),
                                           std::string("\0\0\0", 3),
                                           "  ",
                                           "2. Nf3 {a} (2. d4 d5) Nc6 1/2-1/2"};
  const std::vector<std::string> ends = {"\n", "\r\n", "\r"};
  std::mt19937 rng(20261123);
  for (int round = 0; round < 40; ++round) {
    std::string input;
    for (int i = 0; i < 300; ++i) input += pieces[rng() % pieces.size()] + ends[rng() % 3];
    for (std::size_t max : {std::size_t{30}, std::size_t{120}, std::size_t{1000}}) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{64}}) {
        SCOPED_TRACE(testing::Message() << round << " " << max << " " << chunk);
        const std::vector<RawGame> games = Split(input, SplitterOptions{max, chunk});
        ExpectConsistent(games, input);
        for (const RawGame& g : games) {
          if (g.skipped != 0) {
            EXPECT_GT(g.skipped, max);
            ASSERT_EQ(g.notes.size(), 1u);
            EXPECT_EQ(g.notes[0].where.line, g.first_line);
          } else {
            EXPECT_LE(g.text.size(), max);
          }
        }
        // The same games whatever the chunk size.
        const std::vector<RawGame> whole = Split(input, SplitterOptions{max, 1u << 20});
        ASSERT_EQ(whole.size(), games.size());
        for (std::size_t i = 0; i < games.size(); ++i) {
          EXPECT_EQ(whole[i].skipped, games[i].skipped) << i;
          EXPECT_TRUE(whole[i].text == games[i].text) << i;
        }
      }
    }
  }
}

TEST(PgnSplitter, ReadErrorIsReturned) {
  // The games that the bytes read before the error complete are delivered, then the error.
  // A game whose termination marker was read is complete (its trailing blank lines are
  // those read).
  const std::string input = "1. e4 *\n\n1. d4 *\n\n1. c4 *\n\n1. f4 *\n";
  struct Case {
    std::size_t fail_after, games, bytes;
  };
  for (const Case& c : {Case{12, 1, 9}, Case{10, 1, 9}, Case{8, 1, 8}, Case{7, 1, 7}, Case{6, 0, 0},
                        Case{20, 2, 18}, Case{0, 0, 0}}) {
    const std::size_t fail_after = c.fail_after;
    for (std::size_t chunk : {4u, 1000u}) {
      SCOPED_TRACE(testing::Message() << fail_after << " " << chunk);
      StringSource source(input, chunk, fail_after);
      GameSplitter splitter(source, SplitterOptions{64u << 20, chunk});
      RawGame game;
      std::string texts;
      std::size_t delivered = 0;
      absl::StatusOr<bool> more;
      while ((more = splitter.next(game)).ok() && *more) {
        ++delivered;
        texts += game.text;
      }
      EXPECT_EQ(delivered, c.games);
      EXPECT_EQ(texts, input.substr(0, c.bytes));
      ASSERT_FALSE(more.ok());
      EXPECT_EQ(more.status().code(), absl::StatusCode::kDataLoss);
      EXPECT_FALSE(splitter.next(game).ok());
      EXPECT_EQ(splitter.raw_bytes_read(), fail_after);
    }
  }
}

TEST(PgnSplitter, ReadErrorInAnOversizedGame) {
  // The error is returned; the game it cut short is not delivered (its end is unknown).
  std::string big = "[Event \"Big\"]\n\n";
  for (int i = 1; i <= 10; ++i) big += std::to_string(i) + ". e4 e5 {a comment here}\n";
  const std::string input = "1. e4 *\n\n" + big + "1-0\n";
  for (std::size_t chunk : {std::size_t{5}, std::size_t{1000}}) {
    StringSource source(input, chunk, 200);
    GameSplitter splitter(source, SplitterOptions{50, chunk});
    RawGame game;
    absl::StatusOr<bool> more = splitter.next(game);
    ASSERT_TRUE(more.ok() && *more);
    EXPECT_EQ(game.text, "1. e4 *\n\n");
    more = splitter.next(game);
    ASSERT_FALSE(more.ok());
    EXPECT_EQ(more.status().message(), "test.pgn.gz: corrupt gzip data");
  }
}

// Linear time whatever the shape of the input. No test is
// timed: the splitter counts the bytes its searches look at, and a linear splitter looks
// at each input byte a bounded number of times. Before the fix these shapes were quadratic
// (80,000 tag pairs between blank lines: 24 s for 1.1 MB).
TEST(PgnSplitterScaling, TagPairsBetweenSingleBlankLines) {
  std::string head = "[Event \"x\"]\n\n";
  for (int i = 0; i < 5000; ++i) head += "[T" + std::to_string(i) + " \"v\"]\n\n";
  // The section goes on over single blank lines; a tag it already holds starts a new game,
  // and so does Event.
  const std::vector<std::string> want = {head + "1. e4 *\n\n",
                                         "[T77 \"again\"]\n\n[T20000 \"v\"]\n\n*\n",
                                         head + "[Date \"?\"]\n\n", "[Event \"y\"]\n\n*\n"};
  std::string input;
  for (const std::string& text : want) input += text;
  for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{4096}}) {
    SCOPED_TRACE(chunk);
    StringSource source(input);
    GameSplitter splitter(source, SplitterOptions{64u << 20, chunk});
    std::vector<std::string> texts;
    for (RawGame game; *splitter.next(game);) texts.push_back(game.text);
    // (Not EXPECT_EQ on the texts: gtest's diff of two such strings needs gigabytes.)
    ASSERT_EQ(texts.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_TRUE(texts[i] == want[i]) << i;
    EXPECT_LE(splitter.bytes_scanned(), 3 * input.size());
  }
}

// Games of the plain shape are all cut in one pass, also those the end of a read chunk cuts
// in two (the splitter reads on first): no line-by-line search through the rest of the
// buffer at each chunk. From a source that gives few bytes a read (a pipe), the bytes moved
// and looked at again stay a small part of the input too.
TEST(PgnSplitterScaling, PlainGamesOverChunkEndsAreCutInOnePass) {
  std::string input;
  for (int i = 0; i < 3000; ++i)
    input += "[Event \"e" + std::to_string(i) +
             "\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 "
             "2. Nf3 { [%clk 0:02:58] } Nc6 3. Bb5 a6 1-0\n\n";
  for (const std::size_t max_read : {std::size_t(-1), std::size_t{4096}, std::size_t{1000}}) {
    SCOPED_TRACE(max_read);
    StringSource source(input, max_read);
    GameSplitter splitter(source, SplitterOptions{64u << 20, 16u << 10});
    std::size_t games = 0;
    for (RawGame game; *splitter.next(game);) ++games;
    EXPECT_EQ(games, 3000u);
    EXPECT_LE(splitter.bytes_scanned(), input.size() + input.size() / 8);
  }
}

TEST(PgnSplitterScaling, CarriageReturnsAndSemicolonComments) {
  // 200,000 lines ending in a lone CR, each a ;-comment (11.8 s for 800,000 lines before).
  std::string input = "[Event \"x\"]\r\r1. e4 e5\r";
  for (int i = 0; i < 200000; ++i) input += ";c\r";
  input += "*\r\r[Event \"y\"]\r\r*\r";
  StringSource source(input);
  GameSplitter splitter(source);
  std::vector<RawGame> games;
  for (RawGame game; *splitter.next(game);) games.push_back(game);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 200006);
  EXPECT_TRUE(Concat(games) == input);
  EXPECT_LE(splitter.bytes_scanned(), 3 * input.size());
}

// ---------------------------------------------------------------------------------------
// Corpus

struct CorpusCase {
  const char* file;
  std::size_t games;
};

TEST(PgnSplitterCorpus, EdgeCasesAndMisc) {
  // Game counts checked by reading the files: header-only games (empty_body,
  // no_moves_two_games) are games of their own; parsertest-1 ends with a tagless game;
  // chessbase-empty-line has a blank line inside its tag section.
  const CorpusCase cases[] = {
      {"edge-cases/backslash_header.pgn", 1},
      {"edge-cases/basic.pgn", 1},
      {"edge-cases/black2move.pgn", 1},
      {"edge-cases/book.pgn", 1},
      {"edge-cases/castling.pgn", 1},
      {"edge-cases/comment_before_moves.pgn", 1},
      {"edge-cases/corrupted.pgn", 1},
      {"edge-cases/empty_body.pgn", 2},
      {"edge-cases/multiple.pgn", 4},
      {"edge-cases/newline.pgn", 1},
      {"edge-cases/no_moves.pgn", 1},
      {"edge-cases/no_moves_but_comment_followed_by_termination_marker.pgn", 2},
      {"edge-cases/no_moves_but_game_termination.pgn", 1},
      {"edge-cases/no_moves_but_game_termination_2.pgn", 1},
      {"edge-cases/no_moves_but_game_termination_3.pgn", 1},
      {"edge-cases/no_moves_but_game_termination_multiple.pgn", 2},
      {"edge-cases/no_moves_but_game_termination_multiple_2.pgn", 3},
      {"edge-cases/no_moves_two_games.pgn", 2},
      {"edge-cases/no_result.pgn", 1},
      {"edge-cases/non_ascii.pgn", 1},
      {"edge-cases/parsertest-1.pgn", 2},
      {"edge-cases/scannertest-1.pgn", 2},
      {"edge-cases/skip.pgn", 2},
      {"edge-cases/square_bracket_in_header.pgn", 1},
      {"edge-cases/threefold_repetition.pgn", 1},
      {"edge-cases/unescaped_quote_header.pgn", 1},
      {"edge-cases/variations.pgn", 1},
      {"misc/anastasian-lewis.pgn", 1},
      {"misc/antichess-programfox.pgn", 2},
      {"misc/chessbase-empty-line.pgn", 1},
      {"misc/cutechess-fischerrandom.pgn", 4},
      {"misc/kasparov-deep-blue-1997.pgn", 6},
      {"misc/knightvuillaume-jannlee-zh-lichess.pgn", 1},
      {"misc/molinari-bordais-1979.pgn", 1},
      {"misc/nepomniachtchi-liren-game1.pgn", 1},
      {"misc/saturs-jannlee-zh-lichess.pgn", 1},
      {"misc/stockfish-learning.pgn", 1},
      {"misc/uci-moves.pgn", 1},
      {"misc/utf8-bom.pgn", 2},
  };
  // Every file of the two folders is in the table.
  std::size_t files = 0;
  for (const char* dir : {"edge-cases", "misc"}) {
    for (const auto& entry : std::filesystem::directory_iterator(Corpus(dir))) {
      ++files;
      const std::string name = std::string(dir) + "/" + entry.path().filename().string();
      EXPECT_TRUE(std::any_of(std::begin(cases), std::end(cases),
                              [&](const CorpusCase& c) { return name == c.file; }))
          << name << " is not in the table";
    }
  }
  EXPECT_EQ(files, std::size(cases));

  for (const CorpusCase& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string input = ReadFile(Corpus(c.file));
    const std::vector<RawGame> games = Split(input);
    EXPECT_EQ(games.size(), c.games);
    const bool bom = input.substr(0, 3) == "\xEF\xBB\xBF";
    EXPECT_EQ(Concat(games), input.substr(bom ? 3 : 0));
    ExpectConsistent(games, input);
    for (const RawGame& g : games) EXPECT_TRUE(g.notes.empty());
    // The same games whatever the chunk size.
    for (std::size_t chunk : {1u, 2u, 3u, 7u, 64u}) {
      EXPECT_EQ(Texts(Split(input, SplitterOptions{64u << 20, chunk})), Texts(games)) << chunk;
    }
    EXPECT_EQ(Texts(Split(input, {}, 5)), Texts(games));
  }
}

TEST(PgnSplitterCorpus, ChosenFirstLines) {
  const std::string scanner = ReadFile(Corpus("edge-cases/scannertest-1.pgn"));
  std::vector<RawGame> games = Split(scanner);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 20);
  const std::string parser = ReadFile(Corpus("edge-cases/parsertest-1.pgn"));
  games = Split(parser);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 28);
  EXPECT_EQ(games[1].text.substr(0, 12), "1. e2e4 d7d5");
  const std::string empty_body = ReadFile(Corpus("edge-cases/empty_body.pgn"));
  games = Split(empty_body);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].first_line, 10);
  const std::string bom = ReadFile(Corpus("misc/utf8-bom.pgn"));
  games = Split(bom);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].first_line, 1);
  EXPECT_EQ(games[1].first_line, 14);
  const std::string multiple2 =
      ReadFile(Corpus("edge-cases/no_moves_but_game_termination_multiple_2.pgn"));
  games = Split(multiple2);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[1].first_line, 6);
  EXPECT_EQ(games[2].first_line, 11);
}

// The two plain standard archives: one game per "[Event " line, starting on that line.
void CheckStandard(const char* file, std::size_t expected_games) {
  SCOPED_TRACE(file);
  const std::string input = ReadFile(Corpus(file));
  const std::vector<RawGame> games = Split(input);
  const std::vector<std::int64_t> events = LinesStartingWith(input, "[Event ");
  EXPECT_EQ(events.size(), expected_games);
  ASSERT_EQ(games.size(), expected_games);
  EXPECT_EQ(Concat(games), input);
  ExpectConsistent(games, input);
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(games[i].first_line, events[i]) << "game " << i + 1;
    EXPECT_TRUE(games[i].notes.empty()) << "game " << i + 1;
  }
  // Small chunks and a small source read size give the same games.
  EXPECT_EQ(Texts(Split(input, SplitterOptions{64u << 20, 1000}, 333)), Texts(games));
}

TEST(PgnSplitterCorpus, Twic) { CheckStandard("standard/twic0920.pgn", 2245); }

TEST(PgnSplitterCorpus, CarlsenCrlf) {
  CheckStandard("standard/Carlsen.pgn", 1782);
  const std::string input = ReadFile(Corpus("standard/Carlsen.pgn"));
  ASSERT_NE(input.find("\r\n"), std::string::npos);
  const std::vector<RawGame> games = Split(input);
  EXPECT_EQ(games[1].first_line, 17);
  EXPECT_EQ(games[1].offset, 470u);  // `head -16 Carlsen.pgn | wc -c`
  EXPECT_EQ(games.back().first_line, 33445);
}

// Blank lines are made of spaces, tabs, vertical tabs and form feeds (fuzz finding
// corpus/pgn/regress-vertical-tab-only): an input of blank lines only holds no game, and
// blank lines before a game are the start of its text.
TEST(PgnSplitter, VerticalTabsAndFormFeedsAreBlank) {
  EXPECT_TRUE(Split("\v").empty());
  EXPECT_TRUE(Split(" \t\v\f\r\n\f\n\v").empty());
  const std::string text = "\v\n\f\n[Event \"x\"]\n\n1. e4 *\n\v\n";
  const std::vector<RawGame> games = Split(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].text, text);
  EXPECT_EQ(games[0].first_line, 1);
  EXPECT_EQ(Split("\v[Event \"x\"]\n").size(), 1u);  // not blank: a line with a tag
}

// plain_game_extent, the fast count of the MPI plan: at every game boundary GameSplitter
// finds, it gives GameSplitter's game exactly (its bytes with the blank lines after it, and
// the '\n' in them) or declines. `min_fast` of the games must be taken the fast way.
void ExpectFastCountAgrees(const std::string& input, std::size_t min_fast,
                           SplitterOptions options = {}) {
  const std::vector<RawGame> games = Split(input, options);
  std::size_t fast = 0;
  for (const RawGame& g : games) {
    const std::optional<PlainGameExtent> e = plain_game_extent(
        std::string_view(input).substr(std::size_t(g.offset)), options.max_game_bytes);
    if (!e) continue;
    ++fast;
    EXPECT_EQ(g.skipped, 0u) << "game " << g.index;
    EXPECT_EQ(e->size, g.text.size()) << "game " << g.index << " at " << g.offset;
    EXPECT_EQ(e->line_ends, std::count(g.text.begin(), g.text.end(), '\n')) << "game " << g.index;
  }
  EXPECT_GE(fast, min_fast);
}

TEST(PlainGameExtent, TakesTheCommonShapeAndDeclinesTheRest) {
  const std::string game = "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
  const auto at = [](std::string_view text, std::size_t max = 64u << 20) {
    return plain_game_extent(text, max);
  };
  // A game followed by a line: its bytes, blank lines included, and its 5 line ends.
  std::optional<PlainGameExtent> e = at(game + game);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->size, game.size());
  EXPECT_EQ(e->line_ends, 5);
  // Comments (over lines too), ;-comments, ')' alone, '%' lines in movetext, castling and
  // results inside comments are read; '*' ends the movetext.
  const std::string rich =
      "[Event \"B\"]\n\n1. e4 {a 1-0 comment\nover (two) lines} e5 ; rest 0-1\n%escape 1-0\n"
      "2. O-O ) 0-1 {after}\n; summary\n\n";
  e = at(rich + game);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->size, rich.size());
  e = at("[Event \"C\"]\n\n1. e4 *\n" + game);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->size, std::string("[Event \"C\"]\n\n1. e4 *\n").size());
  // A game without a termination marker ends before the next tag line.
  e = at("[Event \"D\"]\n\n1. e4 e5\n" + game);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->size, std::string("[Event \"D\"]\n\n1. e4 e5\n").size());
  EXPECT_EQ(e->line_ends, 3);
  // Declined: the end of the input, '\r', a variation, a tag line after a blank line in the
  // tag section, a tag pair over two lines, a '[' line inside a comment, leading blanks,
  // a '%' line among the tags, a game or a line over the limit.
  EXPECT_FALSE(at(game));
  EXPECT_FALSE(at("[Event \"A\"]\r\n\r\n1. e4 1-0\r\n\r\n" + game));
  EXPECT_FALSE(at("[Event \"A\"]\n\n1. e4 (1. d4) 1-0\n\n" + game));
  EXPECT_FALSE(at("[Event \"A\"]\n\n[Date \"?\"]\n\n1. e4 1-0\n\n" + game));
  EXPECT_FALSE(at("[Event \"A\n\"]\n\n1. e4 1-0\n\n" + game));
  EXPECT_FALSE(at("[Event \"A\"]\n\n1. e4 {\n[White \"x\"]\n} 1-0\n\n" + game));
  EXPECT_FALSE(at(" [Event \"A\"]\n\n1. e4 1-0\n\n" + game));
  EXPECT_FALSE(at("[Event \"A\"]\n%x\n\n1. e4 1-0\n\n" + game));
  EXPECT_FALSE(at(game + game, game.size() - 1));
  EXPECT_TRUE(at(game + game, game.size()));
  EXPECT_FALSE(at("\xEF\xBB\xBF" + game + game));  // a BOM is not the start of a game
  // The input ending right after a line: declined without reading past it, also inside a
  // comment (fast_count_fuzz, corpus/fast_count/regress-comment-open-at-the-end: the byte
  // after the last line end was read).
  // (In buffers of exactly their size, so that AddressSanitizer sees a read past them.)
  for (const std::string& text : {std::string("[Event \"A\"]\n\n1. e4 {open\n"), game}) {
    const std::vector<char> exact(text.begin(), text.end());
    EXPECT_FALSE(at(std::string_view(exact.data(), exact.size()))) << text;
  }
}

TEST(PlainGameExtent, AgreesWithTheSplitterOnTheCorpus) {
  // TWIC: every game but the last (nothing follows it) is taken the fast way.
  ExpectFastCountAgrees(ReadFile(Corpus("standard/twic0920.pgn")), 2244);
  ExpectFastCountAgrees(ReadFile(Corpus("standard/twic0920.pgn")), 0, SplitterOptions{2000});
  // CRLF: declined; the others: whatever their shapes.
  ExpectFastCountAgrees(ReadFile(Corpus("standard/Carlsen.pgn")), 0);
  for (const char* sub : {"edge-cases", "misc", "tcec"}) {
    if (!std::filesystem::exists(Corpus(sub))) continue;
    for (const auto& f : std::filesystem::directory_iterator(Corpus(sub)))
      if (f.path().extension() == ".pgn") {
        SCOPED_TRACE(f.path().string());
        ExpectFastCountAgrees(ReadFile(f.path()), 0);
      }
  }
}

// Random inputs made of the pieces the rules turn on: the fast count agrees with the
// splitter at every boundary, and takes a good part of the games.
TEST(PlainGameExtent, AgreesWithTheSplitterOnRandomPieces) {
  const std::vector<std::string> pieces = {
      "[Event \"x\"]\n", "[Site \"y\"]\n", "[Event \"x\"]\n", "\n", "\n", "1. e4 e5 ", "2. O-O ",
      "1-0\n", "0-1 ", "1/2-1/2\n", "*\n", "{c}", "{open\n", "close} ", "; rest\n", "%esc\n",
      "(v) ", ")", "Qh5+1-0 ", "a1-0 ", "\r\n", "  \n", "\t[Event \"z\"]\n", "[Date \"?\"]\n",
      "[Event \"x\"\n", "[Event \"x\"] \n", "1-0", "12/",
      // Online archives' comments, and braces that
      // do not open or close one.
      "{ [%clk 0:01:02] } ", "3... Nf6 { [%eval -0.25] [%clk 0:00:59.5] } ", "{a{b} ", "} "};
  std::mt19937 rng(15);
  std::size_t fast_games = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string input;
    const int n = 5 + int(rng() % 60);
    for (int i = 0; i < n; ++i) input += pieces[rng() % pieces.size()];
    const SplitterOptions options{round % 4 == 0 ? std::size_t(40) : std::size_t(64u << 20)};
    const std::vector<RawGame> games = Split(input, options);
    for (const RawGame& g : games) {
      const std::optional<PlainGameExtent> e = plain_game_extent(
          std::string_view(input).substr(std::size_t(g.offset)), options.max_game_bytes);
      if (!e) continue;
      ++fast_games;
      ASSERT_EQ(g.skipped, 0u) << input;
      ASSERT_EQ(e->size, g.text.size()) << "game " << g.index << " of:\n" << input;
      ASSERT_EQ(e->line_ends, std::count(g.text.begin(), g.text.end(), '\n')) << input;
    }
  }
  EXPECT_GT(fast_games, 1000u);
}

}  // namespace
}  // namespace fairykit::parsers
