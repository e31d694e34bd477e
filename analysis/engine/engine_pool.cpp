#include "analysis/engine/engine_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "analysis/batch/collective.h"
#include "analysis/engine/pool_ranks.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"

namespace fairykit::analysis {

namespace {

// The options sent to every engine: Threads=1 first unless the user sets Threads.
std::vector<std::pair<std::string, std::string>> sent_options(const PoolOptions& o,
                                                              const UciEngine& engine) {
  std::vector<std::pair<std::string, std::string>> sent;
  const bool threads_given =
      std::any_of(o.engine_options.begin(), o.engine_options.end(),
                  [](const auto& nv) { return absl::EqualsIgnoreCase(nv.first, "Threads"); });
  if (!threads_given && engine.has_option("Threads")) sent.emplace_back("Threads", "1");
  sent.insert(sent.end(), o.engine_options.begin(), o.engine_options.end());
  return sent;
}

// One engine of the pool, started again when it fails.
class Worker {
 public:
  Worker(const PoolOptions& o, std::mutex& warn_mutex) : o_(o), warn_mutex_(warn_mutex) {}

  // Starts the engine and sends the options; `warn_unlisted`: warns of the options the
  // engine does not list (the first engine only: they are the same for all).
  absl::Status start(bool warn_unlisted) {
    engine_.reset();
    absl::StatusOr<std::unique_ptr<UciEngine>> e = UciEngine::start(o_.engine);
    if (!e.ok()) return e.status();
    std::unique_ptr<UciEngine> engine = *std::move(e);
    sent_ = sent_options(o_, *engine);
    for (const auto& [name, value] : sent_) {
      if (warn_unlisted && !engine->has_option(name))
        warn(absl::StrCat("the engine \"", parsers::message_text(engine->command(), 200),
                          "\" does not list the option ", name, "; it is sent all the same"));
      if (absl::Status s = engine->set_option(name, value); !s.ok()) return s;
    }
    chess960_ = false;
    engine_ = std::move(engine);
    return absl::OkStatus();
  }

  const UciEngine* engine() const { return engine_.get(); }
  const std::vector<std::pair<std::string, std::string>>& sent() const { return sent_; }
  int restarts() const { return restarts_; }

  // The position evaluated: tried, and once more with the engine started again when the
  // engine failed.
  EvalResult analyse(const EvalRequest& r) {
    EvalResult result;
    absl::StatusOr<Evaluation> e = attempt(r);
    if (!e.ok() && !engine_) {  // the engine failed (it was stopped): once more
      warn(absl::StrCat(e.status().message(), "; the engine is started again and the position ",
                        r.fen, " tried once more"));
      ++restarts_;
      e = attempt(r);
    }
    if (e.ok()) {
      result.ok = true;
      result.eval = *std::move(e);
    } else {
      result.error = std::string(e.status().message());
    }
    return result;
  }

 private:
  void warn(const std::string& text) {
    if (!o_.warn) return;
    std::lock_guard<std::mutex> lock(warn_mutex_);
    o_.warn(text);
  }

  // One try. An error with engine_ null: the engine failed (it is stopped); with engine_
  // set: the engine answered, but not something that can be used (kept running).
  absl::StatusOr<Evaluation> attempt(const EvalRequest& r) {
    if (!engine_)
      if (absl::Status s = start(false); !s.ok()) return s;
    absl::Status s = absl::OkStatus();
    if (r.variant->uci_chess960 != chess960_) {
      s = engine_->set_option("UCI_Chess960", r.variant->uci_chess960 ? "true" : "false");
      chess960_ = r.variant->uci_chess960;
    }
    if (s.ok()) s = engine_->new_game();
    const FenDialectId dialect = engine_fen_dialect(*r.variant);
    absl::StatusOr<std::string> fen = fen_in_dialect(*r.variant, r.fen, dialect);
    if (!fen.ok()) return fen.status();
    absl::StatusOr<UciEngine::Search> found =
        s.ok() ? engine_->search(*fen, o_.limit) : absl::StatusOr<UciEngine::Search>(s);
    if (!found.ok()) {
      engine_.reset();
      return found.status();
    }
    return evaluation(r, *fen, *found);
  }

  // The engine's answer checked against the rules and turned to White's view.
  absl::StatusOr<Evaluation> evaluation(const EvalRequest& r, const std::string& sent_fen,
                                        const UciEngine::Search& found) const {
    absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(*r.variant, r.fen);
    if (!game.ok()) return game.status();
    const FenDialectId dialect = engine_fen_dialect(*r.variant);
    const std::string asked =
        absl::StrCat("\"", o_.limit.go_command(), "\" (after \"position fen ", sent_fen, "\")");
    auto wrong = [&](const std::string& what) {
      return absl::FailedPreconditionError(
          absl::StrCat("the engine \"", parsers::message_text(o_.engine.command, 200), "\" ", what,
                       " in answer to ", asked, "; the evaluation is not used"));
    };
    const std::vector<std::string> legal = (*game)->legal_moves_uci();
    Evaluation e;
    if (found.best.empty()) return wrong("gave no best move");
    e.best = uci_move_from_dialect(*r.variant, found.best, dialect);
    if (std::find(legal.begin(), legal.end(), e.best) == legal.end())
      return wrong(absl::StrCat("gave the best move ", parsers::message_text(found.best, 40),
                                " (not legal in the position)"));
    if (!found.has_score) return wrong("gave no score");
    const bool white = (*game)->side_to_move() == WHITE;
    e.mate = found.mate;
    e.score = white ? found.score : -found.score;
    e.depth = found.depth;
    e.nodes = found.nodes;
    // The line as far as it is legal (an engine may send a line cut or from another search).
    for (const std::string& m : found.pv) {
      std::string move = uci_move_from_dialect(*r.variant, m, dialect);
      const std::vector<std::string> here = (*game)->legal_moves_uci();
      if (std::find(here.begin(), here.end(), move) == here.end()) break;
      if (!(*game)->play(move).ok()) break;
      e.pv.push_back(std::move(move));
    }
    if (e.pv.empty() || e.pv.front() != e.best) e.pv.assign(1, e.best);
    return e;
  }

  const PoolOptions& o_;
  std::mutex& warn_mutex_;
  std::unique_ptr<UciEngine> engine_;
  std::vector<std::pair<std::string, std::string>> sent_;
  bool chess960_ = false;
  int restarts_ = 0;
};

}  // namespace

std::string engine_options_text(std::vector<std::pair<std::string, std::string>> options) {
  std::stable_sort(options.begin(), options.end(), [](const auto& a, const auto& b) {
    return absl::AsciiStrToLower(a.first) < absl::AsciiStrToLower(b.first);
  });
  std::vector<std::string> parts;
  for (const auto& [name, value] : options) parts.push_back(absl::StrCat(name, "=", value));
  return absl::StrJoin(parts, "; ");
}

PoolSummary evaluate_positions(const std::vector<EvalRequest>& requests, const PoolOptions& o,
                               std::vector<EvalResult>& results) {
  // Under MPI rank 0 deals the positions out over every rank's pool.
  if (o.ranks != nullptr && o.ranks->size() > 1) return evaluate_over_ranks(requests, o, results);
  PoolSummary summary;
  results.assign(requests.size(), EvalResult{});
  if (requests.empty()) return summary;
  std::mutex warn_mutex;
  std::vector<std::unique_ptr<Worker>> workers;
  workers.push_back(std::make_unique<Worker>(o, warn_mutex));
  // The first engine names the settings the cache is read under.
  if (absl::Status s = workers[0]->start(true); !s.ok()) {
    summary.start_error = std::string(s.message());
    for (EvalResult& r : results) r.error = summary.start_error;
    summary.failed = requests.size();
    return summary;
  }
  summary.engines_started = 1;
  summary.engine_name = workers[0]->engine()->name();
  summary.engine_options = engine_options_text(workers[0]->sent());

  std::int64_t settings = 0;
  EvalCache* cache = o.cache;
  auto cache_failed = [&](const absl::Status& s) {
    if (summary.cache_status.ok()) summary.cache_status = s;
    cache = nullptr;
  };
  std::vector<std::size_t> todo;
  if (cache) {
    absl::StatusOr<std::int64_t> id =
        cache->settings(summary.engine_name, summary.engine_options, o.limit.text());
    if (!id.ok()) cache_failed(id.status());
    if (cache) settings = *id;
  }
  if (cache) {
    if (absl::Status s = cache->begin(false); !s.ok()) cache_failed(s);
  }
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (cache) {
      const EvalRequest& r = requests[i];
      absl::StatusOr<std::optional<Evaluation>> hit =
          cache->find(settings, r.variant->name, r.key, r.fen);
      if (!hit.ok()) {
        cache_failed(hit.status());
      } else if (*hit) {
        results[i].ok = results[i].cached = true;
        results[i].eval = **hit;
        ++summary.from_cache;
        continue;
      }
    }
    todo.push_back(i);
  }
  if (cache) {
    if (absl::Status s = cache->commit(); !s.ok()) cache_failed(s);
  }

  const std::size_t pool = std::min<std::size_t>(std::size_t(std::max(o.engines, 1)), todo.size());
  std::atomic<std::size_t> next{0};
  std::mutex done_mutex;
  std::condition_variable done_cv;
  std::deque<std::size_t> done;  // evaluated, not yet stored in the cache
  std::size_t finished = 0;
  // All made before any thread runs: a thread reads `workers` while the others start.
  while (workers.size() < pool) workers.push_back(std::make_unique<Worker>(o, warn_mutex));
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < pool; ++k) {
    threads.emplace_back([&, k] {
      Worker& w = *workers[k];
      // The others start their engines in their own thread, at the same time.
      if (k > 0 && !w.engine()) (void)w.start(false);
      for (;;) {
        const std::size_t j = next.fetch_add(1);
        if (j >= todo.size()) break;
        EvalResult r = w.analyse(requests[todo[j]]);
        std::lock_guard<std::mutex> lock(done_mutex);
        results[todo[j]] = std::move(r);
        done.push_back(todo[j]);
        done_cv.notify_one();
      }
    });
  }
  summary.engines_started = int(std::max<std::size_t>(pool, 1));
  // Each evaluation is committed as soon as it comes (with those that came meanwhile): a
  // killed run loses only the searches in flight. In WAL mode with synchronous=NORMAL a
  // commit is a write to the log, no sync.
  std::vector<std::size_t> batch;
  const std::uint64_t total = requests.size(), cached = requests.size() - todo.size();
  if (o.progress) o.progress(cached, total);
  while (finished < todo.size()) {
    {
      std::unique_lock<std::mutex> lock(done_mutex);
      done_cv.wait(lock, [&] { return !done.empty(); });
      batch.assign(done.begin(), done.end());
      done.clear();
    }
    finished += batch.size();
    if (o.progress) o.progress(cached + finished, total);
    if (o.evaluated) o.evaluated(batch);
    if (!cache) continue;
    absl::Status s = cache->begin(true);
    for (std::size_t i : batch) {
      const EvalResult& r = results[i];
      if (!s.ok() || !r.ok) continue;
      s = cache->store(settings, requests[i].variant->name, requests[i].key, requests[i].fen,
                       r.eval);
    }
    if (s.ok()) s = cache->commit();
    if (!s.ok()) cache_failed(s);
  }
  for (std::thread& t : threads) t.join();
  for (const auto& w : workers) summary.restarts += std::uint64_t(w->restarts());
  for (const std::size_t i : todo) (results[i].ok ? summary.analysed : summary.failed) += 1;
  return summary;
}

absl::Status identify_engine(const PoolOptions& o, std::string& name, std::string& options_text) {
  std::mutex warn_mutex;
  Worker w(o, warn_mutex);
  if (absl::Status s = w.start(true); !s.ok()) return s;
  name = w.engine()->name();
  options_text = engine_options_text(w.sent());
  return absl::OkStatus();
}

}  // namespace fairykit::analysis
