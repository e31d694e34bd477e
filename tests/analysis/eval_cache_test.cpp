// The evaluation cache (analysis/engine/eval_cache.h): what is stored is found again under the
// same settings and rule options only, a cache of schema 1 is upgraded, a key collision is not
// taken for a hit, a database of something else is refused, and two writers on one file at once
// (two runs sharing a cache) lose nothing.
#include "analysis/engine/eval_cache.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <thread>
#include <vector>

#include "analysis/engine/engine_pool.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

using EvalCacheTest = fairykit::testing::TempDirTest;

const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST_F(EvalCacheTest, FoundAgainUnderTheSameSettingsOnly) {
  const std::string path = (dir_ / "c.db").string();
  Evaluation cp;
  cp.score = -35;
  cp.best = "e2e4";
  cp.pv = {"e2e4", "c7c5", "g1f3"};
  cp.depth = 12;
  cp.nodes = 5003;
  Evaluation mate;
  mate.mate = true;
  mate.score = -2;
  mate.best = "a2a3";
  mate.pv = {"a2a3"};
  const Key big = 0xfedcba9876543210ULL;  // above 2^63: stored as a negative INTEGER
  {
    absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
    ASSERT_TRUE(c.ok()) << c.status();
    absl::StatusOr<std::int64_t> s = (*c)->settings("Stockfish 16", "Threads=1", "nodes 5000");
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_TRUE((*c)->begin(true).ok());
    ASSERT_TRUE((*c)->store(*s, "chess", "", big, kStart, cp).ok());
    ASSERT_TRUE((*c)->store(*s, "chess960", "", big, kStart, mate).ok());
    ASSERT_TRUE((*c)->commit().ok());
  }
  absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
  ASSERT_TRUE(c.ok()) << c.status();
  absl::StatusOr<std::int64_t> s = (*c)->settings("Stockfish 16", "Threads=1", "nodes 5000");
  ASSERT_TRUE(s.ok());
  // Other move counters, the same position: found.
  absl::StatusOr<std::optional<Evaluation>> hit =
      (*c)->find(*s, "chess", "", big, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 9");
  ASSERT_TRUE(hit.ok() && hit->has_value());
  EXPECT_EQ(**hit, cp);
  hit = (*c)->find(*s, "chess960", "", big, kStart);
  ASSERT_TRUE(hit.ok() && hit->has_value());
  EXPECT_EQ(**hit, mate);
  // Another variant, key, or a FEN of another position under the key (a collision): absent.
  EXPECT_FALSE(*(*c)->find(*s, "cwda", "", big, kStart));
  EXPECT_FALSE(*(*c)->find(*s, "chess", "", big + 1, kStart));
  EXPECT_FALSE(*(*c)->find(*s, "chess", "", big,
                           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  // The same key under other rule options (a CwDA King and Pawn ending of two pairings):
  // apart.
  const char* kEnding = "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 CN";
  ASSERT_TRUE((*c)->begin(true).ok());
  ASSERT_TRUE((*c)->store(*s, "cwda", "armies=CN", big, kEnding, cp).ok());
  ASSERT_TRUE((*c)->commit().ok());
  hit = (*c)->find(*s, "cwda", "armies=CN", big, kEnding);
  ASSERT_TRUE(hit.ok() && hit->has_value());
  EXPECT_EQ(**hit, cp);
  EXPECT_FALSE(*(*c)->find(*s, "cwda", "armies=NC", big, kEnding));
  EXPECT_FALSE(*(*c)->find(*s, "cwda", "", big, kEnding));
  // Other settings: absent; the same settings: the same id.
  absl::StatusOr<std::int64_t> other = (*c)->settings("Stockfish 16", "Threads=1", "nodes 5001");
  ASSERT_TRUE(other.ok());
  EXPECT_NE(*other, *s);
  EXPECT_FALSE(*(*c)->find(*other, "chess", "", big, kStart));
  EXPECT_EQ(*(*c)->settings("Stockfish 16", "Threads=1", "nodes 5000"), *s);
}

TEST_F(EvalCacheTest, ADatabaseOfSomethingElseIsRefused) {
  const std::string path = (dir_ / "other.db").string();
  {
    absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
    ASSERT_TRUE(c.ok());
  }
  // A cache of another schema version.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE meta SET value = '9'", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().message(),
            path + ": not an evaluation cache of this fairykit (its schema differs)");
  // Not a database at all.
  const std::string text = (dir_ / "text.db").string();
  std::ofstream(text) << "these are not the bytes of an SQLite database, but a text file\n";
  EXPECT_FALSE(EvalCache::open(text).ok());
}

// A cache of schema 1 (no rule options; chess and Chess960 only) is upgraded when opened: its
// evaluations are found again, under no rule options, and it reads as schema 2 afterwards.
TEST_F(EvalCacheTest, ASchemaOneCacheIsUpgraded) {
  const std::string path = (dir_ / "old.db").string();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  const char* kOld = R"sql(
    CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO meta VALUES('schema', '1');
    CREATE TABLE settings(id INTEGER PRIMARY KEY, engine TEXT NOT NULL, options TEXT NOT NULL,
      search_limit TEXT NOT NULL, UNIQUE(engine, options, search_limit));
    CREATE TABLE evals(setting INTEGER NOT NULL REFERENCES settings(id), variant TEXT NOT NULL,
      key INTEGER NOT NULL, fen TEXT NOT NULL, cp INTEGER, mate INTEGER, best TEXT NOT NULL,
      pv TEXT NOT NULL, depth INTEGER NOT NULL, nodes INTEGER NOT NULL,
      PRIMARY KEY(setting, variant, key)) WITHOUT ROWID;
    INSERT INTO settings VALUES(1, 'Stockfish 16', 'Threads=1', 'nodes 5000');
    INSERT INTO evals VALUES(1, 'chess', 42, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      20, NULL, 'e2e4', 'e2e4 e7e5', 10, 5000);
  )sql";
  ASSERT_EQ(sqlite3_exec(db, kOld, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  for (int run = 0; run < 2; ++run) {  // upgraded, then opened as it is
    absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
    ASSERT_TRUE(c.ok()) << c.status();
    absl::StatusOr<std::int64_t> s = (*c)->settings("Stockfish 16", "Threads=1", "nodes 5000");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(*s, 1);
    absl::StatusOr<std::optional<Evaluation>> hit = (*c)->find(*s, "chess", "", 42, kStart);
    ASSERT_TRUE(hit.ok() && hit->has_value()) << run;
    EXPECT_EQ((*hit)->score, 20);
    EXPECT_EQ((*hit)->pv, (std::vector<std::string>{"e2e4", "e7e5"}));
  }
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(
      sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE name = 'schema'", -1, &st, nullptr),
      SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 0))), "2");
  sqlite3_finalize(st);
  sqlite3_close(db);
}

// Two runs on one cache: each reads and commits one evaluation at a time, as the pool does,
// and every one of them is there afterwards.
TEST_F(EvalCacheTest, TwoWritersAtOnceLoseNothing) {
  const std::string path = (dir_ / "shared.db").string();
  {
    // The settings exist already, so that each writer reads them (a row) before it writes.
    absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
    ASSERT_TRUE(c.ok());
    ASSERT_TRUE((*c)->settings("engine", "", "depth 1").ok());
  }
  constexpr int kEach = 300;
  auto writer = [&](int which, bool* ok) {
    *ok = false;
    absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
    if (!c.ok()) return;
    absl::StatusOr<std::int64_t> s = (*c)->settings("engine", "", "depth 1");
    if (!s.ok()) return;
    Evaluation e;
    e.best = "e2e4";
    for (int i = 0; i < kEach; ++i) {
      e.score = which * kEach + i;
      // A hit read first, as the pool reads the cache before it writes: a statement left on
      // its row would hold a stale snapshot, and the write below fail at once.
      if (i > 0 && !(*c)->find(*s, "chess", "", Key(which * kEach + i - 1), kStart).ok()) return;
      if (!(*c)->begin(true).ok()) return;
      if (!(*c)->store(*s, "chess", "", Key(which * kEach + i), kStart, e).ok()) return;
      if (!(*c)->commit().ok()) return;
    }
    *ok = true;
  };
  bool ok0 = false, ok1 = false;
  std::thread a(writer, 0, &ok0), b(writer, 1, &ok1);
  a.join();
  b.join();
  EXPECT_TRUE(ok0);
  EXPECT_TRUE(ok1);
  absl::StatusOr<std::unique_ptr<EvalCache>> c = EvalCache::open(path);
  ASSERT_TRUE(c.ok());
  const std::int64_t s = *(*c)->settings("engine", "", "depth 1");
  for (int k = 0; k < 2 * kEach; ++k) {
    absl::StatusOr<std::optional<Evaluation>> hit = (*c)->find(s, "chess", "", Key(k), kStart);
    ASSERT_TRUE(hit.ok() && hit->has_value()) << k;
    EXPECT_EQ((*hit)->score, k);
  }
}

TEST(EngineOptionsText, SortedByNameIgnoringCase) {
  EXPECT_EQ(engine_options_text({{"Threads", "1"}, {"hash", "64"}, {"MultiPV", "1"}}),
            "hash=64; MultiPV=1; Threads=1");
  EXPECT_EQ(engine_options_text({}), "");
}

}  // namespace
}  // namespace fairykit::analysis
