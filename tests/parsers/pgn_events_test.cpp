// parse_game: the visitor events of hand-written games (with exact lines and columns), of
// every corpus file of tests/data/corpus/edge-cases and misc (counts checked against an
// independent regex count and by reading the files), CRLF = LF, and damaged input.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/detail/pgn_syntax.h"
#include "parsers/pgn.h"

namespace fairykit::parsers {
namespace {

class StringSource : public ByteSource {
 public:
  explicit StringSource(std::string data) : data_(std::move(data)) {}
  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, data_.size() - pos_);
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
  std::size_t pos_ = 0;
};

struct Counts {
  std::size_t games = 0, tags = 0, moves = 0, nags = 0, comments = 0, variations = 0, results = 0,
              problems = 0;
  bool operator==(const Counts&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Counts& c) {
  return out << "{games " << c.games << ", tags " << c.tags << ", moves " << c.moves << ", nags "
             << c.nags << ", comments " << c.comments << ", variations " << c.variations
             << ", results " << c.results << ", problems " << c.problems << "}";
}

// Every event as a line of text, with its place: "move e4 @4:4".
class Recorder : public PgnVisitor {
 public:
  std::vector<std::string> events;
  Counts counts;
  int open_variations = 0;
  bool strip_cr = false;  // line ends in comment texts as '\n' (to compare CRLF input with LF)

  void tag(std::string_view name, std::string_view value, const PgnLocation& where) override {
    ++counts.tags;
    Add("tag " + std::string(name) + "=" + std::string(value), where);
  }
  void end_tags() override { events.push_back("end_tags"); }
  void move(std::string_view text, PgnLocation where) override {
    ++counts.moves;
    Add("move " + std::string(text), where);
  }
  void nag(int value, PgnLocation where) override {
    ++counts.nags;
    Add("nag " + std::to_string(value), where);
  }
  void comment(std::string_view text, PgnLocation where) override {
    ++counts.comments;
    std::string t(text);
    if (strip_cr) {  // "\r\n" and a lone '\r' read as '\n'
      std::string n;
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '\r' && i + 1 < t.size() && t[i + 1] == '\n') continue;
        n += t[i] == '\r' ? '\n' : t[i];
      }
      t = n;
    }
    Add("comment {" + t + "}", where);
  }
  void begin_variation(PgnLocation where) override {
    ++counts.variations;
    ++open_variations;
    Add("(", where);
  }
  void end_variation(PgnLocation where) override {
    --open_variations;
    Add(")", where);
  }
  void result(std::string_view text, PgnLocation where) override {
    ++counts.results;
    Add("result " + std::string(text), where);
  }
  void problem(Severity severity, std::string_view message, PgnLocation where) override {
    ++counts.problems;
    Add(std::string(severity == Severity::kError ? "error " : "warning ") + std::string(message),
        where);
  }

 private:
  void Add(std::string event, PgnLocation where) {
    events.push_back(event + " @" + std::to_string(where.line) + ":" +
                     std::to_string(where.column));
  }
};

std::vector<std::string> Events(const std::string& text, std::int64_t first_line = 1) {
  RawGame game;
  game.text = text;
  game.first_line = first_line;
  game.index = 1;
  Recorder recorder;
  parse_game(game, recorder);
  return recorder.events;
}

using V = std::vector<std::string>;

// Splits `input` and reads every game into one recorder.
Recorder ReadAll(const std::string& input, bool strip_cr = false) {
  StringSource source(input);
  GameSplitter splitter(source);
  Recorder recorder;
  recorder.strip_cr = strip_cr;
  for (RawGame game;;) {
    absl::StatusOr<bool> more = splitter.next(game);
    EXPECT_TRUE(more.ok()) << more.status();
    if (!more.ok() || !*more) break;
    ++recorder.counts.games;
    recorder.events.push_back("game " + std::to_string(game.index));
    parse_game(game, recorder);
  }
  return recorder;
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

// ---------------------------------------------------------------------------------------
// Hand-written games

TEST(PgnEvents, AGameWithEverything) {
  const std::string text =
      "[Event \"A\"]\n[White \"x\\\"y\"]\n\n"
      "1. e4 e5 2. Nf3?! $14 {good} Nc6 (2... d6 3. d4) 3. Bb5 a6; rest\n4. Ba4 1-0\n";
  EXPECT_EQ(Events(text), (V{"tag Event=A @1:1", "tag White=x\"y @2:1", "end_tags", "move e4 @4:4",
                             "move e5 @4:7", "move Nf3 @4:13", "nag 6 @4:16", "nag 14 @4:19",
                             "comment {good} @4:23", "move Nc6 @4:30", "( @4:34", "move d6 @4:40",
                             "move d4 @4:46", ") @4:48", "move Bb5 @4:53", "move a6 @4:57",
                             "comment { rest} @4:59", "move Ba4 @5:4", "result 1-0 @5:8"}));
  // Lines count from the game's first line.
  EXPECT_EQ(Events("1. e4 *", 1000), (V{"end_tags", "move e4 @1000:4", "result * @1000:7"}));
}

TEST(PgnEvents, MoveText) {
  EXPECT_EQ(Events("1.e4 e5 2.O-O-O+ 0-0 3.e8=Q# exd6e.p. 4. e7e8q Kx 5. N@f3 -- Z0"),
            (V{"end_tags", "move e4 @1:3", "move e5 @1:6", "move O-O-O+ @1:11", "move 0-0 @1:18",
               "move e8=Q# @1:24", "move exd6e.p. @1:30", "move e7e8q @1:42", "move Kx @1:48",
               "move N@f3 @1:54", "move -- @1:59", "move Z0 @1:62"}));
  // "e.p." or "ep" written apart is folded into the move.
  EXPECT_EQ(Events("3. exf6 e.p.! Nc6 4. exd6 ep+ d5 ep ep *"),
            (V{"end_tags", "move exf6e.p. @1:4", "nag 1 @1:13", "move Nc6 @1:15",
               "move exd6ep+ @1:22", "move d5ep @1:31", "move ep @1:37", "result * @1:40"}));
  EXPECT_EQ(Events("1. exd6! e.p.?"),
            (V{"end_tags", "move exd6e.p. @1:4", "nag 1 @1:8", "nag 2 @1:14"}));
  // The rules' captured-squares annotation, attached, is part of the move.
  EXPECT_EQ(Events("1. Na1xa5{a4}xc5{b3} Nb8 {a4} Rb1xb5{b2,b3}"),
            (V{"end_tags", "move Na1xa5{a4}xc5{b3} @1:4", "move Nb8 @1:22", "comment {a4} @1:26",
               "move Rb1xb5{b2,b3} @1:31"}));
  // Move numbers in all their forms are skipped; stray periods too.
  EXPECT_EQ(Events("1 . e4 1... e5 2 Nf3 2 ... Nc6 . 3.Bb5"),
            (V{"end_tags", "move e4 @1:5", "move e5 @1:13", "move Nf3 @1:18", "move Nc6 @1:28",
               "move Bb5 @1:36"}));
}

TEST(PgnEvents, Annotations) {
  EXPECT_EQ(Events("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $0 $255 !? ? e5!!!"),
            (V{"end_tags",      "move e4 @1:4",
               "nag 1 @1:6",    "move e5 @1:8",
               "nag 2 @1:10",   "move Nf3 @1:15",
               "nag 3 @1:18",   "move Nc6 @1:21",
               "nag 4 @1:24",   "move Bb5 @1:30",
               "nag 5 @1:33",   "move a6 @1:36",
               "nag 6 @1:38",   "move Ba4 @1:44",
               "nag 0 @1:48",   "nag 255 @1:51",
               "nag 5 @1:56",   "nag 2 @1:59",
               "move e5 @1:61", "warning unknown move annotation '!!!' @1:63"}));
  EXPECT_EQ(
      Events("1. e4 $99999999999 e5"),
      (V{"end_tags", "move e4 @1:4", "error NAG $99999999999 is out of range (0 to 255) @1:7"}));
  // The NAGs of the PGN standard, $0 to $255, as the JSON reader reads them.
  EXPECT_EQ(Events("1. e4 $256 e5"),
            (V{"end_tags", "move e4 @1:4", "error NAG $256 is out of range (0 to 255) @1:7"}));
  // A message quotes at most 40 characters of the input.
  EXPECT_EQ(Events("1. e4 $" + std::string(100000, '9') + " e5"),
            (V{"end_tags", "move e4 @1:4",
               "error NAG $" + std::string(39, '9') + "... is out of range (0 to 255) @1:7"}));
  EXPECT_EQ(Events("1. e4" + std::string(100000, '!') + " e5"),
            (V{"end_tags", "move e4 @1:4",
               "warning unknown move annotation '" + std::string(40, '!') + "...' @1:6",
               "move e5 @1:100007"}));
}

// Move numbers are never converted to numbers: any length is read and skipped.
TEST(PgnEvents, OutOfRangeMoveNumbersAreSkipped) {
  EXPECT_EQ(Events("99999999999999999999999. e4 99999999999999999999999... e5 *"),
            (V{"end_tags", "move e4 @1:26", "move e5 @1:56", "result * @1:59"}));
}

TEST(PgnEvents, CommentsAndEscapes) {
  EXPECT_EQ(Events("{multi\nline} 1. e4 ; to the end\r\n% escape 1-0\n  e5 {a\r\nb}\r\nNf3 %x"),
            (V{"end_tags", "comment {multi\nline} @1:1", "move e4 @2:10",
               "comment { to the end} @2:13", "move e5 @4:3", "comment {a\r\nb} @4:6",
               "move Nf3 @6:1", "error unexpected character '%' @6:5"}));
  // A lone CR ends a line too.
  EXPECT_EQ(Events("{a\rb} e4\re5"),
            (V{"end_tags", "comment {a\rb} @1:1", "move e4 @2:4", "move e5 @3:1"}));
  // Comments after the termination marker are reported; anything else is not.
  EXPECT_EQ(
      Events("1. e4 1-0 {post} ; post\n2. e5"),
      (V{"end_tags", "move e4 @1:4", "result 1-0 @1:7", "comment {post} @1:11",
         "comment { post} @1:18", "warning text after the game termination marker ignored @2:1"}));
}

TEST(PgnEvents, Variations) {
  EXPECT_EQ(Events("1. e4 (1. d4 (1. c4) 1... d5) (1. Nf3 1-0) e5 2. Nf3 *"),
            (V{"end_tags", "move e4 @1:4", "( @1:7", "move d4 @1:11", "( @1:14", "move c4 @1:18",
               ") @1:20", "move d5 @1:27", ") @1:29", "( @1:31", "move Nf3 @1:35",
               "warning game termination marker inside a variation ignored @1:39", ") @1:42",
               "move e5 @1:44", "move Nf3 @1:50", "result * @1:54"}));
  EXPECT_EQ(Events("1. e4 (1. d4 (1. c4) e5"),
            (V{"end_tags", "move e4 @1:4", "( @1:7", "move d4 @1:11", "( @1:14", "move c4 @1:18",
               ") @1:20", "move e5 @1:22", "error unterminated variation @1:7"}));
  EXPECT_EQ(Events("1. e4 ) e5"),
            (V{"end_tags", "move e4 @1:4", "error unexpected character ')' @1:7"}));
}

// Variations nest at most kMaxVariationDepth deep, the bound of every reader and writer: the
// '(' one deeper is an error where it stands, and nothing after it is read.
TEST(PgnEvents, VariationsNestedBeyondTheLimit) {
  const int limit = kMaxVariationDepth;
  auto nested = [](int depth) {
    std::string text = "1. e4";
    for (int i = 0; i < depth; ++i) text += " (1. d4";
    for (int i = 0; i < depth; ++i) text += ")";
    return text + " *";
  };
  Recorder at_limit;
  RawGame game;
  game.text = nested(limit);
  game.first_line = 1;
  parse_game(game, at_limit);
  EXPECT_EQ(at_limit.counts.variations, std::size_t(limit));
  EXPECT_EQ(at_limit.counts.problems, 0u);
  EXPECT_EQ(at_limit.events.back(), "result * @1:" + std::to_string(game.text.size()));
  const std::vector<std::string> over = Events(nested(limit + 1));
  // end_tags, e4, then "(" and d4 per level: the '(' of level 201 at column 6 + 7 * 200.
  ASSERT_EQ(over.size(), std::size_t(2 + 2 * limit + 1));
  EXPECT_EQ(over.back(), "error variations nested more than 200 deep @1:1407");
  // 50,000 levels: the same error, read in linear time with no recursion.
  EXPECT_EQ(Events(nested(50000)).back(), "error variations nested more than 200 deep @1:1407");
}

TEST(PgnEvents, UnexpectedCharacters) {
  EXPECT_EQ(Events("1. e4 @ e5"),
            (V{"end_tags", "move e4 @1:4", "error unexpected character '@' @1:7"}));
  EXPECT_EQ(Events("1. e4 e5 }"), (V{"end_tags", "move e4 @1:4", "move e5 @1:7",
                                     "error unexpected character '}' @1:10"}));
  EXPECT_EQ(Events("1. e4\n  \x01"),
            (V{"end_tags", "move e4 @1:4", "error unexpected character '\\x01' @2:3"}));
  EXPECT_EQ(Events("1. \xC3\xA9"), (V{"end_tags", "error unexpected character '\\xC3' @1:4"}));
  EXPECT_EQ(Events("1. e4 {abc"),
            (V{"end_tags", "move e4 @1:4", "error unterminated comment @1:7"}));
  EXPECT_EQ(Events("1. e4 [Event \"x\"]"),
            (V{"end_tags", "move e4 @1:4", "error unexpected character '[' @1:7"}));
}

TEST(PgnEvents, LongTagNamesAreQuotedShort) {
  // A message quotes at most 40 characters of the input.
  const std::string name(100000, 'T');
  EXPECT_EQ(Events("[" + name + " \"a \"b\" c\"]\n*").at(0),
            "warning tag " + std::string(40, 'T') +
                "...: unescaped '\"' in the value (read up to the last '\"' before ']') @1:100006");
}

TEST(PgnEvents, TagPairs) {
  // Several on a line, spread over lines, escapes, %-lines and blank lines in the section.
  EXPECT_EQ(Events("% header\n[White \"a\\\\b\"] [Black \"\"]\n\n[\n  Round\n  \"3\"\n ]\n*"),
            (V{"tag White=a\\b @2:1", "tag Black= @2:16", "tag Round=3 @4:1", "end_tags",
               "result * @8:1"}));
  // Lenient readings, with their warnings.
  EXPECT_EQ(Events("[Event \"A \"B\" C\"]\n[Site \"x \\\"]\n[Note \"closing ] opening\"]\n"),
            (V{"warning tag Event: unescaped '\"' in the value (read up to the last '\"' before "
               "']') @1:11",
               "tag Event=A \"B\" C @1:1",
               "warning tag Site: the value ends in '\\\"' (read as a backslash and the closing "
               "'\"') @2:10",
               "tag Site=x \\ @2:1", "tag Note=closing ] opening @3:1", "end_tags"}));
  // Unreadable tag pairs end the game's report.
  EXPECT_EQ(Events("[Event \"A\"]\n[Site x]\n\n1. e4 *"),
            (V{"tag Event=A @1:1",
               "error cannot read tag pair Site: expected '\"' before the value @2:7"}));
  EXPECT_EQ(Events("[Event \"A\n\n1. e4 *"),
            (V{"error cannot read tag pair Event: the value has no closing '\"' @1:8"}));
  EXPECT_EQ(Events("[\"A\"]"),
            (V{"error cannot read tag pair: expected a tag name after '[' @1:2"}));
  EXPECT_EQ(Events("[Event \"A\" x]"),
            (V{"error cannot read tag pair Event: expected ']' after the value @1:12"}));
}

TEST(PgnEvents, SplitterNotesComeFirst) {
  RawGame game;
  game.text = "[Event \"A\"]\n\n1. e4 *\n";
  game.first_line = 7;
  game.notes.push_back({Severity::kWarning, "a warning", {7, 3}});
  Recorder recorder;
  parse_game(game, recorder);
  EXPECT_EQ(recorder.events, (V{"warning a warning @7:3", "tag Event=A @7:1", "end_tags",
                                "move e4 @9:4", "result * @9:7"}));
  // After an error note the game is not read.
  game.notes.push_back({Severity::kError, "unterminated comment", {8, 1}});
  Recorder second;
  parse_game(game, second);
  EXPECT_EQ(second.events, (V{"warning a warning @7:3", "error unterminated comment @8:1"}));
}

// ---------------------------------------------------------------------------------------
// Corpus

struct CorpusCase {
  const char* file;
  Counts counts;
};

// Event counts of every file (the same totals come out of an independent regex count).
const CorpusCase kCorpus[] = {
    {"edge-cases/backslash_header.pgn", {1, 10, 95, 0, 0, 0, 1, 1}},
    {"edge-cases/basic.pgn", {1, 14, 130, 0, 130, 0, 1, 0}},
    {"edge-cases/black2move.pgn", {1, 2, 3, 0, 0, 0, 0, 0}},
    {"edge-cases/book.pgn", {1, 10, 16, 0, 0, 0, 1, 0}},
    {"edge-cases/castling.pgn", {1, 14, 6, 0, 0, 0, 0, 0}},
    {"edge-cases/comment_before_moves.pgn", {1, 23, 139, 9, 150, 0, 1, 0}},
    {"edge-cases/corrupted.pgn", {1, 14, 125, 0, 124, 0, 0, 0}},
    {"edge-cases/empty_body.pgn", {2, 22, 252, 0, 252, 0, 1, 0}},
    {"edge-cases/multiple.pgn", {4, 58, 532, 0, 532, 0, 4, 0}},
    {"edge-cases/newline.pgn", {1, 14, 6, 0, 0, 0, 0, 0}},
    {"edge-cases/no_moves.pgn", {1, 14, 0, 0, 0, 0, 0, 0}},
    {"edge-cases/no_moves_but_comment_followed_by_termination_marker.pgn",
     {2, 8, 0, 0, 2, 0, 2, 0}},
    {"edge-cases/no_moves_but_game_termination.pgn", {1, 7, 0, 0, 0, 0, 1, 0}},
    {"edge-cases/no_moves_but_game_termination_2.pgn", {1, 7, 0, 0, 0, 0, 1, 0}},
    {"edge-cases/no_moves_but_game_termination_3.pgn", {1, 7, 0, 0, 0, 0, 1, 0}},
    {"edge-cases/no_moves_but_game_termination_multiple.pgn", {2, 14, 126, 0, 0, 0, 2, 0}},
    {"edge-cases/no_moves_but_game_termination_multiple_2.pgn", {3, 6, 0, 0, 0, 0, 3, 0}},
    {"edge-cases/no_moves_two_games.pgn", {2, 22, 0, 0, 0, 0, 2, 0}},
    {"edge-cases/no_result.pgn", {1, 15, 0, 0, 1, 0, 1, 0}},
    {"edge-cases/non_ascii.pgn", {1, 7, 20, 0, 0, 0, 1, 0}},
    {"edge-cases/parsertest-1.pgn", {2, 11, 68, 10, 13, 3, 2, 0}},
    {"edge-cases/scannertest-1.pgn", {2, 28, 142, 13, 65, 4, 2, 0}},
    {"edge-cases/skip.pgn", {2, 28, 260, 0, 260, 0, 2, 0}},
    {"edge-cases/square_bracket_in_header.pgn", {1, 15, 130, 0, 130, 0, 1, 0}},
    {"edge-cases/threefold_repetition.pgn", {1, 2, 9, 0, 0, 0, 0, 0}},
    {"edge-cases/unescaped_quote_header.pgn", {1, 7, 20, 0, 0, 0, 1, 4}},
    {"edge-cases/variations.pgn", {1, 13, 212, 21, 0, 26, 1, 0}},
    {"misc/anastasian-lewis.pgn", {1, 12, 84, 0, 0, 0, 1, 0}},
    {"misc/antichess-programfox.pgn", {2, 2, 126, 0, 0, 0, 2, 0}},
    {"misc/chessbase-empty-line.pgn", {1, 11, 134, 0, 0, 0, 1, 0}},
    {"misc/cutechess-fischerrandom.pgn", {4, 48, 396, 0, 396, 0, 4, 0}},
    {"misc/kasparov-deep-blue-1997.pgn", {6, 72, 519, 0, 0, 0, 6, 0}},
    {"misc/knightvuillaume-jannlee-zh-lichess.pgn", {1, 15, 176, 18, 67, 18, 1, 0}},
    {"misc/molinari-bordais-1979.pgn", {1, 12, 10, 0, 0, 0, 1, 0}},
    {"misc/nepomniachtchi-liren-game1.pgn", {1, 12, 97, 0, 0, 0, 1, 0}},
    {"misc/saturs-jannlee-zh-lichess.pgn", {1, 15, 122, 0, 1, 0, 1, 0}},
    {"misc/stockfish-learning.pgn", {1, 15, 154, 0, 154, 0, 1, 0}},
    {"misc/uci-moves.pgn", {1, 7, 113, 0, 0, 0, 1, 0}},
    {"misc/utf8-bom.pgn", {2, 20, 0, 0, 0, 0, 2, 0}},
};

TEST(PgnEventsCorpus, Counts) {
  std::size_t files = 0;
  for (const char* dir : {"edge-cases", "misc"}) {
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(Corpus(dir))) {
      ++files;
    }
  }
  EXPECT_EQ(files, std::size(kCorpus));
  for (const CorpusCase& c : kCorpus) {
    const Recorder r = ReadAll(ReadFile(Corpus(c.file)));
    EXPECT_EQ(r.counts, c.counts) << c.file;
    EXPECT_EQ(r.open_variations, 0) << c.file;
  }
}

TEST(PgnEventsCorpus, StandardArchives) {
  Recorder r = ReadAll(ReadFile(Corpus("standard/twic0920.pgn")));
  EXPECT_EQ(r.counts, (Counts{2245, 35838, 182591, 0, 0, 0, 2245, 0}));
  r = ReadAll(ReadFile(Corpus("standard/Carlsen.pgn")));
  EXPECT_EQ(r.counts, (Counts{1782, 17816, 159922, 0, 0, 0, 1782, 0}));
}

// The events of `file` that `pred` selects.
template <class Pred>
V Select(const char* file, Pred pred) {
  V out;
  for (const std::string& e : ReadAll(ReadFile(Corpus(file))).events) {
    if (pred(e)) out.push_back(e);
  }
  return out;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

TEST(PgnEventsCorpus, SpotChecks) {
  const auto not_tag = [](const std::string& e) { return !StartsWith(e, "tag "); };
  const auto problem_or_tag = [](const std::string& e) {
    return StartsWith(e, "warning") || StartsWith(e, "error") ||
           (StartsWith(e, "tag ") && e.find('"') != std::string::npos) ||
           StartsWith(e, "tag Event") || StartsWith(e, "tag Variation");
  };
  // Header-only game, then a game starting with Black's move.
  V events = Select("edge-cases/empty_body.pgn", [](const std::string& e) {
    return StartsWith(e, "game") || StartsWith(e, "end_tags") || StartsWith(e, "result") ||
           StartsWith(e, "move Nge7") || StartsWith(e, "move Re3 @110");
  });
  EXPECT_EQ(events, (V{"game 1", "end_tags", "game 2", "end_tags", "move Nge7 @26:6",
                       "move Re3 @110:6", "result 0-1 @110:56"}));
  EXPECT_EQ(Select("edge-cases/no_moves.pgn", not_tag), (V{"game 1", "end_tags"}));
  EXPECT_EQ(Select("edge-cases/no_moves_but_game_termination.pgn", not_tag),
            (V{"game 1", "end_tags", "result 0-1 @9:2"}));
  EXPECT_EQ(
      Select("edge-cases/no_moves_but_comment_followed_by_termination_marker.pgn", not_tag),
      (V{"game 1", "end_tags", "comment {White's connection stalls} @6:1", "result 0-1 @6:29",
         "game 2", "end_tags", "comment {White's connection stalls} @13:1", "result 0-1 @13:29"}));
  EXPECT_EQ(Select("edge-cases/no_moves_two_games.pgn", not_tag),
            (V{"game 1", "end_tags", "result * @12:2", "game 2", "end_tags", "result * @25:2"}));
  // Cut off in the middle of a move, without a result: syntax lets "Kx" through.
  events = Select("edge-cases/corrupted.pgn", not_tag);
  EXPECT_EQ(events.back(), "move Kx @57:25");
  // The lenient tags.
  EXPECT_EQ(Select("edge-cases/backslash_header.pgn", problem_or_tag),
            (V{"warning tag Event: the value ends in '\\\"' (read as a backslash and the "
               "closing '\"') @1:20",
               "tag Event=Tournament \\ @1:1"}));
  EXPECT_EQ(Select("edge-cases/unescaped_quote_header.pgn", problem_or_tag),
            (V{"warning tag Event: unescaped '\"' in the value (read up to the last '\"' before "
               "']') @1:20",
               "tag Event=Tournament \"Championship\" Finals @1:1",
               "warning tag Site: unescaped '\"' in the value (read up to the last '\"' before "
               "']') @2:13",
               "tag Site=Club \"Victory\" @2:1",
               "warning tag White: unescaped '\"' in the value (read up to the last '\"' before "
               "']') @5:21",
               "tag White=Smith, John \"The King\" @5:1",
               "warning tag Black: unescaped '\"' in the value (read up to the last '\"' before "
               "']') @6:16",
               "tag Black=Jones, \"Lightning\" Mike @6:1"}));
  EXPECT_EQ(Select("edge-cases/square_bracket_in_header.pgn", problem_or_tag),
            (V{"tag Event=Batch 10: s20red4c4_t3 vs master[!important] @1:1",
               "tag Variation=closing ] opening @2:1", "tag White=New-cfe8\"dsadsa\"ce842c @6:1"}));
  // The UTF-8 BOM is not part of the first tag.
  EXPECT_EQ(Select("misc/utf8-bom.pgn",
                   [](const std::string& e) {
                     return StartsWith(e, "tag Event") || StartsWith(e, "result");
                   }),
            (V{"tag Event=A @1:1", "result * @12:2", "tag Event=B @14:1", "result * @25:2"}));
  // ChessBase's blank line inside the tag section.
  events = Select("misc/chessbase-empty-line.pgn", [](const std::string& e) {
    return StartsWith(e, "tag Event") || StartsWith(e, "tag Round") || StartsWith(e, "end_tags") ||
           StartsWith(e, "result") || StartsWith(e, "move e4 ");
  });
  EXPECT_EQ(events, (V{"tag Event=AlphaZero vs. Stockfish @1:1", "tag Round=1 @4:1", "end_tags",
                       "move e4 @14:4", "result 0-1 @35:21"}));
}

TEST(PgnEventsCorpus, ParserAndScannerTests) {
  V events = Select("edge-cases/parsertest-1.pgn", [](const std::string& e) {
    return StartsWith(e, "tag Result") || StartsWith(e, "tag ECO") || StartsWith(e, "tag Escape") ||
           StartsWith(e, "game") || StartsWith(e, "result") || StartsWith(e, "move Ne7d5") ||
           StartsWith(e, "move b7xa8=B") || StartsWith(e, "move dxe1=B") || StartsWith(e, "(") ||
           StartsWith(e, "nag 12") || StartsWith(e, "comment { rest");
  });
  EXPECT_EQ(events, (V{"game 1", "tag Result=1-0 @7:6", "tag ECO=B01 @7:30",
                       "tag EscapeTest1=White\\Player @11:1", "tag EscapeTest2=White\"Player @12:1",
                       "tag EscapeTest_3=White\"Player\" @13:1",
                       "comment { rest of the line comment} @19:81", "move Ne7d5 @22:62",
                       "move dxe1=B @24:41", "( @25:10", "( @25:44", "( @25:58", "nag 12 @26:14",
                       "result 1-0 @26:33", "game 2", "move b7xa8=B @28:52", "result 0-1 @30:1"}));
  events = Select("edge-cases/scannertest-1.pgn", [](const std::string& e) {
    return StartsWith(e, "game") || StartsWith(e, "comment { multi") ||
           StartsWith(e, "move gxh8=Q") || StartsWith(e, "move Qg8xh7") ||
           StartsWith(e, "move Pc4") || StartsWith(e, "result") ||
           StartsWith(e, "comment {(G7591)");
  });
  EXPECT_EQ(events,
            (V{"game 1", "comment { multi\n    line \\\n\n  comment\n\\\\\\} @11:20",
               "move gxh8=Q @15:9", "move Qg8xh7 @16:100", "result 1/2-1/2 @17:31", "game 2",
               "comment {(G7591) Didn't find anything too interesting in this game, except a "
               "Leela\nblunder in a variation with 22. Nd5 - 27... Qxa3} @41:1",
               "move Pc4 @43:14", "result 1/2-1/2 @165:1"}));
}

// CRLF (and lone CR) input gives the events of LF input, places included.
TEST(PgnEventsCorpus, LineEndsDoNotMatter) {
  for (const CorpusCase& c : kCorpus) {
    const std::string lf = ReadFile(Corpus(c.file));
    ASSERT_EQ(lf.find('\r'), std::string::npos) << c.file;
    std::string crlf, cr;
    for (char ch : lf) {
      if (ch == '\n') {
        crlf += "\r\n";
        cr += '\r';
      } else {
        crlf += ch;
        cr += ch;
      }
    }
    const V expected = ReadAll(lf, true).events;
    EXPECT_EQ(ReadAll(crlf, true).events, expected) << c.file;
    EXPECT_EQ(ReadAll(cr, true).events, expected) << c.file;
  }
}

// ---------------------------------------------------------------------------------------
// Damaged input

TEST(PgnEventsDamaged, GameCutInHalf) {
  const std::string full = ReadFile(Corpus("edge-cases/multiple.pgn"));
  const Recorder whole = ReadAll(full);
  const std::string half = full.substr(0, full.size() / 2);
  const Recorder r = ReadAll(half);
  EXPECT_EQ(r.counts.games, 3u);
  EXPECT_EQ(r.counts.results, 2u);
  EXPECT_EQ(r.counts.problems, 0u);
  // The first two games read as before.
  const auto third = std::find(whole.events.begin(), whole.events.end(), "game 3");
  EXPECT_TRUE(std::equal(whole.events.begin(), third, r.events.begin()));
  // Cut inside a comment: an error where the comment opened.
  const std::size_t brace = half.rfind('{');
  const Recorder in_comment = ReadAll(half.substr(0, brace + 3));
  EXPECT_EQ(in_comment.events.back(), "error unterminated comment @133:9");
  // Cut inside a tag pair.
  const std::size_t tag = full.find("[White \"Base");
  const Recorder in_tag = ReadAll(full.substr(0, tag + 10));
  EXPECT_EQ(in_tag.events.back(),
            "error cannot read tag pair White: the value has no closing '\"' @65:8");
}

TEST(PgnEventsDamaged, UnterminatedCommentThenAGoodGame) {
  const std::string input =
      "[Event \"Bad\"]\n\n1. e4 {never closed\n2. d4 *\n\n[Event \"Good\"]\n\n1. e4 e5 1-0\n";
  EXPECT_EQ(ReadAll(input).events,
            (V{"game 1", "error unterminated comment @3:7", "game 2", "tag Event=Good @6:1",
               "end_tags", "move e4 @8:4", "move e5 @8:7", "result 1-0 @8:10"}));
  const std::string variation =
      "[Event \"Bad\"]\n\n1. e4 (1. d4 e5\n2. Nf3 *\n[Event \"Good\"]\n\n1. e4 e5 1-0\n";
  EXPECT_EQ(ReadAll(variation).events,
            (V{"game 1", "error unterminated variation @3:7", "game 2", "tag Event=Good @5:1",
               "end_tags", "move e4 @7:4", "move e5 @7:7", "result 1-0 @7:10"}));
}

// parsers::is_tag_pair_line, which the PGN writer asks before it writes a line inside a
// comment, is exactly what makes the splitter end a game inside a comment: the comment is
// one comment when it says no, and the game breaks there when it says yes.
TEST(PgnEventsDamaged, TagPairLinesInsideACommentAreWhatTheWriterAsks) {
  for (const std::string line : {"[Event \"x\"]", "[a\"b\"]", "[a \"b\" ]\t", "[w\"y\"] %  x\"]",
                                 "[a \"b} ;c\"]", "[%clk 0:01:00]", "[a \"b", "x [a \"b\"]",
                                 " [a \"b\"]", "[a \"b\"]}", "[] \"x\"]", "[Event \"x\"] ;y"}) {
    SCOPED_TRACE(line);
    const Recorder r = ReadAll("[Event \"E\"]\n\n1. e4 {x\n" + line + "\ny} *\n");
    const bool broken = std::find(r.events.begin(), r.events.end(), "game 2") != r.events.end();
    EXPECT_EQ(broken, is_tag_pair_line(line));
    if (!broken && line.find('}') == std::string::npos) {
      EXPECT_NE(std::find(r.events.begin(), r.events.end(), "comment {x\n" + line + "\ny} @3:7"),
                r.events.end());
    }
  }
}

TEST(PgnEventsDamaged, BinaryGarbageThenAGoodGame) {
  const std::string good = "\n\n[Event \"Good\"]\n\n1. e4 e5 1-0\n";
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    std::string garbage(1000 + seed * 5000, '\0');
    for (char& c : garbage) c = static_cast<char>(rng() & 0xff);
    const Recorder r = ReadAll(garbage + good);
    // The good game is the last one, read whole and without problems.
    const auto start = std::find_if(r.events.rbegin(), r.events.rend(),
                                    [](const std::string& e) { return StartsWith(e, "game "); });
    ASSERT_NE(start, r.events.rend()) << seed;
    const V tail(start.base(), r.events.end());
    ASSERT_EQ(tail.size(), 5u) << seed;
    EXPECT_TRUE(StartsWith(tail[0], "tag Event=Good @")) << seed;
    EXPECT_EQ(tail[1], "end_tags");
    EXPECT_TRUE(StartsWith(tail[2], "move e4 @")) << seed;
    EXPECT_TRUE(StartsWith(tail[4], "result 1-0 @")) << seed;
  }
  // Garbage with PGN's own bytes.
  std::string pgnish;
  std::mt19937 rng(7);
  const std::string_view alphabet = "[]{}()\";%$!?*.-/01e4Nx \n\r\t\"Event";
  for (int i = 0; i < 200000; ++i) pgnish += alphabet[rng() % alphabet.size()];
  const Recorder r = ReadAll(pgnish + good);
  EXPECT_TRUE(StartsWith(r.events.back(), "result 1-0 @"));
}

TEST(PgnEventsDamaged, TenMegabyteLine) {
  std::string line;
  for (int i = 1; line.size() < (10u << 20); ++i) {
    line += std::to_string(i) + ". e4 e5 ";
  }
  const std::string input = "[Event \"Long\"]\n\n" + line + "1-0\n\n[Event \"Next\"]\n\n1. d4 *\n";
  const Recorder r = ReadAll(input);
  EXPECT_EQ(r.counts.games, 2u);
  EXPECT_EQ(r.counts.problems, 0u);
  EXPECT_EQ(r.counts.results, 2u);
  EXPECT_EQ(r.events[r.events.size() - 5], "game 2");
  EXPECT_EQ(r.events.back(), "result * @7:7");
  EXPECT_EQ(r.events[r.events.size() - 6], "result 1-0 @3:" + std::to_string(line.size() + 1));
}

// Linear time: a ;-comment or %-escape line ending in a lone CR used
// to search the rest of the game for a '\n' (800,000 such lines: 11.8 s). Not timed: the
// reader counts the bytes its line-end searches look at.
TEST(PgnEventsScaling, CarriageReturnsAndSemicolonComments) {
  for (const char* eol : {"\r", "\n", "\r\n"}) {
    SCOPED_TRACE(testing::PrintToString(eol));
    std::string text = std::string("[Event \"x\"]") + eol + eol + "1. e4 e5" + eol;
    for (int i = 0; i < 100000; ++i) text += std::string(i % 2 ? ";c" : "%e") + eol;
    text += std::string("*") + eol;
    RawGame game;
    game.text = text;
    game.first_line = 1;
    Recorder recorder;
    const std::uint64_t scanned = detail::parse_game_scanned(game, recorder);
    EXPECT_EQ(recorder.counts.comments, 50000u);
    EXPECT_EQ(recorder.counts.moves, 2u);
    EXPECT_EQ(recorder.events.back(), "result * @100004:1");
    EXPECT_LE(scanned, 3 * text.size());
  }
}

// Not a timed test: run by hand with --gtest_also_run_disabled_tests to print the speed of
// the syntax layer (splitting + parse_game, empty visitor, one thread).
TEST(PgnEventsDamaged, DISABLED_Throughput) {
  const std::string one = ReadFile(Corpus("standard/twic0920.pgn"));
  std::string all;
  while (all.size() < 90u * 1000 * 1000) all += one;
  PgnVisitor empty;
  for (int parse = 0; parse < 2; ++parse) {
    StringSource source(all);
    GameSplitter splitter(source);
    RawGame game;
    std::int64_t games = 0;
    const auto start = std::chrono::steady_clock::now();
    while (*splitter.next(game)) {
      ++games;
      if (parse) parse_game(game, empty);
    }
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %lld games, %.1f MB in %.3f s: %.0f MB/s\n",
                parse ? "split + parse_game" : "split", static_cast<long long>(games),
                static_cast<double>(all.size()) / 1e6, s,
                static_cast<double>(all.size()) / 1e6 / s);
  }
}

}  // namespace
}  // namespace fairykit::parsers
