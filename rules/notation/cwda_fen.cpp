#include "rules/notation/cwda_fen.h"

#include <array>
#include <cctype>
#include <map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "parsers/fen.h"
#include "parsers/message_text.h"
#include "rules/core/variant.h"

namespace fairykit {

namespace {

// Armies in vchess order (F C N R), each army's rook-, knight-, bishop- and queen-equivalent.
constexpr std::string_view kArmies = "FCNR";
static_assert(kArmies == kArmyLetters, "the armies in the order of Army and kArmyNames");
constexpr std::array<std::string_view, 4> kNativePieces = {"RNBQ", "DWFC", "GITL", "SYHO"};
constexpr std::array<std::string_view, 4> kPychessPieces = {"RNBQ", "DWAC", "GIHO", "SMFE"};
constexpr std::string_view kVchessKings = "KMEA";  // per army
constexpr std::string_view kVchessPawns = "PZVU";
constexpr std::string_view kNativeLetters = "PKRNBQDWFCGITLSYHO";
constexpr std::string_view kPychessLetters = "PKRNBQDWACGIHOSMFE";

char upper(char c) { return char(std::toupper(static_cast<unsigned char>(c))); }
char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }
bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
char with_case(char letter, bool white) { return white ? upper(letter) : lower(letter); }

std::string str(std::string_view s) { return std::string(s); }
// Input in a message: 'text', with bytes that are not printable ASCII as \xNN.
std::string quote(std::string_view s) { return parsers::quote_text(s); }

absl::Status field_error(CwdaFenDialect d, std::string_view field, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat(str(cwda_dialect_name(d)), " FEN ", str(field), " field: ", str(what)));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_digit(c)) return false;
  return true;
}

int army_index(char c) {
  const std::size_t i = kArmies.find(c);
  return i == std::string_view::npos ? -1 : int(i);
}

// The letters of a board field (case-insensitive) that belong to `set`.
bool board_has_any(std::string_view board, std::string_view set) {
  for (char c : board)
    if (is_alpha(c) && set.find(upper(c)) != std::string_view::npos) return true;
  return false;
}

absl::Status check_side(CwdaFenDialect d, std::string_view side) {
  if (side != "w" && side != "b")
    return field_error(d, "turn", absl::StrCat(quote(side), " is not w or b"));
  return absl::OkStatus();
}

absl::Status check_ep(CwdaFenDialect d, std::string_view ep, std::string_view field) {
  if (ep == "-") return absl::OkStatus();
  if (ep.size() == 2 && ep[0] >= 'a' && ep[0] <= 'h' && (ep[1] == '3' || ep[1] == '6'))
    return absl::OkStatus();
  return field_error(d, field, absl::StrCat(quote(ep), " is not '-' or a square on rank 3 or 6"));
}

// xogo's en passant square: its coordinates, row (0 = rank 8) then column, as base-36
// digits ("54" is e3); an algebraic square is read too. -> the algebraic square or "-".
absl::StatusOr<std::string> xogo_ep(std::string_view ep) {
  if (ep.size() == 2 && (ep[0] == '2' || ep[0] == '5') && ep[1] >= '0' && ep[1] <= '7')
    return absl::StrCat(std::string(1, char('a' + (ep[1] - '0'))), 8 - (ep[0] - '0'));
  if (absl::Status st = check_ep(CwdaFenDialect::kXogo, ep, "en passant"); !st.ok())
    return field_error(CwdaFenDialect::kXogo, "en passant",
                       absl::StrCat(quote(ep),
                                    " is not '-' or the coordinates of a square on rank 3 or 6 "
                                    "(row and column, \"54\" for e3)"));
  return std::string(ep);
}

absl::Status check_armies(CwdaFenDialect d, std::string_view armies, std::string_view field,
                          std::string_view hint) {
  if (!is_cwda_armies(armies))
    return field_error(
        d, field,
        absl::StrCat(quote(armies), " is not two army letters of FCNR (White's, then Black's)"));
  if (!hint.empty() && hint != armies)
    return field_error(
        d, field,
        absl::StrCat("armies ", quote(armies), " differ from the given armies ", quote(hint)));
  return absl::OkStatus();
}

// vchess/xogo board -> native board (per-army kings and pawns become K/P). Without armies
// (chess, Chess960) the letters are FIDE's and pass unchanged: the FEN reader checks them.
absl::StatusOr<std::string> vchess_board_to_native(CwdaFenDialect d, std::string_view board,
                                                   bool armies) {
  std::string out;
  out.reserve(board.size());
  for (char c : board) {
    if (c == '/' || is_digit(c) || (!armies && is_alpha(c))) {
      out += c;
      continue;
    }
    const char u = upper(c);
    if (is_alpha(c) && kVchessKings.find(u) != std::string_view::npos)
      out += with_case('K', is_upper(c));
    else if (is_alpha(c) && kVchessPawns.find(u) != std::string_view::npos)
      out += with_case('P', is_upper(c));
    else if (is_alpha(c) && kNativeLetters.find(u) != std::string_view::npos)
      out += c;
    else
      return field_error(d, "board",
                         absl::StrCat("unknown piece letter ", quote(std::string_view(&c, 1))));
  }
  if (out.empty()) return field_error(d, "board", "empty");
  return out;
}

// Castling flags (vchess: file letters; xogo: base-36 file numbers or file letters), White's
// queen side, king side, then Black's -> native castling field.
absl::StatusOr<std::string> flags_to_castling(CwdaFenDialect d, std::string_view flags,
                                              std::string_view field) {
  if (flags.empty() || flags == "-") return std::string("-");
  if (flags.size() != 4)
    return field_error(d, field,
                       absl::StrCat(quote(flags),
                                    " is not 4 flags (the castling partners' files, White's "
                                    "queen and king side, then Black's) or '-'"));
  std::string out;
  for (int c = 0; c < 2; ++c) {
    // Native order: king side first.
    for (int i : {1, 0}) {
      const char ch = flags[std::size_t(2 * c + i)];
      int file = -1;
      if (ch >= 'a' && ch <= 'h') file = ch - 'a';
      if (d == CwdaFenDialect::kXogo && ch >= '0' && ch <= '7') file = ch - '0';
      if (file < 0) continue;  // a lost right ('i' in vchess, 8 in xogo)
      char letter = char('A' + file);
      if (i == 1 && file == 7) letter = 'K';
      if (i == 0 && file == 0) letter = 'Q';
      out += with_case(letter, c == 0);
    }
  }
  return out.empty() ? std::string("-") : out;
}

// Pychess board -> native board, and whether the letters are native-only ones.
absl::StatusOr<std::string> pychess_board_to_native(std::string_view board) {
  std::string out;
  out.reserve(board.size());
  for (char c : board) {
    if (c == '/' || is_digit(c)) {
      out += c;
      continue;
    }
    const std::size_t k = is_alpha(c) ? kPychessLetters.find(upper(c)) : std::string_view::npos;
    if (k == std::string_view::npos)
      return field_error(CwdaFenDialect::kPychess, "board",
                         absl::StrCat("unknown piece letter ", quote(std::string_view(&c, 1))));
    out += with_case(kNativeLetters[k], is_upper(c));
  }
  if (out.empty()) return field_error(CwdaFenDialect::kPychess, "board", "empty");
  return out;
}

// The army of one side from a pychess board: the army whose letters fill its back rank (or,
// failing that, its pieces anywhere); -1 when that is not clear.
int guess_army(std::string_view board, bool white) {
  std::vector<std::string_view> ranks;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= board.size(); ++i)
    if (i == board.size() || board[i] == '/') {
      ranks.push_back(board.substr(start, i - start));
      start = i + 1;
    }
  auto best = [&](std::string_view text) {
    std::array<int, 4> n{};
    for (char c : text) {
      if (!is_alpha(c) || is_upper(c) != white) continue;
      for (int a = 0; a < 4; ++a)
        if (kPychessPieces[std::size_t(a)].find(upper(c)) != std::string_view::npos)
          ++n[std::size_t(a)];
    }
    int arg = -1, top = 0;
    bool tie = false;
    for (int a = 0; a < 4; ++a) {
      if (n[std::size_t(a)] > top) {
        top = n[std::size_t(a)];
        arg = a;
        tie = false;
      } else if (n[std::size_t(a)] == top && top > 0) {
        tie = true;
      }
    }
    return tie ? -1 : arg;
  };
  if (ranks.size() == 8) {
    const int a = best(ranks[white ? 7 : 0]);
    if (a >= 0) return a;
  }
  return best(board);
}

// A minimal JSON object reader for xogo's FEN tail: string keys; string values are kept,
// numbers and true/false/null kept as written, nested objects/arrays skipped.
class JsonTail {
 public:
  JsonTail(std::string_view text, std::size_t base) : s_(text), base_(base) {}

  absl::StatusOr<std::map<std::string, std::string>> parse() {
    std::map<std::string, std::string> out;
    ws();
    if (!eat('{')) return error("expected '{'");
    ws();
    if (eat('}')) return finish(out);
    for (;;) {
      ws();
      std::string key;
      if (absl::Status st = string(key); !st.ok()) return st;
      ws();
      if (!eat(':'))
        return error(absl::StrCat("expected ':' after \"", parsers::message_text(key), "\""));
      ws();
      std::string value;
      if (absl::Status st = any(value); !st.ok()) return st;
      out[key] = value;
      ws();
      if (eat(',')) continue;
      if (eat('}')) return finish(out);
      return error("expected ',' or '}'");
    }
  }

 private:
  absl::StatusOr<std::map<std::string, std::string>> finish(
      std::map<std::string, std::string>& out) {
    ws();
    if (i_ != s_.size()) return error("text after the closing '}'");
    return std::move(out);
  }
  absl::Status error(std::string_view what) const {
    return field_error(CwdaFenDialect::kXogo, "JSON",
                       absl::StrCat("column ", base_ + i_ + 1, ": ", str(what)));
  }
  void ws() {
    while (i_ < s_.size() && is_space(s_[i_])) ++i_;
  }
  bool eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  absl::Status string(std::string& out) {
    if (!eat('"')) return error("expected a string");
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return absl::OkStatus();
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      const char e = s_[i_++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          if (i_ + 4 > s_.size()) return error("short \\u escape");
          unsigned v = 0;
          for (int k = 0; k < 4; ++k) {
            const char h = s_[i_++];
            v <<= 4;
            if (is_digit(h))
              v |= unsigned(h - '0');
            else if (h >= 'a' && h <= 'f')
              v |= unsigned(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
              v |= unsigned(h - 'A' + 10);
            else
              return error("bad \\u escape");
          }
          out += v < 0x80 ? char(v) : '?';  // the fields of interest are ASCII
          break;
        }
        default:
          out += e;  // \" \\ \/
      }
    }
    return error("unterminated string");
  }
  absl::Status any(std::string& out) {
    if (i_ >= s_.size()) return error("expected a value");
    const char c = s_[i_];
    if (c == '"') return string(out);
    if (c == '{' || c == '[') {
      int depth = 0;
      while (i_ < s_.size()) {
        const char d = s_[i_];
        if (d == '"') {
          std::string ignored;
          if (absl::Status st = string(ignored); !st.ok()) return st;
          continue;
        }
        ++i_;
        if (d == '{' || d == '[') ++depth;
        if (d == '}' || d == ']') {
          if (--depth == 0) return absl::OkStatus();
        }
      }
      return error("unterminated object or array");
    }
    const std::size_t start = i_;
    while (i_ < s_.size() && !is_space(s_[i_]) && s_[i_] != ',' && s_[i_] != '}') ++i_;
    out = std::string(s_.substr(start, i_ - start));
    if (out.empty()) return error("expected a value");
    return absl::OkStatus();
  }

  std::string_view s_;
  std::size_t base_;
  std::size_t i_ = 0;
};

// A ply count of 0 to parsers::kMaxFenCounter (checked by the caller) as a fullmove number.
std::string fullmove_from_plies(std::string_view plies) {
  return std::to_string(parsers::fen_counter_value(plies) / 2 + 1);
}

// `armies` empty: a game without armies (chess, Chess960), whose FEN has no armies field.
absl::StatusOr<std::string> vchess_like_to_native(CwdaFenDialect d, std::string_view board,
                                                  std::string_view side, std::string_view plies,
                                                  std::string_view flags, std::string_view ep,
                                                  std::string_view armies, std::string_view hint) {
  absl::StatusOr<std::string> b = vchess_board_to_native(d, board, !armies.empty());
  if (!b.ok()) return b.status();
  if (absl::Status st = check_side(d, side); !st.ok()) return st;
  if (!all_digits(plies))
    return field_error(d, "ply count", absl::StrCat(quote(plies), " is not a number"));
  if (parsers::fen_counter_value(plies) < 0)
    return field_error(d, "ply count", parsers::fen_counter_range_error(plies));
  absl::StatusOr<std::string> castling = flags_to_castling(d, flags, "castling flags");
  if (!castling.ok()) return castling.status();
  absl::StatusOr<std::string> square = std::string(ep);
  if (d == CwdaFenDialect::kXogo)
    square = xogo_ep(ep);
  else if (absl::Status st = check_ep(d, ep, "en passant"); !st.ok())
    return st;
  if (!square.ok()) return square.status();
  const std::string fen = absl::StrCat(*b, " ", str(side), " ", *castling, " ", *square, " 0 ",
                                       fullmove_from_plies(plies));
  if (armies.empty()) return fen;
  if (absl::Status st = check_armies(d, armies, "armies", hint); !st.ok()) return st;
  return absl::StrCat(fen, " ", str(armies));
}

// `with_armies` false: a game without armies (chess, Chess960); an "armies" entry is ignored.
absl::StatusOr<std::string> xogo_to_native(std::string_view text, std::string_view hint,
                                           bool with_armies = true) {
  const CwdaFenDialect d = CwdaFenDialect::kXogo;
  const std::size_t brace = text.find('{');
  const std::vector<std::string_view> f = split(text.substr(0, brace));
  if (f.size() != 3)
    return field_error(d, "board/turn/plies",
                       absl::StrCat("expected 3 fields before the JSON tail, found ", f.size()));
  JsonTail reader(text.substr(brace), brace);
  absl::StatusOr<std::map<std::string, std::string>> json = reader.parse();
  if (!json.ok()) return json.status();
  auto get = [&](const char* key) -> std::string {
    auto it = json->find(key);
    return it == json->end() ? std::string() : it->second;
  };
  std::string armies = with_armies ? get("armies") : std::string();
  if (with_armies && armies.empty()) {
    if (hint.empty()) return field_error(d, "JSON", "no \"armies\" entry and no armies given");
    armies = std::string(hint);
  }
  const std::string ep = get("enpassant"), flags = get("flags");
  return vchess_like_to_native(d, f[0], f[1], f[2], flags,
                               ep.empty() ? std::string_view("-") : std::string_view(ep), armies,
                               hint);
}

absl::StatusOr<std::string> pychess_to_native(const std::vector<std::string_view>& f,
                                              std::string_view hint) {
  const CwdaFenDialect d = CwdaFenDialect::kPychess;
  absl::StatusOr<std::string> board = pychess_board_to_native(f[0]);
  if (!board.ok()) return board.status();
  if (absl::Status st = check_side(d, f[1]); !st.ok()) return st;
  std::string armies;
  if (!hint.empty()) {
    if (!is_cwda_armies(hint))
      return field_error(d, "armies",
                         absl::StrCat("given armies ", quote(hint),
                                      " are not two army letters of FCNR (White's, then Black's)"));
    armies = std::string(hint);
  } else {
    const int w = guess_army(f[0], true), b = guess_army(f[0], false);
    if (w < 0 || b < 0)
      return field_error(d, "board",
                         absl::StrCat("cannot tell ", w < 0 ? "White's" : "Black's",
                                      " army from the pieces; give the armies (e.g. \"CN\")"));
    armies = {kArmies[std::size_t(w)], kArmies[std::size_t(b)]};
  }
  if (absl::Status st = check_ep(d, f[3], "en passant"); !st.ok()) return st;
  const std::string clocks =
      f.size() >= 6 ? absl::StrCat(str(f[4]), " ", str(f[5])) : std::string("0 1");
  return absl::StrCat(*board, " ", str(f[1]), " ", str(f[2]), " ", str(f[3]), " ", clocks, " ",
                      armies);
}

struct NativeFields {
  std::vector<std::string_view> f;  // the 7 fields
  std::array<int, 2> armies{};
};

absl::StatusOr<NativeFields> read_native(std::string_view native) {
  NativeFields n;
  n.f = split(native);
  if (n.f.size() != 7 || !is_cwda_armies(n.f[6]))
    return field_error(CwdaFenDialect::kNative, "armies",
                       "not a native CwDA FEN (6 FEN fields and the armies, e.g. \"CN\")");
  n.armies = {army_index(n.f[6][0]), army_index(n.f[6][1])};
  return n;
}

}  // namespace

std::string_view cwda_dialect_name(CwdaFenDialect d) {
  switch (d) {
    case CwdaFenDialect::kVchess:
      return "vchess";
    case CwdaFenDialect::kXogo:
      return "xogo";
    case CwdaFenDialect::kPychess:
      return "pychess";
    case CwdaFenDialect::kNative:
    default:
      return "native";
  }
}

bool is_cwda_armies(std::string_view armies) {
  return armies.size() == 2 && army_index(armies[0]) >= 0 && army_index(armies[1]) >= 0;
}

std::string cwda_army_pairing(std::string_view native) {
  while (!native.empty() && native.back() == ' ') native.remove_suffix(1);
  const std::size_t sp = native.rfind(' ');
  const std::string_view armies = sp == std::string_view::npos ? native : native.substr(sp + 1);
  if (armies.size() != 2) return "";
  const auto name = [](char letter) -> std::string_view {
    const int i = army_index(letter);
    return i < 0 ? "?" : kArmyNames[std::size_t(i)];
  };
  std::string out(name(armies[0]));
  out += " v ";
  out += name(armies[1]);
  return out;
}

std::string cwda_engine_variant(std::string_view armies) {
  if (!is_cwda_armies(armies)) return "";
  constexpr std::array<std::string_view, 4> kProfileNames = {"fide", "clobberers", "knights",
                                                             "rookies"};
  int a = army_index(armies[0]), b = army_index(armies[1]);
  if (a > b) std::swap(a, b);
  if (a == 0 && b == 0) return "";
  std::string name = absl::StrCat("cwda-", str(kProfileNames[std::size_t(a)]));
  if (b != a) absl::StrAppend(&name, "-", str(kProfileNames[std::size_t(b)]));
  return name;
}

absl::StatusOr<CwdaFenDialect> detect_cwda_dialect(std::string_view text) {
  text = trim(text);
  if (text.find('{') != std::string_view::npos) return CwdaFenDialect::kXogo;
  const std::vector<std::string_view> f = split(text);
  if (f.size() == 7 && is_cwda_armies(f[6])) return CwdaFenDialect::kNative;
  if (f.size() == 6 && is_cwda_armies(f[5])) return CwdaFenDialect::kVchess;
  if (f.size() == 6 || f.size() == 4) {
    // Without an armies field: pychess letters, unless the board uses letters only the native
    // convention has (T L Y) and none only pychess has (A M E).
    if (board_has_any(f[0], "TLY") && !board_has_any(f[0], "AME")) return CwdaFenDialect::kNative;
    return CwdaFenDialect::kPychess;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "CwDA FEN: ", f.size(),
      " fields fit no dialect (native: 7 with the armies; vchess: 6 ending in the armies; "
      "pychess: 6; xogo: 3 and a JSON tail)"));
}

absl::StatusOr<std::string> cwda_to_native_fen(std::string_view text,
                                               std::string_view armies_hint) {
  text = trim(text);
  absl::StatusOr<CwdaFenDialect> d = detect_cwda_dialect(text);
  if (!d.ok()) return d.status();
  const std::vector<std::string_view> f = split(text);
  switch (*d) {
    case CwdaFenDialect::kXogo:
      return xogo_to_native(text, armies_hint);
    case CwdaFenDialect::kVchess:
      return vchess_like_to_native(CwdaFenDialect::kVchess, f[0], f[1], f[2], f[3], f[4], f[5],
                                   armies_hint);
    case CwdaFenDialect::kPychess:
      return pychess_to_native(f, armies_hint);
    case CwdaFenDialect::kNative:
    default:
      if (f.size() == 7) {
        if (absl::Status st = check_armies(CwdaFenDialect::kNative, f[6], "armies", armies_hint);
            !st.ok())
          return st;
        return std::string(text);
      }
      // Native letters without the armies field: the hint supplies it.
      if (armies_hint.empty())
        return field_error(CwdaFenDialect::kNative, "armies",
                           "missing (a 7th field such as \"CN\", White's army first)");
      if (!is_cwda_armies(armies_hint))
        return field_error(
            CwdaFenDialect::kNative, "armies",
            absl::StrCat("given armies ", quote(armies_hint), " are not two army letters of FCNR"));
      return absl::StrCat(str(text), f.size() == 4 ? " 0 1 " : " ", str(armies_hint));
  }
}

bool is_vchess_chess_fen(std::string_view text) {
  text = trim(text);
  const std::size_t brace = text.find('{');
  const std::vector<std::string_view> f = split(text.substr(0, brace));
  // xogo: three fields before the JSON tail (an EPD operation may hold a brace too).
  if (brace != std::string_view::npos) return f.size() == 3 && all_digits(f[2]);
  return f.size() == 5 && all_digits(f[2]);
}

absl::StatusOr<std::string> vchess_chess_to_fide_fen(std::string_view text) {
  text = trim(text);
  if (text.find('{') != std::string_view::npos) return xogo_to_native(text, "", false);
  const std::vector<std::string_view> f = split(text);
  if (f.size() != 5)
    return field_error(CwdaFenDialect::kVchess, "board/turn/plies/flags/en passant",
                       absl::StrCat("expected 5 fields, found ", f.size()));
  return vchess_like_to_native(CwdaFenDialect::kVchess, f[0], f[1], f[2], f[3], f[4], "", "");
}

std::string cwda_start_fen(std::string_view armies) {
  if (!is_cwda_armies(armies)) return {};
  auto back_rank = [](int army, bool white) {
    const std::string_view p = kNativePieces[std::size_t(army)];
    const std::string r = {p[0], p[1], p[2], p[3], 'K', p[2], p[1], p[0]};
    std::string out;
    for (char c : r) out += with_case(c, white);
    return out;
  };
  return absl::StrCat(back_rank(army_index(armies[1]), false), "/pppppppp/8/8/8/8/PPPPPPPP/",
                      back_rank(army_index(armies[0]), true), " w KQkq - 0 1 ", str(armies));
}

absl::StatusOr<std::string> native_to_vchess_fen(std::string_view native) {
  absl::StatusOr<NativeFields> n = read_native(native);
  if (!n.ok()) return n.status();
  const auto& f = n->f;
  std::string board;
  std::array<int, 2> king_file = {4, 4};
  int file = 0;
  for (char c : f[0]) {
    if (c == '/') {
      file = 0;
      board += c;
      continue;
    }
    if (is_digit(c)) {
      file += c - '0';
      board += c;
      continue;
    }
    const bool white = is_upper(c);
    const int army = n->armies[white ? 0 : 1];
    if (upper(c) == 'K') {
      king_file[white ? 0 : 1] = file;
      board += with_case(kVchessKings[std::size_t(army)], white);
    } else if (upper(c) == 'P') {
      board += with_case(kVchessPawns[std::size_t(army)], white);
    } else {
      board += c;
    }
    ++file;
  }
  if (absl::Status st = check_side(CwdaFenDialect::kNative, f[1]); !st.ok()) return st;
  std::string flags = "iiii";  // vchess writes a lost right as column 8, 'i'
  if (f[2] != "-") {
    for (char c : f[2]) {
      const bool white = is_upper(c);
      const int side = white ? 0 : 1;
      const char u = upper(c);
      int partner = -1, slot = -1;
      if (u == 'K')
        partner = 7, slot = 1;
      else if (u == 'Q')
        partner = 0, slot = 0;
      else if (u >= 'A' && u <= 'H')
        partner = u - 'A', slot = partner > king_file[std::size_t(side)] ? 1 : 0;
      else
        return field_error(
            CwdaFenDialect::kNative, "castling",
            absl::StrCat("unknown castling letter ", quote(std::string_view(&c, 1))));
      flags[std::size_t(2 * side + slot)] = char('a' + partner);
    }
  }
  if (!all_digits(f[5]))
    return field_error(CwdaFenDialect::kNative, "fullmove number",
                       absl::StrCat(quote(f[5]), " is not a number"));
  const std::int64_t full = parsers::fen_counter_value(f[5]);
  if (full < 0)
    return field_error(CwdaFenDialect::kNative, "fullmove number",
                       parsers::fen_counter_range_error(f[5]));
  const std::int64_t plies = 2 * (full > 0 ? full - 1 : 0) + (f[1] == "b" ? 1 : 0);
  if (plies > parsers::kMaxFenCounter)
    return field_error(
        CwdaFenDialect::kNative, "fullmove number",
        absl::StrCat("move ", full, " is ply ", plies, ", beyond the largest vchess ply count, ",
                     parsers::kMaxFenCounter));
  return absl::StrCat(board, " ", str(f[1]), " ", plies, " ", flags, " ", str(f[3]), " ",
                      str(f[6]));
}

absl::StatusOr<std::string> native_to_pychess_fen(std::string_view native) {
  absl::StatusOr<NativeFields> n = read_native(native);
  if (!n.ok()) return n.status();
  std::string board;
  for (char c : n->f[0]) {
    const std::size_t k = is_alpha(c) ? kNativeLetters.find(upper(c)) : std::string_view::npos;
    board += k == std::string_view::npos ? c : with_case(kPychessLetters[k], is_upper(c));
  }
  const auto& f = n->f;
  return absl::StrCat(board, " ", str(f[1]), " ", str(f[2]), " ", str(f[3]), " ", str(f[4]), " ",
                      str(f[5]));
}

// The letter at the same place of the other convention's list (both list P K first, so
// Pawns and Kings stay).
char native_to_pychess_letter(char native) {
  const std::size_t k =
      is_alpha(native) ? kNativeLetters.find(upper(native)) : std::string_view::npos;
  return k == std::string_view::npos ? native : with_case(kPychessLetters[k], is_upper(native));
}

char pychess_to_native_letter(char pychess) {
  const std::size_t k =
      is_alpha(pychess) ? kPychessLetters.find(upper(pychess)) : std::string_view::npos;
  return k == std::string_view::npos ? pychess : with_case(kNativeLetters[k], is_upper(pychess));
}

}  // namespace fairykit
