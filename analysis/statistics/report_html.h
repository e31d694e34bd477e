// fairy-analyze --html: the statistics tables (analysis/statistics/stats.h) as one self-contained
// web page, for people: a header (the inputs, a date, the game counts), a table of contents, charts
// drawn here as inline SVG, board diagrams of missed wins (analysis/formats/svg_board.h) and every
// table. No scripts and nothing fetched from the network: the page is the one file, and it prints.
//
//   std::string html;
//   write_html_report(stats.tables(), {.inputs = files, .date = "2024-05-01"}, html);
//
// The charts, each drawn when its table has rows (nothing otherwise):
//   * results (every table of the results_table shape: results_by_variant, by CwDA pairing,
//     by Superchess start array, by a tag): a bar per row of the shares of 1-0, draws, 0-1
//     and unfinished games;
//   * game lengths ("lengths"): a histogram per variant, games by plies;
//   * captures by method ("capture_methods"): a bar per variant of the methods' shares;
//   * White's score against the rating difference ("rating_difference"): the actual and
//     the Elo expectation, two lines;
//   * the opening tree ("opening_tree"): a line per move, indented by its depth, its bar as
//     long as its games and split by the results, the most played first.
// Then, when given, an evaluation graph per game (EvalGraph), the inaccuracies, mistakes and
// blunders marked in Okabe and Ito's sky blue, orange and vermilion.
// The results are coloured as Okabe and Ito's colour-blind-safe palette (orange, grey,
// blue), the capture methods as Paul Tol's "muted" one. The same input gives the same bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "analysis/engine/judgement.h"
#include "analysis/statistics/stats.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

// A move that let a forced win go (analysis/statistics/wins.h: find_win before the move,
// loses_within after it), shown as a board diagram: the position before the move, the played move's
// squares tinted blue, the first move of the win as a green arrow. Flipped when Black is to
// move.
struct MissedWin {
  std::string file;       // the input it comes from
  std::int64_t game = 0;  // the game's number in that file (from 1)
  int ply = 0;            // the missed move's ply in the game (1: the first move)
  VariantId variant = VariantId::kChess;
  std::string fen;                    // the position before the move (the variant's FEN)
  std::string played;                 // the move played (any notation the variant reads)
  std::vector<std::string> win_line;  // the shortest forced win from `fen` (SAN)
  int plies = 0;                      // its length in plies
};

// A game's evaluation graph (fairy-analyze --engine --eval-graphs): White's expected score by
// lichess's curve (analysis/engine/judgement.h) at each position of the game, a gap where a
// position has no evaluation, and a mark at each inaccuracy, mistake and blunder.
struct EvalGraph {
  std::string heading;  // "a.pgn, game 3: Ann - Bob, 1-0"
  std::string caption;  // the figures of both sides ("" none)
  // Per position, ply 0 first: White's expected score, 0 to 1; NaN: no evaluation.
  std::vector<double> white;
  bool white_first = true;  // White made the first move (the moves are numbered from 1)
  struct Mark {
    int ply = 0;  // of the move (1: the first), which goes from white[ply - 1] to white[ply]
    MoveClass what = MoveClass::kInaccuracy;
    std::string label;  // "12... Nf6?? blunder: 62% to 31%"
  };
  std::vector<Mark> marks;
};

struct HtmlReportOptions {
  std::string title = "fairy-analyze report";
  std::vector<std::string> inputs;  // the files read ("-": standard input)
  std::string date;                 // shown as given ("" none): the caller's clock
  std::vector<MissedWin> missed_wins;
  std::size_t max_tree_lines = 300;  // opening tree chart: its first lines (depth first)
  // The evaluation graphs, after the charts: `eval_graphs` hands each to its argument, in
  // order (made as they are drawn: a collection's games need not all be held at once).
  std::function<void(const std::function<void(const EvalGraph&)>&)> eval_graphs;
};

// The missed wins of `stats` a report draws: the first `max`, in input order (its tables list
// them all).
std::vector<MissedWin> missed_wins_to_draw(const CollectionStats& stats, std::size_t max = 100);

// Appends the page (HTML5, UTF-8, every element closed) to `out`, handing it to `sink` as
// it grows when one is given (stats.h, TextSink: the tables of millions of rows).
void write_html_report(const std::vector<StatsTable>& tables, const HtmlReportOptions& options,
                       std::string& out, const TextSink& sink = {});

// `text` with & < > " ' written as character references, for HTML text and attributes.
std::string html_escape(std::string_view text);

}  // namespace fairykit::analysis
