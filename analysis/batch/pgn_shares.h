// How the ranks of an MPI run share out one PGN file, plain or seekable zstd
// (parsers/input.h: frames with a seek table; byte offsets are then those of the
// decompressed text, and a rank starts decoding at the frame that holds its range): by
// byte ranges, each starting where a game starts, so that together they read every game
// exactly once and each game is cut out exactly as one process cuts it (GameSplitter),
// with the same number, line and offset.
//
// The plan, every rank at once (collective):
//  1. Rank r > 0 guesses a boundary: the first line "[Event " after a blank line at or
//     after its part of the size (the last rank's part is a little larger, see below). It
//     also guesses the start of its piece of the counting: what lies before the last
//     rank's share is cut into n pieces, one per rank, so that each rank counts 1/n of it.
//  2. Each rank splits its piece with GameSplitter (the counting pass) and reports, at
//     each guess in it and at its end, how many games and line ends come before the first
//     game starting at or after the guess, and where that game starts.
//  3. A guess is a boundary when the piece that holds it (which starts at a boundary)
//     finds a game starting exactly there. A guess that is not one (an "[Event" line
//     inside a comment that one process does not cut at) is moved to where that game
//     starts, and step 2 is run again: the plan is always the one-process split, and a
//     file of shapes no guess fits is simply read by fewer ranks.
//  4. Each rank's first line and game number are the sums over the pieces before its start
//     and the part of the piece it starts in.
// Every rank waits for the slowest piece before it reads its share: with 2 ranks, the count
// of a quarter of the file (counting by pieces halves the wait of a rank counting the whole
// share before it). A plain file is counted with parsers::plain_game_extent where its games
// have the common shape (GameSplitter's rules at about twice the splitter's speed), and with
// GameSplitter elsewhere, so the plan is a small part of a rank's work. The shares are
// about equal in bytes, the last a little larger (kLastRankWeight); bench/mpi-scaling.sh
// measures how the ranks share the time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/batch/collective.h"
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
  std::uint64_t piece_begin = 0;      // the piece of the counting this rank did (last pass)
  std::uint64_t piece_end = 0;
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
