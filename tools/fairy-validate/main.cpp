// fairy-validate: check PGN archives game by game. Flags -> ValidateOptions -> the game
// batch of analysis/ (inputs, splitting, ordered pipeline, side files); this file only
// formats what it gets back.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_format.h"
#include "analysis/batch/game_batch.h"
#include "analysis/checking/selection.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "parsers/pgn.h"
#include "rules/game/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"
#include "tools/common/selection_flags.h"
#include "tools/fairy-validate/command_line.h"

namespace {

using namespace fairykit;
using analysis::GameReport;
using analysis::ValidationTotals;

using validate_tool::kCommandLine;

int usage_error(const std::string& msg) { return cli::usage_error("fairy-validate", msg); }

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

enum class Format { kText, kJson, kJsonl };

// What the flags ask for.
struct Job {
  analysis::ValidateOptions validate;
  analysis::Selection selection;  // the games reported (all are checked; the rest filtered out)
  analysis::BatchOptions batch;
  Format format = Format::kText;
  bool quiet = false;
  std::vector<std::string> files;
  std::vector<analysis::OutputSpec> outputs;
};

// The job, or the exit status of a usage error (already reported).
std::variant<Job, int> job_from_flags(const cli::Args& args) {
  Job job;
  const VariantInfo* variant = cli::variant_flag(args, "fairy-validate");
  if (!variant) return 2;
  job.validate.default_variant = variant->id;
  job.validate.variations = !args.has("no-variations");
  job.validate.roster_warnings = !args.has("no-roster");
  job.validate.positions = args.has("show-position");
  if (!cli::selection_flags(args, "fairy-validate", variant->id, job.selection)) return 2;
  job.quiet = args.has("quiet");
  if (auto f = args.get("format")) {
    if (*f == "json")
      job.format = Format::kJson;
    else if (*f == "jsonl")
      job.format = Format::kJsonl;
    else if (*f != "text")
      return usage_error("--format wants text, json or jsonl, not '" + *f + "'");
  }
  job.validate.termination = job.format != Format::kText;  // a field of the JSON only
  if (!cli::batch_flags(args, "fairy-validate", job.batch)) return 2;
  if (g_mpi->size() > 1) {  // each rank reads a share of every input (game_batch.h)
    job.batch.collective = g_mpi;
    job.batch.flush = [] {
      std::cout.flush();
      std::fflush(stdout);
    };
  }
  job.files = cli::input_files(args, "fairy-validate");
  // Side files: refused when they are inputs or each other, before anything is opened;
  // written under temporary names and put in place only when complete.
  for (const char* flag : {"valid-out", "invalid-out"})
    if (auto path = args.get(flag)) job.outputs.push_back({std::string("--") + flag, *path});
  return job;
}

// Standard output: the diagnostics and summaries as text, or the reports as one JSON
// document or JSON Lines, written a game at a time (the JSON writer keeps its place between
// the pieces).
class ReportOut {
 public:
  // `selection`: a run that filters games out (its summaries count them).
  ReportOut(Format format, bool quiet, bool selection)
      : format_(format), quiet_(quiet), selection_(selection), w_(json_) {
    if (format_ == Format::kJson) {
      w_.begin_object().key("games").begin_array(/*one_per_line=*/true);
      flush();
    }
  }

  // `games_before`: the games of the run before this one (those of the ranks before it).
  void game(const std::string& file, const GameReport& r, std::int64_t games_before,
            cli::ProgressLine& progress) {
    if (format_ == Format::kText) {
      diag_.clear();
      analysis::write_diagnostics(diag_, file, r, quiet_);
      if (!diag_.empty()) {
        progress.clear();
        std::fwrite(diag_.data(), 1, diag_.size(), stderr);
      }
      return;
    }
    // A rank's share of the array follows the games of the ranks before it. Under a
    // selection they may all have been filtered out: the ranks after the first write the
    // separator before their games, and rank 0 drops it where nothing came before (joined).
    if (format_ == Format::kJson && g_mpi->size() > 1)
      w_.set_has_elements(selection_ ? !g_mpi->is_root() || reported_ > 0 || joined_any_
                                     : games_before > 0);
    analysis::write_game_json(w_, file, r);
    ++reported_;
    if (format_ == Format::kJsonl) json_ += '\n';
    flush();
  }

  // Rank 0 under MPI with a selection: a piece of a later rank's standard output, before
  // it is written (GameBatch's joining).
  void join(std::string& piece, bool first) {
    if (format_ != Format::kJson || piece.empty()) return;
    if (first && reported_ == 0 && !joined_any_ && piece.starts_with(",\n")) piece.erase(0, 2);
    joined_any_ = true;
  }

  void file_summary(const std::string& file, const ValidationTotals& totals) {
    if (format_ == Format::kText && !quiet_)
      std::cout << analysis::summary_text(file, totals, selection_);
  }

  void finish(const ValidationTotals& all, std::size_t files) {
    if (format_ == Format::kText && !quiet_ && files > 1)
      std::cout << analysis::summary_text("total", all, selection_);
    if (format_ == Format::kJson) {
      if (g_mpi->size() > 1 && selection_) w_.set_has_elements(reported_ > 0 || joined_any_);
      w_.end_array().key("summary").begin_object();
      analysis::write_summary_fields(w_, all, selection_);
      w_.end_object().end_object();
    } else if (format_ == Format::kJsonl) {
      w_.begin_object().key("type").value("summary");
      analysis::write_summary_fields(w_, all, selection_);
      w_.end_object();
    }
    if (!json_.empty()) std::cout << json_ << '\n';
    std::cout.flush();
  }

 private:
  void flush() {
    std::cout << json_;
    json_.clear();
  }

  Format format_;
  bool quiet_;
  bool selection_;
  std::uint64_t reported_ = 0;  // the games this process wrote
  bool joined_any_ = false;     // rank 0: a later rank's share held games
  std::string json_, diag_;
  analysis::JsonWriter w_;
};

// The totals of every rank's share of a file, on the root.
ValidationTotals sum_over_ranks(const ValidationTotals& t) {
  std::vector<std::uint64_t> v{t.games, t.valid, t.invalid, t.warnings, t.errors, t.filtered};
  g_mpi->sum_to_root(v);
  return ValidationTotals{v[0], v[1], v[2], v[3], v[4], v[5]};
}

int run(const Job& job) {
  absl::StatusOr<std::unique_ptr<analysis::GameBatch>> opened =
      analysis::GameBatch::open(job.files, job.outputs, job.batch);
  if (!opened.ok()) {
    std::cerr << "fairy-validate: " << opened.status().message() << '\n';
    return 2;
  }
  analysis::GameBatch& batch = **opened;
  analysis::OutputFile* valid_out = batch.output("--valid-out");
  analysis::OutputFile* invalid_out = batch.output("--invalid-out");
  cli::ProgressLine progress(!job.quiet && job.format == Format::kText &&
                             cli::ProgressLine::stderr_is_terminal());
  const bool selection = job.selection.any();
  ReportOut out(job.format, job.quiet, selection);
  if (g_mpi->size() > 1 && selection)
    batch.set_joining([&out](std::string& piece, bool first) { out.join(piece, first); }, "");
  ValidationTotals all, totals;
  std::uint64_t where_tags = 0;
  bool unreadable = false;
  batch.run<analysis::SelectedReport>(
      [&](const parsers::RawGame& g) {
        if (selection) return analysis::validate_selected(g, job.validate, job.selection);
        return analysis::SelectedReport{analysis::validate_game(g, job.validate)};
      },
      [&](const analysis::BatchFile& file, const parsers::RawGame& game,
          analysis::SelectedReport& s) {
        where_tags |= s.where_tags;
        if (s.filtered) {
          totals.add_filtered();
          return;
        }
        const GameReport& r = s.report;
        totals.add(r);
        batch.write_record(r.valid() ? valid_out : invalid_out, game);
        out.game(file.name, r, batch.run_games_before(game), progress);
      },
      [&](const analysis::BatchFile& file, const absl::Status& status) {
        progress.clear();
        if (g_mpi->size() > 1 && file.opened) totals = sum_over_ranks(totals);
        if (!status.ok()) {
          std::cerr << "fairy-validate: " << status.message() << '\n';
          unreadable = true;
        }
        if (!file.opened) return;
        out.file_summary(file.name, totals);
        all.add(totals);
        totals = ValidationTotals{};
      },
      [&](const analysis::BatchProgress& p) {
        progress.show_games(p.file.name, p.bytes_read, p.size, p.file_games, p.total_games);
      });
  cli::warn_of_absent_tags("fairy-validate", job.selection, where_tags, all.games, *g_mpi);
  out.finish(all, job.files.size());
  if (progress.enabled()) {  // a terminal: say how fast it went
    const double secs = progress.seconds();
    std::fprintf(stderr, "time %.3f s, %.0f games/s, %.1f MB/s (%d thread%s)\n", secs,
                 secs > 0 ? double(all.games) / secs : 0.0,
                 secs > 0 ? double(batch.bytes()) / secs / 1e6 : 0.0, batch.threads(),
                 batch.threads() == 1 ? "" : "s");
  }
  // The side files hold every game read (also when an input could not be read to its end),
  // so they are put in place unless writing them failed.
  const std::vector<absl::Status> write_errors = batch.commit();
  for (const absl::Status& s : write_errors)
    std::cerr << "fairy-validate: " << s.message() << " (the file is left as it was)\n";
  if (unreadable || !write_errors.empty()) return 2;
  return all.invalid ? 1 : 0;
}

int validate_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, kCommandLine, {})) return *done;
  std::variant<Job, int> job = job_from_flags(*args);
  if (const int* status = std::get_if<int>(&job)) return *status;
  return run(std::get<Job>(job));
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun the ranks share every input out (analysis/batch/game_batch.h); rank 0 writes
  // what one process writes, and its exit status is the run's.
  fairykit::cli::MpiSession mpi(argc, argv);
  g_mpi = &mpi;
  mpi.quiet_unless_root();
  const int status = fairykit::cli::run_main("fairy-validate", argc, argv, validate_main);
  return mpi.exit_status(mpi.is_root() ? status : 0);
}
