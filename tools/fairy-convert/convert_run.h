// fairy-convert's run: the inputs through the game batch, each game converted in the worker
// threads (analysis/formats/convert_job.h) and written in input order to the main output
// (standard output, -o FILE, an SQLite database, a directory of diagrams, or the files of
// --split / --split-by: analysis/io/split_files.h) and the side files, with a summary per input
// on standard error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/batch/game_batch.h"
#include "analysis/formats/convert_job.h"
#include "analysis/io/split_files.h"
#include "tools/common/mpi_session.h"

namespace fairykit::convert_tool {

// What the run needs besides the conversion's options: its inputs and outputs.
struct RunSettings {
  std::vector<std::string> files;  // "-": standard input
  analysis::BatchOptions batch;
  std::optional<std::string> output;  // -o: a file, the database (--to sqlite), or a
                                      // directory of diagrams (--to svg)
  std::optional<std::string> invalid_out, duplicates_out;
  // --split N (split_games > 0) or --split-by (ConvertOptions::split_by): the games written
  // go to the files this pattern (-o) names instead of one output.
  std::optional<analysis::SplitPattern> split_pattern;
  std::uint64_t split_games = 0;
  bool quiet = false;  // no diagnostics, notes or progress line
  // --stop-after: once this many games are written the run stops; the games after the last
  // one written are neither counted nor reported (0: no limit).
  long long stop_after = 0;
};

// Converts every input and returns the exit status: 0, 1 when a game was rejected, 2 when an
// input could not be read to its end or an output could not be written.
int run_conversion(const analysis::ConvertOptions& options, const RunSettings& run,
                   const cli::MpiSession& mpi);

}  // namespace fairykit::convert_tool
