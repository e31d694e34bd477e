#include "analysis/statistics/engine_analysis.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/io/bytes.h"
#include "analysis/io/json.h"
#include "rules/core/game_state.h"

namespace fairykit::analysis {

bool engine_plays(VariantId variant) {
  // The games a UCI engine plays without UCI_Variant: an engine that takes a variant, and
  // the variants file fairykit passes for it, come later.
  return variant_info(variant).uci_variant.empty();
}

void DistinctPositions::add(std::string_view file, std::int64_t game,
                            const std::vector<SeenPosition>& seen) {
  if (seen.empty()) return;
  if (files_.empty() || files_.back() != file) files_.emplace_back(file);
  const std::uint32_t f = std::uint32_t(files_.size() - 1);
  for (const SeenPosition& p : seen) {
    ++read_;
    const auto [it, fresh] = index_.try_emplace({p.variant, p.key}, std::uint32_t(entries_.size()));
    if (fresh) entries_.push_back({p, f, game, 0});
    ++entries_[it->second].occurrences;
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
    seen.push_back(std::move(p));
  }
  return r.ok();
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
