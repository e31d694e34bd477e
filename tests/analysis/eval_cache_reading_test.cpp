// The evaluation cache opened to be read only (EvalCache::open_to_read, what fairy-convert
// --annotate reads): the evaluations and every settings row found, nothing written to a cache
// or to a file that is not one, and the errors that name the file.
#include <gtest/gtest.h>

#include <fstream>

#include "analysis/engine/eval_cache.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

using EvalCacheReadingTest = fairykit::testing::TempDirTest;
using fairykit::testing::read_file;

const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST_F(EvalCacheReadingTest, FindsWhatWasStoredAndWritesNothing) {
  const std::string path = (dir_ / "c.db").string();
  Evaluation e;
  e.score = 17;
  e.best = "e2e4";
  e.pv = {"e2e4", "e7e5"};
  {
    absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
    ASSERT_TRUE(c.ok()) << c.status();
    ASSERT_TRUE((*c)->settings("Stockfish 16", "Threads=1", "nodes 5000").ok());
    absl::StatusOr<std::int64_t> s = (*c)->settings("Stockfish 16", "", "depth 20");
    ASSERT_TRUE(s.ok());
    ASSERT_TRUE((*c)->store(*s, "chess960", "", 42, kStart, e).ok());
  }
  const std::string bytes = read_file(path);
  absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open_to_read(path);
  ASSERT_TRUE(c.ok()) << c.status();
  absl::StatusOr<std::vector<EvalCache::Settings>> all = (*c)->all_settings();
  ASSERT_TRUE(all.ok()) << all.status();
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].engine, "Stockfish 16");
  EXPECT_EQ((*all)[0].options, "Threads=1");
  EXPECT_EQ((*all)[0].limit, "nodes 5000");
  EXPECT_EQ((*all)[1].options, "");
  EXPECT_EQ((*all)[1].limit, "depth 20");
  absl::StatusOr<std::optional<Evaluation>> hit =
      (*c)->find((*all)[1].id, "chess960", "", 42, kStart);
  ASSERT_TRUE(hit.ok() && hit->has_value());
  EXPECT_EQ(**hit, e);
  EXPECT_FALSE(*(*c)->find((*all)[0].id, "chess960", "", 42, kStart));
  // Nothing can be written through it.
  EXPECT_FALSE((*c)->store((*all)[0].id, "chess", "", 1, kStart, e).ok());
  EXPECT_FALSE((*c)->settings("another engine", "", "nodes 1").ok());
  c->reset();
  EXPECT_EQ(read_file(path), bytes);
}

TEST_F(EvalCacheReadingTest, WhatIsNoCacheIsSaidAndLeftAsItWas) {
  const std::string missing = (dir_ / "missing.db").string();
  absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open_to_read(missing);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().message(), missing + ": no such file");
  EXPECT_FALSE(std::filesystem::exists(missing));
  c = EvalCache::open_to_read(dir_.string());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().message(), dir_.string() + ": a directory, not an evaluation cache");
  const std::string text = (dir_ / "text.db").string();
  const std::string bytes = "these are not the bytes of an SQLite database, but a text file\n";
  std::ofstream(text) << bytes;
  c = EvalCache::open_to_read(text);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().message(), text + ": not an evaluation cache: file is not a database");
  EXPECT_EQ(read_file(text), bytes);
  // An empty file is an empty database: it has no tables, and gets none.
  const std::string empty = (dir_ / "empty.db").string();
  std::ofstream(empty).close();
  c = EvalCache::open_to_read(empty);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().message(), empty + ": not an evaluation cache: no such table: meta");
  EXPECT_EQ(read_file(empty), "");
}

}  // namespace
}  // namespace fairykit::analysis
