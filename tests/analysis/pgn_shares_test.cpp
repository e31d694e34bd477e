// The byte-range shares of an MPI run (analysis/batch/pgn_shares.h), with ranks played by
// threads of one process: together the shares give every game exactly once, each with the
// text, number, line and offset that one GameSplitter over the whole file gives, also where
// the boundary guesses are wrong ("[Event" lines inside a comment) or cannot be made.
#include "analysis/batch/pgn_shares.h"

#include <gtest/gtest.h>

#include <barrier>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "temp_dir.h"
#include "tests/parsers/compress.h"

namespace fairykit::analysis {
namespace {

// Ranks as threads: all_gather through a shared table and two barriers (send and receive
// are not needed by the planner).
class ThreadRanks {
 public:
  explicit ThreadRanks(int n) : n_(n), table_(std::size_t(n)), barrier_(n) {}

  class Rank final : public Collective {
   public:
    Rank(ThreadRanks& all, int rank) : all_(all), rank_(rank) {}
    int rank() const override { return rank_; }
    int size() const override { return all_.n_; }
    std::vector<std::string> all_gather(std::string_view mine) const override {
      all_.table_[std::size_t(rank_)] = std::string(mine);
      all_.barrier_.arrive_and_wait();
      std::vector<std::string> copy = all_.table_;
      all_.barrier_.arrive_and_wait();
      return copy;
    }
    void send(int, std::string_view) const override { ADD_FAILURE() << "send"; }
    std::string receive(int) const override {
      ADD_FAILURE() << "receive";
      return {};
    }

   private:
    ThreadRanks& all_;
    int rank_;
  };

 private:
  int n_;
  std::vector<std::string> table_;
  std::barrier<> barrier_;
};

struct Seen {
  std::vector<parsers::RawGame> games;  // in order
  int passes = 0;
  std::string error;
};

// The games of each rank's share, rank after rank. `seekable`: a seekable zstd file.
Seen read_shared(const std::string& path, int n, const parsers::SplitterOptions& options = {},
                 bool seekable = false) {
  ThreadRanks ranks(n);
  std::vector<std::vector<parsers::RawGame>> per(static_cast<std::size_t>(n));
  std::vector<int> passes(static_cast<std::size_t>(n));
  std::vector<std::string> errors(static_cast<std::size_t>(n));
  std::uint64_t size = std::filesystem::file_size(path);
  if (seekable) {
    absl::StatusOr<std::optional<parsers::ZstdSeekTable>> t = parsers::read_zstd_seek_table(path);
    EXPECT_TRUE(t.ok() && t->has_value()) << path;
    size = t.ok() && t->has_value() ? (*t)->decompressed_size : 0;
  }
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r) {
    threads.emplace_back([&, r] {
      ThreadRanks::Rank me(ranks, r);
      absl::StatusOr<PgnShare> share = plan_pgn_shares(path, size, seekable, options, me);
      if (!share.ok()) {
        errors[std::size_t(r)] = std::string(share.status().message());
        return;
      }
      passes[std::size_t(r)] = share->passes;
      if (share->begin >= size) return;
      EXPECT_EQ(share->table != nullptr, seekable);
      auto src = open_share(path, *share);
      ASSERT_TRUE(src.ok()) << src.status();
      auto reader = pgn_share_reader(std::move(*src), *share, options);
      parsers::RawGame g;
      for (;;) {
        absl::StatusOr<bool> more = reader->next(g);
        ASSERT_TRUE(more.ok()) << more.status();
        if (!*more) break;
        per[std::size_t(r)].push_back(g);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  Seen seen;
  seen.passes = passes[0];
  seen.error = errors[0];
  for (auto& v : per)
    for (auto& g : v) seen.games.push_back(std::move(g));
  return seen;
}

// The error of each rank's plan ("" when it succeeded); rank r reads paths[r].
std::vector<std::string> plan_errors(const std::vector<std::string>& paths, std::uint64_t size,
                                     bool seekable) {
  const int n = int(paths.size());
  ThreadRanks ranks(n);
  std::vector<std::string> errors(paths.size());
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r)
    threads.emplace_back([&, r] {
      ThreadRanks::Rank me(ranks, r);
      absl::StatusOr<PgnShare> share =
          plan_pgn_shares(paths[std::size_t(r)], size, seekable, {}, me);
      errors[std::size_t(r)] = share.ok() ? "" : std::string(share.status().message());
    });
  for (std::thread& t : threads) t.join();
  return errors;
}

std::vector<parsers::RawGame> read_whole(const std::string& path,
                                         const parsers::SplitterOptions& options = {}) {
  auto src = parsers::open_input(path);
  EXPECT_TRUE(src.ok());
  parsers::GameSplitter splitter(**src, options);
  std::vector<parsers::RawGame> games;
  parsers::RawGame g;
  while (*splitter.next(g)) games.push_back(g);
  return games;
}

void expect_same(const std::vector<parsers::RawGame>& want,
                 const std::vector<parsers::RawGame>& got, const std::string& what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  for (std::size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(want[i].text, got[i].text) << what << ", game " << i + 1;
    ASSERT_EQ(want[i].index, got[i].index) << what << ", game " << i + 1;
    ASSERT_EQ(want[i].first_line, got[i].first_line) << what << ", game " << i + 1;
    ASSERT_EQ(want[i].offset, got[i].offset) << what << ", game " << i + 1;
    ASSERT_EQ(want[i].skipped, got[i].skipped) << what << ", game " << i + 1;
    ASSERT_EQ(want[i].notes.size(), got[i].notes.size()) << what << ", game " << i + 1;
    for (std::size_t k = 0; k < want[i].notes.size(); ++k) {
      EXPECT_EQ(want[i].notes[k].message, got[i].notes[k].message) << what;
      EXPECT_EQ(want[i].notes[k].where.line, got[i].notes[k].where.line) << what;
      EXPECT_EQ(want[i].notes[k].where.column, got[i].notes[k].where.column) << what;
    }
  }
}

class PgnSharesTest : public testing::TempDirTest {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  static std::string twic() {
    return testing::read_file(std::string(FAIRYKIT_DATA_DIR) + "/corpus/standard/twic0920.pgn");
  }
};

TEST_F(PgnSharesTest, TheSharesOfTwicAreTheWholeSplitAtEveryRankCount) {
  const std::string path = write("twic.pgn", twic());
  const auto want = read_whole(path);
  ASSERT_EQ(want.size(), 2245u);
  for (int n : {1, 2, 3, 4, 7}) {
    const Seen seen = read_shared(path, n);
    EXPECT_EQ(seen.error, "");
    EXPECT_EQ(seen.passes, 1) << n << " ranks: every guess is a boundary";
    expect_same(want, seen.games, std::to_string(n) + " ranks");
  }
}

// The counting is shared too: the n pieces cut what lies before the last share, each rank
// counts one, and they are about equal (so that no rank waits for a whole share's count).
TEST_F(PgnSharesTest, EveryRankCountsAnEqualPieceOfWhatIsBeforeTheLastShare) {
  const std::string path = write("twic.pgn", twic());
  const std::uint64_t size = std::filesystem::file_size(path);
  for (int n : {2, 3, 4}) {
    ThreadRanks ranks(n);
    std::vector<PgnShare> shares(static_cast<std::size_t>(n));
    std::vector<std::thread> threads;
    for (int r = 0; r < n; ++r)
      threads.emplace_back([&, r] {
        ThreadRanks::Rank me(ranks, r);
        absl::StatusOr<PgnShare> share = plan_pgn_shares(path, size, false, {}, me);
        ASSERT_TRUE(share.ok()) << share.status();
        shares[std::size_t(r)] = *share;
      });
    for (std::thread& t : threads) t.join();
    const std::uint64_t last = shares.back().begin;
    EXPECT_EQ(shares[0].piece_begin, 0u);
    EXPECT_EQ(shares.back().piece_end, last);
    for (int r = 0; r < n; ++r) {
      const PgnShare& sh = shares[std::size_t(r)];
      if (r > 0) {
        EXPECT_EQ(sh.piece_begin, shares[std::size_t(r) - 1].piece_end) << n;
      }
      const double piece = double(sh.piece_end - sh.piece_begin);
      EXPECT_NEAR(piece / (double(last) / n), 1.0, 0.05) << n << " ranks, rank " << r;
    }
  }
}

TEST_F(PgnSharesTest, EventLinesInsideACommentAreWrongGuessesThatAreMoved) {
  // One game whose comment is most of the file, full of "[Event" lines after blank lines
  // (not whole tag pairs, so one process does not cut there), then short games.
  std::string text = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 {";
  for (int i = 0; i < 5000; ++i)
    text += "comment\n\n[Event of the year " + std::to_string(i) + "\n";
  text += "} e5 *\n\n";
  const std::string tw = twic();
  text += tw.substr(0, 30000);
  const std::string path = write("comment.pgn", text);
  const auto want = read_whole(path);
  for (int n : {2, 3, 4}) {
    const Seen seen = read_shared(path, n);
    EXPECT_EQ(seen.error, "");
    EXPECT_GE(seen.passes, 2) << n << " ranks: the guesses inside the comment were moved";
    expect_same(want, seen.games, std::to_string(n) + " ranks");
  }
}

TEST_F(PgnSharesTest, LineEndsByteOrderMarkAndOversizeGamesKeepTheirPlaces) {
  const std::string tw = twic().substr(0, 400000);
  std::string crlf, cr;
  for (char c : tw) {
    if (c == '\n')
      crlf += "\r\n", cr += '\r';
    else
      crlf += c, cr += c;
  }
  parsers::SplitterOptions small;
  small.max_game_bytes = 5000;  // a few games of TWIC are longer: skipped, with their bytes
  for (const auto& [name, bytes] : {std::pair<std::string, std::string>{"crlf.pgn", crlf},
                                    {"cr.pgn", cr},
                                    {"bom.pgn", "\xEF\xBB\xBF" + tw},
                                    {"unterminated.pgn", "[Event \"x\"]\n\n1. e4 {" + tw}}) {
    const std::string path = write(name, bytes);
    for (const parsers::SplitterOptions& o : {parsers::SplitterOptions{}, small}) {
      const auto want = read_whole(path, o);
      for (int n : {2, 4}) {
        const Seen seen = read_shared(path, n, o);
        EXPECT_EQ(seen.error, "");
        expect_same(
            want, seen.games,
            name + ", " + std::to_string(n) + " ranks, limit " + std::to_string(o.max_game_bytes));
      }
    }
  }
}

// The counting pass counts games of the common shape fast (parsers::plain_game_extent) and
// asks GameSplitter at the others: a file where they alternate is cut as one process cuts
// it, with the same numbers and lines.
TEST_F(PgnSharesTest, GamesOfEveryShapeMixedAreCountedAsOneProcessCutsThem) {
  const std::string tw = twic();
  std::vector<std::string> games;
  for (std::size_t at = 0; at < tw.size();) {
    std::size_t next = tw.find("\n[Event ", at);
    next = next == std::string::npos ? tw.size() : next + 1;
    games.push_back(tw.substr(at, next - at));
    at = next;
  }
  ASSERT_EQ(games.size(), 2245u);
  // (GCC 12 warns of overlapping copies in std::string::insert with a literal: spliced.)
  const auto splice = [](const std::string& g, std::size_t at, std::string_view what) {
    return g.substr(0, at) + std::string(what) + g.substr(at);
  };
  std::string text;
  for (std::size_t i = 0; i < games.size(); ++i) {
    std::string g = games[i];
    const std::size_t moves = g.find("\n\n") + 2;
    if (i % 7 == 3) g = splice(g, moves, "1. e4 (1. d4 d5) ");  // a variation (a move too many)
    if (i % 11 == 5) g = splice(g, g.find('\n') + 1, "\n");     // a blank line in the tag section
    if (i % 13 == 2) g = splice(g, moves, "%escape line (\n");  // an escape line
    if (i % 17 == 9) {                                          // a CRLF game
      std::string crlf;
      for (char c : g) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
      g = crlf;
    }
    if (i % 19 == 4) g = splice(g, moves, "{ a comment\n[Event \"inside\"]\n} ");  // a resync
    text += g;
  }
  const std::string path = write("mixed.pgn", text);
  const auto want = read_whole(path);
  ASSERT_GT(want.size(), 2245u);  // the resynchronisations cut more games
  for (int n : {2, 3, 4, 7}) {
    const Seen seen = read_shared(path, n);
    EXPECT_EQ(seen.error, "");
    expect_same(want, seen.games, std::to_string(n) + " ranks");
  }
}

// Seekable zstd: the same shares, in decompressed bytes, whether frames are smaller or
// larger than the shares (a rank then starts decoding at the frame before its range).
TEST_F(PgnSharesTest, TheSharesOfASeekableZstdFileAreTheWholeSplit) {
  const std::string tw = twic();
  const auto want = read_whole(write("twic.pgn", tw));
  for (const std::size_t frame : {std::size_t(65536), std::size_t(1500000)}) {
    const std::string path =
        write("twic-" + std::to_string(frame) + ".pgn.zst", test_data::ZstdSeekable(tw, frame));
    expect_same(want, read_whole(path), "read whole");
    for (int n : {1, 2, 3, 4, 7}) {
      const Seen seen = read_shared(path, n, {}, true);
      EXPECT_EQ(seen.error, "");
      EXPECT_EQ(seen.passes, 1);
      expect_same(want, seen.games,
                  std::to_string(n) + " ranks, frames of " + std::to_string(frame));
    }
  }
  // Wrong guesses are moved there too.
  std::string text = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 {";
  for (int i = 0; i < 5000; ++i)
    text += "comment\n\n[Event of the year " + std::to_string(i) + "\n";
  text += "} e5 *\n\n" + tw.substr(0, 30000);
  const std::string path = write("comment.pgn.zst", test_data::ZstdSeekable(text, 20000));
  const auto want_comment = read_whole(write("comment.pgn", text));
  for (int n : {2, 3}) {
    const Seen seen = read_shared(path, n, {}, true);
    EXPECT_GE(seen.passes, 2);
    expect_same(want_comment, seen.games, std::to_string(n) + " ranks, comment");
  }
}

TEST_F(PgnSharesTest, ARankWhoseCopyIsNotSeekableNamesItself) {
  const std::string tw = twic();
  const std::string seekable = write("s.pgn.zst", test_data::ZstdSeekable(tw, 65536));
  const std::string plain = write("p.pgn.zst", test_data::Zstd(tw));
  const std::string want = "rank 1: " + plain + ": not the seekable zstd file rank 0 read (" +
                           std::to_string(tw.size()) + " bytes decompressed)";
  EXPECT_EQ(plan_errors({seekable, plain}, tw.size(), true),
            (std::vector<std::string>{want, want}));
}

TEST_F(PgnSharesTest, AFileWithoutGuessesIsReadByRankZeroAlone) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "[Site \"x\"]\n\n1. e4 e5 *\n\n";  // no Event tags
  const std::string path = write("noevent.pgn", text);
  const auto want = read_whole(path);
  const Seen seen = read_shared(path, 3);
  expect_same(want, seen.games, "3 ranks");
}

TEST_F(PgnSharesTest, ARankThatCannotReadNamesItself) {
  const std::string path = write("gone.pgn", twic());
  // Rank 1 looks for the file under a name that does not exist on its "node".
  const std::string want =
      "rank 1: " + path + ".missing: cannot open file: No such file or directory";
  EXPECT_EQ(plan_errors({path, path + ".missing"}, 2700000, false),
            (std::vector<std::string>{want, want}));
}

}  // namespace
}  // namespace fairykit::analysis
