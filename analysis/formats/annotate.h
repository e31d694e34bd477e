// Games annotated with the evaluations of an engine cache (fairy-convert --annotate CACHE): the
// SQLite cache that fairy-analyze --engine --eval-cache fills (analysis/engine/eval_cache.h),
// read without a change, gives each position of a game's main line its evaluation, found
// under the key, variant and native FEN that fairy-analyze stored it under (the replay's own,
// seen by LinePositions). Then, as lichess writes the games it analysed:
//
//  * each move whose position after it has an evaluation gets the comment command
//    `[%eval 0.17]` (pawns from White's view, two decimals) or `[%eval #-3]` (mate in moves,
//    negative when Black mates), in place of any [%eval] its comments held, else first in
//    its first comment (`{ [%clk 0:04:58] }` becomes `{ [%eval 0.17] [%clk 0:04:58] }`), else
//    in a comment of its own (`{[%eval 0.17]}`);
//  * a move whose evaluations before and after are both known is judged by judge_move()
//    (analysis/engine/judgement.h): an inaccuracy, mistake or blunder gets the NAG $6 ("?!"),
//    $2 ("?") or $4 ("??") in place of any move-quality NAG ($1 to $6) it had, its other NAGs
//    kept; a good move keeps the NAGs it had;
//  * such a move also gets the engine's line in the position before it as its first
//    variation: replayed move by move and cut before the first move that is not legal, left
//    out when it is empty, starts with the move played, or is already a variation there (so
//    that annotating an annotated game changes nothing).
//
// A position without a legal move is evaluated by the rules, as fairy-analyze reports it
// (checkmate: mate 0, the side to move mated; stalemate: 0.00), and never looked up; a
// checkmate gets no [%eval] (the command has no form for "mated now" from White's view: #0
// would read as White mated). Everything else of the game (tags, other comments and
// commands, other variations) is left as it was.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/engine/eval_cache.h"
#include "analysis/engine/evaluation.h"
#include "rules/core/game_state.h"
#include "rules/core/types.h"

namespace fairykit::analysis {

// A position of a game's main line as the replay saw it (ply 0: the start).
struct LinePosition {
  Key key = 0;
  std::string fen;  // native FEN, en passant as fairy-analyze writes it (a legal capture)
  Color side = WHITE;
  GameEnd end = GameEnd::kNone;  // set only when the side to move has no legal move
};

// Collects the main line's positions during validate_game (RecordOptions::positions), each
// as fairy-analyze --engine collects it, so that the keys and FENs are those of the cache.
class LinePositions final : public PositionVisitor {
 public:
  explicit LinePositions(std::vector<LinePosition>& out) : out_(out) {}
  void position(AnyGame& game, int ply) override;

 private:
  std::vector<LinePosition>& out_;
};

// The cache opened for reading and the settings whose evaluations are written; shared by the
// worker threads, each borrowing a connection of its own for a game (an SQLite connection's
// statements serve one thread at a time).
class AnnotationCache {
 public:
  // Opens FILE (which must be an evaluation cache; it is never written) and chooses its
  // settings: the only ones it holds; or, with `engine`, the settings whose description
  // (describe()) equals it ignoring case, else the only one that contains it ignoring case.
  // Errors read as messages, naming the file; those of the choice list the settings held,
  // one a line:
  //   "c.db: the cache holds evaluations under 2 settings: choose one with
  //    --annotate-engine TEXT (a part of its line):\n  \"Stockfish 16\" (nodes 5000)\n..."
  static absl::StatusOr<std::unique_ptr<AnnotationCache>> open(
      const std::string& path, const std::optional<std::string>& engine);

  // Settings as fairy-analyze's summary names them: "\"Stockfish 16\" (nodes 5000; Hash=64)".
  static std::string describe(const EvalCache::Settings& s);
  const EvalCache::Settings& settings() const { return settings_; }
  const std::string& path() const { return path_; }

  // The evaluations of the positions of a game of `variant` (one each, same order): found in
  // the cache, or the rules' for a position without a legal move, or none. A cache that fails
  // to answer leaves the rest without one, and status() keeps the error.
  void evaluate(const VariantInfo& variant, const std::vector<LinePosition>& positions,
                std::vector<std::optional<Evaluation>>& out);
  // The first error of evaluate() (ok when none).
  absl::Status status() const;

 private:
  AnnotationCache(std::string path, EvalCache::Settings settings)
      : path_(std::move(path)), settings_(std::move(settings)) {}
  absl::StatusOr<std::unique_ptr<EvalCache>> borrow();
  void give_back(std::unique_ptr<EvalCache> c);
  void failed(const absl::Status& s);

  std::string path_;
  EvalCache::Settings settings_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<EvalCache>> idle_;  // connections no thread is using
  absl::Status status_;
};

struct AnnotateOptions {
  bool variations = true;       // add the engine's line (false: the output leaves variations out)
  bool san = true, uci = true;  // what the variation's items hold (RecordOptions::san, ::uci)
  UciCastling uci_castling = UciCastling::kKingTakesRook;
  bool commands = false;  // GameRecord::commands is kept: set the evaluations written there too
};

struct AnnotateCounts {
  std::uint64_t annotated = 0;    // main-line moves whose position after them is evaluated
  std::uint64_t unevaluated = 0;  // main-line moves whose position after them is not
};

// "0.17", "-1.50", "#-3": an evaluation as the [%eval] command writes it; "" for mate 0.
std::string eval_command_value(const Evaluation& e);

// Annotates `record` (a valid game) with `evals`, the evaluations of its main line's positions
// (`positions`, from LinePositions: evals[p] that of the position after p plies), as the
// header says. Adds to `counts`.
void annotate_game(GameRecord& record, const std::vector<LinePosition>& positions,
                   const std::vector<std::optional<Evaluation>>& evals, const AnnotateOptions& o,
                   AnnotateCounts& counts);

}  // namespace fairykit::analysis
