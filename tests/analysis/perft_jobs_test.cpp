// fairy-perft's jobs (analysis/perft/jobs.h) as the tool runs them, their reports read back
// exactly: counts of a position (lines, divide, JSON, an invalid position), suites (a
// wrong count, an invalid position, a file that cannot be read, the progress line), a made
// suite to a stream or a file, the comparison with a UCI engine; and the same reports from
// rank 0 when the work is shared over ranks (threads here, analysis/batch/collective.h).
#include "analysis/perft/jobs.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/perft/make_suite.h"
#include "analysis/perft/suite_shares.h"
#include "process_ranks.h"
#include "temp_dir.h"

namespace fairykit::analysis {
namespace {

using fairykit::testing::ProcessRanks;
using fairykit::testing::read_file;

const char* const kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// What a job wrote and how it ended.
struct Ran {
  std::string out, err;
  JobResult result = JobResult::kOk;
};

template <class Job>
Ran run(const Job& job) {
  std::ostringstream out, err;
  JobOutput io{.out = out, .err = err};
  Ran r;
  r.result = job(io);
  r.out = out.str();
  r.err = err.str();
  return r;
}

Ran count(const PerftJob& job) {
  return run([&](JobOutput& io) { return count_position(job, io); });
}
Ran check(const PerftJob& job) {
  return run([&](JobOutput& io) { return check_suites(job, io); });
}

// The timings ("seconds", "nps", the time line) and, with `hash`, the table's statistics
// left out: they are not the same from run to run.
std::string untimed(const std::string& s, bool hash = false) {
  std::string t = std::regex_replace(s, std::regex(R"("seconds":[0-9.e+-]+,"nps":[0-9]+)"), "T");
  t = std::regex_replace(t, std::regex(R"(time [^\n]*\n)"), "time\n");
  return hash ? std::regex_replace(t, std::regex(R"("hash":\{[^}]*\})"), "H") : t;
}

// rank 0's report of `job` run on `ranks` ranks (each with its own table of `hash_mb` MB).
Ran shared(PerftJob job, int ranks, bool suites, int hash_mb = 0) {
  ProcessRanks all(ranks);
  Ran root;
  const std::vector<int> results = all.run([&](const Collective& me) {
    PerftJob mine = job;
    mine.ranks = &me;
    std::unique_ptr<PerftTable> table;
    if (hash_mb) table = PerftTable::with_bytes(std::size_t(hash_mb) << 20, mine.threads);
    mine.table = table.get();
    const Ran r = suites ? check(mine) : count(mine);
    if (me.is_root()) root = r;
    return int(r.result);
  });
  // Rank 0 ends as the whole run does; the others as their own share does, never worse.
  for (int r = 1; r < ranks; ++r)
    EXPECT_LE(results[std::size_t(r)], int(root.result)) << "rank " << r;
  return root;
}

TEST(CountPosition, OneDepthEveryDepthAndTheTimingLine) {
  PerftJob job{.fen = "startpos", .depth = 3, .quiet = true};
  Ran r = count(job);
  EXPECT_EQ(r.result, JobResult::kOk);
  EXPECT_EQ(r.out, "Nodes searched: 8902\n");
  EXPECT_EQ(r.err, "");
  job.depth = -1;
  job.max_depth = 3;
  job.quiet = false;
  r = count(job);
  EXPECT_EQ(r.out, "depth 1: 20\ndepth 2: 400\ndepth 3: 8902\n");
  EXPECT_TRUE(std::regex_match(
      r.err,
      std::regex(R"(time [0-9]+\.[0-9]{3} s, [0-9]+\.[0-9] Mnodes/s \(1 thread, \w+ sliders\)\n)")))
      << r.err;
}

TEST(CountPosition, DivideHasStockfishShape) {
  PerftJob job{
      .fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1", .max_depth = 2, .divide = true, .quiet = true};
  const Ran r = count(job);
  EXPECT_EQ(r.out,
            "e1d1: 1\ne1f1: 1\ne1d2: 1\ne1e2: 1\ne1f2: 1\nh1f1: 1\nh1g1: 1\nh1h2: 1\nh1h3: 1\n"
            "h1h4: 1\nh1h5: 1\nh1h6: 1\nh1h7: 1\nh1h8: 1\ne1g1: 1\n\nNodes searched: 15\n\n"
            "e1d1: 5\ne1f1: 5\ne1d2: 5\ne1e2: 5\ne1f2: 5\nh1f1: 3\nh1g1: 5\nh1h2: 5\nh1h3: 5\n"
            "h1h4: 5\nh1h5: 5\nh1h6: 5\nh1h7: 2\nh1h8: 3\ne1g1: 3\n\nNodes searched: 66\n");
}

TEST(CountPosition, JsonWithTheTable) {
  PerftJob job{.fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1", .depth = 1, .json = true, .quiet = true};
  std::unique_ptr<PerftTable> table = PerftTable::with_bytes(std::size_t(1) << 20, 1);
  job.table = table.get();
  const Ran r = count(job);
  EXPECT_EQ(untimed(r.out),
            R"({"variant":"chess","fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1","results":[{"depth":1,)"
            R"("nodes":15,T,"hash":{"probes":0,"hits":0,"stores":0,"leaf_probes":0,"leaf_hits":0,)"
            R"("leaf_stores":0}}],T,"hash":{"megabytes":1,"probes":0,"hits":0,"stores":0,)"
            R"("leaf_probes":0,"leaf_hits":0,"leaf_stores":0}})"
            "\n");
}

TEST(CountPosition, InvalidPositionFailsWithOneMessage) {
  PerftJob job{.fen = "8/8/8/8/8/8/8/8 w - - 0 1", .depth = 1};
  const Ran r = count(job);
  EXPECT_EQ(r.result, JobResult::kFailed);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "fairy-perft: invalid position \"8/8/8/8/8/8/8/8 w - - 0 1\": no white king; no black "
            "king\n");
}

TEST(CountPosition, RanksPrintWhatOneProcessPrints) {
  PerftJob job{.fen = kKiwipete, .depth = 3, .divide = true, .quiet = true};
  const Ran one = count(job);
  EXPECT_NE(one.out.find("Nodes searched: 97862\n"), std::string::npos);
  for (int ranks : {1, 2, 3}) {
    EXPECT_EQ(shared(job, ranks, false).out, one.out) << ranks << " ranks";
    EXPECT_EQ(shared(job, ranks, false, /*hash_mb=*/1).out, one.out) << ranks << " ranks, hashed";
  }
  job.divide = false;
  job.depth = -1;
  job.max_depth = 2;
  EXPECT_EQ(shared(job, 3, false).out, "depth 1: 48\ndepth 2: 2039\n");
  job.json = true;
  EXPECT_EQ(untimed(shared(job, 2, false, 1).out, true),
            untimed(shared(job, 1, false, 1).out, true));
}

class SuiteJobs : public fairykit::testing::TempDirTest {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // Five positions: three right, a wrong count, an invalid position.
  std::string suite() {
    return write(
        "t.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;id \"start\"\n"
        "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66\n"
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 "
        ";D3 97862\n"
        "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 67\n"
        "8/8/8/8/8/8/8/8 w - - ;D1 1\n");
  }
};

TEST_F(SuiteJobs, ReportsEveryPositionAndTheSummary) {
  PerftJob job{.suites = {suite()}, .quiet = true};
  Ran r = check(job);
  EXPECT_EQ(r.result, JobResult::kFailed);
  const std::string name = (dir_ / "t.epd").string();
  EXPECT_EQ(r.out, "FAIL " + name + ":4 4k3/8/8/8/8/8/8/4K2R w K -  4k3/8/8/8/8/8/8/4K2R w K -\n" +
                       "       depth 2: expected 67, got 66\n" + "FAIL " + name +
                       ":5 8/8/8/8/8/8/8/8 w - -: no white king; no black king\n");
  EXPECT_EQ(r.err, "");  // -q: the failures only, no summary and no timing
  job.quiet = false;
  const std::string failures = r.out;
  r = check(job);
  EXPECT_EQ(r.out.find("ok   " + name + ":1 start  D1=20 D2=400"), 0u) << r.out;
  EXPECT_NE(r.out.find(failures.substr(0, failures.find('\n'))), std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1),
            "5 positions: 3 passed, 2 failed, 0 skipped; 9 counts checked, 100531 nodes\n");
  job.max_depth = 1;
  r = check(job);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "ok   " + name + ":1 start  D1=20");
  EXPECT_NE(r.out.find("5 positions: 4 passed, 1 failed, 0 skipped; 4 counts checked, 98 nodes\n"),
            std::string::npos);
  EXPECT_EQ(untimed(r.err), "time\n");
}

TEST_F(SuiteJobs, UnreadableSuiteIsAnErrorAndTheNextRuns) {
  PerftJob job{.suites = {(dir_ / "missing.epd").string(), suite()}, .max_depth = 1};
  const Ran r = check(job);
  EXPECT_EQ(r.result, JobResult::kError);
  EXPECT_EQ(untimed(r.err), "fairy-perft: " + (dir_ / "missing.epd").string() +
                                ": cannot open file: No such file or directory\ntime\n");
  EXPECT_NE(r.out.find("5 positions: 4 passed, 1 failed"), std::string::npos) << r.out;
}

TEST_F(SuiteJobs, ProgressLineIsClearedBeforeEachReportLine) {
  PerftJob job{
      .suites = {write("ok.perft",
                       "id a\nfen startpos\nperft 1 20\n\nid b\nfen startpos\nperft 2 400\n")}};
  std::ostringstream out, err;
  std::vector<std::string> shown;
  JobOutput io{.out = out, .err = err};
  io.progress = [&](std::string_view text) { shown.emplace_back(text); };
  EXPECT_EQ(check_suites(job, io), JobResult::kOk);
  // The entries are read in batches, so the whole of this file is read before the first runs.
  const std::string name = (dir_ / "ok.perft").string().substr(0, 60);
  EXPECT_EQ(shown,
            (std::vector<std::string>{"", "[1, 100%] " + name, "", "[2, 100%] " + name, ""}));
}

TEST_F(SuiteJobs, JsonDocument) {
  PerftJob job{.suites = {write("two.perft", "id one\nfen startpos\nperft 1 20\nperft 2 401\n")},
               .json = true,
               .quiet = true};
  const Ran r = check(job);
  EXPECT_EQ(r.result, JobResult::kFailed);
  const std::string name = (dir_ / "two.perft").string();
  EXPECT_EQ(untimed(r.out),
            "{\"positions\":[\n{\"file\":\"" + name +
                R"(","line":2,"id":"one","fen":"startpos","status":"fail","counts":[{"depth":1,)"
                R"("expected":20,"nodes":20,"status":"pass"},{"depth":2,"expected":401,)"
                R"("nodes":400,"status":"fail"}],T})"
                "\n"
                R"(],"summary":{"positions":1,"passed":0,"failed":1,"skipped":0,)"
                R"("counts_checked":2,"nodes":420,T}})"
                "\n");
}

TEST_F(SuiteJobs, RanksPrintWhatOneProcessPrints) {
  PerftJob job{.suites = {suite(), write("b.perft", "id x\nfen startpos\nperft 3 8902\n"), suite()},
               .quiet = true};
  const Ran one = check(job);
  for (int ranks : {1, 2, 3, 4}) {
    const Ran r = shared(job, ranks, true);
    EXPECT_EQ(r.out, one.out) << ranks << " ranks";
    EXPECT_EQ(r.result, JobResult::kFailed);
  }
  job.json = true;
  job.max_depth = 2;
  job.threads = 2;
  const Ran json = shared(job, 1, true, 1);
  for (int ranks : {2, 3})
    EXPECT_EQ(untimed(shared(job, ranks, true, 1).out, true), untimed(json.out, true)) << ranks;
  // A file no rank can open: one error, the other files still run.
  job.json = false;
  job.suites = {(dir_ / "missing.epd").string(), suite()};
  const Ran missing = shared(job, 2, true);
  EXPECT_EQ(missing.result, JobResult::kError);
  EXPECT_EQ(missing.err, "fairy-perft: " + (dir_ / "missing.epd").string() +
                             ": cannot open file: No such file or directory\n");
  EXPECT_EQ(missing.out, check(job).out);
}

TEST(SuiteShares, ARankThatCannotOpenAFileStopsEveryRank) {
  ProcessRanks all(3);
  std::string root;
  // Each rank's message, checked where it is made: 0 when it is the one expected.
  const std::vector<int> results = all.run([&](const Collective& me) {
    SuiteShares shares(&me, [](std::string_view) {});
    const absl::Status own =
        me.rank() == 2 ? absl::NotFoundError("x.epd: cannot open file") : absl::OkStatus();
    const std::string seen(shares.agree_opened(own).message());
    if (me.is_root()) root = seen;
    return seen == (me.rank() == 2 ? "x.epd: cannot open file" : "rank 2: x.epd: cannot open file")
               ? 0
               : 1;
  });
  EXPECT_EQ(root, "rank 2: x.epd: cannot open file");
  EXPECT_EQ(results, (std::vector<int>{0, 0, 0}));
}

TEST(SuiteShares, SumsOverTheRanksIntoRankZero) {
  ProcessRanks all(3);
  std::vector<std::uint64_t> root;
  const std::vector<int> results = all.run([&](const Collective& me) {
    const std::vector<std::uint64_t> mine{1, std::uint64_t(me.rank()), std::uint64_t(1) << 40};
    std::vector<std::uint64_t> v = mine;
    SuiteShares(&me, [](std::string_view) {}).sum_to_root(v);
    if (me.is_root()) root = v;
    return me.is_root() || v == mine ? 0 : 1;  // the other ranks' values are left alone
  });
  EXPECT_EQ(root, (std::vector<std::uint64_t>{3, 3, std::uint64_t(3) << 40}));
  EXPECT_EQ(results, (std::vector<int>{0, 0, 0}));
}

class MadeSuiteJobs : public fairykit::testing::TempDirTest {};

TEST_F(MadeSuiteJobs, ToTheStreamOrToAFile) {
  MakeSuiteOptions o{.variant = VariantId::kFluidity, .positions = 3, .seed = 7, .depth = 2};
  std::string direct;
  ASSERT_TRUE(make_suite(o, [&](std::string_view t) { direct += t; }).ok());
  ASSERT_NE(direct.find("perft 2 "), std::string::npos);
  Ran r = run([&](JobOutput& io) { return write_made_suite(o, std::nullopt, io); });
  EXPECT_EQ(r.result, JobResult::kOk);
  EXPECT_EQ(r.out, direct);
  const std::string path = (dir_ / "made.perft").string();
  r = run([&](JobOutput& io) { return write_made_suite(o, path, io); });
  EXPECT_EQ(r.result, JobResult::kOk);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(path), direct);
  // EPD cannot carry CwDA's armies field: an error, and the file left as it was.
  o.variant = VariantId::kCwda;
  o.format = SuiteFormat::kEpd;
  r = run([&](JobOutput& io) { return write_made_suite(o, path, io); });
  EXPECT_EQ(r.result, JobResult::kError);
  EXPECT_EQ(r.err.rfind("fairy-perft: the native FEN of ", 0), 0u) << r.err;
  EXPECT_EQ(read_file(path), direct);
  EXPECT_EQ(entries(), 1);
}

TEST(RandomStartNumber, SplitMixFirstOutputModTheArrays) {
  EXPECT_EQ(random_start_number(7, 1728), 1047);
  EXPECT_EQ(random_start_number(123, 960), 235);
  EXPECT_EQ(random_start_number(5, 1), 0);
}

// The fake engine of the tool tests (tests/tools/fake_uci_engine.cpp), built beside the tools.
const std::string kEngine = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";

Ran compare(const PerftJob& job, const std::string& engine, bool suites) {
  CompareOptions o;
  o.engine.command = engine;
  return run([&](JobOutput& io) {
    return suites ? compare_suites(job, o, io) : compare_position(job, o, io);
  });
}

TEST(CompareJobs, APositionWhereTheEngineMissesAMove) {
  PerftJob job{.fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
               .max_depth = 2};
  Ran r = compare(job, kEngine + " --bug no-en-passant", false);
  EXPECT_EQ(r.result, JobResult::kFailed);
  EXPECT_EQ(r.out,
            "depth 1: 31 nodes, the engine counts 30\n"
            "position: rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2\n"
            "moves: none\nmissing in engine: e5d6\nillegal in engine: none\n");
  EXPECT_EQ(r.err, "");
  r = compare(job, kEngine, false);
  EXPECT_EQ(r.result, JobResult::kOk);
  EXPECT_EQ(r.out, "depth 1: 31 nodes, the engine agrees\ndepth 2: 807 nodes, the engine agrees\n");
}

TEST(CompareJobs, AnEngineThatCannotStart) {
  PerftJob job{.fen = "startpos", .depth = 2};
  const Ran r = compare(job, "/nonexistent/engine", false);
  EXPECT_EQ(r.result, JobResult::kEngineFailed);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(
      r.err,
      "fairy-perft: the engine \"/nonexistent/engine\" exited with status 127 (the shell found "
      "no such command) while answering \"uci\"\n");
}

TEST_F(SuiteJobs, CompareEverySuiteEntry) {
  const std::string suite =
      write("t.perft",
            "id one\nfen startpos\nperft 1 20\nperft 2 400\n\n"
            "id two\nfen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nperft 1 15\nperft 2 66\n");
  const PerftJob job{.suites = {suite, (dir_ / "missing.epd").string()}};
  const Ran r = compare(job, kEngine, true);
  EXPECT_EQ(r.result, JobResult::kError);
  const std::string name = (dir_ / "t.perft").string();
  EXPECT_EQ(r.out,
            "ok   " + name + ":2 one  D1=20 D2=400\nok   " + name +
                ":7 two  D1=15 D2=66\n2 positions: 2 agree, 0 differ, 0 failed, 0 skipped\n");
  EXPECT_EQ(r.err, "fairy-perft: " + (dir_ / "missing.epd").string() +
                       ": cannot open file: No such file or directory\n");
}

}  // namespace
}  // namespace fairykit::analysis
