#include "analysis/statistics/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

#include "analysis/io/bytes.h"
#include "analysis/io/csv.h"
#include "analysis/io/json.h"
#include "analysis/statistics/stats_cells.h"

namespace fairykit::analysis {

using namespace stats_cells;

namespace stats_cells {

std::string number(std::uint64_t n) { return std::to_string(n); }

// A percentage with one decimal, or "" when there is nothing to divide.
std::string percent(double part, double whole) {
  if (whole <= 0) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", 100.0 * part / whole);
  return buf;
}

std::string fixed1(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string fixed(double x, int places) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", places, x);
  return buf;
}

int rating(std::string_view text) {
  int n = 0;
  if (text.empty() || text.size() > 5) return 0;
  for (char c : text) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

int rating_band(int rating, int width) { return rating / width * width; }

std::string band_name(int band, int width) {
  return std::to_string(band) + "-" + std::to_string(band + width - 1);
}

// The six cells of results from `cells` on: games, 1-0, draws, 0-1, *, White's score.
void result_cells(std::string* cells, const OpeningTree::Counts& r) {
  const double decided = double(r.white + r.black + r.draws);
  cells[0] = number(r.games());
  cells[1] = number(r.white);
  cells[2] = number(r.draws);
  cells[3] = number(r.black);
  cells[4] = number(r.unfinished);
  cells[5] = percent(double(r.white) + 0.5 * double(r.draws), decided);
}

void results_row(StatsTable& t, std::string key, const OpeningTree::Counts& r) {
  StatsRow& row = t.rows.emplace_back(7);
  row[0] = std::move(key);
  result_cells(&row[1], r);
}

StatsTable make_table(std::string name, std::string title, std::vector<std::string> columns,
                      std::vector<bool> numeric) {
  StatsTable t;
  t.name = std::move(name);
  t.title = std::move(title);
  t.columns = std::move(columns);
  t.numeric = std::move(numeric);
  return t;
}

StatsTable results_table(std::string name, std::string title, std::string key) {
  return make_table(std::move(name), std::move(title),
                    {std::move(key), "games", "1-0", "1/2-1/2", "0-1", "*", "white score %"},
                    {false, true, true, true, true, true, true});
}

}  // namespace stats_cells

namespace {

// The median of values given as a histogram ([value] -> how many): the middle value of an
// odd count, the mean of the two middle values of an even count ("12.5"); "" for none.
std::string median_text(const std::vector<std::uint64_t>& histogram) {
  std::uint64_t n = 0;
  for (const std::uint64_t k : histogram) n += k;
  if (n == 0) return "";
  // The values at the places (n - 1) / 2 and n / 2 (from 0) of the sorted list.
  const std::uint64_t low_at = (n - 1) / 2, high_at = n / 2;
  std::uint64_t seen = 0, low = 0, high = 0;
  bool low_found = false;
  for (std::size_t value = 0; value < histogram.size(); ++value) {
    seen += histogram[value];
    if (!low_found && seen > low_at) {
      low = value;
      low_found = true;
    }
    if (seen > high_at) {
      high = value;
      break;
    }
  }
  const std::uint64_t twice = low + high;
  return std::to_string(twice / 2) + (twice % 2 ? ".5" : "");
}

// The length buckets: 20 plies each, the last open.
constexpr int kLengthBucket = 20, kLengthBuckets = 10;
std::string length_bucket(int b) {
  if (b >= kLengthBuckets) return std::to_string(kLengthBucket * kLengthBuckets) + "+";
  return std::to_string(b * kLengthBucket) + "-" + std::to_string(b * kLengthBucket + 19);
}

// Rating difference buckets (White's rating minus Black's): 100 points each, four on each
// side of 0 (-400 to -301 ... 300 to 399), then -401 and below, and 400 and above.
int rating_bucket(int diff) {
  int b = diff >= 0 ? diff / 100 : -((-diff + 99) / 100);
  return std::clamp(b, -5, 4);
}
std::string rating_bucket_name(int b) {
  if (b <= -5) return "<= -401";
  if (b >= 4) return ">= 400";
  return std::to_string(b * 100) + " to " + std::to_string(b * 100 + 99);
}

}  // namespace

void game_facts(const GameRecord& r, const GameReport& report, std::string_view result,
                const StatsOptions& o, GameFacts& f) {
  // Reset field by field: the vectors and strings keep their memory from game to game.
  f.analysed = false;
  f.reason.clear();
  f.variant = VariantId::kChess;
  f.group.clear();
  f.pairing.clear();
  f.start_array.clear();
  f.white.clear();
  f.black.clear();
  f.white_elo = f.black_elo = 0;
  f.result = '*';
  f.termination = {};
  f.termination_tag.clear();
  f.termination_from = TerminationFrom::kResult;
  f.plies = 0;
  f.start_side = WHITE;
  f.opening = nullptr;
  f.tree.clear();
  f.captures.clear();
  f.promotions.clear();
  f.castling = {};
  f.chains = {};
  f.win_positions = 0;
  f.wins.clear();
  if (!report.valid() || !r.set_up) {
    f.online.clear();
    f.analysed = false;
    for (const Diagnostic& d : report.diagnostics)
      if (d.severity == parsers::Severity::kError) {
        f.reason = d.message;
        break;
      }
    return;
  }
  f.analysed = true;
  f.variant = r.variant;
  const VariantInfo& variant = variant_info(r.variant);
  if (!o.group_by.empty()) f.group = std::string(r.tag(o.group_by));
  if (variant.army_pairing) f.pairing = variant.army_pairing(r.start_fen);
  if (variant.start_array) f.start_array = variant.start_array(r.start_fen);
  f.white.assign(r.tag("White"));
  f.black.assign(r.tag("Black"));
  f.white_elo = rating(r.tag("WhiteElo"));
  f.black_elo = rating(r.tag("BlackElo"));
  f.result = result_code(result);
  const Termination ended = termination(r, f.result);
  f.termination_from = ended.from;
  if (ended.as_written)
    f.termination_tag.assign(ended.what);
  else
    f.termination = ended.what;
  f.plies = r.plies;
  f.start_side = r.start_side;
  if (o.openings && variant.eco_openings) {
    if (std::optional<OpeningMatch> m = o.openings->classify(r)) f.opening = m->opening;
  }
  // (online_facts sets every field; its columns keep their memory from game to game.)
  if (o.online)
    online_facts(r, f.online);
  else
    f.online.clear();
  if (o.tree_plies > 0) {
    for (const RecordItem& it : r.items) {
      if (it.kind != RecordItem::kMove || it.depth != 0) continue;
      if (int(f.tree.size()) == o.tree_plies) break;
      f.tree.push_back(it.san);
    }
  }
  // What the moves did, counted here (the facts are in this thread's cache). Captures are
  // counted in a table of every (capturing type, captured type, method), its cells in use
  // listed, then emptied again: a search of the game's list per capture costs a
  // mispredicted branch per entry.
  constexpr std::size_t kCells = std::size_t(PIECE_TYPE_NB) * PIECE_TYPE_NB * kCaptureMethods;
  thread_local std::array<std::uint32_t, kCells> cells{};
  thread_local std::vector<std::uint16_t> used;
  used.clear();
  const bool chains = variant.capture_chains;
  for (const GameRecord::PlyFacts& pf : r.facts) {
    const MoveFacts& m = pf.facts;
    if (m.null_move) continue;
    for (int c = 0; c < m.captures; ++c) {
      const MoveFacts::Capture& cap = m.captured[std::size_t(c)];
      const auto cell = std::uint16_t(
          (std::size_t(m.moved) * PIECE_TYPE_NB + std::size_t(cap.type)) * kCaptureMethods +
          std::size_t(cap.method));
      if (cells[cell]++ == 0) used.push_back(cell);
    }
    if (chains && m.captures > 0)
      ++f.chains[std::min<std::size_t>(m.steps, MoveFacts::kMaxCaptures)];
    if (m.promotion != NO_PIECE_TYPE) f.promotions.push_back(m.promotion);
    if (m.castling) {
      const Color mover = pf.ply % 2 == 1 ? r.start_side : ~r.start_side;
      ++f.castling[std::size_t(mover)][std::size_t(m.castling - 1)];
    }
  }
  for (const std::uint16_t cell : used) {
    const std::size_t pair = cell / kCaptureMethods;
    f.captures.push_back({PieceType(pair / PIECE_TYPE_NB), PieceType(pair % PIECE_TYPE_NB),
                          CaptureMethod(cell % kCaptureMethods), cells[cell]});
    cells[cell] = 0;
  }
}

void CollectionStats::add(const GameFacts& g, std::string_view file) {
  ++games_;
  if (!g.analysed) {
    ++rejected_;
    ++reject_reasons_[g.reason];
    return;
  }
  if (options_.find_wins > 0) {
    WinCounts& w = win_counts_[g.variant];
    w.positions += g.win_positions;
    for (const WinFinding& f : g.wins) {
      if (f.status == WinResult::kNodeLimit) {
        ++w.limit;
      } else {
        ++w.wins;
        w.kept += f.move == WinFinding::Move::kKept;
        w.missed += f.move == WinFinding::Move::kMissed;
        w.unknown += f.move == WinFinding::Move::kUnknown;
      }
      if (f.status == WinResult::kNodeLimit || f.move != WinFinding::Move::kKept)
        wins_listed_.push_back({std::string(file), g.variant, f});
    }
  }
  plies_ += std::uint64_t(g.plies);
  PerVariant& v = variants_[g.variant];
  v.results.add(g.result);
  if (v.lengths.size() <= std::size_t(g.plies)) v.lengths.resize(std::size_t(g.plies) + 1);
  ++v.lengths[std::size_t(g.plies)];
  if (g.termination.empty() && !g.termination_tag.empty()) {
    ++v.other_terminations[g.termination_tag];
  } else {
    auto it = std::find_if(v.terminations.begin(), v.terminations.end(), [&](const auto& e) {
      return e.what.data() == g.termination.data() && e.what.size() == g.termination.size() &&
             e.from == g.termination_from;
    });
    if (it == v.terminations.end())
      it = v.terminations.insert(v.terminations.end(), {g.termination, g.termination_from, 0});
    ++it->games;
  }
  if (!g.pairing.empty()) pairings_[g.pairing].add(g.result);
  if (!g.start_array.empty()) start_arrays_[g.start_array].add(g.result);
  if (!options_.group_by.empty()) groups_[g.group].add(g.result);
  // Players: score from their side.
  const auto player = [&](const std::string& name, bool white) {
    if (name.empty() || name == "?") return;
    Player& p = players_[name];
    ++p.games;
    const bool win = g.result == (white ? 'w' : 'b'), loss = g.result == (white ? 'b' : 'w');
    if (g.result == '*') return;
    p.wins += win;
    p.losses += loss;
    p.draws += g.result == 'd';
    const int opponent = white ? g.black_elo : g.white_elo;
    if (opponent > 0) {
      ++p.rated;
      p.opponent_sum += opponent;
      p.rated_plus += int(win) - int(loss);
    }
  };
  player(g.white, true);
  player(g.black, false);
  if (g.white_elo > 0 && g.black_elo > 0 && g.result != '*') {
    const int diff = g.white_elo - g.black_elo;
    auto& [results, expected] = rating_diff_[std::size_t(rating_bucket(diff) + 5)];
    results.add(g.result);
    expected += 1.0 / (1.0 + std::pow(10.0, -diff / 400.0));
  }
  if (g.opening && options_.openings)
    openings_[std::size_t(g.opening - &options_.openings->at(0))].add(g.result);
  if (!tree_->add(g.variant, g.tree, g.result)) ++tree_refused_;
  // The moves.
  for (const GameFacts::CaptureCount& c : g.captures) {
    v.captures[c.by][c.taken] += c.n;
    v.methods[static_cast<int>(c.method)] += c.n;
  }
  for (std::size_t k = 0; k < v.chains.size(); ++k) v.chains[k] += g.chains[k];
  for (PieceType p : g.promotions) ++v.promotions[p];
  for (std::size_t c = 0; c < 2; ++c)
    for (std::size_t side = 0; side < 2; ++side) v.castling[c][side] += g.castling[c][side];
  if (online_) online_->add(g);
}

std::vector<StatsTable> CollectionStats::tables() const {
  std::vector<StatsTable> out;
  {
    StatsTable t = make_table("summary", "Games",
                              {"games read", "analysed", "rejected", "plies", "mean plies"},
                              {true, true, true, true, true});
    const std::uint64_t analysed = games_ - rejected_;
    t.rows.push_back({number(games_ + filtered_), number(analysed), number(rejected_),
                      number(plies_), analysed ? fixed1(double(plies_) / double(analysed)) : ""});
    // Only a run with a selection has the column: the tables of the others stay as they were.
    if (options_.filtered_column) {
      t.columns.insert(t.columns.begin() + 2, "filtered out");
      t.numeric.insert(t.numeric.begin() + 2, true);
      t.rows[0].insert(t.rows[0].begin() + 2, number(filtered_));
    }
    out.push_back(std::move(t));
  }
  if (!reject_reasons_.empty()) {
    StatsTable t = make_table("rejected", "Rejected games, by their first error",
                              {"error", "games"}, {false, true});
    for (const auto& [reason, n] : reject_reasons_) t.rows.push_back({reason, number(n)});
    out.push_back(std::move(t));
  }
  {
    StatsTable t = results_table("results_by_variant", "Results by variant", "variant");
    for (const auto& [id, v] : variants_)
      results_row(t, std::string(variant_info(id).name), v.results);
    out.push_back(std::move(t));
  }
  if (!pairings_.empty()) {
    StatsTable t = results_table("results_by_pairing",
                                 "CwDA results by army pairing (White v Black)", "pairing");
    for (const auto& [k, r] : pairings_) results_row(t, k, r);
    out.push_back(std::move(t));
  }
  if (!start_arrays_.empty()) {
    StatsTable t =
        results_table("results_by_start_array",
                      "Superchess results by start array (White's back rank)", "start array");
    for (const auto& [k, r] : start_arrays_) results_row(t, k, r);
    out.push_back(std::move(t));
  }
  if (!options_.group_by.empty()) {
    StatsTable t = results_table("results_by_" + options_.group_by,
                                 "Results by " + options_.group_by, options_.group_by);
    for (const auto& [k, r] : groups_) results_row(t, k.empty() ? "(none)" : k, r);
    out.push_back(std::move(t));
  }
  {
    StatsTable t = make_table("lengths", "Game lengths (plies of the main line)",
                              {"variant", "plies", "games"}, {false, false, true});
    StatsTable s = make_table("length_summary", "Game length by variant",
                              {"variant", "games", "mean plies", "median plies", "longest"},
                              {false, true, true, true, true});
    for (const auto& [id, v] : variants_) {
      const std::string name(variant_info(id).name);
      std::array<std::uint64_t, kLengthBuckets + 1> b{};
      std::uint64_t n = 0, sum = 0;
      for (std::size_t plies = 0; plies < v.lengths.size(); ++plies) {
        const std::uint64_t games = v.lengths[plies];
        b[std::min(plies / kLengthBucket, std::size_t(kLengthBuckets))] += games;
        n += games;
        sum += plies * games;
      }
      for (int i = 0; i <= kLengthBuckets; ++i)
        if (b[std::size_t(i)])
          t.rows.push_back({name, length_bucket(i), number(b[std::size_t(i)])});
      std::size_t longest = 0;
      for (std::size_t plies = 0; plies < v.lengths.size(); ++plies)
        if (v.lengths[plies]) longest = plies;
      s.rows.push_back({name, number(n), n ? fixed1(double(sum) / double(n)) : "",
                        median_text(v.lengths), std::to_string(longest)});
    }
    out.push_back(std::move(s));
    out.push_back(std::move(t));
  }
  {
    StatsTable t = make_table("terminations", "How the games ended",
                              {"variant", "termination", "termination_from", "games"},
                              {false, false, false, true});
    for (const auto& [id, v] : variants_) {
      std::map<std::pair<std::string_view, std::string_view>, std::uint64_t> by_text;
      for (const auto& e : v.terminations) by_text[{e.what, describe(e.from)}] += e.games;
      for (const auto& [k, n] : v.other_terminations)
        by_text[{k, describe(TerminationFrom::kTag)}] += n;
      for (const auto& [k, n] : by_text)
        t.rows.push_back({std::string(variant_info(id).name), std::string(k.first),
                          std::string(k.second), number(n)});
    }
    out.push_back(std::move(t));
  }
  {
    StatsTable t = make_table("captures", "Captures by capturing and captured piece",
                              {"variant", "capturing piece", "captured piece", "captures"},
                              {false, false, false, true});
    StatsTable m = make_table("capture_methods", "Captures by method",
                              {"variant", "method", "captures"}, {false, false, true});
    StatsTable c = make_table("chains", "Interweave capturing turns by steps",
                              {"variant", "steps", "turns"}, {false, true, true});
    StatsTable p = make_table("promotions", "Promotions by piece",
                              {"variant", "piece", "promotions"}, {false, false, true});
    for (const auto& [id, v] : variants_) {
      const std::string name(variant_info(id).name);
      // By piece name (the captures of piece types that share a name added up).
      std::map<std::pair<std::string, std::string>, std::uint64_t> by_name;
      for (int a = 0; a < PIECE_TYPE_NB; ++a)
        for (int b = 0; b < PIECE_TYPE_NB; ++b)
          if (const std::uint64_t n = v.captures[std::size_t(a)][std::size_t(b)])
            by_name[{std::string(piece_name(id, PieceType(a))),
                     std::string(piece_name(id, PieceType(b)))}] += n;
      for (const auto& [k, n] : by_name) t.rows.push_back({name, k.first, k.second, number(n)});
      for (int i = 0; i < kCaptureMethods; ++i)
        if (v.methods[std::size_t(i)])
          m.rows.push_back(
              {name, std::string(describe(CaptureMethod(i))), number(v.methods[std::size_t(i)])});
      for (std::size_t k = 0; k < v.chains.size(); ++k)
        if (v.chains[k]) c.rows.push_back({name, std::to_string(k), number(v.chains[k])});
      std::map<std::string, std::uint64_t> promoted;
      for (int k = 0; k < PIECE_TYPE_NB; ++k)
        if (v.promotions[std::size_t(k)])
          promoted[std::string(piece_name(id, PieceType(k)))] += v.promotions[std::size_t(k)];
      for (const auto& [k, n] : promoted) p.rows.push_back({name, k, number(n)});
    }
    out.push_back(std::move(t));
    out.push_back(std::move(m));
    if (!c.rows.empty()) out.push_back(std::move(c));
    out.push_back(std::move(p));
  }
  {
    StatsTable t =
        make_table("castling", "Castling by colour and side",
                   {"variant", "colour", "side", "castlings"}, {false, false, false, true});
    for (const auto& [id, v] : variants_)
      for (int c = 0; c < 2; ++c)
        for (int side = 0; side < 2; ++side)
          if (v.castling[std::size_t(c)][std::size_t(side)])
            t.rows.push_back({std::string(variant_info(id).name), c == 0 ? "white" : "black",
                              side == 0 ? "O-O" : "O-O-O",
                              number(v.castling[std::size_t(c)][std::size_t(side)])});
    out.push_back(std::move(t));
  }
  {
    // Players: the most games first (ties by name), --top of them.
    StatsTable t = make_table("players", "Players",
                              {"player", "games", "wins", "draws", "losses", "score %",
                               "rated games", "average opponent", "performance"},
                              {false, true, true, true, true, true, true, true, true});
    std::vector<const std::pair<const std::string, Player>*> order;
    for (const auto& e : players_) order.push_back(&e);
    std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
      if (a->second.games != b->second.games) return a->second.games > b->second.games;
      return a->first < b->first;
    });
    const std::size_t shown = std::min(order.size(), std::size_t(std::max(options_.top, 0)));
    for (std::size_t i = 0; i < shown; ++i) {
      const auto& [name, p] = *order[i];
      const double scored = double(p.wins) + 0.5 * double(p.draws);
      const double decided = double(p.wins + p.draws + p.losses);
      std::string average, performance;
      if (p.rated) {
        const double avg = p.opponent_sum / double(p.rated);
        average = std::to_string(std::lround(avg));
        performance =
            std::to_string(std::lround(avg + 400.0 * double(p.rated_plus) / double(p.rated)));
      }
      t.rows.push_back({name, number(p.games), number(p.wins), number(p.draws), number(p.losses),
                        percent(scored, decided), number(p.rated), average, performance});
    }
    if (shown < order.size())
      t.note =
          std::to_string(shown) + " of " + std::to_string(order.size()) + " players shown (--top)";
    out.push_back(std::move(t));
  }
  {
    StatsTable t = make_table("rating_difference",
                              "White's score by rating difference (White - Black), rated games",
                              {"difference", "games", "expected white score %", "white score %"},
                              {false, true, true, true});
    for (std::size_t i = 0; i < rating_diff_.size(); ++i) {
      const auto& [r, expected] = rating_diff_[i];
      if (r.games() == 0) continue;  // (only decided and drawn games are added)
      const double n = double(r.white + r.black + r.draws);
      t.rows.push_back({rating_bucket_name(int(i) - 5), number(r.white + r.black + r.draws),
                        percent(expected, n), percent(double(r.white) + 0.5 * double(r.draws), n)});
    }
    out.push_back(std::move(t));
  }
  if (options_.openings) {
    StatsTable t =
        results_table("openings", "Chess openings (lichess chess-openings names)", "ECO");
    t.columns.insert(t.columns.begin() + 1, "name");
    t.numeric.insert(t.numeric.begin() + 1, false);
    std::vector<std::pair<const Opening*, Results>> order;
    for (std::size_t i = 0; i < openings_.size(); ++i)
      if (openings_[i].games() > 0) order.emplace_back(&options_.openings->at(i), openings_[i]);
    // The most games first; ties by ECO, then name, then the data set's order (the
    // openings are in a vector of the book, in that order).
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
      if (a.second.games() != b.second.games()) return a.second.games() > b.second.games();
      if (a.first->eco != b.first->eco) return a.first->eco < b.first->eco;
      if (a.first->name != b.first->name) return a.first->name < b.first->name;
      return std::less<const Opening*>()(a.first, b.first);
    });
    const std::size_t shown = std::min(order.size(), std::size_t(std::max(options_.top, 0)));
    for (std::size_t i = 0; i < shown; ++i) {
      results_row(t, order[i].first->eco, order[i].second);
      t.rows.back().insert(t.rows.back().begin() + 1, order[i].first->name);
    }
    if (shown < order.size())
      t.note =
          std::to_string(shown) + " of " + std::to_string(order.size()) + " openings shown (--top)";
    out.push_back(std::move(t));
  }
  if (options_.tree_plies > 0) {
    StatsTable t =
        results_table("opening_tree", "Opening tree (the first plies of the main line)", "line");
    t.columns.insert(t.columns.begin(), "variant");
    t.numeric.insert(t.numeric.begin(), false);
    t.more_row_count = tree_->lines_at_least(options_.tree_min);
    t.more_rows = [tree = tree_, min = options_.tree_min](const RowVisitor& visit) {
      StatsRow row(8);  // rewritten in place: its strings keep their memory from row to row
      tree->for_each(min,
                     [&](VariantId variant, std::string_view line, const OpeningTree::Counts& r) {
                       row[0] = variant_info(variant).name;
                       row[1] = line;
                       result_cells(&row[2], r);
                       visit(row);
                     });
    };
    const std::uint64_t left_out = tree_->lines() - t.more_row_count;
    if (left_out)
      t.note = std::to_string(left_out) + (left_out == 1 ? " line" : " lines") + " of fewer than " +
               std::to_string(options_.tree_min) + " games left out (--tree-min)";
    if (tree_refused_) {
      if (!t.note.empty()) t.note += "; ";
      t.note += "the tree is full (" + std::to_string(tree_->lines()) +
                " lines): " + std::to_string(tree_refused_) +
                (tree_refused_ == 1 ? " game" : " games") + " not counted in it";
    }
    out.push_back(std::move(t));
  }
  if (options_.find_wins > 0) {
    StatsTable t = make_table("forced_wins_summary",
                              "Forced wins within " + std::to_string(options_.find_wins) +
                                  " plies (exact search; the side to move wins)",
                              {"variant", "positions searched", "with a win", "kept", "missed",
                               "move unknown", "node limit"},
                              {false, true, true, true, true, true, true});
    for (const auto& [id, w] : win_counts_)
      t.rows.push_back({std::string(variant_info(id).name), number(w.positions), number(w.wins),
                        number(w.kept), number(w.missed), number(w.unknown), number(w.limit)});
    out.push_back(std::move(t));
    StatsTable l = make_table(
        "forced_wins",
        "Missed wins, wins with no move played from them, and positions where the search "
        "stopped at the node limit",
        {"file", "game", "ply", "variant", "side", "fen", "win plies", "line", "played", "verdict"},
        {false, true, true, false, false, false, true, false, false, false});
    for (const WinListing& e : wins_listed_) {
      const WinFinding& f = e.finding;
      std::string line;
      for (const std::string& m : f.line) {
        if (!line.empty()) line += ' ';
        line += m;
      }
      const bool limit = f.status == WinResult::kNodeLimit;
      const char* verdict = limit                                  ? "node limit"
                            : f.move == WinFinding::Move::kMissed  ? "missed"
                            : f.move == WinFinding::Move::kUnknown ? "move unknown (node limit)"
                                                                   : "no move played";
      l.rows.push_back({e.file, std::to_string(f.game), std::to_string(f.ply),
                        std::string(variant_info(e.variant).name),
                        f.side == WHITE ? "white" : "black", f.fen,
                        limit ? "" : std::to_string(f.plies), line, f.played, verdict});
    }
    out.push_back(std::move(l));
  }
  if (online_) online_->tables(out);
  return out;
}

void for_each_row(const StatsTable& t, const RowVisitor& f) {
  for (const StatsRow& row : t.rows) f(row);
  if (t.more_rows) t.more_rows(f);
}

std::uint64_t row_count(const StatsTable& t) {
  return t.rows.size() + (t.more_rows ? t.more_row_count : 0);
}

void spill(std::string& out, const TextSink& sink) {
  if (!sink || out.size() < kSpillBytes) return;
  sink(out);
  out.clear();
}

void write_stats_text(const std::vector<StatsTable>& tables, std::string& out,
                      const TextSink& sink) {
  bool first = true;
  for (const StatsTable& t : tables) {
    if (!first) out += '\n';
    first = false;
    out += t.title;
    out += '\n';
    std::vector<std::size_t> width(t.columns.size());
    for (std::size_t c = 0; c < t.columns.size(); ++c) width[c] = t.columns[c].size();
    for_each_row(t, [&](const StatsRow& row) {
      for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    });
    const auto line = [&](const std::vector<std::string>& cells) {
      const std::size_t start = out.size();
      out += ' ';
      for (std::size_t c = 0; c < cells.size(); ++c) {
        const std::size_t pad = width[c] - cells[c].size();
        out += ' ';
        if (t.numeric[c]) out.append(pad, ' ');
        out += cells[c];
        if (!t.numeric[c] && c + 1 < cells.size()) out.append(pad, ' ');
      }
      while (out.size() > start && out.back() == ' ') out.pop_back();
      out += '\n';
      spill(out, sink);
    };
    line(t.columns);
    if (row_count(t) == 0) out += "  (none)\n";
    for_each_row(t, line);
    if (!t.note.empty()) {
      out += "  ";
      out += t.note;
      out += '\n';
    }
  }
}

void write_stats_json(const std::vector<StatsTable>& tables, std::string& out,
                      const TextSink& sink) {
  JsonWriter w(out);
  w.begin_object().key("tables").begin_array(true);
  for (const StatsTable& t : tables) {
    w.begin_object().key("name").value(t.name).key("title").value(t.title);
    w.key("columns").begin_array();
    for (const std::string& c : t.columns) w.value(c);
    w.end_array();
    w.key("rows").begin_array();
    for_each_row(t, [&](const StatsRow& row) {
      w.begin_object();
      for (std::size_t c = 0; c < row.size(); ++c) {
        w.key(t.columns[c]);
        if (t.numeric[c] && !row[c].empty())
          w.raw_value(row[c]);
        else if (t.numeric[c])
          w.raw_value("null");
        else
          w.value(row[c]);
      }
      w.end_object();
      spill(out, sink);
    });
    w.end_array();
    if (!t.note.empty()) w.key("note").value(t.note);
    w.end_object();
  }
  w.end_array().end_object();
  out += '\n';
}

void write_stats_csv(const std::vector<StatsTable>& tables, bool raw, std::string& out,
                     const TextSink& sink) {
  out += "table,row,column,value\n";
  const auto field = [&](std::string_view s) { csv_field(out, s, raw); };
  for (const StatsTable& t : tables) {
    std::uint64_t r = 0;
    for_each_row(t, [&](const StatsRow& row) {
      ++r;
      for (std::size_t c = 0; c < row.size(); ++c) {
        field(t.name);
        out += ',';
        out += std::to_string(r);
        out += ',';
        field(t.columns[c]);
        out += ',';
        field(row[c]);
        out += '\n';
      }
      spill(out, sink);
    });
  }
}

}  // namespace fairykit::analysis

// ---------------------------------------------------------------------------------------
// GameFacts as bytes (MPI ranks): analysis/io/bytes.h.

namespace fairykit::analysis {
namespace {

using FactsWriter = ByteWriter;
using FactsReader = ByteReader;

// Terminations read back: kept for the whole run, as termination()'s literals are.
std::string_view intern(std::string_view s) {
  static std::set<std::string, std::less<>> kept;
  auto it = kept.find(s);
  if (it == kept.end()) it = kept.emplace(s).first;
  return *it;
}

}  // namespace

void encode_game_facts(const GameFacts& f, const StatsOptions& options, std::string& out) {
  FactsWriter w(out);
  w.num(std::uint8_t(f.analysed));
  w.str(f.reason);
  w.num(std::uint8_t(f.variant));
  w.str(f.group);
  w.str(f.pairing);
  w.str(f.start_array);
  w.str(f.white);
  w.str(f.black);
  w.num(std::int32_t(f.white_elo));
  w.num(std::int32_t(f.black_elo));
  w.num(std::uint8_t(f.result));
  w.str(f.termination);
  w.str(f.termination_tag);
  w.num(std::uint8_t(f.termination_from));
  w.num(std::int32_t(f.plies));
  w.num(std::uint8_t(f.start_side));
  const std::int64_t opening = f.opening && options.openings
                                   ? std::int64_t(f.opening - &options.openings->at(0))
                                   : std::int64_t(-1);
  w.num(opening);
  w.num(std::uint32_t(f.tree.size()));
  for (const std::string& t : f.tree) w.str(t);
  w.num(std::uint32_t(f.captures.size()));
  for (const GameFacts::CaptureCount& c : f.captures) {
    w.num(std::uint8_t(c.by));
    w.num(std::uint8_t(c.taken));
    w.num(std::uint8_t(c.method));
    w.num(c.n);
  }
  w.num(std::uint32_t(f.promotions.size()));
  for (PieceType p : f.promotions) w.num(std::uint8_t(p));
  for (const auto& side : f.castling)
    for (std::uint32_t n : side) w.num(n);
  for (std::uint32_t n : f.chains) w.num(n);
  w.num(f.win_positions);
  w.num(std::uint32_t(f.wins.size()));
  for (const WinFinding& x : f.wins) {
    w.num(x.game);
    w.num(std::int32_t(x.ply));
    w.str(x.fen);
    w.num(std::uint8_t(x.side));
    w.num(std::uint8_t(x.status));
    w.num(std::int32_t(x.plies));
    w.num(std::uint32_t(x.line.size()));
    for (const std::string& m : x.line) w.str(m);
    w.num(x.nodes);
    w.str(x.played);
    w.num(std::uint8_t(x.move));
  }
  const OnlineFacts& o = f.online;
  w.num(o.speed);
  w.num(std::uint8_t(o.time_forfeit));
  w.str(o.event);
  for (const std::vector<std::int32_t>* v : {&o.clock, &o.spent}) {
    w.num(std::uint32_t(v->size()));
    for (std::int32_t t : *v) w.num(t);
  }
  w.num(std::uint32_t(o.eval.size()));
  for (std::int16_t e : o.eval) w.num(e);
}

bool decode_game_facts(std::string_view bytes, const StatsOptions& options, GameFacts& f) {
  FactsReader r(bytes);
  f = GameFacts{};
  f.analysed = r.num<std::uint8_t>() != 0;
  f.reason = r.str();
  f.variant = VariantId(r.num<std::uint8_t>());
  f.group = r.str();
  f.pairing = r.str();
  f.start_array = r.str();
  f.white = r.str();
  f.black = r.str();
  f.white_elo = r.num<std::int32_t>();
  f.black_elo = r.num<std::int32_t>();
  f.result = char(r.num<std::uint8_t>());
  f.termination = intern(r.view());
  f.termination_tag = r.str();
  f.termination_from = TerminationFrom(r.num<std::uint8_t>());
  if (f.termination_from > TerminationFrom::kResult) return false;
  f.plies = r.num<std::int32_t>();
  f.start_side = Color(r.num<std::uint8_t>());
  const auto opening = r.num<std::int64_t>();
  if (opening >= 0) {
    if (!options.openings || std::size_t(opening) >= options.openings->size()) return false;
    f.opening = &options.openings->at(std::size_t(opening));
  }
  const auto trees = r.num<std::uint32_t>();
  for (std::uint32_t i = 0; i < trees && r.good(); ++i) f.tree.push_back(r.str());
  const auto captures = r.num<std::uint32_t>();
  for (std::uint32_t i = 0; i < captures && r.good(); ++i) {
    GameFacts::CaptureCount c;
    c.by = PieceType(r.num<std::uint8_t>());
    c.taken = PieceType(r.num<std::uint8_t>());
    c.method = CaptureMethod(r.num<std::uint8_t>());
    c.n = r.num<std::uint32_t>();
    f.captures.push_back(c);
  }
  const auto promotions = r.num<std::uint32_t>();
  for (std::uint32_t i = 0; i < promotions && r.good(); ++i)
    f.promotions.push_back(PieceType(r.num<std::uint8_t>()));
  for (auto& side : f.castling)
    for (std::uint32_t& n : side) n = r.num<std::uint32_t>();
  for (std::uint32_t& n : f.chains) n = r.num<std::uint32_t>();
  f.win_positions = r.num<std::uint64_t>();
  const auto wins = r.num<std::uint32_t>();
  for (std::uint32_t i = 0; i < wins && r.good(); ++i) {
    WinFinding x;
    x.game = r.num<std::int64_t>();
    x.ply = r.num<std::int32_t>();
    x.fen = r.str();
    x.side = Color(r.num<std::uint8_t>());
    x.status = WinResult::Status(r.num<std::uint8_t>());
    x.plies = r.num<std::int32_t>();
    const auto moves = r.num<std::uint32_t>();
    for (std::uint32_t k = 0; k < moves && r.good(); ++k) x.line.push_back(r.str());
    x.nodes = r.num<std::uint64_t>();
    x.played = r.str();
    x.move = WinFinding::Move(r.num<std::uint8_t>());
    f.wins.push_back(std::move(x));
  }
  OnlineFacts& o = f.online;
  o.speed = r.num<std::int8_t>();
  o.time_forfeit = r.num<std::uint8_t>() != 0;
  o.event = r.str();
  for (std::vector<std::int32_t>* v : {&o.clock, &o.spent}) {
    const auto n = r.num<std::uint32_t>();
    for (std::uint32_t i = 0; i < n && r.good(); ++i) v->push_back(r.num<std::int32_t>());
  }
  const auto evals = r.num<std::uint32_t>();
  for (std::uint32_t i = 0; i < evals && r.good(); ++i) o.eval.push_back(r.num<std::int16_t>());
  if (o.clock.size() != o.spent.size()) return false;
  return r.ok();
}

}  // namespace fairykit::analysis
