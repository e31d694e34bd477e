#include "analysis/statistics/online_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/checking/online_game.h"
#include "analysis/checking/openings.h"
#include "analysis/checking/time_control.h"
#include "analysis/statistics/stats.h"
#include "analysis/statistics/stats_cells.h"

namespace fairykit::analysis {

using namespace stats_cells;

namespace {

constexpr std::int32_t kNoTime = parsers::CommentCommands::kNone;

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// (Written without branches: whether a move has an evaluation, and its sign, follow no
// pattern a predictor learns.)
std::int16_t clamped_eval(const parsers::CommentCommands& c) {
  const int mate = c.eval >= 0 ? kEvalClamp : -kEvalClamp;
  const int value = c.mate ? mate : std::clamp(c.eval, -kEvalClamp, kEvalClamp);
  return std::int16_t(c.has_eval ? value : kNoEval);
}

// Points as chess writes them: "3", "3.5".
std::string points(std::uint64_t wins, std::uint64_t draws) {
  return number(wins + draws / 2) + (draws % 2 ? ".5" : "");
}

// The mean of `count` times that add up to `ms` milliseconds, in seconds.
double mean_seconds(std::int64_t ms, std::uint64_t count) {
  return double(ms) / 1000.0 / double(count);
}

std::string_view speed_text(int s) { return speed_name(static_cast<Speed>(s)); }

// The table with a first column "group" under --group-by.
StatsTable table(bool grouped, std::string name, std::string title,
                 std::vector<std::string> columns, std::vector<bool> numeric) {
  if (grouped) {
    columns.insert(columns.begin(), "group");
    numeric.insert(numeric.begin(), false);
  }
  return make_table(std::move(name), std::move(title), std::move(columns), std::move(numeric));
}

const std::vector<std::string> kResultColumns = {"games", "1-0", "1/2-1/2",
                                                 "0-1",   "*",   "white score %"};

}  // namespace

const std::vector<std::string_view>& online_tags() {
  static const std::vector<std::string_view> tags = {"TimeControl", "Termination", "Event",
                                                     "Round"};
  return tags;
}

void online_facts(const GameRecord& r, OnlineFacts& f) {
  // The columns are sized below (a resize from the last game's size fills only the plies
  // it lacked), or cleared when the game has no commands.
  f.speed = -1;
  f.time_forfeit = false;
  f.event.clear();
  // A collection has few time controls: the last one read is kept (per thread).
  thread_local std::string last_tag;
  thread_local OnlineGame g;
  thread_local std::int8_t last_speed = -1;
  const std::string_view tag = r.tag("TimeControl");
  if (tag != last_tag || g.time_control.has_value() != r.has_tag("TimeControl")) {
    last_tag.assign(tag);
    g.time_control.reset();
    last_speed = -1;
    if (r.has_tag("TimeControl"))
      if (absl::StatusOr<TimeControl> tc = parse_time_control(tag); tc.ok()) {
        g.time_control = *std::move(tc);
        if (const std::optional<Speed> s = speed_of(*g.time_control)) last_speed = std::int8_t(*s);
      }
  }
  f.speed = last_speed;
  f.time_forfeit = equal_ignoring_case(r.tag("Termination"), "time forfeit");
  const std::string_view round = r.tag("Round");
  if (!round.empty() && round != "?" && round != "-") f.event.assign(r.tag("Event"));
  if (r.commands.empty()) {
    f.clock.clear();
    f.spent.clear();
    f.eval.clear();
    return;
  }
  // One walk over the plies: every value is written, and the columns no move has are
  // dropped at the end.
  const std::size_t plies = std::size_t(r.plies);
  f.clock.resize(plies);
  f.spent.resize(plies);
  f.eval.resize(plies);
  bool clocks = false, evals = false;
  // The entries are in ply order, one at most per ply.
  const GameRecord::PlyCommands* next = r.commands.data();
  const GameRecord::PlyCommands* const last = next + r.commands.size();
  while (next != last && next->ply < 1) ++next;
  if (std::size_t(last - next) == plies && plies > 0 && next->ply == 1 &&
      last[-1].ply == int(plies)) {
    // An entry for every ply (nearly every game of an online archive): no search.
    for (std::size_t i = 0; i < plies; ++i) {
      const parsers::CommentCommands& c = next[i].commands;
      f.clock[i] = c.clock_ms;
      f.eval[i] = clamped_eval(c);
      clocks |= c.clock_ms != kNoTime;
      evals |= c.has_eval;
    }
  } else {
    for (std::size_t i = 0; i < plies; ++i) {
      std::int32_t clock = kNoTime;
      std::int16_t eval = kNoEval;
      if (next != last && next->ply == int(i) + 1) {
        const parsers::CommentCommands& c = next->commands;
        clock = c.clock_ms;
        eval = clamped_eval(c);
        evals = evals || c.has_eval;
        ++next;
      }
      clocks = clocks || clock != kNoTime;
      f.clock[i] = clock;
      f.eval[i] = eval;
    }
  }
  if (MoveClocks times(g); times.known())
    times.spent_all(f.clock.data(), f.spent.data(), plies);
  else
    std::fill(f.spent.begin(), f.spent.end(), kNoTime);
  if (!clocks) {
    f.clock.clear();
    f.spent.clear();
  }
  if (!evals) f.eval.clear();
}

OnlineStats::OnlineStats(const StatsOptions& options)
    : top_(options.top),
      band_(std::max(1, options.rating_band)),
      grouped_(!options.group_by.empty()) {
  if (!grouped_) single_ = &groups_[std::string()];
}

int OnlineStats::band(int rating) const { return stats_cells::rating_band(rating, band_); }

std::string OnlineStats::band_name(int b) const { return stats_cells::band_name(b, band_); }

int OnlineStats::family(const Opening* opening) {
  if (const auto it = family_of_.find(opening); it != family_of_.end()) return it->second;
  const std::string name = opening->name.substr(0, opening->name.find(':'));
  const auto [it, added] = family_ids_.try_emplace(name, int(families_.size()));
  if (added) {
    families_.push_back(name);
    family_eco_.push_back(opening->eco.empty() ? '\0' : opening->eco[0]);
  }
  family_of_.emplace(opening, it->second);
  return it->second;
}

void OnlineStats::add(const GameFacts& game) {
  if (!game.analysed) return;
  const OnlineFacts& f = game.online;
  Group& g = grouped_ ? groups_[game.group] : *single_;
  const int speed = f.speed;
  if (speed >= 0) g.by_speed[std::size_t(speed)].add(game.result);
  const bool rated = game.white_elo > 0 && game.black_elo > 0;
  if (rated) g.by_band[band((game.white_elo + game.black_elo) / 2)].add(game.result);
  for (int elo : {game.white_elo, game.black_elo})
    if (elo > 0) ++g.ratings[band(elo)];
  if (rated && game.opening != nullptr)
    g.openings[{band((game.white_elo + game.black_elo) / 2), family(game.opening)}].add(
        game.result);
  // Clocks by move number: move n is the game's plies 2n - 1 and 2n.
  if (speed >= 0) {
    auto& clock = g.clock[std::size_t(speed)];
    // A move's two plies summed first, then added to its row once (two updates of one row in
    // a row wait for each other).
    const std::size_t n = std::min(f.clock.size(), std::size_t(2 * kClockMoves));
    const std::int32_t* const left = f.clock.data();
    const std::int32_t* const spent = f.spent.data();
    const auto known = [](std::int32_t v) { return std::uint64_t(v != kNoTime); };
    const auto ms = [](std::int32_t v) { return v != kNoTime ? std::int64_t(v) : 0; };
    std::size_t i = 0;
    for (; i + 1 < n; i += 2) {
      Clock& c = clock[i / 2];
      c.clocks += known(left[i]) + known(left[i + 1]);
      c.clock_ms += ms(left[i]) + ms(left[i + 1]);
      c.spent_moves += known(spent[i]) + known(spent[i + 1]);
      c.spent_ms += ms(spent[i]) + ms(spent[i + 1]);
    }
    if (i < n) {
      Clock& c = clock[i / 2];
      c.clocks += known(left[i]);
      c.clock_ms += ms(left[i]);
      c.spent_moves += known(spent[i]);
      c.spent_ms += ms(spent[i]);
    }
    TimeLosses& t = g.time_losses[std::size_t(speed)];
    ++t.games;
    if (f.time_forfeit) {
      ++t.forfeits;
      if (game.result == 'w' || game.result == 'b') {
        ++t.decisive;
        std::int16_t last = kNoEval;
        for (std::int16_t e : f.eval)
          if (e != kNoEval) last = e;
        if (last != kNoEval) {
          ++t.with_eval;
          const int loser_view = game.result == 'w' ? -last : last;  // 1-0: Black lost
          if (expected_score(loser_view) >= 0.9) ++t.from_won;
        }
      }
    }
  }
  // The quality of each move with an evaluation before and after it, counted per side here
  // and added to the tables once a game.
  Quality sides[2];
  for (std::size_t i = 1; i < f.eval.size(); ++i) {
    if (f.eval[i - 1] == kNoEval || f.eval[i] == kNoEval) continue;
    // Ply i + 1: the start side plays the odd plies.
    const Color mover = (i + 1) % 2 == 1 ? game.start_side : ~game.start_side;
    const int sign = mover == WHITE ? 1 : -1;
    const int before = sign * f.eval[i - 1], after = sign * f.eval[i];
    const MoveClass c = classify_loss(expected_score(before) - expected_score(after));
    Quality& q = sides[mover];
    ++q.moves;
    q.cp_loss += std::uint64_t(std::max(0, before - after));
    q.blunders += c == MoveClass::kBlunder;
    q.mistakes += c == MoveClass::kMistake;
    q.inaccuracies += c == MoveClass::kInaccuracy;
  }
  for (const Color c : {WHITE, BLACK}) {
    const Quality& q = sides[c];
    if (q.moves == 0) continue;
    if (speed >= 0) g.quality_by_speed[std::size_t(speed)] += q;
    const int elo = c == WHITE ? game.white_elo : game.black_elo;
    if (elo > 0) g.quality_by_band[band(elo)] += q;
    const std::string& name = c == WHITE ? game.white : game.black;
    if (!name.empty() && name != "?") players_[name] += q;
  }
  if (!f.event.empty()) {
    Event& e = events_[f.event];
    const auto side = [&](const std::string& player, const std::string& opponent, bool white) {
      Standing& s = e.players[player];
      ++s.games;
      char mark = '*';
      if (game.result == 'd') {
        ++s.draws;
        mark = '=';
      } else if (game.result == (white ? 'w' : 'b')) {
        ++s.wins;
        mark = '1';
      } else if (game.result == (white ? 'b' : 'w')) {
        ++s.losses;
        mark = '0';
      }
      e.pairs[{player, opponent}] += mark;
    };
    side(game.white, game.black, true);
    side(game.black, game.white, false);
  }
}

void OnlineStats::tables(std::vector<StatsTable>& out) const {
  const auto group_cells = [&](StatsRow& row, const std::string& group) {
    if (grouped_) row.push_back(group);
  };
  const auto results_columns = [&](std::string key) {
    std::vector<std::string> c = {std::move(key)};
    c.insert(c.end(), kResultColumns.begin(), kResultColumns.end());
    return c;
  };
  const std::vector<bool> results_numeric = {false, true, true, true, true, true, true};
  const auto results_row_of = [&](StatsTable& t, const std::string& group, std::string key,
                                  const Results& r) {
    StatsRow row;
    group_cells(row, group);
    row.push_back(std::move(key));
    const std::size_t at = row.size();
    row.resize(at + 6);
    result_cells(&row[at], r);
    t.rows.push_back(std::move(row));
  };
  {
    StatsTable t = table(grouped_, "results_by_speed", "Results by speed class",
                         results_columns("speed"), results_numeric);
    for (const auto& [group, g] : groups_)
      for (int s = 0; s < kSpeedCount; ++s)
        if (g.by_speed[std::size_t(s)].games() > 0)
          results_row_of(t, group, std::string(speed_text(s)), g.by_speed[std::size_t(s)]);
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  {
    StatsTable t = table(grouped_, "results_by_rating_band",
                         "Results by rating band (the mean of both ratings)",
                         results_columns("rating band"), results_numeric);
    for (const auto& [group, g] : groups_)
      for (const auto& [b, r] : g.by_band) results_row_of(t, group, band_name(b), r);
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  {
    StatsTable t = table(grouped_, "rating_distribution", "Ratings of the players, by band",
                         {"rating band", "ratings", "share %"}, {false, true, true});
    for (const auto& [group, g] : groups_) {
      std::uint64_t all = 0;
      for (const auto& [b, n] : g.ratings) all += n;
      for (const auto& [b, n] : g.ratings) {
        StatsRow row;
        group_cells(row, group);
        row.insert(row.end(), {band_name(b), number(n), percent(double(n), double(all))});
        t.rows.push_back(std::move(row));
      }
    }
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  {
    StatsTable t = table(grouped_, "openings_by_rating_band",
                         "Openings by rating band (families; White's score with its 95% interval)",
                         {"rating band", "eco", "opening", "games", "1-0", "1/2-1/2", "0-1",
                          "white score %", "low %", "high %"},
                         {false, false, false, true, true, true, true, true, true, true});
    std::uint64_t left_out = 0;
    for (const auto& [group, g] : groups_) {
      // Per band, the families by games (then name), the first --top of them.
      std::map<int, std::vector<std::pair<const std::string*, const Results*>>> by_band;
      for (const auto& [key, r] : g.openings)
        by_band[key.first].push_back({&families_[std::size_t(key.second)], &r});
      for (auto& [b, list] : by_band) {
        // The most played first, then by name.
        std::sort(list.begin(), list.end(), [](const auto& x, const auto& y) {
          const std::uint64_t gx = x.second->games(), gy = y.second->games();
          return gx != gy ? gx > gy : *x.first < *y.first;
        });
        for (std::size_t k = 0; k < list.size(); ++k) {
          if (top_ > 0 && k >= std::size_t(top_)) {
            left_out += list.size() - k;
            break;
          }
          const Results& r = *list[k].second;
          const double n = double(r.white + r.draws + r.black);
          const double s = n > 0 ? (double(r.white) + 0.5 * double(r.draws)) / n : 0;
          std::string low, high;
          if (n >= 2) {
            const double var = (double(r.white) * (1 - s) * (1 - s) +
                                double(r.draws) * (0.5 - s) * (0.5 - s) + double(r.black) * s * s) /
                               (n - 1);
            const double half = 1.96 * std::sqrt(var / n);
            low = fixed1(100.0 * std::max(0.0, s - half));
            high = fixed1(100.0 * std::min(1.0, s + half));
          }
          StatsRow row;
          group_cells(row, group);
          const char eco = family_eco_[std::size_t(family_ids_.at(*list[k].first))];
          row.insert(row.end(), {band_name(b), eco ? std::string(1, eco) : std::string(),
                                 *list[k].first, number(r.games()), number(r.white),
                                 number(r.draws), number(r.black), percent(s * n, n), low, high});
          t.rows.push_back(std::move(row));
        }
      }
    }
    if (left_out > 0)
      t.note = number(left_out) + " less played families left out (--top " + std::to_string(top_) +
               " per band)";
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  {
    StatsTable t =
        table(grouped_, "clock_by_move", "Clock left and time spent by move number (seconds)",
              {"speed", "move", "clocks", "mean clock", "timed moves", "mean spent"},
              {false, true, true, true, true, true});
    for (const auto& [group, g] : groups_)
      for (int s = 0; s < kSpeedCount; ++s)
        for (int m = 0; m < kClockMoves; ++m) {
          const Clock& c = g.clock[std::size_t(s)][std::size_t(m)];
          if (c.clocks == 0 && c.spent_moves == 0) continue;
          StatsRow row;
          group_cells(row, group);
          row.insert(
              row.end(),
              {std::string(speed_text(s)), std::to_string(m + 1), number(c.clocks),
               c.clocks ? fixed1(mean_seconds(c.clock_ms, c.clocks)) : "", number(c.spent_moves),
               c.spent_moves ? fixed(mean_seconds(c.spent_ms, c.spent_moves), 2) : ""});
          t.rows.push_back(std::move(row));
        }
    if (!t.rows.empty()) {
      t.note = "moves after the " + std::to_string(kClockMoves) + "th are not listed";
      out.push_back(std::move(t));
    }
  }
  {
    StatsTable t = table(grouped_, "time_forfeits",
                         "Losses on time, and from won positions (by the last evaluation)",
                         {"speed", "games", "time forfeits", "decisive", "with evaluation",
                          "from won", "from won %"},
                         {false, true, true, true, true, true, true});
    for (const auto& [group, g] : groups_)
      for (int s = 0; s < kSpeedCount; ++s) {
        const TimeLosses& l = g.time_losses[std::size_t(s)];
        if (l.forfeits == 0) continue;
        StatsRow row;
        group_cells(row, group);
        row.insert(row.end(), {std::string(speed_text(s)), number(l.games), number(l.forfeits),
                               number(l.decisive), number(l.with_eval), number(l.from_won),
                               percent(double(l.from_won), double(l.with_eval))});
        t.rows.push_back(std::move(row));
      }
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  const std::vector<std::string> quality_columns = {
      "moves",    "mean cp loss",      "inaccuracies",  "mistakes",
      "blunders", "inaccuracies /100", "mistakes /100", "blunders /100"};
  const auto quality_cells = [&](StatsRow& row, const Quality& q) {
    const double n = double(q.moves);
    row.insert(
        row.end(),
        {number(q.moves), fixed1(double(q.cp_loss) / n), number(q.inaccuracies), number(q.mistakes),
         number(q.blunders), fixed(100.0 * double(q.inaccuracies) / n, 2),
         fixed(100.0 * double(q.mistakes) / n, 2), fixed(100.0 * double(q.blunders) / n, 2)});
  };
  const auto quality_table = [&](std::string name, std::string title, std::string key,
                                 bool with_group) {
    std::vector<std::string> columns = {std::move(key)};
    columns.insert(columns.end(), quality_columns.begin(), quality_columns.end());
    std::vector<bool> numeric(columns.size(), true);
    numeric[0] = false;
    return table(with_group, std::move(name), std::move(title), std::move(columns),
                 std::move(numeric));
  };
  {
    StatsTable t = quality_table("move_quality_by_speed",
                                 "Move quality by speed class (moves with an evaluation before "
                                 "and after)",
                                 "speed", grouped_);
    for (const auto& [group, g] : groups_)
      for (int s = 0; s < kSpeedCount; ++s) {
        const Quality& q = g.quality_by_speed[std::size_t(s)];
        if (q.moves == 0) continue;
        StatsRow row;
        group_cells(row, group);
        row.push_back(std::string(speed_text(s)));
        quality_cells(row, q);
        t.rows.push_back(std::move(row));
      }
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  {
    StatsTable t =
        quality_table("move_quality_by_rating_band", "Move quality by the mover's rating band",
                      "rating band", grouped_);
    for (const auto& [group, g] : groups_)
      for (const auto& [b, q] : g.quality_by_band) {
        StatsRow row;
        group_cells(row, group);
        row.push_back(band_name(b));
        quality_cells(row, q);
        t.rows.push_back(std::move(row));
      }
    if (!t.rows.empty()) out.push_back(std::move(t));
  }
  if (!players_.empty()) {
    StatsTable t =
        quality_table("move_quality_by_player",
                      "Move quality by player (the most evaluated moves first)", "player", false);
    std::vector<std::pair<const std::string*, const Quality*>> list;
    for (const auto& [name, q] : players_) list.push_back({&name, &q});
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.second->moves != b.second->moves ? a.second->moves > b.second->moves
                                                : *a.first < *b.first;
    });
    const std::size_t shown = top_ > 0 ? std::min(list.size(), std::size_t(top_)) : list.size();
    for (std::size_t k = 0; k < shown; ++k) {
      StatsRow row = {*list[k].first};
      quality_cells(row, *list[k].second);
      t.rows.push_back(std::move(row));
    }
    if (shown < list.size())
      t.note = number(list.size() - shown) + " more players (--top " + std::to_string(top_) + ")";
    out.push_back(std::move(t));
  }
  if (!events_.empty()) {
    StatsTable t = make_table(
        "standings", "Standings of tournaments (events whose games have rounds)",
        {"event", "rank", "player", "games", "wins", "draws", "losses", "points", "score %"},
        {false, true, false, true, true, true, true, true, true});
    // Round robins: every two players met the same number of times (three players or more).
    struct RoundRobin {
      const std::string* event;
      std::vector<const std::string*> order;
    };
    std::vector<RoundRobin> round_robins;
    std::size_t widest = 0;
    for (const auto& [name, e] : events_) {
      std::vector<std::pair<const std::string*, const Standing*>> list;
      for (const auto& [player, s] : e.players) list.push_back({&player, &s});
      const auto twice = [](const Standing& s) { return 2 * s.wins + s.draws; };
      std::stable_sort(list.begin(), list.end(), [&](const auto& a, const auto& b) {
        return twice(*a.second) > twice(*b.second);
      });
      std::size_t rank = 0;
      for (std::size_t k = 0; k < list.size(); ++k) {
        const Standing& s = *list[k].second;
        if (k == 0 || twice(s) != twice(*list[k - 1].second)) rank = k + 1;
        t.rows.push_back({name, number(rank), *list[k].first, number(s.games), number(s.wins),
                          number(s.draws), number(s.losses), points(s.wins, s.draws),
                          percent(double(twice(s)), 2.0 * double(s.wins + s.draws + s.losses))});
      }
      const std::size_t n = list.size();
      if (n < 3 || e.pairs.size() != n * (n - 1)) continue;
      const std::size_t met = e.pairs.begin()->second.size();
      bool even = true;
      for (const auto& [pair, marks] : e.pairs) even = even && marks.size() == met;
      if (!even) continue;
      RoundRobin rr{&name, {}};
      for (const auto& [player, s] : list) rr.order.push_back(player);
      widest = std::max(widest, n);
      round_robins.push_back(std::move(rr));
    }
    out.push_back(std::move(t));
    if (!round_robins.empty()) {
      std::vector<std::string> columns = {"event", "no", "player"};
      std::vector<bool> numeric = {false, true, false};
      for (std::size_t k = 1; k <= widest; ++k) {
        columns.push_back(std::to_string(k));
        numeric.push_back(false);
      }
      columns.push_back("points");
      numeric.push_back(true);
      StatsTable x = make_table("crosstable",
                                "Crosstables of round robins (1 win, = draw, 0 loss, in the "
                                "order played)",
                                std::move(columns), std::move(numeric));
      for (const RoundRobin& rr : round_robins) {
        const Event& e = events_.at(*rr.event);
        for (std::size_t i = 0; i < rr.order.size(); ++i) {
          StatsRow row = {*rr.event, number(i + 1), *rr.order[i]};
          for (std::size_t j = 0; j < widest; ++j) {
            if (j >= rr.order.size())
              row.push_back("");
            else if (i == j)
              row.push_back("x");
            else
              row.push_back(e.pairs.at({*rr.order[i], *rr.order[j]}));
          }
          const Standing& s = e.players.at(*rr.order[i]);
          row.push_back(points(s.wins, s.draws));
          x.rows.push_back(std::move(row));
        }
      }
      out.push_back(std::move(x));
    }
  }
}

}  // namespace fairykit::analysis
