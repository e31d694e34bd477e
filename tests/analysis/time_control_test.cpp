#include "analysis/checking/time_control.h"

#include <gtest/gtest.h>

#include <string>

namespace fairykit::analysis {
namespace {

std::string Show(const TimeControl& tc) {
  if (tc.kind == TimeControl::kUnknown) return "?";
  if (tc.kind == TimeControl::kNone) return "-";
  std::string s;
  for (const TimePeriod& p : tc.periods) {
    if (!s.empty()) s += " : ";
    if (p.sandglass) s += "sandglass ";
    if (p.moves) s += std::to_string(p.moves) + " moves in ";
    s += std::to_string(p.seconds) + " s";
    if (p.increment) s += " + " + std::to_string(p.increment) + " s";
  }
  return s;
}

std::string Parsed(std::string_view text) {
  absl::StatusOr<TimeControl> tc = parse_time_control(text);
  return tc.ok() ? Show(*tc) : std::string(tc.status().message());
}

TEST(TimeControl, TheFormsOfThePgnStandard) {
  EXPECT_EQ(Parsed("?"), "?");
  EXPECT_EQ(Parsed("-"), "-");
  EXPECT_EQ(Parsed(" 300 "), "300 s");
  EXPECT_EQ(Parsed("180+2"), "180 s + 2 s");
  EXPECT_EQ(Parsed("40/7200"), "40 moves in 7200 s");
  EXPECT_EQ(Parsed("40/7200:3600"), "40 moves in 7200 s : 3600 s");
  EXPECT_EQ(Parsed("40/5400+30:1800+30"), "40 moves in 5400 s + 30 s : 1800 s + 30 s");
  EXPECT_EQ(Parsed("*60"), "sandglass 60 s");
}

TEST(TimeControl, ErrorsSayWhatAndWhere) {
  EXPECT_EQ(Parsed("3+"), "TimeControl \"3+\": no increment after '+' (column 3)");
  EXPECT_EQ(Parsed("5m"), "TimeControl \"5m\": unexpected 'm' (column 2)");
  EXPECT_EQ(Parsed(""), "TimeControl \"\": empty (column 1)");
  EXPECT_EQ(Parsed("300:60"),
            "TimeControl \"300:60\": a period after one for the rest of the game (column 5)");
  EXPECT_EQ(Parsed("0/60"), "TimeControl \"0/60\": a period of 0 moves (column 3)");
  EXPECT_EQ(Parsed("40/"), "TimeControl \"40/\": no seconds after '/' (column 4)");
  EXPECT_EQ(Parsed("99999999999"), "TimeControl \"99999999999\": seconds too large (column 11)");
  EXPECT_EQ(Parsed(" x"), "TimeControl \" x\": no seconds (column 2)");
}

Speed SpeedOf(std::string_view text) {
  absl::StatusOr<TimeControl> tc = parse_time_control(text);
  EXPECT_TRUE(tc.ok()) << text;
  std::optional<Speed> s = speed_of(*tc);
  EXPECT_TRUE(s.has_value()) << text;
  return s.value_or(Speed::kCorrespondence);
}

// The limits of lichess's classes, at each side of every boundary: base + 40 x increment.
TEST(TimeControl, SpeedClassesAtTheirBoundaries) {
  const struct {
    const char* text;
    Speed speed;
  } kCases[] = {
      {"15+0", Speed::kUltraBullet}, {"29", Speed::kUltraBullet},
      {"30", Speed::kBullet},        {"60+1", Speed::kBullet},  // 100 s
      {"120+1", Speed::kBullet},     {"179", Speed::kBullet},
      {"180", Speed::kBlitz},        {"300+3", Speed::kBlitz},  // 420 s
      {"479", Speed::kBlitz},        {"480", Speed::kRapid},
      {"600+5", Speed::kRapid},      {"1499", Speed::kRapid},
      {"1500", Speed::kClassical},   {"1800+30", Speed::kClassical},
      {"21599", Speed::kClassical},  {"21600", Speed::kCorrespondence},
      {"-", Speed::kCorrespondence}, {"40/7200:3600", Speed::kClassical},
  };
  for (const auto& c : kCases) EXPECT_EQ(SpeedOf(c.text), c.speed) << c.text;
  EXPECT_FALSE(speed_of(*parse_time_control("?")).has_value());
  EXPECT_EQ(estimated_seconds(*parse_time_control("300+3")), 420);
  EXPECT_FALSE(estimated_seconds(*parse_time_control("-")).has_value());
}

TEST(TimeControl, SpeedNames) {
  for (int i = 0; i < kSpeedCount; ++i) EXPECT_EQ(find_speed(speed_name(Speed(i))), Speed(i));
  EXPECT_EQ(find_speed("Blitz"), Speed::kBlitz);
  EXPECT_EQ(find_speed("UltraBullet"), Speed::kUltraBullet);
  EXPECT_FALSE(find_speed("lightning").has_value());
  EXPECT_EQ(speed_name(Speed::kCorrespondence), "correspondence");
}

}  // namespace
}  // namespace fairykit::analysis
