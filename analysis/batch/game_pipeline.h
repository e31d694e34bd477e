// The ordered game pipeline shared by the tools that work game by game (validate, convert
// and analyze): read games in input order, work on them in parallel with
// OpenMP, hand the results over in input order. While the threads work on one batch, one of
// them reads the next, so reading overlaps with the work. Memory is bounded by two batches
// and follows the largest game, not the number of games:
//  * a slot keeps its memory for the next game only when the game it held was small (a slot
//    that held a 60 MB game must not keep 60 MB for ever: with 2 x 1024 slots, memory would
//    grow with the number of large games);
//  * while a batch holds a game larger than batch_bytes, the next batch is read after it
//    is emitted, not during its work: two large games are never held at once, so a game of
//    N bytes needs about 2N of memory at most (N, and the buffer growing while reading it).
//
// The output never depends on the number of threads: `work` must be a pure function of
// the game, and `emit` is called serially, in input order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

struct PipelineOptions {
  int threads = 1;
  // At most this many games per batch, or about this many bytes of game text; 0 (the
  // default) chooses by the number of threads: 1024 games and 4 MiB with two or more, 64
  // games and 128 KiB with one. With one thread the next batch is read before the current
  // one is worked on, so a game's text is read back after a whole batch of others has been
  // copied: small batches keep it in the processor's second-level cache. With two threads
  // small batches cost more than they save (the threads wait for each other at the end of
  // every batch).
  std::size_t batch_games = 0;
  std::size_t batch_bytes = 0;
  // A slot whose game text had more capacity than this gives it back once the game is
  // emitted (2 x 1024 slots x 16 KiB = 32 MiB at most kept for reuse).
  std::size_t keep_slot_bytes = 16u << 10;
  // When not null: `emit` may set *stop to end the run early (an output that cannot be
  // written): no game after the current batch is read or emitted.
  const bool* stop = nullptr;
};

// Runs the pipeline over every game of `splitter`. `progress` (may be empty) is called
// after each batch with the number of games done so far. Returns the splitter's read error,
// if any, after every game before it was emitted.
// The same with `work_into(game, result)` writing into the result slot of the game: the
// slots are kept from batch to batch and never reset, so a Result that keeps its buffers
// (clear(), not a new string) allocates nothing per game once warm, and no buffer
// allocated by one thread is freed by another (which made glibc's malloc the bottleneck
// at -j 2 for outputs of several KiB per game).
template <class Result>
absl::Status run_game_pipeline_into(
    parsers::RecordReader& splitter, const PipelineOptions& options,
    const std::function<void(const parsers::RawGame&, Result&)>& work_into,
    const std::function<void(const parsers::RawGame&, Result&)>& emit,
    const std::function<void(std::size_t games)>& progress = {}, bool reset_results = false) {
  struct Batch {
    std::vector<parsers::RawGame> games;  // reused: small strings keep their capacity
    std::vector<Result> results;
    std::size_t count = 0;
    std::size_t largest = 0;  // bytes of its largest game
  };
  absl::Status read_status;
  bool eof = false;
  const int threads = options.threads < 1 ? 1 : options.threads;
  const std::size_t batch_games = options.batch_games != 0 ? options.batch_games
                                  : threads == 1           ? 64
                                                           : 1024;
  const std::size_t batch_bytes = options.batch_bytes != 0 ? options.batch_bytes
                                  : threads == 1           ? 128u << 10
                                                           : 4u << 20;
  auto fill = [&](Batch& b) {
    b.count = 0;
    b.largest = 0;
    std::size_t bytes = 0;
    while (!eof && read_status.ok() && b.count < batch_games && bytes < batch_bytes) {
      if (b.games.size() == b.count) b.games.emplace_back();
      absl::StatusOr<bool> got = splitter.next(b.games[b.count]);
      if (!got.ok()) {
        read_status = got.status();
        break;
      }
      if (!*got) {
        eof = true;
        break;
      }
      bytes += b.games[b.count].text.size();
      b.largest = std::max(b.largest, b.games[b.count].text.size());
      ++b.count;
    }
    if (b.results.size() < b.count) b.results.resize(b.count);
  };

  Batch current, next;
  fill(current);
  std::size_t done = 0;
  while (current.count > 0) {
    const long long n = static_cast<long long>(current.count);
    const bool overlap = current.largest <= batch_bytes;
#pragma omp parallel num_threads(threads)
    {
      if (overlap) {
#pragma omp single nowait
        fill(next);
      }
#pragma omp for schedule(dynamic, 8)
      for (long long i = 0; i < n; ++i)
        work_into(current.games[std::size_t(i)], current.results[std::size_t(i)]);
    }
    for (std::size_t i = 0; i < current.count; ++i) {
      emit(current.games[i], current.results[i]);
      if (current.games[i].text.capacity() > options.keep_slot_bytes)
        std::string().swap(current.games[i].text);
      if (reset_results) current.results[i] = Result{};
    }
    done += current.count;
    if (options.stop != nullptr && *options.stop) break;
    if (!overlap) fill(next);
    if (progress) progress(done);
    std::swap(current, next);
  }
  return read_status;
}

template <class Result>
absl::Status run_game_pipeline(parsers::RecordReader& splitter, const PipelineOptions& options,
                               const std::function<Result(const parsers::RawGame&)>& work,
                               const std::function<void(const parsers::RawGame&, Result&)>& emit,
                               const std::function<void(std::size_t games)>& progress = {}) {
  return run_game_pipeline_into<Result>(
      splitter, options, [&](const parsers::RawGame& g, Result& r) { r = work(g); }, emit, progress,
      /*reset_results=*/true);
}

}  // namespace fairykit::analysis
