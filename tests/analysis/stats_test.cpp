// The statistics of fairy-analyze from the inside: the opening tree
// (analysis/statistics/opening_tree.h) against hand-counted lines and against a map of every line,
// its node size and its limit; the median of the game lengths for odd and even counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "analysis/statistics/opening_tree.h"
#include "analysis/statistics/stats.h"

namespace fairykit::analysis {
namespace {

static_assert(sizeof(OpeningTree::Node) <= 64, "the opening tree's memory a line");

// The lines as "variant line games white draws black unfinished", one a line.
std::string listing(const OpeningTree& tree, std::uint64_t min) {
  std::string out;
  tree.for_each(min, [&](VariantId v, std::string_view line, const OpeningTree::Counts& c) {
    out += std::string(variant_info(v).name) + " " + std::string(line) + " " +
           std::to_string(c.games()) + " " + std::to_string(c.white) + " " +
           std::to_string(c.draws) + " " + std::to_string(c.black) + " " +
           std::to_string(c.unfinished) + "\n";
  });
  return out;
}

TEST(OpeningTree, NodeSize) { EXPECT_EQ(sizeof(OpeningTree::Node), 48u); }

TEST(OpeningTree, HandCountedLines) {
  OpeningTree tree;
  using Moves = std::vector<std::string>;
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"e4", "e5", "Nf3"}, 'w'));
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"e4", "e5", "Nc3"}, 'b'));
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"e4"}, 'd'));  // a game of one move
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"d4", "d5"}, '*'));
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"e4", "e5", "Nf3", "Nc6"}, 'd'));
  EXPECT_TRUE(tree.add(VariantId::kChess960, Moves{"e4"}, 'w'));
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{}, 'w'));  // no move: no line
  // e4: the games 1, 2, 3 and 5 (1-0, 0-1, draw, draw); e4 e5: 1, 2, 5; e4 e5 Nf3: 1, 5;
  // then one game each. chess960 after chess (the order of VariantId).
  EXPECT_EQ(listing(tree, 1),
            "chess d4 1 0 0 0 1\n"
            "chess d4 d5 1 0 0 0 1\n"
            "chess e4 4 1 2 1 0\n"
            "chess e4 e5 3 1 1 1 0\n"
            "chess e4 e5 Nc3 1 0 0 1 0\n"
            "chess e4 e5 Nf3 2 1 1 0 0\n"
            "chess e4 e5 Nf3 Nc6 1 0 1 0 0\n"
            "chess960 e4 1 1 0 0 0\n");
  EXPECT_EQ(tree.lines(), 8u);
  EXPECT_EQ(listing(tree, 2),
            "chess e4 4 1 2 1 0\n"
            "chess e4 e5 3 1 1 1 0\n"
            "chess e4 e5 Nf3 2 1 1 0 0\n");
  EXPECT_EQ(tree.lines_at_least(2), 3u);
  EXPECT_EQ(tree.lines_at_least(4), 1u);
  EXPECT_EQ(tree.lines_at_least(5), 0u);
  EXPECT_EQ(listing(tree, 5), "");
}

TEST(OpeningTree, TextOrderWhenAMoveStartsAnother) {
  // "Qh5" and "Qh5+" as siblings: "Qh5 e5" sorts before "Qh5+" (' ' < '+').
  OpeningTree tree;
  using Moves = std::vector<std::string>;
  tree.add(VariantId::kChess, Moves{"Qh5+", "g6"}, 'w');
  tree.add(VariantId::kChess, Moves{"Qh5", "e5"}, 'w');
  EXPECT_EQ(listing(tree, 1),
            "chess Qh5 1 1 0 0 0\n"
            "chess Qh5 e5 1 1 0 0 0\n"
            "chess Qh5+ 1 1 0 0 0\n"
            "chess Qh5+ g6 1 1 0 0 0\n");
}

// Games of random moves from a few, so that lines are shared, part and end at every depth.
std::vector<std::pair<std::vector<std::string>, char>> random_games(int n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const char* const moves[] = {"a", "b", "c", "Nf3", "N"};
  const char results[] = {'w', 'd', 'b', '*'};
  std::vector<std::pair<std::vector<std::string>, char>> games;
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> line(rng() % 9);
    for (std::string& m : line) m = moves[rng() % 5];
    games.emplace_back(std::move(line), results[rng() % 4]);
  }
  return games;
}

TEST(OpeningTree, AgreesWithAMapOfEveryLine) {
  OpeningTree tree;
  std::map<std::pair<VariantId, std::string>, OpeningTree::Counts> every;
  int i = 0;
  for (const auto& [moves, result] : random_games(3000, 2024)) {
    const VariantId v = i++ % 3 ? VariantId::kChess : VariantId::kInterweave;
    ASSERT_TRUE(tree.add(v, moves, result));
    std::string line;
    for (const std::string& m : moves) {
      line += (line.empty() ? "" : " ") + m;
      every[{v, line}].add(result);
    }
  }
  EXPECT_EQ(tree.lines(), every.size());
  for (const std::uint64_t min : {1, 2, 3, 7, 50, 1000}) {
    SCOPED_TRACE(min);
    std::string want;
    std::uint64_t n = 0;
    for (const auto& [k, c] : every) {
      if (c.games() < min) continue;
      ++n;
      want += std::string(variant_info(k.first).name) + " " + k.second + " " +
              std::to_string(c.games()) + " " + std::to_string(c.white) + " " +
              std::to_string(c.draws) + " " + std::to_string(c.black) + " " +
              std::to_string(c.unfinished) + "\n";
    }
    EXPECT_EQ(listing(tree, min), want);
    EXPECT_EQ(tree.lines_at_least(min), n);
  }
}

TEST(OpeningTree, AFullTreeRefusesAGameWhole) {
  // Nodes and tail words numbered below 12: a root, then room for a few games.
  OpeningTree tree(12);
  using Moves = std::vector<std::string>;
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"e4", "e5"}, 'w'));
  EXPECT_TRUE(tree.add(VariantId::kChess, Moves{"e4", "c5"}, 'b'));
  const std::string before = listing(tree, 1);
  bool refused = false;
  for (int i = 0; i < 20 && !refused; ++i)
    refused = !tree.add(VariantId::kChess, Moves{"d4", "d5", "c4", "e6"}, 'd');
  EXPECT_TRUE(refused);
  // What was counted stays exact, and the refused game left nothing.
  const std::string after = listing(tree, 1);
  EXPECT_EQ(after.substr(after.find("chess e4 ")), before);
  EXPECT_EQ(tree.lines(), 3u + (after.find("chess d4 ") == std::string::npos ? 0u : 4u));
}

// The cell of `column` in the first row of the table `name`.
std::string cell(const std::vector<StatsTable>& tables, const std::string& name,
                 const std::string& column) {
  for (const StatsTable& t : tables) {
    if (t.name != name || t.rows.empty()) continue;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
      if (t.columns[c] == column) return t.rows[0][c];
  }
  return "(absent)";
}

std::string median_of(const std::vector<int>& plies) {
  CollectionStats stats(StatsOptions{});
  for (const int p : plies) {
    GameFacts g;
    g.analysed = true;
    g.plies = p;
    g.result = 'd';
    g.termination = "agreement";
    stats.add(g);
  }
  return cell(stats.tables(), "length_summary", "median plies");
}

TEST(Stats, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(median_of({}), "(absent)");
  EXPECT_EQ(median_of({5}), "5");
  EXPECT_EQ(median_of({3, 1, 2}), "2");              // odd: the middle one
  EXPECT_EQ(median_of({1, 2}), "1.5");               // even: the mean of the middle two
  EXPECT_EQ(median_of({6, 4, 4, 6}), "5");           // ... which may be whole
  EXPECT_EQ(median_of({0, 0, 0, 7}), "0");           // the middle two equal
  EXPECT_EQ(median_of({10, 1, 1, 30, 40, 2}), "6");  // 1 1 2 10 30 40: (2 + 10) / 2
  EXPECT_EQ(median_of({0, 1}), "0.5");
}

TEST(Stats, WritersHandTheirTextOnAsItGrows) {
  // An opening tree big enough for every writer to hand its text on twice or more.
  StatsOptions o;
  o.tree_plies = 8;
  CollectionStats stats(o);
  for (const auto& [moves, result] : random_games(80000, 7)) {
    GameFacts g;
    g.analysed = true;
    g.plies = int(moves.size());
    g.result = result;
    g.termination = "agreement";
    g.tree = moves;
    stats.add(g);
  }
  const std::vector<StatsTable> tables = stats.tables();
  using Writer = void (*)(const std::vector<StatsTable>&, std::string&, const TextSink&);
  const Writer csv = [](const std::vector<StatsTable>& t, std::string& out, const TextSink& sink) {
    write_stats_csv(t, false, out, sink);
  };
  for (const Writer write : {Writer(write_stats_text), Writer(write_stats_json), csv}) {
    std::string whole;
    write(tables, whole, {});
    ASSERT_GT(whole.size(), 2 * kSpillBytes);
    std::string handed, rest;
    int pieces = 0;
    write(tables, rest, [&](std::string_view piece) {
      ++pieces;
      // A piece ends at the end of the row that took it past kSpillBytes.
      EXPECT_GE(piece.size(), kSpillBytes);
      EXPECT_LT(piece.size(), kSpillBytes + 4096);
      handed += piece;
    });
    EXPECT_GE(pieces, 2);
    EXPECT_LT(rest.size(), kSpillBytes);
    EXPECT_EQ(handed + rest, whole);
  }
}

}  // namespace
}  // namespace fairykit::analysis
