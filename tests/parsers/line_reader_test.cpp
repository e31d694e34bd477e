#include "parsers/line_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace fairykit::parsers {
namespace {

// Every line of `data`, then "ERROR: message" if reading stopped on an error.
std::vector<std::string> Lines(std::string data, std::size_t max_line = 1 << 20) {
  LineReader reader(memory_input(std::move(data), "mem"), max_line);
  std::vector<std::string> out;
  while (true) {
    absl::StatusOr<std::optional<std::string_view>> line = reader.Next();
    if (!line.ok()) {
      out.push_back("ERROR: " + std::string(line.status().message()));
      return out;
    }
    if (!*line) return out;
    out.emplace_back(**line);
    EXPECT_EQ(reader.line_number(), int(out.size()));
  }
}

using V = std::vector<std::string>;

TEST(LineReader, EveryLineEndConvention) {
  EXPECT_EQ(Lines("a\nb\n"), (V{"a", "b"}));
  EXPECT_EQ(Lines("a\r\nb\r\n"), (V{"a", "b"}));
  EXPECT_EQ(Lines("a\rb\r"), (V{"a", "b"}));
  EXPECT_EQ(Lines("a\r\rb\n\nc"), (V{"a", "", "b", "", "c"}));
  EXPECT_EQ(Lines("a\n\r\nb"), (V{"a", "", "b"}));
  EXPECT_EQ(Lines("last line without an end"), (V{"last line without an end"}));
  EXPECT_EQ(Lines(""), V{});
  EXPECT_EQ(Lines("\n"), V{""});
  EXPECT_EQ(Lines("\r"), V{""});
  EXPECT_EQ(Lines(std::string("a\0b\nc", 5)), (V{std::string("a\0b", 3), "c"}));
}

// A CR LF split by a block boundary (64 KiB) is still one line end.
TEST(LineReader, CrLfAcrossBlocks) {
  std::string data(65535, 'x');
  data += "\r\ny\r";
  const V lines = Lines(data);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].size(), 65535u);
  EXPECT_EQ(lines[1], "y");
}

TEST(LineReader, LongLinesAcrossManyBlocks) {
  const std::string long_line(300000, 'z');
  const V lines = Lines("a\n" + long_line + "\r\n" + long_line);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], long_line);
  EXPECT_EQ(lines[2], long_line);
}

TEST(LineReader, LineLimitNamesFileAndLine) {
  EXPECT_EQ(Lines("abcd\nabcde\n", 5), (V{"abcd", "abcde"}));
  EXPECT_EQ(Lines("abcd\nabcdef\nx", 5), (V{"abcd", "ERROR: mem:2: line longer than 5 bytes"}));
  EXPECT_EQ(Lines("ok\nabcdef", 5), (V{"ok", "ERROR: mem:2: line longer than 5 bytes"}));
  // Far more than the limit: the error comes once the limit is passed, not at the end.
  EXPECT_EQ(Lines(std::string(3 << 20, '\0'), 1 << 20),
            (V{"ERROR: mem:1: line longer than 1 MiB"}));
}

TEST(LineReader, size_text) {
  EXPECT_EQ(size_text(1), "1 byte");
  EXPECT_EQ(size_text(100), "100 bytes");
  EXPECT_EQ(size_text(1536), "1536 bytes");
  EXPECT_EQ(size_text(64 << 10), "64 KiB");
  EXPECT_EQ(size_text(1 << 20), "1 MiB");
}

}  // namespace
}  // namespace fairykit::parsers
