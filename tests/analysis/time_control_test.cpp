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
  EXPECT_EQ(SpeedOf("15+0"), Speed::kUltraBullet);
  EXPECT_EQ(SpeedOf("29"), Speed::kUltraBullet);
  EXPECT_EQ(SpeedOf("30"), Speed::kBullet);
  EXPECT_EQ(SpeedOf("60+1"), Speed::kBullet);   // 100 s
  EXPECT_EQ(SpeedOf("120+1"), Speed::kBullet);  // 160 s
  EXPECT_EQ(SpeedOf("179"), Speed::kBullet);
  EXPECT_EQ(SpeedOf("180"), Speed::kBlitz);
  EXPECT_EQ(SpeedOf("300+3"), Speed::kBlitz);  // 420 s
  EXPECT_EQ(SpeedOf("479"), Speed::kBlitz);
  EXPECT_EQ(SpeedOf("480"), Speed::kRapid);
  EXPECT_EQ(SpeedOf("600+5"), Speed::kRapid);  // 800 s
  EXPECT_EQ(SpeedOf("1499"), Speed::kRapid);
  EXPECT_EQ(SpeedOf("1500"), Speed::kClassical);
  EXPECT_EQ(SpeedOf("1800+30"), Speed::kClassical);  // 3000 s
  EXPECT_EQ(SpeedOf("21599"), Speed::kClassical);
  EXPECT_EQ(SpeedOf("21600"), Speed::kCorrespondence);
  EXPECT_EQ(SpeedOf("-"), Speed::kCorrespondence);
  EXPECT_EQ(SpeedOf("40/7200:3600"), Speed::kClassical);
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
