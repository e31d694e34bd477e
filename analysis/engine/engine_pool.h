// A pool of UCI engines evaluating a list of positions (fairy-analyze --engine): K engine
// processes (analysis/engine/uci_engine.h), each driven by a thread of its own, take the
// positions one at a time; what the cache (analysis/engine/eval_cache.h) already holds is
// never sent. The results come back in the order of the list, whatever the number of
// engines, and are the same for any number when the search is deterministic (a node or depth
// limit, one engine thread): every position starts from a cleared engine (`ucinewgame`), so
// that what an engine searched before does not change what it finds.
//
// Games other than chess go to an engine under their UCI_Variant (EvalRequest::uci_variant),
// with fairykit's variants file given to an engine that lists VariantPath (Fairy-Stockfish);
// a game the engine turns out not to play is reported once (PoolSummary::refused), its
// positions not sent.
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
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "analysis/engine/engine_variants.h"
#include "analysis/engine/eval_cache.h"
#include "analysis/engine/evaluation.h"
#include "analysis/engine/uci_engine.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

class Collective;  // analysis/batch/collective.h

struct EvalRequest {
  const VariantInfo* variant = nullptr;  // a game an engine plays (VariantInfo::uci_engine)
  Key key = 0;
  std::string fen;  // native FEN; sent in the engine's dialect (engine_fen_dialect())
  // The rule options of the position (variant_options_text() of rules/game/variant_options.h:
  // "armies=CN"), which the cache keys evaluations by, and the UCI_Variant the engine plays
  // it under (engine_uci_variant(): "superchess", "cwda-clobberers-knights"; "" for chess).
  std::string rules;
  std::string uci_variant;
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
  // The variants file given to an engine that lists the VariantPath option, after the options
  // above unless they set VariantPath themselves: written to a temporary file for the run.
  // The cache and the summary name it by its hash (variants_file_name(),
  // analysis/engine/engine_variants.h). Empty: none.
  std::string_view variants_file = fairy_stockfish_variants();
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
  // pool_ranks.cpp's send_share(): an option that changes what an engine is sent goes
  // there too.
  const Collective* ranks = nullptr;
};

// A game the engine does not play: positions under a UCI_Variant it does not take.
struct Refusal {
  const VariantInfo* variant = nullptr;
  std::string uci_variant;  // EvalRequest::uci_variant
  // Why, e.g. "its option UCI_Variant does not offer superchess", "it has no option
  // UCI_Variant", "its moves in the start position FEN are not the rules' (it lacks ...)".
  std::string reason;
  std::uint64_t positions = 0;  // not sent to the engine for that reason
};

struct PoolSummary {
  std::string engine_name;       // `id name` of the first engine started
  std::string engine_options;    // as the cache keys them (engine_options_text())
  std::uint64_t from_cache = 0;  // found in the cache
  std::uint64_t analysed = 0;    // evaluated by an engine now
  std::uint64_t failed = 0;      // with an error: the engine failed on them
  // Before any position of a game with a UCI_Variant is sent, the first engine is asked
  // whether it plays that game: the variant among the choices of its UCI_Variant option, and
  // its moves in the game's start position (perft 1) those of the rules. Those of a game it
  // does not play have the error "the engine \"NAME\" does not play VARIANT (UCI_Variant V):
  // REASON", are counted here and not in `failed`, and are listed in `refused` once per
  // UCI_Variant, in order of first appearance.
  std::uint64_t not_played = 0;
  std::vector<Refusal> refused;
  std::uint64_t restarts = 0;  // engines started again after a failure
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

// What evaluate_positions() does before the searches, on one engine started and stopped
// here (for rank 0 under MPI, analysis/engine/pool_ranks.h): `results` sized to `requests`,
// the summary's engine name and options (or its start_error, every result with it: then
// nothing is to search), the cache looked up (the positions found have their result,
// counted in from_cache), and the games with a UCI_Variant probed (those the engine does
// not play have their error, counted in not_played and refused).
struct PreparedPositions {
  std::vector<std::size_t> todo;  // the requests still to search, in order
  EvalCache* cache = nullptr;     // options.cache, or nullptr when it failed (cache_status)
  std::int64_t settings = 0;      // the cache's settings of the engine, options and limit
};
PreparedPositions prepare_positions(const std::vector<EvalRequest>& requests,
                                    const PoolOptions& options, std::vector<EvalResult>& results,
                                    PoolSummary& summary);

}  // namespace fairykit::analysis
