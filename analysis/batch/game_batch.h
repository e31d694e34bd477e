// The per-file loop of the tools that work game by game (fairy-validate, fairy-convert and
// fairy-analyze), so that each tool supplies only its work and its formatting:
//
//  * inputs are opened in order ("-" = standard input; gzip, bzip2, zstd and xz recognised);
//    one that cannot be opened or read to its end is reported and the others still run;
//  * each input is split into games (parsers::GameSplitter, with its game size limit) and
//    run through the ordered pipeline (game_pipeline.h): `work` in parallel, `emit` in
//    input order, so the output is the same at any number of threads;
//  * the outputs named on the command line (--valid-out, ...) are refused before anything
//    is opened when one is an input or another output, written under temporary names
//    (output_file.h) and put in place by commit(); when a write fails the run stops reading
//    after the current pipeline batch, and commit() reports the failure.
//
//   absl::StatusOr<std::unique_ptr<GameBatch>> batch = GameBatch::open(files, outputs, opts);
//   (*batch)->run<Report>(work, emit, file_end, progress);
//   for (const absl::Status& s : (*batch)->commit()) ...   // exit 2 when any
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/batch/collective.h"
#include "analysis/batch/game_pipeline.h"
#include "analysis/io/output_file.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "parsers/records.h"

namespace fairykit::analysis {

struct BatchFile;

struct BatchOptions {
  PipelineOptions pipeline;           // threads and batch sizes (`stop` is the batch's own)
  parsers::SplitterOptions splitter;  // the game size limit and the flag that sets it
  // The format of every input; none: PGN for the tools that read PGN only (`detect` off),
  // else told per input by its name or first bytes (parsers/records.h).
  std::optional<parsers::RecordFormat> format = parsers::RecordFormat::kPgn;
  // The ranks of an MPI run (nullptr or one rank: a single process). Each rank reads a
  // share of every input: a plain PGN file by byte ranges, any other input whole, dealt
  // out in turn; each input's outputs come out in rank order, as one process writes them.
  // The callbacks run on every rank; what the ranks other than 0 write to standard output
  // and error while they read their share, and to the outputs, is sent to rank 0 after the
  // input; what they write otherwise is dropped. So file_end and the totals of a tool must
  // add up over the ranks (the tool's own collective step), and only rank 0 sees them all.
  const Collective* collective = nullptr;
  // Writes what the tool has buffered for standard output and error (called on every rank
  // before the outputs of the other ranks are appended, and before a rank's share).
  std::function<void()> flush;
  // Rank 0 only: called with each piece of a later rank's standard output (or output
  // `joining_output`) before it is written (`first`: the first piece of that rank for the input),
  // which it may change: a tool that separates games (",\n" in a JSON array) lets the other ranks
  // write the separator before each game and drops it here where nothing came before.
  std::function<void(std::string& piece, bool first)> joining;
  std::string joining_output;  // the output `joining` is for: its flag, "" = standard output
  // Rank 0 only: each record another rank sent (send_record), in input order, during the
  // input `file` (after rank 0's own games of it).
  std::function<void(const BatchFile& file, std::string_view record)> record_in;
};

// The input being read, as the callbacks see it.
struct BatchFile {
  std::size_t index = 0;  // in the list of inputs
  std::string path;       // as given ("-" for standard input)
  std::string name;       // as messages name it ("<stdin>" for standard input)
  bool opened = false;    // false: it could not be opened (file_end gets the error)
  parsers::RecordFormat format = parsers::RecordFormat::kPgn;  // what it holds
};

// Where a run is, after each pipeline batch.
struct BatchProgress {
  const BatchFile& file;
  std::uint64_t bytes_read;   // of the input (of its share under MPI), as stored: compressed
  std::uint64_t size;         // the bytes of the input (of its share); 0 when unknown (a pipe)
  std::size_t file_games;     // games of this input done
  std::uint64_t total_games;  // games of every input done
  // The part of the input read; 0 when its size is unknown.
  double fraction() const {
    return size == 0 ? 0.0 : bytes_read >= size ? 1.0 : double(bytes_read) / double(size);
  }
};

class GameBatch {
 public:
  // Checks `outputs` against `inputs` and each other (check_outputs), then opens them.
  // Nothing is opened when the check fails; the error reads as a message for the user.
  static absl::StatusOr<std::unique_ptr<GameBatch>> open(std::vector<std::string> inputs,
                                                         const std::vector<OutputSpec>& outputs,
                                                         BatchOptions options);
  // Under MPI, rank 0 stops explaining a stopped job once the batch is gone (what it did is
  // said then: a later SIGTERM from mpirun, as another rank exits with the run's failed
  // status, is no interrupted run).
  ~GameBatch();
  GameBatch(const GameBatch&) = delete;
  GameBatch& operator=(const GameBatch&) = delete;

  // BatchOptions::flush and ::joining, for a tool whose buffers are made after the batch.
  void set_flush(std::function<void()> f) { options_.flush = std::move(f); }
  void set_joining(std::function<void(std::string&, bool)> f, std::string output_flag) {
    options_.joining = std::move(f);
    options_.joining_output = std::move(output_flag);
  }

  void set_record_in(std::function<void(const BatchFile&, std::string_view)> f) {
    options_.record_in = std::move(f);
  }
  // Ranks other than 0 under MPI: `record` (a game's contribution to figures that rank 0
  // adds up, as bytes) goes to rank 0's record_in, after the input, in input order.
  void send_record(std::string_view record);

  // The output a flag named ("--valid-out"), or nullptr when it was not given.
  OutputFile* output(std::string_view flag) const;
  // Appends to `out` (nullptr: nothing); a failed write stops the run (see stopped()).
  void write(OutputFile* out, std::string_view bytes);
  // Appends a record as read to a side file (--invalid-out, ...), one record a line so that
  // the file reads back as records of its input's kind: a PGN game verbatim (it holds its
  // own line ends and the blank lines after it); a line of a FEN / EPD list or of JSON Lines
  // verbatim with a line end; an element of a JSON array as one line of JSON Lines, each of
  // its line breaks between tokens (white space in JSON) written as a space. A record that
  // does not end in a line end gets one; a record whose bytes were not kept (over the size
  // limit) writes nothing.
  void write_record(OutputFile* out, const parsers::RawGame& record);

  // Runs every input. For each game: `work(game)` in parallel, then `emit(file, game,
  // result)` serially in input order. After each input, `file_end(file, status)`: the open
  // error when file.opened is false, else the read error (OK when read to its end; the
  // games before a read error have been emitted). `progress` (may be empty) after each
  // pipeline batch.
  template <class Result>
  void run(const std::function<Result(const parsers::RawGame&)>& work,
           const std::function<void(const BatchFile&, const parsers::RawGame&, Result&)>& emit,
           const std::function<void(const BatchFile&, const absl::Status&)>& file_end,
           const std::function<void(const BatchProgress&)>& progress = {});
  // The same with `work_into(game, result)` filling a result slot that is kept from game to
  // game (run_game_pipeline_into): for results that reuse their buffers.
  template <class Result>
  void run_into(const std::function<void(const parsers::RawGame&, Result&)>& work_into,
                const std::function<void(const BatchFile&, const parsers::RawGame&, Result&)>& emit,
                const std::function<void(const BatchFile&, const absl::Status&)>& file_end,
                const std::function<void(const BatchProgress&)>& progress = {});

  // Puts every output in place (the outputs hold every game read, also when an input could
  // not be read to its end). Returns the errors of those that could not be written; each
  // of them is left as it was.
  std::vector<absl::Status> commit();

  // The input being read (for `work`, which runs while one input is read: constant then).
  const BatchFile& current() const { return current_; }

  // True once a write failed (or stop() was called): no input after the current one is
  // read, and the current one stops after its pipeline batch.
  bool stopped() const { return stop_; }
  // Stops the run as a failed write does (for an output the batch does not own).
  void stop() { stop_ = true; }
  const std::vector<std::string>& inputs() const { return inputs_; }
  int threads() const { return options_.pipeline.threads < 1 ? 1 : options_.pipeline.threads; }
  // The games of the whole run before `game` (a game being emitted): those of the inputs
  // before, of every rank under MPI, and those before it in its input. 0 for the first
  // game of the run, wherever it is read: an output that separates games (a JSON array)
  // knows from it whether one came before.
  std::uint64_t run_games_before(const parsers::RawGame& game) const {
    return games_of_inputs_before_ + std::uint64_t(game.index - 1);
  }
  // Games emitted and bytes of game text read (with the bytes of games skipped as too large).
  std::uint64_t games() const { return games_; }
  std::uint64_t bytes() const { return bytes_; }

 private:
  template <class Result>
  void run_impl(const std::function<void(const parsers::RawGame&, Result&)>& work_into,
                const std::function<void(const BatchFile&, const parsers::RawGame&, Result&)>& emit,
                const std::function<void(const BatchFile&, const absl::Status&)>& file_end,
                const std::function<void(const BatchProgress&)>& progress, bool reset_results);

  // An input opened for this process: the reader of what it reads of it (nullptr when
  // another rank reads all of it) and the size of that part (for progress; 0 = unknown).
  struct OpenedInput {
    std::unique_ptr<parsers::RecordReader> reader;
    std::uint64_t size = 0;
  };
  // Opens input `file.index` and sets file.name, file.opened and file.format; under MPI
  // (collective, every rank calls it) also decides the share of each rank. The error is the
  // one of a single process when the input cannot be opened (then file.opened is false).
  absl::StatusOr<OpenedInput> open_input(BatchFile& file);
  // After an input: one process returns `status`; under MPI (collective) the outputs of the
  // other ranks are appended to rank 0's in rank order, and the status is rank 0's, else the
  // first failed rank's error naming the rank and its byte range.
  // `games`: those this process emitted of the input.
  absl::Status finish_input(const BatchFile& file, absl::Status status, std::uint64_t games);
  // stopped(), of any rank under MPI (collective).
  bool stopped_everywhere();
  bool distributed() const {
    return options_.collective != nullptr && options_.collective->size() > 1;
  }
  void setup_spools();

  GameBatch(std::vector<std::string> inputs, BatchOptions options)
      : inputs_(std::move(inputs)), options_(std::move(options)) {
    options_.pipeline.stop = &stop_;
  }

  std::vector<std::string> inputs_;
  BatchOptions options_;
  std::vector<std::pair<std::string, std::unique_ptr<OutputFile>>> outputs_;  // flag, file
  bool stop_ = false;
  BatchFile current_;
  std::uint64_t games_ = 0;
  std::uint64_t bytes_ = 0;
  std::uint64_t games_of_inputs_before_ = 0;  // of every rank
  // Under MPI: the share of the current input (for messages), inputs not split so far (to
  // deal them out), the rank's standard output and error while it reads its share (ranks
  // other than 0), and whether a rank failed (then commit() puts nothing in place).
  std::string share_text_;
  std::size_t whole_inputs_ = 0;
  std::vector<int> spool_fds_;
  std::unique_ptr<OutputFile> records_;  // send_record's spool (ranks other than 0)
  std::string spool_failure_;            // the spools could not be made (every share fails)
  std::string share_failure_;            // why this rank could not read its share of this input
  bool rank_failed_ = false;
};

template <class Result>
void GameBatch::run(
    const std::function<Result(const parsers::RawGame&)>& work,
    const std::function<void(const BatchFile&, const parsers::RawGame&, Result&)>& emit,
    const std::function<void(const BatchFile&, const absl::Status&)>& file_end,
    const std::function<void(const BatchProgress&)>& progress) {
  run_impl<Result>([&](const parsers::RawGame& g, Result& r) { r = work(g); }, emit, file_end,
                   progress, /*reset_results=*/true);
}

template <class Result>
void GameBatch::run_into(
    const std::function<void(const parsers::RawGame&, Result&)>& work_into,
    const std::function<void(const BatchFile&, const parsers::RawGame&, Result&)>& emit,
    const std::function<void(const BatchFile&, const absl::Status&)>& file_end,
    const std::function<void(const BatchProgress&)>& progress) {
  run_impl<Result>(work_into, emit, file_end, progress, /*reset_results=*/false);
}

template <class Result>
void GameBatch::run_impl(
    const std::function<void(const parsers::RawGame&, Result&)>& work_into,
    const std::function<void(const BatchFile&, const parsers::RawGame&, Result&)>& emit,
    const std::function<void(const BatchFile&, const absl::Status&)>& file_end,
    const std::function<void(const BatchProgress&)>& progress, bool reset_results) {
  for (std::size_t i = 0; i < inputs_.size() && !stopped_everywhere(); ++i) {
    BatchFile file{i, inputs_[i], inputs_[i], false};
    absl::StatusOr<OpenedInput> in = open_input(file);
    if (!in.ok()) {  // not opened (file.opened is false)
      file_end(file, in.status());
      continue;
    }
    absl::Status status;
    const std::uint64_t games_at_start = games_;
    if (in->reader) {
      parsers::RecordReader& splitter = *in->reader;
      const std::uint64_t size = in->size;
      const std::uint64_t games_before = games_;
      current_ = file;
      std::function<void(std::size_t)> step;
      if (progress) {
        step = [&](std::size_t done) {
          progress(BatchProgress{file, splitter.raw_bytes_read(), size, done, games_before + done});
        };
      }
      status = run_game_pipeline_into<Result>(
          splitter, options_.pipeline, work_into,
          [&](const parsers::RawGame& game, Result& r) {
            ++games_;
            bytes_ += game.text.size() + game.skipped;
            emit(file, game, r);
          },
          step, reset_results);
    }
    status = finish_input(file, std::move(status), games_ - games_at_start);
    file_end(file, status);
  }
  if (distributed()) set_interrupt_message("");  // every share is in: nothing to explain
}

}  // namespace fairykit::analysis
