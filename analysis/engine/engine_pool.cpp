#include "analysis/engine/engine_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <iterator>
#include <memory>
#include <mutex>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "analysis/batch/collective.h"
#include "analysis/engine/pool_ranks.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/variant_options.h"

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

bool sets_option(const std::vector<std::pair<std::string, std::string>>& options,
                 std::string_view name) {
  return std::any_of(options.begin(), options.end(), [&](const auto& nv) {
    return absl::EqualsIgnoreCase(nv.first, absl::string_view(name.data(), name.size()));
  });
}

// fairykit's variants file, written for the engines the first time one asks for it and
// removed when the pool is done; shared by the pool's threads.
class VariantsFile {
 public:
  explicit VariantsFile(std::string_view text) : text_(text) {}
  // Its path, or the error of writing it (kept: every engine gets the same answer).
  const absl::StatusOr<std::string>& path() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!tried_) {
      tried_ = true;
      absl::StatusOr<std::unique_ptr<TemporaryFile>> f =
          TemporaryFile::create("fairykit-variants", text_);
      if (f.ok()) {
        file_ = *std::move(f);
        path_ = file_->path();
      } else {
        path_ = f.status();
      }
    }
    return path_;
  }

 private:
  std::string_view text_;
  std::mutex mutex_;
  bool tried_ = false;
  std::unique_ptr<TemporaryFile> file_;
  absl::StatusOr<std::string> path_ = absl::UnknownError("not written");
};

// The legal moves of the start position of the game of `r` (its variant and rule options),
// written in dialect `d`, sorted; and that position's FEN in the dialect.
absl::Status start_moves(const EvalRequest& r, FenDialectId d, std::string& fen,
                         std::vector<std::string>& moves) {
  absl::StatusOr<std::string> start =
      position_fen(*r.variant, "startpos", fen_variant_options(*r.variant, r.fen));
  if (!start.ok()) return start.status();
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(*r.variant, *start);
  if (!game.ok()) return game.status();
  absl::StatusOr<std::string> sent = fen_in_dialect(*r.variant, *start, d);
  if (!sent.ok()) return sent.status();
  fen = *std::move(sent);
  moves.clear();
  for (const std::string& m : (*game)->legal_moves_uci())
    moves.push_back(uci_move_to_dialect(*r.variant, m, d));
  std::sort(moves.begin(), moves.end());
  return absl::OkStatus();
}

// "a b c" of at most 8 moves, then ", ... (N in all)".
std::string some_moves(const std::vector<std::string>& moves) {
  constexpr std::size_t kShown = 8;
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < moves.size() && i < kShown; ++i)
    shown.push_back(parsers::message_text(moves[i], 40));
  std::string text = absl::StrJoin(shown, " ");
  if (moves.size() > kShown) absl::StrAppend(&text, " ... (", moves.size(), " in all)");
  return text;
}

// One engine of the pool, started again when it fails.
class Worker {
 public:
  Worker(const PoolOptions& o, std::mutex& warn_mutex, VariantsFile& variants)
      : o_(o), warn_mutex_(warn_mutex), variants_(variants) {}

  // Starts the engine and sends the options; `warn_unlisted`: warns of the options the
  // engine does not list, and of a variants file that cannot be written (the first engine
  // only: they are the same for all).
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
    // The variants file, for an engine that reads one; the cache and the summary name it by
    // its text, since the temporary copy's place changes from run to run.
    if (!o_.variants_file.empty() && engine->has_option("VariantPath") &&
        !sets_option(sent_, "VariantPath")) {
      const absl::StatusOr<std::string>& path = variants_.path();
      if (path.ok()) {
        if (absl::Status s = engine->set_option("VariantPath", *path); !s.ok()) return s;
        if (absl::Status s = engine->list_options(); !s.ok()) return s;
        sent_.emplace_back("VariantPath", variants_file_name(o_.variants_file));
      } else if (warn_unlisted) {
        warn(absl::StrCat(path.status().message(), ": the engine gets no variants file"));
      }
    }
    chess960_ = false;
    uci_variant_ = "chess";
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

  // Tells the engine the game of `r` when it plays another: UCI_Variant (only to an engine
  // that was told another game before: chess is every engine's default) and UCI_Chess960.
  absl::Status select(const EvalRequest& r) {
    const std::string want = r.uci_variant.empty() ? "chess" : r.uci_variant;
    if (want != uci_variant_) {
      if (absl::Status s = engine_->set_option("UCI_Variant", want); !s.ok()) return s;
      uci_variant_ = want;
    }
    if (r.variant->uci_chess960 != chess960_) {
      if (absl::Status s =
              engine_->set_option("UCI_Chess960", r.variant->uci_chess960 ? "true" : "false");
          !s.ok())
        return s;
      chess960_ = r.variant->uci_chess960;
    }
    return absl::OkStatus();
  }

  // Why the engine does not play the game of `r` (its UCI_Variant), or "" when it does: the
  // variant among the choices of its UCI_Variant option, and its moves in the game's start
  // position those of the rules. An engine that fails here is stopped (the next attempt()
  // starts it again).
  std::string probe(const EvalRequest& r) {
    if (!engine_)
      if (absl::Status s = start(false); !s.ok()) return std::string(s.message());
    if (!engine_->has_option("UCI_Variant")) return "it has no option UCI_Variant";
    const std::vector<std::string> offered = engine_->option_choices("UCI_Variant");
    if (std::find(offered.begin(), offered.end(), r.uci_variant) == offered.end())
      return absl::StrCat("its option UCI_Variant does not offer ", r.uci_variant);
    const FenDialectId dialect = engine_fen_dialect(*r.variant);
    std::string fen;
    std::vector<std::string> ours;
    if (absl::Status s = start_moves(r, dialect, fen, ours); !s.ok())
      return std::string(s.message());
    absl::Status s = select(r);
    if (s.ok()) s = engine_->new_game();
    absl::StatusOr<UciEngine::Divide> theirs =
        s.ok() ? engine_->perft(fen, {}, 1) : absl::StatusOr<UciEngine::Divide>(s);
    if (!theirs.ok()) {
      engine_.reset();
      return absl::StrCat("it failed in the start position ", fen, ": ", theirs.status().message());
    }
    std::vector<std::string> moves = theirs->moves, lacks, adds;
    std::sort(moves.begin(), moves.end());
    std::set_difference(ours.begin(), ours.end(), moves.begin(), moves.end(),
                        std::back_inserter(lacks));
    std::set_difference(moves.begin(), moves.end(), ours.begin(), ours.end(),
                        std::back_inserter(adds));
    if (lacks.empty() && adds.empty()) return "";
    std::string why = absl::StrCat("its moves in the start position ", fen, " are not the rules'");
    if (!lacks.empty()) absl::StrAppend(&why, "; it lacks ", some_moves(lacks));
    if (!adds.empty()) absl::StrAppend(&why, "; it adds ", some_moves(adds));
    return why;
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
    absl::Status s = select(r);
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
  VariantsFile& variants_;
  std::unique_ptr<UciEngine> engine_;
  std::vector<std::pair<std::string, std::string>> sent_;  // as the cache names them
  std::string uci_variant_ = "chess";                      // the game the engine was told
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

namespace {

// The cache, given up after its first error (the run goes on without it).
void cache_failed(PreparedPositions& p, PoolSummary& summary, const absl::Status& s) {
  if (summary.cache_status.ok()) summary.cache_status = s;
  p.cache = nullptr;
}

// The steps before the searches, on `first` (not started yet): see prepare_positions().
PreparedPositions prepare(const std::vector<EvalRequest>& requests, const PoolOptions& o,
                          Worker& first, std::vector<EvalResult>& results, PoolSummary& summary) {
  PreparedPositions p;
  // The first engine names the settings the cache is read under.
  if (absl::Status s = first.start(true); !s.ok()) {
    summary.start_error = std::string(s.message());
    for (EvalResult& r : results) r.error = summary.start_error;
    summary.failed = requests.size();
    return p;
  }
  summary.engines_started = 1;
  summary.engine_name = first.engine()->name();
  summary.engine_options = engine_options_text(first.sent());

  p.cache = o.cache;
  if (p.cache) {
    absl::StatusOr<std::int64_t> id =
        p.cache->settings(summary.engine_name, summary.engine_options, o.limit.text());
    if (!id.ok()) cache_failed(p, summary, id.status());
    if (p.cache) p.settings = *id;
  }
  if (p.cache) {
    if (absl::Status s = p.cache->begin(false); !s.ok()) cache_failed(p, summary, s);
  }
  std::vector<std::size_t>& todo = p.todo;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (p.cache) {
      const EvalRequest& r = requests[i];
      absl::StatusOr<std::optional<Evaluation>> hit =
          p.cache->find(p.settings, r.variant->name, r.rules, r.key, r.fen);
      if (!hit.ok()) {
        cache_failed(p, summary, hit.status());
      } else if (*hit) {
        results[i].ok = results[i].cached = true;
        results[i].eval = **hit;
        ++summary.from_cache;
        continue;
      }
    }
    todo.push_back(i);
  }
  if (p.cache) {
    if (absl::Status s = p.cache->commit(); !s.ok()) cache_failed(p, summary, s);
  }

  // The games with a UCI_Variant asked about once each, on the first engine, before any of
  // their positions is sent: the same answers whatever the number of engines.
  {
    // A game refused under one UCI_Variant is refused under its others (CwDA's pairings all
    // need custom pieces): an engine that crashes on one is not made to crash on each.
    absl::flat_hash_map<std::string, std::size_t> asked;  // UCI_Variant -> index in refused
    absl::flat_hash_map<VariantId, std::size_t> refused_game;
    std::vector<std::size_t> kept;
    for (const std::size_t i : todo) {
      const EvalRequest& r = requests[i];
      if (r.uci_variant.empty()) {
        kept.push_back(i);
        continue;
      }
      auto it = asked.find(r.uci_variant);
      if (it == asked.end() && refused_game.contains(r.variant->id))
        it = asked.emplace(r.uci_variant, refused_game[r.variant->id]).first;
      if (it == asked.end()) {
        std::string why = first.probe(r);
        if (!why.empty()) refused_game[r.variant->id] = summary.refused.size();
        const std::size_t index = why.empty() ? std::size_t(-1) : summary.refused.size();
        if (!why.empty()) summary.refused.push_back({r.variant, r.uci_variant, std::move(why), 0});
        it = asked.emplace(r.uci_variant, index).first;
      }
      if (it->second == std::size_t(-1)) {
        kept.push_back(i);
        continue;
      }
      Refusal& refusal = summary.refused[it->second];
      ++refusal.positions;
      ++summary.not_played;
      results[i].error =
          absl::StrCat("the engine \"", parsers::message_text(summary.engine_name, 200),
                       "\" does not play ", std::string(r.variant->name), " (UCI_Variant ",
                       refusal.uci_variant, "): ", refusal.reason);
    }
    todo = std::move(kept);
  }
  return p;
}

}  // namespace

PreparedPositions prepare_positions(const std::vector<EvalRequest>& requests, const PoolOptions& o,
                                    std::vector<EvalResult>& results, PoolSummary& summary) {
  results.assign(requests.size(), EvalResult{});
  std::mutex warn_mutex;
  VariantsFile variants(o.variants_file);
  Worker first(o, warn_mutex, variants);
  return prepare(requests, o, first, results, summary);
}

PoolSummary evaluate_positions(const std::vector<EvalRequest>& requests, const PoolOptions& o,
                               std::vector<EvalResult>& results) {
  // Under MPI rank 0 deals the positions out over every rank's pool.
  if (o.ranks != nullptr && o.ranks->size() > 1) return evaluate_over_ranks(requests, o, results);
  PoolSummary summary;
  results.assign(requests.size(), EvalResult{});
  if (requests.empty()) return summary;
  std::mutex warn_mutex;
  VariantsFile variants(o.variants_file);
  std::vector<std::unique_ptr<Worker>> workers;
  workers.push_back(std::make_unique<Worker>(o, warn_mutex, variants));
  PreparedPositions prepared = prepare(requests, o, *workers[0], results, summary);
  if (!summary.start_error.empty()) return summary;
  const std::vector<std::size_t>& todo = prepared.todo;
  const std::int64_t settings = prepared.settings;
  EvalCache*& cache = prepared.cache;

  const std::size_t pool = std::min<std::size_t>(std::size_t(std::max(o.engines, 1)), todo.size());
  std::atomic<std::size_t> next{0};
  std::mutex done_mutex;
  std::condition_variable done_cv;
  std::deque<std::size_t> done;  // evaluated, not yet stored in the cache
  std::size_t finished = 0;
  // All made before any thread runs: a thread reads `workers` while the others start.
  while (workers.size() < pool)
    workers.push_back(std::make_unique<Worker>(o, warn_mutex, variants));
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < pool; ++k) {
    threads.emplace_back([&, k] {
      Worker& w = *workers[k];
      // The others start their engines in their own thread, at the same time (the first
      // too when a probe stopped it).
      if (!w.engine()) (void)w.start(false);
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
      s = cache->store(settings, requests[i].variant->name, requests[i].rules, requests[i].key,
                       requests[i].fen, r.eval);
    }
    if (s.ok()) s = cache->commit();
    if (!s.ok()) cache_failed(prepared, summary, s);
  }
  for (std::thread& t : threads) t.join();
  for (const auto& w : workers) summary.restarts += std::uint64_t(w->restarts());
  for (const std::size_t i : todo) (results[i].ok ? summary.analysed : summary.failed) += 1;
  return summary;
}

}  // namespace fairykit::analysis
