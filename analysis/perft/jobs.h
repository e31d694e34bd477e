// fairy-perft's runs, each a whole job with its report: counting one position at one depth
// or every depth up to one (count_position), checking the expected counts of suites
// (check_suites), comparing with a UCI engine (compare_position, compare_suites) and writing
// a suite made from random playouts (write_made_suite). The tool turns its flags into these
// options and calls one of them, so that what it prints can be tested without it: the
// report goes to JobOutput::out, messages and the timing line to JobOutput::err.
//
// Under MPI (PerftJob::ranks, analysis/batch/collective.h) every rank calls count_position or
// check_suites with the same options: a position's count is shared out by root moves, a
// suite by position, and rank 0 writes what one process writes, at any number of ranks and
// threads (what the other ranks write to their streams is theirs to drop).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/batch/collective.h"
#include "analysis/perft/engine_compare.h"
#include "analysis/perft/make_suite.h"
#include "analysis/perft/perft_table.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

// Where a job writes.
struct JobOutput {
  std::ostream& out;  // the report
  std::ostream& err;  // messages ("TOOL: ..."), warnings and the timing line
  std::string tool = "fairy-perft";
  // The progress line while suites are checked ("[12, 40%] name"), shown with the text and
  // cleared with "" before each report line. Empty: none.
  std::function<void(std::string_view)> progress;
};

// How a job ended, from best to worst; fairy-perft exits with the value.
enum class JobResult {
  kOk = 0,      // every count computed (suites: as expected); the engine agrees everywhere
  kFailed = 1,  // an invalid position or a wrong count; the engine differs
  // A suite that cannot be read, an output that cannot be written, a suite that cannot be
  // made (the message says why).
  kError = 2,
  // The engine could not start, exited, crashed, timed out or sent an answer that cannot
  // be read (the message says what it was asked).
  kEngineFailed = 3,
};

struct PerftJob {
  const VariantInfo* variant = &variant_info(VariantId::kChess);  // of the position or suites
  std::string fen;                  // one position: "startpos" or a FEN in any dialect
  std::vector<std::string> suites;  // suite files ("-" = standard input), in order
  int depth = -1;                   // -1: none; else that depth only
  // One position: every depth 1..max_depth; suites: the expected counts up to it (0: all).
  int max_depth = 0;
  std::uint64_t max_nodes = 0;  // suites: counts expecting more nodes are skipped (0: none)
  bool divide = false;          // one position: the count below each root move
  bool json = false;            // the report as one JSON document instead of text
  bool quiet = false;           // no timing line; suites: only failures and the summary
  int threads = 1;
  VariantOptions variant_options;     // armies, Amazon promotion
  PerftTable* table = nullptr;        // hashed perft, kept across depths and positions
  const Collective* ranks = nullptr;  // the ranks of an MPI run; nullptr: one process
};

// One position at `depth`, or at every depth 1..max_depth: "Nodes searched: N", "depth D: N"
// lines, Stockfish's divide ("e2e4: 20" lines, then "Nodes searched: N") or JSON.
// kFailed when the position cannot be set up.
JobResult count_position(const PerftJob& job, JobOutput& io);

// Every entry of the suites, in order: a line per position and a summary (suite.h's
// writers), or one JSON document. kError when a suite cannot be read (the others still
// run), else kFailed when a count is wrong or a position invalid.
JobResult check_suites(const PerftJob& job, JobOutput& io);

// The position (job.fen, to job.depth or job.max_depth) or every entry of job.suites
// compared with the engine of `options` (engine_compare.h), whose counting side (threads,
// table, variant options) and warnings come from `job` and `io`. One process only.
JobResult compare_position(const PerftJob& job, CompareOptions options, JobOutput& io);
JobResult compare_suites(const PerftJob& job, CompareOptions options, JobOutput& io);

// make_suite() written to the file `path` (under a temporary name, renamed into place when
// complete; a failed run leaves it as it was) or, without one, to io.out.
JobResult write_made_suite(const MakeSuiteOptions& options, const std::optional<std::string>& path,
                           JobOutput& io);

}  // namespace fairykit::analysis
