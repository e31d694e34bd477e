// parsers/records: how the format of an input is told (by name, else by its first bytes),
// the line readers (position lists, JSON Lines) and the JSON array splitter, also when the
// bytes come one at a time.
#include "parsers/records.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "parsers/input.h"
#include "parsers/pgn.h"

namespace fairykit::parsers {
namespace {

// A source over a string that hands out at most `step` bytes per read.
class TrickleSource final : public ByteSource {
 public:
  TrickleSource(std::string data, std::size_t step) : data_(std::move(data)), step_(step) {}
  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, step_, data_.size() - pos_});
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
  std::size_t step_;
  std::size_t pos_ = 0;
  std::string name_ = "<stdin>";
};

std::string read_all(ByteSource& s) {
  std::string out;
  char buf[7];
  for (;;) {
    absl::StatusOr<std::size_t> n = s.read(buf, sizeof buf);
    EXPECT_TRUE(n.ok());
    if (!n.ok() || *n == 0) return out;
    out.append(buf, *n);
  }
}

// The format told for `data` read under the name `path`; the bytes looked at must be read
// again from the source handed back.
RecordFormat detect(const std::string& path, const std::string& data) {
  std::unique_ptr<ByteSource> source = memory_input(data, path);
  absl::StatusOr<RecordFormat> f = detect_format(path, source);
  EXPECT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(read_all(*source), data) << path;
  return f.ok() ? *f : RecordFormat::kPgn;
}

TEST(DetectFormat, ByName) {
  // The name wins over the content.
  EXPECT_EQ(detect("games.pgn", "{\"san\":[]}\n"), RecordFormat::kPgn);
  EXPECT_EQ(detect("a.fen", "[Event \"x\"]\n"), RecordFormat::kPositions);
  EXPECT_EQ(detect("a.epd", ""), RecordFormat::kPositions);
  EXPECT_EQ(detect("g.json", "{}"), RecordFormat::kJson);
  EXPECT_EQ(detect("g.jsonl", "[{}]"), RecordFormat::kJsonl);
  EXPECT_EQ(detect("g.ndjson", ""), RecordFormat::kJsonl);
  // Under a compression suffix.
  EXPECT_EQ(detect("g.jsonl.gz", ""), RecordFormat::kJsonl);
  EXPECT_EQ(detect("g.pgn.zst", "{"), RecordFormat::kPgn);
  EXPECT_EQ(detect("g.epd.bz2", ""), RecordFormat::kPositions);
  EXPECT_EQ(detect("g.json.zstd", ""), RecordFormat::kJson);
  EXPECT_EQ(detect("g.jsonl.xz", "[Event"), RecordFormat::kJsonl);
  // Only as a suffix.
  EXPECT_EQ(detect("pgn.fen.txt", "1. e4 *\n"), RecordFormat::kPgn);
}

TEST(DetectFormat, ByContent) {
  EXPECT_EQ(detect("<stdin>", "{\"san\":[\"e4\"]}\n"), RecordFormat::kJsonl);
  EXPECT_EQ(detect("<stdin>", "  \n\t{\"san\":[]}\n"), RecordFormat::kJsonl);
  EXPECT_EQ(detect("<stdin>", "[{\"san\":[]}]\n"), RecordFormat::kJson);
  EXPECT_EQ(detect("<stdin>", "[\n  {\"san\":[]}\n]\n"), RecordFormat::kJson);
  EXPECT_EQ(detect("<stdin>", "[]\n"), RecordFormat::kJson);
  EXPECT_EQ(detect("<stdin>", "[ ]"), RecordFormat::kJson);
  EXPECT_EQ(detect("<stdin>", "[Event \"x\"]\n\n1. e4 *\n"), RecordFormat::kPgn);
  EXPECT_EQ(detect("-", "\xEF\xBB\xBF[Event \"x\"]\n"), RecordFormat::kPgn);
  EXPECT_EQ(detect("<stdin>", "\xEF\xBB\xBF{}\n"), RecordFormat::kJsonl);
  EXPECT_EQ(detect("<stdin>", "1. e4 e5 *\n"), RecordFormat::kPgn);
  EXPECT_EQ(detect("<stdin>", ""), RecordFormat::kPgn);
  EXPECT_EQ(detect("<stdin>", "\n\n"), RecordFormat::kPgn);
  EXPECT_EQ(detect("<stdin>", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
            RecordFormat::kPositions);
  EXPECT_EQ(detect("<stdin>", "\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; id \"a\";\n"),
            RecordFormat::kPositions);
  // A board with six '/' is not a FEN; a comment first is PGN (the first line decides).
  EXPECT_EQ(detect("<stdin>", "8/8/8/8/8/8/8 w - -\n"), RecordFormat::kPgn);
  EXPECT_EQ(detect("<stdin>", "{comment} 1. e4 *\n"), RecordFormat::kJsonl);
  EXPECT_EQ(detect("<stdin>", "; 8/8/8/8/8/8/8/8\n"), RecordFormat::kPgn);
  // Longer than the bytes looked at: all of it is read again.
  const std::string big = "[{\"san\":[]}," + std::string(10000, ' ') + "{\"san\":[]}]";
  EXPECT_EQ(detect("<stdin>", big), RecordFormat::kJson);
}

TEST(FindRecordFormat, Names) {
  EXPECT_EQ(find_record_format("pgn"), RecordFormat::kPgn);
  EXPECT_EQ(find_record_format("fen"), RecordFormat::kPositions);
  EXPECT_EQ(find_record_format("epd"), RecordFormat::kPositions);
  EXPECT_EQ(find_record_format("json"), RecordFormat::kJson);
  EXPECT_EQ(find_record_format("jsonl"), RecordFormat::kJsonl);
  EXPECT_EQ(find_record_format("ndjson"), RecordFormat::kJsonl);
  EXPECT_EQ(find_record_format("xml"), std::nullopt);
  EXPECT_EQ(find_record_format("PGN"), std::nullopt);
  for (RecordFormat f :
       {RecordFormat::kPgn, RecordFormat::kPositions, RecordFormat::kJson, RecordFormat::kJsonl})
    EXPECT_EQ(find_record_format(record_format_name(f)), f);
}

struct Record {
  std::string text;
  std::int64_t index = 0, line = 0, column = 0;
  std::uint64_t skipped = 0;
  std::vector<std::string> notes;
  RecordFormat format = RecordFormat::kPgn;
  std::string note_place;  // "line:column" of the last note
};

// Every record of `data` read as `format`, the source handing out `step` bytes at a time.
std::vector<Record> records(const std::string& data, RecordFormat format,
                            std::size_t step = std::size_t(-1), std::size_t limit = 64u << 20) {
  SplitterOptions options;
  options.max_game_bytes = limit;
  options.limit_flag = "--max-game-size";
  std::unique_ptr<RecordReader> reader =
      make_record_reader(std::make_unique<TrickleSource>(data, step), format, options);
  std::vector<Record> out;
  RawGame game;
  for (int guard = 0; guard < 1000; ++guard) {
    absl::StatusOr<bool> got = reader->next(game);
    EXPECT_TRUE(got.ok()) << got.status();
    if (!got.ok() || !*got) break;
    Record r;
    r.text = game.text;
    r.index = game.index;
    r.line = game.first_line;
    r.column = game.first_column;
    r.skipped = game.skipped;
    r.format = game.format;
    for (const SplitNote& n : game.notes) {
      r.notes.push_back(std::to_string(n.where.line) + ": " + n.message);
      r.note_place = std::to_string(n.where.line) + ":" + std::to_string(n.where.column);
    }
    out.push_back(std::move(r));
  }
  return out;
}

TEST(LineRecords, SkipBlankAndCommentLinesAndCarryLineNumbers) {
  const std::string data =
      "\xEF\xBB\xBF# a list\n"
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
      "\n"
      "   \t\n"
      "  # indented comment\n"
      "8/8/8/8/8/8/8/8 w - - 0 1\r\n"
      "last line without end";
  for (std::size_t step : {std::size_t(-1), std::size_t(1), std::size_t(5)}) {
    SCOPED_TRACE(step);
    const std::vector<Record> r = records(data, RecordFormat::kPositions, step);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[0].text, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(r[0].line, 2);
    EXPECT_EQ(r[0].index, 1);
    EXPECT_EQ(r[1].text.substr(0, 25), "8/8/8/8/8/8/8/8 w - - 0 1");
    EXPECT_EQ(r[1].line, 6);
    EXPECT_EQ(r[1].index, 2);
    EXPECT_EQ(r[2].text, "last line without end");
    EXPECT_EQ(r[2].line, 7);
    EXPECT_EQ(r[2].index, 3);
    for (const Record& x : r) {
      EXPECT_EQ(x.format, RecordFormat::kPositions);
      EXPECT_TRUE(x.notes.empty());
    }
  }
  // JSON Lines the same way; a line is a record whatever it holds.
  const std::vector<Record> j =
      records("{\"a\":1}\n\n# not JSON, skipped\n{\"b\":\n", RecordFormat::kJsonl);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0].text, "{\"a\":1}");
  EXPECT_EQ(j[0].line, 1);
  EXPECT_EQ(j[1].text, "{\"b\":");
  EXPECT_EQ(j[1].line, 4);
  EXPECT_EQ(j[1].format, RecordFormat::kJsonl);
  EXPECT_TRUE(records("", RecordFormat::kJsonl).empty());
  EXPECT_TRUE(records("\n# only comments\n\n", RecordFormat::kPositions).empty());
}

TEST(JsonArrayRecords, ElementsWithBracketsAndQuotesInStrings) {
  const std::string a = R"({"tags":{"Event":"[x] {y} \"z\" \\"},"san":["e4"]})";
  const std::string b = R"({"notes":[{"ply":1,"variation":{"san":["d4"],"notes":[]}}]})";
  const std::string c = R"({"comment":"]}],[{"})";
  const std::string data = "[\n  " + a + ",\n  " + b + ",\n" + c + "\n]\n";
  for (std::size_t step : {std::size_t(-1), std::size_t(1), std::size_t(3)}) {
    SCOPED_TRACE(step);
    const std::vector<Record> r = records(data, RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[0].text, a);
    EXPECT_EQ(r[0].line, 2);
    EXPECT_EQ(r[1].text, b);
    EXPECT_EQ(r[1].line, 3);
    EXPECT_EQ(r[2].text, c);
    EXPECT_EQ(r[2].line, 4);
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(r[std::size_t(i)].index, i + 1);
      EXPECT_TRUE(r[std::size_t(i)].notes.empty()) << r[std::size_t(i)].notes[0];
      EXPECT_EQ(r[std::size_t(i)].format, RecordFormat::kJson);
    }
  }
  EXPECT_TRUE(records("[]", RecordFormat::kJson).empty());
  EXPECT_TRUE(records(" [ \n ] \n", RecordFormat::kJson).empty());
  EXPECT_TRUE(records("", RecordFormat::kJson).empty());
  EXPECT_EQ(records("[{}]", RecordFormat::kJson).at(0).text, "{}");
}

// The errors end the input: one record carries the error as a note (and no text).
TEST(JsonArrayRecords, Errors) {
  std::vector<Record> r = records("[{\"a\":1},\n{\"b\":[2]}", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[1].text, "{\"b\":[2]}");
  EXPECT_EQ(r[2].notes, std::vector<std::string>{"2: the JSON array is not closed"});
  EXPECT_EQ(r[2].index, 3);
  // Not closed inside an element (a string never ends).
  r = records("[{\"a\":\"1}]\n", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].notes, std::vector<std::string>{"2: the JSON array is not closed"});
  r = records("[{\"a\":1}, 3, {\"b\":2}]", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].text, "{\"a\":1}");
  EXPECT_EQ(r[1].notes,
            std::vector<std::string>{"1: an element of the games array is not an object"});
  EXPECT_TRUE(r[1].text.empty());
  r = records("[[1]]", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].notes,
            std::vector<std::string>{"1: an element of the games array is not an object"});
  r = records("{\"a\":1}", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].notes, std::vector<std::string>{"1: a JSON array of games was expected"});
  r = records("[{}]\n[{}]", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[1].notes, std::vector<std::string>{"2: text after the end of the JSON array"});
  // Brackets that do not match (a string mangled in the middle of an element).
  r = records("[{\"a\":[1}, {}]", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].notes, std::vector<std::string>{"1: '}' closes a '['"});
  r = records("[{\"a\":{\"b\":1]}]", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].notes, std::vector<std::string>{"1: ']' closes a '{'"});
  r = records("[{}}", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[1].notes, std::vector<std::string>{"1: '}' closes a '['"});
  r = records("[{}]]", RecordFormat::kJson);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[1].notes, std::vector<std::string>{"1: unexpected closing bracket"});
}

// JSON's grammar at the array's level: one ',' between two elements, none before the first
// or after the last. The error is at its byte (line and column) and ends the input.
TEST(JsonArrayRecords, CommasBetweenElements) {
  for (std::size_t step : {std::size_t(-1), std::size_t(1)}) {
    SCOPED_TRACE(step);
    std::vector<Record> r =
        records("[{\"san\":[\"e4\"]}{\"san\":[\"d4\"]}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].text, "{\"san\":[\"e4\"]}");
    EXPECT_EQ(r[1].notes,
              std::vector<std::string>{"1: a ',' is missing between two games of the JSON array"});
    EXPECT_EQ(r[1].note_place, "1:16");
    EXPECT_EQ(r[1].index, 2);
    r = records("[\n  {},\n  {}\n  {}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[2].note_place, "4:3");
    r = records("[{},]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[1].notes,
              std::vector<std::string>{"1: a ',' after the last game of the JSON array"});
    EXPECT_EQ(r[1].note_place, "1:5");
    r = records("[ ,{}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].notes, std::vector<std::string>{"1: a ',' where a game object was expected"});
    EXPECT_EQ(r[0].note_place, "1:3");
    r = records("[{},,{}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[1].note_place, "1:5");
    r = records("[,]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].note_place, "1:2");
    // Commas inside the elements are theirs.
    r = records("[{\"a\":[1,2],\"b\":\",\"} , {}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_TRUE(r[1].notes.empty());
  }
}

// A byte order mark at the start of the input is skipped, as the PGN reader skips it; the
// columns are counted after it, as in PGN.
TEST(JsonArrayRecords, ByteOrderMarkAtTheStart) {
  for (std::size_t step : {std::size_t(-1), std::size_t(1), std::size_t(2)}) {
    SCOPED_TRACE(step);
    std::vector<Record> r = records("\xEF\xBB\xBF[{\"san\":[]},\n {}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].text, "{\"san\":[]}");
    EXPECT_EQ(r[0].line, 1);
    EXPECT_EQ(r[0].column, 2);
    EXPECT_EQ(r[1].line, 2);
    EXPECT_EQ(r[1].column, 2);
    EXPECT_TRUE(r[0].notes.empty() && r[1].notes.empty());
    EXPECT_TRUE(records("\xEF\xBB\xBF", RecordFormat::kJson, step).empty());
    // Part of one is not one; nor is one after the start.
    r = records("\xEF\xBB[]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].notes, std::vector<std::string>{"1: a JSON array of games was expected"});
    r = records("[\xEF\xBB\xBF{}]", RecordFormat::kJson, step);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].notes,
              std::vector<std::string>{"1: an element of the games array is not an object"});
  }
  // Only at the start of the whole input: a share of it read from a game boundary has none.
  SplitterOptions share;
  share.first_offset = 100;
  std::unique_ptr<RecordReader> reader =
      make_record_reader(memory_input("\xEF\xBB\xBF[{}]", "<share>"), RecordFormat::kJson, share);
  RawGame game;
  ASSERT_TRUE(*reader->next(game));
  EXPECT_EQ(game.notes.at(0).message, "a JSON array of games was expected");
}

TEST(JsonArrayRecords, ElementOverTheLimitIsSkipped) {
  const std::string big = "{\"comment\":\"" + std::string(300, 'x') + "\"}";
  const std::vector<Record> r =
      records("[{\"a\":1},\n" + big + ",{\"b\":2}]", RecordFormat::kJson, 7, 100);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].text, "{\"a\":1}");
  EXPECT_TRUE(r[1].text.empty());
  EXPECT_EQ(r[1].skipped, big.size());
  ASSERT_EQ(r[1].notes.size(), 1u);
  EXPECT_NE(r[1].notes[0].find("2: game exceeds the "), std::string::npos) << r[1].notes[0];
  EXPECT_NE(r[1].notes[0].find("(--max-game-size): 314 bytes skipped"), std::string::npos)
      << r[1].notes[0];
  EXPECT_EQ(r[2].text, "{\"b\":2}");
  EXPECT_EQ(r[2].index, 3);
}

TEST(PgnRecords, GamesAsTheSplitterReadsThem) {
  const std::vector<Record> r =
      records("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n", RecordFormat::kPgn, 2);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].text, "[Event \"a\"]\n\n1. e4 *\n\n");
  EXPECT_EQ(r[1].line, 5);
  EXPECT_EQ(r[1].format, RecordFormat::kPgn);
}

}  // namespace
}  // namespace fairykit::parsers
