#include "analysis/statistics/move_judgement.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/engine/judgement.h"
#include "analysis/io/json.h"
#include "analysis/statistics/stats_cells.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

using namespace stats_cells;

// What a game costs besides its positions (the header's and docs/fairy-analyze.md's figure).
static_assert(sizeof(JudgedGames::Game) == 48);

void JudgedGames::add(std::uint32_t file, std::int64_t game, const GameFacts& facts,
                      std::span<const std::uint32_t> positions,
                      std::span<const SeenPosition> seen) {
  if (positions.size() < 2) return;
  Game g;
  g.file = file;
  g.number = game;
  g.first = positions_.size();
  g.positions = std::uint32_t(positions.size());
  g.white = player_id(facts.white);
  g.black = player_id(facts.black);
  g.white_elo = facts.white_elo;
  g.black_elo = facts.black_elo;
  g.result = facts.result;
  positions_.insert(positions_.end(), positions.begin(), positions.end());
  if (seen.size() == positions.size() &&
      std::any_of(seen.begin(), seen.end(), [](const SeenPosition& p) { return p.move != 0; })) {
    moves_at_.emplace(g.first, moves_.size());
    for (const SeenPosition& p : seen) moves_.push_back(p.move);
  }
  games_.push_back(g);
}

std::uint32_t JudgedGames::player_id(const std::string& name) {
  if (const auto it = player_ids_.find(name); it != player_ids_.end()) return it->second;
  const std::uint32_t id = std::uint32_t(players_.size());
  player_ids_.emplace(players_.emplace_back(name), id);
  return id;
}

namespace {

constexpr int kNoCp = INT_MIN;
constexpr std::size_t kClasses = 4;

// What one side did in one game.
struct SideFigures {
  std::uint64_t moves = 0, unjudged = 0, cp_loss = 0;  // moves: judged
  std::array<std::uint64_t, kClasses> classes{};
  std::optional<double> accuracy;
  bool moved() const { return moves + unjudged > 0; }
};

// One game judged: the evaluation of each position (judged_centipawns, White's view; kNoCp
// none) and each side's figures.
struct GameJudgement {
  std::vector<int> cps;
  SideFigures sides[COLOR_NB];
  bool whole = false;  // every position has an evaluation
};

// The figures summed over games or sides.
struct Totals {
  std::uint64_t games = 0, games_with_accuracy = 0;
  std::uint64_t moves = 0, unjudged = 0, cp_loss = 0;
  std::array<std::uint64_t, kClasses> classes{};
  std::uint64_t accuracies = 0;  // sides with an accuracy, summed in accuracy_sum
  double accuracy_sum = 0;
  void add_side(const SideFigures& s) {
    moves += s.moves;
    unjudged += s.unjudged;
    cp_loss += s.cp_loss;
    for (std::size_t c = 0; c < kClasses; ++c) classes[c] += s.classes[c];
    if (s.accuracy) {
      ++accuracies;
      accuracy_sum += *s.accuracy;
    }
  }
};

// The cells of the figures: moves, unjudged, mean cp loss, accuracy, the classes and each per
// 100 moves.
void figure_cells(StatsRow& row, std::uint64_t moves, std::uint64_t unjudged, std::uint64_t cp_loss,
                  std::optional<double> accuracy,
                  const std::array<std::uint64_t, kClasses>& classes) {
  const double n = double(moves);
  row.insert(row.end(), {number(moves), number(unjudged), moves ? fixed1(double(cp_loss) / n) : "",
                         accuracy ? fixed1(*accuracy) : ""});
  for (std::size_t c = 1; c < kClasses; ++c) row.push_back(number(classes[c]));
  for (std::size_t c = 1; c < kClasses; ++c)
    row.push_back(moves ? fixed(100.0 * double(classes[c]) / n, 2) : "");
}

void figure_cells(StatsRow& row, const Totals& t) {
  figure_cells(
      row, t.moves, t.unjudged, t.cp_loss,
      t.accuracies ? std::optional<double>(t.accuracy_sum / double(t.accuracies)) : std::nullopt,
      t.classes);
}

const std::vector<std::string> kFigureColumns = {
    "moves",    "unjudged", "mean cp loss",      "accuracy",      "inaccuracies",
    "mistakes", "blunders", "inaccuracies /100", "mistakes /100", "blunders /100"};

StatsTable figures_table(std::string name, std::string title, std::vector<std::string> keys,
                         std::vector<bool> numeric_keys) {
  std::vector<std::string> columns = std::move(keys);
  columns.insert(columns.end(), kFigureColumns.begin(), kFigureColumns.end());
  std::vector<bool> numeric = std::move(numeric_keys);
  numeric.resize(columns.size(), true);
  return make_table(std::move(name), std::move(title), std::move(columns), std::move(numeric));
}

bool named(const std::string& player) { return !player.empty() && player != "?"; }

// A score as the records write it, from White's view or (mover) the mover's: {"cp":N} or
// {"mate":N}.
void score_object(JsonWriter& w, const Evaluation& e, bool flip) {
  w.begin_object();
  w.key(e.mate ? "mate" : "cp").value(flip ? -e.score : e.score);
  w.end_object();
}

// The move that leads from a position to the next one of a game: the legal move of the first
// whose result has the second's key. The games set up are kept per variant for the next move.
class MoveFinder {
 public:
  // `move`: SeenPosition::move of the position after (0: none kept), which picks the move
  // played among several that reach the same position (an Interweave multi-capture taken in
  // another order); else the first in the order of legal_moves_uci().
  std::optional<AnyGame::Played> find(const SeenPosition& before, Key after, std::uint32_t move) {
    std::unique_ptr<AnyGame>& g = games_[before.variant];
    if (!g) {
      absl::StatusOr<std::unique_ptr<AnyGame>> made =
          AnyGame::create(variant_info(before.variant), before.fen);
      if (!made.ok()) return std::nullopt;
      g = *std::move(made);
    } else if (!g->set_up(before.fen).ok()) {
      return std::nullopt;
    }
    std::optional<std::string> chosen;
    for (const std::string& m : g->legal_moves_uci()) {
      if (!g->play_move(m).ok()) continue;
      const bool found = g->key() == after;
      g->undo();
      if (!found) continue;
      if (!chosen) chosen = m;
      if (move == 0 || move_hash(m) == move) {
        chosen = m;
        break;
      }
    }
    if (!chosen) return std::nullopt;
    absl::StatusOr<AnyGame::Played> p = g->play(*chosen);
    if (!p.ok()) return std::nullopt;
    g->undo();
    return *std::move(p);
  }

 private:
  std::map<VariantId, std::unique_ptr<AnyGame>> games_;
};

// "12." or "12..." for the move of `ply` (1: the first) of a game whose first mover is
// White when `white_first`.
std::string move_number(int ply, bool white_first) {
  const int k = ply - 1 + (white_first ? 0 : 1);
  return absl::StrCat(k / 2 + 1, k % 2 == 0 ? "." : "...");
}

// The judgement of a game, with `on_move(ply, before, after, judgement)` called for each
// judged move (ply from 1; before and after the entries of the positions).
template <class OnMove>
void judge_game(const JudgedGames& games, const JudgedGames::Game& game,
                const DistinctPositions& positions, const EngineAnalysis& analysis,
                GameJudgement& out, OnMove&& on_move) {
  const std::span<const std::uint32_t> at = games.positions(game);
  const std::vector<DistinctPositions::Entry>& entries = positions.entries();
  out.cps.assign(at.size(), kNoCp);
  out.sides[WHITE] = out.sides[BLACK] = SideFigures{};
  out.whole = true;
  for (std::size_t i = 0; i < at.size(); ++i) {
    const EvalResult& r = analysis.results[at[i]];
    const bool no_win_found = at[i] < analysis.searches.size() && analysis.searches[at[i]] &&
                              analysis.searches[at[i]]->status != OwnSearch::kWin;
    if (r.ok && !no_win_found)
      out.cps[i] = judged_centipawns(r.eval, entries[at[i]].position.side == WHITE);
    else
      out.whole = false;
  }
  for (std::size_t i = 1; i < at.size(); ++i) {
    const Color mover = entries[at[i - 1]].position.side;
    SideFigures& s = out.sides[mover];
    if (out.cps[i - 1] == kNoCp || out.cps[i] == kNoCp) {
      ++s.unjudged;
      continue;
    }
    const MoveJudgement j = judge_move(out.cps[i - 1], out.cps[i], mover == WHITE);
    ++s.moves;
    s.cp_loss += std::uint64_t(j.centipawn_loss);
    ++s.classes[std::size_t(j.move_class)];
    on_move(int(i), at[i - 1], at[i], j);
  }
  if (out.whole) {
    const GameAccuracy a = game_accuracy(out.cps, entries[at[0]].position.side == WHITE);
    out.sides[WHITE].accuracy = a.white;
    out.sides[BLACK].accuracy = a.black;
  }
}

}  // namespace

JudgementCounts MoveJudge::counts() const {
  JudgementCounts c;
  GameJudgement j;
  for (const JudgedGames::Game& g : games_.games()) {
    judge_game(games_, g, positions_, analysis_, j,
               [](int, std::uint32_t, std::uint32_t, const MoveJudgement&) {});
    ++c.games;
    c.games_with_accuracy += j.whole;
    for (const SideFigures& s : j.sides) {
      c.judged += s.moves;
      c.unjudged += s.unjudged;
    }
  }
  c.moves = c.judged + c.unjudged;
  return c;
}

void MoveJudge::write_moves(std::string& out, const TextSink& sink) const {
  const std::vector<DistinctPositions::Entry>& entries = positions_.entries();
  MoveFinder finder;
  GameJudgement j;
  for (const JudgedGames::Game& g : games_.games()) {
    judge_game(
        games_, g, positions_, analysis_, j,
        [&](int ply, std::uint32_t before, std::uint32_t after, const MoveJudgement& m) {
          const SeenPosition& p = entries[before].position;
          const Evaluation& eb = analysis_.results[before].eval;
          const Evaluation& ea = analysis_.results[after].eval;
          const bool white = p.side == WHITE;
          const std::optional<AnyGame::Played> played =
              finder.find(p, entries[after].position.key, games_.move_into(g, std::size_t(ply)));
          const int sign = white ? 1 : -1;
          JsonWriter w(out);
          w.begin_object();
          w.key("file").value(positions_.files()[g.file]);
          w.key("game").value(g.number);
          w.key("ply").value(ply);
          w.key("variant").value(variant_info(p.variant).name);
          w.key("side").value(white ? "white" : "black");
          w.key("move").value(played ? played->uci : std::string());
          w.key("san").value(played ? played->san : std::string());
          w.key("before");
          score_object(w, eb, false);
          w.key("after");
          score_object(w, ea, false);
          w.key("mover_before");
          score_object(w, eb, !white);
          w.key("mover_after");
          score_object(w, ea, !white);
          w.key("best").value(eb.best);
          w.key("pv").begin_array();
          for (const std::string& move : eb.pv) w.value(move);
          w.end_array();
          w.key("expected_before").fixed(expected_score(sign * j.cps[std::size_t(ply - 1)]), 4);
          w.key("expected_after").fixed(expected_score(sign * j.cps[std::size_t(ply)]), 4);
          w.key("expected_loss").fixed(m.expected_loss, 4);
          w.key("cp_loss").value(m.centipawn_loss);
          w.key("accuracy").fixed(m.accuracy, 2);
          w.key("class").value(move_class_name(m.move_class));
          w.end_object();
          out += '\n';
          spill(out, sink);
        });
  }
}

std::vector<StatsTable> MoveJudge::tables(const JudgementOptions& options) const {
  const int width = std::max(1, options.rating_band);
  std::map<VariantId, Totals> by_variant;
  absl::flat_hash_map<std::uint32_t, Totals> by_player;
  std::map<int, Totals> by_band;
  StatsTable games = figures_table("judgement_by_game", "Moves judged by game and side",
                                   {"file", "game", "side", "player", "rating"},
                                   {false, true, false, false, true});
  GameJudgement j;
  for (const JudgedGames::Game& g : games_.games()) {
    judge_game(games_, g, positions_, analysis_, j,
               [](int, std::uint32_t, std::uint32_t, const MoveJudgement&) {});
    const VariantId variant = positions_.entries()[games_.positions(g).front()].position.variant;
    Totals& v = by_variant[variant];
    ++v.games;
    v.games_with_accuracy += j.whole;
    for (const Color c : {WHITE, BLACK}) {
      const SideFigures& s = j.sides[c];
      if (!s.moved()) continue;
      v.add_side(s);
      const std::uint32_t player = c == WHITE ? g.white : g.black;
      const int elo = c == WHITE ? g.white_elo : g.black_elo;
      for (Totals* t : {named(games_.player(player)) ? &by_player[player] : nullptr,
                        elo > 0 ? &by_band[rating_band(elo, width)] : nullptr}) {
        if (!t) continue;
        ++t->games;
        t->games_with_accuracy += s.accuracy.has_value();
        t->add_side(s);
      }
      StatsRow row = {positions_.files()[g.file], std::to_string(g.number),
                      c == WHITE ? "white" : "black", games_.player(player),
                      elo > 0 ? std::to_string(elo) : ""};
      figure_cells(row, s.moves, s.unjudged, s.cp_loss, s.accuracy, s.classes);
      games.rows.push_back(std::move(row));
    }
  }
  std::vector<StatsTable> out;
  {
    StatsTable t = figures_table(
        "judgement_summary",
        "Moves judged by the engine's evaluations, by variant (accuracy: the mean of the "
        "players' accuracies in the games that have one)",
        {"variant", "games", "games with accuracy"}, {false, true, true});
    for (const auto& [variant, v] : by_variant) {
      StatsRow row = {std::string(variant_info(variant).name), number(v.games),
                      number(v.games_with_accuracy)};
      figure_cells(row, v);
      t.rows.push_back(std::move(row));
    }
    out.push_back(std::move(t));
  }
  out.push_back(std::move(games));
  if (!by_player.empty()) {
    StatsTable t = figures_table(
        "judgement_by_player",
        "Moves judged by player (the most judged moves first; accuracy: the mean of the "
        "player's game accuracies)",
        {"player", "games", "games with accuracy"}, {false, true, true});
    std::vector<std::pair<const std::string*, const Totals*>> list;
    for (const auto& [id, totals] : by_player) list.push_back({&games_.player(id), &totals});
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.second->moves != b.second->moves ? a.second->moves > b.second->moves
                                                : *a.first < *b.first;
    });
    const std::size_t shown =
        options.top > 0 ? std::min(list.size(), std::size_t(options.top)) : list.size();
    for (std::size_t k = 0; k < shown; ++k) {
      StatsRow row = {*list[k].first, number(list[k].second->games),
                      number(list[k].second->games_with_accuracy)};
      figure_cells(row, *list[k].second);
      t.rows.push_back(std::move(row));
    }
    if (shown < list.size())
      t.note =
          number(list.size() - shown) + " more players (--top " + std::to_string(options.top) + ")";
    out.push_back(std::move(t));
  }
  if (!by_band.empty()) {
    StatsTable t =
        figures_table("judgement_by_rating_band",
                      "Moves judged by the player's rating band (games: a side of a game each)",
                      {"rating band", "games", "games with accuracy"}, {false, true, true});
    for (const auto& [band, totals] : by_band) {
      StatsRow row = {band_name(band, width), number(totals.games),
                      number(totals.games_with_accuracy)};
      figure_cells(row, totals);
      t.rows.push_back(std::move(row));
    }
    out.push_back(std::move(t));
  }
  return out;
}

void MoveJudge::for_each_graph(const std::function<void(const EvalGraph&)>& f) const {
  const std::vector<DistinctPositions::Entry>& entries = positions_.entries();
  MoveFinder finder;
  GameJudgement j;
  EvalGraph graph;
  for (const JudgedGames::Game& g : games_.games()) {
    const std::span<const std::uint32_t> at = games_.positions(g);
    const bool white_first = entries[at[0]].position.side == WHITE;
    graph.marks.clear();
    judge_game(games_, g, positions_, analysis_, j,
               [&](int ply, std::uint32_t before, std::uint32_t after, const MoveJudgement& m) {
                 if (m.move_class == MoveClass::kGood) return;
                 const std::optional<AnyGame::Played> played =
                     finder.find(entries[before].position, entries[after].position.key,
                                 games_.move_into(g, std::size_t(ply)));
                 const double e0 = expected_score(j.cps[std::size_t(ply - 1)]);
                 const double e1 = expected_score(j.cps[std::size_t(ply)]);
                 graph.marks.push_back(
                     {ply, m.move_class,
                      absl::StrFormat("%s %s%s %s: White's expected score %.0f%% to %.0f%%",
                                      move_number(ply, white_first),
                                      played ? played->san : std::string("?"),
                                      move_class_nag(m.move_class), move_class_name(m.move_class),
                                      100 * e0, 100 * e1)});
               });
    graph.white_first = white_first;
    graph.white.assign(j.cps.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = 0; i < j.cps.size(); ++i)
      if (j.cps[i] != kNoCp) graph.white[i] = expected_score(j.cps[i]);
    const std::string& white = games_.player(g.white);
    const std::string& black = games_.player(g.black);
    graph.heading =
        absl::StrFormat("%s, game %d: %s - %s, %s", positions_.files()[g.file], g.number,
                        named(white) ? white : "?", named(black) ? black : "?",
                        g.result == 'w'   ? "1-0"
                        : g.result == 'b' ? "0-1"
                        : g.result == 'd' ? "1/2-1/2"
                                          : "*");
    graph.caption.clear();
    for (const Color c : {WHITE, BLACK}) {
      const SideFigures& s = j.sides[c];
      if (!s.moved()) continue;
      absl::StrAppend(&graph.caption, graph.caption.empty() ? "" : "; ",
                      c == WHITE ? "White: " : "Black: ");
      if (s.accuracy) absl::StrAppend(&graph.caption, "accuracy ", fixed1(*s.accuracy), "%, ");
      if (s.moves)
        absl::StrAppend(&graph.caption, "mean cp loss ",
                        fixed1(double(s.cp_loss) / double(s.moves)), ", ");
      absl::StrAppend(&graph.caption, s.classes[1],
                      s.classes[1] == 1 ? " inaccuracy, " : " inaccuracies, ", s.classes[2],
                      s.classes[2] == 1 ? " mistake, " : " mistakes, ", s.classes[3],
                      s.classes[3] == 1 ? " blunder" : " blunders");
      if (s.unjudged)
        absl::StrAppend(&graph.caption, ", ", s.unjudged, " unjudged ",
                        s.unjudged == 1 ? "move" : "moves");
    }
    f(graph);
  }
}

}  // namespace fairykit::analysis
