// The ordered game pipeline shared by the tools that work game by game (validate, and
// later convert and analyze): read games in input order, work on them in parallel with
// OpenMP, hand the results over in input order. While the threads work on one batch, one of
// them reads the next, so reading overlaps with the work. Memory is bounded by two batches.
//
// The output never depends on the number of threads: `work` must be a pure function of
// the game, and `emit` is called serially, in input order.
#pragma once

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

struct PipelineOptions {
  int threads = 1;
  std::size_t batch_games = 1024;      // at most this many games per batch
  std::size_t batch_bytes = 4u << 20;  // ... or about this many bytes of game text
};

// Runs the pipeline over every game of `splitter`. `progress` (may be empty) is called
// after each batch with the number of games done so far. Returns the splitter's read error,
// if any, after every game before it was emitted.
template <class Result>
absl::Status run_game_pipeline(parsers::GameSplitter& splitter, const PipelineOptions& options,
                               const std::function<Result(const parsers::RawGame&)>& work,
                               const std::function<void(const parsers::RawGame&, Result&)>& emit,
                               const std::function<void(std::size_t games)>& progress = {}) {
  struct Batch {
    std::vector<parsers::RawGame> games;  // reused: the strings keep their capacity
    std::vector<Result> results;
    std::size_t count = 0;
  };
  absl::Status read_status;
  bool eof = false;
  auto fill = [&](Batch& b) {
    b.count = 0;
    std::size_t bytes = 0;
    while (!eof && read_status.ok() && b.count < options.batch_games &&
           bytes < options.batch_bytes) {
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
      ++b.count;
    }
    if (b.results.size() < b.count) b.results.resize(b.count);
  };

  Batch current, next;
  fill(current);
  std::size_t done = 0;
  const int threads = options.threads < 1 ? 1 : options.threads;
  while (current.count > 0) {
    const long long n = static_cast<long long>(current.count);
#pragma omp parallel num_threads(threads)
    {
#pragma omp single nowait
      fill(next);
#pragma omp for schedule(dynamic, 8)
      for (long long i = 0; i < n; ++i)
        current.results[std::size_t(i)] = work(current.games[std::size_t(i)]);
    }
    for (std::size_t i = 0; i < current.count; ++i) emit(current.games[i], current.results[i]);
    done += current.count;
    if (progress) progress(done);
    std::swap(current, next);
  }
  return read_status;
}

}  // namespace fairykit::analysis
