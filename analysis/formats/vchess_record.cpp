#include "analysis/formats/vchess_record.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

namespace fairykit {

namespace {

absl::Status line_error(std::size_t line, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("vchess game, line ", line + 1, ": ", std::string(what)));
}

std::string quoted(std::string_view s) { return absl::StrCat("'", parsers::message_text(s), "'"); }

std::vector<std::string_view> split_on(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

// A piece of an appear/vanish list: colour, vchess letter, square ("wpe4").
struct PiPo {
  char colour;
  char letter;
  std::string_view square;
};

absl::StatusOr<std::vector<PiPo>> read_pipos(std::string_view list, std::size_t line) {
  std::vector<PiPo> out;
  if (list == "-") return out;
  for (std::string_view p : split_on(list, '.')) {
    if (p.size() < 4 || (p[0] != 'w' && p[0] != 'b'))
      return line_error(line, absl::StrCat("bad piece ", quoted(p), " (colour, letter, square)"));
    out.push_back({p[0], p[1], p.substr(2)});
  }
  return out;
}

// One machine-block move ("e2.e4 wpe4/wpe2") as long algebraic text.
absl::StatusOr<std::string> move_text(std::string_view sub, std::size_t line) {
  const std::size_t space = sub.find(' ');
  if (space == std::string_view::npos)
    return line_error(
        line, absl::StrCat("bad move ", quoted(sub), " (expected 'start.end appear/vanish')"));
  const std::vector<std::string_view> squares = split_on(sub.substr(0, space), '.');
  const std::vector<std::string_view> lists = split_on(sub.substr(space + 1), '/');
  if (squares.size() != 2 || lists.size() != 2)
    return line_error(
        line, absl::StrCat("bad move ", quoted(sub), " (expected 'start.end appear/vanish')"));
  absl::StatusOr<std::vector<PiPo>> appear = read_pipos(lists[0], line);
  if (!appear.ok()) return appear.status();
  absl::StatusOr<std::vector<PiPo>> vanish = read_pipos(lists[1], line);
  if (!vanish.ok()) return vanish.status();
  // Castling: King and Rook of one side vanish and appear; the King takes its Rook.
  if (appear->size() == 2 && vanish->size() == 2 && (*vanish)[0].colour == (*vanish)[1].colour)
    return absl::StrCat(std::string((*vanish)[0].square), std::string((*vanish)[1].square));
  std::string text = absl::StrCat(std::string(squares[0]), std::string(squares[1]));
  if (!appear->empty() && !vanish->empty() && (*appear)[0].letter != (*vanish)[0].letter)
    text += (*appear)[0].letter;  // a promotion: the piece that appears
  return text;
}

const VariantInfo* vchess_variant(std::string_view vname) {
  if (vname == "Chess960") return find_variant("chess960");
  if (vname == "Chess") return find_variant("chess");
  if (vname == "Cwda") return find_variant("cwda");
  return nullptr;
}

std::string pgn_value(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

absl::StatusOr<std::string> vchess_game_to_pgn(std::string_view text) {
  std::vector<std::string_view> lines = split_on(text, '\n');
  for (std::string_view& l : lines)
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  // The header: [Prop "value"] lines up to a blank line.
  std::vector<std::pair<std::string, std::string>> tags;
  std::size_t i = 0;
  for (; i < lines.size() && !lines[i].empty(); ++i) {
    const std::string_view l = lines[i];
    const std::size_t space = l.find(' ');
    if (l.front() != '[' || space == std::string_view::npos || l.size() < space + 4 ||
        l[space + 1] != '"' || l.substr(l.size() - 2) != "\"]")
      return line_error(i, absl::StrCat("expected a tag such as [Fen \"...\"], found ", quoted(l)));
    tags.emplace_back(std::string(l.substr(1, space - 1)),
                      std::string(l.substr(space + 2, l.size() - space - 4)));
  }
  auto tag = [&](std::string_view name) -> std::string {
    for (const auto& [k, v] : tags)
      if (k == name) return v;
    return {};
  };
  const std::string vname = tag("Variant");
  const VariantInfo* variant = vchess_variant(vname);
  if (variant == nullptr)
    return line_error(
        0, absl::StrCat("vchess variant ", quoted(vname), " is not read (Chess960, Chess, Cwda)"));
  const std::string start = tag("Fen");
  if (start.empty()) return line_error(0, "no Fen tag");
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(*variant, start);
  if (!game.ok()) return line_error(0, absl::StrCat("Fen tag: ", game.status().message()));
  const std::string native = (*game)->fen();

  // The human block (one line) is skipped, as vchess's upload does; then the machine block.
  if (i < lines.size()) ++i;                          // the header's blank line
  while (i < lines.size() && !lines[i].empty()) ++i;  // the human block
  std::string movetext;
  bool first = true;
  // The native FEN of chess, Chess960 and CwDA: the fullmove number is the 6th field.
  int number = std::stoi(std::string(split_on(native, ' ').at(5)));
  std::string line_text;
  auto add = [&](const std::string& token) {
    if (!line_text.empty() && line_text.size() + 1 + token.size() > 79) {
      movetext += line_text + "\n";
      line_text.clear();
    }
    line_text += (line_text.empty() ? "" : " ") + token;
  };
  for (++i; i < lines.size() && !lines[i].empty(); ++i) {
    const std::string_view l = lines[i];
    const std::size_t space = l.find(' ');
    const std::size_t dot = l.find('.');
    if (space == std::string_view::npos || dot == std::string_view::npos || dot + 2 != space ||
        (l[dot + 1] != 'w' && l[dot + 1] != 'b'))
      return line_error(
          i, absl::StrCat("expected a move line such as '1.w e2.e4 wpe4/wpe2', found ", quoted(l)));
    const bool white = l[dot + 1] == 'w';
    if (white != ((*game)->side_to_move() == WHITE))
      return line_error(i, absl::StrCat("the move is ", white ? "White's" : "Black's",
                                        ", but the other side is to move"));
    const std::vector<std::string_view> subs = split_on(l.substr(space + 1), ',');
    if (subs.size() != 1)
      return line_error(i, absl::StrCat("a turn of ", subs.size(), " sub-moves is not read"));
    absl::StatusOr<std::string> t = move_text(subs[0], i);
    if (!t.ok()) return t.status();
    absl::StatusOr<AnyGame::Played> played = (*game)->play(*t);
    if (!played.ok()) return line_error(i, std::string(played.status().message()));
    if (white)
      add(absl::StrCat(number, ". ", played->san));
    else
      add(first ? absl::StrCat(number, "... ", played->san) : played->san);
    if (!white) ++number;
    first = false;
  }

  std::string result = tag("Result");
  if (result == "1/2") result = "1/2-1/2";
  if (result != "1-0" && result != "0-1" && result != "1/2-1/2") result = "*";
  add(result);
  movetext += line_text + "\n";

  std::string date = tag("Date");
  for (char& c : date)
    if (c == '-') c = '.';
  std::string out;
  auto put = [&](std::string_view name, std::string_view value) {
    absl::StrAppend(&out, "[", std::string(name), " \"", pgn_value(value), "\"]\n");
  };
  put("Event", "?");
  put("Site", tag("Site").empty() ? "vchess.club" : tag("Site"));
  put("Date", date.empty() ? "????.??.??" : date);
  put("Round", "?");
  put("White", tag("White").empty() ? "?" : tag("White"));
  put("Black", tag("Black").empty() ? "?" : tag("Black"));
  put("Result", result);
  if (variant->id != VariantId::kChess) put("Variant", variant->title);
  if (native != variant->start_fen) {
    put("SetUp", "1");
    put("FEN", native);
  }
  for (const char* extra : {"Url", "Cadence"})
    if (!tag(extra).empty()) put(extra, tag(extra));
  return absl::StrCat(out, "\n", movetext);
}

}  // namespace fairykit
