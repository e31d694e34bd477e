#include "analysis/statistics/report_html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/formats/svg_board.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const char* ref = c == '&'    ? "&amp;"
                      : c == '<'  ? "&lt;"
                      : c == '>'  ? "&gt;"
                      : c == '"'  ? "&quot;"
                      : c == '\'' ? "&#39;"
                                  : nullptr;
    if (ref)
      out += ref;
    else
      out += c;
  }
  return out;
}

namespace {

// ---- Colours. The results: Okabe and Ito's orange, a grey and their blue; the capture
// methods: Paul Tol's "muted" palette, one colour per CaptureMethod in its order.
constexpr std::string_view kWhiteWon = "#E69F00";
constexpr std::string_view kDrawn = "#ABABAB";
constexpr std::string_view kBlackWon = "#0072B2";
constexpr std::string_view kUnfinished = "#E6E6E6";
constexpr std::string_view kExpected = "#444444";
constexpr std::string_view kGrid = "#DDDDDD";
constexpr std::string_view kAxis = "#555555";
constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kMethods = {{
    {"replacement", "#332288"},
    {"en passant", "#88CCEE"},
    {"approach", "#44AA99"},
    {"withdrawal", "#117733"},
    {"leap", "#999933"},
    {"short leap", "#DDCC77"},
    {"custodian", "#CC6677"},
    {"removal", "#882255"},
    {"dissection", "#AA4499"},
}};
constexpr std::string_view kOtherMethod = "#BBBBBB";

// Black or white, whichever reads better on `fill` ("#RRGGBB").
std::string_view ink_on(std::string_view fill) {
  const auto channel = [&](int at) {
    return double(std::strtol(std::string(fill.substr(std::size_t(at), 2)).c_str(), nullptr, 16)) /
           255.0;
  };
  const double luma = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luma < 0.45 ? "#FFFFFF" : "#111111";
}

constexpr double kWidth = 900;  // every chart's width in SVG units (CSS pixels)

std::string num(double v) {
  std::string s = absl::StrFormat("%.1f", v);
  if (s.ends_with(".0")) s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

// A cell as a number (0 when empty or not a number).
double value(const std::string& cell) {
  if (cell.empty()) return 0;
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  return end == cell.c_str() ? 0 : v;
}

// "1234567" -> "1 234 567" (thin spaces), for the labels of counts.
std::string grouped(double v) {
  std::string digits = absl::StrFormat("%.0f", v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out += "\u2009";
    out += digits[i];
  }
  return out;
}

const StatsTable* find_table(const std::vector<StatsTable>& tables, std::string_view name) {
  for (const StatsTable& t : tables)
    if (t.name == name) return &t;
  return nullptr;
}

int column(const StatsTable& t, std::string_view name) {
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    if (t.columns[c] == name) return int(c);
  return -1;
}

// The text of a cell of row `r` in column `c` ("" when the column is missing).
const std::string& cell(const std::vector<std::string>& row, int c) {
  static const std::string kNone;
  return c >= 0 && std::size_t(c) < row.size() ? row[std::size_t(c)] : kNone;
}

// The ids of the tables (and of their charts, "chart-" + id): the name with letters,
// digits, '-' and '_' only, "-2", "-3"... added to a name seen before (--group-by variant
// makes a second results_by_variant).
std::vector<std::string> table_ids(const std::vector<StatsTable>& tables) {
  std::vector<std::string> ids;
  std::map<std::string, int> seen;
  for (const StatsTable& t : tables) {
    std::string id;
    for (char c : t.name)
      id += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
    if (const int n = ++seen[id]; n > 1) id += "-" + std::to_string(n);
    ids.push_back(std::move(id));
  }
  return ids;
}

// `text` cut to `chars` characters (UTF-8 aware, an ellipsis at the cut).
std::string clip(std::string_view text, std::size_t chars) {
  std::size_t n = 0, at = 0;
  for (; at < text.size(); ++at) {
    if ((static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) continue;
    if (n == chars) return std::string(text.substr(0, at)) + "\u2026";
    ++n;
  }
  return std::string(text);
}

// An estimate of the width of `text` at 12px in DejaVu Sans (a little generous for others):
// capitals and digits are wider than small letters, spaces and punctuation narrower.
double text_width(std::string_view text) {
  double w = 0;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if ((c & 0xC0) == 0x80) continue;
    w += c >= 'A' && c <= 'Z'                                                    ? 8.4
         : c >= '0' && c <= '9'                                                  ? 7.7
         : c == ' ' || c == '.' || c == ',' || c == ':' || c == '-' || c == '\'' ? 4.2
                                                                                 : 7.0;
  }
  return w;
}

// A step of 1, 2 or 5 times a power of ten giving about `ticks` intervals up to `top`.
double nice_step(double top, int ticks) {
  if (top <= 0) return 1;
  const double raw = top / ticks, power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return std::max(1.0, m * power);
  return std::max(1.0, 10 * power);
}

// ---- SVG pieces.

struct Svg {
  std::string body;
  void rect(double x, double y, double w, double h, std::string_view fill,
            std::string_view extra = "") {
    absl::StrAppendFormat(&body,
                          "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"%s/>",
                          num(x), num(y), num(w), num(h), fill, extra);
  }
  void line(double x1, double y1, double x2, double y2, std::string_view stroke,
            std::string_view extra = "") {
    absl::StrAppendFormat(&body, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\"%s/>",
                          num(x1), num(y1), num(x2), num(y2), stroke, extra);
  }
  // `text` is escaped here; `cls` one of the chart classes of the page's style sheet.
  void text(double x, double y, std::string_view text, std::string_view cls,
            std::string_view extra = "") {
    absl::StrAppendFormat(&body, "<text x=\"%s\" y=\"%s\" class=\"%s\"%s>%s</text>", num(x), num(y),
                          cls, extra, html_escape(text));
  }
  void open_group(std::string_view title) {
    body += "<g><title>" + html_escape(title) + "</title>";
  }
  void close_group() { body += "</g>\n"; }
};

// The chart element around `svg`, `height` units high.
void emit_chart(std::string& out, std::string_view id, std::string_view heading,
                std::string_view caption, const Svg& svg, double height) {
  absl::StrAppendFormat(&out, "<figure class=\"chart\" id=\"%s\">\n<h3>%s</h3>\n", id,
                        html_escape(heading));
  absl::StrAppendFormat(&out,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" viewBox=\"0 0 "
                        "%s %s\" width=\"%s\" height=\"%s\" role=\"img\" aria-label=\"%s\">\n",
                        num(kWidth), num(height), num(kWidth), num(height), html_escape(heading));
  out += svg.body;
  out += "</svg>\n";
  if (!caption.empty()) out += "<figcaption>" + html_escape(caption) + "</figcaption>\n";
  out += "</figure>\n";
}

struct Swatch {
  enum Kind { kBox, kLine, kDashed };
  std::string name;
  std::string colour;
  Kind kind = kBox;
};

// A row of keys from (x, y) on, wrapped at the chart's width. Returns the height used.
double legend(Svg& svg, const std::vector<Swatch>& keys, double x, double y) {
  double cx = x, cy = y;
  for (const Swatch& k : keys) {
    const double w = 22 + text_width(k.name) + 18;
    if (cx + w > kWidth && cx > x) {
      cx = x;
      cy += 18;
    }
    if (k.kind == Swatch::kBox)
      svg.rect(cx, cy, 14, 12, k.colour, " stroke=\"#777\" stroke-width=\"0.5\"");
    else
      svg.line(cx, cy + 6, cx + 16, cy + 6, k.colour,
               k.kind == Swatch::kDashed ? " stroke-width=\"2\" stroke-dasharray=\"4 3\""
                                         : " stroke-width=\"3\"");
    svg.text(cx + 20, cy + 10.5, k.name, "lbl");
    cx += w;
  }
  return cy - y + 18;
}

// ---- Bars of shares: a bar per row, split into the parts' shares.

struct ShareRow {
  std::string label;
  std::vector<double> parts;  // one per key
  std::string right;          // the text right of the bar ("1 234 games")
};

// Draws from y down; returns the y under the chart.
double share_bars(Svg& svg, const std::vector<Swatch>& keys, const std::vector<ShareRow>& rows,
                  std::string_view axis_label, double y) {
  y += legend(svg, keys, 10, y) + 8;
  constexpr std::size_t kLabelChars = 44;  // longer labels are cut
  double label_w = 40;
  for (const ShareRow& r : rows)
    label_w = std::max(label_w, text_width(clip(r.label, kLabelChars)));
  const double left = 16 + std::min(label_w, 330.0), right_w = 110;
  const double bar_w = kWidth - left - right_w - 10, row_h = 22, bar_h = 16;
  const double top = y;
  for (int p = 0; p <= 4; ++p) {
    const double x = left + bar_w * p / 4;
    svg.line(x, top - 2, x, top + row_h * double(rows.size()) + 2,
             p == 2 ? std::string_view("#888") : kGrid, p == 2 ? " stroke-dasharray=\"3 3\"" : "");
  }
  for (const ShareRow& r : rows) {
    double total = 0;
    for (double p : r.parts) total += p;
    std::string title = r.label + ": " + r.right;
    for (std::size_t k = 0; k < r.parts.size(); ++k)
      if (r.parts[k] > 0)
        title += absl::StrFormat("; %s %s (%s%%)", keys[k].name, grouped(r.parts[k]),
                                 num(100 * r.parts[k] / total));
    svg.open_group(title);
    svg.text(left - 8, y + bar_h - 3.5, clip(r.label, kLabelChars), "lbl", " text-anchor=\"end\"");
    double x = left;
    for (std::size_t k = 0; k < r.parts.size() && total > 0; ++k) {
      const double w = bar_w * r.parts[k] / total;
      if (w <= 0) continue;
      svg.rect(x, y, w, bar_h, keys[k].colour);
      const double share = 100 * r.parts[k] / total;
      const std::string pct = absl::StrFormat("%.0f%%", share);
      if (w >= double(pct.size()) * 6.2 + 4)
        svg.text(x + w / 2, y + bar_h - 4, pct, "in",
                 absl::StrFormat(" text-anchor=\"middle\" fill=\"%s\"", ink_on(keys[k].colour)));
      x += w;
    }
    svg.text(left + bar_w + 8, y + bar_h - 3.5, r.right, "lbl");
    svg.close_group();
    y += row_h;
  }
  for (int p = 0; p <= 4; ++p)
    svg.text(left + bar_w * p / 4, y + 12, absl::StrFormat("%d%%", 25 * p), "tick",
             " text-anchor=\"middle\"");
  svg.text(left + bar_w / 2, y + 28, axis_label, "axis", " text-anchor=\"middle\"");
  return y + 36;
}

std::vector<Swatch> result_keys() {
  return {{"1-0 (White won)", std::string(kWhiteWon)},
          {"\u00bd-\u00bd (drawn)", std::string(kDrawn)},
          {"0-1 (Black won)", std::string(kBlackWon)},
          {"* (unfinished)", std::string(kUnfinished)}};
}

// The columns of the results_table shape: games, 1-0, 1/2-1/2, 0-1, *.
std::optional<std::array<int, 5>> result_columns(const StatsTable& t) {
  std::array<int, 5> c = {column(t, "games"), column(t, "1-0"), column(t, "1/2-1/2"),
                          column(t, "0-1"), column(t, "*")};
  for (int i : c)
    if (i < 0) return std::nullopt;
  return c;
}

std::string games_text(double n) { return grouped(n) + (n == 1 ? " game" : " games"); }

constexpr std::size_t kMaxResultRows = 40;

void results_chart(std::string& out, const StatsTable& t, const std::string& id,
                   const std::array<int, 5>& c) {
  std::vector<ShareRow> rows;
  const int name_col = t.name == "openings" ? column(t, "name") : -1;
  for (const auto& row : t.rows) {
    if (rows.size() == kMaxResultRows) break;
    ShareRow r;
    r.label = row[0];
    if (name_col >= 0) r.label += " " + cell(row, name_col);
    r.parts = {value(cell(row, c[1])), value(cell(row, c[2])), value(cell(row, c[3])),
               value(cell(row, c[4]))};
    r.right = games_text(value(cell(row, c[0])));
    rows.push_back(std::move(r));
  }
  Svg svg;
  const double h = share_bars(svg, result_keys(), rows, "share of the games", 8);
  std::string caption;
  if (t.rows.size() > rows.size())
    caption = absl::StrFormat("The first %d of %d rows.", rows.size(), t.rows.size());
  emit_chart(out, "chart-" + id, t.title, caption, svg, h);
}

void methods_chart(std::string& out, const StatsTable& t) {
  const int v = column(t, "variant"), m = column(t, "method"), n = column(t, "captures");
  std::vector<std::string> methods;  // the methods seen, in CaptureMethod's order, then others
  for (const auto& [name, colour] : kMethods)
    for (const auto& row : t.rows)
      if (cell(row, m) == name) {
        methods.emplace_back(name);
        break;
      }
  for (const auto& row : t.rows)
    if (std::find(methods.begin(), methods.end(), cell(row, m)) == methods.end())
      methods.push_back(cell(row, m));
  std::vector<Swatch> keys;
  for (const std::string& name : methods) {
    std::string colour(kOtherMethod);
    for (const auto& [known, c] : kMethods)
      if (known == name) colour = std::string(c);
    keys.push_back({name, colour});
  }
  std::vector<ShareRow> rows;
  for (const auto& row : t.rows) {
    if (rows.empty() || rows.back().label != cell(row, v))
      rows.push_back({cell(row, v), std::vector<double>(methods.size()), ""});
    const auto k = std::find(methods.begin(), methods.end(), cell(row, m)) - methods.begin();
    rows.back().parts[std::size_t(k)] += value(cell(row, n));
  }
  for (ShareRow& r : rows) {
    double total = 0;
    for (double p : r.parts) total += p;
    r.right = grouped(total) + (total == 1 ? " capture" : " captures");
  }
  Svg svg;
  const double h = share_bars(svg, keys, rows, "share of the captured pieces", 8);
  emit_chart(out, "chart-capture_methods", "Captures by method", "", svg, h);
}

// ---- Game lengths: a histogram per variant.

void lengths_chart(std::string& out, const StatsTable& t, const StatsTable* summary) {
  const int v = column(t, "variant"), p = column(t, "plies"), g = column(t, "games");
  struct Bucket {
    int lo;
    bool open;
  };
  // Every bucket between the first and the last named, by their lower bounds ("20-39",
  // "200+"); the step is the smallest gap between two of them.
  std::map<int, bool> named;
  for (const auto& row : t.rows) {
    const std::string& label = cell(row, p);
    named[std::atoi(label.c_str())] |= label.ends_with("+");
  }
  int step = 0;
  for (auto it = named.begin(); it != named.end() && std::next(it) != named.end(); ++it) {
    const int gap = std::next(it)->first - it->first;
    step = step ? std::min(step, gap) : gap;
  }
  if (step <= 0) step = 1;
  std::vector<Bucket> buckets;
  for (int lo = named.begin()->first; lo <= named.rbegin()->first; lo += step)
    buckets.push_back({lo, named.count(lo) && named[lo]});
  std::vector<std::pair<std::string, std::vector<double>>> variants;
  for (const auto& row : t.rows) {
    if (variants.empty() || variants.back().first != cell(row, v))
      variants.push_back({cell(row, v), std::vector<double>(buckets.size())});
    const int lo = std::atoi(cell(row, p).c_str());
    const std::size_t k = std::size_t((lo - buckets.front().lo) / step);
    if (k < buckets.size()) variants.back().second[k] += value(cell(row, g));
  }

  const std::size_t per_row = std::min<std::size_t>(3, variants.size());
  const double pw = kWidth / double(per_row), ph = 210;
  const double ml = 50, mr = 14, mt = 28, mb = 46;
  Svg svg;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const auto& [name, counts] = variants[i];
    const double ox = pw * double(i % per_row), oy = ph * double(i / per_row);
    const double x0 = ox + ml, y0 = oy + mt, w = pw - ml - mr, h = ph - mt - mb;
    double top = 0, total = 0;
    for (double c : counts) {
      top = std::max(top, c);
      total += c;
    }
    const double tick = nice_step(top, 4), ymax = std::max(tick, std::ceil(top / tick) * tick);
    std::string heading = name + ": " + games_text(total);
    if (summary) {
      for (const auto& row : summary->rows)
        if (cell(row, column(*summary, "variant")) == name &&
            !cell(row, column(*summary, "mean plies")).empty())
          heading += ", mean " + cell(row, column(*summary, "mean plies")) + " plies";
    }
    svg.text(ox + 8, oy + 16, heading, "head");
    for (double y = 0; y <= ymax + 0.5; y += tick) {
      const double py = y0 + h - h * y / ymax;
      svg.line(x0, py, x0 + w, py, kGrid);
      svg.text(x0 - 5, py + 4, grouped(y), "tick", " text-anchor=\"end\"");
    }
    const double bw = w / double(buckets.size());
    const std::size_t label_every = bw >= 24 ? 1 : 2;
    for (std::size_t k = 0; k < buckets.size(); ++k) {
      const double bx = x0 + bw * double(k), bh = h * counts[k] / ymax;
      const std::string range =
          buckets[k].open ? absl::StrFormat("%d+", buckets[k].lo)
                          : absl::StrFormat("%d-%d", buckets[k].lo, buckets[k].lo + step - 1);
      svg.open_group(absl::StrFormat("%s, %s plies: %s", name, range, games_text(counts[k])));
      if (counts[k] > 0) svg.rect(bx + 1, y0 + h - bh, std::max(1.0, bw - 2), bh, kBlackWon);
      svg.close_group();
      if (k % label_every == 0 || buckets[k].open)
        svg.text(
            bx + bw / 2, y0 + h + 13,
            buckets[k].open ? absl::StrFormat("%d+", buckets[k].lo) : std::to_string(buckets[k].lo),
            "tick", " text-anchor=\"middle\"");
    }
    svg.line(x0, y0 + h, x0 + w, y0 + h, kAxis);
    svg.text(x0 + w / 2, y0 + h + 30, absl::StrFormat("plies (buckets of %d)", step), "axis",
             " text-anchor=\"middle\"");
    svg.text(ox + 12, y0 + h / 2, "games", "axis",
             absl::StrFormat(" text-anchor=\"middle\" transform=\"rotate(-90 %s %s)\"",
                             num(ox + 12), num(y0 + h / 2)));
  }
  const double height = ph * double((variants.size() + per_row - 1) / per_row);
  emit_chart(out, "chart-lengths", "Game lengths", "", svg, height);
}

// ---- White's score against the rating difference.

void rating_chart(std::string& out, const StatsTable& t) {
  const int d = column(t, "difference"), n = column(t, "games"),
            e = column(t, "expected white score %"), s = column(t, "white score %");
  Svg svg;
  const double lh = legend(svg,
                           {{"White's score", std::string(kBlackWon), Swatch::kLine},
                            {"expected (Elo)", std::string(kExpected), Swatch::kDashed}},
                           60, 8);
  const double ml = 60, mr = 20, mt = 8 + lh + 12, h = 230;
  const double w = kWidth - ml - mr, y0 = mt;
  for (int p = 0; p <= 100; p += 25) {
    const double y = y0 + h - h * p / 100;
    svg.line(ml, y, ml + w, y, p == 50 ? std::string_view("#999") : kGrid,
             p == 50 ? " stroke-dasharray=\"3 3\"" : "");
    svg.text(ml - 6, y + 4, absl::StrFormat("%d%%", p), "tick", " text-anchor=\"end\"");
  }
  const double step = w / double(t.rows.size());
  std::string actual, expected;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& row = t.rows[i];
    const double x = ml + step * (double(i) + 0.5);
    svg.text(x, y0 + h + 15, cell(row, d), "tick", " text-anchor=\"middle\"");
    svg.text(x, y0 + h + 29, games_text(value(cell(row, n))), "sub", " text-anchor=\"middle\"");
    for (auto [col, points] : {std::pair{e, &expected}, std::pair{s, &actual}})
      if (!cell(row, col).empty())
        *points += absl::StrFormat("%s%s,%s", points->empty() ? "" : " ", num(x),
                                   num(y0 + h - h * value(cell(row, col)) / 100));
  }
  absl::StrAppendFormat(&svg.body,
                        "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                        "stroke-dasharray=\"5 4\"/>\n",
                        expected, kExpected);
  absl::StrAppendFormat(
      &svg.body, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>\n",
      actual, kBlackWon);
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& row = t.rows[i];
    const double x = ml + step * (double(i) + 0.5);
    svg.open_group(absl::StrFormat("%s: %s, White scored %s%%, expected %s%%", cell(row, d),
                                   games_text(value(cell(row, n))), cell(row, s), cell(row, e)));
    if (!cell(row, e).empty())
      absl::StrAppendFormat(&svg.body,
                            "<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"#fff\" stroke=\"%s\" "
                            "stroke-width=\"1.5\"/>",
                            num(x), num(y0 + h - h * value(cell(row, e)) / 100), kExpected);
    if (!cell(row, s).empty())
      absl::StrAppendFormat(&svg.body, "<circle cx=\"%s\" cy=\"%s\" r=\"4.5\" fill=\"%s\"/>",
                            num(x), num(y0 + h - h * value(cell(row, s)) / 100), kBlackWon);
    svg.close_group();
  }
  svg.line(ml, y0 + h, ml + w, y0 + h, kAxis);
  svg.text(ml + w / 2, y0 + h + 48, "White's rating minus Black's", "axis",
           " text-anchor=\"middle\"");
  svg.text(
      16, y0 + h / 2, "White's score", "axis",
      absl::StrFormat(" text-anchor=\"middle\" transform=\"rotate(-90 16 %s)\"", num(y0 + h / 2)));
  emit_chart(out, "chart-rating_difference", "White's score against the rating difference",
             "Rated games only; the expectation is the Elo formula 1 / (1 + 10^(-d/400)) "
             "averaged over the games of each band.",
             svg, y0 + h + 56);
}

// ---- The opening tree: its lines depth first, the most played first among siblings.

struct TreeLine {
  std::string move;                 // the last move of the line
  int depth = 0;                    // plies
  double games = 0;                 // of the line
  std::array<double, 4> results{};  // 1-0, draws, 0-1, *
};

// The first `budget` lines of one variant's tree in the order drawn (depth first, the most
// played first among siblings, ties in the order of the rows), from its rows in the order
// of their text, where a line's longer lines follow it. A line is summed up when its rows
// end, by its first lines in the order drawn only, so that a tree of millions of rows takes
// the memory of `budget` lines a ply, not of the tree.
class TreeOrder {
 public:
  explicit TreeOrder(std::size_t budget) : budget_(budget) {}

  // The line's depth, or 0 when its parent line is not among the rows (left out).
  int add(const std::string& line, TreeLine self) {
    while (!open_.empty() &&
           !(line.size() > open_.back().line.size() && line.starts_with(open_.back().line) &&
             line[open_.back().line.size()] == ' '))
      close();
    const std::size_t sp = line.rfind(' ');
    if (sp == std::string::npos ? !open_.empty() : open_.empty() || open_.back().line.size() != sp)
      return 0;
    self.depth = int(open_.size()) + 1;
    self.move = sp == std::string::npos ? line : line.substr(sp + 1);
    open_.push_back({line, std::move(self), {}});
    return int(open_.size());
  }

  std::vector<TreeLine> finish() {
    while (!open_.empty()) close();
    std::vector<TreeLine> order;
    for (Part& p : roots_) p.append_to(order);
    return order;
  }

 private:
  // A closed line: its first lines in the order drawn, `head` reversed, then `body` (a
  // line with one longer line only pushes itself on its child's head).
  struct Part {
    double games = 0;
    std::vector<TreeLine> head, body;
    std::size_t size() const { return head.size() + body.size(); }
    void append_to(std::vector<TreeLine>& out) {
      for (auto it = head.rbegin(); it != head.rend(); ++it) out.push_back(std::move(*it));
      for (TreeLine& l : body) out.push_back(std::move(l));
    }
    void cut(std::size_t n) {  // the first n lines kept
      if (n <= head.size()) {
        head.erase(head.begin(), head.begin() + std::ptrdiff_t(head.size() - n));
        body.clear();
      } else {
        body.resize(n - head.size());
      }
    }
  };
  struct Open {
    std::string line;
    TreeLine self;
    std::vector<Part> kids;  // in the order drawn, their lines cut to budget_ - 1 together
  };

  void close() {
    Open o = std::move(open_.back());
    open_.pop_back();
    Part p;
    if (o.kids.size() == 1) p = std::move(o.kids[0]);
    p.games = o.self.games;
    if (o.kids.size() > 1)
      for (Part& k : o.kids) k.append_to(p.body);
    p.head.push_back(std::move(o.self));
    if (open_.empty())
      keep(roots_, std::move(p), budget_);
    else if (budget_ > 0)
      keep(open_.back().kids, std::move(p), budget_ - 1);
  }

  // Puts `p` among `kids` after those with as many games or more, then cuts them to their
  // first `room` lines: what is cut can never be drawn, as a sibling added later goes before
  // it or after it.
  static void keep(std::vector<Part>& kids, Part p, std::size_t room) {
    if (room == 0) return;
    const auto at =
        std::find_if(kids.begin(), kids.end(), [&](const Part& k) { return k.games < p.games; });
    kids.insert(at, std::move(p));
    std::size_t seen = 0;
    for (std::size_t i = 0; i < kids.size(); ++i) {
      if (seen == room) {
        kids.erase(kids.begin() + std::ptrdiff_t(i), kids.end());
        break;
      }
      if (kids[i].size() > room - seen) kids[i].cut(room - seen);
      seen += kids[i].size();
    }
  }

  std::size_t budget_;
  std::vector<Part> roots_;
  std::vector<Open> open_;  // the last line added and its parents
};

void tree_chart(std::string& out, const StatsTable& t, std::size_t max_lines) {
  const int v = column(t, "variant"), l = column(t, "line");
  const std::optional<std::array<int, 5>> c = result_columns(t);
  if (v < 0 || l < 0 || !c) return;
  // Per variant (a run of rows of one variant): the lines drawn, at most max_lines in all.
  struct Tree {
    std::string variant;
    double widest = 1;  // the games of the most played first move
    std::vector<TreeLine> drawn;
  };
  std::vector<Tree> trees;
  std::optional<TreeOrder> order;
  std::size_t lines = 0, drawn = 0;
  const auto finish = [&] {
    if (!order) return;
    trees.back().drawn = order->finish();
    drawn += trees.back().drawn.size();
  };
  for_each_row(t, [&](const StatsRow& row) {
    const std::string& variant = cell(row, v);
    if (trees.empty() || trees.back().variant != variant) {
      finish();
      trees.emplace_back().variant = variant;
      order.emplace(max_lines - drawn);
    }
    TreeLine line;
    line.games = value(cell(row, (*c)[0]));
    for (std::size_t k = 0; k < 4; ++k) line.results[k] = value(cell(row, (*c)[k + 1]));
    const double games = line.games;
    const int depth = order->add(cell(row, l), std::move(line));
    if (depth == 0) return;  // its parent was left out: not reachable
    ++lines;
    if (depth == 1) trees.back().widest = std::max(trees.back().widest, games);
  });
  finish();
  if (drawn == 0) return;
  int deepest = 1;
  for (const Tree& tree : trees)
    for (const TreeLine& n : tree.drawn) deepest = std::max(deepest, n.depth);

  Svg svg;
  double y = 8;
  const std::vector<Swatch> keys = result_keys();
  y += legend(svg, keys, 10, y) + 6;
  const double indent = 16, label_w = indent * deepest + 90, row_h = 18, bar_h = 12;
  const double bar_left = 10 + label_w, bar_w = kWidth - bar_left - 190;
  for (const Tree& tree : trees) {
    if (tree.drawn.empty()) continue;
    svg.text(10, y + 14, tree.variant, "head");
    y += row_h + 6;
    const double widest = tree.widest;
    for (const TreeLine& n : tree.drawn) {
      const int ply = n.depth - 1;
      const std::string label = ply % 2 == 0 ? absl::StrFormat("%d. %s", ply / 2 + 1, n.move)
                                             : absl::StrFormat("%d\u2026 %s", ply / 2 + 1, n.move);
      std::string title = absl::StrFormat("%s %s: %s", tree.variant, label, games_text(n.games));
      for (std::size_t k = 0; k < 4; ++k)
        if (n.results[k] > 0)
          title += absl::StrFormat("; %s %s", keys[k].name, grouped(n.results[k]));
      svg.open_group(title);
      svg.text(10 + indent * (n.depth - 1), y + bar_h - 1.5, label,
               n.depth == 1 ? std::string_view("lbl strong") : std::string_view("lbl"));
      const double len = bar_w * n.games / widest;
      double x = bar_left;
      for (std::size_t k = 0; k < 4; ++k) {
        if (n.games <= 0 || n.results[k] <= 0) continue;
        const double w = len * n.results[k] / n.games;
        svg.rect(x, y, w, bar_h, keys[k].colour);
        x += w;
      }
      const double decided = n.results[0] + n.results[1] + n.results[2];
      std::string right = games_text(n.games);
      if (decided > 0)
        right += absl::StrFormat(", White scored %.0f%%",
                                 100 * (n.results[0] + 0.5 * n.results[1]) / decided);
      svg.text(bar_left + len + 6, y + bar_h - 1.5, right, "sub");
      svg.close_group();
      y += row_h;
    }
  }
  std::string caption =
      "Each line's bar is as long as its games (against the most played first move), split by "
      "the results.";
  if (lines > drawn) caption += absl::StrFormat(" The first %d of %d lines.", drawn, lines);
  if (!t.note.empty()) caption += " " + t.note + ".";
  emit_chart(out, "chart-opening_tree", t.title, caption, svg, y + 6);
}

// ---- Missed wins: board diagrams.

void missed_win(std::string& out, const MissedWin& w) {
  const VariantInfo& variant = variant_info(w.variant);
  std::string diagram, problem;
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(variant, w.fen);
  std::string mover = "Played";  // "White to move played" when the position is known
  if (!game.ok()) {
    problem = std::string(game.status().message());
  } else {
    AnyGame& g = **game;
    SvgOptions o;
    o.coordinates = true;
    o.square_size = 36;
    o.flip = g.side_to_move() == BLACK;
    mover = g.side_to_move() == WHITE ? "White to move played" : "Black to move played";
    // The played move's squares, tinted; the win's first move, an arrow.
    if (!w.played.empty()) {
      if (absl::StatusOr<AnyGame::Played> p = g.play(w.played); p.ok()) {
        for (std::size_t i = 0; i + 1 < p->uci.size(); ++i)
          if (p->uci[i] >= 'a' && p->uci[i] <= 'h' && p->uci[i + 1] >= '1' &&
              p->uci[i + 1] <= '8') {
            const std::string sq = p->uci.substr(i, 2);
            if (std::find(o.marks.begin(), o.marks.end(), sq) == o.marks.end())
              o.marks.push_back(sq);
            ++i;
          }
        g.undo();
      }
    }
    if (!w.win_line.empty()) {
      if (absl::StatusOr<AnyGame::Played> p = g.play(w.win_line.front()); p.ok()) {
        o.arrows.push_back(p->uci);
        g.undo();
      }
    }
    absl::StatusOr<std::string> svg = render_svg(g, o);
    if (svg.ok())
      diagram = *svg;
    else
      problem = std::string(svg.status().message());
  }
  out += "<figure class=\"win\">\n";
  out += diagram;
  if (!problem.empty())
    out += "<p class=\"problem\">No diagram: " + html_escape(problem) + "</p>\n";
  std::string line;
  for (const std::string& m : w.win_line) line += (line.empty() ? "" : " ") + m;
  absl::StrAppendFormat(&out,
                        "<figcaption><b>%s</b>, game %d, ply %d (%s)<br/>%s "
                        "<b>%s</b> (blue squares); it had a forced win in %d %s: <b>%s</b> "
                        "(green arrow: its first move).<br/><span class=\"fen\">%s</span>"
                        "</figcaption>\n</figure>\n",
                        html_escape(w.file), w.game, w.ply, html_escape(variant.name), mover,
                        html_escape(w.played), w.plies, w.plies == 1 ? "ply" : "plies",
                        html_escape(line), html_escape(w.fen));
}

// ---- Evaluation graphs: White's expected score along a game.

constexpr std::string_view kInaccuracyMark = "#56B4E9";
constexpr std::string_view kMistakeMark = "#E69F00";
constexpr std::string_view kBlunderMark = "#D55E00";

std::string_view mark_colour(MoveClass c) {
  switch (c) {
    case MoveClass::kGood:
      return kAxis;
    case MoveClass::kInaccuracy:
      return kInaccuracyMark;
    case MoveClass::kMistake:
      return kMistakeMark;
    case MoveClass::kBlunder:
      return kBlunderMark;
  }
  return kAxis;
}

void eval_graph(std::string& out, const EvalGraph& g, std::size_t number) {
  Svg svg;
  const double ml = 46, mr = 14, top = 8, h = 150, w = kWidth - ml - mr;
  const std::size_t n = g.white.size();
  const auto x = [&](std::size_t i) {
    return ml + (n > 1 ? w * double(i) / double(n - 1) : w / 2);
  };
  const auto y = [&](double e) { return top + h - h * e; };
  for (int p = 0; p <= 100; p += 25) {
    svg.line(ml, y(p / 100.0), ml + w, y(p / 100.0), p == 50 ? std::string_view("#999") : kGrid,
             p == 50 ? " stroke-dasharray=\"3 3\"" : "");
    svg.text(ml - 6, y(p / 100.0) + 4, absl::StrFormat("%d%%", p), "tick", " text-anchor=\"end\"");
  }
  // The move numbers below: position i follows move (i + offset) / 2 of the game's numbering.
  const std::size_t offset = g.white_first ? 0 : 1;
  const std::size_t moves = n == 0 ? 0 : (n - 1 + offset) / 2;
  const std::size_t step = std::size_t(nice_step(double(std::max<std::size_t>(moves, 1)), 8));
  for (std::size_t m = step; m <= moves; m += step) {
    const std::size_t i = 2 * m - offset;
    if (i >= n) break;
    svg.line(x(i), top + h, x(i), top + h + 4, kAxis);
    svg.text(x(i), top + h + 16, std::to_string(m), "tick", " text-anchor=\"middle\"");
  }
  svg.line(ml, top + h, ml + w, top + h, kAxis);
  // The curve, broken where a position has no evaluation.
  std::string points;
  std::size_t in_run = 0;
  double last_x = 0, last_y = 0;
  const auto end_run = [&] {
    if (in_run == 1)  // a lone point: a dot
      absl::StrAppendFormat(&svg.body, "<circle cx=\"%s\" cy=\"%s\" r=\"2\" fill=\"%s\"/>\n",
                            num(last_x), num(last_y), kBlackWon);
    else if (in_run > 1)
      absl::StrAppendFormat(
          &svg.body, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n",
          points, kBlackWon);
    points.clear();
    in_run = 0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (std::isnan(g.white[i])) {
      end_run();
      continue;
    }
    last_x = x(i);
    last_y = y(g.white[i]);
    points += absl::StrFormat("%s%s,%s", points.empty() ? "" : " ", num(last_x), num(last_y));
    ++in_run;
  }
  end_run();
  for (const EvalGraph::Mark& m : g.marks) {
    if (m.ply <= 0 || std::size_t(m.ply) >= n || std::isnan(g.white[std::size_t(m.ply)])) continue;
    svg.open_group(m.label);
    absl::StrAppendFormat(&svg.body,
                          "<circle cx=\"%s\" cy=\"%s\" r=\"4.5\" fill=\"%s\" stroke=\"#fff\" "
                          "stroke-width=\"1\"/>",
                          num(x(std::size_t(m.ply))), num(y(g.white[std::size_t(m.ply)])),
                          mark_colour(m.what));
    svg.close_group();
  }
  emit_chart(out, absl::StrCat("eval-", number), g.heading, g.caption, svg, top + h + 24);
}

// ---- The tables.

void html_table(std::string& out, const StatsTable& t, const std::string& id,
                const TextSink& sink) {
  absl::StrAppendFormat(&out, "<section class=\"table\" id=\"table-%s\">\n<h3>%s</h3>\n", id,
                        html_escape(t.title));
  if (row_count(t) == 0) {
    out += "<p class=\"none\">(none)</p>\n</section>\n";
    return;
  }
  const auto align = [&](std::size_t c) {
    return c < t.numeric.size() && t.numeric[c] ? " class=\"n\"" : "";
  };
  out += "<table>\n<thead><tr>";
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    absl::StrAppendFormat(&out, "<th%s>%s</th>", align(c), html_escape(t.columns[c]));
  out += "</tr></thead>\n<tbody>\n";
  for_each_row(t, [&](const StatsRow& row) {
    out += "<tr>";
    for (std::size_t c = 0; c < row.size(); ++c)
      absl::StrAppendFormat(&out, "<td%s>%s</td>", align(c), html_escape(row[c]));
    out += "</tr>\n";
    spill(out, sink);
  });
  out += "</tbody>\n</table>\n";
  if (!t.note.empty()) out += "<p class=\"note\">" + html_escape(t.note) + "</p>\n";
  out += "</section>\n";
}

constexpr std::string_view kStyle = R"(
body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;color:#1a1a1a;background:#fff;
margin:0 auto;max-width:960px;padding:24px 28px;line-height:1.4;font-size:14px}
h1{font-size:26px;margin:0 0 6px}
h2{font-size:20px;margin:34px 0 10px;border-bottom:2px solid #0072B2;padding-bottom:3px}
h3{font-size:15px;margin:22px 0 6px}
header p{margin:3px 0}
.counts{font-size:16px}
nav{background:#f5f5f5;border:1px solid #e0e0e0;padding:6px 16px;margin:16px 0}
nav ol{margin:4px 0;padding-left:20px}
nav ol.toc{columns:2;column-gap:40px;list-style:none;padding-left:0}
nav li.part{break-inside:avoid;margin-bottom:6px}
nav li{margin:1px 0}
a{color:#0b5e9a;text-decoration:none}
figure{margin:0 0 18px}
figure.chart{break-inside:avoid}
figcaption{font-size:12px;color:#555}
svg.plot{width:100%;height:auto;display:block}
svg.plot .lbl{font-size:12px;fill:#1a1a1a}
svg.plot .strong{font-weight:bold}
svg.plot .in{font-size:10.5px;font-weight:bold}
svg.plot .tick{font-size:11px;fill:#444}
svg.plot .sub{font-size:11px;fill:#666}
svg.plot .axis{font-size:12px;fill:#333;font-style:italic}
svg.plot .head{font-size:13px;font-weight:bold;fill:#1a1a1a}
.wins{display:flex;flex-wrap:wrap;gap:18px}
figure.win{width:330px;break-inside:avoid}
figure.win svg{max-width:100%;height:auto}
.fen{font-family:'DejaVu Sans Mono',monospace;font-size:10.5px;word-break:break-all;color:#777}
.problem{color:#b00020}
table{border-collapse:collapse;margin:4px 0 6px;font-size:13px}
th,td{padding:3px 10px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
th{background:#f0f0f0;border-bottom:1px solid #bbb}
th.n,td.n{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:nth-child(even){background:#fafafa}
section.table{break-inside:avoid}
.note,.none{font-size:12px;color:#666;margin:2px 0}
footer{margin-top:36px;font-size:12px;color:#777}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
@media print{body{padding:0;max-width:none}nav{break-after:page}h2{break-after:avoid}}
)";

struct Entry {
  std::string id, title;
};

}  // namespace

void write_html_report(const std::vector<StatsTable>& tables, const HtmlReportOptions& o,
                       std::string& out, const TextSink& sink) {
  // The charts first (the table of contents lists them).
  const std::vector<std::string> ids = table_ids(tables);
  std::string charts;
  std::vector<Entry> chart_entries;
  const auto add_chart = [&](std::size_t before, std::string id, std::string title) {
    if (charts.size() > before) chart_entries.push_back({std::move(id), std::move(title)});
  };
  const auto results_charts = [&](bool openings) {
    for (std::size_t i = 0; i < tables.size(); ++i) {
      const StatsTable& t = tables[i];
      const bool results = openings ? t.name == "openings" : t.name.starts_with("results_by_");
      const std::optional<std::array<int, 5>> c = result_columns(t);
      if (!results || !c || t.rows.empty()) continue;
      const std::size_t before = charts.size();
      results_chart(charts, t, ids[i], *c);
      add_chart(before, "chart-" + ids[i], t.title);
    }
  };
  results_charts(false);
  if (const StatsTable* t = find_table(tables, "lengths"); t && row_count(*t) > 0) {
    const std::size_t before = charts.size();
    lengths_chart(charts, *t, find_table(tables, "length_summary"));
    add_chart(before, "chart-lengths", "Game lengths");
  }
  if (const StatsTable* t = find_table(tables, "capture_methods"); t && row_count(*t) > 0) {
    const std::size_t before = charts.size();
    methods_chart(charts, *t);
    add_chart(before, "chart-capture_methods", "Captures by method");
  }
  if (const StatsTable* t = find_table(tables, "rating_difference"); t && row_count(*t) > 0) {
    const std::size_t before = charts.size();
    rating_chart(charts, *t);
    add_chart(before, "chart-rating_difference", "White's score against the rating difference");
  }
  results_charts(true);
  if (const StatsTable* t = find_table(tables, "opening_tree"); t && row_count(*t) > 0) {
    const std::size_t before = charts.size();
    tree_chart(charts, *t, o.max_tree_lines);
    add_chart(before, "chart-opening_tree", t->title);
  }

  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n";
  out += "<title>" + html_escape(o.title) + "</title>\n<style>" + std::string(kStyle) +
         "</style>\n</head>\n<body>\n<header>\n<h1>" + html_escape(o.title) + "</h1>\n";
  if (const StatsTable* s = find_table(tables, "summary"); s && !s->rows.empty()) {
    const auto& row = s->rows.front();
    const double read = value(cell(row, column(*s, "games read")));
    // A run with a selection has the column of the games it left out.
    const int filtered = column(*s, "filtered out");
    absl::StrAppendFormat(
        &out,
        "<p class=\"counts\"><b>%s</b> read: %s analysed, %s%s rejected; %s "
        "plies (mean %s)</p>\n",
        games_text(read), grouped(value(cell(row, column(*s, "analysed")))),
        filtered < 0 ? "" : grouped(value(cell(row, filtered))) + " filtered out, ",
        grouped(value(cell(row, column(*s, "rejected")))),
        grouped(value(cell(row, column(*s, "plies")))),
        html_escape(cell(row, column(*s, "mean plies"))));
  }
  if (const StatsTable* r = find_table(tables, "results_by_variant"); r && !r->rows.empty()) {
    std::string by;
    for (const auto& row : r->rows)
      by += (by.empty() ? "" : ", ") + html_escape(row[0]) + " " +
            grouped(value(cell(row, column(*r, "games"))));
    out += "<p>By variant: " + by + "</p>\n";
  }
  if (!o.inputs.empty()) {
    constexpr std::size_t kShown = 12;
    std::string list;
    for (std::size_t i = 0; i < o.inputs.size() && i < kShown; ++i)
      list += (i ? ", " : "") + std::string("<code>") +
              html_escape(o.inputs[i] == "-" ? "standard input" : o.inputs[i]) + "</code>";
    if (o.inputs.size() > kShown)
      absl::StrAppendFormat(&list, " and %d more", o.inputs.size() - kShown);
    out += "<p>" + std::string(o.inputs.size() == 1 ? "Input: " : "Inputs: ") + list + "</p>\n";
  }
  if (!o.date.empty()) out += "<p>Made " + html_escape(o.date) + " by fairy-analyze.</p>\n";
  out += "</header>\n";

  // The table of contents.
  out += "<nav>\n<ol class=\"toc\">\n";
  if (!chart_entries.empty()) {
    out += "<li class=\"part\"><a href=\"#charts\">Charts</a>\n<ol>\n";
    for (const Entry& e : chart_entries)
      out += "<li><a href=\"#" + e.id + "\">" + html_escape(e.title) + "</a></li>\n";
    out += "</ol>\n</li>\n";
  }
  if (!o.missed_wins.empty())
    absl::StrAppendFormat(&out,
                          "<li class=\"part\"><a href=\"#missed-wins\">Missed wins (%d)</a></li>\n",
                          o.missed_wins.size());
  if (o.eval_graphs)
    out += "<li class=\"part\"><a href=\"#eval-graphs\">Evaluation graphs</a></li>\n";
  out += "<li class=\"part\"><a href=\"#tables\">Tables</a>\n<ol>\n";
  for (std::size_t i = 0; i < tables.size(); ++i)
    out += "<li><a href=\"#table-" + ids[i] + "\">" + html_escape(tables[i].title) + "</a></li>\n";
  out += "</ol>\n</li>\n</ol>\n</nav>\n";

  if (!chart_entries.empty()) out += "<h2 id=\"charts\">Charts</h2>\n" + charts;
  if (!o.missed_wins.empty()) {
    out += "<h2 id=\"missed-wins\">Missed wins</h2>\n<div class=\"wins\">\n";
    for (const MissedWin& w : o.missed_wins) missed_win(out, w);
    out += "</div>\n";
  }
  if (o.eval_graphs) {
    absl::StrAppendFormat(
        &out,
        "<h2 id=\"eval-graphs\">Evaluation graphs</h2>\n<p class=\"note\">White's expected "
        "score after each move, from the engine's evaluations by lichess's win-probability "
        "curve (a gap: no evaluation); the moves marked are <span style=\"color:%s\">"
        "inaccuracies</span>, <span style=\"color:%s\">mistakes</span> and <span "
        "style=\"color:%s\">blunders</span>. Below each graph: the move numbers.</p>\n",
        kInaccuracyMark, kMistakeMark, kBlunderMark);
    std::size_t number = 0;
    o.eval_graphs([&](const EvalGraph& g) {
      eval_graph(out, g, ++number);
      spill(out, sink);
    });
  }
  out += "<h2 id=\"tables\">Tables</h2>\n";
  for (std::size_t i = 0; i < tables.size(); ++i) html_table(out, tables[i], ids[i], sink);
  out += "<footer>fairykit: fairy-analyze</footer>\n</body>\n</html>\n";
}

std::vector<MissedWin> missed_wins_to_draw(const CollectionStats& stats, std::size_t max) {
  std::vector<MissedWin> drawn;
  for (const CollectionStats::WinListing& w : stats.wins_listed()) {
    if (w.finding.move != WinFinding::Move::kMissed) continue;
    if (drawn.size() == max) break;
    drawn.push_back({w.file, w.finding.game, w.finding.ply + 1, w.variant, w.finding.fen,
                     w.finding.played, w.finding.line, w.finding.plies});
  }
  return drawn;
}

}  // namespace fairykit::analysis
