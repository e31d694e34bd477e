#include "analysis/perft/jobs.h"

#include <chrono>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "analysis/io/json.h"
#include "analysis/io/output_file.h"
#include "analysis/perft/perft.h"
#include "analysis/perft/suite.h"
#include "analysis/perft/suite_shares.h"
#include "parsers/message_text.h"
#include "rules/core/bitboard.h"

namespace fairykit::analysis {

namespace {

using Stats = PerftTable::Stats;

// The table's statistics, as the ranks add them up.
constexpr std::uint64_t Stats::*kStatsFields[] = {&Stats::probes,    &Stats::hits,
                                                  &Stats::stores,    &Stats::leaf_probes,
                                                  &Stats::leaf_hits, &Stats::leaf_stores};

void append_stats(std::vector<std::uint64_t>& v, const Stats& stats) {
  for (auto f : kStatsFields) v.push_back(stats.*f);
}

// The statistics appended at `at` (append_stats).
Stats read_stats(const std::vector<std::uint64_t>& v, std::size_t at) {
  Stats stats;
  for (std::size_t i = 0; i < std::size(kStatsFields); ++i) stats.*kStatsFields[i] = v[at + i];
  return stats;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// "time 1.234 s, 56.7 Mnodes/s (2 threads, pext sliders)": on standard error, so that the
// report is the same at any thread count.
void report_speed(JobOutput& io, double nodes, double secs, int threads) {
  io.out.flush();  // keep the report and the timing in order on a terminal
  io.err << absl::StrFormat("time %.3f s, %.1f Mnodes/s (%d thread%s, %s sliders)\n", secs,
                            secs > 0 ? nodes / secs / 1e6 : 0.0, threads, threads == 1 ? "" : "s",
                            slider_implementation());
}

// "hash":{"megabytes":N,"probes":N,"hits":N,...}: the table's statistics of the whole run.
void write_hash_json(JsonWriter& w, const PerftTable& t, const Stats& stats) {
  w.key("hash").begin_object().key("megabytes").value(std::uint64_t(t.bytes() >> 20));
  write_table_stats_json(w, stats);
  w.end_object();
}

// Adds the shares of the ranks up into rank 0's `r` (the divide move by move, then the total
// from it) and `stats` (what the ranks' own tables did at this depth). Every rank calls it,
// in the same order.
void gather_shares(const Collective& ranks, PerftResult& r, Stats& stats) {
  std::vector<std::uint64_t> v;
  for (const auto& e : r.divide) v.push_back(e.nodes);
  v.push_back(r.divide.empty() ? r.nodes : 0);  // depth 0, or no legal move
  append_stats(v, stats);
  ranks.sum_to_root(v);
  if (!ranks.is_root()) return;
  r.total = v[r.divide.size()];
  for (std::size_t i = 0; i < r.divide.size(); ++i) {
    r.divide[i].nodes = v[i];
    r.total += v[i];
  }
  r.nodes = r.total > ~std::uint64_t{0} ? ~std::uint64_t{0} : std::uint64_t(r.total);
  stats = read_stats(v, r.divide.size() + 1);
}

// One depth of count_position: the count (every rank's share added up) and what the table
// did in it.
struct DepthCount {
  absl::StatusOr<PerftResult> result;
  Stats stats;
  double seconds = 0;
};

DepthCount count_depth(const PerftJob& job, int depth) {
  PerftOptions po;
  po.depth = depth;
  po.threads = job.threads;
  po.divide = job.divide;
  po.variant_options = job.variant_options;
  po.table = job.table;
  if (job.ranks != nullptr) {
    po.part = job.ranks->rank();
    po.parts = job.ranks->size();
  }
  const Stats before = job.table ? job.table->stats() : Stats{};
  const auto start = std::chrono::steady_clock::now();
  // The position as given: run_perft() applies the options as position_fen() does.
  DepthCount c{run_perft(job.variant->id, job.fen, po), {}, 0};
  if (job.table) c.stats = job.table->stats().since(before);
  if (c.result.ok() && po.parts > 1) {
    gather_shares(*job.ranks, *c.result, c.stats);
    if (!job.divide) c.result->divide.clear();
  }
  c.seconds = seconds_since(start);
  return c;
}

// The report of one depth: a JSON element, the divide, or one line.
void write_depth(const PerftJob& job, int depth, int last, const DepthCount& c, JsonWriter& w,
                 std::ostream& out) {
  const PerftResult& r = *c.result;
  const std::string nodes = count_text(r.total);
  if (job.json) {
    w.begin_object().key("depth").value(depth).key("nodes").raw_value(nodes);
    if (job.divide) {
      w.key("divide").begin_array();
      for (const auto& e : r.divide)
        w.begin_object().key("move").value(e.uci).key("nodes").value(e.nodes).end_object();
      w.end_array();
    }
    write_timing_json(w, c.seconds, r.total);
    if (job.table) {  // what this depth did in the table
      w.key("hash").begin_object();
      write_table_stats_json(w, c.stats);
      w.end_object();
    }
    w.end_object();
  } else if (job.divide) {
    for (const auto& e : r.divide) out << e.uci << ": " << e.nodes << '\n';
    out << "\nNodes searched: " << nodes << "\n";
    if (depth < last) out << '\n';
  } else if (job.depth >= 0) {
    out << "Nodes searched: " << nodes << '\n';
  } else {
    out << "depth " << depth << ": " << nodes << '\n';
  }
}

// What check_suites adds up over the files (and, under MPI, over the ranks).
struct SuiteRun {
  SuiteSummary summary;
  bool unreadable = false;
};

// One suite file of check_suites: its entries (this rank's share) written or sent to rank 0.
void check_suite_file(const std::string& path, const SuiteOptions& so, const PerftJob& job,
                      JobOutput& io, SuiteShares& shares, JsonWriter& w, SuiteRun& run) {
  absl::StatusOr<std::unique_ptr<SuiteReader>> reader = SuiteReader::open(path);
  // Every rank reads it, or none: the first rank's error.
  const absl::Status opened = shares.agree_opened(reader.status());
  if (!opened.ok()) {
    io.err << io.tool << ": " << opened.message() << '\n';
    run.unreadable = true;
    return;
  }
  const std::string& name = (*reader)->name();
  std::size_t done = 0;
  const absl::Status read = run_suite(**reader, so, [&](const EntryResult& r) {
    ++done;
    accumulate(run.summary, r);
    if (!shares.is_root()) {
      std::string report;
      if (job.json) {
        JsonWriter pw(report);
        write_entry_json(pw, r);
      } else {
        std::ostringstream text;
        write_entry_text(text, r, job.quiet);
        report = text.str();
      }
      shares.send_entry(report);
      return;
    }
    shares.before_own_entry();
    if (job.json) {
      write_entry_json(w, r);
    } else {
      if (io.progress) io.progress("");
      write_entry_text(io.out, r, job.quiet);
      io.out.flush();
    }
    if (io.progress) {
      // The suite streams, so its length is unknown: the share of the file read instead.
      const std::uint64_t size = (*reader)->raw_size();
      if (size > 0)
        io.progress(absl::StrFormat("[%zu, %d%%] %s", done,
                                    int(100.0 * double((*reader)->raw_bytes_read()) / double(size)),
                                    name.substr(0, 60)));
      else
        io.progress(absl::StrFormat("[%zu] %s", done, name.substr(0, 60)));
    }
  });
  if (io.progress) io.progress("");
  shares.end_file();
  if (!read.ok()) {
    io.out.flush();
    io.err << io.tool << ": " << read.message() << '\n';
    run.unreadable = true;
  }
}

// The summary of every rank (each with its own table) into rank 0's.
void sum_suite_run(const SuiteShares& shares, SuiteSummary& s, Stats& table_stats) {
  std::vector<std::uint64_t> v{std::uint64_t(s.positions), std::uint64_t(s.passed),
                               std::uint64_t(s.failed),    std::uint64_t(s.skipped),
                               s.counts_checked,           s.nodes};
  append_stats(v, table_stats);
  shares.sum_to_root(v);
  s.positions = int(v[0]);
  s.passed = int(v[1]);
  s.failed = int(v[2]);
  s.skipped = int(v[3]);
  s.counts_checked = v[4];
  s.nodes = v[5];
  table_stats = read_stats(v, 6);
}

SuiteOptions suite_options(const PerftJob& job) {
  SuiteOptions so;
  if (job.ranks != nullptr) {
    so.part = job.ranks->rank();
    so.parts = job.ranks->size();
  }
  so.default_variant = job.variant->id;
  so.threads = job.threads;
  so.max_nodes = job.max_nodes;
  so.variant_options = job.variant_options;
  so.table = job.table;
  if (job.depth >= 0) {
    so.max_depth = job.depth;
    so.only_depth = true;
  } else if (job.max_depth) {
    so.max_depth = job.max_depth;
  }
  return so;
}

}  // namespace

JobResult count_position(const PerftJob& job, JobOutput& io) {
  // "startpos", or the FEN with --armies applied (rules/game/variant_options.h).
  absl::StatusOr<std::string> position = position_fen(*job.variant, job.fen, job.variant_options);
  if (!position.ok()) {
    const std::string shown = job.fen == "startpos" ? std::string(job.variant->start_fen) : job.fen;
    io.err << io.tool << ": invalid position \"" << parsers::message_text(shown, 200)
           << "\": " << position.status().message() << '\n';
    return JobResult::kFailed;
  }
  const std::string& fen = *position;
  const int from = job.depth >= 0 ? job.depth : 1;
  const int to = job.depth >= 0 ? job.depth : job.max_depth;
  std::string json;  // one document
  JsonWriter w(json);
  if (job.json) {
    w.begin_object().key("variant").value(job.variant->name).key("fen").value(fen);
    w.key("results").begin_array();
  }
  Count128 total = 0;
  Stats run_stats;  // what the tables (every rank's) did in this run
  const auto t0 = std::chrono::steady_clock::now();
  for (int d = from; d <= to; ++d) {
    const DepthCount c = count_depth(job, d);
    run_stats.add(c.stats);
    if (!c.result.ok()) {
      io.err << io.tool << ": invalid position \"" << parsers::message_text(fen, 200)
             << "\": " << c.result.status().message() << '\n';
      return JobResult::kFailed;
    }
    if (d == from)
      for (const std::string& warning : c.result->warnings)
        io.err << io.tool << ": warning: " << warning << '\n';
    total += c.result->total;
    write_depth(job, d, to, c, w, io.out);
    io.out.flush();
  }
  const double seconds = seconds_since(t0);
  if (job.json) {
    w.end_array();
    write_timing_json(w, seconds, total);
    if (job.table) write_hash_json(w, *job.table, run_stats);
    w.end_object();
    io.out << json << '\n';
  }
  if (!job.quiet) report_speed(io, double(total), seconds, job.threads);
  return JobResult::kOk;
}

JobResult check_suites(const PerftJob& job, JobOutput& io) {
  const SuiteOptions so = suite_options(job);
  SuiteRun run;
  std::string json;  // one document, written at the end
  JsonWriter w(json);
  if (job.json) w.begin_object().key("positions").begin_array(/*one_per_line=*/true);
  const auto t0 = std::chrono::steady_clock::now();
  SuiteShares shares(job.ranks, [&](std::string_view report) {
    if (job.json) {
      w.raw(report);
    } else {
      io.out << report;
      io.out.flush();
    }
  });
  for (const std::string& path : job.suites) check_suite_file(path, so, job, io, shares, w, run);
  run.summary.seconds = seconds_since(t0);
  Stats table_stats;
  if (job.table) table_stats = job.table->stats();
  if (shares.shared()) sum_suite_run(shares, run.summary, table_stats);
  if (job.json) {
    w.end_array().key("summary");
    write_summary_json(w, run.summary);
    if (job.table) write_hash_json(w, *job.table, table_stats);
    w.end_object();
    io.out << json << '\n';
  } else if (!job.quiet) {
    write_summary_text(io.out, run.summary);
  }
  if (!job.quiet) report_speed(io, double(run.summary.nodes), run.summary.seconds, job.threads);
  if (run.unreadable) return JobResult::kError;
  return run.summary.failed ? JobResult::kFailed : JobResult::kOk;
}

JobResult write_made_suite(const MakeSuiteOptions& options, const std::optional<std::string>& path,
                           JobOutput& io) {
  std::unique_ptr<OutputFile> file;
  if (path) {
    absl::StatusOr<std::unique_ptr<OutputFile>> opened = OutputFile::open(*path);
    if (!opened.ok()) {
      io.err << io.tool << ": " << opened.status().message() << '\n';
      return JobResult::kError;
    }
    file = *std::move(opened);
  }
  const absl::Status made = make_suite(options, [&](std::string_view text) {
    if (file)
      file->write(text);
    else
      io.out << text;
  });
  if (!made.ok()) {
    io.err << io.tool << ": " << made.message() << '\n';
    return JobResult::kError;  // the temporary file is removed, the target left as it was
  }
  if (file) {
    if (const absl::Status s = file->commit(); !s.ok()) {
      io.err << io.tool << ": " << s.message() << '\n';
      return JobResult::kError;
    }
  }
  return JobResult::kOk;
}

}  // namespace fairykit::analysis
