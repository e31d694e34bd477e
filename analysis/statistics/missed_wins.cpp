#include "analysis/statistics/missed_wins.h"

namespace fairykit::analysis {

void WinScanner::begin(std::int64_t game) {
  game_ = game;
  findings_.clear();
  positions_ = 0;
  pending_ = -1;
}

void WinScanner::position(AnyGame& game, int ply) {
  if (options_.plies <= 0) return;
  // The move played from the position before, which had a forced win of n plies: kept when
  // the side now to move is lost within n - 1 plies.
  if (pending_ >= 0) {
    WinFinding& before = findings_[std::size_t(pending_)];
    std::string uci;
    game.last_move_text(before.played, uci);
    const LossResult lost = loses_within(game, before.plies - 1, options_.node_limit);
    before.move = lost.status == LossResult::kLost      ? WinFinding::Move::kKept
                  : lost.status == LossResult::kNotLost ? WinFinding::Move::kMissed
                                                        : WinFinding::Move::kUnknown;
    pending_ = -1;
  }
  ++positions_;
  const WinResult r = find_win(game, {options_.plies, options_.node_limit});
  // A game already over (a win of 0 plies) is not a finding: nothing is left to play.
  if (r.status == WinResult::kNoWin || (r.status == WinResult::kWin && r.plies == 0)) return;
  WinFinding f;
  f.game = game_;
  f.ply = ply;
  f.fen = game.fen();
  f.side = game.side_to_move();
  f.status = r.status;
  f.plies = r.plies;
  f.line = r.line_san;
  f.nodes = r.nodes;
  findings_.push_back(std::move(f));
  if (r.status == WinResult::kWin) pending_ = int(findings_.size()) - 1;
}

}  // namespace fairykit::analysis
