// compare_position and compare_suites (jobs.h): fairykit's counts against a UCI engine's,
// reported as they come, so that a deep comparison shows its progress.
#include <memory>
#include <ostream>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "analysis/perft/engine_compare.h"
#include "analysis/perft/jobs.h"
#include "analysis/perft/suite.h"
#include "parsers/message_text.h"

namespace fairykit::analysis {

namespace {

// The comparer of `options` with fairykit's side from `job`, its warnings on io.err; an
// engine that cannot start is reported (null then).
std::unique_ptr<EngineComparer> start_comparer(const PerftJob& job, CompareOptions options,
                                               JobOutput& io) {
  options.threads = job.threads;
  options.table = job.table;
  options.variant_options = job.variant_options;
  options.warn = [&io](const std::string& w) {
    io.out.flush();
    io.err << io.tool << ": warning: " << w << '\n';
  };
  absl::StatusOr<std::unique_ptr<EngineComparer>> comparer = EngineComparer::start(options);
  if (!comparer.ok()) {
    io.err << io.tool << ": " << comparer.status().message() << '\n';
    return nullptr;
  }
  return *std::move(comparer);
}

}  // namespace

JobResult compare_position(const PerftJob& job, CompareOptions options, JobOutput& io) {
  const std::unique_ptr<EngineComparer> comparer = start_comparer(job, std::move(options), io);
  if (!comparer) return JobResult::kEngineFailed;
  const int depth = job.depth >= 0 ? job.depth : job.max_depth;
  const Comparison c = comparer->compare(*job.variant, job.fen, depth,
                                         [&io](const ComparedCount& n, bool divide_differs) {
                                           write_count_text(io.out, n, divide_differs);
                                           io.out.flush();
                                         });
  if (!c.error.empty()) {
    io.err << io.tool << ": invalid position \"" << parsers::message_text(job.fen, 200)
           << "\": " << c.error << '\n';
    return JobResult::kFailed;
  }
  write_difference_text(io.out, c);
  io.out.flush();
  if (!c.engine_error.empty()) {
    io.err << io.tool << ": " << c.engine_error << '\n';
    return JobResult::kEngineFailed;
  }
  return c.differs ? JobResult::kFailed : JobResult::kOk;
}

JobResult compare_suites(const PerftJob& job, CompareOptions options, JobOutput& io) {
  const std::unique_ptr<EngineComparer> comparer = start_comparer(job, std::move(options), io);
  if (!comparer) return JobResult::kEngineFailed;
  SuiteCompareOptions so;
  so.default_variant = job.variant->id;
  so.depth = job.depth > 0 ? job.depth : 0;
  so.max_depth = job.max_depth;
  so.max_nodes = job.max_nodes;
  CompareSummary summary;
  bool unreadable = false, engine_failed = false;
  for (const std::string& path : job.suites) {
    absl::StatusOr<std::unique_ptr<SuiteReader>> reader = SuiteReader::open(path);
    if (!reader.ok()) {
      io.err << io.tool << ": " << reader.status().message() << '\n';
      unreadable = true;
      continue;
    }
    const absl::Status read = compare_suite(**reader, so, *comparer, [&](const EntryComparison& e) {
      accumulate(summary, e);
      write_entry_comparison_text(io.out, e, job.quiet);
      io.out.flush();
      if (!e.comparison.engine_error.empty()) engine_failed = true;
    });
    if (!read.ok()) {
      io.out.flush();
      io.err << io.tool << ": " << read.message() << '\n';
      unreadable = true;
    }
    if (engine_failed) break;
  }
  if (!job.quiet) write_compare_summary_text(io.out, summary);
  if (engine_failed) {
    io.out.flush();
    io.err << io.tool << ": the engine failed; the comparison stopped there\n";
    return JobResult::kEngineFailed;
  }
  if (unreadable) return JobResult::kError;
  return summary.differ || summary.failed ? JobResult::kFailed : JobResult::kOk;
}

}  // namespace fairykit::analysis
