// GameBatch: the per-file loop of the game tools. Inputs in order, a missing one reported
// and passed over, games emitted in input order with their file, the same at any number of
// threads; outputs refused when they are inputs, a failed write stops the run and is
// reported by commit().
#include "analysis/batch/game_batch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

namespace fs = std::filesystem;
using fairykit::testing::read_file;

// `n` games whose White tag is `who` and a number.
std::string games(const std::string& who, int n) {
  std::string out;
  for (int i = 1; i <= n; ++i)
    out += "[White \"" + who + std::to_string(i) + "\"]\n\n1. e4 e5 *\n\n";
  return out;
}

class GameBatchTest : public fairykit::testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    std::ofstream(dir_ / "a.pgn") << games("a", 3000);
    std::ofstream(dir_ / "b.pgn") << games("b", 2);
  }
  std::string path(const char* name) const { return (dir_ / name).string(); }

  // Runs the batch and writes down what the callbacks saw, one line per call.
  std::string trace(GameBatch& batch) {
    std::string log;
    batch.run<std::size_t>(
        [](const parsers::RawGame& g) { return g.text.size(); },
        [&](const BatchFile& f, const parsers::RawGame& g, std::size_t& size) {
          if (g.index <= 2 || g.index % 1000 == 0)
            log += "game " + std::to_string(f.index) + " " + fs::path(f.name).filename().string() +
                   " #" + std::to_string(g.index) + " " + std::to_string(size) + "\n";
        },
        [&](const BatchFile& f, const absl::Status& s) {
          log += "end " + std::to_string(f.index) + (f.opened ? " opened " : " not opened ") +
                 (s.ok() ? "ok" : std::string(s.message().substr(s.message().find(':')))) + "\n";
        });
    return log;
  }
};

TEST_F(GameBatchTest, InputsInOrderAMissingOneReportedAndPassedOver) {
  const std::string want =
      "game 0 a.pgn #1 26\n"
      "game 0 a.pgn #2 26\n"
      "game 0 a.pgn #1000 29\n"
      "game 0 a.pgn #2000 29\n"
      "game 0 a.pgn #3000 29\n"
      "end 0 opened ok\n"
      "end 1 not opened : cannot open file: No such file or directory\n"
      "game 2 b.pgn #1 26\n"
      "game 2 b.pgn #2 26\n"
      "end 2 opened ok\n";
  for (int threads : {1, 2}) {
    BatchOptions options;
    options.pipeline.threads = threads;
    options.pipeline.batch_games = 64;  // many pipeline batches
    auto batch = GameBatch::open({path("a.pgn"), path("missing.pgn"), path("b.pgn")}, {}, options);
    ASSERT_TRUE(batch.ok()) << batch.status();
    EXPECT_EQ(trace(**batch), want) << threads << " threads";
    EXPECT_EQ((*batch)->games(), 3002u);
    EXPECT_EQ((*batch)->bytes(), fs::file_size(dir_ / "a.pgn") + fs::file_size(dir_ / "b.pgn"));
    EXPECT_EQ((*batch)->threads(), threads);
    EXPECT_FALSE((*batch)->stopped());
    EXPECT_TRUE((*batch)->commit().empty());
  }
}

TEST_F(GameBatchTest, ProgressAfterEachPipelineBatch) {
  BatchOptions options;
  options.pipeline.batch_games = 1000;
  auto batch = GameBatch::open({path("b.pgn"), path("a.pgn")}, {}, options);
  ASSERT_TRUE(batch.ok()) << batch.status();
  std::string log;
  (*batch)->run<int>([](const parsers::RawGame&) { return 0; },
                     [](const BatchFile&, const parsers::RawGame&, int&) {},
                     [](const BatchFile&, const absl::Status&) {},
                     [&](const BatchProgress& p) {
                       log += fs::path(p.file.name).filename().string() + " " +
                              std::to_string(p.file_games) + " " + std::to_string(p.total_games) +
                              (p.fraction() == 1.0 ? " all read" : "") + "\n";
                       EXPECT_EQ(p.size, fs::file_size(p.file.path));
                       EXPECT_LE(p.bytes_read, p.size);
                     });
  EXPECT_EQ(log,
            "b.pgn 2 2 all read\n"
            "a.pgn 1000 1002 all read\n"
            "a.pgn 2000 2002 all read\n"
            "a.pgn 3000 3002 all read\n");
}

// Batches of 64 games with one thread (a game's text stays in the cache between its
// reading and its work), 1024 with two; a size given is kept at any thread count (above).
TEST_F(GameBatchTest, DefaultBatchesFollowTheThreadCount) {
  for (int threads : {1, 2}) {
    BatchOptions options;
    options.pipeline.threads = threads;
    auto batch = GameBatch::open({path("a.pgn")}, {}, options);
    ASSERT_TRUE(batch.ok()) << batch.status();
    std::vector<std::size_t> done;
    (*batch)->run<int>([](const parsers::RawGame&) { return 0; },
                       [](const BatchFile&, const parsers::RawGame&, int&) {},
                       [](const BatchFile&, const absl::Status&) {},
                       [&](const BatchProgress& p) { done.push_back(p.file_games); });
    ASSERT_FALSE(done.empty());
    EXPECT_EQ(done.back(), 3000u);
    if (threads == 1) {
      EXPECT_EQ(done.size(), 47u);  // 46 batches of 64 games, then 56
      EXPECT_EQ(done[0], 64u);
      EXPECT_EQ(done[1], 128u);
    } else {
      EXPECT_EQ(done, (std::vector<std::size_t>{1024, 2048, 3000}));
    }
  }
}

TEST_F(GameBatchTest, AnOutputThatIsAnInputIsRefusedBeforeAnythingIsOpened) {
  auto batch = GameBatch::open({path("a.pgn"), path("b.pgn")}, {{"--valid-out", path("b.pgn")}},
                               BatchOptions{});
  ASSERT_FALSE(batch.ok());
  EXPECT_EQ(batch.status().message(), "--valid-out '" + path("b.pgn") + "' is the input '" +
                                          path("b.pgn") + "': refusing to overwrite it");
  EXPECT_EQ(read_file(dir_ / "b.pgn"), games("b", 2));
  EXPECT_EQ(entries(), 2);  // no temporary file
}

TEST_F(GameBatchTest, OutputsGetWhatIsWrittenAndArePutInPlaceByCommit) {
  auto batch =
      GameBatch::open({path("a.pgn"), path("b.pgn")},
                      {{"--even", path("even.pgn")}, {"--odd", path("odd.pgn")}}, BatchOptions{});
  ASSERT_TRUE(batch.ok()) << batch.status();
  GameBatch& b = **batch;
  EXPECT_EQ(b.output("--other"), nullptr);
  b.run<int>([](const parsers::RawGame& g) { return int(g.index % 2 == 0); },
             [&](const BatchFile&, const parsers::RawGame& g, int& even) {
               b.write(b.output(even ? "--even" : "--odd"), g.text);
             },
             [](const BatchFile&, const absl::Status&) {});
  EXPECT_FALSE(fs::exists(dir_ / "even.pgn"));  // only under a temporary name until commit
  EXPECT_TRUE(b.commit().empty());
  EXPECT_EQ(read_file(dir_ / "even.pgn").size() + read_file(dir_ / "odd.pgn").size(),
            fs::file_size(dir_ / "a.pgn") + fs::file_size(dir_ / "b.pgn"));
  EXPECT_EQ(read_file(dir_ / "odd.pgn").substr(0, 27), "[White \"a1\"]\n\n1. e4 e5 *\n\n[");
}

TEST_F(GameBatchTest, AFailedWriteStopsTheRunAndCommitReportsIt) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  BatchOptions options;
  options.pipeline.batch_games = 100;
  auto batch = GameBatch::open({path("a.pgn"), path("b.pgn")}, {{"--out", "/dev/full"}}, options);
  ASSERT_TRUE(batch.ok()) << batch.status();
  GameBatch& b = **batch;
  std::string ends;
  b.run<int>([](const parsers::RawGame&) { return 0; },
             [&](const BatchFile&, const parsers::RawGame& g, int&) {
               b.write(b.output("--out"), std::string(1 << 20, 'x'));  // past any buffer
               (void)g;
             },
             [&](const BatchFile& f, const absl::Status&) { ends += std::to_string(f.index); });
  EXPECT_TRUE(b.stopped());
  EXPECT_EQ(ends, "0");        // b.pgn was not read
  EXPECT_EQ(b.games(), 100u);  // the pipeline batch that failed, and no other
  const std::vector<absl::Status> errors = b.commit();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message(), "/dev/full: cannot write: No space left on device");
}

}  // namespace
}  // namespace fairykit::analysis
