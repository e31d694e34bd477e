// A pool of UCI engines evaluating a list of positions (fairy-analyze --engine): K engine
// processes (analysis/engine/uci_engine.h), each driven by a thread of its own, take the
// positions one at a time; what the cache (analysis/engine/eval_cache.h) already holds is
// never sent. The results come back in the order of the list, whatever the number of
// engines, and are the same for any number when the search is deterministic (a node or depth
// limit, one engine thread): every position starts from a cleared engine (`ucinewgame`), so
// that what an engine searched before does not change what it finds.
//
// Failures never lose a position: an engine that exits, crashes, hangs past the timeout or
// sends what cannot be read is stopped, started again, and the position tried once more;
// when that fails too the position's result is the error. A best move that is not legal in
// the position is an error of that position (the evaluation is not used nor cached); a
// principal variation is cut before its first move that is not legal.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "analysis/engine/eval_cache.h"
#include "analysis/engine/evaluation.h"
#include "analysis/engine/uci_engine.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

class Collective;  // analysis/batch/collective.h

struct EvalRequest {
  const VariantInfo* variant = nullptr;  // a game an engine plays: chess, chess960 so far
  Key key = 0;
  std::string fen;  // native FEN; sent in the engine's dialect (engine_fen_dialect())
};

struct EvalResult {
  bool ok = false;
  Evaluation eval;      // when ok
  std::string error;    // when not: why the position has no evaluation
  bool cached = false;  // found in the cache
};

struct PoolOptions {
  UciEngine::Options engine;  // the command, and the timeout of every answer
  // Sent in order after the handshake. Threads=1 is sent first when the engine lists Threads
  // and these do not set it (one thread per engine: the pool is the parallelism).
  std::vector<std::pair<std::string, std::string>> engine_options;
  UciEngine::Limit limit;
  int engines = 1;             // processes (at least one)
  EvalCache* cache = nullptr;  // none: every position goes to an engine
  // Warnings (an option the engine does not list; an engine restarted), one line each, from
  // any thread but never two at once.
  std::function<void(const std::string&)> warn;
  // Called in the calling thread with the positions done (found in the cache, evaluated or
  // failed) and their total: before the searches, then after each batch of results.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  // Called in the calling thread with the requests just evaluated by an engine (their
  // indices; their results are in `results` then), after each batch of them: for a caller
  // that passes the results on as they come (analysis/engine/pool_ranks.h).
  std::function<void(const std::vector<std::size_t>& evaluated)> evaluated;
  // The ranks of an MPI run (nullptr or one rank: one process). With more, rank 0's call
  // evaluates the positions over every rank's pool, and the other ranks serve it
  // (analysis/engine/pool_ranks.h); what a share carries to them of these options is
  // pool_ranks.cpp's encode_share(): an option that changes what an engine is sent goes
  // there too.
  const Collective* ranks = nullptr;
};

struct PoolSummary {
  std::string engine_name;       // `id name` of the first engine started
  std::string engine_options;    // as the cache keys them (engine_options_text())
  std::uint64_t from_cache = 0;  // found in the cache
  std::uint64_t analysed = 0;    // evaluated by an engine now
  std::uint64_t failed = 0;      // with an error
  std::uint64_t restarts = 0;    // engines started again after a failure
  // Processes in the pool at the start: one when the cache holds every position (its name
  // is needed to look them up), else at most `engines`, at most one per position to send.
  int engines_started = 0;
  absl::Status cache_status;  // the first cache error (the run goes on without the cache)
  // Why the first engine could not be started (every position has this error then).
  std::string start_error;
};

// Evaluates `requests` into `results` (one each, same order). Under MPI (options.ranks),
// rank 0 only: see analysis/engine/pool_ranks.h.
PoolSummary evaluate_positions(const std::vector<EvalRequest>& requests, const PoolOptions& options,
                               std::vector<EvalResult>& results);

// The options as the cache keys them: "name=value" lines sorted by name ignoring case (UCI
// option names are), joined by "; ".
std::string engine_options_text(std::vector<std::pair<std::string, std::string>> options);

// The engine of `options` as the cache keys its evaluations: its `id name` and the options
// the pool sends it (engine_options_text()), from one engine started (warning of an option it
// does not list, as the pool's first engine does) and stopped. The error: why it could not
// be started.
absl::Status identify_engine(const PoolOptions& options, std::string& name,
                             std::string& options_text);

}  // namespace fairykit::analysis
