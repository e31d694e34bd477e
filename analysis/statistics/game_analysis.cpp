#include "analysis/statistics/game_analysis.h"

#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "analysis/checking/game_result.h"
#include "analysis/checking/openings.h"
#include "analysis/checking/position_line.h"
#include "analysis/checking/termination.h"
#include "analysis/formats/read_game.h"
#include "analysis/statistics/missed_wins.h"
#include "analysis/statistics/stats_cells.h"

namespace fairykit::analysis {

namespace {

// A report of one error about the whole game (its first line, column 1).
void reject(const parsers::RawGame& game, std::string message, GameReport& report) {
  report.index = game.index;
  report.first_line = game.first_line;
  Diagnostic d;
  d.severity = parsers::Severity::kError;
  d.line = game.first_line;
  d.column = 1;
  d.message = std::move(message);
  report.diagnostics.push_back(std::move(d));
  ++report.errors;
}

// The line of a position list, set up: the report then holds its warnings, else the error.
absl::StatusOr<PositionLine> position_line(const parsers::RawGame& game, const AnalyzeOptions& o,
                                           GameReport& report) {
  absl::StatusOr<PositionLine> line = read_position_line(game.text, o.validate.default_variant);
  if (!line.ok()) {
    reject(game, absl::StrCat("invalid position: ", line.status().message()), report);
  } else {
    report.index = game.index;
    report.first_line = game.first_line;
    add_position_warnings(*line, game.first_line, report);
  }
  return line;
}

// The record of a line of a position list: a game of no moves from its position.
void line_record(const PositionLine& line, GameRecord& record) {
  record.clear();
  record.set_up = true;
  record.variant = line.game->variant().id;
  record.start_fen = line.game->fen();
  record.start_key = line.game->key();
  record.start_side = line.game->side_to_move();
  record.final_state = line.game->state();
}

// Whether the game read into `record` fails the selection; `a` says so then.
bool filtered_out(const AnalyzeOptions& o, const GameRecord& record, GameAnalysis& a) {
  a.filtered = false;
  a.where_tags = 0;
  if (!o.selection.any()) return false;
  if (!o.selection.where.empty()) a.where_tags = where_tags_present(record, o.selection);
  a.filtered = !selected(record, a.report.valid(), o.selection);
  return a.filtered;
}

// A forced-win search's view of the replay's positions.
class WinVisitor final : public PositionVisitor {
 public:
  explicit WinVisitor(WinScanner& scanner) : scanner_(scanner) {}
  void position(AnyGame& game, int ply) override { scanner_.position(game, ply); }

 private:
  WinScanner& scanner_;
};

// The statistics' contribution of a game, or of a line of a position list searched for wins.
void game_statistics(const parsers::RawGame& game, const AnalyzeOptions& o, GameAnalysis& a) {
  thread_local GameRecord record;
  a.report = GameReport{};
  WinScanner scanner({o.stats.find_wins, o.win_nodes});
  scanner.begin(game.index);
  if (game.format == parsers::RecordFormat::kPositions) {
    record.clear();
    if (o.stats.find_wins <= 0) {
      reject(game, "a position list holds no games to analyse (--positions reads it)", a.report);
    } else if (absl::StatusOr<PositionLine> line = position_line(game, o, a.report); line.ok()) {
      // A puzzle: a game of no moves, from the line's position.
      scanner.position(*line->game, 0);
      line_record(*line, record);
      if (o.record.position_tests)
        record.positions_met =
            PositionTestRun::test_position(*o.record.position_tests, *line->game);
    }
  } else {
    RecordOptions ro = o.record;
    ro.only_tags = &o.kept_tags;
    WinVisitor visitor(scanner);
    if (o.stats.find_wins > 0) ro.positions = &visitor;
    a.report = read_game(game, o.validate, record, ro);
  }
  if (filtered_out(o, record, a)) {
    a.facts = GameFacts{};
    return;
  }
  const std::string result = game_result(record, false, nullptr);
  game_facts(record, a.report, result, o.stats, a.facts);
  if (a.facts.analysed) {
    a.facts.win_positions = scanner.positions();
    a.facts.wins = scanner.findings();
  }
}

// The positions of a game as an engine analysis needs them (AnalyzeOptions::engine_positions).
class PositionCollector final : public PositionVisitor {
 public:
  explicit PositionCollector(std::vector<SeenPosition>& out) : out_(out) {}
  void position(AnyGame& game, int ply) override {
    SeenPosition& p = out_.emplace_back();
    p.variant = game.variant().id;
    p.key = game.key();
    p.ply = ply;
    p.fen = game.fen();
    p.side = game.side_to_move();
    // Only a position without a legal move asks for the state (it looks at the history).
    if (game.count_legal() == 0) p.end = game.state().end;
    if (ply > 0 && game.variant().capture_chains) {
      game.last_move_text(san_, uci_);
      p.move = move_hash(uci_);
    }
  }

 private:
  std::vector<SeenPosition>& out_;
  std::string san_, uci_;
};

// The position records of a game, or of a line of a position list (or, for an engine, the
// positions themselves).
void game_positions(const parsers::RawGame& game, const AnalyzeOptions& o, std::string_view file,
                    GameAnalysis& a) {
  thread_local GameRecord record;
  a.report = GameReport{};
  a.facts = GameFacts{};
  // The records of a huge game are not kept for the next ones.
  if (a.records.capacity() > (std::size_t(4) << 20)) std::string().swap(a.records);
  a.records.clear();
  a.seen.clear();
  PositionWriter writer(o.position);
  writer.begin_game(file, game.index, a.records);
  PositionCollector collector(a.seen);
  PositionVisitor& visitor = o.engine_positions ? static_cast<PositionVisitor&>(collector) : writer;
  VariantId variant = o.validate.default_variant;
  if (game.format == parsers::RecordFormat::kPositions) {
    record.clear();
    if (absl::StatusOr<PositionLine> line = position_line(game, o, a.report); line.ok()) {
      variant = line->game->variant().id;
      visitor.position(*line->game, 0);
      if (o.selection.any()) line_record(*line, record);
      if (o.record.position_tests)
        record.positions_met =
            PositionTestRun::test_position(*o.record.position_tests, *line->game);
    }
  } else {
    RecordOptions ro = o.record;
    ro.positions = &visitor;
    a.report = read_game(game, o.validate, record, ro);
    variant = record.variant;
  }
  if (filtered_out(o, record, a)) {
    a.records.clear();
    a.seen.clear();
    a.written = 0;
    return;
  }
  if (a.report.valid() && !o.engine_positions && o.position.format == PositionFormat::kCsv &&
      !csv_fits(o.position, variant)) {
    const std::string name(variant_info(variant).name);
    reject(game,
           absl::StrCat("--format csv: the pieces of ", name, " have no columns in the CSV of ",
                        std::string(variant_info(o.position.csv_variant).name), " (use --variant ",
                        name, " or --format jsonl)"),
           a.report);
  }
  a.facts.analysed = a.report.valid();
  if (o.engine_positions) {
    // What judging the moves by the evaluations reads: the players and their ratings.
    a.facts.white.assign(record.tag("White"));
    a.facts.black.assign(record.tag("Black"));
    a.facts.white_elo = stats_cells::rating(record.tag("WhiteElo"));
    a.facts.black_elo = stats_cells::rating(record.tag("BlackElo"));
    a.facts.result = result_code(record.tag("Result"));
  }
  if (!a.facts.analysed) {
    a.records.clear();
    a.seen.clear();
    a.written = 0;
  } else {
    a.written = o.engine_positions ? a.seen.size() : writer.records();
  }
}

}  // namespace

void prepare_analysis(AnalyzeOptions& o) {
  o.validate.roster_warnings = false;
  o.validate.variations = false;     // statistics and positions are about the main line
  o.validate.move_warnings = false;  // valid or not is all that counts here
  o.record.variations = false;
  o.kept_tags.clear();
  o.stats.filtered_column = o.selection.any();
  if (o.positions) {
    o.record.san = false;  // the replay only: no notation is written back
    add_selection_needs(o.selection, o.record, nullptr);
    return;
  }
  o.record.facts = true;
  o.record.uci = false;
  o.kept_tags = {"White", "Black", "WhiteElo", "BlackElo", "Result", "Termination"};
  if (!o.stats.group_by.empty()) o.kept_tags.push_back(o.stats.group_by);
  if (o.stats.online) {
    o.record.commands = true;
    for (std::string_view tag : online_tags())
      if (std::find(o.kept_tags.begin(), o.kept_tags.end(), tag) == o.kept_tags.end())
        o.kept_tags.push_back(tag);
  }
  // SAN only for the tree, which reads the SAN of the items.
  o.record.san = o.stats.tree_plies > 0;
  o.record.items = o.stats.tree_plies > 0;
  if (o.stats.openings) {
    o.record.keys = true;
    o.record.key_plies = OpeningBook::kMaxPlies;  // what classify() looks at
  }
  add_selection_needs(o.selection, o.record, &o.kept_tags);
}

void analyse_record(const parsers::RawGame& game, const AnalyzeOptions& options,
                    std::string_view file, GameAnalysis& analysis) {
  if (options.positions)
    game_positions(game, options, file, analysis);
  else
    game_statistics(game, options, analysis);
}

}  // namespace fairykit::analysis
