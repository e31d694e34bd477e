// fairy-convert from the outside: the PGN export format on small games written by hand (the
// expected outputs checked by hand, move by move), idempotency and round trips through JSON
// and JSON Lines on every sample and a TWIC file, identical output at -j 1 and -j 2, the
// counts of the summary, positions (FEN, EPD, CSV), selection, --fix-result, --fix, position lists
// as input, and usage errors.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"
#include "tests/tools/selection_cases.h"

namespace {

namespace fs = std::filesystem;

using fairykit::testing::kSamples;
using fairykit::testing::kTwic;
using fairykit::testing::sample_pgns;
using fairykit::testing::slurp;
using Output = fairykit::testing::ToolOutput;

Output run(const std::string& args, const std::string& dir = ".", const std::string& input = "") {
  return fairykit::testing::run_tool("fairy-convert", args, dir, input);
}

// A fresh directory for one test's files.
std::string temp_dir() {
  const std::string dir = fairykit::testing::unique_temp("convert") + "/";
  fs::create_directories(dir);
  return dir;
}

std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir + name, std::ios::binary) << text;
  return dir + name;
}

std::string q(const std::string& path) { return "'" + path + "'"; }

std::string events(const std::string& pgn);

// Scholar's mate with a comment, a NAG, a variation, an extra tag before the roster tags
// and a check mark where the move mates.
const char* const kSmall = R"([White "Anderssen"]
[Black "Kieseritzky"]
[Event "Casual"]
[Opening "King's Gambit"]
[Result "1-0"]

1. e4 e5 2. Bc4 {the Bishop's opening} Nc6 $1 (2... Nf6 3. d3) 3. Qh5 Nf6 4. Qxf7+ 1-0
)";

const char* const kRoster = R"([Event "Casual"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]
[Opening "King's Gambit"]
)";

// A set-up position: a promotion with capture and check, then castling.
const char* const kPromotion = R"([Event "Promotion"]
[SetUp "1"]
[FEN "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1"]
[Result "*"]

1. exd8=Q Kxd8 2. O-O *
)";

const char* const kPromotionTags = R"([Event "Promotion"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1"]
)";

TEST(FairyConvertPgn, ExportFormat) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  const Output o = run("small.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  // The roster in order with its defaults, the other tags after; "2... Nc6" numbered after
  // the comment, "3. Qh5" after the variation; the line broken before "4. Qxf7#" (the first
  // line is 78 characters); the check mark corrected to mate.
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n"
                       "1. e4 e5 2. Bc4 {the Bishop's opening} 2... Nc6 $1 (2... Nf6 3. d3) 3. "
                       "Qh5 Nf6\n"
                       "4. Qxf7# 1-0\n\n");
  EXPECT_EQ(o.err, "small.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 1 warning\n");
}

TEST(FairyConvertPgn, BlackMoveNumbersAfterCommentsAndVariations) {
  const std::string dir = temp_dir();
  write_file(dir, "t.pgn", R"([Event "T"]
[Result "*"]

{Intro} 1. e4 (1. d4 {queen} d5 (1... Nf6 $2 2. c4) 2. c4) e5 $14 2. Nf3 (2. f4 exf4 {gambit}) Nc6 {done} *

[Event "B"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 3 20"]
[Result "*"]

20... Kd7 (20... Kf7 21. Ra7+) 21. O-O-O+ Ke6 *
)");
  const Output o = run("-q t.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "T"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

{Intro} 1. e4 (1. d4 {queen} 1... d5 (1... Nf6 $2 2. c4) 2. c4) 1... e5 $14
2. Nf3 (2. f4 exf4 {gambit}) 2... Nc6 {done} *

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 3 20"]

20... Kd7 (20... Kf7 21. Ra7+) 21. O-O-O+ Ke6 *

)");
}

// A tag repeated: every value kept. The game uses the first (a warning at the repeat); PGN
// writes the repeats after the other tags, JSON in "repeated_tags"; a repeated FEN makes the
// start position written first, so that the repeat is not read back as the game's.
TEST(FairyConvertPgn, RepeatedTagsKept) {
  const std::string dir = temp_dir();
  write_file(dir, "dup.pgn",
             "[Event \"E\"]\n[Opening \"A\"]\n[White \"W1\"]\n[Opening \"B\"]\n[Event \"F\"]\n"
             "[Result \"1-0\"]\n[White \"W2\"]\n[Result \"0-1\"]\n[FEN \"" +
                 std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") +
                 "\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. e4 1-0\n");
  const std::string want = R"([Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "W1"]
[Black "?"]
[Result "1-0"]
[Opening "A"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[Opening "B"]
[Event "F"]
[White "W2"]
[Result "0-1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]

1. e4 1-0

)";
  const Output o = run("dup.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, want);
  // Five repeats, and the FEN tag without SetUp.
  EXPECT_EQ(o.err, "dup.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 6 warnings\n");
  const Output json = run("-q --to jsonl dup.pgn", dir);
  EXPECT_NE(
      json.out.find(R"("tags":{"Event":"E","Site":"?","Date":"????.??.??","Round":"?",)"
                    R"("White":"W1","Black":"?","Result":"1-0","Opening":"A"},)"
                    R"("repeated_tags":[{"name":"Opening","value":"B"},)"
                    R"({"name":"Event","value":"F"},{"name":"White","value":"W2"},)"
                    R"({"name":"Result","value":"0-1"},)"
                    R"({"name":"FEN","value":"4k3/8/8/8/8/8/8/4K2R w K - 0 1"}],)"
                    R"("start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",)"),
      std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find(R"({"severity":"warning","line":4,"column":1,"ply":0,)"
                          R"("message":"tag Opening repeated (first at line 2): the game uses )"
                          R"(the first value"})"),
            std::string::npos)
      << json.out;
  // Read back, JSON gives the same PGN, and PGN -> PGN is a fixed point.
  EXPECT_EQ(run("-q --to pgn -", dir, write_file(dir, "dup.jsonl", json.out)).out, want);
  EXPECT_EQ(run("-q -", dir, write_file(dir, "again.pgn", want)).out, want);
  // A repeat in "repeated_tags" that is not a tag: the game is rejected, with the reason.
  write_file(dir, "bad.jsonl",
             "{\"san\":[],\"repeated_tags\":[{\"name\":\"A B\",\"value\":\"x\"}]}\n"
             "{\"san\":[],\"repeated_tags\":[[\"White\",\"x\"]]}\n"
             "{\"san\":[],\"repeated_tags\":{}}\n");
  const Output bad = run("bad.jsonl", dir);
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("bad.jsonl:1:36: error: game 1 (? - ?): a tag name that is not a PGN "
                         "symbol: \"A B\""),
            std::string::npos)
      << bad.err;
  EXPECT_NE(bad.err.find("bad.jsonl:2:28: error: game 2 (? - ?): an element of "
                         "\"repeated_tags\" is not an object with a \"name\" and a \"value\""),
            std::string::npos)
      << bad.err;
  EXPECT_NE(bad.err.find("bad.jsonl:3:27: error: game 3 (? - ?): \"repeated_tags\" must be an "
                         "array"),
            std::string::npos)
      << bad.err;
}

// Comments are kept as written: a ;-comment that holds '}' stays one (PGN has no other way
// to write it), the line breaks of a comment stay (the paragraphs of lichess studies), and so
// do its spaces and tabs. The same text in JSON, and the round trips give the same bytes.
TEST(FairyConvertPgn, CommentsKeptAsWritten) {
  const std::string dir = temp_dir();
  write_file(dir, "c.pgn",
             "[Event \"C\"]\n[Result \"*\"]\n\n1. e4 ; rest {of} line }x\ne5 {para one\n\npara "
             "two} 2. Nf3 { spaced  out\ttab } *\n");
  const std::string want =
      "[Event \"C\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
      "1. e4 ; rest {of} line }x\n"
      "1... e5 {para one\n\npara two} 2. Nf3 { spaced  out\ttab } *\n\n";
  Output o = run("-q c.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, want);
  EXPECT_EQ(run("-q -", dir, write_file(dir, "again.pgn", o.out)).out, want);
  o = run("-q --to jsonl c.pgn", dir);
  EXPECT_NE(o.out.find(R"("notes":[{"ply":1,"comment":" rest {of} line }x"},)"
                       R"({"ply":2,"comment":"para one\n\npara two"},)"
                       R"({"ply":3,"comment":" spaced  out\ttab "}])"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(run("-q --to pgn -", dir, write_file(dir, "c.jsonl", o.out)).out, want);
  // A CRLF file: "\r\n" (and a lone '\r') inside a comment is a line break, written "\n"
  // in every output, so the file and its LF copy convert alike.
  write_file(dir, "crlf.pgn",
             "[Event \"C\"]\r\n[Result \"*\"]\r\n\r\n1. e4 ; rest {of} line }x\r\ne5 {para "
             "one\r\n\r\npara two} 2. Nf3 { spaced  out\ttab } *\r\n");
  EXPECT_EQ(run("-q crlf.pgn", dir).out, want);
  const std::string crlf = run("-q --to jsonl crlf.pgn", dir).out;
  const std::string lf = run("-q --to jsonl -", dir, write_file(dir, "lf.pgn", want)).out;
  EXPECT_EQ(crlf.substr(crlf.find("\"game\"")), lf.substr(lf.find("\"game\"")));
  write_file(dir, "cr.pgn", "[Result \"*\"]\n\n1. e4 {a\rb\r\n\rc} *\n");
  EXPECT_NE(run("-q --to jsonl cr.pgn", dir).out.find(R"("comment":"a\nb\n\nc")"),
            std::string::npos);
}

// Comments from JSON that PGN cannot hold in braces: one with a '}', and one with a line
// that the splitter would read as the tag pair of a new game. Each line becomes a
// ;-comment, the text kept; the PGN written is one valid game.
TEST(FairyConvertPgn, CommentsBracesCannotHold) {
  const std::string dir = temp_dir();
  write_file(dir, "j.jsonl",
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"comment\":\"a } b\"},"
             "{\"ply\":1,\"comment\":\"c}\\nd\"},"
             "{\"ply\":2,\"comment\":\"x\\n[Event \\\"y\\\"]\\nz\"}]}\n");
  // (A comment of JSON that holds '}' and a line break is read as one comment a line.)
  const std::string movetext = "1. e4 ;a } b\n;c}\n{d} 1... e5 ;x\n;[Event \"y\"]\n;z\n*\n\n";
  const Output o = run("-q j.jsonl", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\n\n" + movetext), std::string::npos) << o.out;
  const std::string pgn = write_file(dir, "j.pgn", o.out);
  const Output v = fairykit::testing::run_tool("fairy-validate", "--no-roster " + q(pgn));
  EXPECT_EQ(v.status, 0) << v.err;
  EXPECT_NE(v.out.find("1 game read: 1 valid, 0 invalid"), std::string::npos) << v.out;
  // Read again, each ;-comment is a comment of its own: the lines of the last comment are
  // comments in braces from then on.
  const Output twice = run("-q " + q(pgn));
  EXPECT_NE(twice.out.find("\n\n1. e4 ;a } b\n;c}\n{d} 1... e5 {x} {[Event \"y\"]} {z} *\n\n"),
            std::string::npos)
      << twice.out;
  EXPECT_EQ(run("-q -", dir, write_file(dir, "twice.pgn", twice.out)).out, twice.out);
  // The same comment with its '[Event' line in braces: the splitter ends the game there.
  write_file(dir, "braces.pgn", "[Result \"*\"]\n\n1. e4 {x\n[Event \"y\"]\nz} *\n");
  EXPECT_EQ(run("-q braces.pgn", dir).status, 1);
}
// The wrapping of comments (79 columns, or --line-length) on comments built from pieces that
// the splitter and the reader treat specially ('[' and tag pairs, ']', quotes, braces,
// parentheses, ';', '%', results, tabs, runs of spaces, line breaks): every game written is
// one valid game; read back, each comment is its text with some spaces turned into line
// breaks and nothing else; PGN -> PGN is a fixed point after one pass (a comment that braces
// cannot hold becomes several ;-comments once); PGN -> JSON Lines -> PGN gives the bytes of
// PGN -> PGN.
TEST(FairyConvertPgn, WrappedCommentsReadBackAsWritten) {
  const std::string dir = temp_dir();
  const std::vector<std::string> pieces = {
      "[a", "\"b\"]", "[Event", "\"x\"]", "]",    "\"",       "[",    "a",
      "bb", "\t",     "[%clk",  "0:01]",  "x\"]", "[w\"y\"]", "{",    "(",
      ")",  ";",      "1-0",    "*",      "%",    "[a\"b\"]", "\"]\t"};
  const std::vector<std::string> gaps = {" ", " ", " ", "  ", "\n", ""};
  std::mt19937 random(31);  // (a fixed sequence: the same comments at every run)
  std::vector<std::string> comments;
  std::string jsonl;
  for (int g = 0; g < 300; ++g) {
    std::string c;
    for (int n = int(random() % 31); n > 0; --n) {
      c += pieces[random() % pieces.size()];
      c += gaps[random() % gaps.size()];
    }
    if (random() % 5 == 0) std::replace(c.begin(), c.end(), '{', '}');
    comments.push_back(c);
    const std::string text = nlohmann::json(c).dump();
    jsonl += "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"comment\":" + text +
             "},{\"ply\":2,\"comment\":" + text + "}]}\n";
  }
  write_file(dir, "c.jsonl", jsonl);
  // Whether braces hold the comment (as the writer decides; the splitter's tag-pair line,
  // written out for the test).
  const auto tag_pair_line = [](const std::string& l) {
    std::size_t i = 1;
    if (l.empty() || l[0] != '[') return false;
    while (i < l.size() && (std::isalnum(static_cast<unsigned char>(l[i])) || l[i] == '_')) ++i;
    if (i == 1) return false;
    while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
    if (i >= l.size() || l[i] != '"') return false;
    const std::size_t open = i;
    std::size_t n = l.size();
    while (n > open && std::strchr(" \t\r\n\v\f", l[n - 1])) --n;
    if (n <= open + 1 || l[n - 1] != ']') return false;
    --n;
    while (n > open && (l[n - 1] == ' ' || l[n - 1] == '\t')) --n;
    return n > open + 1 && l[n - 1] == '"';
  };
  const auto in_braces = [&](const std::string& c) {
    if (c.find('}') != std::string::npos) return false;
    // The lines between two line breaks.
    for (std::size_t eol = c.find('\n'); eol != std::string::npos;) {
      const std::size_t next = c.find('\n', eol + 1);
      if (next == std::string::npos) break;
      if (tag_pair_line(c.substr(eol + 1, next - eol - 1))) return false;
      eol = next;
    }
    return true;
  };
  int checked = 0;
  for (const char* width : {"20", "79"}) {
    SCOPED_TRACE(width);
    const std::string flags = std::string("-q --line-length ") + width + " ";
    const Output once = run(flags + "c.jsonl", dir);
    ASSERT_EQ(once.status, 0) << once.err;
    const std::string a = write_file(dir, "a.pgn", once.out);
    const Output v = fairykit::testing::run_tool("fairy-validate", "--no-roster " + q(a));
    EXPECT_NE(v.out.find("300 games read: 300 valid, 0 invalid"), std::string::npos)
        << v.out << v.err;
    const Output twice = run(flags + q(a));
    const Output thrice = run(flags + "-", dir, write_file(dir, "b.pgn", twice.out));
    EXPECT_TRUE(thrice.out == twice.out) << "PGN -> PGN is not a fixed point";
    const Output json = run("-q --to jsonl -", dir, write_file(dir, "b2.pgn", twice.out));
    const Output back = run(flags + "--to pgn -", dir, write_file(dir, "b.jsonl", json.out));
    EXPECT_TRUE(back.out == twice.out) << "PGN -> JSON Lines -> PGN differs from PGN -> PGN";
    // The comments of the first PGN, read back.
    std::istringstream games(run("-q --to jsonl " + q(a)).out);
    std::size_t g = 0;
    for (std::string line; std::getline(games, line); ++g) {
      ASSERT_LT(g, comments.size());
      const std::string& c = comments[g];
      if (!in_braces(c) && (c.find('}') == std::string::npos || c.find('\n') != std::string::npos))
        continue;  // written as several ;-comments
      const nlohmann::json game = nlohmann::json::parse(line);
      ASSERT_EQ(game["notes"].size(), 2u) << nlohmann::json(c).dump() << "\n" << line;
      for (const nlohmann::json& note : game["notes"]) {
        const std::string read = note["comment"].get<std::string>();
        bool same = read.size() == c.size();
        for (std::size_t i = 0; same && i < c.size(); ++i)
          same = read[i] == c[i] || (c[i] == ' ' && read[i] == '\n');
        EXPECT_TRUE(same) << nlohmann::json(c).dump() << " read back as "
                          << nlohmann::json(read).dump();
        ++checked;
      }
    }
    EXPECT_EQ(g, comments.size());
  }
  EXPECT_GT(checked, 2 * 2 * 200);
}

// Latin-1 (old archives) is written as UTF-8 in PGN as in JSON, so that the round trip
// through JSON gives the same bytes; UTF-8 stays as it is.
TEST(FairyConvertPgn, Latin1TextWrittenAsUtf8) {
  const std::string dir = temp_dir();
  write_file(dir, "latin1.pgn",
             "[Event \"Reykjav\xEDk\"]\n[White \"Bj\xC3\xB6rn\"]\n[Result \"*\"]\n\n"
             "1. e4 {caf\xE9} *\n");
  const std::string want =
      "[Event \"Reykjav\xC3\xADk\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"Bj\xC3\xB6rn\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 {caf\xC3\xA9} *\n\n";
  EXPECT_EQ(run("-q latin1.pgn", dir).out, want);
  const Output json = run("-q --to jsonl latin1.pgn", dir);
  EXPECT_NE(json.out.find("\"Event\":\"Reykjav\xC3\xADk\""), std::string::npos) << json.out;
  EXPECT_EQ(run("-q --to pgn -", dir, write_file(dir, "l.jsonl", json.out)).out, want);
  const std::string csv = run("-q --to csv latin1.pgn", dir).out;
  EXPECT_NE(csv.find("latin1.pgn,1,chess,Reykjav\xC3\xADk,,,,Bj\xC3\xB6rn,"), std::string::npos)
      << csv;
}

// Without a termination marker the result is the Result tag, when that is a result: "0-0"
// written as the marker would read back as a move.
TEST(FairyConvertPgn, NoMarkerAndAResultTagThatIsNoResult) {
  const std::string dir = temp_dir();
  write_file(dir, "m.pgn",
             "[Result \"0-0\"]\n\n1. e4 e5\n\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4#\n\n"
             "[Result \"0-1\"]\n\n1. d4\n");
  const Output o = run("m.pgn", dir);
  EXPECT_EQ(events(o.out), "?,?");
  EXPECT_NE(o.out.find("[Result \"*\"]\n\n1. e4 e5 *\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("[Result \"0-1\"]\n\n1. d4 0-1\n"), std::string::npos) << o.out;
  // The checkmate contradicts "1-0": rejected (--fix-result would make it 0-1).
  EXPECT_NE(o.err.find("3 games read: 2 written, 0 filtered out, 1 rejected"), std::string::npos)
      << o.err;
  const std::string again = write_file(dir, "again.pgn", o.out);
  EXPECT_EQ(run("-q " + q(again)).out, o.out);
}

TEST(FairyConvertPgn, Notations) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  write_file(dir, "promo.pgn", kPromotion);
  Output o = run("-q --notation lan small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n"
                       "1. e2-e4 e7-e5 2. Bf1-c4 {the Bishop's opening} 2... Nb8-c6 $1 (2... "
                       "Ng8-f6\n"
                       "3. d2-d3) 3. Qd1-h5 Ng8-f6 4. Qh5xf7# 1-0\n\n");
  o = run("-q --notation lan promo.pgn", dir);
  EXPECT_EQ(o.out, std::string(kPromotionTags) + "\n1. e7xd8=Q+ Ke8xd8 2. O-O *\n\n");
  o = run("-q --notation uci promo.pgn", dir);
  EXPECT_EQ(o.out, std::string(kPromotionTags) + "\n1. e7d8q e8d8 2. e1g1 *\n\n");
  o = run("-q --notation san promo.pgn", dir);
  EXPECT_EQ(o.out, std::string(kPromotionTags) + "\n1. exd8=Q+ Kxd8 2. O-O *\n\n");
  o = run("-q --notation xan promo.pgn", dir);
  EXPECT_EQ(o.status, 2);
}

TEST(FairyConvertPgn, Chess960CastlingInUci) {
  // Short castling with the king two squares from g1 (e1), then with the king one square
  // from it (f1): only the first has an unambiguous king's-move form.
  const std::string dir = temp_dir();
  write_file(dir, "960.pgn", R"([Variant "Chess960"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[Result "*"]

1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *

[Variant "Chess960"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/5K1R w K - 0 1"]
[Result "*"]

1. O-O *
)");
  auto movetext = [&](const std::string& args) {
    const Output o = run("-q --notation uci " + args + " 960.pgn", dir);
    EXPECT_EQ(o.status, 0) << o.err;
    std::string lines;
    std::istringstream in(o.out);
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] == '1') lines += line + "\n";
    return lines;
  };
  EXPECT_EQ(movetext(""), "1. e2e4 e7e5 2. g1f3 g8f6 3. f1c4 f8c5 4. e1h1 e8h8 *\n1. f1h1 *\n");
  EXPECT_EQ(movetext("--uci-castling king-takes-rook"), movetext(""));
  EXPECT_EQ(movetext("--uci-castling king-to"),
            "1. e2e4 e7e5 2. g1f3 g8f6 3. f1c4 f8c5 4. e1g1 e8g8 *\n1. f1h1 *\n");
  // What is written reads back to the same games.
  const Output king_to = run("-q --notation uci --uci-castling king-to 960.pgn", dir);
  write_file(dir, "back.pgn", king_to.out);
  EXPECT_EQ(run("-q back.pgn", dir).out, run("-q 960.pgn", dir).out);
  EXPECT_EQ(run("--uci-castling king 960.pgn", dir).status, 2);
}

TEST(FairyConvertPgn, LeavingOutAndAddingTags) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  Output o = run("-q --no-comments small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n1. e4 e5 2. Bc4 Nc6 $1 (2... Nf6 3. d3) 3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  o = run("-q --no-nags small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n1. e4 e5 2. Bc4 {the Bishop's opening} 2... Nc6 (2... Nf6 3. d3) 3. "
                       "Qh5 Nf6\n4. Qxf7# 1-0\n\n");
  o = run("-q --no-variations small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n1. e4 e5 2. Bc4 {the Bishop's opening} 2... Nc6 $1 3. Qh5 Nf6 4. "
                       "Qxf7# 1-0\n\n");
  o = run("-q --no-comments --no-nags --no-variations --add-fen-tags --add-ply-count small.pgn",
          dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "[SetUp \"1\"]\n"
                       "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"
                       "[PlyCount \"7\"]\n"
                       "\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  // A narrower line.
  o = run("-q --no-comments --no-variations --line-length 24 small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) + "\n1. e4 e5 2. Bc4 Nc6 $1\n3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  EXPECT_EQ(run("--line-length 19 small.pgn", dir).status, 2);
}

// PGN -> PGN, then again: the same bytes; fairy-validate reads as many games as were
// written; movetext lines fit in 79 columns. And PGN -> JSON Lines -> PGN and PGN -> JSON ->
// PGN give the same bytes as PGN -> PGN.
TEST(FairyConvertPgn, IdempotentAndRoundTripsOnSamplesAndTwic) {
  const std::string dir = temp_dir();
  std::vector<std::string> inputs = sample_pgns();
  ASSERT_GE(inputs.size(), 7u);
  inputs.push_back(kTwic);
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input);
    const Output once = run(q(input));
    EXPECT_EQ(once.status, input.ends_with("broken.pgn") ? 1 : 0) << once.err;
    ASSERT_FALSE(once.out.empty());
    const std::string a = write_file(dir, "a.pgn", once.out);
    const Output twice = run("-q " + q(a));
    EXPECT_EQ(twice.status, 0) << twice.err;
    EXPECT_TRUE(twice.out == once.out) << "PGN -> PGN is not idempotent";
    // Lines of movetext fit; tag lines are not broken.
    std::istringstream lines(once.out);
    std::string line;
    while (std::getline(lines, line))
      if (line.empty() || line[0] != '[') {
        EXPECT_LE(line.size(), 79u) << line;
      }
    // fairy-validate accepts every game written.
    const std::string summary = fairykit::testing::last_line(once.err);
    const std::string games = summary.substr(summary.find(": ") + 2);
    const std::string written = games.substr(games.find("read: ") + 6);
    const std::string n = written.substr(0, written.find(' '));
    const Output v = fairykit::testing::run_tool("fairy-validate", q(a));
    EXPECT_EQ(v.status, 0) << v.out;
    EXPECT_NE(v.out.find(": " + n + (n == "1" ? " game" : " games") + " read: " + n +
                         " valid, 0 invalid"),
              std::string::npos)
        << v.out << once.err;
    for (const char* to : {"jsonl", "json"}) {
      const Output j = run(std::string("-q --to ") + to + " " + q(input));
      const std::string jf = write_file(dir, std::string("a.") + to, j.out);
      const Output back = run("-q --to pgn " + q(jf));
      EXPECT_EQ(back.status, 0) << to << ": " << back.err;
      EXPECT_TRUE(back.out == once.out) << "PGN -> " << to << " -> PGN differs from PGN -> PGN";
      // And from standard input (the format told by content).
      const Output piped = run("-q -", ".", jf);
      EXPECT_TRUE(piped.out == once.out) << to << " from standard input";
    }
  }
}

TEST(FairyConvertPgn, SameOutputAtOneAndTwoThreads) {
  for (const char* to : {"pgn", "jsonl", "epd"}) {
    const Output one = run(std::string("-q -j 1 --to ") + to + " " + q(kTwic));
    const Output two = run(std::string("-q -j 2 --to ") + to + " " + q(kTwic));
    EXPECT_EQ(one.status, 0);
    EXPECT_FALSE(one.out.empty());
    EXPECT_TRUE(one.out == two.out) << to;
    EXPECT_EQ(one.err, two.err) << to;
  }
}

TEST(FairyConvertCounts, ReadIsWrittenPlusFilteredPlusRejected) {
  const std::string dir = temp_dir();
  const std::string broken = kSamples + "/broken.pgn";
  Output o = run("-j 2 --invalid-out " + dir + "inv.pgn " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("broken.pgn: 4 games read: 1 written, 0 filtered out, 3 rejected; 1 "
                       "warning\n"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("broken.pgn:9:72: error: game 1 (A - B), ply 13: illegal move \"Ke2\""),
            std::string::npos)
      << o.err;
  // The rejected games verbatim: the first three games of the file.
  const std::string text = slurp(broken);
  const std::size_t fourth = text.find("[Event \"fairykit sample: notation warnings");
  ASSERT_NE(fourth, std::string::npos);
  EXPECT_EQ(slurp(dir + "inv.pgn"), text.substr(0, fourth));
  // A selection on the moves filters the valid game out; the invalid ones are rejected
  // whatever it says (their moves are not known to the end): 4 = 0 + 1 + 3.
  o = run("--min-plies 1000 " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("4 games read: 0 written, 1 filtered out, 3 rejected"), std::string::npos)
      << o.err;
  EXPECT_EQ(o.out, "");
  // The tags are tested on every game: invalid games that were not asked for are filtered
  // out, not rejected (4 = 0 + 4 + 0, exit 0). The third game's variant is one fairykit does
  // not play: Variant!=chess keeps it (and the others are chess).
  o = run("--where White=Nobody " + q(broken));
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.err.find("4 games read: 0 written, 4 filtered out, 0 rejected"), std::string::npos)
      << o.err;
  EXPECT_EQ(o.out, "");
  o = run("--where Variant!=chess " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("4 games read: 0 written, 3 filtered out, 1 rejected"), std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("game 3 (A - B)"), std::string::npos) << o.err;
  // Nothing rejected: exit 0.
  o = run(q(kSamples + "/classics.pgn"));
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.err.find("4 games read: 4 written, 0 filtered out, 0 rejected"), std::string::npos);
  // Two files: a summary each and a total.
  o = run(q(kSamples + "/classics.pgn") + " " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("total: 8 games read: 5 written, 0 filtered out, 3 rejected; 1 warning\n"),
            std::string::npos)
      << o.err;
}

TEST(FairyConvertPositions, FenAndEpd) {
  const std::string dir = temp_dir();
  write_file(dir, "promo.pgn", kPromotion);
  Output o = run("-q --to fen promo.pgn", dir);
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1\n"
            "3Qk3/8/8/8/8/8/8/4K2R b K - 0 1\n"
            "3k4/8/8/8/8/8/8/4K2R w K - 0 2\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - 1 2\n");
  o = run("-q --to fen --every 2 promo.pgn", dir);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1\n"
            "3k4/8/8/8/8/8/8/4K2R w K - 0 2\n");
  o = run("-q --to fen --final promo.pgn", dir);
  EXPECT_EQ(o.out, "3k4/8/8/8/8/8/8/5RK1 b - - 1 2\n");
  o = run("-q --to epd promo.pgn", dir);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 1; sm exd8=Q+; id \"promo.pgn game 1 "
            "ply 0\";\n"
            "3Qk3/8/8/8/8/8/8/4K2R b K - hmvc 0; fmvn 1; sm Kxd8; id \"promo.pgn game 1 ply "
            "1\";\n"
            "3k4/8/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 2; sm O-O; id \"promo.pgn game 1 ply 2\";\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"promo.pgn game 1 ply 3\";\n");
  o = run("-q --to epd --every 3 promo.pgn", dir);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 1; sm exd8=Q+; id \"promo.pgn game 1 "
            "ply 0\";\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"promo.pgn game 1 ply 3\";\n");
  o = run("-q --to epd --final promo.pgn", dir);
  EXPECT_EQ(o.out, "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"promo.pgn game 1 ply 3\";\n");
  // The second game of a file, read from standard input.
  write_file(dir, "two.pgn", std::string(kSmall) + "\n" + kPromotion);
  o = run("-q --to epd --final -", dir, dir + "two.pgn");
  EXPECT_EQ(o.out,
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - hmvc 0; fmvn 4; id "
            "\"<stdin> game 1 ply 7\";\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"<stdin> game 2 ply 3\";\n");
  EXPECT_EQ(run("--every 0 --to fen promo.pgn", dir).status, 2);
}

// After 1. f4 the e4 pawn may not take en passant (the rook on h4 pins it to its king on
// a4); in the second game it may.
const char* const kDoubleSteps = R"([Event "Pinned"]
[SetUp "1"]
[FEN "8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1. f4 Ka5 2. Ke2 Ka4 3. Ke1 Ka5 4. Ke2 Ka4 5. Ke1 1/2-1/2

[Event "Free"]
[SetUp "1"]
[FEN "8/8/8/8/k3p3/8/5P2/4K3 w - - 0 1"]
[Result "*"]

1. f4 *

[Event "Short"]
[SetUp "1"]
[FEN "8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1"]
[Result "*"]

1. f4 Ka5 *
)";

TEST(FairyConvertPositions, EnPassantSquareOnlyWhenACaptureIsLegal) {
  const std::string dir = temp_dir();
  write_file(dir, "ep.pgn", kDoubleSteps);
  Output o = run("-q --to fen --final ep.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out,
            "8/8/8/8/k3pP1R/8/8/4K3 b - - 8 5\n"
            "8/8/8/8/k3pP2/8/8/4K3 b - f3 0 1\n"
            "8/8/8/k7/4pP1R/8/8/4K3 w - - 1 2\n");
  o = run("-q --to fen --max-plies 1 ep.pgn", dir);
  EXPECT_EQ(o.out,
            "8/8/8/8/k3p3/8/5P2/4K3 w - - 0 1\n"
            "8/8/8/8/k3pP2/8/8/4K3 b - f3 0 1\n");
  // The PGN standard's form: after every double step.
  o = run("-q --to fen --fen-en-passant always ep.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1\n8/8/8/8/k3pP1R/8/8/4K3 b - f3 0 1\n"
                       "8/8/8/k7/4pP1R/8/8/4K3 w - - 1 2\n"),
            std::string::npos)
      << o.out;
  // ... and only there: the same position after 3. Ke1 has none.
  EXPECT_NE(o.out.find("8/8/8/8/k3pP1R/8/8/4K3 b - - 4 3\n"), std::string::npos) << o.out;
  o = run("-q --to epd --final --fen-en-passant always --max-plies 1 ep.pgn", dir);
  EXPECT_EQ(o.out, "8/8/8/8/k3pP2/8/8/4K3 b - f3 hmvc 0; fmvn 1; id \"ep.pgn game 2 ply 1\";\n");
  // A set-up FEN that names a square no capture can use keeps it only in that form.
  write_file(dir, "named.fen", "8/8/8/8/k3pP1R/8/8/4K3 b - f3 0 1\n");
  EXPECT_EQ(run("-q --to fen named.fen", dir).out, "8/8/8/8/k3pP1R/8/8/4K3 b - - 0 1\n");
  EXPECT_EQ(run("-q --to fen --fen-en-passant always named.fen", dir).out,
            "8/8/8/8/k3pP1R/8/8/4K3 b - f3 0 1\n");
  // The position after 1. f4 is found by the FEN python-chess and lichess write, and by the
  // PGN standard's (in "Short" it comes only there), and the first game ends in a threefold
  // repetition (plies 1, 5 and 9).
  for (const char* fen :
       {"8/8/8/8/k3pP1R/8/8/4K3 b - - 0 1", "8/8/8/8/k3pP1R/8/8/4K3 b - f3 0 1"}) {
    o = run(std::string("-q --reaches '") + fen + "' ep.pgn", dir);
    EXPECT_EQ(events(o.out), "Pinned,Short") << fen;
  }
  EXPECT_EQ(events(run("-q --ends-in threefold-repetition ep.pgn", dir).out), "Pinned");
  // Usage errors.
  o = run("--fen-en-passant sometimes --to fen ep.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --fen-en-passant wants legal or always, not 'sometimes'\n"
            "Try 'fairy-convert --help' for more information.\n");
  EXPECT_EQ(run("--fen-en-passant always --fen-dialect pychess --to fen ep.pgn", dir).status, 2);
}

TEST(FairyConvertJson, GameObject) {
  const std::string dir = temp_dir();
  write_file(dir, "promo.pgn", kPromotion);
  // Line 6, column 4: "exd8=Q" (four tag lines, a blank line).
  const std::string object =
      R"({"file":"promo.pgn","game":1,"line":1,"variant":"chess","tags":{"Event":"Promotion",)"
      R"("Site":"?","Date":"????.??.??","Round":"?","White":"?","Black":"?","Result":"*"},)"
      R"("start_fen":"3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1","result":"*","termination":"unfinished","termination_from":"result",)"
      R"("plies":3,"ply":1,"san":["exd8=Q+","Kxd8","O-O"],"uci":["e7d8q","e8d8","e1g1"],)";
  const std::string diagnostics =
      R"("diagnostics":[{"severity":"warning","line":6,"column":4,"ply":1,)"
      R"("message":"move \"exd8=Q\": check not marked"}]})";
  Output o = run("-q --to jsonl promo.pgn", dir);
  EXPECT_EQ(o.out, object + diagnostics + "\n");
  o = run("-q --to json promo.pgn promo.pgn", dir);
  EXPECT_EQ(o.out, "[\n" + object + diagnostics + ",\n" + object + diagnostics + "\n]\n");
  o = run("-q --to json --where White=X promo.pgn", dir);
  EXPECT_EQ(o.out, "[\n]\n");
  o = run("-q --to jsonl --with-fen promo.pgn", dir);
  EXPECT_EQ(o.out,
            object +
                R"("fen":["3Qk3/8/8/8/8/8/8/4K2R b K - 0 1","3k4/8/8/8/8/8/8/4K2R w K - 0 2",)"
                R"("3k4/8/8/8/8/8/8/5RK1 b - - 1 2"],)" +
                diagnostics + "\n");
}

// Nesting: one bound for every reader and writer. A JSON value nested 100,000 deep in a
// field the reader does not use, and a tag value nested 200,000 deep (whose copy into PGN
// overflowed the stack), are errors at the bracket one level too many; a PGN game with 50,000
// nested variations (whose JSON writer overflowed the stack) is refused when read, at the
// '(' one too deep; a game at the limit goes through every format and back.
TEST(FairyConvertJson, NestingBoundedInEveryFormat) {
  const std::string dir = temp_dir();
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  write_file(dir, "deep.jsonl", "{\"san\":[\"e4\"]}\n{\"san\":[\"e4\"],\"x\":" + deep + "}\n");
  const std::string error =
      "deep.jsonl:2:624: error: game 2 (? - ?): invalid JSON: arrays and "
      "objects nested more than 606 deep\n";
  Output o = run("--to jsonl deep.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, error +
                       "deep.jsonl: 2 games read: 1 written, 0 filtered out, 1 rejected; 0 "
                       "warnings\n");
  o = fairykit::testing::run_tool("fairy-analyze", "deep.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.out.find("invalid JSON: arrays and objects nested more than 606 deep     1"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.err.find("deep.jsonl: 2 games read: 1 analysed, 1 rejected"), std::string::npos)
      << o.err;
  write_file(dir, "tag.jsonl",
             "{\"tags\":{\"X\":" + std::string(200000, '[') + std::string(200000, ']') +
                 "},\"san\":[]}\n");
  o = run("-j 2 tag.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err.substr(0, o.err.find('\n')),
            "tag.jsonl:1:618: error: game 1 (? - ?): invalid JSON: arrays and objects nested "
            "more than 606 deep");

  auto nested = [](int depth) {
    std::string text = "[Event \"deep\"]\n\n1. e4";
    for (int i = 0; i < depth; ++i) text += " (1. d4";
    for (int i = 0; i < depth; ++i) text += ")";
    return text + " *\n";
  };
  write_file(dir, "v50000.pgn", nested(50000));
  for (const char* to : {"json", "jsonl", "pgn", "sqlite -o v.db", "csv"}) {
    o = run(std::string("--to ") + to + " v50000.pgn", dir);
    EXPECT_EQ(o.status, 1) << to;
    EXPECT_EQ(o.err.substr(0, o.err.find('\n')),
              "v50000.pgn:3:1407: error: game 1 (? - ?): variations nested more than 200 deep")
        << to;
  }
  // 200 levels: written in every format; PGN, JSON and JSON Lines read back as the same game.
  write_file(dir, "v200.pgn", nested(200));
  const Output pgn = run("-q v200.pgn", dir);
  ASSERT_EQ(pgn.status, 0) << pgn.err;
  for (const char* to : {"json", "jsonl", "pgn"}) {
    o = run(std::string("-q --to ") + to + " v200.pgn", dir);
    ASSERT_EQ(o.status, 0) << o.err;
    write_file(dir, std::string("back.") + to, o.out);
    o = run(std::string("-q back.") + to, dir);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out, pgn.out) << to;
  }
  EXPECT_EQ(run("-q --to csv v200.pgn", dir).status, 0);
  EXPECT_EQ(run("-q --to sqlite -o v200.db v200.pgn", dir).status, 0);
  // 201 levels in JSON: refused at the variation too many.
  std::string json = run("-q --to jsonl v200.pgn", dir).out;
  const std::string innermost = "\"variation\":{\"ply\":1,\"san\":[\"d4\"],\"uci\":[\"d2d4\"]}";
  const std::size_t at = json.find(innermost);
  ASSERT_NE(at, std::string::npos) << json;
  const std::string one_more =
      "\"variation\":{\"ply\":1,\"san\":[\"d4\"],\"notes\":[{\"ply\":1,\"variation\":";
  json.replace(at, innermost.size(), one_more + "{\"ply\":1,\"san\":[\"d4\"]}}]}");
  write_file(dir, "v201.jsonl", json);
  o = run("v201.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err.substr(0, o.err.find('\n')),
            "v201.jsonl:1:" + std::to_string(at + one_more.size() + 1) +
                ": error: game 1 (? - ?): variations nested more than 200 deep");
}

// What the JSON says that PGN would say otherwise is refused, at its line and column, never
// altered: a NAG beyond 255 (it wrapped to $0), a result inside "san" (it ended the game
// there and dropped the moves after it), a "result" that is not one (it was ignored), two
// game objects without a ',' between them (accepted); an array after a byte order mark is
// read (it was refused); a syntax error is said in our words at its line and column (it
// printed nlohmann-json's exception text at column 1).
TEST(FairyConvertJson, RefusedNeverAltered) {
  const std::string dir = temp_dir();
  write_file(dir, "bad.jsonl",
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"nag\":4294967296}]}\n"
             "{\"san\":[\"e4\",\"1-0\",\"e5\"]}\n"
             "  {\"san\":[\"e4\",\"*\",\"e5\"]}\n"
             "{\"san\":[\"e4\"],\"result\":\"1-O\"}\n"
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"nag\":255}]}\n");
  Output o = run("bad.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "bad.jsonl:1:44: error: game 1 (? - ?): NAG 4294967296 is out of range (0 to 255)\n"
            "bad.jsonl:2:14: error: game 2 (? - ?): a result inside the \"san\" array: \"1-0\" "
            "(the result is the \"result\" field)\n"
            "bad.jsonl:3:16: error: game 3 (? - ?): a result inside the \"san\" array: \"*\" (the "
            "result is the \"result\" field)\n"
            "bad.jsonl:4:24: error: game 4 (? - ?): \"result\" is not a result: \"1-O\" (one of "
            "\"1-0\", \"0-1\", \"1/2-1/2\", \"*\")\n"
            "bad.jsonl: 5 games read: 1 written, 0 filtered out, 4 rejected; 0 warnings\n");
  EXPECT_NE(o.out.find("\n1. e4 $255 e5 *\n"), std::string::npos) << o.out;

  write_file(dir, "comma.json", "[{\"san\":[\"e4\"]}\n {\"san\":[\"d4\"]}]\n");
  o = run("comma.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "comma.json:2:2: error: game 2 (? - ?): a ',' is missing between two games of the "
            "JSON array\n"
            "comma.json: 2 games read: 1 written, 0 filtered out, 1 rejected; 0 warnings\n");
  const std::string bom = write_file(dir, "bom.json", "\xEF\xBB\xBF[{\"san\":[\"e4\"]}]\n");
  o = run("-q bom.json", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\n1. e4 *\n"), std::string::npos) << o.out;
  // Piped in, told by its first bytes.
  o = run("-q -", dir, bom);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\n1. e4 *\n"), std::string::npos) << o.out;

  // A pretty-printed array: each error at its line and column in the file, with the game's
  // number; an illegal move at its place in "san".
  write_file(dir, "pretty.json",
             "[\n"
             "  {\"tags\": {\"White\": \"A\", \"Black\": \"B\"},\n"
             "   \"san\": [\"e4\", \"e5\"\n"
             "            \"Nf3\"]},\n"
             "  {\"san\": [\"e4\", \"e5\", \"Ke3\"]}\n"
             "]\n");
  o = run("pretty.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "pretty.json:4:13: error: game 1 (? - ?): invalid JSON: ',' or ']' expected after "
            "an element, not '\"'\n"
            "pretty.json:5:24: error: game 2 (? - ?), ply 3: illegal move \"Ke3\"\n"
            "pretty.json: 2 games read: 0 written, 0 filtered out, 2 rejected; 0 warnings\n");
}

TEST(FairyConvertPositions, Csv) {
  const std::string dir = temp_dir();
  write_file(dir, "promo.pgn", kPromotion);
  write_file(dir, "small.pgn", kSmall);
  Output o = run("-q --to csv promo.pgn small.pgn", dir);
  EXPECT_EQ(o.status, 0);
  // "King's Gambit" is no CSV column; a value with a comma is quoted.
  write_file(dir, "comma.pgn",
             "[Event \"Open, round 1\"]\n[White \"Say \\\"hi\\\"\"]\n[WhiteElo \"2100\"]\n"
             "[ECO \"C20\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
  EXPECT_EQ(
      o.out,
      "file,game,variant,Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO,"
      "TimeControl,speed,clock_base,clock_increment,WhiteRatingDiff,BlackRatingDiff,date_iso,"
      "utc,plies,termination,termination_from,start_fen,san,uci\n"
      "promo.pgn,1,chess,Promotion,,,,,,*,,,,,,,,,,,,3,unfinished,result,3qk3/4P3/8/8/8/8/8/4K2R "
      "w K - 0 1,exd8=Q+ Kxd8 O-O,e7d8q e8d8 e1g1\n"
      "small.pgn,1,chess,Casual,,,,Anderssen,Kieseritzky,1-0,,,,,,,,,,,,7,checkmate,board,,e4 e5 "
      "Bc4 "
      "Nc6 Qh5 Nf6 Qxf7#,e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7\n");
  o = run("-q --to csv comma.pgn", dir);
  const std::string body = o.out.substr(o.out.find('\n') + 1);
  EXPECT_EQ(body,
            "comma.pgn,1,chess,\"Open, round 1\",,,,\"Say \"\"hi\"\"\",,*,2100,,C20,,,,,,,,,2,"
            "unfinished,result,,e4 e5,"
            "e2e4 e7e5\n")
      << o.err;
  o = run("-q --to csv --positions promo.pgn", dir);
  EXPECT_EQ(o.out,
            "file,game,ply,fen,move_san,move_uci,clock,elapsed,spent,eval_cp,eval_mate,eval_depth\n"
            "promo.pgn,1,0,3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1,exd8=Q+,e7d8q,,,,,,\n"
            "promo.pgn,1,1,3Qk3/8/8/8/8/8/8/4K2R b K - 0 1,Kxd8,e8d8,,,,,,\n"
            "promo.pgn,1,2,3k4/8/8/8/8/8/8/4K2R w K - 0 2,O-O,e1g1,,,,,,\n"
            "promo.pgn,1,3,3k4/8/8/8/8/8/8/5RK1 b - - 1 2,,,,,,,,\n");
  o = run("-q --to csv --positions --final promo.pgn", dir);
  EXPECT_EQ(o.out,
            "file,game,ply,fen,move_san,move_uci,clock,elapsed,spent,eval_cp,eval_mate,eval_depth\n"
            "promo.pgn,1,3,3k4/8/8/8/8/8/8/5RK1 b - - 1 2,,,,,,,,\n");
}

// CSV cells a spreadsheet would run as formulas (OWASP: a cell that starts with =, +, -, @,
// a tab or a carriage return) get a ' before them, in every column and with --positions;
// plain numbers stay as they are (ratings are written as numbers: "+3" is 3, "-" no number);
// --csv-raw writes every cell as it is.
TEST(FairyConvertPositions, CsvFormulaCells) {
  const std::string dir = temp_dir();
  write_file(dir, "=f.pgn",
             "[Event \"=HYPERLINK(\\\"http://x\\\",\\\"y\\\")\"]\n[Site \"+1+2\"]\n"
             "[Date \"-1.5\"]\n[Round \"-2\"]\n[White \"@SUM(A1)\"]\n[Black \"\tx\"]\n"
             "[WhiteElo \"-\"]\n[BlackElo \"+3\"]\n[ECO \"-1e3\"]\n[TimeControl \"-\"]\n"
             "[Result \"*\"]\n\n1. e4 *\n");
  Output o = run("-q --to csv =f.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.substr(o.out.find('\n') + 1),
            "'=f.pgn,1,chess,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'+1+2,-1.5,-2,'@SUM(A1),"
            "'\tx,*,,3,'-1e3,'-,correspondence,,,,,,,1,unfinished,result,,e4,e2e4\n");
  o = run("-q --to csv --csv-raw =f.pgn", dir);
  EXPECT_EQ(o.out.substr(o.out.find('\n') + 1),
            "=f.pgn,1,chess,\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",+1+2,-1.5,-2,@SUM(A1),"
            "\tx,*,,3,-1e3,-,correspondence,,,,,,,1,unfinished,result,,e4,e2e4\n");
  o = run("-q --to csv --positions --final =f.pgn", dir);
  EXPECT_EQ(o.out.substr(o.out.find('\n') + 1),
            "'=f.pgn,1,1,rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,,,,,,,,\n");
  o = run("-q --to csv --positions --final --csv-raw =f.pgn", dir);
  EXPECT_EQ(o.out.substr(o.out.find('\n') + 1),
            "=f.pgn,1,1,rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,,,,,,,,\n");
  o = run("--csv-raw =f.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--csv-raw needs --to csv"), std::string::npos) << o.err;
}

// Five games: Elo and dates on both sides of the bounds, a transposition, a checkmate and a
// duplicate of the first game's moves.
const char* const kSelection = R"([Event "One"]
[White "Alpha"]
[WhiteElo "2750"]
[Date "1999.05.01"]
[Result "1/2-1/2"]

1. d4 Nf6 2. c4 e6 3. Nc3 1/2-1/2

[Event "Two"]
[White "Beta"]
[WhiteElo "980"]
[Date "2005.01.01"]
[Result "*"]

1. c4 e6 2. d4 Nf6 3. Nc3 Bb4 *

[Event "Chess Olympiad"]
[White "Gamma"]
[WhiteElo "2700"]
[Date "2000.01.01"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Four"]
[White "Delta"]
[WhiteElo "2600"]
[Date "2010.01.01"]
[Result "*"]

1. d4 Nf6 2. c4 e6 3. Nc3 *

[Event "Five"]
[White "Epsilon"]
[Result "*"]

1. e4 e5 *
)";

// The Event tags of the games written, in order.
std::string events(const std::string& pgn) {
  std::string s;
  std::size_t i = 0;
  while ((i = pgn.find("[Event \"", i)) != std::string::npos) {
    i += 8;
    if (!s.empty()) s += ',';
    s += pgn.substr(i, pgn.find('"', i) - i);
  }
  return s;
}

// Tag names match as PGN spells them; a --where on a tag that no game of the run has gets a
// warning (with the tag it most likely means), as it selects nothing.
TEST(FairyConvertSelection, MisspeltTagIsWarnedOf) {
  const std::string dir = temp_dir();
  write_file(dir, "sel.pgn", kSelection);
  const std::string hint =
      "fairy-convert: warning: --where: no game read has a tag named \"Whiteelo\" (tag names "
      "are compared as PGN spells them); did you mean \"WhiteElo\"?\n";
  for (const char* quiet : {"", "-q "}) {
    const Output o = run(std::string(quiet) + "--where 'Whiteelo>=2700' sel.pgn sel.pgn", dir);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out, "");
    EXPECT_NE(o.err.find(hint), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find(hint), o.err.rfind(hint)) << "said once: " << o.err;
  }
  Output o = run("--where 'Colour=white' --where 'Event!=x' sel.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("no game read has a tag named \"Colour\" (tag names are compared as PGN "
                       "spells them)\n"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(o.err.find("\"Event\""), std::string::npos) << o.err;
  // Spelt right, or present in some game only: no warning.
  o = run("--where 'WhiteElo>=2700' sel.pgn", dir);
  EXPECT_EQ(o.err, "sel.pgn: 5 games read: 2 written, 3 filtered out, 0 rejected; 0 warnings\n");
  EXPECT_EQ(events(o.out), "One,Chess Olympiad");
}

TEST(FairyConvertSelection, WhereAndPlies) {
  const std::string dir = temp_dir();
  write_file(dir, "sel.pgn", kSelection);
  struct Case {
    const char* args;
    const char* events;
  } const cases[] = {
      {"--where White=Beta", "Two"},
      {"--where White!=Beta", "One,Chess Olympiad,Four,Five"},
      {"--where Event~Olymp", "Chess Olympiad"},
      // Numbers as numbers: 980 < 2700 (as text it would be greater).
      {"--where 'WhiteElo>=2700'", "One,Chess Olympiad"},
      {"--where 'WhiteElo<2700'", "Two,Four"},
      {"--where 'WhiteElo>2700'", "One"},
      {"--where 'WhiteElo<=980'", "Two"},
      // Dates as text; a game without the tag does not pass.
      {"--where 'Date<2000.01.01'", "One"},
      {"--where 'Date>=2000.01.01'", "Two,Chess Olympiad,Four"},
      {"--where 'WhiteElo>=2600' --where 'Date<2005'", "One,Chess Olympiad"},
      {"--where Variant=chess", "One,Two,Chess Olympiad,Four,Five"},
      // Any name of the variant, for = and != alike.
      {"--where Variant=Standard", "One,Two,Chess Olympiad,Four,Five"},
      {"--where Variant!=Standard", ""},
      {"--where Variant!=chess960", "One,Two,Chess Olympiad,Four,Five"},
      {"--min-plies 5", "One,Two,Four"},
      {"--max-plies 4", "Chess Olympiad,Five"},
      {"--min-plies 5 --max-plies 5", "One,Four"},
      {"--ends-in checkmate", "Chess Olympiad"},
      {"--ends-in none", "One,Two,Four,Five"},
      // After 1. d4 Nf6 2. c4 e6 3. Nc3 and 1. c4 e6 2. d4 Nf6 3. Nc3 (clocks differ from
      // neither, but the position is matched by its key).
      {"--reaches 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 3'",
       "One,Two,Four"},
      {"--reaches 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 7 30'",
       "One,Two,Four"},
      // The start position is reached by every game.
      {"--reaches 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
       "One,Two,Chess Olympiad,Four,Five"},
      {"--reaches 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'", "Five"},
  };
  for (const Case& c : cases) {
    const Output o = run(std::string(c.args) + " sel.pgn", dir);
    EXPECT_EQ(o.status, 0) << c.args << "\n" << o.err;
    EXPECT_EQ(events(o.out), c.events) << c.args;
    const int written =
        c.events[0] ? int(std::count(c.events, c.events + std::strlen(c.events), ',')) + 1 : 0;
    EXPECT_NE(o.err.find("sel.pgn: 5 games read: " + std::to_string(written) + " written, " +
                         std::to_string(5 - written) + " filtered out, 0 rejected"),
              std::string::npos)
        << c.args << "\n"
        << o.err;
  }
  for (const char* bad : {"--where White", "--where =x", "--ends-in mate", "--reaches xyz",
                          "--min-plies -1", "--where Variant=chesss", "--where Variant!=chesss"}) {
    const Output o = run(std::string(bad) + " sel.pgn", dir);
    EXPECT_EQ(o.status, 2) << bad;
    EXPECT_EQ(o.out, "") << bad;
  }
  const Output alone = run("--ignore-case sel.pgn", dir);
  EXPECT_EQ(alone.status, 2);
  EXPECT_EQ(alone.err,
            "fairy-convert: --ignore-case is about --where\nTry 'fairy-convert --help' for more "
            "information.\n");
  // A variant that is none: a usage error, not a run that filters every game out.
  const Output o = run("--where Variant=chesss sel.pgn", dir);
  EXPECT_EQ(o.err,
            "fairy-convert: --where 'Variant=chesss': unknown variant 'chesss' (known: chess, "
            "chess960, cwda, superchess, interweave, fluidity)\nTry 'fairy-convert --help' for "
            "more information.\n");
  // A comparison mistyped, or a number compared with text: an error naming the tag, not a
  // filter that matches nothing.
  const struct {
    const char* where;
    const char* message;
  } kMistyped[] = {
      {"WhiteElo=>2700",
       "the value of WhiteElo begins with an operator (did you mean 'WhiteElo>=2700'?)"},
      {"WhiteElo=<2700",
       "the value of WhiteElo begins with an operator (did you mean 'WhiteElo<=2700'?)"},
      {"WhiteElo>>2700", "the value of WhiteElo begins with an operator"},
      {"WhiteElo>abc", "WhiteElo holds whole numbers, and 'abc' is none"},
      {"BlackElo<=", "BlackElo holds whole numbers, and '' is none"},
      {"WhiteElo=2400..2000",
       "the range '2400..2000' holds nothing (its low end is above its high end)"},
      {"Speed=fast",
       "unknown speed 'fast' (known: ultrabullet, bullet, blitz, rapid, classical, "
       "correspondence)"},
      {"White=A|", "'': an empty test before or after a | (a | in a value is written \\|)"},
  };
  for (const auto& c : kMistyped) {
    const Output m = run(std::string("--where '") + c.where + "' sel.pgn", dir);
    EXPECT_EQ(m.status, 2) << c.where;
    EXPECT_EQ(m.out, "") << c.where;
    EXPECT_EQ(m.err, std::string("fairy-convert: --where '") + c.where + "': " + c.message +
                         "\nTry 'fairy-convert --help' for more information.\n");
  }
}

// Each form of --where (tests/tools/selection_cases.h): the games written, the summary's
// counts, the same output at -j 1 and -j 2.
TEST(FairyConvertSelection, TheWhereLanguage) {
  const std::string dir = temp_dir();
  write_file(dir, "online.pgn", fairykit::testing::kSelectionGames);
  for (const fairykit::testing::SelectionCase& c : fairykit::testing::kSelectionCases) {
    const Output o = run(std::string("-j 1 ") + c.flags + " online.pgn", dir);
    EXPECT_EQ(o.status, 0) << c.flags << "\n" << o.err;
    EXPECT_EQ(events(o.out), c.events) << c.flags;
    const int n = fairykit::testing::selected_count(c.events);
    EXPECT_EQ(o.err, "online.pgn: 6 games read: " + std::to_string(n) + " written, " +
                         std::to_string(6 - n) + " filtered out, 0 rejected; 0 warnings\n")
        << c.flags;
    const Output two = run(std::string("-j 2 ") + c.flags + " online.pgn", dir);
    EXPECT_EQ(two.out, o.out) << c.flags;
    EXPECT_EQ(two.err, o.err) << c.flags;
  }
}

// The counts of the TWIC file and the samples against counts made apart from the tool
// (count_games: the tag lines of each game), at -j 1 and -j 2.
TEST(FairyConvertSelection, CountsMadeApartFromTheTool) {
  using fairykit::testing::count_games;
  using fairykit::testing::tag_number;
  using fairykit::testing::TagMap;
  struct Case {
    std::string flags;
    std::function<bool(const TagMap&)> test;
  } const cases[] = {
      {"--where 'WhiteElo=2600..'",
       [](const TagMap& t) { return tag_number(t, "WhiteElo") >= 2600; }},
      {"--where 'BlackElo!=2000..2400'",
       [](const TagMap& t) {
         const long elo = tag_number(t, "BlackElo");
         return elo < 2000 || elo > 2400;  // also without a rating (-1)
       }},
      {"--ignore-case --where 'Event~/(open|cup)/' --where 'WhiteElo=..2300'",
       [](const TagMap& t) {
         std::string event = t.count("Event") ? t.at("Event") : "";
         for (char& ch : event) ch = char(std::tolower(static_cast<unsigned char>(ch)));
         const long elo = tag_number(t, "WhiteElo");
         return (event.find("open") != std::string::npos ||
                 event.find("cup") != std::string::npos) &&
                elo >= 0 && elo <= 2300;
       }},
      {"--where 'Player~random|Player~Steinitz'",
       [](const TagMap& t) {
         return fairykit::testing::player_has(t, "random") ||
                fairykit::testing::player_has(t, "Steinitz");
       }},
  };
  for (const Case& c : cases) {
    const auto [args, read, want] = fairykit::testing::counted_inputs(c.test);
    EXPECT_GT(want, 0) << c.flags;
    const Output one = run("-j 1 --to csv " + c.flags + args);
    EXPECT_EQ(one.status, 0) << c.flags << "\n" << one.err;
    EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), want + 1) << c.flags;  // + header
    EXPECT_NE(
        one.err.find("total: " + std::to_string(read) + " games read: " + std::to_string(want) +
                     " written, " + std::to_string(read - want) + " filtered out, 0 rejected"),
        std::string::npos)
        << c.flags << "\n"
        << one.err;
    const Output two = run("-j 2 --to csv " + c.flags + args);
    EXPECT_TRUE(two.out == one.out) << c.flags;
    EXPECT_EQ(two.err, one.err) << c.flags;
  }
}

// Signed whole numbers compare as numbers (a rating change of -5 is less than 3).
TEST(FairyConvertSelection, SignedNumbersCompareAsNumbers) {
  const std::string dir = temp_dir();
  write_file(dir, "diff.pgn",
             "[Event \"Down\"]\n[WhiteRatingDiff \"-12\"]\n\n1. e4 *\n\n"
             "[Event \"Up\"]\n[WhiteRatingDiff \"+3\"]\n\n1. d4 *\n\n"
             "[Event \"Little\"]\n[WhiteRatingDiff \"-5\"]\n\n1. c4 *\n");
  EXPECT_EQ(events(run("-q --where 'WhiteRatingDiff>-6' diff.pgn", dir).out), "Up,Little");
  EXPECT_EQ(events(run("-q --where 'WhiteRatingDiff<0' diff.pgn", dir).out), "Down,Little");
}

TEST(FairyConvertSelection, Dedupe) {
  const std::string dir = temp_dir();
  write_file(dir, "sel.pgn", kSelection);
  const Output o = run("-j 2 --dedupe --duplicates-out dups.pgn sel.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(events(o.out), "One,Two,Chess Olympiad,Five");
  EXPECT_EQ(o.err,
            "sel.pgn: 5 games read: 4 written, 1 filtered out (1 duplicate), 0 rejected; 0 "
            "warnings\n");
  // The duplicate verbatim: the fourth game's text (to the next game).
  const std::string text = kSelection;
  const std::size_t b = text.find("[Event \"Four\"]"), e = text.find("[Event \"Five\"]");
  EXPECT_EQ(slurp(dir + "dups.pgn"), text.substr(b, e - b));
  // Deduplication across files: the second copy of a file is all duplicates.
  const Output twice = run("--dedupe sel.pgn sel.pgn", dir);
  EXPECT_EQ(events(twice.out), "One,Two,Chess Olympiad,Five");
  EXPECT_NE(twice.err.find("total: 10 games read: 4 written, 6 filtered out (6 duplicates)"),
            std::string::npos)
      << twice.err;
  EXPECT_EQ(run("--duplicates-out d.pgn sel.pgn", dir).status, 2);
}

// The tests of what happens in the game on the hand-made games of tests/data/selection (one
// file per variant, each game's Event saying what it holds and why), at -j 1 and -j 2.
TEST(FairyConvertSelection, WhatHappensInTheGame) {
  const std::string data = std::string(FAIRYKIT_DATA_DIR) + "/selection/";
  struct Case {
    const char* flags;
    const char* file;
    const char* events;
  } const cases[] = {
      {"--repetition", "chess.pgn", "repetition: the start position a third time at ply 8"},
      {"--repetition", "interweave.pgn",
       "repetition: the start position a third time at ply 8; Black made it and loses"},
      {"--repetition --invert", "interweave.pgn", "no repetition: the start position twice"},
      {"--fifty-move", "chess.pgn", "fifty moves: the clock at 98, two quiet moves make 100"},
      {"--fifty-move", "fluidity.pgn",
       "twenty-five moves: the clock at 48, two moves without capture make 50"},
      {"--underpromotion", "chess.pgn", "underpromotion: a rook with a check"},
      {"--underpromotion", "cwda.pgn",
       "underpromotion: a Clobberers pawn becomes a Bede (its army's rook),"
       "underpromotion: a Clobberers pawn becomes a Charging Rook (the other army's rook)"},
      {"--underpromotion", "superchess.pgn",
       "underpromotion: an Empress while the Queen is in the pool"},
      {"--underpromotion", "interweave.pgn", ""},
      {"--moves 'Nc1-a5 Nf8-h4 Na5-c1'", "interweave.pgn",
       "repetition: the start position a third time at ply 8; Black made it and loses,"
       "no repetition: the start position twice"},
      {"--moves c1a5", "interweave.pgn",
       "repetition: the start position a third time at ply 8; Black made it and loses,"
       "no repetition: the start position twice"},
      // Compared from each game's own start: these begin from set-up positions.
      {"--moves e4", "cwda.pgn", ""},
  };
  for (const Case& c : cases) {
    const std::string args = std::string(c.flags) + " -q " + q(data + c.file);
    const Output one = run("-j 1 " + args), two = run("-j 2 " + args);
    EXPECT_EQ(one.status, 0) << c.flags << " " << c.file << "\n" << one.err;
    EXPECT_EQ(events(one.out), c.events) << c.flags << " " << c.file;
    EXPECT_EQ(two.out, one.out) << c.flags << " " << c.file;
  }
}

// --stop-after N: the first N games written in input order, whatever -j; the summary counts
// the games up to the Nth, and no later input is read.
TEST(FairyConvertSelection, StopAfter) {
  const std::string args = "--stop-after 3 --where 'WhiteElo>=2700' " + q(kTwic) + " " + q(kTwic);
  const Output one = run("-j 1 " + args), two = run("-j 2 " + args);
  EXPECT_EQ(one.status, 0) << one.err;
  const Output all = run("-q --where 'WhiteElo>=2700' " + q(kTwic));
  // The first three games of the whole selection, byte for byte.
  std::size_t fourth = 0;
  for (int i = 0; i < 3; ++i) fourth = all.out.find("[Event \"", fourth + 1);
  EXPECT_EQ(one.out, all.out.substr(0, fourth));
  EXPECT_EQ(two.out, one.out);
  EXPECT_EQ(two.err, one.err);
  // One summary: the second input is not read.
  EXPECT_EQ(std::count(one.err.begin(), one.err.end(), '\n'), 2) << one.err;
  EXPECT_NE(one.err.find(" 3 written, "), std::string::npos) << one.err;
  EXPECT_EQ(run("--stop-after 0 " + q(kTwic)).status, 2);
}

// The values of the new selection flags that are refused, word for word.
TEST(FairyConvertSelection, WhatHappensInTheGameErrors) {
  const std::string tail = "Try 'fairy-convert --help' for more information.\n";
  const struct {
    const char* flags;
    const char* message;
  } cases[] = {
      {"--moves ''", "--moves '': no move given"},
      {"--moves '1.'", "--moves '1.': no move given"},
      {"--moves 'e4 e5 Ke3'", "--moves 'e4 e5 Ke3': move 3: illegal move \"Ke3\""},
      {"--moves 'e4 zz9'", "--moves 'e4 zz9': move 2: unreadable move \"zz9\""},
      {"--invert", "--invert needs a selection test to invert"},
      {"--stop-after x",
       "--stop-after wants a whole number from 1 to 1000000000000000000, not 'x'"},
  };
  for (const auto& c : cases) {
    const Output o = run(std::string(c.flags) + " " + q(kTwic));
    EXPECT_EQ(o.status, 2) << c.flags;
    EXPECT_EQ(o.out, "") << c.flags;
    EXPECT_EQ(o.err, "fairy-convert: " + std::string(c.message) + "\n" + tail) << c.flags;
  }
}

TEST(FairyConvertFixResult, DrawClaimedAfterCheckmate) {
  const std::string dir = temp_dir();
  write_file(dir, "fix.pgn", R"([Event "Fool's mate"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]

1. f3 e5 2. g4 Qh4# 1/2-1/2
)");
  Output o = run("fix.pgn", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("fix.pgn: 1 game read: 0 written, 0 filtered out, 1 rejected"),
            std::string::npos)
      << o.err;
  o = run("--fix-result fix.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "Fool's mate"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

)");
  EXPECT_EQ(o.err,
            "fix.pgn:1: note: game 1 (A - B): result \"1/2-1/2\" corrected to \"0-1\" "
            "(checkmate)\n"
            "fix.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 1 result fixed; 0 "
            "warnings\n");
  // The result in JSON too.
  o = run("-q --fix-result --to jsonl fix.pgn", dir);
  EXPECT_NE(o.out.find("\"Result\":\"0-1\"},\"result\":\"0-1\",\"termination\":\"checkmate\""),
            std::string::npos)
      << o.out;
  // A game whose other errors are not about the result stays rejected.
  o = run("--fix-result " + q(kSamples + "/broken.pgn"));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("4 games read: 2 written, 0 filtered out, 2 rejected; 1 result fixed"),
            std::string::npos)
      << o.err;
}

// What --fix repairs, one game each: a promotion without '=', castling with zeros, a FEN tag
// without SetUp, a Result tag that is no result, a date with slashes and missing roster tags;
// an ambiguous date (left, a warning) and a missing termination marker; two different results
// and an illegal move (rejected, reported as without --fix); a CwDA game with a day-first date
// and "0-0-0".
const char* const kFixGames = R"pgn([Event "Promotion"]
[Date "2024/01/05"]
[White "A"]
[Black "B"]
[FEN "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1"]
[Result "?"]

1. exd8Q+ Kxd8 2. 0-0 1/2-1/2

[Event "Ambiguous"]
[Site "Here"]
[Date "5.1.2024"]
[Round "1"]
[White "C"]
[Black "D"]
[Result "1-0"]

1. e4 e5 2. Nf3

[Event "Two results"]
[Site "Here"]
[Date "2024.01.05"]
[Round "2"]
[White "E"]
[Black "F"]
[Result "1-0"]

1. e4 e5 0-1

[Event "Broken"]
[Date "2024-1-5"]
[Result "1-0"]

1. e4 e5 2. 0-0 *

[Event "fairykit sample: seeded random play"]
[Date "21.11.2026"]
[White "random (seed 34)"]
[Black "random (seed 34)"]
[Variant "CWDA"]
[Armies "CN"]
[PieceLetters "vchess"]

1. f3 a6 2. Fc3 Td6 3. Fe3 g5 4. Cf2 If6 5. Wd3 Te4 6. g4 Tf5 7. Fd1 c6 8.
Fd4 Txd4 9. Dh3 e6 10. e4 c5 11. Df1 b6 12. Wf5 h5 13. b3 e5 14. Wh1 b5 15.
Fe2 Lc7 16. Wg1 Ld5 17. 0-0-0 Ld6 18. Dh1 Ixe4 19. Ff1 h4 20. Wh3 Gg8 *
)pgn";

TEST(FairyConvertFix, EachRepairReportedAtItsPlace) {
  const std::string dir = temp_dir();
  write_file(dir, "fix.pgn", kFixGames);
  const Output o = run("--fix --invalid-out bad.pgn fix.pgn", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, R"pgn([Event "Promotion"]
[Site "?"]
[Date "2024.01.05"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1"]

1. exd8=Q+ Kxd8 2. O-O 1/2-1/2

[Event "Ambiguous"]
[Site "Here"]
[Date "5.1.2024"]
[Round "1"]
[White "C"]
[Black "D"]
[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Event "fairykit sample: seeded random play"]
[Site "?"]
[Date "2026.11.21"]
[Round "?"]
[White "random (seed 34)"]
[Black "random (seed 34)"]
[Result "*"]
[Variant "CWDA"]
[Armies "CN"]
[PieceLetters "vchess"]
[SetUp "1"]
[FEN "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN"]

1. f3 a6 2. Fc3 Td6 3. Fe3 g5 4. Cf2 If6 5. Wd3 Te4 6. g4 Tf5 7. Fd1 c6 8. Fd4
Txd4 9. Dh3 e6 10. e4 c5 11. Df1 b6 12. Wf5 h5 13. b3 e5 14. Wh1 b5 15. Fe2 Lc7
16. Wg1 Ld5 17. O-O-O Ld6 18. Dh1 Ixe4 19. Ff1 h4 20. Wh3 Gg8 *

)pgn");
  EXPECT_EQ(
      o.err,
      R"pgn(fix.pgn:1:1: note: game 1 (A - B): missing tags of the seven-tag roster added: Site "?", Round "?"
fix.pgn:2:1: note: game 1 (A - B): Date "2024/01/05" normalised to "2024.01.05"
fix.pgn:5:1: note: game 1 (A - B): FEN tag without SetUp "1": SetUp "1" added
fix.pgn:8:4: note: game 1 (A - B), ply 1: move "exd8Q+": promotion without '='; written "exd8=Q+"
fix.pgn:8:19: note: game 1 (A - B), ply 3: move "0-0": castling written with zeros; written "O-O"
fix.pgn:8:23: note: game 1 (A - B): Result tag "?" set to the termination marker "1/2-1/2"
fix.pgn:12:1: warning: game 2 (C - D): Date "5.1.2024" left as it is: ambiguous, day 5 of month 1 or day 1 of month 5
fix.pgn:18:1: note: game 2 (C - D): no termination marker: "1-0" added (the Result tag)
fix.pgn:28:10: error: game 3 (E - F): the termination marker "0-1" differs from the Result tag "1-0"
fix.pgn:34:13: error: game 4 (? - ?), ply 3: illegal move "0-0"
fix.pgn:34:17: error: game 4 (? - ?): the termination marker "*" differs from the Result tag "1-0"
fix.pgn:36:1: note: game 5 (random (seed 34) - random (seed 34)): missing tags of the seven-tag roster added: Site "?", Round "?", Result "*"
fix.pgn:37:1: note: game 5 (random (seed 34) - random (seed 34)): Date "21.11.2026" normalised to "2026.11.21"
fix.pgn:46:25: note: game 5 (random (seed 34) - random (seed 34)), ply 33: move "0-0-0": castling written with zeros; written "O-O-O"
fix.pgn: 5 games read: 3 written, 0 filtered out, 2 rejected; 10 repairs; 1 warning
)pgn");
  // The games --fix cannot make valid, verbatim.
  EXPECT_EQ(slurp(dir + "bad.pgn"), R"pgn([Event "Two results"]
[Site "Here"]
[Date "2024.01.05"]
[Round "2"]
[White "E"]
[Black "F"]
[Result "1-0"]

1. e4 e5 0-1

[Event "Broken"]
[Date "2024-1-5"]
[Result "1-0"]

1. e4 e5 2. 0-0 *

)pgn");
  // The same at two threads, and from a compressed input.
  const Output two = run("--fix -j 2 fix.pgn", dir);
  EXPECT_EQ(two.out, o.out);
  EXPECT_EQ(two.err, o.err);
  gzFile f = gzopen((dir + "fix.pgn.gz").c_str(), "wb");
  ASSERT_NE(f, nullptr);
  gzwrite(f, kFixGames, unsigned(std::strlen(kFixGames)));
  ASSERT_EQ(gzclose(f), Z_OK);
  const Output gz = run("-q --fix fix.pgn.gz", dir);
  EXPECT_EQ(gz.out, o.out);
  // Without --fix the first game is rejected for its Result tag and nothing is repaired.
  const Output plain = run("fix.pgn", dir);
  EXPECT_NE(plain.err.find("fix.pgn: 5 games read: 2 written, 0 filtered out, 3 rejected; 5 "
                           "warnings\n"),
            std::string::npos)
      << plain.err;
  EXPECT_EQ(plain.err.find("note:"), std::string::npos) << plain.err;
}

// The repairs are in the record: every output form holds them, the same at -j 1 and -j 2.
TEST(FairyConvertFix, EveryOutputFormHoldsTheRepairs) {
  const std::string dir = temp_dir();
  write_file(dir, "fix.pgn", kFixGames);
  for (const char* to : {"pgn", "json", "jsonl", "csv", "fen", "epd"}) {
    const Output one = run(std::string("-q --fix --to ") + to + " fix.pgn", dir);
    const Output two = run(std::string("-q --fix -j 2 --to ") + to + " fix.pgn", dir);
    EXPECT_EQ(one.status, 1) << to;
    EXPECT_EQ(one.out, two.out) << to;
  }
  const Output csv = run("-q --fix --to csv fix.pgn", dir);
  EXPECT_NE(csv.out.find("\nfix.pgn,1,chess,Promotion,?,2024.01.05,?,A,B,1/2-1/2,"),
            std::string::npos)
      << csv.out;
  EXPECT_NE(csv.out.find("\nfix.pgn,5,cwda,fairykit sample: seeded random play,?,2026.11.21,?,"),
            std::string::npos)
      << csv.out;
  const Output jsonl = run("-q --fix --to jsonl fix.pgn", dir);
  // Each repair a note of the game's diagnostics.
  EXPECT_NE(jsonl.out.find("{\"severity\":\"note\",\"line\":8,\"column\":19,\"ply\":3,"
                           "\"message\":\"move \\\"0-0\\\": castling written with zeros; "
                           "written \\\"O-O\\\"\"}"),
            std::string::npos)
      << jsonl.out;
  EXPECT_NE(jsonl.out.find("{\"severity\":\"warning\",\"line\":12,\"column\":1,\"ply\":0,"
                           "\"message\":\"Date \\\"5.1.2024\\\" left as it is: ambiguous, "
                           "day 5 of month 1 or day 1 of month 5\"}"),
            std::string::npos)
      << jsonl.out;
  EXPECT_NE(jsonl.out.find("\"tags\":{\"Event\":\"Promotion\",\"Site\":\"?\",\"Date\":\"2024.01."
                           "05\",\"Round\":\"?\",\"White\":\"A\",\"Black\":\"B\",\"Result\":\"1/"
                           "2-1/2\"}"),
            std::string::npos)
      << jsonl.out;
}

// --fix implies --fix-result: the final position decides after the marker and the tag agree.
TEST(FairyConvertFix, ImpliesFixResult) {
  const std::string dir = temp_dir();
  write_file(dir, "mate.pgn", R"pgn([Event "Fool's mate"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "?"]

1. f3 e5 2. g4 Qh4# 1/2-1/2
)pgn");
  const Output o = run("--fix mate.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), std::string::npos)
      << o.out;
  EXPECT_EQ(o.err,
            "mate.pgn:9:21: note: game 1 (A - B): Result tag \"?\" set to the termination marker "
            "\"1/2-1/2\"\n"
            "mate.pgn:1: note: game 1 (A - B): result \"1/2-1/2\" corrected to \"0-1\" "
            "(checkmate)\n"
            "mate.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 1 result fixed; 1 "
            "repair; 0 warnings\n");
}

// --dedupe with --duplicates-out under --fix: a duplicate is kept verbatim, as read, and its
// repairs are neither reported nor counted.
TEST(FairyConvertFix, DuplicatesOutKeepsTheGamesAsRead) {
  const std::string dir = temp_dir();
  write_file(dir, "fix.pgn", kFixGames);
  write_file(dir, "again.pgn", kFixGames);
  const Output o =
      run("--fix --dedupe --duplicates-out dups.pgn fix.pgn again.pgn -o out.pgn", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("again.pgn: 5 games read: 0 written, 3 filtered out (3 duplicates), 2 "
                       "rejected; 0 warnings\n"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(slurp(dir + "dups.pgn").substr(0, 80), std::string(kFixGames).substr(0, 80));
}

TEST(FairyConvertEco, TagsFromThePositionReached) {
  const std::string dir = temp_dir();
  // A transposition back into the book (with wrong tags of its own), a Sicilian that leaves
  // the book after 7. f3, and a game of another variant.
  write_file(dir, "eco.pgn", R"([Event "Back"]
[White "A"]
[Black "B"]
[Result "*"]
[ECO "X99"]
[Opening "Wrong"]
[SubVariation "gone"]

1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *

[Event "Sicilian"]
[White "C"]
[Black "D"]
[Result "*"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e6 7. f3 b5 *

[Event "Other"]
[Variant "interweave"]
[Result "*"]

*
)");
  Output o = run("--add-eco eco.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "Back"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "*"]
[ECO "B00"]
[Opening "King's Pawn Game"]

1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *

[Event "Sicilian"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "C"]
[Black "D"]
[Result "*"]
[ECO "B90"]
[Opening "Sicilian Defense"]
[Variation "Scheveningen Variation, English Attack, with f3"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e6 7. f3 b5 *

[Event "Other"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "interweave"]

*

)");
  EXPECT_EQ(o.err,
            "eco.pgn: 3 games read: 3 written, 0 filtered out, 0 rejected; 2 openings named; 0 "
            "warnings\n");
  EXPECT_EQ(run("--add-eco --eco-deepest eco.pgn", dir).out, o.out);
  // --eco-first: where the moves left the book (2. Ng1), whatever came after.
  o = run("-q --add-eco --eco-first --to jsonl eco.pgn", dir);
  EXPECT_NE(o.out.find(R"("ECO":"A05","Opening":"Zukertort Opening"})"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find(R"("ECO":"B90","Opening":"Sicilian Defense","Variation":"Scheveningen)"),
            std::string::npos)
      << o.out;
  // Parallel = serial on TWIC 920, and every game of it from the standard start named.
  const Output serial = run("-j 1 --add-eco " + q(kTwic));
  EXPECT_EQ(run("-q -j 2 --add-eco " + q(kTwic)).out, serial.out);
  EXPECT_NE(serial.err.find("2245 games read: 2245 written, 0 filtered out, 0 rejected; 2234 "
                            "openings named"),
            std::string::npos)
      << serial.err;
  // Usage errors.
  o = run("--eco-first eco.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--eco-first is about --add-eco"), std::string::npos) << o.err;
  o = run("--add-eco --eco-first --eco-deepest eco.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--eco-deepest and --eco-first are two answers to one question: give one"),
            std::string::npos)
      << o.err;
}

TEST(FairyConvertInput, PositionLists) {
  const std::string dir = temp_dir();
  write_file(dir, "pos.fen",
             "# a comment line\n"
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
             "\n"
             "8/8/8/8/8/8/8/8 w - - 0 1\n"
             "4k3/8/8/8/8/8/8/4K3 w - - 5 40\n");
  Output o = run("pos.fen", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, R"([Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

*

[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 5 40"]

*

)");
  // The invalid line by its line number (4: the comment and the blank line count).
  EXPECT_NE(o.err.find("pos.fen:4:1: error: game 2 (? - ?): invalid position: "), std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("pos.fen: 3 games read: 2 written, 0 filtered out, 1 rejected"),
            std::string::npos)
      << o.err;
  o = run("-q --to fen pos.fen", dir);
  EXPECT_EQ(o.out,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
            "4k3/8/8/8/8/8/8/4K3 w - - 5 40\n");
  // EPD: hmvc and fmvn are the clocks, id the Event.
  write_file(dir, "pos.epd",
             "4k3/8/8/8/8/8/8/4K2R w K - hmvc 7; fmvn 33; id \"endgame one\";\n"
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n");
  o = run("pos.epd", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "endgame one"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 7 33"]

*

[Event "start"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

*

)");
  o = run("-q --to fen pos.epd", dir);
  EXPECT_EQ(o.out,
            "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n"
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  // From standard input, told by content; --from says it outright.
  o = run("-q --to fen -", dir, dir + "pos.epd");
  EXPECT_EQ(o.out,
            "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n"
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  write_file(dir, "positions.txt", "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n");
  o = run("-q --from fen --to fen positions.txt", dir);
  EXPECT_EQ(o.out, "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n");
  // A full FEN before the operations: its clocks.
  write_file(dir, "full.epd", "4k3/8/8/8/8/8/8/4K2R w K - 9 50 id \"x\";\n");
  o = run("-q --to fen full.epd", dir);
  EXPECT_EQ(o.out, "4k3/8/8/8/8/8/8/4K2R w K - 9 50\n");
}

// What --to epd writes, read back as a position list, gives the positions --to fen writes,
// in every variant (Interweave's EPD lines are its whole FEN, then the operations).
// vchess's pool counter never goes down, so its Interweave FENs have pool digits above 2:
// read as 2, with a warning (counted in the summary, kept in the game object).
TEST(FairyConvertInput, VchessInterweavePoolDigitsAboveTwo) {
  const std::string dir = temp_dir();
  write_file(dir, "iw.fen", "8/8/8/8/8/8/kR6/8 b 0 - 900000\n");
  Output o = run("--variant interweave --to fen iw.fen", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "8/8/8/8/8/8/kR6/8 b 0 - 200000\n");
  EXPECT_EQ(o.err, "iw.fen: 1 game read: 1 written, 0 filtered out, 0 rejected; 1 warning\n");
  o = run("--variant interweave --to jsonl iw.fen", dir);
  EXPECT_NE(
      o.out.find("\"diagnostics\":[{\"severity\":\"warning\",\"line\":1,\"column\":1,\"ply\":0,"
                 "\"message\":\"FEN pool field, column 25: 9 White Smashers in the pool, "
                 "more than the 2 a side starts with; read as 2\"}]"),
      std::string::npos)
      << o.out;
}

TEST(FairyConvertInput, EpdWrittenReadsBack) {
  const std::string dir = temp_dir();
  for (const std::string& input : sample_pgns()) {
    SCOPED_TRACE(input);
    const Output fen = run("-q --to fen " + q(input));
    const std::string epd = write_file(dir, "p.epd", run("-q --to epd " + q(input)).out);
    const Output back = run("-q --to fen " + q(epd));
    EXPECT_EQ(back.status, 0) << back.err;
    EXPECT_TRUE(back.out == fen.out);
    EXPECT_FALSE(fen.out.empty());
  }
}

TEST(FairyConvertErrors, UsageAndBadInput) {
  const std::string dir = temp_dir();
  const std::string in = write_file(dir, "in.pgn", kSmall);
  Output o = run("--to xml in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--to wants pgn, fen, epd, json, jsonl, csv, svg or sqlite, not 'xml'"),
            std::string::npos);
  EXPECT_EQ(o.out, "");
  o = run("--positions in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--positions needs --to csv"), std::string::npos);
  o = run("--with-fen in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  o = run("--from xml in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  o = run("--variant nosuch in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  // The output is the input: refused, the file left as it was.
  o = run("in.pgn -o in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("is the input"), std::string::npos) << o.err;
  EXPECT_EQ(slurp(in), kSmall);
  o = run("in.pgn --invalid-out ./in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(slurp(in), kSmall);
  o = run("/nonexistent.pgn", dir);
  EXPECT_EQ(o.status, 2);
  // -o writes the file.
  o = run("-q in.pgn -o out.pgn", dir);
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(slurp(dir + "out.pgn").rfind("[Event \"Casual\"]\n", 0), 0u);
  // A broken JSON line is rejected with a message; the other lines are converted.
  const std::string line = run("-q --to jsonl in.pgn", dir).out;
  ASSERT_EQ(line.back(), '\n');
  write_file(dir, "bad.jsonl", line.substr(0, 50) + "\n" + line + "[1,2]\n");
  o = run("bad.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, run("-q in.pgn", dir).out);
  // The place of a JSON error is its byte (here the quote of the string cut off).
  EXPECT_NE(o.err.find("bad.jsonl:1:46: error: game 1 (? - ?): invalid JSON: a string that is "
                       "not closed\n"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("bad.jsonl:3:1: error: game 3 (? - ?): a game must be a JSON object"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("bad.jsonl: 3 games read: 1 written, 0 filtered out, 2 rejected"),
            std::string::npos)
      << o.err;
  // A JSON array with an element that is not an object, and one not closed.
  write_file(dir, "bad.json", "[" + line + ", 3]\n");
  o = run("bad.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("an element of the games array is not an object"), std::string::npos)
      << o.err;
  write_file(dir, "open.json", "[" + line);
  o = run("open.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("the JSON array is not closed"), std::string::npos) << o.err;
  // A move that is illegal in the JSON: the same check as PGN.
  write_file(dir, "illegal.jsonl", "{\"san\":[\"e4\",\"e5\",\"Ke3\"]}\n");
  o = run("illegal.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("illegal.jsonl:1:19: error: game 1 (? - ?), ply 3: illegal move \"Ke3\""),
            std::string::npos)
      << o.err;
  // JSON that would not be one game of PGN: a move of two tokens, a tag name with a space,
  // a ply out of range.
  write_file(dir, "tokens.jsonl",
             "{\"san\":[\"e4 e5\"]}\n"
             "{\"tags\":{\"Bad Name\":\"x\"},\"san\":[]}\n"
             "{\"ply\":2147483647,\"san\":[\"e4\",\"e5\"]}\n"
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"comment\":\"a } b\"}]}\n");
  // A number beyond a double in a field the reader does not use: JSON, and never converted.
  write_file(dir, "huge.jsonl", "{\"san\":[],\"x\":1e512}\n");
  o = run("huge.jsonl", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  o = run("tokens.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("tokens.jsonl:1:9: error: game 1 (? - ?): a move that is not one move "
                       "token of movetext: \"e4 e5\""),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tokens.jsonl:2:10: error: game 2 (? - ?): a tag name that is not a PGN "
                       "symbol: \"Bad Name\""),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tokens.jsonl:3:8: error: game 3 (? - ?): \"ply\" out of range"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tokens.jsonl: 4 games read: 1 written, 0 filtered out, 3 rejected"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.out.find("\n1. e4 ;a } b\n1... e5 *\n"), std::string::npos) << o.out;
  o = run("--help");
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out.rfind("Usage: fairy-convert", 0), 0u);
}

// The side files of inputs that are not PGN: one record a line, as read (an element of a
// JSON array on one line), so that fairy-convert reads them back as the same games.
TEST(FairyConvertSideFiles, OneRecordALineThatReadsBack) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  write_file(dir, "promo.pgn", kPromotion);
  std::string a = run("-q --to jsonl small.pgn", dir).out;
  std::string b = run("-q --to jsonl promo.pgn", dir).out;
  ASSERT_EQ(a.back(), '\n');
  a.pop_back();
  b.pop_back();
  const std::string bad1 = "{\"san\":[\"e4\",\"e5\",\"Ke3\"]}", bad2 = "[1,2]";
  // The last line without a line end.
  write_file(dir, "in.jsonl", a + "\n" + bad1 + "\n" + a + "\n" + b + "\n" + bad2);
  Output o = run("-q --dedupe --duplicates-out dups.jsonl --invalid-out bad.jsonl in.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(slurp(dir + "dups.jsonl"), a + "\n");
  EXPECT_EQ(slurp(dir + "bad.jsonl"), bad1 + "\n" + bad2 + "\n");
  // Read back: the duplicate is the first game again, the rejected games are rejected again.
  o = run("dups.jsonl", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, run("-q small.pgn", dir).out);
  o = run("bad.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(fairykit::testing::last_line(o.err),
            "bad.jsonl: 2 games read: 0 written, 0 filtered out, 2 rejected; 0 warnings\n");

  // A JSON array whose elements span lines: in a side file each is one line, its line
  // breaks between tokens written as spaces (in strings nothing changes).
  write_file(dir, "first.jsonl", "{\"san\":[\"e4\",\"e5\"]}\n");
  write_file(dir, "in.json",
             "[\n{\"san\":[\"e4\",\"e5\"]},\n{\"san\":\n[\"Ke3\"]},\n{\"san\": [\"e4\",\n  "
             "\"e5\"],\n \"x\": \"a\\nb\"}\n]\n");
  o = run("-q --dedupe --duplicates-out dups2.jsonl --invalid-out bad2.jsonl in.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(slurp(dir + "dups2.jsonl"), "{\"san\": [\"e4\",   \"e5\"],  \"x\": \"a\\nb\"}\n");
  EXPECT_EQ(slurp(dir + "bad2.jsonl"), "{\"san\": [\"Ke3\"]}\n");
  o = run("dups2.jsonl", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, run("-q first.jsonl", dir).out);
  EXPECT_EQ(run("-q bad2.jsonl", dir).status, 1);

  // A FEN list: each line with its line end, the last one too.
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const std::string other = "4k3/8/8/8/8/8/8/4K3 w - - 5 40";
  write_file(dir, "in.fen", start + "\nbad fen\n" + start + "\n" + other + "\nworse fen");
  o = run("-q --dedupe --duplicates-out dups.fen --invalid-out bad.fen in.fen", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(slurp(dir + "dups.fen"), start + "\n");
  EXPECT_EQ(slurp(dir + "bad.fen"), "bad fen\nworse fen\n");
  EXPECT_EQ(run("-q --to fen dups.fen", dir).out, start + "\n");
  o = run("--from fen bad.fen", dir);
  EXPECT_EQ(fairykit::testing::last_line(o.err),
            "bad.fen: 2 games read: 0 written, 0 filtered out, 2 rejected; 0 warnings\n");
}

// The values of the diagram flags are checked before any game is read; --moves-of on a
// square that is empty in a position draws that diagram without the moves, with a warning.
TEST(FairyConvertSvg, FlagValuesAreCheckedBeforeTheRun) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  struct Case {
    const char* args;
    const char* err;
  } const cases[] = {
      {"--mark d6,z9", "mark \"z9\": not a square (a1 to h8)"},
      {"--arrows e2", "arrow \"e2\": not a move in long algebraic notation (e2e4, a1a5c5)"},
      {"--moves-of z4", "moves of \"z4\": not a square (a1 to h8)"},
      {"--moves-of ''", "--moves-of wants a square (a1 to h8), not ''"},
      {"--caption \"$(printf 'a\\001b')\"",
       "caption: control character \\x01 at byte 2 (a caption is one line of text)"},
      {"--caption \"$(printf 'two\\nlines')\"",
       "caption: control character \\x0A at byte 4 (a caption is one line of text)"},
  };
  for (const Case& c : cases) {
    const Output o =
        run(std::string("--to svg --invalid-out bad.pgn ") + c.args + " small.pgn", dir);
    EXPECT_EQ(o.status, 2) << c.args;
    EXPECT_EQ(o.err, std::string("fairy-convert: ") + c.err +
                         "\nTry 'fairy-convert --help' for more information.\n")
        << c.args;
    EXPECT_EQ(o.out, "") << c.args;
    EXPECT_FALSE(fs::exists(dir + "bad.pgn")) << c.args;
  }
  // e5 is empty in the start position, and after 1. e4 e5 a Black pawn stands there.
  fs::create_directories(dir + "d");
  fs::create_directories(dir + "plain");
  const Output o = run("--to svg --every 2 --moves-of e5 -o d small.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err,
            "small.pgn:1: warning: game 1 (Anderssen - Kieseritzky): ply 0: moves of \"e5\": no "
            "piece on e5; drawn without them\n"
            "small.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 2 warnings\n");
  // (the other warning: the game's mate marked '+')
  ASSERT_EQ(run("-q --to svg --every 2 -o plain small.pgn", dir).status, 0);
  EXPECT_EQ(slurp(dir + "d/1-game-1-ply-0.svg"), slurp(dir + "plain/1-game-1-ply-0.svg"));
  EXPECT_NE(slurp(dir + "d/1-game-1-ply-2.svg"), slurp(dir + "plain/1-game-1-ply-2.svg"));
}

// -o NAME.gz and -o NAME.zst are written compressed: the same games, read back.
TEST(FairyConvertOutput, GzAndZstOutputsAreCompressed) {
  const std::string dir = fairykit::testing::unique_temp("packed") + "/";
  fs::create_directories(dir);
  const std::string in = "'" + std::string(FAIRYKIT_SOURCE_DIR) + "/samples/classics.pgn'";
  ASSERT_EQ(run("-q " + in + " -o plain.pgn", dir).status, 0);
  for (const std::string out : {"packed.pgn.gz", "packed.pgn.zst"}) {
    ASSERT_EQ(run("-q -j 2 " + in + " -o " + out, dir).status, 0) << out;
    EXPECT_NE(slurp(dir + out).substr(0, 2), slurp(dir + "plain.pgn").substr(0, 2)) << out;
    const Output back = run("-q " + out, dir);
    EXPECT_EQ(back.status, 0) << out << ": " << back.err;
    EXPECT_EQ(back.out, slurp(dir + "plain.pgn")) << out;
  }
  fs::remove_all(dir);
}

// --to svg -o DIR makes the directory when it is missing: a name without .svg, or ending in
// '/'; a name ending in .svg is one diagram, as before.
TEST(FairyConvertSvg, AMissingDirectoryIsMade) {
  const std::string dir = fairykit::testing::unique_temp("svgdir") + "/";
  fs::create_directories(dir);
  fs::copy_file(std::string(FAIRYKIT_SOURCE_DIR) + "/samples/classics.pgn", dir + "g.pgn");
  for (const std::string out : {"diagrams", "more/nested/", "slash/"}) {
    const Output o = run("-q --to svg --every 1000 -o " + out + " g.pgn", dir);
    EXPECT_EQ(o.status, 0) << out << ": " << o.err;
    EXPECT_TRUE(fs::is_regular_file(dir + out + "/1-game-1-ply-0.svg")) << out;
    EXPECT_TRUE(fs::is_regular_file(dir + out + "/1-game-4-ply-0.svg")) << out;
  }
  // Four positions for one file: the first is written, and the run says so (exit 2).
  const Output one = run("-q --to svg -o one.svg g.pgn", dir);
  EXPECT_EQ(one.status, 2);
  EXPECT_EQ(slurp(dir + "one.svg").substr(0, 4), "<svg");
  // A file that is there is a file, whatever its name.
  std::ofstream(dir + "board") << "old";
  EXPECT_EQ(run("-q --to svg -o board g.pgn", dir).status, 2);
  EXPECT_EQ(slurp(dir + "board").substr(0, 4), "<svg");
  fs::remove_all(dir);
}

}  // namespace
