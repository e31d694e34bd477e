#include "tools/fairy-convert/convert_run.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "analysis/formats/csv_writer.h"
#include "analysis/formats/game_db.h"
#include "analysis/io/output_file.h"
#include "parsers/message_text.h"
#include "tools/common/main_output.h"
#include "tools/common/progress.h"
#include "tools/common/selection_flags.h"

namespace fairykit::convert_tool {

namespace {

using analysis::ConvertTarget;

class ConvertRun {
 public:
  ConvertRun(const analysis::ConvertOptions& s, const RunSettings& r, const cli::MpiSession& mpi)
      : s_(s),
        r_(r),
        mpi_(mpi),
        shared_(mpi.size() > 1),
        progress_(!r.quiet && cli::ProgressLine::stderr_is_terminal()),
        tally_(s.dedupe) {}

  int run() {
    if (!open()) return 2;
    if (s_.to == ConvertTarget::kJson && !split_) write_out("[\n");
    if (s_.to == ConvertTarget::kCsv && !split_) write_out(analysis::csv_header(s_.positions_csv));
    batch_->run_into<analysis::ConvertedGame>(
        [&](const parsers::RawGame& g, analysis::ConvertedGame& c) {
          analysis::convert_game(g, s_, batch_->current().name, c);
        },
        [&](const analysis::BatchFile& file, const parsers::RawGame& game,
            analysis::ConvertedGame& c) { take(file, game, c); },
        [&](const analysis::BatchFile& file, const absl::Status& status) {
          end_input(file, status);
        },
        [&](const analysis::BatchProgress& p) {
          progress_.show_games(p.file.name, p.bytes_read, p.size, p.file_games, p.total_games);
        });
    return finish();
  }

 private:
  void write_out(std::string_view bytes) { main_out_->write(bytes); }
  bool fail(absl::string_view message) {
    std::cerr << "fairy-convert: " << message << '\n';
    return false;
  }
  bool open();
  bool open_split();
  void write_split(analysis::ConvertedGame& c);
  void take(const analysis::BatchFile& file, const parsers::RawGame& game,
            analysis::ConvertedGame& c);
  void written(const analysis::BatchFile& file, const parsers::RawGame& game,
               analysis::ConvertedGame& c);
  void write_diagram(const analysis::BatchFile& file, const std::string& name,
                     const std::string& svg);
  void end_input(const analysis::BatchFile& file, const absl::Status& status);
  bool commit_db(bool failed);
  int finish();

  const analysis::ConvertOptions& s_;
  const RunSettings& r_;
  const cli::MpiSession& mpi_;
  // Under MPI each rank converts a share of every input (analysis/batch/game_batch.h).
  const bool shared_;
  // The inputs and the cache of --annotate: what no output may be.
  std::vector<std::string> inputs_;
  std::string svg_dir_;  // --to svg -o DIR: one file per position drawn, in that directory
  std::vector<analysis::OutputSpec> outputs_;
  std::unique_ptr<analysis::GameBatch> batch_;
  std::unique_ptr<analysis::GameDb> db_;
  std::optional<cli::MainOutput> main_out_;
  std::unique_ptr<analysis::SplitFiles> split_;  // --split, --split-by
  analysis::OutputFile* invalid_out_ = nullptr;
  analysis::OutputFile* duplicates_out_ = nullptr;
  cli::ProgressLine progress_;
  analysis::ConvertTally tally_;
  analysis::ConvertCounts all_;
  bool unreadable_ = false;
  // Under MPI: what rank 0 has written (its own games and those of the ranks appended), for
  // the separators of a JSON array, which the other ranks write before each of their games.
  bool json_any_ = false;
  std::uint64_t written_total_ = 0;
  std::uint64_t written_count_ = 0;  // games written, for --stop-after
  bool stopped_after_ = false;       // --stop-after reached: the rest is dropped
  std::uint64_t svg_count_ = 0;
  bool svg_failed_ = false;
  std::string diag_;
};

bool ConvertRun::open() {
  const bool sqlite = s_.to == ConvertTarget::kSqlite;
  // --to svg: -o names a directory, one diagram a file, when it is one, ends with '/', or
  // is no file yet and not named *.svg; a directory missing is made.
  if (s_.to == ConvertTarget::kSvg && r_.output && !r_.output->empty()) {
    const std::string& out = *r_.output;
    std::error_code ec;
    const bool dir = std::filesystem::is_directory(out, ec) || out.ends_with('/') ||
                     (!std::filesystem::exists(std::filesystem::symlink_status(out, ec)) &&
                      !out.ends_with(".svg"));
    if (dir) {
      if (!std::filesystem::is_directory(out, ec) &&
          !std::filesystem::create_directories(out, ec) && ec)
        return fail(
            absl::StrCat("--output '", out, "': cannot make the directory: ", ec.message()));
      svg_dir_ = out;
    }
  }
  if (r_.output && svg_dir_.empty() && !r_.split_pattern)
    outputs_.push_back({"--output", *r_.output});
  if (r_.invalid_out) outputs_.push_back({"--invalid-out", *r_.invalid_out});
  if (r_.duplicates_out) outputs_.push_back({"--duplicates-out", *r_.duplicates_out});
  // The cache of --annotate is an input too: no output may replace it.
  inputs_ = r_.files;
  if (s_.annotate) inputs_.push_back(s_.annotate->path());
  // The database is not a file written anew but one opened and appended to: checked, with
  // the journal files SQLite writes beside it, against the inputs and the other outputs
  // here, then left out of the batch's outputs.
  if (sqlite) {
    std::vector<analysis::OutputSpec> all = outputs_;
    for (analysis::OutputSpec& f : analysis::db_side_files("--output", *r_.output))
      all.push_back(std::move(f));
    if (absl::Status st = analysis::check_outputs(inputs_, all); !st.ok())
      return fail(st.message());
    std::erase_if(outputs_, [](const analysis::OutputSpec& o) { return o.flag == "--output"; });
  }
  // The diagrams' names in the directory: none may be an input or a symbolic link.
  if (!svg_dir_.empty()) {
    if (absl::Status st =
            analysis::check_output_dir(inputs_, "--output", svg_dir_, analysis::is_diagram_name);
        !st.ok())
      return fail(st.message());
  }
  if (s_.annotate && !sqlite)
    if (absl::Status st = analysis::check_outputs(inputs_, outputs_); !st.ok())
      return fail(st.message());
  absl::StatusOr<std::unique_ptr<analysis::GameBatch>> opened =
      analysis::GameBatch::open(r_.files, outputs_, r_.batch);
  if (!opened.ok()) return fail(opened.status().message());
  batch_ = std::move(*opened);
  if (sqlite) {
    absl::StatusOr<std::unique_ptr<analysis::GameDb>> d = analysis::GameDb::open(*r_.output);
    if (!d.ok()) return fail(absl::StrCat(d.status().message(), " (the file is left as it was)"));
    db_ = std::move(*d);
  }
  if (r_.split_pattern && !open_split()) return false;
  analysis::OutputFile* out_file = batch_->output("--output");
  invalid_out_ = batch_->output("--invalid-out");
  duplicates_out_ = batch_->output("--duplicates-out");
  main_out_.emplace(*batch_, out_file);
  if (shared_) {
    batch_->set_flush([this] {
      main_out_->flush();
      std::fflush(stdout);
    });
    batch_->set_joining(
        [this](std::string& piece, bool first) {
          if (s_.to != ConvertTarget::kJson || piece.empty()) return;
          if (first && !json_any_ && written_total_ == 0 && piece.starts_with(",\n"))
            piece.erase(0, 2);
          json_any_ = true;
        },
        out_file ? "--output" : "");
  }
  return true;
}

// The files are checked against the inputs and the side files as each is made.
bool ConvertRun::open_split() {
  analysis::SplitOptions o;
  o.records_per_file = r_.split_games;
  if (s_.to == ConvertTarget::kJson) {
    o.head = "[\n";
    o.separator = ",\n";
    o.tail = "\n]\n";
  }
  if (s_.to == ConvertTarget::kCsv) o.head = analysis::csv_header(s_.positions_csv);
  if (s_.split_by) o.value_of = analysis::split_key_name(*s_.split_by);
  // Compressed files hold a compressor's state each while open.
  if (!analysis::output_compression(r_.split_pattern->text()).empty()) o.max_open = 8;
  absl::StatusOr<std::unique_ptr<analysis::SplitFiles>> files =
      analysis::SplitFiles::make("--output", *r_.split_pattern, std::move(o), inputs_, outputs_);
  if (!files.ok()) return fail(files.status().message());
  split_ = std::move(*files);
  return true;
}

void ConvertRun::write_split(analysis::ConvertedGame& c) {
  if (s_.to == ConvertTarget::kJson && !c.out.empty() && c.out.back() == '\n') c.out.pop_back();
  const std::optional<std::string_view> value =
      c.has_split_value ? std::optional<std::string_view>(c.split_value) : std::nullopt;
  if (!split_->add(value, c.out)) batch_->stop();
  if (r_.quiet) return;
  for (const std::string& note : split_->take_notes()) {
    progress_.clear();
    std::cerr << "fairy-convert: note: " << note << '\n';
  }
}

void ConvertRun::take(const analysis::BatchFile& file, const parsers::RawGame& game,
                      analysis::ConvertedGame& c) {
  // The pipeline finishes the batch it is in after stop(): the games after the last one
  // written are dropped here, in input order, so the result is the same at any -j.
  if (stopped_after_) return;
  switch (tally_.take(c)) {
    case analysis::ConvertTally::Goes::kRejected:
      batch_->write_record(invalid_out_, game);
      diag_.clear();
      analysis::write_diagnostics(diag_, file.name, c.report, /*errors_only=*/r_.quiet);
      progress_.clear();
      std::fwrite(diag_.data(), 1, diag_.size(), stderr);
      return;
    case analysis::ConvertTally::Goes::kDuplicate:
      batch_->write_record(duplicates_out_, game);
      return;
    case analysis::ConvertTally::Goes::kFiltered:
      return;
    case analysis::ConvertTally::Goes::kWritten:
      written(file, game, c);
      if (r_.stop_after > 0 && ++written_count_ == std::uint64_t(r_.stop_after)) {
        stopped_after_ = true;
        batch_->stop();
      }
      return;
  }
}

void ConvertRun::written(const analysis::BatchFile& file, const parsers::RawGame& game,
                         analysis::ConvertedGame& c) {
  if (!r_.quiet) {
    const std::string what = analysis::describe_game(c.report);
    // The repairs come first: the result is settled after them.
    for (const analysis::Repair& r : c.repairs) {
      progress_.clear();
      diag_.clear();
      absl::StrAppend(&diag_, file.name, ":", r.line, ":", r.column, ": ",
                      r.repaired ? "note" : "warning", ": ", what);
      if (r.ply) absl::StrAppend(&diag_, ", ply ", r.ply);
      absl::StrAppend(&diag_, ": ", r.message, "\n");
      std::fwrite(diag_.data(), 1, diag_.size(), stderr);
    }
    if (c.fix.fixed) {
      progress_.clear();
      std::fprintf(stderr, "%s:%lld: note: %s: result \"%s\" corrected to \"%s\" (%s)\n",
                   file.name.c_str(), static_cast<long long>(game.first_line), what.c_str(),
                   parsers::message_text(c.fix.from).c_str(), c.fix.to.c_str(),
                   c.fix.reason.c_str());
    }
    for (const std::string& note : c.notes) {
      progress_.clear();
      std::fprintf(stderr, "%s:%lld: warning: %s: %s\n", file.name.c_str(),
                   static_cast<long long>(game.first_line), what.c_str(), note.c_str());
    }
  }
  for (const auto& [name, svg] : c.svgs) {
    ++svg_count_;
    if (!svg_dir_.empty())
      write_diagram(file, name, svg);
    else if (svg_count_ == 1)
      write_out(svg);
  }
  if (db_) {
    db_->add(c.db, file.name, game.index, game.first_line);
    if (!db_->status().ok()) batch_->stop();
    return;
  }
  if (split_) {
    ++written_total_;
    write_split(c);
    return;
  }
  if (s_.to == ConvertTarget::kJson && (written_total_ > 0 || json_any_ || !mpi_.is_root()))
    write_out(",\n");
  ++written_total_;
  if (s_.to == ConvertTarget::kJson && !c.out.empty() && c.out.back() == '\n') c.out.pop_back();
  write_out(c.out);
}

void ConvertRun::write_diagram(const analysis::BatchFile& file, const std::string& name,
                               const std::string& svg) {
  const std::string path =
      (std::filesystem::path(svg_dir_) / (std::to_string(file.index + 1) + "-" + name)).string();
  // Checked again as it is written, with the side files of the run (which may be named like a
  // diagram): the directory may have changed since.
  std::vector<analysis::OutputSpec> written = outputs_;
  written.push_back({"--output", path});
  absl::Status st = analysis::check_outputs(inputs_, written);
  absl::StatusOr<std::unique_ptr<analysis::OutputFile>> f =
      st.ok() ? analysis::OutputFile::open(path, analysis::OutputFile::Links::kRefuse) : st;
  if (!f.ok()) st = f.status();
  if (f.ok()) {
    (*f)->write(svg);
    st = (*f)->commit();
  }
  if (!st.ok()) {
    std::cerr << "fairy-convert: " << st.message() << '\n';
    svg_failed_ = true;
  }
}

void ConvertRun::end_input(const analysis::BatchFile& file, const absl::Status& status) {
  progress_.clear();
  if (!status.ok()) {
    std::cerr << "fairy-convert: " << status.message() << '\n';
    unreadable_ = true;
  }
  if (!file.opened) return;
  analysis::ConvertCounts totals = tally_.end_input();
  if (shared_) {  // the counts of every rank's share
    std::vector<std::uint64_t> v{totals.read,      totals.written,    totals.filtered,
                                 totals.rejected,  totals.duplicates, totals.fixed,
                                 totals.warnings,  totals.named,      totals.repairs,
                                 totals.annotated, totals.unevaluated};
    mpi_.sum_to_root(v);
    totals =
        analysis::ConvertCounts{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10]};
  }
  if (!r_.quiet) std::cerr << analysis::convert_summary(file.name, totals, s_.annotate != nullptr);
  all_.add(totals);
}

// All or nothing: the games are committed only when every input was read to its end and
// every side file written (not `failed`); else the database is left as it was. False when the
// database itself failed (a write during the run, or the commit).
bool ConvertRun::commit_db(bool failed) {
  bool ok = true;
  if (!db_->status().ok()) {
    std::cerr << "fairy-convert: " << db_->status().message() << '\n';
    ok = false;
  }
  if (failed || !ok) {
    db_->rollback();
    std::cerr << "fairy-convert: " << db_->path()
              << ": nothing added (the database is left as it was)\n";
  } else if (absl::Status st = db_->commit(); !st.ok()) {
    std::cerr << "fairy-convert: " << st.message() << " (the database is left as it was)\n";
    ok = false;
  }
  return ok;
}

int ConvertRun::finish() {
  if (s_.to == ConvertTarget::kJson && !split_)
    write_out(written_total_ || all_.written ? "\n]\n" : "]\n");
  main_out_->flush();
  progress_.clear();
  cli::warn_of_absent_tags("fairy-convert", s_.selection, tally_.where_tags_seen(), all_.read,
                           mpi_);
  if (svg_dir_.empty() && svg_count_ > 1) {
    std::cerr << "fairy-convert: --to svg drew " << svg_count_
              << " positions, and a single output holds one: only the first was written; "
                 "give -o DIRECTORY for one file per position\n";
    svg_failed_ = true;
  }
  if (r_.files.size() > 1 && !r_.quiet)
    std::cerr << analysis::convert_summary("total", all_, s_.annotate != nullptr);
  // A cache that failed to answer: the games after it lack evaluations the cache may hold.
  const bool cache_failed = s_.annotate && !s_.annotate->status().ok();
  if (cache_failed)
    std::cerr << "fairy-convert: --annotate " << s_.annotate->status().message() << '\n';
  std::vector<absl::Status> write_errors = batch_->commit();
  if (split_) {
    for (absl::Status& st : split_->commit()) write_errors.push_back(std::move(st));
    if (!r_.quiet) std::cerr << split_->summary();
  }
  for (const absl::Status& st : write_errors)
    std::cerr << "fairy-convert: " << st.message() << " (the file is left as it was)\n";
  if (main_out_->stdout_failed())
    std::cerr << "fairy-convert: " << main_out_->stdout_error() << '\n';
  const bool db_failed = db_ && !commit_db(unreadable_ || !write_errors.empty());
  if (unreadable_ || !write_errors.empty() || main_out_->stdout_failed() || db_failed ||
      svg_failed_ || cache_failed)
    return 2;
  return all_.rejected ? 1 : 0;
}

}  // namespace

int run_conversion(const analysis::ConvertOptions& options, const RunSettings& run,
                   const cli::MpiSession& mpi) {
  return ConvertRun(options, run, mpi).run();
}

}  // namespace fairykit::convert_tool
