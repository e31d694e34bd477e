// The engine pool over the ranks of an MPI run (fairy-analyze --engine under mpirun): every
// rank runs a pool of its own (PoolOptions::engines processes), and rank 0, which holds the
// positions, deals them out and gathers the evaluations, so that its results are those of one
// process: the same evaluations in the same order (with a deterministic search), the same
// errors, the same summary but for the engines started.
//
//   rank 0                                     ranks 1..R-1
//   evaluate_positions(requests, o, results)   serve_evaluations(o)
//     (o.ranks set: evaluate_over_ranks)         ... each share evaluated, until
//   end_evaluations(ranks)                     <- returns
//
// Before dealing out, rank 0 does on one engine of its own what one process does on its first
// (prepare_positions(), analysis/engine/engine_pool.h): the name the cache keys evaluations
// by, the cache looked up, and the games with a UCI_Variant probed, so that a game the engine
// does not play is refused once with the error of one process. Only rank 0 touches the cache:
// it deals out only the positions not found, and stores the evaluations as they come back
// from any rank, a batch at a time, so that a killed run loses only the searches in flight
// and the evaluations on their way to rank 0. The ranks need no access to the cache file, and
// SQLite is never asked to share one between machines (its locking is not safe over NFS).
//
// The positions to search are dealt in turn (the j-th to rank j mod R): with a node or depth
// limit every search costs about the same, so the ranks finish together when their pools are
// alike; a rank on a slower machine holds the others up. The other ranks send their results
// back after each batch of them, with the warnings of their engines (rank 0 says each
// distinct warning once: every rank's first engine warns of an option it does not list).
// Rank 0 looks for them between its own results, and waits for the rest at the end.
#pragma once

#include <vector>

#include "analysis/batch/collective.h"
#include "analysis/engine/engine_pool.h"

namespace fairykit::analysis {

// Rank 0, from evaluate_positions() when options.ranks has more than one rank: `requests`
// evaluated over the ranks into `results`. Every other rank is in serve_evaluations().
PoolSummary evaluate_over_ranks(const std::vector<EvalRequest>& requests,
                                const PoolOptions& options, std::vector<EvalResult>& results);

// The ranks other than 0: evaluates each share rank 0 sends with a pool of `options.engines`
// engines (the engine, its options and the limit as rank 0 sent them), until rank 0 calls
// end_evaluations(). Waits without spinning.
void serve_evaluations(const PoolOptions& options);

// Rank 0: no more positions come; serve_evaluations() returns on every other rank.
void end_evaluations(const Collective& ranks);

}  // namespace fairykit::analysis
