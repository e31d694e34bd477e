// Input quoted in diagnostics (parsers/message_text.h).
#include "parsers/message_text.h"

#include <gtest/gtest.h>

#include <string>

namespace fairykit::parsers {
namespace {

TEST(message_text, ShortCleanTextIsUnchanged) {
  EXPECT_EQ(message_text(""), "");
  EXPECT_EQ(message_text("Nf3"), "Nf3");
  EXPECT_EQ(message_text("Müller, Jürgen"), "Müller, Jürgen");  // UTF-8 kept
  EXPECT_EQ(message_text(std::string(40, 'a')), std::string(40, 'a'));
}

TEST(message_text, LongTextIsCutAfter40CharactersWithAnEllipsis) {
  EXPECT_EQ(message_text(std::string(41, 'a')), std::string(40, 'a') + "...");
  EXPECT_EQ(message_text(std::string(5 * 1024 * 1024, 'N')), std::string(40, 'N') + "...");
  // A UTF-8 sequence is one character and never cut.
  EXPECT_EQ(message_text(std::string(39, 'a') + "éé"), std::string(39, 'a') + "é...");
  EXPECT_EQ(message_text(std::string(39, 'a') + "€"), std::string(39, 'a') + "€");
  EXPECT_EQ(message_text("abcdef", 3), "abc...");
}

TEST(message_text, ControlAndInvalidBytesAreEscaped) {
  EXPECT_EQ(message_text("a\x01"
                         "b\x7f\tc\n"),
            "a\\x01b\\x7F\\x09c\\x0A");
  EXPECT_EQ(message_text("M\xFCller"), "M\\xFCller");                   // Latin-1, not UTF-8
  EXPECT_EQ(message_text("\xC3"), "\\xC3");                             // a sequence cut short
  EXPECT_EQ(message_text("\x80\xBF"), "\\x80\\xBF");                    // lone continuation bytes
  EXPECT_EQ(message_text("\xC0\xAF"), "\\xC0\\xAF");                    // overlong '/'
  EXPECT_EQ(message_text("\xED\xA0\x80"), "\\xED\\xA0\\x80");           // a surrogate
  EXPECT_EQ(message_text("\xF4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80");  // above U+10FFFF
  EXPECT_EQ(message_text("\xF0\x9F\x98\x80!"), "\xF0\x9F\x98\x80!");    // U+1F600 kept
  // Escapes count as one character each.
  EXPECT_EQ(message_text(std::string(50, '\x01'), 2), "\\x01\\x01...");
}

}  // namespace
}  // namespace fairykit::parsers
