// The HTML report of fairy-analyze (analysis/statistics/report_html.h): a well-formed page (every
// element closed), nothing from the network, every table and chart present when it has
// rows and absent when it has none, text escaped, the charts' proportions, the missed
// wins' diagrams; and, when Debian's chromium is installed, that a browser draws it.
#include "analysis/statistics/report_html.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "analysis/statistics/stats.h"
#include "tests/analysis/png_reader.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

namespace fs = std::filesystem;

// ---- A small checker of the page's structure: tags nest and close, the void elements
// are written self-closed, and the text of <style> is skipped. "" when well formed, else
// what is wrong and where.
std::string structure_error(std::string_view html) {
  std::vector<std::string> open;
  std::size_t at = 0;
  while ((at = html.find('<', at)) != std::string_view::npos) {
    if (html.substr(at, 4) == "<!--") {
      const std::size_t end = html.find("-->", at);
      if (end == std::string_view::npos) return "an unclosed comment";
      at = end + 3;
      continue;
    }
    if (html.substr(at, 2) == "<!") {
      at = html.find('>', at);
      if (at == std::string_view::npos) return "an unclosed declaration";
      continue;
    }
    // The tag's end: the first '>' outside a quoted attribute value.
    std::size_t end = at + 1;
    for (char quote = 0; end < html.size() && (quote || html[end] != '>'); ++end)
      if (quote ? html[end] == quote : html[end] == '"' || html[end] == '\'')
        quote = quote ? 0 : html[end];
    if (end >= html.size()) return "an unclosed tag at " + std::to_string(at);
    std::string_view tag = html.substr(at + 1, end - at - 1);
    const bool closing = tag.starts_with('/');
    const bool self_closed = tag.ends_with('/');
    if (closing) tag.remove_prefix(1);
    std::string name(tag.substr(0, tag.find_first_of(" \n\t/")));
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])))
      return "a bad tag '" + std::string(tag) + "' at " + std::to_string(at);
    // Inside a tag, a '<' means a '>' or a quote went missing.
    if (tag.find('<') != std::string_view::npos) return "'<' inside the tag " + name;
    if (closing) {
      if (open.empty() || open.back() != name)
        return "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">") +
               " at " + std::to_string(at);
      open.pop_back();
    } else if (!self_closed) {
      for (std::string_view v : {"meta", "br", "img", "link", "hr", "input"})
        if (name == v) return "<" + name + "> not self-closed";
      open.push_back(name);
      if (name == "style") {  // raw text up to </style>
        const std::size_t close = html.find("</style>", end);
        if (close == std::string_view::npos) return "an unclosed <style>";
        at = close;
        continue;
      }
    }
    at = end + 1;
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  return "";
}

int count(std::string_view text, std::string_view what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

// The text between the start of the element with id `id` and the end of the next `</tag>`.
std::string element(const std::string& html, const std::string& id, const std::string& tag) {
  const std::size_t from = html.find("id=\"" + id + "\"");
  if (from == std::string::npos) return "";
  const std::size_t to = html.find("</" + tag + ">", from);
  return html.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

// The widths of the <rect>s filled with `colour` in `svg`.
std::vector<double> rect_widths(const std::string& svg, const std::string& colour) {
  std::vector<double> out;
  for (std::size_t at = svg.find("<rect "); at != std::string::npos;
       at = svg.find("<rect ", at + 1)) {
    const std::string r = svg.substr(at, svg.find("/>", at) - at);
    if (r.find("fill=\"" + colour + "\"") == std::string::npos) continue;
    const std::size_t w = r.find("width=\"");
    out.push_back(std::strtod(r.c_str() + w + 7, nullptr));
  }
  return out;
}

GameFacts game(VariantId v, char result, int plies, std::string white = "Alpha",
               std::string black = "Beta") {
  GameFacts g;
  g.analysed = true;
  g.variant = v;
  g.result = result;
  g.plies = plies;
  g.white = std::move(white);
  g.black = std::move(black);
  g.termination = result == 'd' ? "agreement" : "resignation";
  return g;
}

GameFacts::CaptureCount capture(PieceType moved, PieceType taken, CaptureMethod method,
                                std::uint32_t n = 1) {
  return {moved, taken, method, n};
}

// A collection with a row in every table: chess games (rated, with an opening tree and
// captures), Interweave games (remote captures), an unfinished CwDA game, a rejected game,
// and a player whose name needs escaping.
std::vector<StatsTable> sample_tables() {
  StatsOptions o;
  o.tree_plies = 2;
  CollectionStats stats(o);
  const std::vector<std::vector<std::string>> lines = {
      {"e4", "e5"}, {"e4", "c5"}, {"d4", "d5"}, {"d4", "Nf6"}, {"d4", "d5"}};
  const char results[] = {'w', 'w', 'd', 'b', 'w'};
  for (int i = 0; i < 5; ++i) {
    GameFacts g = game(VariantId::kChess, results[i], 40 + 20 * i);
    g.white_elo = 2400 + 100 * i;
    g.black_elo = 2500;
    g.tree = lines[std::size_t(i)];
    g.captures = {capture(KNIGHT, PAWN, CaptureMethod::kReplacement)};
    if (i == 1) g.captures.push_back(capture(PAWN, PAWN, CaptureMethod::kEnPassant));
    stats.add(g);
  }
  GameFacts bad = game(VariantId::kChess, 'w', 30, "<script>\"Bad\" & 'Co'</script>", "Gamma");
  stats.add(bad);
  for (char r : {'b', 'b', 'w'}) {
    GameFacts g = game(VariantId::kInterweave, r, 60);
    g.captures = {capture(ROOK, PAWN, CaptureMethod::kApproach),
                  capture(KNIGHT, BISHOP, CaptureMethod::kLeap, 2)};
    stats.add(g);
  }
  GameFacts unfinished = game(VariantId::kCwda, '*', 12);
  unfinished.pairing = "FIDE v Rookies";
  stats.add(unfinished);
  GameFacts rejected;
  rejected.reason = "illegal move \"Ke9\" <here>";
  stats.add(rejected);
  return stats.tables();
}

HtmlReportOptions options() {
  HtmlReportOptions o;
  o.inputs = {"games & more.pgn", "-"};
  o.date = "2024-05-01 12:00";
  return o;
}

std::string report(const std::vector<StatsTable>& tables, const HtmlReportOptions& o) {
  std::string out;
  write_html_report(tables, o, out);
  return out;
}

TEST(ReportHtml, CheckerFindsBrokenStructure) {
  EXPECT_EQ(structure_error("<html><body><p>a</p><br/></body></html>"), "");
  EXPECT_NE(structure_error("<html><body><p>a</body></html>"), "");
  EXPECT_NE(structure_error("<html><b><i>x</b></i></html>"), "");
  EXPECT_NE(structure_error("<p>a"), "");
  EXPECT_NE(structure_error("<meta charset=\"utf-8\">"), "");
  EXPECT_NE(structure_error("<p class=\"a>b</p>"), "");
  EXPECT_EQ(structure_error("<style>a > b {}</style>"), "");
}

TEST(ReportHtml, WellFormedAndSelfContained) {
  const std::string html = report(sample_tables(), options());
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n"));
  EXPECT_TRUE(html.ends_with("</html>\n"));
  EXPECT_EQ(structure_error(html), "");
  // Nothing fetched: the one "http" is the SVG namespace; no scripts, links, images or
  // imports.
  EXPECT_EQ(count(html, "http"), count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
  for (std::string_view s : {"<script", "<link", "<img", "<iframe", "src=", "url(", "@import"})
    EXPECT_EQ(html.find(s), std::string::npos) << s;
  // Links are to places in the page.
  for (std::size_t at = html.find("href=\""); at != std::string::npos;
       at = html.find("href=\"", at + 1))
    EXPECT_EQ(html[at + 6], '#') << html.substr(at, 40);
  EXPECT_EQ(html, report(sample_tables(), options()));  // the same bytes
}

TEST(ReportHtml, Header) {
  const std::string html = report(sample_tables(), options());
  EXPECT_NE(html.find("<title>fairy-analyze report</title>"), std::string::npos);
  EXPECT_NE(html.find("<b>11 games</b> read: 10 analysed, 1 rejected"), std::string::npos);
  EXPECT_NE(html.find("By variant: chess 6, cwda 1, interweave 3"), std::string::npos);
  EXPECT_NE(html.find("Inputs: <code>games &amp; more.pgn</code>, <code>standard input</code>"),
            std::string::npos);
  EXPECT_NE(html.find("Made 2024-05-01 12:00 by fairy-analyze."), std::string::npos);
}

// A run with a selection says how many games it left out.
TEST(ReportHtml, HeaderOfARunWithASelection) {
  StatsOptions o;
  o.filtered_column = true;
  CollectionStats stats(o);
  stats.add(game(VariantId::kChess, 'w', 40));
  stats.add_filtered(1234);
  const std::string html = report(stats.tables(), options());
  // (Thousands apart by a thin space.)
  EXPECT_NE(html.find("<b>1\u2009235 games</b> read: 1 analysed, 1\u2009234 filtered out, 0 "
                      "rejected"),
            std::string::npos);
}

TEST(ReportHtml, EveryTableWithItsTitleAndEntry) {
  const std::vector<StatsTable> tables = sample_tables();
  const std::string html = report(tables, options());
  int with_rows = 0;
  for (const StatsTable& t : tables) {
    SCOPED_TRACE(t.name);
    EXPECT_EQ(count(html, "<section class=\"table\" id=\"table-" + t.name + "\">"), 1);
    EXPECT_EQ(count(html, "<li><a href=\"#table-" + t.name + "\">" + html_escape(t.title)), 1);
    const std::string section = element(html, "table-" + t.name, "section");
    if (row_count(t) == 0) {
      EXPECT_NE(section.find("(none)"), std::string::npos);
      continue;
    }
    ++with_rows;
    EXPECT_EQ(count(section, "<tr>"), int(row_count(t)) + 1);
    // Numbers right-aligned, text not.
    for (std::size_t c = 0; c < t.columns.size(); ++c)
      EXPECT_EQ(section.find(std::string(t.numeric[c] ? "<th>" : "<th class=\"n\">") +
                             html_escape(t.columns[c]) + "</th>"),
                std::string::npos)
          << t.columns[c];
  }
  EXPECT_EQ(count(html, "<table>"), with_rows);
  const std::string players = element(html, "table-players", "section");
  EXPECT_NE(players.find("<tr><td>Alpha</td><td class=\"n\">9</td>"), std::string::npos) << players;
}

TEST(ReportHtml, IdsAreUnique) {
  // --group-by variant: a second results_by_variant; a tag with a space.
  std::vector<StatsTable> tables = sample_tables();
  tables.push_back(tables[2]);
  ASSERT_EQ(tables.back().name, "results_by_variant");
  tables.push_back(tables[2]);
  tables.back().name = "results_by_Time Control";
  const std::string html = report(tables, options());
  EXPECT_EQ(count(html, "id=\"table-results_by_variant\""), 1);
  EXPECT_EQ(count(html, "id=\"table-results_by_variant-2\""), 1);
  EXPECT_EQ(count(html, "id=\"chart-results_by_variant-2\""), 1);
  EXPECT_EQ(count(html, "href=\"#table-results_by_variant-2\""), 1);
  EXPECT_EQ(count(html, "id=\"table-results_by_Time_Control\""), 1);
  EXPECT_EQ(count(html, "href=\"#chart-results_by_Time_Control\""), 1);
}

TEST(ReportHtml, TextIsEscaped) {
  const std::string html = report(sample_tables(), options());
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_EQ(html.find("\"Bad\""), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;&quot;Bad&quot; &amp; &#39;Co&#39;&lt;/script&gt;"),
            std::string::npos);
  EXPECT_NE(html.find("illegal move &quot;Ke9&quot; &lt;here&gt;"), std::string::npos);
  EXPECT_EQ(html_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
}

TEST(ReportHtml, ChartsOfTheTablesWithRows) {
  const std::string html = report(sample_tables(), options());
  for (std::string_view id :
       {"chart-results_by_variant", "chart-results_by_pairing", "chart-lengths",
        "chart-capture_methods", "chart-rating_difference", "chart-opening_tree"}) {
    SCOPED_TRACE(id);
    EXPECT_EQ(count(html, "<figure class=\"chart\" id=\"" + std::string(id) + "\">"), 1);
    EXPECT_EQ(count(html, "<li><a href=\"#" + std::string(id) + "\">"), 1);
    const std::string figure = element(html, std::string(id), "figure");
    EXPECT_NE(figure.find("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\""),
              std::string::npos);
  }
  // The legends name what the colours are.
  const std::string results = element(html, "chart-results_by_variant", "figure");
  for (std::string_view key : {"1-0 (White won)", "0-1 (Black won)", "(drawn)"})
    EXPECT_NE(results.find(key), std::string::npos) << key;
  const std::string methods = element(html, "chart-capture_methods", "figure");
  for (std::string_view key : {">replacement<", ">en passant<", ">approach<", ">leap<"})
    EXPECT_NE(methods.find(key), std::string::npos) << key;
  EXPECT_EQ(methods.find(">custodian<"), std::string::npos);  // no such capture
  const std::string rating = element(html, "chart-rating_difference", "figure");
  EXPECT_NE(rating.find("White&#39;s rating minus Black&#39;s"), std::string::npos);
  EXPECT_EQ(count(rating, "<polyline"), 2);
  const std::string lengths = element(html, "chart-lengths", "figure");
  EXPECT_NE(lengths.find("plies (buckets of 20)"), std::string::npos);
  EXPECT_NE(lengths.find("chess: 6 games"), std::string::npos);
}

TEST(ReportHtml, ResultBarsAreInProportion) {
  // Chess: 4 of 6 won by White, 1 drawn, 1 won by Black.
  const std::string html = report(sample_tables(), options());
  const std::string chart = element(html, "chart-results_by_variant", "figure");
  const std::string chess = chart.substr(chart.find("<title>chess: "));
  const std::vector<double> white = rect_widths(chess, "#E69F00");
  const std::vector<double> drawn = rect_widths(chess, "#ABABAB");
  const std::vector<double> black = rect_widths(chess, "#0072B2");
  ASSERT_GE(white.size(), 1u);
  ASSERT_GE(drawn.size(), 1u);
  ASSERT_GE(black.size(), 1u);
  EXPECT_NEAR(white[0] / drawn[0], 4.0, 0.02);
  EXPECT_NEAR(black[0] / drawn[0], 1.0, 0.02);
  EXPECT_NE(chess.find(">67%<"), std::string::npos);
}

TEST(ReportHtml, OpeningTreeMostPlayedFirst) {
  const std::string html = report(sample_tables(), options());
  const std::string tree = element(html, "chart-opening_tree", "figure");
  // 1. d4 (3 games) before 1. e4 (2); under d4, 1... d5 (2) before 1... Nf6 (1).
  const std::size_t d4 = tree.find(">1. d4<"), e4 = tree.find(">1. e4<"),
                    d5 = tree.find(">1\u2026 d5<"), nf6 = tree.find(">1\u2026 Nf6<");
  ASSERT_NE(d4, std::string::npos) << tree;
  ASSERT_NE(e4, std::string::npos);
  EXPECT_LT(d4, d5);
  EXPECT_LT(d5, nf6);
  EXPECT_LT(nf6, e4);
  EXPECT_NE(tree.find("3 games, White scored 50%"), std::string::npos);
  // A line limit shows the first lines, depth first, and says so.
  HtmlReportOptions o = options();
  o.max_tree_lines = 2;
  const std::string cut = element(report(sample_tables(), o), "chart-opening_tree", "figure");
  EXPECT_NE(cut.find(">1\u2026 d5<"), std::string::npos);
  EXPECT_EQ(cut.find(">1. e4<"), std::string::npos);
  EXPECT_NE(cut.find("The first 2 of 6 lines."), std::string::npos);
}

// The lines of an opening tree chart in the order drawn, from the titles of its groups:
// "chess 1. e4", "chess 1… e5", ...
std::vector<std::string> drawn_lines(const std::string& figure) {
  std::vector<std::string> out;
  for (std::size_t at = figure.find("<g><title>"); at != std::string::npos;
       at = figure.find("<g><title>", at + 1)) {
    const std::size_t from = at + 10;
    out.push_back(figure.substr(from, figure.find(':', from) - from));
  }
  return out;
}

// The same drawn the plain way: the whole tree built from the table's rows, the children
// of each line sorted by games (ties in the rows' order), depth first, the first `max`.
std::vector<std::string> drawn_lines_plainly(const StatsTable& t, std::size_t max) {
  struct Node {
    std::string variant, move;
    int depth = 0;
    double games = 0;
    std::vector<std::size_t> kids;
  };
  std::vector<Node> nodes;
  std::vector<std::size_t> roots;
  std::map<std::pair<std::string, std::string>, std::size_t> index;
  for_each_row(t, [&](const StatsRow& row) {
    const std::string& line = row[1];
    const std::size_t sp = line.rfind(' ');
    Node n{row[0], sp == std::string::npos ? line : line.substr(sp + 1), 1, std::stod(row[2]), {}};
    if (sp != std::string::npos) {
      const std::size_t parent = index.at({row[0], line.substr(0, sp)});
      n.depth = nodes[parent].depth + 1;
      nodes[parent].kids.push_back(nodes.size());
    } else {
      roots.push_back(nodes.size());
    }
    index[{row[0], line}] = nodes.size();
    nodes.push_back(std::move(n));
  });
  const auto by_games = [&](std::vector<std::size_t>& v) {
    std::stable_sort(v.begin(), v.end(),
                     [&](std::size_t a, std::size_t b) { return nodes[a].games > nodes[b].games; });
  };
  for (Node& n : nodes) by_games(n.kids);
  // The variants one after the other, each sorted apart.
  std::vector<std::string> out;
  std::size_t first = 0;
  while (first < roots.size() && out.size() < max) {
    std::size_t end = first;
    while (end < roots.size() && nodes[roots[end]].variant == nodes[roots[first]].variant) ++end;
    std::vector<std::size_t> level(roots.begin() + std::ptrdiff_t(first),
                                   roots.begin() + std::ptrdiff_t(end));
    by_games(level);
    std::vector<std::size_t> stack(level.rbegin(), level.rend());
    while (!stack.empty() && out.size() < max) {
      const Node& n = nodes[stack.back()];
      stack.pop_back();
      const int ply = n.depth - 1;
      out.push_back(n.variant + " " + std::to_string(ply / 2 + 1) +
                    (ply % 2 == 0 ? ". " : "\u2026 ") + n.move);
      stack.insert(stack.end(), n.kids.rbegin(), n.kids.rend());
    }
    first = end;
  }
  return out;
}

TEST(ReportHtml, OpeningTreeOrderOfAManyLinedTree) {
  // Two variants of random games over a few moves: many ties, lines cut at every depth.
  StatsOptions so;
  so.tree_plies = 6;
  CollectionStats stats(so);
  std::uint32_t x = 12345;
  const auto next = [&] { return (x = x * 1103515245u + 12345u) >> 16; };
  const char* const moves[] = {"a", "b", "c", "d"};
  for (int i = 0; i < 600; ++i) {
    GameFacts g = game(i % 4 ? VariantId::kChess : VariantId::kChess960, "wdb*"[next() % 4], 6);
    for (std::uint32_t k = next() % 7; k > 0; --k) g.tree.push_back(moves[next() % 4]);
    stats.add(g);
  }
  const std::vector<StatsTable> tables = stats.tables();
  const StatsTable* tree = nullptr;
  for (const StatsTable& t : tables)
    if (t.name == "opening_tree") tree = &t;
  ASSERT_NE(tree, nullptr);
  ASSERT_GT(row_count(*tree), 500u);
  for (const std::size_t max : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7),
                                std::size_t(40), std::size_t(300), std::size_t(100000)}) {
    SCOPED_TRACE(max);
    HtmlReportOptions o = options();
    o.max_tree_lines = max;
    const std::string figure = element(report(tables, o), "chart-opening_tree", "figure");
    EXPECT_EQ(drawn_lines(figure), drawn_lines_plainly(*tree, max));
    const std::size_t all = row_count(*tree);
    if (max < all)
      EXPECT_NE(figure.find(absl::StrFormat("The first %d of %d lines.", max, all)),
                std::string::npos);
  }
}

TEST(ReportHtml, NoChartsWithoutData) {
  // Only a rejected game: the tables are there, empty, and no chart is drawn.
  CollectionStats stats(StatsOptions{});
  GameFacts rejected;
  rejected.reason = "no moves";
  stats.add(rejected);
  const std::vector<StatsTable> tables = stats.tables();
  const std::string html = report(tables, options());
  EXPECT_EQ(structure_error(html), "");
  EXPECT_EQ(html.find("<svg"), std::string::npos);
  EXPECT_EQ(html.find("id=\"charts\""), std::string::npos);
  EXPECT_EQ(html.find("href=\"#charts\""), std::string::npos);
  EXPECT_NE(html.find("id=\"table-results_by_variant\""), std::string::npos);
  EXPECT_GE(count(html, "(none)"), 3);
  // Nothing at all: still a page.
  const std::string empty = report({}, {});
  EXPECT_EQ(structure_error(empty), "");
  EXPECT_EQ(empty.find("<svg"), std::string::npos);
}

TEST(ReportHtml, MissedWinsAsBoardDiagrams) {
  HtmlReportOptions o = options();
  MissedWin w;
  w.file = "games & more.pgn";
  w.game = 7;
  w.ply = 7;
  w.variant = VariantId::kChess;
  w.fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4";
  w.played = "Nc3";
  w.win_line = {"Qxf7#"};
  w.plies = 1;
  o.missed_wins.push_back(w);
  MissedWin broken = w;
  broken.fen = "not a fen <at all>";
  o.missed_wins.push_back(broken);
  const std::string html = report(sample_tables(), o);
  EXPECT_EQ(structure_error(html), "");
  EXPECT_NE(html.find("<li class=\"part\"><a href=\"#missed-wins\">Missed wins (2)</a></li>"),
            std::string::npos);
  const std::string wins = element(html, "missed-wins", "div");
  EXPECT_EQ(count(wins, "<figure class=\"win\">"), 2);
  // The board: svg_board's diagram of the position, the played move's squares tinted, the
  // win's first move an arrow.
  EXPECT_NE(wins.find("<desc>chess " + w.fen + "</desc>"), std::string::npos);
  EXPECT_EQ(count(wins, "fill=\"#2f6fd0\" fill-opacity=\"0.5\""), 2);  // b1, c3
  EXPECT_EQ(count(wins, "<polygon"), 1);                               // f3 to f7
  EXPECT_NE(wins.find("<b>games &amp; more.pgn</b>, game 7, ply 7 (chess)<br/>White to move "
                      "played <b>Nc3</b> (blue squares); it had a forced win in 1 ply: "
                      "<b>Qxf7#</b>"),
            std::string::npos)
      << wins;
  // A position that cannot be set up: said, without a diagram.
  EXPECT_NE(wins.find("<p class=\"problem\">No diagram: "), std::string::npos);
  EXPECT_NE(wins.find("not a fen &lt;at all&gt;"), std::string::npos);
  // Black to move: the board is seen from Black's side (h1 at the top left: file letters
  // from h to a).
  o.missed_wins = {w};
  o.missed_wins[0].fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
  o.missed_wins[0].played = "Nc6";
  o.missed_wins[0].win_line = {"Qh4#"};
  const std::string black = element(report(sample_tables(), o), "missed-wins", "div");
  EXPECT_NE(black.find("Black to move played <b>Nc6</b>"), std::string::npos);
  EXPECT_LT(black.find(">h</text>"), black.find(">a</text>"));
}

// The evaluation graphs of fairy-analyze --engine --eval-graphs: one figure per game in
// their own section, the curve broken where a position has no evaluation (a lone point a
// dot), each marked move a dot of its class's colour with its label, the move numbers below.
TEST(ReportHtml, EvaluationGraphs) {
  HtmlReportOptions o = options();
  const double none = std::numeric_limits<double>::quiet_NaN();
  std::vector<EvalGraph> graphs(2);
  graphs[0].heading = "a.pgn, game 1: A & B - C, 1-0";
  graphs[0].caption = "White: accuracy 62.0%";
  // 25 positions: from 0.5 down to 0.0 and back; no evaluation at 10 and at 12, so that
  // position 11 stands alone.
  for (int i = 0; i <= 24; ++i) graphs[0].white.push_back(i == 10 || i == 12 ? none : 0.5);
  graphs[0].white[4] = 0.0;
  graphs[0].white[24] = 1.0;
  graphs[0].marks = {{4, MoveClass::kBlunder, "2... Qh4?? blunder"},
                     {5, MoveClass::kInaccuracy, "3. e4?! inaccuracy"},
                     {7, MoveClass::kMistake, "4. d4? mistake"},
                     {10, MoveClass::kMistake, "not drawn: no evaluation there"}};
  graphs[1].heading = "a.pgn, game 2";
  graphs[1].white = {0.5, 0.5};
  graphs[1].white_first = false;
  o.eval_graphs = [&](const std::function<void(const EvalGraph&)>& each) {
    for (const EvalGraph& g : graphs) each(g);
  };
  const std::string html = report(sample_tables(), o);
  EXPECT_EQ(structure_error(html), "");
  EXPECT_NE(html.find("<li class=\"part\"><a href=\"#eval-graphs\">Evaluation graphs</a></li>"),
            std::string::npos);
  const std::string first = element(html, "eval-1", "figure");
  EXPECT_NE(first.find("<h3>a.pgn, game 1: A &amp; B - C, 1-0</h3>"), std::string::npos);
  EXPECT_NE(first.find("<figcaption>White: accuracy 62.0%</figcaption>"), std::string::npos);
  // Positions 0-9 and 13-24: two lines; 11 alone: a dot.
  EXPECT_EQ(count(first, "<polyline"), 2);
  EXPECT_EQ(count(first, "r=\"2\" fill=\"#0072B2\""), 1);
  // Three marks (the fourth sits on a position without an evaluation), in their colours, at
  // White's expected score: 0 at the bottom (y 158), 0.5 in the middle (y 83).
  EXPECT_EQ(count(first, "r=\"4.5\""), 3);
  EXPECT_NE(first.find("<title>2... Qh4?? blunder</title><circle cx=\"186\" cy=\"158\" "
                       "r=\"4.5\" fill=\"#D55E00\""),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("cy=\"83\" r=\"4.5\" fill=\"#56B4E9\""), std::string::npos);
  EXPECT_NE(first.find("cy=\"83\" r=\"4.5\" fill=\"#E69F00\""), std::string::npos);
  EXPECT_EQ(first.find("not drawn"), std::string::npos);
  // Move numbers under the positions after Black's moves: 24 positions are 12 moves, a tick
  // every 2 (nice_step: 12 / 8 -> 2), from "2" at position 4.
  EXPECT_NE(first.find(">2</text>"), std::string::npos);
  EXPECT_NE(first.find(">12</text>"), std::string::npos);
  EXPECT_EQ(first.find(">1</text>"), std::string::npos);
  // The second: Black moved first, so that its one move is move 1, numbered under the
  // position after it; no caption.
  const std::string second = element(html, "eval-2", "figure");
  EXPECT_EQ(count(second, "<polyline"), 1);
  EXPECT_NE(second.find("<line x1=\"886\" y1=\"158\" x2=\"886\" y2=\"162\""), std::string::npos)
      << second;
  EXPECT_NE(second.find(">1</text>"), std::string::npos);
  EXPECT_EQ(second.find("<figcaption>"), std::string::npos);
  EXPECT_EQ(html.find("id=\"eval-3\""), std::string::npos);
  // Without graphs: no section.
  EXPECT_EQ(report(sample_tables(), options()).find("eval-graphs"), std::string::npos);
}

// ---- A browser draws it: Debian's chromium, headless, when installed.

class ReportHtmlChromium : public testing::TempDirTest {
 protected:
  void SetUp() override {
    if (!fs::exists("/usr/bin/chromium"))
      GTEST_SKIP() << "/usr/bin/chromium not found (Debian package chromium): skipped";
    TempDirTest::SetUp();
  }
};

TEST_F(ReportHtmlChromium, ScreenshotShowsTheCharts) {
  const fs::path page = dir_ / "report.html", png = dir_ / "report.png";
  { std::ofstream(page, std::ios::binary) << report(sample_tables(), options()); }
  // --no-sandbox: the sandbox refuses to run as root (containers, CI).
  const std::string cmd =
      "timeout 120 /usr/bin/chromium --headless --no-sandbox --disable-gpu "
      "--hide-scrollbars --no-first-run --user-data-dir='" +
      (dir_ / "profile").string() + "' --window-size=1000,1600 --screenshot='" + png.string() +
      "' 'file://" + page.string() + "' >'" + (dir_ / "log").string() + "' 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd << "\n" << testing::read_file(dir_ / "log");
  std::string why;
  const std::optional<testing::PngImage> img = testing::decode_png(testing::read_file(png), &why);
  ASSERT_TRUE(img.has_value()) << why;
  EXPECT_EQ(img->width, 1000);
  EXPECT_EQ(img->height, 1600);
  // Not blank: text, and the charts' colours (the results' orange and blue).
  int ink = 0, orange = 0, blue = 0;
  const auto near = [](testing::Rgba p, int r, int g, int b) {
    return std::abs(p.r - r) + std::abs(p.g - g) + std::abs(p.b - b) < 24;
  };
  for (int y = 0; y < img->height; ++y)
    for (int x = 0; x < img->width; ++x) {
      const testing::Rgba p = img->at(x, y);
      ink += p.r + p.g + p.b < 200;
      orange += near(p, 0xE6, 0x9F, 0x00);
      blue += near(p, 0x00, 0x72, 0xB2);
    }
  EXPECT_GT(ink, 2000);
  EXPECT_GT(orange, 1000);
  EXPECT_GT(blue, 1000);
}

}  // namespace
}  // namespace fairykit::analysis
