// The cells and table shapes that the statistics tables share (stats.cpp, online_stats.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/statistics/opening_tree.h"
#include "analysis/statistics/stats.h"

namespace fairykit::analysis::stats_cells {

std::string number(std::uint64_t n);
// A percentage with one decimal, or "" when there is nothing to divide.
std::string percent(double part, double whole);
std::string fixed1(double x);
// `x` with `places` digits after the point.
std::string fixed(double x, int places);
// A WhiteElo / BlackElo tag's value: 1 to 5 digits, else 0 (no rating).
int rating(std::string_view text);
// The rating band of `rating`, bands `width` points wide from 0 (--rating-band), and its
// name: "1800-1999".
int rating_band(int rating, int width);
std::string band_name(int band, int width);
// The six cells of results from `cells` on: games, 1-0, draws, 0-1, *, White's score.
void result_cells(std::string* cells, const OpeningTree::Counts& r);
void results_row(StatsTable& t, std::string key, const OpeningTree::Counts& r);
StatsTable make_table(std::string name, std::string title, std::vector<std::string> columns,
                      std::vector<bool> numeric);
// A table of results: `key`, games, 1-0, 1/2-1/2, 0-1, *, white score %.
StatsTable results_table(std::string name, std::string title, std::string key);

}  // namespace fairykit::analysis::stats_cells
