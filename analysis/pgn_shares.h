// How the ranks of an MPI run share out one PGN file (issue 15), plain or seekable zstd
// (parsers/input.h: frames with a seek table; byte offsets are then those of the
// decompressed text, and a rank starts decoding at the frame that holds its range): by
// byte ranges,
// each starting where a game starts, so that together they read every game exactly once
// and each game is cut out exactly as one process cuts it (GameSplitter), with the same
// number, line and offset.
//
// The plan, every rank at once (collective):
//  1. Rank r > 0 guesses a boundary: the first line "[Event " after a blank line at or
//     after its part of the size (the last rank's part is a little larger, see below).
//  2. Each rank but the last splits its range with GameSplitter (the counting pass) up to
//     the first game starting at or after the next rank's guess, and reports how many
//     games and line ends its range holds and where that first game starts.
//  3. A guess is a boundary when the rank before it (which starts at a boundary) finds a
//     game starting exactly there. A guess that is not one (an "[Event" line inside a
//     comment that one process does not cut at) is moved to where that game starts, and
//     step 2 is run again: the plan is always the one-process split, and a file of shapes
//     no guess fits is simply read by fewer ranks.
//  4. Each rank's first line and game number are the sums over the ranges before it.
// The counting pass costs a rank about 5% of what checking its range costs (200 MB TWIC:
// 0.11 s against 1.95 s). The last rank does none, but it cannot start before the counts
// of the ranks before it are in, so every rank pays for it and the ranges are about
// equal: measured, with 2% more for the last rank the two ranks of fairy-validate on that
// archive end within 0.05 s of each other (with 6% more, the last one ended 0.04 s later
// on average). That wait is what keeps 2 ranks under 2x; a prediction of the counts
// checked afterwards would remove it, at the price of redoing a share when it is wrong.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/collective.h"
#include "parsers/input.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

struct PgnShare {
  std::uint64_t begin = 0;  // the games that start in [begin, end) of the file
  std::uint64_t end = 0;
  std::int64_t first_line = 1;        // line of `begin`
  std::int64_t games_before = 0;      // games before `begin`
  std::vector<std::uint64_t> starts;  // every rank's begin, then the file's size
  int passes = 1;                     // counting passes run (more when a guess was wrong)
  std::shared_ptr<const parsers::ZstdSeekTable> table;  // seekable zstd: its frames
};

// The weight of the last rank's part against the others' (see above).
inline constexpr double kLastRankWeight = 1.02;

// Plans the shares of the file `path` of `size` bytes (collective): plain, or with
// `seekable_zstd` a seekable zstd file of `size` bytes decompressed, whose seek table every
// rank reads from its own copy. Fails, on every rank alike, when a rank cannot read the
// file: "rank 1: x.pgn: cannot open file: ...", or when a rank's copy has no seek table
// that gives `size`.
absl::StatusOr<PgnShare> plan_pgn_shares(const std::string& path, std::uint64_t size,
                                         bool seekable_zstd,
                                         const parsers::SplitterOptions& options,
                                         const Collective& ranks);

// The file `path` from share.begin on (decompressed, for seekable zstd).
absl::StatusOr<std::unique_ptr<parsers::ByteSource>> open_share(const std::string& path,
                                                                const PgnShare& share);
// The bytes of the file a share's reader goes through (compressed bytes for seekable zstd,
// estimated within the frames at its ends), for progress.
std::uint64_t share_raw_size(const PgnShare& share);

// The reader of a share: GameSplitter over `source` (the file from share.begin on) that
// ends before the first game starting at share.end.
std::unique_ptr<parsers::RecordReader> pgn_share_reader(std::unique_ptr<parsers::ByteSource> source,
                                                        const PgnShare& share,
                                                        parsers::SplitterOptions options);

}  // namespace fairykit::analysis
