#include "analysis/engine/judgement.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace fairykit::analysis {

int judged_centipawns(bool mate, int score, bool white_to_move) {
  if (mate) {
    // Mate 0: the side to move is checkmated.
    const bool white_mates = score == 0 ? !white_to_move : score > 0;
    return white_mates ? kEvalCeiling : -kEvalCeiling;
  }
  return std::clamp(score, -kEvalCeiling, kEvalCeiling);
}

int judged_centipawns(const Evaluation& e, bool white_to_move) {
  return judged_centipawns(e.mate, e.score, white_to_move);
}

const std::array<double, 2 * kEvalCeiling + 1> judgement_detail::kExpectedScore = [] {
  std::array<double, 2 * kEvalCeiling + 1> t{};
  for (int cp = -kEvalCeiling; cp <= kEvalCeiling; ++cp)
    t[std::size_t(cp + kEvalCeiling)] = 1.0 / (1.0 + std::exp(-0.00368208 * cp));
  return t;
}();

std::string_view move_class_name(MoveClass c) {
  switch (c) {
    case MoveClass::kGood:
      return "good";
    case MoveClass::kInaccuracy:
      return "inaccuracy";
    case MoveClass::kMistake:
      return "mistake";
    case MoveClass::kBlunder:
      return "blunder";
  }
  return "good";
}

std::string_view move_class_nag(MoveClass c) {
  switch (c) {
    case MoveClass::kGood:
      return "";
    case MoveClass::kInaccuracy:
      return "?!";
    case MoveClass::kMistake:
      return "?";
    case MoveClass::kBlunder:
      return "??";
  }
  return "";
}

namespace {

// lichess's accuracy of a move whose mover's win % went from `before` to `after`.
double accuracy_of(double before, double after) {
  if (after >= before) return 100;
  const double raw =
      103.1668100711649 * std::exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  return std::clamp(raw + 1, 0.0, 100.0);
}

double standard_deviation(const double* x, std::size_t n) {
  double mean = 0;
  for (std::size_t i = 0; i < n; ++i) mean += x[i];
  mean /= double(n);
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += (x[i] - mean) * (x[i] - mean);
  return std::sqrt(sum / double(n));
}

}  // namespace

MoveJudgement judge_move(int before_cp, int after_cp, bool white_moved) {
  const int sign = white_moved ? 1 : -1;
  const int before = sign * std::clamp(before_cp, -kEvalCeiling, kEvalCeiling);
  const int after = sign * std::clamp(after_cp, -kEvalCeiling, kEvalCeiling);
  MoveJudgement j;
  j.expected_loss = std::max(0.0, expected_score(before) - expected_score(after));
  j.centipawn_loss = std::max(0, before - after);
  j.accuracy = accuracy_of(100 * expected_score(before), 100 * expected_score(after));
  j.move_class = classify_loss(j.expected_loss);
  return j;
}

GameAccuracy game_accuracy(const std::vector<int>& cps, bool white_first) {
  GameAccuracy result;
  if (cps.size() < 2) return result;
  const std::size_t moves = cps.size() - 1;
  std::vector<double> win(cps.size());
  for (std::size_t i = 0; i < cps.size(); ++i) win[i] = 100 * expected_score(cps[i]);
  const std::size_t w = std::min(std::clamp<std::size_t>(moves / 10, 2, 8), win.size());
  // The weight of move i: the volatility of the window it belongs to; the first w - 2 moves
  // share the first window, then the windows slide one position per move.
  struct Side {
    double weighted = 0, weights = 0, reciprocals = 0;
    std::size_t n = 0;
  } sides[2];
  for (std::size_t i = 0; i < moves; ++i) {
    const std::size_t start = i < w - 2 ? 0 : i - (w - 2);
    const double weight =
        std::clamp(standard_deviation(win.data() + std::min(start, win.size() - w), w), 0.5, 12.0);
    const bool white = (i % 2 == 0) == white_first;
    const double acc =
        white ? accuracy_of(win[i], win[i + 1]) : accuracy_of(100 - win[i], 100 - win[i + 1]);
    Side& s = sides[white ? 0 : 1];
    s.weighted += acc * weight;
    s.weights += weight;
    s.reciprocals += 1 / std::max(1.0, acc);
    ++s.n;
  }
  for (int c = 0; c < 2; ++c) {
    const Side& s = sides[c];
    if (s.n == 0) continue;
    const double value = (s.weighted / s.weights + double(s.n) / s.reciprocals) / 2;
    (c == 0 ? result.white : result.black) = value;
  }
  return result;
}

}  // namespace fairykit::analysis
