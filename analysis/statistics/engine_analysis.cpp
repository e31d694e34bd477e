#include "analysis/statistics/engine_analysis.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/io/bytes.h"
#include "analysis/io/json.h"
#include "analysis/statistics/wins.h"
#include "rules/core/game_state.h"
#include "rules/game/any_game.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

bool engine_plays(VariantId variant) { return variant_info(variant).uci_engine; }

void DistinctPositions::add(std::string_view file, std::int64_t game,
                            const std::vector<SeenPosition>& seen,
                            std::vector<std::uint32_t>* indices) {
  if (seen.empty()) return;
  if (files_.empty() || files_.back() != file) files_.emplace_back(file);
  const std::uint32_t f = std::uint32_t(files_.size() - 1);
  for (const SeenPosition& p : seen) {
    ++read_;
    const VariantInfo& v = variant_info(p.variant);
    // Rule options that no FEN writes are the same for every position of the run; only those
    // a FEN carries (CwDA's armies) tell two positions of one key apart.
    std::string rules = v.takes_armies ? variant_options_text(fen_variant_options(v, p.fen)) : "";
    const auto [it, fresh] =
        index_.try_emplace({p.variant, p.key, rules}, std::uint32_t(entries_.size()));
    if (fresh) entries_.push_back({p, std::move(rules), f, game, 0});
    ++entries_[it->second].occurrences;
    if (indices) indices->push_back(it->second);
  }
}

void encode_game_positions(std::int64_t game, const std::vector<SeenPosition>& seen,
                           std::string& out) {
  ByteWriter w(out);
  w.num(game);
  w.num(std::uint32_t(seen.size()));
  for (const SeenPosition& p : seen) {
    w.num(std::uint8_t(p.variant));
    w.num(p.key);
    w.num(std::int32_t(p.ply));
    w.str(p.fen);
    w.num(std::uint8_t(p.side));
    w.num(std::uint8_t(p.end));
    w.num(p.move);
  }
}

bool decode_game_positions(std::string_view bytes, std::int64_t& game,
                           std::vector<SeenPosition>& seen) {
  ByteReader r(bytes);
  seen.clear();
  game = r.num<std::int64_t>();
  const auto n = r.num<std::uint32_t>();
  for (std::uint32_t i = 0; i < n && r.good(); ++i) {
    SeenPosition p;
    const auto variant = r.num<std::uint8_t>();
    if (variant > std::uint8_t(kLastVariantId)) return false;
    p.variant = VariantId(variant);
    p.key = r.num<Key>();
    p.ply = r.num<std::int32_t>();
    p.fen = r.str();
    const auto side = r.num<std::uint8_t>();
    if (side > 1) return false;
    p.side = Color(side);
    p.end = GameEnd(r.num<std::uint8_t>());
    p.move = r.num<std::uint32_t>();
    seen.push_back(std::move(p));
  }
  return r.ok();
}

OwnSearch search_position(const VariantInfo& variant, std::string_view fen,
                          const OwnSearchOptions& options) {
  OwnSearch out;
  AnyGame& game = thread_game(variant);
  if (!game.set_up(fen).ok()) return out;  // a position of a game read: never
  const bool white = game.side_to_move() == WHITE;
  // What is left of the node limit for the next search (the searches share it).
  auto left = [&] { return out.nodes >= options.node_limit ? 0 : options.node_limit - out.nodes; };
  // The side to move's fastest win.
  const WinResult win = find_win(game, {options.max_plies, options.node_limit});
  out.nodes = win.nodes;
  if (win.status == WinResult::kNodeLimit) {
    out.status = OwnSearch::kNodeLimit;
    return out;
  }
  if (win.status == WinResult::kWin) {
    out.status = OwnSearch::kWin;
    out.plies = win.plies;
    out.mate = std::max(1, (win.plies + 1) / 2) * (white ? 1 : -1);
    out.pv = win.line_uci;
    return out;
  }
  // The opponent's: every move of the side to move loses within the bound.
  if (left() == 0) {
    out.status = OwnSearch::kNodeLimit;
    return out;
  }
  const LossResult loss = loses_within(game, options.max_plies, left());
  out.nodes += loss.nodes;
  if (loss.status != LossResult::kLost) {
    out.status = loss.status == LossResult::kNotLost ? OwnSearch::kNoWin : OwnSearch::kNodeLimit;
    return out;
  }
  // The longest defence: the first move, in generation order, after which the opponent's
  // fastest win is the slowest; the line goes on with that win.
  int longest = -1;
  for (const std::string& move : game.legal_moves_uci()) {
    const std::uint64_t budget = left();
    if (budget == 0 || !game.play(move).ok()) {
      out.status = OwnSearch::kNodeLimit;
      out.pv.clear();
      return out;
    }
    const WinResult reply = find_win(game, {options.max_plies - 1, budget});
    game.undo();
    out.nodes += reply.nodes;
    if (reply.status != WinResult::kWin) {
      out.status = OwnSearch::kNodeLimit;
      out.pv.clear();
      return out;
    }
    if (reply.plies > longest) {
      longest = reply.plies;
      out.pv.assign(1, move);
      out.pv.insert(out.pv.end(), reply.line_uci.begin(), reply.line_uci.end());
    }
  }
  out.status = OwnSearch::kWin;
  out.plies = longest + 1;
  out.mate = std::max(1, out.plies / 2) * (white ? -1 : 1);
  return out;
}

EngineAnalysis evaluate_distinct(const DistinctPositions& positions, const PoolOptions& options,
                                 const OwnSearchOptions& search) {
  EngineAnalysis a;
  a.search = search;
  const std::vector<DistinctPositions::Entry>& entries = positions.entries();
  a.results.assign(entries.size(), EvalResult{});
  a.searches.assign(entries.size(), std::nullopt);
  std::vector<EvalRequest> requests;
  std::vector<std::size_t> sent;      // the entry of each request
  std::vector<std::size_t> searched;  // the entries searched by fairykit
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const SeenPosition& p = entries[i].position;
    const VariantInfo& v = variant_info(p.variant);
    EvalResult& r = a.results[i];
    if (p.end != GameEnd::kNone) {
      // The rules know these; an engine answers them with no best move at all.
      r.ok = true;
      r.eval.mate = GameState{p.end, p.side}.decisive();
      ++a.game_ends;
    } else if (!engine_plays(p.variant)) {
      searched.push_back(i);
      auto it = std::find_if(a.without_engine.begin(), a.without_engine.end(),
                             [&](const UnplayedVariant& u) { return u.variant == p.variant; });
      if (it == a.without_engine.end())
        it = a.without_engine.insert(a.without_engine.end(), {p.variant, 0, ""});
      ++it->positions;
    } else {
      requests.push_back({&v, p.key, p.fen, entries[i].rules,
                          engine_uci_variant(v, fen_variant_options(v, p.fen))});
      sent.push_back(i);
    }
  }
  // Each search is sequential and deterministic: the threads share out the positions only.
  const long n = long(searched.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, search.threads))
  for (long j = 0; j < n; ++j) {
    const std::size_t i = searched[std::size_t(j)];
    const SeenPosition& p = entries[i].position;
    a.searches[i] = search_position(variant_info(p.variant), p.fen, search);
    // Only a forced win is an evaluation (a mate); "no forced win within the bound" says
    // nothing of who stands better, so the moves next to it are not judged from it.
    const OwnSearch& own = *a.searches[i];
    EvalResult& r = a.results[i];
    r.ok = true;
    if (own.status == OwnSearch::kWin) {
      r.eval.mate = true;
      r.eval.score = own.mate;
      r.eval.best = own.pv.front();
      r.eval.pv = own.pv;
      r.eval.nodes = own.nodes;
    }
  }
  a.searched = searched.size();
  std::vector<EvalResult> results;
  a.pool = evaluate_positions(requests, options, results);
  for (std::size_t j = 0; j < sent.size(); ++j) a.results[sent[j]] = std::move(results[j]);
  for (const Refusal& refusal : a.pool.refused) {
    auto it = std::find_if(a.refused.begin(), a.refused.end(), [&](const UnplayedVariant& u) {
      return u.variant == refusal.variant->id;
    });
    if (it == a.refused.end())
      it = a.refused.insert(a.refused.end(), {refusal.variant->id, 0,
                                              absl::StrCat("UCI_Variant ", refusal.uci_variant,
                                                           ": ", refusal.reason)});
    it->positions += refusal.positions;
  }
  return a;
}

void write_evaluation_record(const DistinctPositions& positions, const EngineAnalysis& analysis,
                             std::size_t i, std::string& out) {
  const DistinctPositions::Entry& e = positions.entries()[i];
  const SeenPosition& p = e.position;
  const EvalResult& r = analysis.results[i];
  const std::optional<OwnSearch>& own = analysis.searches[i];
  JsonWriter w(out);
  w.begin_object();
  w.key("variant").value(variant_info(p.variant).name);
  w.key("key").value(absl::StrFormat("%016x", p.key));
  w.key("fen").value(p.fen);
  w.key("side").value(p.side == WHITE ? "white" : "black");
  w.key("file").value(positions.files()[e.file]);
  w.key("game").value(e.game);
  w.key("ply").value(p.ply);
  w.key("occurrences").value(e.occurrences);
  if (!r.ok) {
    w.key("error").value(r.error);
  } else if (p.end != GameEnd::kNone) {
    w.key("status").value(describe(p.end));
    w.key(r.eval.mate ? "mate" : "cp").value(0);
  } else if (own) {
    w.key("search").value(analysis.search.max_plies);
    if (own->status == OwnSearch::kWin) {
      w.key("mate").value(own->mate);
      w.key("plies").value(own->plies);
      w.key("best").value(own->pv.front());
      w.key("pv").begin_array();
      for (const std::string& m : own->pv) w.value(m);
      w.end_array();
    } else {
      w.key("status").value(own->status == OwnSearch::kNoWin ? "no forced win" : "node limit");
    }
    w.key("nodes").value(own->nodes);
  } else {
    w.key(r.eval.mate ? "mate" : "cp").value(r.eval.score);
    w.key("best").value(r.eval.best);
    w.key("pv").begin_array();
    for (const std::string& m : r.eval.pv) w.value(m);
    w.end_array();
    w.key("depth").value(r.eval.depth);
    w.key("nodes").value(r.eval.nodes);
  }
  w.end_object();
  out += '\n';
}

}  // namespace fairykit::analysis
