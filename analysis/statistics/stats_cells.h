// The cells and table shapes that the statistics tables share (stats.cpp, online_stats.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/statistics/opening_tree.h"
#include "analysis/statistics/stats.h"

namespace fairykit::analysis::stats_cells {

std::string number(std::uint64_t n);
// A percentage with one decimal, or "" when there is nothing to divide.
std::string percent(double part, double whole);
std::string fixed1(double x);
// The six cells of results from `cells` on: games, 1-0, draws, 0-1, *, White's score.
void result_cells(std::string* cells, const OpeningTree::Counts& r);
void results_row(StatsTable& t, std::string key, const OpeningTree::Counts& r);
StatsTable make_table(std::string name, std::string title, std::vector<std::string> columns,
                      std::vector<bool> numeric);
// A table of results: `key`, games, 1-0, 1/2-1/2, 0-1, *, white score %.
StatsTable results_table(std::string name, std::string title, std::string key);

}  // namespace fairykit::analysis::stats_cells
