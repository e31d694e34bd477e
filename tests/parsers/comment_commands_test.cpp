#include "parsers/comment_commands.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fairykit::parsers {
namespace {

struct Read {
  CommentCommands c;
  std::vector<CommandProblem> problems;
  bool any = false;
};
Read read(std::string_view text) {
  Read r;
  r.any = read_comment_commands(text, r.c, &r.problems);
  return r;
}

TEST(CommentCommands, ClockElapsedAndEvalAsLichessWritesThem) {
  const Read r = read(" [%eval 0.17] [%clk 0:04:58] [%emt 0:00:03.25] ");
  EXPECT_TRUE(r.any);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_EQ(r.c.clock_ms, 298000);
  EXPECT_EQ(r.c.elapsed_ms, 3250);
  ASSERT_TRUE(r.c.has_eval);
  EXPECT_FALSE(r.c.mate);
  EXPECT_EQ(r.c.eval, 17);
  EXPECT_EQ(r.c.depth, -1);
}

TEST(CommentCommands, EvaluationForms) {
  const struct {
    const char* text;
    bool mate;
    int eval, depth;
  } cases[] = {{"[%eval -1.5]", false, -150, -1},  {"[%eval +3]", false, 300, -1},
               {"[%eval 0.125]", false, 13, -1},   {"[%eval -0.125]", false, -13, -1},
               {"[%eval #-3]", true, -3, -1},      {"[%eval #2]", true, 2, -1},
               {"[%eval 0.17,20]", false, 17, 20}, {"[%eval #1, 30]", true, 1, 30},
               {"[%eval 12.34]", false, 1234, -1}};
  for (const auto& k : cases) {
    const Read r = read(k.text);
    ASSERT_TRUE(r.c.has_eval) << k.text;
    EXPECT_EQ(r.c.mate, k.mate) << k.text;
    EXPECT_EQ(r.c.eval, k.eval) << k.text;
    EXPECT_EQ(r.c.depth, k.depth) << k.text;
  }
}

TEST(CommentCommands, HoursTenthsAndLongClocks) {
  EXPECT_EQ(read("[%clk 1:02:03.5]").c.clock_ms, 3723500);
  EXPECT_EQ(read("[%clk 336:00:00]").c.clock_ms, 336 * 3600 * 1000);
  EXPECT_EQ(read("[%clk 0:00:00]").c.clock_ms, 0);
}

TEST(CommentCommands, MalformedCommandsAreProblemsWithTheirOffset) {
  const Read r =
      read("x [%clk 0:61:00] [%eval abc] [%clk] [%emt 1:2:3] [%eval 1,x] [%clk 596:00:00]");
  EXPECT_TRUE(r.any);
  EXPECT_FALSE(r.c.any());
  ASSERT_EQ(r.problems.size(), 6u);
  EXPECT_EQ(r.problems[0].offset, 2u);
  EXPECT_EQ(r.problems[0].message, "'[%clk 0:61:00]': minutes must be 0-59");
  EXPECT_EQ(r.problems[1].message,
            "'[%eval abc]': expected pawns (0.17, -1.5) or a mate (#3, #-3)");
  EXPECT_EQ(r.problems[2].message, "'[%clk]': no time");
  EXPECT_EQ(r.problems[3].message, "'[%emt 1:2:3]': expected H:MM:SS");
  EXPECT_EQ(r.problems[4].message, "'[%eval 1,x]': expected a depth (a whole number) after ','");
  EXPECT_EQ(r.problems[5].message, "'[%clk 596:00:00]': more than 595 hours");
}

TEST(CommentCommands, UnclosedAndRepeated) {
  Read r = read("[%clk 0:01:00] [%clk 0:02:00] [%eval 0.1");
  EXPECT_EQ(r.c.clock_ms, 60000);
  EXPECT_FALSE(r.c.has_eval);
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_EQ(r.problems[0].message,
            "'[%clk 0:02:00]': repeated in the comment: the first time is kept");
  EXPECT_EQ(r.problems[1].message, "'[%eval 0.1': no closing ']'");
}

TEST(CommentCommands, OtherCommandsAndTextAreLeftAlone) {
  const Read r = read("[%csl Ga4,Rb5] [%cal Ge2e4] a plain [comment]");
  EXPECT_FALSE(r.any);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_FALSE(read("no command").any);
  EXPECT_FALSE(may_hold_commands("no command [x]"));
  EXPECT_TRUE(may_hold_commands("[%clk 0:00:01]"));
}

TEST(CommentCommands, ClockText) {
  EXPECT_EQ(clock_text(298000), "0:04:58");
  EXPECT_EQ(clock_text(3723500), "1:02:03.5");
  EXPECT_EQ(clock_text(5030), "0:00:05.03");
}

}  // namespace
}  // namespace fairykit::parsers
