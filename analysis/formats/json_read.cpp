#include "analysis/formats/json_read.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "analysis/io/json.h"
#include "parsers/message_text.h"

namespace fairykit::analysis {

namespace {

using Kind = JsonValue::Kind;
constexpr std::size_t kNone = std::size_t(-1);

constexpr bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

// The parser: a loop over the text with the open containers on a stack of their own, so
// that no input, however deep, reaches the call stack.
class Parser {
 public:
  Parser(std::string_view text, JsonDocument& doc, JsonError& error, JsonKeep keep, int max_depth)
      : t_(text),
        doc_(doc),
        values_(doc.values),
        error_(error),
        keep_(keep),
        max_depth_(max_depth) {}

  bool run() {
    values_.clear();
    doc_.unescaped.clear();
    if (t_.substr(0, 3) == "\xEF\xBB\xBF") p_ = 3;
    bool want_value = true;
    for (;;) {
      if (want_value) {
        bool opened = false;
        if (!value(opened)) return false;
        if (opened) {  // its first member or element next
          if (open_.back().object && !member_name()) return false;
          continue;
        }
        want_value = false;
      }
      skip_space();
      if (open_.empty()) {
        if (p_ != t_.size()) return fail(p_, "text after the end of the value");
        return true;
      }
      const bool object = open_.back().object;
      if (p_ == t_.size())
        return fail(p_,
                    object ? "the text ends inside an object" : "the text ends inside an array");
      const char c = t_[p_];
      if (c == (object ? '}' : ']')) {
        ++p_;
        close();
        continue;
      }
      if (c != ',')
        return fail(p_, absl::StrCat(object ? "',' or '}' expected after a member, not "
                                            : "',' or ']' expected after an element, not ",
                                     parsers::quote_char(c)));
      ++p_;
      if (object && !member_name()) return false;
      want_value = true;
    }
  }

 private:
  // An open container: its index in values_ (kNone when it is left out), its kind and role.
  struct Open {
    std::size_t index;
    bool object;
    std::uint8_t role;
  };

  bool fail(std::size_t at, const std::string& message) {
    error_.message = absl::StrCat("invalid JSON: ", message);
    error_.at = at;
    return false;
  }
  void skip_space() {
    while (p_ < t_.size() && is_json_space(t_[p_])) ++p_;
  }
  void close() {
    if (const std::size_t i = open_.back().index; i != kNone) {
      values_[i].end = p_;
      values_[i].next = values_.size();
    }
    open_.pop_back();
  }
  // Whether the values inside the innermost open container are looked at for keeping.
  bool in_kept() const { return open_.empty() || open_.back().index != kNone; }

  // A value at p_ (after blanks), the member named key_ (when in an object): a scalar read
  // whole, or a container opened (`opened`), or opened and closed at once when it is empty.
  bool value(bool& opened) {
    skip_space();
    std::uint8_t role = 0;
    if (in_kept()) role = keep_ ? keep_(open_.empty() ? 0 : open_.back().role, key_) : 1;
    std::size_t i = kNone;
    if (role != 0) {
      i = values_.size();
      JsonValue& v = values_.emplace_back();
      v.role = role;
      v.key = key_;
      v.key_at = key_at_;
      v.at = p_;
    }
    key_ = {};
    key_at_ = 0;
    if (p_ == t_.size()) return fail(p_, "the text ends where a value was expected");
    const std::size_t at = p_;
    const char c = t_[p_];
    Kind kind = Kind::kNull;
    std::string_view text;
    if (c == '{' || c == '[') {
      if (open_.size() >= std::size_t(max_depth_))
        return fail(p_, absl::StrCat("arrays and objects nested more than ", max_depth_, " deep"));
      if (i != kNone) values_[i].kind = c == '{' ? Kind::kObject : Kind::kArray;
      open_.push_back({i, c == '{', role});
      ++p_;
      skip_space();
      if (p_ < t_.size() && t_[p_] == (c == '{' ? '}' : ']'))
        ++p_, close();
      else
        opened = true;
      return true;
    }
    if (c == '"') {
      kind = Kind::kString;
      if (!string(text, i != kNone)) return false;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      kind = Kind::kNumber;
      if (!number()) return false;
      text = t_.substr(at, p_ - at);
    } else if (t_.substr(p_, 4) == "true") {
      kind = Kind::kTrue;
      p_ += 4;
    } else if (t_.substr(p_, 5) == "false") {
      kind = Kind::kFalse;
      p_ += 5;
    } else if (t_.substr(p_, 4) == "null") {
      p_ += 4;
    } else {
      return fail(p_, absl::StrCat("a value expected, not ", parsers::quote_char(c)));
    }
    if (i != kNone) {
      JsonValue& v = values_[i];
      v.kind = kind;
      v.text = text;
      v.end = p_;
      v.next = i + 1;
    }
    return true;
  }

  // A member's name (into key_) and its ':', after '{' or ','.
  bool member_name() {
    skip_space();
    if (p_ == t_.size()) return fail(p_, "the text ends inside an object");
    if (t_[p_] != '"')
      return fail(
          p_, absl::StrCat("a member name in quotes expected, not ", parsers::quote_char(t_[p_])));
    key_at_ = p_;
    if (!string(key_, in_kept())) return false;
    skip_space();
    if (p_ == t_.size()) return fail(p_, "the text ends inside an object");
    if (t_[p_] != ':')
      return fail(
          p_, absl::StrCat("':' expected after a member name, not ", parsers::quote_char(t_[p_])));
    ++p_;
    return true;
  }

  // The string at p_ (its '"'), checked, and unescaped into `out` when `keep`: a view of the
  // text when it has no escape, else of a string of doc_.unescaped.
  bool string(std::string_view& out, bool keep) {
    const std::size_t open = p_++;
    std::string* built = nullptr;  // after the first escape, when kept
    for (;;) {
      const std::size_t run = p_;
      while (p_ < t_.size()) {
        const unsigned char c = static_cast<unsigned char>(t_[p_]);
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') break;
        ++p_;
      }
      if (built) built->append(t_.substr(run, p_ - run));
      if (p_ == t_.size()) return fail(open, "a string that is not closed");
      const unsigned char c = static_cast<unsigned char>(t_[p_]);
      if (c == '"') {
        if (keep) out = built ? std::string_view(*built) : t_.substr(open + 1, p_ - open - 1);
        ++p_;
        return true;
      }
      if (c < 0x20)
        return fail(p_, absl::StrCat("control character ", parsers::quote_char(char(c)),
                                     " in a string (JSON wants it escaped)"));
      if (c >= 0x80) {
        const std::size_t n = utf8_length(t_, p_);
        if (n == 0)
          return fail(
              p_, absl::StrCat("byte ", parsers::quote_char(char(c)), " of a string is not UTF-8"));
        if (built) built->append(t_.substr(p_, n));
        p_ += n;
        continue;
      }
      if (keep && !built) {
        built = &doc_.unescaped.emplace_back(t_.substr(open + 1, p_ - open - 1));
      }
      std::string ignored;
      if (!escape(built ? *built : ignored)) return false;
    }
  }

  // The escape at p_ (its '\\'), appended to `out`.
  bool escape(std::string& out) {
    const std::size_t at = p_;
    if (p_ + 1 == t_.size()) return fail(at, "a string that is not closed");
    const char e = t_[p_ + 1];
    p_ += 2;
    switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        return true;
      case 'b':
        out += '\b';
        return true;
      case 'f':
        out += '\f';
        return true;
      case 'n':
        out += '\n';
        return true;
      case 'r':
        out += '\r';
        return true;
      case 't':
        out += '\t';
        return true;
      case 'u':
        break;
      default:
        return fail(at, absl::StrCat("unknown escape ", parsers::quote_text(t_.substr(at, 2), 2),
                                     " in a string"));
    }
    std::uint32_t cp = 0;
    if (!hex4(at, cp)) return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
      return fail(at, absl::StrCat(parsers::quote_text(t_.substr(at, 6)),
                                   " is a low surrogate without a high one before it"));
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      std::uint32_t low = 0;
      if (t_.substr(p_, 2) != "\\u" || !hex4(p_, low, false) || low < 0xDC00 || low > 0xDFFF)
        return fail(at, absl::StrCat(parsers::quote_text(t_.substr(at, 6)),
                                     " is a high surrogate not followed by a low one"));
      p_ += 6;
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    append_utf8(out, cp);
    return true;
  }
  // The four hex digits of the \u escape at `at` (p_ is after its 'u' when `advance`).
  bool hex4(std::size_t at, std::uint32_t& cp, bool advance = true) {
    const std::size_t digits = at + 2;
    cp = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      const int d = digits + k < t_.size() ? hex_digit(t_[digits + k]) : -1;
      if (d < 0) {
        if (!advance) return false;
        return fail(at, absl::StrCat("\\u without four hex digits after it: ",
                                     parsers::quote_text(t_.substr(at, 6))));
      }
      cp = cp * 16 + std::uint32_t(d);
    }
    if (advance) p_ = digits + 4;
    return true;
  }

  // The number at p_: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  bool number() {
    const std::size_t start = p_;
    auto digits = [&] {
      const std::size_t from = p_;
      while (p_ < t_.size() && t_[p_] >= '0' && t_[p_] <= '9') ++p_;
      return p_ > from;
    };
    auto bad = [&] {
      const std::size_t end = std::min(t_.size(), p_ + 1);
      return fail(start, absl::StrCat("invalid number ",
                                      parsers::quote_text(t_.substr(start, end - start))));
    };
    if (t_[p_] == '-') ++p_;
    if (p_ < t_.size() && t_[p_] == '0')
      ++p_;
    else if (!digits())
      return bad();
    if (p_ < t_.size() && t_[p_] == '.') {
      ++p_;
      if (!digits()) return bad();
    }
    if (p_ < t_.size() && (t_[p_] == 'e' || t_[p_] == 'E')) {
      ++p_;
      if (p_ < t_.size() && (t_[p_] == '+' || t_[p_] == '-')) ++p_;
      if (!digits()) return bad();
    }
    return true;
  }

  std::string_view t_;
  JsonDocument& doc_;
  std::vector<JsonValue>& values_;
  JsonError& error_;
  const JsonKeep keep_;
  const int max_depth_;
  std::size_t p_ = 0;
  std::vector<Open> open_;  // the containers open, outermost first
  std::string_view key_;    // the name of the member whose value comes next
  std::size_t key_at_ = 0;
};

}  // namespace

bool parse_json(std::string_view text, JsonDocument& doc, JsonError& error, JsonKeep keep,
                int max_depth) {
  return Parser(text, doc, error, keep, max_depth).run();
}

std::vector<std::size_t> line_starts(std::string_view text) {
  std::vector<std::size_t> starts{0};
  for (std::size_t i = text.find('\n'); i != std::string_view::npos; i = text.find('\n', i + 1))
    starts.push_back(i + 1);
  return starts;
}

std::size_t JsonOrigins::json_offset(const std::vector<std::size_t>& pgn_lines, std::int64_t line,
                                     std::int64_t column) const {
  if (tokens.empty()) return 0;
  if (line < 1 || std::size_t(line) > pgn_lines.size()) return tokens.front().second;
  const std::size_t offset =
      pgn_lines[std::size_t(line - 1)] + std::size_t(std::max<std::int64_t>(column, 1) - 1);
  // The last token that starts at or before the place.
  auto it = std::upper_bound(tokens.begin(), tokens.end(), offset,
                             [](std::size_t o, const auto& token) { return o < token.first; });
  return it == tokens.begin() ? tokens.front().second : std::prev(it)->second;
}

namespace {

void tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r') c = ' ';
    out += c;
  }
  out += "\"]\n";
}

// A tag name as PGN writes it: letters, digits and '_' (a PGN symbol).
bool tag_name(std::string_view name) {
  if (name.empty()) return false;
  for (unsigned char c : name)
    if (!std::isalnum(c) && c != '_' && c != '+' && c != '#' && c != '=' && c != ':' && c != '-')
      return false;
  return true;
}

bool is_result(std::string_view s) {
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

// What the game reader keeps of a game object (JsonKeep): the line objects (the game, its
// variations), their fields the reader uses, and those fields' values, no deeper; the rest
// is read and checked, not held.
enum Role : std::uint8_t {
  kLeftOut,
  kLine,
  kTags,
  kMoves,
  kNotes,
  kNote,
  kLeaf,
  kRepeats,
  kRepeat
};
std::uint8_t game_keeps(std::uint8_t parent, std::string_view key) {
  switch (parent) {
    case 0:
      return kLine;
    case kLine:
      if (key == "tags") return kTags;
      if (key == "repeated_tags") return kRepeats;
      if (key == "san" || key == "uci") return kMoves;
      if (key == "notes") return kNotes;
      if (key == "variant" || key == "start_fen" || key == "result" || key == "ply") return kLeaf;
      return kLeftOut;
    case kTags:
    case kMoves:
      return kLeaf;
    case kNotes:
      return kNote;
    case kRepeats:
      return kRepeat;
    case kRepeat:
      return key == "name" || key == "value" ? kLeaf : kLeftOut;
    case kNote:
      if (key == "variation") return kLine;
      if (key == "ply" || key == "nag" || key == "comment") return kLeaf;
      return kLeftOut;
    default:
      return kLeftOut;
  }
}

// What a number is as an integer.
enum class Integer { kYes, kNo, kBeyond };  // kBeyond: an integer outside 64 bits
Integer integer(const JsonValue& v, long long& out) {
  if (v.kind != Kind::kNumber || v.text.find_first_of(".eE") != std::string::npos)
    return Integer::kNo;
  const char* const end = v.text.data() + v.text.size();
  const auto [p, ec] = std::from_chars(v.text.data(), end, out);
  return ec == std::errc() && p == end ? Integer::kYes : Integer::kBeyond;
}

// The game object read into PGN, each error at the value it is about.
class GameReader {
 public:
  GameReader(std::string_view json, const std::vector<JsonValue>& values, std::string& pgn,
             JsonOrigins* origins)
      : json_(json), v_(values), pgn_(pgn), origins_(origins) {}

  absl::Status run() {
    const JsonValue& game = v_[0];
    if (game.kind != Kind::kObject) return error(game.at, "a game must be a JSON object");
    origin(game.at);
    std::size_t tags, repeats, variant, start_fen, result;
    if (absl::Status s = members(0, {{"tags", &tags},
                                     {"repeated_tags", &repeats},
                                     {"variant", &variant},
                                     {"start_fen", &start_fen},
                                     {"result", &result}});
        !s.ok())
      return s;
    bool has_variant = false, has_fen = false;
    if (tags != kNone) {
      if (v_[tags].kind != Kind::kObject) return error(v_[tags].at, "\"tags\" must be an object");
      for (std::size_t i = tags + 1; i < v_[tags].next; i = v_[i].next) {
        const JsonValue& value = v_[i];
        if (!tag_name(value.key))
          return error(value.key_at, absl::StrCat("a tag name that is not a PGN symbol: \"",
                                                  parsers::message_text(value.key), "\""));
        origin(value.at);
        tag(pgn_, value.key,
            value.kind == Kind::kString ? std::string_view(value.text) : raw(value));
        if (value.key == "Variant") has_variant = true;
        if (value.key == "FEN") has_fen = true;
      }
    }
    if (variant != kNone) {
      if (v_[variant].kind != Kind::kString)
        return error(v_[variant].at, "\"variant\" must be a string");
      if (!has_variant && v_[variant].text != "chess") {
        origin(v_[variant].at);
        tag(pgn_, "Variant", v_[variant].text);
      }
    }
    if (start_fen != kNone) {
      if (v_[start_fen].kind != Kind::kString)
        return error(v_[start_fen].at, "\"start_fen\" must be a string");
      if (!has_fen) {
        origin(v_[start_fen].at);
        tag(pgn_, "SetUp", "1");
        tag(pgn_, "FEN", v_[start_fen].text);
      }
    }
    // The repeats of tags, after the first values (the game is read from the first).
    if (repeats != kNone) {
      if (v_[repeats].kind != Kind::kArray)
        return error(v_[repeats].at, "\"repeated_tags\" must be an array");
      for (std::size_t r = repeats + 1; r < v_[repeats].next; r = v_[r].next) {
        std::size_t name = kNone, value = kNone;
        if (v_[r].kind == Kind::kObject)
          if (absl::Status s = members(r, {{"name", &name}, {"value", &value}}); !s.ok()) return s;
        if (name == kNone || value == kNone || v_[name].kind != Kind::kString)
          return error(v_[r].at,
                       "an element of \"repeated_tags\" is not an object with a \"name\" "
                       "and a \"value\"");
        if (!tag_name(v_[name].text))
          return error(v_[name].at, absl::StrCat("a tag name that is not a PGN symbol: \"",
                                                 parsers::message_text(v_[name].text), "\""));
        origin(v_[r].at);
        tag(pgn_, v_[name].text,
            v_[value].kind == Kind::kString ? std::string_view(v_[value].text) : raw(v_[value]));
      }
    }
    pgn_ += '\n';
    if (absl::Status s = line(0, 0); !s.ok()) return s;
    pgn_ += ' ';
    if (result == kNone) {
      pgn_ += '*';
    } else {
      const JsonValue& r = v_[result];
      if (r.kind != Kind::kString || !is_result(r.text))
        return error(r.at, absl::StrCat("\"result\" is not a result: ", quoted(r),
                                        " (one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\")"));
      origin(r.at);
      pgn_ += r.text;
    }
    pgn_ += '\n';
    return absl::OkStatus();
  }

 private:
  absl::Status error(std::size_t at, const std::string& message) {
    if (origins_) origins_->error_at = at;
    return absl::InvalidArgumentError(message);
  }
  // The next token of the PGN comes from the value at `at`.
  void origin(std::size_t at) {
    if (origins_) origins_->tokens.emplace_back(pgn_.size(), at);
  }
  std::string_view raw(const JsonValue& v) const { return json_.substr(v.at, v.end - v.at); }
  // A comment as PGN holds it: in braces; one that holds a '}' as ;-comments, one per line of
  // its text (PGN has no other way to write a '}' in a comment).
  void origin_comment(std::size_t at, std::string_view c) {
    if (c.find('}') == std::string_view::npos) {
      pgn_ += ' ';
      origin(at);
      pgn_ += '{';
      pgn_.append(c);
      pgn_ += '}';
      return;
    }
    for (std::size_t from = 0;;) {
      std::size_t eol = from;
      while (eol < c.size() && c[eol] != '\n' && c[eol] != '\r') ++eol;
      pgn_ += ' ';
      origin(at);
      pgn_ += ';';
      pgn_.append(c.substr(from, eol - from));
      pgn_ += '\n';
      if (eol == c.size()) return;
      from = eol + (c[eol] == '\r' && eol + 1 < c.size() && c[eol + 1] == '\n' ? 2 : 1);
    }
  }
  // A value as a message quotes it: a string in double quotes, anything else as written.
  std::string quoted(const JsonValue& v) const {
    return v.kind == Kind::kString ? absl::StrCat("\"", parsers::message_text(v.text), "\"")
                                   : parsers::message_text(raw(v));
  }

  // Finds the members of the object at `object` that the reader uses (kNone when absent);
  // one of them given twice is an error, for its values may differ.
  absl::Status members(std::size_t object,
                       std::initializer_list<std::pair<std::string_view, std::size_t*>> wanted) {
    for (const auto& [name, index] : wanted) *index = kNone;
    for (std::size_t i = object + 1; i < v_[object].next; i = v_[i].next)
      for (const auto& [name, index] : wanted)
        if (v_[i].key == name) {
          if (*index != kNone)
            return error(v_[i].key_at,
                         absl::StrCat("\"", std::string(name), "\" given twice in an object"));
          *index = i;
        }
    return absl::OkStatus();
  }

  // A line (the game object or a variation object): its moves and, after each, the notes at
  // its ply. Recursive, to kMaxVariationDepth + 1 levels at most.
  absl::Status line(std::size_t object, int depth) {
    if (depth > parsers::kMaxVariationDepth)
      return error(v_[object].at, absl::StrCat("variations nested more than ",
                                               parsers::kMaxVariationDepth, " deep"));
    std::size_t san, uci, ply, notes;
    if (absl::Status s =
            members(object, {{"san", &san}, {"uci", &uci}, {"ply", &ply}, {"notes", &notes}});
        !s.ok())
      return s;
    const std::size_t moves = san != kNone ? san : uci;
    const char* const moves_name = san != kNone ? "san" : "uci";
    if (moves == kNone)
      return error(v_[object].at, depth == 0 ? "game object has no \"san\" or \"uci\" array"
                                             : "variation object has no \"san\" or \"uci\" array");
    if (v_[moves].kind != Kind::kArray)
      return error(v_[moves].at, absl::StrCat("\"", moves_name, "\" must be an array"));
    long long first = 1;
    if (ply != kNone) {
      const Integer i = integer(v_[ply], first);
      if (i == Integer::kNo) return error(v_[ply].at, "\"ply\" must be an integer");
      if (i == Integer::kBeyond || first < 1 || first > 1000000000)
        return error(v_[ply].at, "\"ply\" out of range (1 to 1000000000)");
    }
    Notes n;
    if (notes != kNone) {
      if (v_[notes].kind != Kind::kArray) return error(v_[notes].at, "\"notes\" must be an array");
      n.next = notes + 1;
      n.end = v_[notes].next;
    }
    if (absl::Status s = notes_at(n, first - 1, depth); !s.ok()) return s;
    long long at_ply = first;
    for (std::size_t m = moves + 1; m < v_[moves].next; m = v_[m].next, ++at_ply) {
      const JsonValue& move = v_[m];
      if (move.kind != Kind::kString)
        return error(move.at, absl::StrCat("a move that is not a string: ", quoted(move)));
      if (!parsers::is_one_move(move.text)) {
        if (is_result(move.text))
          return error(move.at, absl::StrCat("a result inside the \"", moves_name,
                                             "\" array: ", quoted(move),
                                             " (the result is the \"result\" field)"));
        return error(move.at,
                     absl::StrCat("a move that is not one move token of movetext: ", quoted(move)));
      }
      pgn_ += ' ';
      origin(move.at);
      pgn_ += move.text;
      if (absl::Status s = notes_at(n, at_ply, depth); !s.ok()) return s;
    }
    if (n.next < n.end) {
      if (n.ply >= first - 1 && n.ply < at_ply)
        return error(n.ply_at, absl::StrCat("a note at ply ", n.ply,
                                            " out of order (the notes of a line go in ply order)"));
      return error(n.ply_at,
                   absl::StrCat("a note at ply ", n.ply, ", which its line does not reach (plies ",
                                first - 1, " to ", at_ply - 1, ")"));
    }
    return absl::OkStatus();
  }

  // The notes of a line still to write: [next, end) of the values; the note at `next`, when
  // it has been looked at (`read`), is at `ply` and its members are these.
  struct Notes {
    std::size_t next = 0, end = 0;
    bool read = false;
    long long ply = 0;
    std::size_t ply_at = 0, nag = kNone, comment = kNone, variation = kNone;
  };

  // The notes from n.next on whose ply is `ply`. A note is looked at once, however many
  // plies pass before its own.
  absl::Status notes_at(Notes& n, long long ply, int depth) {
    for (; n.next < n.end; n.next = v_[n.next].next, n.read = false) {
      if (!n.read) {
        const JsonValue& note = v_[n.next];
        if (note.kind != Kind::kObject) return error(note.at, "a note must be an object");
        std::size_t note_ply;
        if (absl::Status s = members(n.next, {{"ply", &note_ply},
                                              {"nag", &n.nag},
                                              {"comment", &n.comment},
                                              {"variation", &n.variation}});
            !s.ok())
          return s;
        if (note_ply == kNone) return error(note.at, "a note without a \"ply\"");
        const Integer i = integer(v_[note_ply], n.ply);
        if (i == Integer::kNo) return error(v_[note_ply].at, "a note's \"ply\" must be an integer");
        if (i == Integer::kBeyond) return error(v_[note_ply].at, "a note's \"ply\" out of range");
        n.ply_at = v_[note_ply].at;
        n.read = true;
      }
      if (n.ply != ply) break;
      const JsonValue& note = v_[n.next];
      const std::size_t nag = n.nag, comment = n.comment, variation = n.variation;
      const int kinds = (nag != kNone) + (comment != kNone) + (variation != kNone);
      if (kinds != 1)
        return error(note.at, kinds == 0 ? "a note that is not a nag, comment or variation"
                                         : "a note with more than one of \"nag\", \"comment\" "
                                           "and \"variation\"");
      if (nag != kNone) {
        long long value = 0;
        const Integer i = integer(v_[nag], value);
        if (i == Integer::kNo)
          return error(v_[nag].at, absl::StrCat("a NAG that is not an integer: ", quoted(v_[nag])));
        if (i == Integer::kBeyond || value < 0 || value > parsers::kMaxNag)
          return error(v_[nag].at, absl::StrCat("NAG ", parsers::message_text(v_[nag].text),
                                                " is out of range (0 to ", parsers::kMaxNag, ")"));
        pgn_ += ' ';
        origin(v_[nag].at);
        absl::StrAppend(&pgn_, "$", value);
      } else if (comment != kNone) {
        if (v_[comment].kind != Kind::kString)
          return error(v_[comment].at, "a comment must be a string");
        origin_comment(v_[comment].at, v_[comment].text);
      } else {
        if (v_[variation].kind != Kind::kObject)
          return error(v_[variation].at, "a variation must be an object");
        pgn_ += ' ';
        origin(v_[variation].at);
        pgn_ += '(';
        if (absl::Status s = line(variation, depth + 1); !s.ok()) return s;
        pgn_ += ')';
      }
    }
    return absl::OkStatus();
  }

  std::string_view json_;
  const std::vector<JsonValue>& v_;
  std::string& pgn_;
  JsonOrigins* origins_;
};

}  // namespace

absl::Status json_game_to_pgn(std::string_view json, std::string& pgn, JsonOrigins* origins) {
  thread_local JsonDocument doc;
  JsonError e;
  if (!parse_json(json, doc, e, game_keeps)) {
    if (origins) origins->error_at = e.at;
    return absl::InvalidArgumentError(e.message);
  }
  return GameReader(json, doc.values, pgn, origins).run();
}

}  // namespace fairykit::analysis
