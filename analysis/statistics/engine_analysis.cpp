#include "analysis/statistics/engine_analysis.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/io/json.h"
#include "rules/core/game_state.h"

namespace fairykit::analysis {

bool engine_plays(VariantId variant) {
  // The games a UCI engine plays without UCI_Variant: an engine that takes a variant, and
  // the variants file fairykit passes for it, come later.
  return variant_info(variant).uci_variant.empty();
}

void DistinctPositions::add(std::string_view file, std::int64_t game,
                            const std::vector<SeenPosition>& seen,
                            std::vector<std::uint32_t>* indices) {
  if (seen.empty()) return;
  if (files_.empty() || files_.back() != file) files_.emplace_back(file);
  const std::uint32_t f = std::uint32_t(files_.size() - 1);
  for (const SeenPosition& p : seen) {
    ++read_;
    const auto [it, fresh] = index_.try_emplace({p.variant, p.key}, std::uint32_t(entries_.size()));
    if (fresh) entries_.push_back({p, f, game, 0});
    ++entries_[it->second].occurrences;
    if (indices) indices->push_back(it->second);
  }
}

EngineAnalysis evaluate_distinct(const DistinctPositions& positions, const PoolOptions& options) {
  EngineAnalysis a;
  const std::vector<DistinctPositions::Entry>& entries = positions.entries();
  a.results.assign(entries.size(), EvalResult{});
  std::vector<EvalRequest> requests;
  std::vector<std::size_t> sent;  // the entry of each request
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const SeenPosition& p = entries[i].position;
    EvalResult& r = a.results[i];
    if (p.end == GameEnd::kCheckmate || p.end == GameEnd::kStalemate) {
      // The rules know these; an engine answers them with no best move at all.
      r.ok = true;
      r.eval.mate = p.end == GameEnd::kCheckmate;
      ++a.game_ends;
    } else if (!engine_plays(p.variant)) {
      r.error = absl::StrCat("no engine analyses ", std::string(variant_info(p.variant).name),
                             " here yet (chess and chess960 only)");
      ++a.no_engine;
      if (std::find(a.variants_without_engine.begin(), a.variants_without_engine.end(),
                    p.variant) == a.variants_without_engine.end())
        a.variants_without_engine.push_back(p.variant);
    } else {
      requests.push_back({&variant_info(p.variant), p.key, p.fen});
      sent.push_back(i);
    }
  }
  std::vector<EvalResult> results;
  a.pool = evaluate_positions(requests, options, results);
  for (std::size_t j = 0; j < sent.size(); ++j) a.results[sent[j]] = std::move(results[j]);
  return a;
}

void write_evaluation_record(const DistinctPositions& positions, const EngineAnalysis& analysis,
                             std::size_t i, std::string& out) {
  const DistinctPositions::Entry& e = positions.entries()[i];
  const SeenPosition& p = e.position;
  const EvalResult& r = analysis.results[i];
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
  } else if (p.end == GameEnd::kCheckmate || p.end == GameEnd::kStalemate) {
    w.key("status").value(p.end == GameEnd::kCheckmate ? "checkmate" : "stalemate");
    w.key(r.eval.mate ? "mate" : "cp").value(r.eval.score);
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
