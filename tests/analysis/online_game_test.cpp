#include "analysis/checking/online_game.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/statistics/online_stats.h"

namespace fairykit::analysis {
namespace {

constexpr std::int32_t kNone = parsers::CommentCommands::kNone;

TEST(OnlineGame, IsoDates) {
  EXPECT_EQ(iso_date("2024.01.15"), "2024-01-15");
  EXPECT_EQ(iso_date("2024.01.??"), "2024-01");
  EXPECT_EQ(iso_date("2024.??.??"), "2024");
  EXPECT_EQ(iso_date("????.??.??"), "");
  EXPECT_EQ(iso_date("2024-01-15"), "2024-01-15");
  EXPECT_EQ(iso_date("2024.13.01"), "2024");
  EXPECT_EQ(iso_date("2024.1.15"), "");
  EXPECT_EQ(iso_date(""), "");
}

TEST(OnlineGame, TagNumbers) {
  EXPECT_EQ(tag_number("+7"), 7);
  EXPECT_EQ(tag_number("-12"), -12);
  EXPECT_EQ(tag_number("2750"), 2750);
  EXPECT_EQ(tag_number("?"), std::nullopt);
  EXPECT_EQ(tag_number("-"), std::nullopt);
  EXPECT_EQ(tag_number("12a"), std::nullopt);
}

GameRecord record(std::vector<std::pair<std::string, std::string>> tags,
                  std::vector<std::int32_t> clocks) {
  GameRecord r;
  r.tags = std::move(tags);
  r.plies = int(clocks.size());
  for (std::size_t i = 0; i < clocks.size(); ++i) {
    if (clocks[i] == kNone) continue;
    parsers::CommentCommands c;
    c.clock_ms = clocks[i];
    r.commands.push_back({int(i) + 1, c});
  }
  return r;
}

TEST(OnlineGame, TagsRead) {
  const GameRecord r = record({{"TimeControl", "180+2"},
                               {"UTCDate", "2024.01.15"},
                               {"UTCTime", "12:34:56"},
                               {"Date", "1999.01.01"},
                               {"WhiteRatingDiff", "+5"}},
                              {});
  const OnlineGame g = read_online_game(r);
  EXPECT_EQ(g.speed, Speed::kBlitz);
  EXPECT_EQ(g.base_seconds(), 180);
  EXPECT_EQ(g.increment_seconds(), 2);
  EXPECT_EQ(g.date, "2024-01-15");
  EXPECT_EQ(g.utc, "2024-01-15T12:34:56Z");
  EXPECT_EQ(g.white_rating_diff, 5);
  EXPECT_EQ(g.black_elo, std::nullopt);
  // Without a whole date there is no date and time; "-" has a speed but no clock.
  const OnlineGame h = read_online_game(
      record({{"Date", "2024.??.??"}, {"UTCTime", "12:34:56"}, {"TimeControl", "-"}}, {}));
  EXPECT_EQ(h.date, "2024");
  EXPECT_EQ(h.utc, "");
  EXPECT_EQ(h.speed, Speed::kCorrespondence);
  EXPECT_EQ(h.base_seconds(), std::nullopt);
}

TEST(OnlineGame, TimeSpentFromConsecutiveClocksAndTheIncrement) {
  // 180+2: each side starts from 180 s; spent = before + 2 - after.
  const GameRecord r =
      record({{"TimeControl", "180+2"}}, {180000, 179500, 170000, kNone, 165000, 170000});
  const std::vector<std::int32_t> t = move_times(r, read_online_game(r));
  EXPECT_EQ(t, (std::vector<std::int32_t>{kNone, 2000, 2500, 12000, kNone, 7000, kNone}));
}

TEST(OnlineGame, TimeSpentOverPeriods) {
  // 2/60:30: after each side's second move 30 s come in; then 30 s for the rest.
  const GameRecord r =
      record({{"TimeControl", "2/60:30"}}, {50000, 55000, 75000, 80000, 70000, 75000});
  const std::vector<std::int32_t> t = move_times(r, read_online_game(r));
  EXPECT_EQ(t, (std::vector<std::int32_t>{kNone, 10000, 5000, 5000, 5000, 5000, 5000}));
}

// The whole line at once gives what the plies one by one give, with clocks missing, a clock
// that went up by more than the increment, a game of one ply and periods.
TEST(OnlineGame, TheWholeLineAtOnceAsPlyByPly) {
  const std::vector<std::vector<std::int32_t>> lines = {
      {180000, 179500, 170000, kNone, 165000, 170000, 190000, 150000, kNone, kNone, 1000, 900},
      {180000},
      {},
      {50000, 55000, 75000, 80000, 70000, 75000, kNone, 60000, 59000, 61000}};
  for (const char* tc : {"180+2", "2/60:30", "40/5400+30:1800+30", "60"}) {
    const GameRecord r = record({{"TimeControl", tc}}, {});
    const OnlineGame g = read_online_game(r);
    for (const std::vector<std::int32_t>& clocks : lines) {
      SCOPED_TRACE(std::string(tc) + ", " + std::to_string(clocks.size()) + " plies");
      MoveClocks one(g), all(g);
      ASSERT_TRUE(one.known());
      std::vector<std::int32_t> by_ply, at_once(clocks.size());
      for (std::size_t i = 0; i < clocks.size(); ++i)
        by_ply.push_back(one.spent(int(i) + 1, clocks[i]));
      all.spent_all(clocks.data(), at_once.data(), clocks.size());
      EXPECT_EQ(at_once, by_ply);
    }
  }
}

TEST(OnlineGame, NoTimesWithoutAClock) {
  for (const char* tc : {"?", "-", "*60", "nonsense"}) {
    const GameRecord r = record({{"TimeControl", tc}}, {1000, 1000});
    const std::vector<std::int32_t> t = move_times(r, read_online_game(r));
    EXPECT_EQ(t, (std::vector<std::int32_t>{kNone, kNone, kNone})) << tc;
  }
}

// The per-move columns of the statistics: a game with an entry on every ply, the same game
// with a ply that has none, then a shorter game and one without commands, into the same facts
// (whose columns keep their memory from game to game).
TEST(OnlineFacts, ColumnsWithAndWithoutAnEntryOnEveryPly) {
  const auto evaluated = [](GameRecord r, std::vector<std::pair<bool, int>> evals) {
    for (std::size_t i = 0; i < r.commands.size(); ++i) {
      const std::size_t ply = std::size_t(r.commands[i].ply) - 1;
      if (ply >= evals.size()) continue;
      r.commands[i].commands.has_eval = true;
      r.commands[i].commands.mate = evals[ply].first;
      r.commands[i].commands.eval = evals[ply].second;
    }
    return r;
  };
  // 180+2: spent = the side's clock before + 2 s - its clock after.
  const std::vector<std::pair<bool, int>> evals = {
      {false, 17}, {false, -150}, {true, 3}, {false, 5000}};
  const GameRecord every =
      evaluated(record({{"TimeControl", "180+2"}}, {180000, 179500, 170000, 178000}), evals);
  const GameRecord gap =
      evaluated(record({{"TimeControl", "180+2"}}, {180000, 179500, kNone, 178000}), evals);
  const GameRecord shorter =
      evaluated(record({{"TimeControl", "180+2"}}, {180000, 179000}), {{true, -2}});
  const GameRecord none = record({{"TimeControl", "180+2"}}, {kNone, kNone});
  const std::int16_t clamp = std::int16_t(kEvalClamp);
  OnlineFacts f;
  online_facts(every, f);
  EXPECT_EQ(f.clock, (std::vector<std::int32_t>{180000, 179500, 170000, 178000}));
  EXPECT_EQ(f.spent, (std::vector<std::int32_t>{2000, 2500, 12000, 3500}));
  EXPECT_EQ(f.eval, (std::vector<std::int16_t>{17, -150, clamp, clamp}));
  online_facts(gap, f);
  EXPECT_EQ(f.clock, (std::vector<std::int32_t>{180000, 179500, kNone, 178000}));
  EXPECT_EQ(f.spent, (std::vector<std::int32_t>{2000, 2500, kNone, 3500}));
  EXPECT_EQ(f.eval, (std::vector<std::int16_t>{17, -150, kNoEval, clamp}));
  online_facts(shorter, f);
  EXPECT_EQ(f.clock, (std::vector<std::int32_t>{180000, 179000}));
  EXPECT_EQ(f.spent, (std::vector<std::int32_t>{2000, 3000}));
  EXPECT_EQ(f.eval, (std::vector<std::int16_t>{std::int16_t(-clamp), kNoEval}));
  online_facts(none, f);
  EXPECT_TRUE(f.clock.empty() && f.spent.empty() && f.eval.empty());
  EXPECT_EQ(f.speed, int(Speed::kBlitz));
}

}  // namespace
}  // namespace fairykit::analysis
