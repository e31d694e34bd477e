// Judging moves by evaluations, as lichess does for the games it analyses: the shared
// arithmetic of fairy-analyze --engine (per move, per game, per player), fairy-analyze
// --online (the games' own [%eval] comments) and fairy-convert --annotate.
//
// Expected score. An evaluation becomes the expected score of White by lichess's
// win-probability curve, E(cp) = 1 / (1 + exp(-0.00368208 cp)), with cp clamped to
// +-kEvalCeiling and a mate counted as the ceiling of the side that mates (a mate and a
// clear win weigh the same; lichess judges mates apart, which is not done here).
// lichess's "win %" is 100 E and its "winning chances" 2E - 1.
//
// Classification. A move loses E(before) - E(after) from the mover's side. lichess's
// thresholds on the winning chances, 0.1, 0.2 and 0.3, are 0.05, 0.10 and 0.15 of expected
// score: at least 0.05 is an inaccuracy, at least 0.10 a mistake, at least 0.15 a blunder.
//
// Centipawn loss. The evaluations of the mover before and after the move, clamped to
// +-kEvalCeiling (mates at the ceiling), before - after and never below 0.
//
// Accuracy. A move's accuracy is 103.1668100711649 exp(-0.04354415386753951 d) -
// 3.166924740191411 + 1, d the drop in win % (100 when the win % did not drop), kept in
// [0, 100]. A player's accuracy over a game is lichess's: the mean of (a) the mean of the
// move accuracies weighted by the volatility of the win % around each move (the standard
// deviation, over all the game's positions, of a window of w = clamp(moves / 10, 2, 8)
// consecutive win % values, kept in [0.5, 12]; the first w - 2 moves take the first window)
// and (b) their harmonic mean, each accuracy counted as at least 1. lichess starts every
// game from a fixed evaluation of the initial position; here the start position's own
// evaluation is used, so that set-up positions and variants are judged the same way.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/engine/evaluation.h"

namespace fairykit::analysis {

inline constexpr int kEvalCeiling = 1000;

// The evaluation in centipawns from White's view clamped to +-kEvalCeiling, a mate at the
// ceiling of the side that mates (a checkmated side to move, "mate 0", has lost).
int judged_centipawns(const Evaluation& e, bool white_to_move);
// The same for a score given as centipawns or mate moves (mate: the sign says who mates;
// 0 the side to move is mated).
int judged_centipawns(bool mate, int score, bool white_to_move);

namespace judgement_detail {
// Every expected score the clamp leaves, computed once at start: a collection's statistics
// judge two evaluations per move.
extern const std::array<double, 2 * kEvalCeiling + 1> kExpectedScore;
}  // namespace judgement_detail

// White's expected score, 0 to 1, for centipawns from White's view (clamped).
inline double expected_score(int centipawns) {
  return judgement_detail::kExpectedScore[std::size_t(
      std::clamp(centipawns, -kEvalCeiling, kEvalCeiling) + kEvalCeiling)];
}

enum class MoveClass : std::uint8_t { kGood, kInaccuracy, kMistake, kBlunder };

inline constexpr double kInaccuracyLoss = 0.05;
inline constexpr double kMistakeLoss = 0.10;
inline constexpr double kBlunderLoss = 0.15;

// The class of a move that lost `expected_loss` of expected score for its mover.
inline MoveClass classify_loss(double expected_loss) {
  if (expected_loss >= kBlunderLoss) return MoveClass::kBlunder;
  if (expected_loss >= kMistakeLoss) return MoveClass::kMistake;
  if (expected_loss >= kInaccuracyLoss) return MoveClass::kInaccuracy;
  return MoveClass::kGood;
}
std::string_view move_class_name(MoveClass c);  // "good", "inaccuracy", "mistake", "blunder"
std::string_view move_class_nag(MoveClass c);   // "", "?!", "?", "??"

// One move judged from its mover's side, the evaluations in centipawns from White's view
// (judged_centipawns) before and after it.
struct MoveJudgement {
  double expected_loss = 0;  // E(before) - E(after) for the mover, never below 0
  int centipawn_loss = 0;    // never below 0
  double accuracy = 100;     // lichess's move accuracy, 0 to 100
  MoveClass move_class = MoveClass::kGood;
};
MoveJudgement judge_move(int before_cp, int after_cp, bool white_moved);

// lichess's game accuracy of each side (see above): `cps` the evaluations from White's view
// (judged_centipawns) of the game's positions, the start position first, so that move i
// (from 0) goes from cps[i] to cps[i + 1]; `white_first` whether White made move 0. A side
// with no move has none.
struct GameAccuracy {
  std::optional<double> white, black;
};
GameAccuracy game_accuracy(const std::vector<int>& cps, bool white_first);

}  // namespace fairykit::analysis
