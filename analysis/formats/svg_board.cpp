#include "analysis/formats/svg_board.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "analysis/io/json.h"
#include "rules/game/board_pieces.h"

namespace fairykit::analysis {
namespace {

// The palette.
constexpr std::string_view kLight = "#efe0c4";
constexpr std::string_view kDark = "#b48a60";
constexpr std::string_view kFrame = "#4a3b2c";
constexpr std::string_view kInk = "#1a1a1a";
constexpr std::string_view kMark = "#2f6fd0";  // tint, kMarkOpacity
constexpr double kMarkOpacity = 0.5;
constexpr std::string_view kOrigin = "#f4c430";  // the square of moves_of, kOriginOpacity
constexpr double kOriginOpacity = 0.6;
constexpr std::string_view kQuiet = "#1e7a3c";
constexpr std::string_view kCapture = "#c62828";
constexpr std::string_view kArrow = "#1e7a3c";
constexpr double kArrowOpacity = 0.8;

constexpr std::string_view kFigureFonts =
    "'DejaVu Sans','Noto Sans Symbols 2','Segoe UI Symbol','FreeSerif',sans-serif";
constexpr std::string_view kTextFonts = "'DejaVu Sans','Verdana','Arial',sans-serif";

// The board of a FEN: the letter on each square (a1 = 0, rank-major), 0 when empty.
using Board = std::array<char, 64>;

std::optional<int> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return (text[1] - '1') * 8 + (text[0] - 'a');
}

absl::StatusOr<Board> parse_board(std::string_view fen) {
  Board b{};
  const std::string_view field = fen.substr(0, fen.find_first_of(" ["));
  int rank = 7, file = 0;
  for (char c : field) {
    if (c == '/') {
      if (file != 8 || rank == 0) break;
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else if (std::isalpha(static_cast<unsigned char>(c)) && file < 8) {
      b[std::size_t(rank * 8 + file++)] = c;
    } else if (c != '~') {  // '~' marks a promoted piece in some dialects
      file = 9;
    }
    if (file > 8) break;
  }
  if (rank != 0 || file != 8)
    return absl::InternalError("svg: cannot read the board of FEN \"" + std::string(fen) + "\"");
  return b;
}

bool is_white(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

// The squares of a move in long algebraic notation, in order; letters that are not files of a
// square (promotions), '-' and 'x' are skipped. Empty when fewer than two squares.
std::vector<int> parse_path(std::string_view text) {
  std::vector<int> path;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i + 1 < text.size()) {
      if (std::optional<int> s = parse_square(text.substr(i, 2))) {
        path.push_back(*s);
        ++i;
        continue;
      }
    }
    const char c = text[i];
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-') return {};
  }
  if (path.size() < 2) return {};
  return path;
}

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string num(double v) {
  std::string s = absl::StrFormat("%.1f", v);
  if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

// The pieces of `text` between the characters of `separators`, empty pieces left out.
std::vector<std::string> split(std::string_view text, std::string_view separators) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (separators.find(c) == std::string_view::npos) {
      cur += c;
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

char upper(char c) { return char(std::toupper(static_cast<unsigned char>(c))); }

// "Am" (amazon), "CR" (charging rook), "FAD" (fad): the label of a disc.
std::string disc_label(std::string_view name) {
  const std::vector<std::string> words = split(name, " -");
  std::string out;
  if (words.size() > 1) {
    for (const std::string& w : words) out += upper(w[0]);
  } else if (name.size() <= 3) {
    for (char c : name) out += upper(c);
  } else {
    out = {upper(name[0]), name[1]};
  }
  return out;
}

// "Charging Rook", "Half-Duck", "FAD": the name in the legend.
std::string display_name(std::string_view name) {
  if (name.size() <= 3 && name.find_first_of(" -") == std::string_view::npos) {
    std::string out;
    for (char c : name) out += upper(c);
    return out;
  }
  std::string out(name);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (i == 0 || out[i - 1] == ' ' || out[i - 1] == '-') out[i] = upper(out[i]);
  return out;
}

// The FIDE figures, White's outline and Black's solid one, by PieceType (PAWN..KING).
constexpr std::array<std::string_view, 7> kOutline = {"",       "\u2659", "\u2658", "\u2657",
                                                      "\u2656", "\u2655", "\u2654"};
constexpr std::array<std::string_view, 7> kSolid = {"",       "\u265F", "\u265E", "\u265D",
                                                    "\u265C", "\u265B", "\u265A"};

const BoardPiece* find_piece(std::span<const BoardPiece> pieces, char letter) {
  for (const BoardPiece& p : pieces)
    if (p.letter == upper(letter)) return &p;
  return nullptr;
}

// A piece of colour `white` drawn in the box of side `size` at (x, y).
void draw_piece(std::string& out, const BoardPiece* piece, char letter, bool white, double x,
                double y, double size) {
  const double cx = x + size / 2;
  if (piece != nullptr && is_fide_piece(*piece)) {
    const std::size_t t = piece->type;
    const std::string at = absl::StrFormat(" x=\"%s\" y=\"%s\" font-size=\"%s\"", num(cx),
                                           num(y + size * 0.855), num(size * 1.05));
    if (white) {
      out += absl::StrFormat("<text class=\"f\"%s fill=\"#fff\">%s</text>", at,
                             std::string(kSolid[t]));
      out += absl::StrFormat("<text class=\"f\"%s fill=\"%s\">%s</text>\n", at, std::string(kInk),
                             std::string(kOutline[t]));
    } else {
      out += absl::StrFormat("<text class=\"f\"%s fill=\"%s\">%s</text>\n", at, std::string(kInk),
                             std::string(kSolid[t]));
    }
    return;
  }
  const std::string label = piece != nullptr ? disc_label(piece->name) : std::string(1, letter);
  const double cy = y + size / 2;
  const double font = size * (label.size() > 2 ? 0.28 : 0.36);
  out += absl::StrFormat(
      "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>",
      num(cx), num(cy), num(size * 0.39), white ? "#fff" : std::string(kInk), std::string(kInk),
      num(size * 0.05));
  out += absl::StrFormat(
      "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" stroke=\"%s\" "
      "stroke-width=\"%s\"/>",
      num(cx), num(cy), num(size * 0.31), white ? std::string(kInk) : "#fff", num(size * 0.025));
  out += absl::StrFormat(
      "<text class=\"d\" x=\"%s\" y=\"%s\" font-size=\"%s\" fill=\"%s\">%s</text>\n", num(cx),
      num(cy + font * 0.36), num(font), white ? std::string(kInk) : "#fff", xml_escape(label));
}

// What the moves of one piece reach.
struct Reach {
  std::array<int, 64> dest{};  // 0 none, 1 quiet move, 2 a move that captures
  std::array<bool, 64> victim_on_dest{};
  std::array<bool, 64> remote{};  // remote victims
};

std::string flip_turn(std::string_view fen) {
  std::vector<std::string> fields = split(fen, " ");
  if (fields.size() > 1) fields[1] = fields[1] == "w" ? "b" : "w";
  if (fields.size() > 3) fields[3] = "-";
  std::string out;
  for (const std::string& f : fields) out += (out.empty() ? "" : " ") + f;
  return out;
}

absl::StatusOr<Reach> reach_of(const AnyGame& game, const Board& board, int origin,
                               const std::string& text) {
  const char piece = board[std::size_t(origin)];
  const std::string what = "moves of \"" + text + "\": ";
  if (piece == 0) return absl::InvalidArgumentError(what + "no piece on " + text);
  const bool white = is_white(piece);
  std::string fen = game.fen();
  if ((game.side_to_move() == WHITE) != white) fen = flip_turn(fen);
  absl::StatusOr<std::unique_ptr<AnyGame>> work = AnyGame::create(game.variant(), fen);
  if (!work.ok())
    return absl::InvalidArgumentError(
        what + "the piece on " + text + " is " + (white ? "White" : "Black") + "'s and " +
        (white ? "Black" : "White") + " is to move; with " + (white ? "White" : "Black") +
        " to move the position is not legal (" + std::string(work.status().message()) + ")");
  Reach r;
  for (const std::string& uci : (*work)->legal_moves_uci()) {
    const std::vector<int> path = parse_path(uci);
    if (path.empty() || path.front() != origin) continue;
    const int dest = path.back();
    if (!(*work)->play_move(uci).ok()) continue;
    absl::StatusOr<Board> after = parse_board((*work)->fen());
    (*work)->undo();
    if (!after.ok()) return after.status();
    bool captures = false;
    for (std::size_t s = 0; s < 64; ++s) {
      const char was = board[s], now = (*after)[s];
      if (was == 0 || is_white(was) == white) continue;  // not an enemy before
      if (now != 0 && is_white(now) != white) continue;  // still an enemy there
      captures = true;
      if (int(s) == dest)
        r.victim_on_dest[s] = true;
      else
        r.remote[s] = true;
    }
    r.dest[std::size_t(dest)] = std::max(r.dest[std::size_t(dest)], captures ? 2 : 1);
  }
  return r;
}

// An arrow from the centre of one square to the centre of another, as one polygon.
void draw_arrow(std::string& out, double x0, double y0, double x1, double y1, double size) {
  const double dx = x1 - x0, dy = y1 - y0, len = std::hypot(dx, dy);
  const std::string style =
      absl::StrFormat(" fill=\"%s\" fill-opacity=\"%s\"", std::string(kArrow), num(kArrowOpacity));
  if (len < 1) {
    out += absl::StrFormat(
        "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" stroke=\"%s\" stroke-opacity=\"%s\" "
        "stroke-width=\"%s\"/>\n",
        num(x0), num(y0), num(size * 0.4), std::string(kArrow), num(kArrowOpacity),
        num(size * 0.1));
    return;
  }
  const double ux = dx / len, uy = dy / len, px = -uy, py = ux;
  const double shaft = size * 0.1, head = size * 0.26, head_len = size * 0.42;
  const double bx = x1 - ux * head_len, by = y1 - uy * head_len;
  const double pts[7][2] = {{x0 + px * shaft, y0 + py * shaft}, {bx + px * shaft, by + py * shaft},
                            {bx + px * head, by + py * head},   {x1, y1},
                            {bx - px * head, by - py * head},   {bx - px * shaft, by - py * shaft},
                            {x0 - px * shaft, y0 - py * shaft}};
  out += "<polygon points=\"";
  for (int i = 0; i < 7; ++i)
    out += absl::StrFormat("%s%s,%s", i ? " " : "", num(pts[i][0]), num(pts[i][1]));
  out += "\"" + style + "/>\n";
}

}  // namespace

absl::Status check_svg_options(const SvgOptions& options) {
  for (const std::string& m : options.marks)
    if (!parse_square(m))
      return absl::InvalidArgumentError("mark \"" + m + "\": not a square (a1 to h8)");
  for (const std::string& a : options.arrows)
    if (parse_path(a).empty())
      return absl::InvalidArgumentError("arrow \"" + a +
                                        "\": not a move in long algebraic notation (e2e4, a1a5c5)");
  if (!options.moves_of.empty() && !parse_square(options.moves_of))
    return absl::InvalidArgumentError("moves of \"" + options.moves_of +
                                      "\": not a square (a1 to h8)");
  // XML 1.0 cannot hold most control characters at all (not even escaped), and a caption is
  // one line: every control character is refused. A byte that is not UTF-8 is read as
  // Latin-1, as in every text fairykit writes (utf8_text).
  for (std::size_t i = 0; i < options.caption.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(options.caption[i]);
    if (c < 0x20 || c == 0x7F)
      return absl::InvalidArgumentError(absl::StrFormat(
          "caption: control character \\x%02X at byte %d (a caption is one line of text)", c,
          i + 1));
  }
  if (options.square_size < 8 || options.square_size > 1000)
    return absl::InvalidArgumentError("square size " + std::to_string(options.square_size) +
                                      ": not between 8 and 1000");
  return absl::OkStatus();
}

absl::StatusOr<std::string> render_svg(const AnyGame& game, const SvgOptions& options) {
  if (absl::Status checked = check_svg_options(options); !checked.ok()) return checked;
  const std::string fen = game.fen();
  absl::StatusOr<Board> parsed = parse_board(fen);
  if (!parsed.ok()) return parsed.status();
  const Board& board = *parsed;
  const std::span<const BoardPiece> pieces = board_pieces(game.variant().id);

  std::vector<int> marks;
  for (const std::string& m : options.marks) marks.push_back(*parse_square(m));
  std::vector<std::vector<int>> arrows;
  for (const std::string& a : options.arrows) arrows.push_back(parse_path(a));
  std::optional<int> origin;
  Reach reach;
  if (!options.moves_of.empty()) {
    origin = parse_square(options.moves_of);
    absl::StatusOr<Reach> r = reach_of(game, board, *origin, options.moves_of);
    if (!r.ok()) return r.status();
    reach = *r;
  }

  // Geometry.
  const double S = options.square_size;
  const double pad = std::round(S * 0.14), coord = options.coordinates ? std::round(S * 0.44) : 0;
  const double bx = pad + coord, by = pad, side = 8 * S;
  const double width = bx + side + pad;
  double y = by + side + coord + pad;
  auto sx = [&](int s) { return bx + (options.flip ? 7 - s % 8 : s % 8) * S; };
  auto sy = [&](int s) { return by + (options.flip ? s / 8 : 7 - s / 8) * S; };

  // The legend: the pieces drawn as discs, in the variant's order, with the colours shown.
  struct Entry {
    const BoardPiece* piece;
    bool white, black;
  };
  std::vector<Entry> legend;
  if (options.legend)
    for (const BoardPiece& p : pieces) {
      if (is_fide_piece(p)) continue;
      Entry e{&p, false, false};
      for (char c : board)
        if (c != 0 && upper(c) == p.letter) (is_white(c) ? e.white : e.black) = true;
      if (e.white || e.black) legend.push_back(e);
    }
  const double row = std::round(S * 0.66);
  const double legend_top = y;
  if (!legend.empty()) y += row * double((legend.size() + 1) / 2) + pad;
  const double caption_top = y;
  if (!options.caption.empty()) y += std::round(S * 0.6);
  const double height = y;

  std::string out;
  out += absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" "
      "viewBox=\"0 0 %s %s\">\n",
      num(width), num(height), num(width), num(height));
  out +=
      "<desc>" + xml_escape(std::string(game.variant().name)) + " " + xml_escape(fen) + "</desc>\n";
  out += "<style>.f{font-family:" + std::string(kFigureFonts) +
         ";text-anchor:middle}.d{font-family:" + std::string(kTextFonts) +
         ";font-weight:bold;text-anchor:middle}.t{font-family:" + std::string(kTextFonts) +
         ";fill:" + std::string(kInk) + "}</style>\n";
  out += absl::StrFormat("<rect width=\"%s\" height=\"%s\" fill=\"#fff\"/>\n", num(width),
                         num(height));

  // Squares: the light colour under the whole board, the dark squares on it.
  out += absl::StrFormat(
      "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" stroke=\"%s\" "
      "stroke-width=\"%s\"/>\n",
      num(bx), num(by), num(side), num(side), std::string(kLight), std::string(kFrame),
      num(std::max(1.0, S / 22)));
  out += "<g fill=\"" + std::string(kDark) + "\">";
  for (int s = 0; s < 64; ++s)
    if ((s / 8 + s % 8) % 2 == 0)  // a1 is dark
      out += absl::StrFormat("<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>", num(sx(s)),
                             num(sy(s)), num(S), num(S));
  out += "</g>\n";
  auto tint = [&](int s, std::string_view colour, double opacity) {
    out += absl::StrFormat(
        "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" fill-opacity=\"%s\"/>\n",
        num(sx(s)), num(sy(s)), num(S), num(S), std::string(colour), num(opacity));
  };
  for (int s : marks) tint(s, kMark, kMarkOpacity);
  if (origin) tint(*origin, kOrigin, kOriginOpacity);

  if (options.coordinates) {
    const double font = std::round(S * 0.3);
    for (int i = 0; i < 8; ++i) {
      const int file = options.flip ? 7 - i : i, rank = options.flip ? i : 7 - i;
      out += absl::StrFormat(
          "<text class=\"t\" x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"middle\">%c</text>",
          num(bx + i * S + S / 2), num(by + side + coord * 0.5 + font * 0.36), num(font),
          char('a' + file));
      out += absl::StrFormat(
          "<text class=\"t\" x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"middle\">%c</text>\n",
          num(pad + coord * 0.5), num(by + i * S + S / 2 + font * 0.36), num(font),
          char('1' + rank));
    }
  }

  for (int s = 0; s < 64; ++s) {
    const char c = board[std::size_t(s)];
    if (c != 0) draw_piece(out, find_piece(pieces, c), c, is_white(c), sx(s), sy(s), S);
  }

  // The moves of a piece.
  for (int s = 0; s < 64; ++s) {
    const std::size_t i = std::size_t(s);
    if (reach.dest[i] == 0) continue;
    const std::string colour(reach.dest[i] == 2 ? kCapture : kQuiet);
    if (reach.victim_on_dest[i] || board[i] != 0)
      out += absl::StrFormat(
          "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" stroke=\"%s\" "
          "stroke-width=\"%s\" stroke-opacity=\"0.85\"/>\n",
          num(sx(s) + S / 2), num(sy(s) + S / 2), num(S * 0.44), colour, num(S * 0.08));
    else
      out += absl::StrFormat(
          "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" fill-opacity=\"0.85\"/>\n",
          num(sx(s) + S / 2), num(sy(s) + S / 2), num(S * 0.15), colour);
  }
  for (int s = 0; s < 64; ++s) {
    if (!reach.remote[std::size_t(s)]) continue;
    const double a = S * 0.16, x0 = sx(s) + a, y0 = sy(s) + a, x1 = sx(s) + S - a,
                 y1 = sy(s) + S - a;
    out += absl::StrFormat(
        "<path d=\"M%s %sL%s %sM%s %sL%s %s\" stroke=\"%s\" stroke-width=\"%s\" "
        "stroke-linecap=\"round\" stroke-opacity=\"0.9\"/>\n",
        num(x0), num(y0), num(x1), num(y1), num(x1), num(y0), num(x0), num(y1),
        std::string(kCapture), num(S * 0.075));
  }

  for (const std::vector<int>& path : arrows)
    for (std::size_t k = 0; k + 1 < path.size(); ++k)
      draw_arrow(out, sx(path[k]) + S / 2, sy(path[k]) + S / 2, sx(path[k + 1]) + S / 2,
                 sy(path[k + 1]) + S / 2, S);

  // The legend, two columns.
  const double icon = S * 0.6, font = std::round(S * 0.3);
  for (std::size_t k = 0; k < legend.size(); ++k) {
    const double x = bx + double(k % 2) * (side / 2), top = legend_top + double(k / 2) * row;
    double ix = x;
    for (bool white : {true, false}) {
      if (!(white ? legend[k].white : legend[k].black)) continue;
      draw_piece(out, legend[k].piece, legend[k].piece->letter, white, ix, top + (row - icon) / 2,
                 icon);
      ix += icon * 1.05;
    }
    out += absl::StrFormat("<text class=\"t\" x=\"%s\" y=\"%s\" font-size=\"%s\">%s</text>\n",
                           num(ix + S * 0.12), num(top + row / 2 + font * 0.36), num(font),
                           xml_escape(display_name(legend[k].piece->name)));
  }
  if (!options.caption.empty())
    out += absl::StrFormat(
        "<text class=\"t\" x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"middle\">%s</text>\n",
        num(width / 2), num(caption_top + S * 0.3 + font * 0.36), num(font),
        xml_escape(utf8_text(options.caption)));
  out += "</svg>\n";
  return out;
}

}  // namespace fairykit::analysis
