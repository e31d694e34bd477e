// The judgement of moves by evaluations (analysis/engine/judgement.h): lichess's
// win-probability curve, its classification thresholds at their boundaries, centipawn loss,
// move accuracy and game accuracy. The expected figures were computed by hand from the
// published formulas (a few lines of Python, not this code).
#include "analysis/engine/judgement.h"

#include <gtest/gtest.h>

namespace fairykit::analysis {
namespace {

TEST(Judgement, TheWinProbabilityCurve) {
  EXPECT_DOUBLE_EQ(expected_score(0), 0.5);
  EXPECT_NEAR(expected_score(100), 0.5910258971916128, 1e-12);
  EXPECT_NEAR(expected_score(-300), 0.24887449906165157, 1e-12);
  // Clamped at +-1000.
  EXPECT_DOUBLE_EQ(expected_score(5000), expected_score(1000));
  EXPECT_DOUBLE_EQ(expected_score(-5000), expected_score(-1000));
}

TEST(Judgement, MatesCountAsTheCeilingOfTheSideThatMates) {
  EXPECT_EQ(judged_centipawns(true, 3, false), 1000);
  EXPECT_EQ(judged_centipawns(true, -1, true), -1000);
  // Mate 0: the side to move is checkmated.
  EXPECT_EQ(judged_centipawns(true, 0, true), -1000);
  EXPECT_EQ(judged_centipawns(true, 0, false), 1000);
  EXPECT_EQ(judged_centipawns(false, 2500, true), 1000);
  EXPECT_EQ(judged_centipawns(false, -35, true), -35);
  Evaluation e;
  e.mate = true;
  e.score = -4;
  EXPECT_EQ(judged_centipawns(e, true), -1000);
}

// From an equal position, the mover's evaluation falling to -54 loses 0.0495 of expected
// score, to -55 0.0505: the first is a good move, the second an inaccuracy; the same at
// -110 / -111 (0.0999 / 0.1008, mistake) and -168 / -169 (0.1499 / 0.1507, blunder).
TEST(Judgement, ThresholdsAtTheirBoundaries) {
  EXPECT_EQ(judge_move(0, -54, true).move_class, MoveClass::kGood);
  EXPECT_EQ(judge_move(0, -55, true).move_class, MoveClass::kInaccuracy);
  EXPECT_EQ(judge_move(0, -110, true).move_class, MoveClass::kInaccuracy);
  EXPECT_EQ(judge_move(0, -111, true).move_class, MoveClass::kMistake);
  EXPECT_EQ(judge_move(0, -168, true).move_class, MoveClass::kMistake);
  EXPECT_EQ(judge_move(0, -169, true).move_class, MoveClass::kBlunder);
  // Black's moves are judged from Black's side: White's evaluation rising is Black's loss.
  EXPECT_EQ(judge_move(0, 54, false).move_class, MoveClass::kGood);
  EXPECT_EQ(judge_move(0, 169, false).move_class, MoveClass::kBlunder);
  EXPECT_EQ(judge_move(0, -169, false).move_class, MoveClass::kGood);
  EXPECT_EQ(classify_loss(0.05), MoveClass::kInaccuracy);
  EXPECT_EQ(classify_loss(0.0499999), MoveClass::kGood);
  EXPECT_EQ(classify_loss(0.10), MoveClass::kMistake);
  EXPECT_EQ(classify_loss(0.15), MoveClass::kBlunder);
  EXPECT_EQ(move_class_nag(MoveClass::kInaccuracy), "?!");
  EXPECT_EQ(move_class_nag(MoveClass::kMistake), "?");
  EXPECT_EQ(move_class_nag(MoveClass::kBlunder), "??");
  EXPECT_EQ(move_class_name(MoveClass::kBlunder), "blunder");
}

TEST(Judgement, CentipawnLossAndMoveAccuracy) {
  const MoveJudgement j = judge_move(50, -100, true);
  EXPECT_EQ(j.centipawn_loss, 150);
  EXPECT_NEAR(j.accuracy, 54.666832799158456, 1e-9);
  // A move that gains loses nothing and is perfect.
  const MoveJudgement gain = judge_move(-100, 50, true);
  EXPECT_EQ(gain.centipawn_loss, 0);
  EXPECT_DOUBLE_EQ(gain.expected_loss, 0);
  EXPECT_DOUBLE_EQ(gain.accuracy, 100);
  // Clamped: from +3000 to +1200 is no loss at all.
  EXPECT_EQ(judge_move(3000, 1200, true).centipawn_loss, 0);
  EXPECT_EQ(judge_move(1200, -3000, true).centipawn_loss, 2000);
  EXPECT_EQ(judge_move(-200, 100, false).centipawn_loss, 300);
}

TEST(Judgement, GameAccuracyOfAShortGame) {
  const std::vector<int> cps = {20, 30, -150, -140, 400, 380, 390, -1000};
  GameAccuracy a = game_accuracy(cps, true);
  ASSERT_TRUE(a.white && a.black);
  EXPECT_NEAR(*a.white, 8.64205247319683, 1e-9);
  EXPECT_NEAR(*a.black, 40.16631160950954, 1e-9);
  // The same evaluations with Black moving first (a set-up position).
  a = game_accuracy(cps, false);
  EXPECT_NEAR(*a.white, 76.92805390881307, 1e-9);
  EXPECT_NEAR(*a.black, 99.15332095101527, 1e-9);
}

// 44 moves: windows of 4 positions, the first two moves sharing the first window.
TEST(Judgement, GameAccuracyWithSlidingWindows) {
  std::vector<int> cps;
  for (int i = 0; i < 45; ++i) cps.push_back((i * 37) % 500 - 250);
  const GameAccuracy a = game_accuracy(cps, true);
  EXPECT_NEAR(*a.white, 85.73765012118474, 1e-9);
  EXPECT_NEAR(*a.black, 89.33122358920869, 1e-9);
}

TEST(Judgement, NoMoveNoAccuracy) {
  EXPECT_FALSE(game_accuracy({15}, true).white.has_value());
  const GameAccuracy one = game_accuracy({15, 20}, true);
  EXPECT_TRUE(one.white.has_value());
  EXPECT_FALSE(one.black.has_value());
  EXPECT_DOUBLE_EQ(*one.white, 100);
}

}  // namespace
}  // namespace fairykit::analysis
