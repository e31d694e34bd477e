#include "analysis/engine/pool_ranks.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "analysis/io/bytes.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

namespace {

// The messages, by their first byte. Rank 0 to a rank: a share to evaluate (its options and
// size, then its positions in pieces), or the end. A rank to rank 0: results (with warnings),
// then its summary once its share is done.
constexpr std::uint8_t kShare = 'S', kPositions = 'P', kEnd = 'E', kResults = 'R', kDone = 'D';

// The most positions or results in one message: a message of MPI holds at most 2^31 bytes,
// and a position takes about 100.
constexpr std::size_t kPiece = 100'000;

// Waits for a message from `from` by looking every millisecond: a blocking receive of MPI
// spins on its core, which the engines of the same machine need.
void wait_for(const Collective& ranks, int from) {
  while (!ranks.ready(from)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// A share to rank `to`: what the engines are started and sent with (the engine's command, its
// timeout, the options, the variants file, the limit: the rank's own pool size is its own) and
// the number of positions, then the positions in pieces, each with its index in rank 0's
// requests.
void send_share(const Collective& ranks, int to, const PoolOptions& o,
                const std::vector<EvalRequest>& requests, const std::vector<std::size_t>& share) {
  std::string out;
  ByteWriter w(out);
  w.num(kShare);
  w.str(o.engine.command);
  w.real(o.engine.timeout_seconds);
  w.num(std::uint32_t(o.engine_options.size()));
  for (const auto& [name, value] : o.engine_options) {
    w.str(name);
    w.str(value);
  }
  w.str(o.variants_file);
  w.num(std::uint8_t(o.limit.kind));
  w.num(o.limit.value);
  w.num(std::uint64_t(share.size()));
  ranks.send(to, out);
  for (std::size_t at = 0; at < share.size(); at += kPiece) {
    out.clear();
    w.num(kPositions);
    const std::size_t end = std::min(share.size(), at + kPiece);
    w.num(std::uint32_t(end - at));
    for (std::size_t k = at; k < end; ++k) {
      const EvalRequest& r = requests[share[k]];
      w.num(std::uint64_t(share[k]));
      w.str(r.variant->name);
      w.num(r.key);
      w.str(r.fen);
      w.str(r.rules);
      w.str(r.uci_variant);
    }
    ranks.send(to, out);
  }
}

void encode_result(const EvalResult& r, ByteWriter& w) {
  w.num(std::uint8_t(r.ok));
  w.str(r.error);
  const Evaluation& e = r.eval;
  w.num(std::uint8_t(e.mate));
  w.num(std::int32_t(e.score));
  w.str(e.best);
  w.num(std::uint32_t(e.pv.size()));
  for (const std::string& m : e.pv) w.str(m);
  w.num(std::int32_t(e.depth));
  w.num(e.nodes);
}

EvalResult decode_result(ByteReader& rd) {
  EvalResult r;
  r.ok = rd.num<std::uint8_t>() != 0;
  r.error = rd.str();
  Evaluation& e = r.eval;
  e.mate = rd.num<std::uint8_t>() != 0;
  e.score = rd.num<std::int32_t>();
  e.best = rd.str();
  const auto n = rd.num<std::uint32_t>();
  for (std::uint32_t k = 0; k < n && rd.good(); ++k) e.pv.push_back(rd.str());
  e.depth = rd.num<std::int32_t>();
  e.nodes = rd.num<std::uint64_t>();
  return r;
}

void encode_warnings(std::vector<std::string>& warnings, ByteWriter& w) {
  w.num(std::uint32_t(warnings.size()));
  for (const std::string& s : warnings) w.str(s);
  warnings.clear();
}

// Warnings said once each, from any thread.
class OnceWarnings {
 public:
  explicit OnceWarnings(const std::function<void(const std::string&)>& warn) : warn_(warn) {}
  void say(const std::string& w) {
    if (!warn_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (said_.insert(w).second) warn_(w);
  }
  std::function<void(const std::string&)> callback() {
    if (!warn_) return {};
    return [this](const std::string& w) { say(w); };
  }

 private:
  const std::function<void(const std::string&)>& warn_;
  std::mutex mutex_;
  absl::flat_hash_set<std::string> said_;
};

}  // namespace

PoolSummary evaluate_over_ranks(const std::vector<EvalRequest>& requests, const PoolOptions& o,
                                std::vector<EvalResult>& results) {
  const Collective& ranks = *o.ranks;
  const int size = ranks.size();
  PoolSummary summary;
  results.assign(requests.size(), EvalResult{});
  if (requests.empty()) return summary;
  OnceWarnings warnings(o.warn);
  // Rank 0's own pool: no cache (this function keeps it), no progress of its own.
  PoolOptions local = o;
  local.ranks = nullptr;
  local.cache = nullptr;
  local.progress = {};
  local.warn = warnings.callback();

  // What one process does before its searches, on one engine here: the name the cache keys
  // evaluations by, the cache looked up, the games with a UCI_Variant probed (so that those
  // the engine does not play are refused once, with the error of one process). Without a
  // cache or such a game there is nothing to do before the searches.
  PreparedPositions prepared;
  const bool prepare = o.cache != nullptr ||
                       std::any_of(requests.begin(), requests.end(),
                                   [](const EvalRequest& r) { return !r.uci_variant.empty(); });
  if (prepare) {
    PoolOptions first = local;
    first.cache = o.cache;
    prepared = prepare_positions(requests, first, results, summary);
    if (!summary.start_error.empty()) return summary;
  } else {
    for (std::size_t i = 0; i < requests.size(); ++i) prepared.todo.push_back(i);
  }
  const std::vector<std::size_t>& todo = prepared.todo;
  EvalCache*& cache = prepared.cache;
  const std::int64_t settings = prepared.settings;
  auto cache_failed = [&](const absl::Status& s) {
    if (summary.cache_status.ok()) summary.cache_status = s;
    cache = nullptr;
  };

  // The shares, dealt in turn; a position whose evaluation never comes back says so.
  std::vector<std::vector<std::size_t>> shares(static_cast<std::size_t>(size));
  for (std::size_t j = 0; j < todo.size(); ++j) shares[j % std::size_t(size)].push_back(todo[j]);
  for (int r = 1; r < size; ++r) {
    for (const std::size_t i : shares[std::size_t(r)])
      results[i].error = absl::StrCat("internal error: rank ", r, " sent no evaluation back");
    send_share(ranks, r, o, requests, shares[std::size_t(r)]);
  }

  // The evaluations as they come, from any rank: kept in the cache a batch at a time.
  const std::uint64_t total = requests.size(), cached = requests.size() - todo.size();
  std::uint64_t finished = 0;
  std::vector<std::size_t> to_store;
  auto arrived = [&] {
    if (to_store.empty()) return;
    finished += to_store.size();
    if (o.progress) o.progress(cached + finished, total);
    if (cache) {
      absl::Status s = cache->begin(true);
      for (const std::size_t i : to_store) {
        const EvalResult& r = results[i];
        if (!s.ok() || !r.ok) continue;
        s = cache->store(settings, requests[i].variant->name, requests[i].rules, requests[i].key,
                         requests[i].fen, r.eval);
      }
      if (s.ok()) s = cache->commit();
      if (!s.ok()) cache_failed(s);
    }
    to_store.clear();
  };
  std::vector<bool> done(static_cast<std::size_t>(size), false);
  done[0] = true;
  int waiting = size - 1;
  std::vector<PoolSummary> theirs(static_cast<std::size_t>(size));
  auto take = [&](int r, std::string_view message) {
    ByteReader rd(message);
    const auto kind = rd.num<std::uint8_t>();
    if (kind == kResults) {
      const auto n = rd.num<std::uint32_t>();
      for (std::uint32_t k = 0; k < n && rd.good(); ++k) {
        const auto i = rd.num<std::uint64_t>();
        EvalResult result = decode_result(rd);
        if (!rd.good() || i >= results.size()) break;
        results[std::size_t(i)] = std::move(result);
        to_store.push_back(std::size_t(i));
      }
    } else {  // kDone (or damaged: the rank's positions that did not come keep their error)
      PoolSummary& s = theirs[std::size_t(r)];
      s.engine_name = rd.str();
      s.engine_options = rd.str();
      s.restarts = rd.num<std::uint64_t>();
      s.engines_started = rd.num<std::int32_t>();
      s.start_error = rd.str();
      s.not_played = rd.num<std::uint64_t>();
      const auto refusals = rd.num<std::uint32_t>();
      for (std::uint32_t k = 0; k < refusals && rd.good(); ++k) {
        Refusal f;
        f.variant = find_variant(rd.view());
        f.uci_variant = rd.str();
        f.reason = rd.str();
        f.positions = rd.num<std::uint64_t>();
        if (f.variant != nullptr) s.refused.push_back(std::move(f));
      }
      done[std::size_t(r)] = true;
      --waiting;
    }
    const auto n = rd.num<std::uint32_t>();
    for (std::uint32_t k = 0; k < n && rd.good(); ++k) warnings.say(rd.str());
  };
  // What has come from the other ranks so far, without waiting; whether anything had.
  auto look = [&] {
    bool any = false;
    for (int r = 1; r < size; ++r)
      while (!done[std::size_t(r)] && ranks.ready(r)) {
        take(r, ranks.receive(r));
        any = true;
      }
    arrived();
    return any;
  };

  if (o.progress) o.progress(cached, total);
  std::vector<EvalRequest> mine;
  for (const std::size_t i : shares[0]) mine.push_back(requests[i]);
  std::vector<EvalResult> mine_results;
  std::vector<bool> taken(mine.size(), false);
  auto take_mine = [&](std::size_t j) {
    taken[j] = true;
    results[shares[0][j]] = mine_results[j];
    to_store.push_back(shares[0][j]);
  };
  local.evaluated = [&](const std::vector<std::size_t>& evaluated) {
    for (const std::size_t j : evaluated) take_mine(j);
    look();
  };
  const PoolSummary own = evaluate_positions(mine, local, mine_results);
  // Those no engine searched (the first one could not be started) have their error.
  for (std::size_t j = 0; j < mine.size(); ++j)
    if (!taken[j]) take_mine(j);
  arrived();
  while (waiting > 0)
    if (!look()) std::this_thread::sleep_for(std::chrono::milliseconds(1));

  // The summary of one process: the name and options of the first engine started (rank 0's,
  // else the first rank's that started one), the engines of every pool.
  // A rank's engine may refuse a game that rank 0's played (another machine, another
  // engine): its positions are counted with the refusals, not the failures.
  theirs[0] = own;
  int started = 0;
  std::uint64_t not_played = 0;
  for (const PoolSummary& s : theirs) {
    if (summary.engine_name.empty() && summary.engine_options.empty()) {
      summary.engine_name = s.engine_name;
      summary.engine_options = s.engine_options;
    }
    if (summary.start_error.empty()) summary.start_error = s.start_error;
    summary.restarts += s.restarts;
    started += s.engines_started;
    not_played += s.not_played;
    for (const Refusal& f : s.refused) {
      auto it = std::find_if(summary.refused.begin(), summary.refused.end(),
                             [&](const Refusal& g) { return g.uci_variant == f.uci_variant; });
      if (it == summary.refused.end())
        summary.refused.push_back(f);
      else
        it->positions += f.positions;
    }
  }
  summary.not_played += not_played;
  // The engine that prepared the searches counts when no pool started one.
  summary.engines_started = started > 0 ? started : prepare ? 1 : 0;
  for (const std::size_t i : todo) (results[i].ok ? summary.analysed : summary.failed) += 1;
  summary.failed -= std::min(summary.failed, not_played);
  return summary;
}

void serve_evaluations(const PoolOptions& o) {
  const Collective& ranks = *o.ranks;
  for (;;) {
    wait_for(ranks, 0);
    const std::string message = ranks.receive(0);
    ByteReader rd(message);
    if (rd.num<std::uint8_t>() != kShare) return;  // kEnd
    PoolOptions local = o;
    local.ranks = nullptr;
    local.cache = nullptr;
    local.progress = {};
    local.engine.command = rd.str();
    local.engine.timeout_seconds = rd.real();
    local.engine_options.clear();
    const auto options = rd.num<std::uint32_t>();
    for (std::uint32_t k = 0; k < options && rd.good(); ++k) {
      std::string name = rd.str();
      local.engine_options.emplace_back(std::move(name), rd.str());
    }
    const std::string variants_file = rd.str();
    local.variants_file = variants_file;
    local.limit.kind = UciEngine::Limit::Kind(rd.num<std::uint8_t>());
    local.limit.value = rd.num<std::uint64_t>();
    std::vector<std::uint64_t> indices;
    std::vector<EvalRequest> requests;
    std::vector<EvalResult> results;
    std::vector<std::string> warnings;  // not yet sent
    std::mutex warnings_mutex;
    std::string out;
    ByteWriter w(out);
    // Damaged bytes end the share early: rank 0 reports the positions not sent back.
    const auto n = rd.num<std::uint64_t>();
    bool whole = rd.ok();
    while (whole && requests.size() < n) {
      const std::string piece = ranks.receive(0);
      ByteReader pr(piece);
      if (pr.num<std::uint8_t>() != kPositions) break;
      const auto count = pr.num<std::uint32_t>();
      for (std::uint32_t k = 0; k < count && whole; ++k) {
        const auto i = pr.num<std::uint64_t>();
        const std::string variant = pr.str();
        EvalRequest r;
        r.variant = find_variant(variant);
        r.key = pr.num<Key>();
        r.fen = pr.str();
        r.rules = pr.str();
        r.uci_variant = pr.str();
        whole = pr.good() && r.variant != nullptr;
        if (!whole) break;
        indices.push_back(i);
        requests.push_back(std::move(r));
      }
    }
    local.warn = [&](const std::string& text) {
      std::lock_guard<std::mutex> lock(warnings_mutex);
      warnings.push_back(text);
    };
    std::vector<bool> sent(requests.size(), false);
    auto send_results = [&](const std::vector<std::size_t>& evaluated) {
      for (std::size_t at = 0; at < evaluated.size(); at += kPiece) {
        out.clear();
        w.num(kResults);
        const std::size_t end = std::min(evaluated.size(), at + kPiece);
        w.num(std::uint32_t(end - at));
        for (std::size_t k = at; k < end; ++k) {
          const std::size_t j = evaluated[k];
          sent[j] = true;
          w.num(indices[j]);
          encode_result(results[j], w);
        }
        {
          std::lock_guard<std::mutex> lock(warnings_mutex);
          encode_warnings(warnings, w);
        }
        ranks.send(0, out);
      }
    };
    local.evaluated = send_results;
    const PoolSummary s = evaluate_positions(requests, local, results);
    // Those no engine searched (the first one could not be started) have their error.
    std::vector<std::size_t> unsent;
    for (std::size_t j = 0; j < requests.size(); ++j)
      if (!sent[j]) unsent.push_back(j);
    if (!unsent.empty()) send_results(unsent);
    out.clear();
    w.num(kDone);
    w.str(s.engine_name);
    w.str(s.engine_options);
    w.num(s.restarts);
    w.num(std::int32_t(s.engines_started));
    w.str(s.start_error);
    w.num(s.not_played);
    w.num(std::uint32_t(s.refused.size()));
    for (const Refusal& f : s.refused) {
      w.str(f.variant->name);
      w.str(f.uci_variant);
      w.str(f.reason);
      w.num(f.positions);
    }
    encode_warnings(warnings, w);  // the pool's threads are done
    ranks.send(0, out);
  }
}

void end_evaluations(const Collective& ranks) {
  std::string end(1, char(kEnd));
  for (int r = 1; r < ranks.size(); ++r) ranks.send(r, end);
}

}  // namespace fairykit::analysis
