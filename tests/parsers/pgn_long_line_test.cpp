// A line longer than 2 GiB: columns beyond INT_MAX are reported as
// they are, by the splitter (an unterminated comment opened 2 GiB into a line) and by
// parse_game (an unexpected character there). Gigabytes of memory and a few seconds: the
// suite is named Slow*, which puts it under the `slow` label (ctest -L slow).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "parsers/pgn.h"

namespace fairykit::parsers {
namespace {

constexpr std::uint64_t kBlanks = (std::uint64_t{1} << 31) + 10;  // past INT_MAX

// `blanks` spaces, then `tail`, made as they are read: the input itself takes no memory.
class BlanksThen : public ByteSource {
 public:
  BlanksThen(std::uint64_t blanks, std::string tail) : blanks_(blanks), tail_(std::move(tail)) {}
  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) override {
    std::size_t n = 0;
    if (pos_ < blanks_) {
      n = static_cast<std::size_t>(std::min<std::uint64_t>(size, blanks_ - pos_));
      std::memset(buffer, ' ', n);
    } else if (pos_ < blanks_ + tail_.size()) {
      const std::size_t at = static_cast<std::size_t>(pos_ - blanks_);
      n = std::min(size, tail_.size() - at);
      std::memcpy(buffer, tail_.data() + at, n);
    }
    pos_ += n;
    return n;
  }
  const std::string& name() const override { return name_; }
  Compression compression() const override { return Compression::kNone; }
  std::uint64_t raw_bytes_read() const override { return pos_; }
  std::uint64_t raw_size() const override { return blanks_ + tail_.size(); }

 private:
  std::uint64_t blanks_;
  std::string tail_;
  std::string name_ = "long.pgn";
  std::uint64_t pos_ = 0;
};

class Problems : public PgnVisitor {
 public:
  std::vector<std::string> seen;
  void problem(Severity, std::string_view message, PgnLocation where) override {
    seen.push_back(std::to_string(where.line) + ":" + std::to_string(where.column) + ": " +
                   std::string(message));
  }
};

TEST(SlowPgnLongLine, SplitterColumnsPastTwoGibibytes) {
  // "1. e4 {" opens a comment at column kBlanks + 7; the tag pair line two lines down ends
  // the game with an "unterminated comment" note pointing there.
  BlanksThen source(kBlanks, "1. e4 {never closed\n\n[Event \"B\"]\n\n*\n");
  SplitterOptions options;
  options.max_game_bytes = std::size_t{3} << 30;
  GameSplitter splitter(source, options);
  RawGame game;
  ASSERT_TRUE(*splitter.next(game));
  EXPECT_EQ(game.text.size(), kBlanks + 21);
  ASSERT_EQ(game.notes.size(), 1u);
  EXPECT_EQ(game.notes[0].message, "unterminated comment");
  EXPECT_EQ(game.notes[0].where.line, 1);
  EXPECT_EQ(game.notes[0].where.column, static_cast<std::int64_t>(kBlanks) + 7);
  ASSERT_TRUE(*splitter.next(game));
  EXPECT_EQ(game.text, "[Event \"B\"]\n\n*\n");
  EXPECT_EQ(game.first_line, 3);
  EXPECT_FALSE(*splitter.next(game));
}

TEST(SlowPgnLongLine, ReaderColumnsPastTwoGibibytes) {
  RawGame game;
  game.text.reserve(kBlanks + 8);
  game.text.assign(kBlanks, ' ');
  game.text += "1. e4 &\n";
  game.first_line = 1;
  Problems problems;
  parse_game(game, problems);
  ASSERT_EQ(problems.seen.size(), 1u);
  EXPECT_EQ(problems.seen[0], "1:" + std::to_string(kBlanks + 7) + ": unexpected character '&'");
}

}  // namespace
}  // namespace fairykit::parsers
