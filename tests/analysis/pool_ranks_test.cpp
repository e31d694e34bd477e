// The engine pool over the ranks of an MPI run (analysis/engine/pool_ranks.h), the ranks
// played by forked processes (process_ranks.h) and the engine by the fake engine
// (tests/tools/fake_uci_engine.cpp, deterministic): the results are those of one process at
// 2 and 3 ranks with one or two engines each; rank 0 alone reads and writes the cache, and a
// second run sends nothing to an engine; an engine that fails on a position, one that dies
// once and one that cannot be started give the errors, restarts and warnings of one process.
#include "analysis/engine/pool_ranks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "analysis/engine/eval_cache.h"
#include "rules/game/any_game.h"
#include "rules/game/variant_options.h"
#include "tests/analysis/process_ranks.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

using fairykit::testing::ProcessRanks;
using fairykit::testing::read_file;
using PoolRanksTest = fairykit::testing::TempDirTest;

const std::string kFake = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";

// The positions of a game of the move (ply mod the number of legal moves) at each ply from the
// start: `n` of chess and `n` of Chess960, then, with `variants`, `n` of Superchess and `n`
// of CwDA (Clobberers v Nutty Knights), each with its rule options and its UCI_Variant.
std::vector<EvalRequest> positions(int n, bool variants = false) {
  std::vector<EvalRequest> out;
  const std::pair<const char*, const char*> games[] = {
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {"chess960", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"},
      {"superchess", "startpos"},
      {"cwda", "startpos"}};
  for (const auto& [name, start] : games) {
    const VariantInfo& v = *find_variant(name);
    if (!variants && !v.uci_variant.empty()) continue;
    VariantOptions options;
    if (v.takes_armies) options.armies = "CN";
    std::unique_ptr<AnyGame> g = *AnyGame::create(v, start, options);
    for (int ply = 0; ply < n; ++ply) {
      const VariantOptions here = fen_variant_options(v, g->fen());
      out.push_back({&v, g->key(), g->fen(), v.takes_armies ? variant_options_text(here) : "",
                     engine_uci_variant(v, here)});
      const std::vector<std::string> moves = g->legal_moves_uci();
      if (moves.empty() || !g->play(moves[std::size_t(ply) % moves.size()]).ok()) break;
    }
  }
  return out;
}

struct Pooled {
  PoolSummary summary;
  std::vector<EvalResult> results;
  std::vector<std::string> warnings;
  std::vector<int> exits;  // of each rank
};

// `requests` evaluated by one process (ranks 0) or over `ranks` forked ranks.
Pooled evaluate(const std::vector<EvalRequest>& requests, PoolOptions po, int ranks,
                const std::string& cache_path = "") {
  Pooled run;
  po.warn = [&run](const std::string& w) { run.warnings.push_back(w); };
  auto body = [&](const Collective* me) {
    std::unique_ptr<EvalCache> cache;
    if (!cache_path.empty() && (me == nullptr || me->is_root())) {
      cache = *EvalCache::open(cache_path);
      po.cache = cache.get();
    }
    po.ranks = me;
    if (me != nullptr && !me->is_root()) {
      serve_evaluations(po);
      return 0;
    }
    run.summary = evaluate_positions(requests, po, run.results);
    if (me != nullptr) end_evaluations(*me);
    return 0;
  };
  if (ranks == 0) {
    body(nullptr);
  } else {
    ProcessRanks all(ranks);
    run.exits = all.run([&](const Collective& me) { return body(&me); });
  }
  return run;
}

void expect_same(const Pooled& one, const Pooled& got, const std::string& what) {
  ASSERT_EQ(one.results.size(), got.results.size()) << what;
  for (std::size_t i = 0; i < one.results.size(); ++i) {
    EXPECT_EQ(one.results[i].ok, got.results[i].ok) << what << " position " << i;
    EXPECT_EQ(one.results[i].eval, got.results[i].eval) << what << " position " << i;
    EXPECT_EQ(one.results[i].error, got.results[i].error) << what << " position " << i;
  }
  EXPECT_EQ(one.summary.engine_name, got.summary.engine_name) << what;
  EXPECT_EQ(one.summary.engine_options, got.summary.engine_options) << what;
  EXPECT_EQ(one.summary.analysed, got.summary.analysed) << what;
  EXPECT_EQ(one.summary.failed, got.summary.failed) << what;
  EXPECT_EQ(one.summary.from_cache, got.summary.from_cache) << what;
  EXPECT_EQ(one.summary.restarts, got.summary.restarts) << what;
  EXPECT_EQ(one.summary.start_error, got.summary.start_error) << what;
  for (const int e : got.exits) EXPECT_EQ(e, 0) << what;
}

// The searches the fake engine was asked for (the "go ..." lines of its logs).
std::size_t searches(const std::filesystem::path& log) {
  if (!std::filesystem::exists(log)) return 0;
  std::istringstream text(read_file(log));
  std::size_t n = 0;
  for (std::string line; std::getline(text, line);) n += line.rfind("go ", 0) == 0;
  return n;
}

TEST_F(PoolRanksTest, TheResultsOfOneProcessAtAnyRanksAndEngines) {
  const std::vector<EvalRequest> requests = positions(7);
  ASSERT_EQ(requests.size(), 14u);
  PoolOptions po;
  po.engine.command = kFake;
  po.limit = {UciEngine::Limit::Kind::kNodes, 7};
  const Pooled one = evaluate(requests, po, 0);
  ASSERT_EQ(one.summary.analysed, 14u);
  for (const int ranks : {1, 2, 3})
    for (const int engines : {1, 2}) {
      po.engines = engines;
      const Pooled got = evaluate(requests, po, ranks);
      const std::string what =
          "ranks " + std::to_string(ranks) + ", engines " + std::to_string(engines);
      expect_same(one, got, what);
      // Each rank's pool: `engines` processes, fewer when its share is smaller.
      EXPECT_EQ(got.summary.engines_started, ranks * engines) << what;
    }
  // Fewer positions than ranks: the ranks without a share start no engine.
  const std::vector<EvalRequest> two(requests.begin(), requests.begin() + 2);
  const Pooled got = evaluate(two, po, 3);
  EXPECT_EQ(got.summary.analysed, 2u);
  EXPECT_EQ(got.summary.engines_started, 2);
  EXPECT_EQ(got.results[1].eval, one.results[1].eval);
  // Nothing to evaluate: nothing is sent, and the ranks end all the same.
  const Pooled none = evaluate({}, po, 3);
  EXPECT_EQ(none.summary.engines_started, 0);
  EXPECT_EQ(none.exits, (std::vector<int>{0, 0, 0}));
}

// Superchess and CwDA go to the engine under their UCI_Variant, with the variants file, the
// rule options and the probe of one process; a game the engine does not play is refused
// once, with the error and the counts of one process.
TEST_F(PoolRanksTest, TheOtherGamesUnderTheirUciVariant) {
  const std::vector<EvalRequest> requests = positions(4, true);
  ASSERT_EQ(requests.size(), 16u);
  ASSERT_EQ(requests[12].rules, "armies=CN");
  PoolOptions po;
  po.engine.command = kFake + " --variant-path";
  po.limit = {UciEngine::Limit::Kind::kNodes, 3};
  po.engines = 2;
  const Pooled one = evaluate(requests, po, 0);
  ASSERT_EQ(one.summary.analysed, 16u);
  for (const int ranks : {2, 3}) {
    const Pooled got = evaluate(requests, po, ranks);
    expect_same(one, got, "variants at " + std::to_string(ranks) + " ranks");
    // The cache keys them by their rule options too: a second run finds them all.
    const std::string cache = (dir_ / ("v" + std::to_string(ranks) + ".db")).string();
    (void)evaluate(requests, po, ranks, cache);
    const Pooled again = evaluate(requests, po, ranks, cache);
    EXPECT_EQ(again.summary.from_cache, 16u) << ranks;
  }
  po.engine.command = kFake + " --variant-path --refuse superchess";
  const Pooled refused = evaluate(requests, po, 0);
  ASSERT_EQ(refused.summary.not_played, 4u);
  ASSERT_EQ(refused.summary.refused.size(), 1u);
  const Pooled got = evaluate(requests, po, 3);
  expect_same(refused, got, "a refused game");
  EXPECT_EQ(got.summary.not_played, 4u);
  ASSERT_EQ(got.summary.refused.size(), 1u);
  EXPECT_EQ(got.summary.refused[0].reason, refused.summary.refused[0].reason);
  EXPECT_EQ(got.summary.refused[0].positions, 4u);
}

TEST_F(PoolRanksTest, RankZeroKeepsTheCacheAndASecondRunSendsNothing) {
  const std::vector<EvalRequest> requests = positions(6);
  const std::string cache = (dir_ / "c.db").string();
  const std::filesystem::path log = dir_ / "log.txt";
  PoolOptions po;
  po.engine.command = kFake + " --log " + log.string();
  po.limit = {UciEngine::Limit::Kind::kDepth, 3};
  po.engines = 2;
  // Half of them cached by one process first: the ranks are sent only the others.
  const std::vector<EvalRequest> half(requests.begin(), requests.begin() + 6);
  const Pooled first = evaluate(half, po, 0, cache);
  EXPECT_EQ(first.summary.analysed, 6u);
  EXPECT_EQ(searches(log), 6u);
  const Pooled one = evaluate(requests, po, 0);
  std::filesystem::remove(log);
  const Pooled shared = evaluate(requests, po, 3, cache);
  EXPECT_EQ(shared.summary.from_cache, 6u);
  EXPECT_EQ(shared.summary.analysed, 6u);
  EXPECT_EQ(searches(log), 6u);
  for (std::size_t i = 0; i < requests.size(); ++i)
    EXPECT_EQ(shared.results[i].eval, one.results[i].eval) << i;
  // Everything is in the cache now: one engine started (for its name), no search.
  std::filesystem::remove(log);
  const Pooled again = evaluate(requests, po, 3, cache);
  EXPECT_EQ(again.summary.from_cache, 12u);
  EXPECT_EQ(again.summary.analysed, 0u);
  EXPECT_EQ(again.summary.engines_started, 1);
  EXPECT_EQ(again.summary.engine_name, one.summary.engine_name);
  EXPECT_EQ(searches(log), 0u);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_TRUE(again.results[i].cached) << i;
    EXPECT_EQ(again.results[i].eval, one.results[i].eval) << i;
  }
}

TEST_F(PoolRanksTest, FailuresAsInOneProcess) {
  const std::vector<EvalRequest> requests = positions(6);
  PoolOptions po;
  po.limit = {UciEngine::Limit::Kind::kNodes, 5};
  // An engine that dies on every search of one position (the Chess960 start, on whichever
  // rank it falls): started again, the position tried once more, then reported; the warnings
  // come to rank 0.
  po.engine.command = kFake + " --bug crash-go-fen --crash-on bqnbrkrn/pppppppp/8/8/8/8/";
  const Pooled one = evaluate(requests, po, 0);
  ASSERT_EQ(one.summary.failed, 1u);
  ASSERT_EQ(one.summary.restarts, 1u);
  ASSERT_EQ(one.warnings.size(), 1u);
  for (const int ranks : {2, 3}) {
    const Pooled got = evaluate(requests, po, ranks);
    expect_same(one, got, "crash-go-fen at " + std::to_string(ranks) + " ranks");
    EXPECT_EQ(got.warnings, one.warnings);
  }
  // An engine that cannot be started: every position has the error, with or without a cache.
  po.engine.command = "no-such-engine-of-fairykit";
  const Pooled none = evaluate(requests, po, 0);
  ASSERT_EQ(none.summary.failed, 12u);
  ASSERT_FALSE(none.summary.start_error.empty());
  expect_same(none, evaluate(requests, po, 3), "no engine");
  expect_same(none, evaluate(requests, po, 2, (dir_ / "c.db").string()), "no engine, a cache");
  // An option the engine does not list is said once, not once per rank.
  po.engine.command = kFake;
  po.engine_options = {{"NoSuchOption", "1"}};
  const Pooled warned = evaluate(requests, po, 3);
  EXPECT_EQ(std::count_if(warned.warnings.begin(), warned.warnings.end(),
                          [](const std::string& w) {
                            return absl::StrContains(w, "does not list the option NoSuchOption");
                          }),
            1);
}

}  // namespace
}  // namespace fairykit::analysis
