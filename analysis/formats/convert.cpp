#include "analysis/formats/convert.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <concepts>
#include <cstdio>
#include <cstring>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "analysis/formats/json_read.h"
#include "analysis/formats/vchess_record.h"
#include "parsers/message_text.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

namespace {

// Copies a short text (a move: a few bytes) to p and returns the end. A byte loop: a
// call of memcpy costs more than the copy at these sizes.
inline char* copy_short(char* p, std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    p[i] = s[i];
    asm("" ::: "memory");  // kept a loop: not turned into a call of memcpy
  }
  return p + s.size();
}

// Appends text and numbers (absl::StrAppend takes no std::string_view with Debian's Abseil).
inline void put1(std::string& out, std::string_view s) { out.append(s); }
inline void put1(std::string& out, const char* s) { out.append(s); }
inline void put1(std::string& out, const std::string& s) { out.append(s); }
template <std::integral T>
inline void put1(std::string& out, T n) {
  char buf[24];
  const int len = std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(n));
  out.append(buf, std::size_t(len));
}
template <class... A>
inline void put(std::string& out, const A&... a) {
  (put1(out, a), ...);
}

constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
constexpr std::string_view kRosterDefault[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

// A record's tags sorted out in one pass: the seven-tag roster's values (the defaults for
// those missing), the other tags of a name not met before, in order, and the repeats (a tag
// whose name came before), in order, for the PGN and JSON writers. The game is read from
// the first tag of a name (GameRecord::tag()); the writers keep the repeats apart (after
// the other tags in PGN, "repeated_tags" in JSON, whose object may not repeat a key), so that
// PGN and JSON hold the same tags and nothing read is lost.
struct SortedTags {
  std::array<std::string_view, 7> roster;
  std::vector<std::size_t> others;   // indexes into GameRecord::tags
  std::vector<std::size_t> repeats;  // the same
  bool start_repeated = false;       // a SetUp or FEN tag is repeated
  // The names met, once a game has more tags than a look through them affords.
  absl::flat_hash_set<std::string_view> names;
};
void sort_tags(const GameRecord& r, SortedTags& t) {
  std::array<bool, 7> seen{};
  t.others.clear();
  t.repeats.clear();
  t.start_repeated = false;
  t.names.clear();
  constexpr std::size_t kFew = 32;
  const bool many = r.tags.size() > kFew;
  for (std::size_t i = 0; i < r.tags.size(); ++i) {
    const std::string_view name = r.tags[i].first;
    int roster = -1;
    for (int k = 0; k < 7; ++k)
      if (name == kRoster[k]) roster = k;
    bool repeated = false;
    if (roster >= 0) {
      repeated = seen[std::size_t(roster)];
      if (!repeated) t.roster[std::size_t(roster)] = r.tags[i].second;
      seen[std::size_t(roster)] = true;
    } else if (many) {
      repeated = !t.names.insert(name).second;
    } else {
      for (std::size_t j : t.others)
        if (r.tags[j].first == name) repeated = true;
    }
    if (repeated) {
      t.repeats.push_back(i);
      if (name == "SetUp" || name == "FEN") t.start_repeated = true;
    } else if (roster < 0) {
      t.others.push_back(i);
    }
  }
  for (int k = 0; k < 7; ++k)
    if (!seen[std::size_t(k)]) t.roster[std::size_t(k)] = kRosterDefault[k];
}

// A JSON string of `s`: appended whole when nothing in it needs escaping (tag values are
// mostly plain ASCII).
void append_json_plain_or_escaped(std::string& out, std::string_view s) {
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
      append_json_string(out, s);
      return;
    }
  }
  out += '"';
  out.append(s);
  out += '"';
}

// The FEN written for a native FEN: in the dialect chosen (the native FEN itself when the
// position has no form in it, which the tool rules out before it starts).
std::string fen_text(const GameRecord& r, const WriteOptions& o, const std::string& native) {
  if (o.fen_dialect == FenDialectId::kNative) return native;
  absl::StatusOr<std::string> f = fen_in_dialect(variant_info(r.variant), native, o.fen_dialect);
  return f.ok() ? *f : native;
}

// The standard start position of the variant: no FEN tag needed.
bool standard_start(const GameRecord& r) {
  const VariantInfo& v = variant_info(r.variant);
  return !v.start_fen.empty() && r.start_fen == v.start_fen;
}

// Whether the start position is written (SetUp and FEN tags, "start_fen"): also for a game
// from the standard start when a SetUp or FEN tag is repeated, so that the repeats, written
// after it, are not read back as the first.
bool writes_start(const GameRecord& r, const WriteOptions& o, const SortedTags& t) {
  return o.add_fen_tags || t.start_repeated || !standard_start(r);
}

void append_escaped_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out.append(name);
  out += " \"";
  // Most values are printable ASCII with nothing to escape: appended at once.
  bool plain = true;
  for (char c : value) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
      plain = false;
      break;
    }
  }
  if (plain) {
    out.append(value);
  } else {
    for (char c : utf8_text(value)) {
      if (c == '"' || c == '\\') out += '\\';
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
      out += c;
    }
  }
  out += "\"]\n";
}

// Whether a comment can be written in braces: it holds no '}', and no line of it between two
// line breaks is one that the splitter takes, inside a comment, for the tag pair of the next
// game (only JSON input can hold either inside one comment).
bool fits_in_braces(std::string_view c) {
  if (c.find('}') != std::string_view::npos) return false;
  std::size_t eol = c.find('\n');
  while (eol != std::string_view::npos) {
    const std::size_t next = c.find('\n', eol + 1);
    if (next == std::string_view::npos) break;
    if (parsers::is_tag_pair_line(c.substr(eol + 1, next - eol - 1))) return false;
    eol = next;
  }
  return true;
}

constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Movetext with line wrapping.
class Wrapper {
 public:
  // Writes at the end of `out`, which it grows ahead and cuts back in end().
  Wrapper(std::string& out, std::size_t width) : out_(out), width_(width), len_(out.size()) {}
  // A token that may not be broken.
  void token(std::string_view t) { token2({}, t); }
  // A token of two parts ("12. " and its move).
  void token2(std::string_view a, std::string_view b) {
    const std::size_t n = a.size() + b.size();
    separate(n);
    room(n);
    char* p = copy_short(out_.data() + len_, a);
    copy_short(p, b);
    len_ += n;
    column_ += n;
  }
  // A token glued to the one before ("(" then the move after it): no space.
  void glued(std::string_view t) {
    glue_ = true;
    token(t);
  }
  // The next token follows without a space ("(" and the move after it).
  void glue_next() { glue_ = true; }
  // A comment as read. In braces when it fits in them (fits_in_braces): its line breaks
  // kept, and its words wrapped like tokens, so that a space between two words may become a
  // line break and nothing else changes. Else as ;-comments, one per line of the text, each
  // ending its line.
  void comment(std::string_view c) {
    if (!fits_in_braces(c)) {
      for (std::size_t from = 0;;) {
        const std::size_t eol = c.find('\n', from);
        token2(";", c.substr(from, eol == std::string_view::npos ? eol : eol - from));
        newline();
        if (eol == std::string_view::npos) return;
        from = eol + 1;
      }
    }
    for (std::size_t from = 0;;) {
      const std::size_t eol = c.find('\n', from);
      const std::string_view line =
          c.substr(from, eol == std::string_view::npos ? eol : eol - from);
      if (from > 0) {
        newline();
        // A line of the comment that starts with '[': see comment_word().
        bracket_line_ = !line.empty() && line[0] == '[';
      }
      for (std::size_t w = 0;;) {
        const std::size_t space = line.find(' ', w);
        const std::string_view word =
            line.substr(w, space == std::string_view::npos ? space : space - w);
        const bool last = eol == std::string_view::npos && space == std::string_view::npos;
        comment_word(from == 0 && w == 0, w == 0 && from > 0, word, last);
        if (space == std::string_view::npos) break;
        w = space + 1;
      }
      if (eol == std::string_view::npos) break;
      from = eol + 1;
    }
    // A line that starts with '[' inside a comment ends with it: what followed on the line
    // (a ;-comment, a comment's first line) could make it read as a tag pair.
    if (bracket_line_) break_next_ = true;
  }
  // Ends the line and the text.
  void end() {
    newline();
    out_.resize(len_);
  }

 private:
  // Before a token of n bytes: a space, or a line break when it would not fit (or must not
  // share the line), or nothing (glued, or at the start of a line).
  [[gnu::always_inline]] void separate(std::size_t n) {
    if (break_next_) {
      break_next_ = false;
      glue_ = false;
      if (column_ > 0) newline();
    } else if (glue_) {
      glue_ = false;
      if (column_ + n > width_ && column_ > 0) newline();
    } else if (column_ > 0) {
      if (column_ + 1 + n > width_) {
        newline();
      } else {
        room(1);
        out_[len_++] = ' ';
        ++column_;
      }
    }
  }
  // A word of a comment in braces: `open` the first (after '{'), `line_start` the first of a
  // later line (after the line break kept), `close` the last (before '}'). The space before
  // any other word becomes a line break when the word does not fit, except where the splitter
  // could read the new line, or the line it ends, as a tag pair (pgn_splitter.cpp: a whole
  // tag-pair line inside a comment ends the game there): never before a word starting with
  // '[', so that only a line of the text itself starts with '[' inside a comment; and on such
  // a line, never after a ']'.
  void comment_word(bool open, bool line_start, std::string_view word, bool close) {
    const std::size_t n = word.size() + (open ? 1 : 0) + (close ? 1 : 0);
    if (open) {
      separate(n);
    } else if (!line_start) {
      const bool may_break =
          (word.empty() || word[0] != '[') && !(bracket_line_ && last_visible_ == ']');
      if (column_ > 0 && column_ + 1 + n > width_ && may_break) {
        newline();
      } else {
        room(1);
        out_[len_++] = ' ';
        ++column_;
      }
    }
    room(n);
    char* p = out_.data() + len_;
    if (open) *p++ = '{';
    std::memcpy(p, word.data(), word.size());
    p += word.size();
    if (close) *p = '}';
    len_ += n;
    column_ += n;
    for (std::size_t i = word.size(); i-- > 0;)
      if (!is_space(word[i])) {
        last_visible_ = word[i];
        break;
      }
  }
  void room(std::size_t n) {
    // (a step at a time: growing zeroes what it adds; the capacity grows geometrically)
    if (len_ + n > out_.size()) out_.resize(len_ + n + 1024);
  }
  void newline() {
    room(1);
    out_[len_++] = '\n';
    column_ = 0;
    bracket_line_ = false;
    last_visible_ = '\0';
  }

  std::string& out_;
  std::size_t width_;
  std::size_t len_;  // the text written (out_ is longer, ahead)
  std::size_t column_ = 0;
  bool glue_ = false;
  bool break_next_ = false;    // the next token starts a line
  bool bracket_line_ = false;  // the line started inside a comment, with '['
  char last_visible_ = '\0';   // the last byte of a comment word on the line, not a space
};

// Writes a whole number at the end of buf[0, size) and returns where it starts.
char* number_at_end(char* end, long long n) {
  char* p = end;
  const bool neg = n < 0;
  unsigned long long u =
      neg ? 0ull - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  do {
    *--p = char('0' + u % 10);
    u /= 10;
  } while (u);
  if (neg) *--p = '-';
  return p;
}

// The move in the notation chosen (`lan`: a buffer for the long algebraic form).
std::string_view move_text(const GameRecord& r, const RecordItem& m, Notation n, std::string& lan) {
  switch (n) {
    case Notation::kSan:
      return m.san;
    case Notation::kLan:
      lan = long_algebraic(m.san, m.uci, !in_position_family(r.variant));
      return lan;
    case Notation::kUci:
      return m.uci;
  }
  return m.san;
}

// The side to move before the move at `ply` and its move number.
struct MoveNumber {
  int number;
  bool black;
};
MoveNumber move_number(const GameRecord& r, int ply) {
  const int half = (r.start_side == BLACK ? 1 : 0) + ply - 1;
  return {r.start_move + half / 2, half % 2 == 1};
}

std::string_view result_of_state(const GameState& st) {
  if (st.decisive() || st.end == GameEnd::kStalemate || st.end == GameEnd::kInsufficientMaterial ||
      st.end == GameEnd::kFivefoldRepetition || st.end == GameEnd::kSeventyFiveMoveRule)
    return pgn_result(st);
  return {};
}

// The fields of a FEN, split at runs of spaces.
std::vector<std::string_view> fen_fields(std::string_view fen) {
  std::vector<std::string_view> f;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    const std::size_t b = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (i > b) f.push_back(fen.substr(b, i - b));
  }
  return f;
}

}  // namespace

GameReport read_game(const parsers::RawGame& game, const ValidateOptions& options,
                     GameRecord& record, const RecordOptions& record_options, bool vchess) {
  if (!vchess && (game.format == parsers::RecordFormat::kPgn || !game.notes.empty()))
    return validate_game(game, options, record, record_options);
  // Into PGN first: a vchess record, or a JSON game object.
  parsers::RawGame pgn;
  pgn.index = game.index;
  pgn.first_line = game.first_line;
  absl::Status converted = absl::OkStatus();
  JsonOrigins origins;
  if (vchess) {
    absl::StatusOr<std::string> text = vchess_game_to_pgn(game.text);
    if (text.ok())
      pgn.text = std::move(*text);
    else
      converted = absl::InvalidArgumentError(
          absl::StrCat("vchess record: ", std::string(text.status().message())));
  } else {
    converted = json_game_to_pgn(game.text, pgn.text, &origins);
  }
  GameReport report;
  if (converted.ok()) {
    report = validate_game(pgn, options, record, record_options);
  } else {
    record.clear();
    report.index = game.index;
    report.first_line = game.first_line;
    Diagnostic d;
    d.severity = parsers::Severity::kError;
    d.message = std::string(converted.message());
    report.diagnostics.push_back(std::move(d));
    ++report.errors;
  }
  if (vchess) {
    for (Diagnostic& d : report.diagnostics) {
      d.line = game.first_line;
      d.column = 1;
    }
    return report;
  }
  // A diagnostic of the JSON's PGN form points at the JSON value its token came from: its
  // line and column in the input.
  const std::vector<std::size_t> json_lines = line_starts(game.text);
  const std::vector<std::size_t> pgn_lines = line_starts(pgn.text);
  for (Diagnostic& d : report.diagnostics) {
    // (The PGN form was read as if it started at the record's first line.)
    const std::int64_t pgn_line = d.line == 0 ? 0 : d.line - pgn.first_line + 1;
    const std::size_t at =
        converted.ok() ? origins.json_offset(pgn_lines, pgn_line, d.column) : origins.error_at;
    const auto next_line = std::upper_bound(json_lines.begin(), json_lines.end(), at);
    const std::size_t line = std::size_t(next_line - json_lines.begin()) - 1;
    d.line = game.first_line + std::int64_t(line);
    d.column = std::int64_t(at - json_lines[line]) + (line == 0 ? game.first_column : 1);
  }
  return report;
}

bool csv_formula_cell(std::string_view v) {
  if (v.empty()) return false;
  const char c = v[0];
  if (c != '=' && c != '+' && c != '-' && c != '@' && c != '\t' && c != '\r') return false;
  const auto digits = [&](std::size_t i) {
    while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
    return i;
  };
  std::size_t i = c == '+' || c == '-' ? 1 : 0;
  std::size_t end = digits(i);
  if (end == i) return true;
  if (end < v.size() && v[end] == '.') {
    i = end + 1;
    end = digits(i);
    if (end == i) return true;
  }
  return end != v.size();
}

void csv_field(std::string& out, std::string_view text, bool raw) {
  const std::string v = utf8_text(text);
  const bool guard = !raw && csv_formula_cell(v);
  bool quote = false;
  for (char c : v)
    if (c == ',' || c == '"' || c == '\n' || c == '\r') quote = true;
  if (!quote) {
    if (guard) out += '\'';
    out.append(v);
    return;
  }
  out += '"';
  if (guard) out += '\'';
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string game_result(const GameRecord& record, bool fix, ResultFix* what) {
  std::string written = record.result_marker;
  // Without a marker, the Result tag when it is a result ("0-0" or "?" would be read back as
  // a move or an error).
  const std::string_view tag_result = record.tag("Result");
  if (written.empty() &&
      (tag_result == "1-0" || tag_result == "0-1" || tag_result == "1/2-1/2" || tag_result == "*"))
    written = std::string(tag_result);
  if (written.empty()) written.push_back('*');  // (not = "*": a false -Wrestrict in GCC 12)
  if (!fix) return written;
  const std::string_view implied = result_of_state(record.final_state);
  const std::string tag = std::string(record.tag("Result"));
  if (implied.empty() || (written == implied && (tag.empty() || tag == implied))) return written;
  if (what) {
    what->fixed = true;
    what->from = tag.empty() ? written : tag;
    what->to = std::string(implied);
    what->reason = std::string(describe(record.final_state.end));
  }
  return std::string(implied);
}

void write_pgn(const GameRecord& r, const std::string& result, const WriteOptions& o,
               std::string& out) {
  thread_local SortedTags tags;
  sort_tags(r, tags);
  for (int i = 0; i < 7; ++i)
    append_escaped_tag(out, kRoster[i],
                       i == 6 ? std::string_view(result) : tags.roster[std::size_t(i)]);
  for (std::size_t i : tags.others) {
    const auto& [name, value] = r.tags[i];
    if (name == "SetUp" || name == "FEN" || name == "PlyCount") continue;
    append_escaped_tag(out, name, value);
  }
  if (writes_start(r, o, tags)) {
    append_escaped_tag(out, "SetUp", "1");
    append_escaped_tag(out, "FEN", fen_text(r, o, r.start_fen));
  }
  if (o.add_ply_count)
    append_escaped_tag(out, "PlyCount", std::to_string(r.plies));
  else if (r.has_tag("PlyCount"))
    append_escaped_tag(out, "PlyCount", r.tag("PlyCount"));
  for (std::size_t i : tags.repeats) append_escaped_tag(out, r.tags[i].first, r.tags[i].second);
  out += '\n';

  Wrapper w(out, o.line_length);
  bool need_number = true;  // the next move needs its number (also a black one: "12...")
  int skip_depth = 0;       // > 0: inside a variation that is left out
  char buf[32];
  std::string lan;
  for (const RecordItem& it : r.items) {
    if (skip_depth > 0) {
      if (it.kind == RecordItem::kBeginVariation) ++skip_depth;
      if (it.kind == RecordItem::kEndVariation) --skip_depth;
      continue;
    }
    switch (it.kind) {
      case RecordItem::kMove: {
        const MoveNumber n = move_number(r, it.ply);
        // The number and its move are kept on one line.
        std::string_view m = move_text(r, it, o.notation, lan);
        if (!n.black || need_number) {
          char number[32];
          char* e = number + sizeof number - 4;
          char* b = number_at_end(e, n.number);
          const std::string_view dots = n.black ? "... " : ". ";
          copy_short(e, dots);
          w.token2(std::string_view(b, std::size_t(e - b) + dots.size()), m);
        } else {
          w.token(m);
        }
        need_number = false;
        break;
      }
      case RecordItem::kNag:
        if (o.nags) {
          const int len = std::snprintf(buf, sizeof buf, "$%d", it.nag);
          w.token(std::string_view(buf, std::size_t(len)));
        }
        break;
      case RecordItem::kComment:
        if (!o.comments) break;
        w.comment(utf8_text(it.san));
        need_number = true;
        break;
      case RecordItem::kBeginVariation:
        if (!o.variations) {
          skip_depth = 1;
          break;
        }
        w.token("(");
        w.glue_next();
        need_number = true;
        break;
      case RecordItem::kEndVariation:
        w.glued(")");
        need_number = true;
        break;
    }
  }
  w.token(result);
  w.end();
  out += '\n';
}

void write_positions(const GameRecord& r, bool epd, const WriteOptions& o, std::string_view file,
                     std::int64_t index, std::string& out) {
  // The main-line moves in order, with the FEN after each.
  std::vector<const RecordItem*> line;
  for (const RecordItem& it : r.items)
    if (it.kind == RecordItem::kMove && it.depth == 0) line.push_back(&it);
  const int plies = int(line.size());
  auto emit = [&](int ply) {
    const std::string& fen = ply == 0 ? r.start_fen : line[std::size_t(ply - 1)]->fen;
    const std::string text = fen_text(r, o, fen);
    if (!epd) {
      out += text;
      out += '\n';
      return;
    }
    const std::vector<std::string_view> f = fen_fields(text);
    const bool fide = f.size() >= 6 && variant_info(r.variant).fen_fide_fields;
    if (fide) {
      put(out, f[0], " ", f[1], " ", f[2], " ", f[3]);
      put(out, " hmvc ", f[4], "; fmvn ", f[5], ";");
      if (f.size() >= 7) put(out, " armies \"", f[6], "\";");
    } else {
      out += text;
      out += ';';
    }
    if (r.variant != VariantId::kChess)
      put(out, " variant \"", variant_info(r.variant).name, "\";");
    if (ply < plies) put(out, " sm ", line[std::size_t(ply)]->san, ";");
    std::string id;
    put(id, file, " game ", index, " ply ", ply);
    out += " id \"";
    for (char c : id) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\";\n";
  };
  if (o.final_only) {
    emit(plies);
    return;
  }
  const int every = o.every < 1 ? 1 : o.every;
  for (int ply = 0; ply <= plies; ply += every) emit(ply);
}

namespace {

// A line of moves (the main line or a variation) as JSON: its moves in the chosen arrays and
// its notes (NAGs, comments, variations) in input order, each at the ply of the move it
// follows. Recursive, one call per level: every reader refuses variations nested more than
// parsers::kMaxVariationDepth deep, so no record holds more.
void write_line_json(JsonWriter& w, const GameRecord& r, std::size_t& i, int first_ply,
                     const WriteOptions& o, bool main_line) {
  // Collect the moves first (arrays), then the notes.
  const std::size_t start = i;
  std::size_t end = i;
  int depth = 0;
  for (; end < r.items.size(); ++end) {
    const RecordItem& it = r.items[end];
    if (it.kind == RecordItem::kBeginVariation) ++depth;
    if (it.kind == RecordItem::kEndVariation) {
      if (depth == 0) break;
      --depth;
    }
  }
  // The moves of this line (at its own depth): the SAN and UCI arrays written straight
  // into the output, sized first (they need no escaping). Moves are a few characters: a
  // byte loop copies them faster than a call of memcpy each.
  const int line_depth = start < end ? r.items[start].depth : 0;
  std::size_t moves = 0, san_bytes = 0, uci_bytes = 0;
  for (std::size_t k = start; k < end; ++k) {
    const RecordItem& it = r.items[k];
    if (it.kind != RecordItem::kMove || it.depth != line_depth) continue;
    ++moves;
    san_bytes += it.san.size();
    uci_bytes += it.uci.size();
  }
  w.key("ply").value(first_ply);
  const auto move_array = [&](const char* name, std::size_t bytes, std::string RecordItem::*text) {
    std::string& out = w.key(name).value_slot();
    const std::size_t at = out.size();
    // "[" + ("\"" move "\"" ",")... + "]": 3 bytes a move, less the last comma.
    out.resize(at + 2 + bytes + 3 * moves - (moves ? 1 : 0));
    char* p = out.data() + at;
    *p++ = '[';
    bool first = true;
    for (std::size_t k = start; k < end; ++k) {
      const RecordItem& it = r.items[k];
      if (it.kind != RecordItem::kMove || it.depth != line_depth) continue;
      if (!first) *p++ = ',';
      first = false;
      *p++ = '"';
      p = copy_short(p, it.*text);
      *p++ = '"';
    }
    *p++ = ']';
  };
  move_array("san", san_bytes, &RecordItem::san);
  move_array("uci", uci_bytes, &RecordItem::uci);
  if (main_line && o.with_fen) {
    w.key("fen").begin_array();
    for (std::size_t k = start; k < end; ++k) {
      const RecordItem& it = r.items[k];
      if (it.kind == RecordItem::kMove && it.depth == 0) w.value(fen_text(r, o, it.fen));
    }
    w.end_array();
  }
  // Notes.
  bool any = false;
  int ply = first_ply - 1;
  for (std::size_t k = start; k < end; ++k) {
    const RecordItem& it = r.items[k];
    if (it.kind == RecordItem::kMove) {
      ply = it.ply;
      continue;
    }
    if (it.kind == RecordItem::kEndVariation) continue;
    if (it.kind == RecordItem::kNag && !o.nags) continue;
    if (it.kind == RecordItem::kComment && !o.comments) continue;
    if (it.kind == RecordItem::kBeginVariation && !o.variations) {
      // Skip the whole variation.
      int d = 0;
      for (; k < end; ++k) {
        if (r.items[k].kind == RecordItem::kBeginVariation) ++d;
        if (r.items[k].kind == RecordItem::kEndVariation && --d == 0) break;
      }
      continue;
    }
    if (!any) {
      w.key("notes").begin_array();
      any = true;
    }
    w.begin_object().key("ply").value(ply);
    if (it.kind == RecordItem::kNag) {
      w.key("nag").value(it.nag);
      w.end_object();
    } else if (it.kind == RecordItem::kComment) {
      w.key("comment").value(it.san);
      w.end_object();
    } else {  // a variation: its first move replaces the move at `ply`
      std::size_t j = k + 1;
      w.key("variation").begin_object();
      write_line_json(w, r, j, ply, o, false);
      w.end_object().end_object();
      k = j;  // at its kEndVariation
    }
  }
  if (any) w.end_array();
  i = end;
}

}  // namespace

void write_game_json(JsonWriter& w, const GameRecord& r, const GameReport& report,
                     const std::string& result, const WriteOptions& o, std::string_view file) {
  w.begin_object();
  w.key("file").value(file).key("game").value(report.index).key("line").value(report.first_line);
  w.key("variant").value(variant_info(r.variant).name);
  // The tags object, written straight into the output.
  thread_local SortedTags tags;
  sort_tags(r, tags);
  {
    std::string& out = w.key("tags").value_slot();
    out += '{';
    for (int i = 0; i < 7; ++i) {
      if (i) out += ',';
      out += '"';
      out.append(kRoster[i]);
      out += "\":";
      append_json_plain_or_escaped(out,
                                   i == 6 ? std::string_view(result) : tags.roster[std::size_t(i)]);
    }
    for (std::size_t i : tags.others) {
      const auto& [name, value] = r.tags[i];
      if (name == "SetUp" || name == "FEN") continue;
      out += ',';
      append_json_plain_or_escaped(out, name);
      out += ':';
      append_json_plain_or_escaped(out, value);
    }
    out += '}';
  }
  if (!tags.repeats.empty()) {
    w.key("repeated_tags").begin_array();
    for (std::size_t i : tags.repeats)
      w.begin_object()
          .key("name")
          .value(r.tags[i].first)
          .key("value")
          .value(r.tags[i].second)
          .end_object();
    w.end_array();
  }
  if (writes_start(r, o, tags)) w.key("start_fen").value(fen_text(r, o, r.start_fen));
  w.key("result").value(result);
  w.key("termination").value(describe(r.final_state.end));
  w.key("plies").value(r.plies);
  std::size_t i = 0;
  const int first = 1;
  // The main line: its fields directly in the game object.
  write_line_json(w, r, i, first, o, true);
  if (!report.diagnostics.empty()) {
    w.key("diagnostics").begin_array();
    for (const Diagnostic& d : report.diagnostics) {
      w.begin_object()
          .key("severity")
          .value(d.severity == parsers::Severity::kError ? "error" : "warning")
          .key("line")
          .value(d.line)
          .key("column")
          .value(d.column)
          .key("ply")
          .value(d.ply)
          .key("message")
          .value(d.message)
          .end_object();
    }
    w.end_array();
  }
  w.end_object();
}

std::string csv_header(bool positions) {
  if (positions) return "file,game,ply,fen,move_san,move_uci\n";
  return "file,game,variant,Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO,"
         "plies,termination,start_fen,san,uci\n";
}

void write_csv(const GameRecord& r, const std::string& result, bool positions,
               const WriteOptions& o, std::string_view file, std::int64_t index, std::string& out) {
  if (positions) {
    std::vector<const RecordItem*> line;
    for (const RecordItem& it : r.items)
      if (it.kind == RecordItem::kMove && it.depth == 0) line.push_back(&it);
    const int plies = int(line.size());
    auto row = [&](int ply) {
      csv_field(out, file, o.csv_raw);
      put(out, ",", index, ",", ply, ",");
      csv_field(out, fen_text(r, o, ply == 0 ? r.start_fen : line[std::size_t(ply - 1)]->fen),
                o.csv_raw);
      out += ',';
      if (ply < plies) {
        csv_field(out, line[std::size_t(ply)]->san, o.csv_raw);
        out += ',';
        csv_field(out, line[std::size_t(ply)]->uci, o.csv_raw);
      } else {
        out += ',';
      }
      out += '\n';
    };
    if (o.final_only) {
      row(plies);
      return;
    }
    const int every = o.every < 1 ? 1 : o.every;
    for (int ply = 0; ply <= plies; ply += every) row(ply);
    return;
  }
  csv_field(out, file, o.csv_raw);
  put(out, ",", index, ",", variant_info(r.variant).name);
  for (std::string_view t : {"Event", "Site", "Date", "Round", "White", "Black", "Result",
                             "WhiteElo", "BlackElo", "ECO"}) {
    out += ',';
    csv_field(out, t == "Result" ? std::string_view(result) : r.tag(t), o.csv_raw);
  }
  put(out, ",", r.plies, ",", describe(r.final_state.end), ",");
  if (!standard_start(r)) csv_field(out, fen_text(r, o, r.start_fen), o.csv_raw);
  std::string san, uci;
  for (const RecordItem& it : r.items) {
    if (it.kind != RecordItem::kMove || it.depth != 0) continue;
    if (!san.empty()) {
      san += ' ';
      uci += ' ';
    }
    san += it.san;
    uci += it.uci;
  }
  out += ',';
  csv_field(out, san, o.csv_raw);
  out += ',';
  csv_field(out, uci, o.csv_raw);
  out += '\n';
}

absl::StatusOr<TagFilter> parse_tag_filter(std::string_view text) {
  TagFilter f;
  std::size_t i = 0;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
    ++i;
  f.tag = std::string(text.substr(0, i));
  std::string_view rest = text.substr(i);
  struct OpText {
    std::string_view text;
    TagFilter::Op op;
  };
  static constexpr OpText kOps[] = {{"!=", TagFilter::kNe},      {"<=", TagFilter::kLe},
                                    {">=", TagFilter::kGe},      {"=", TagFilter::kEq},
                                    {"~", TagFilter::kContains}, {"<", TagFilter::kLt},
                                    {">", TagFilter::kGt}};
  bool found = false;
  for (const OpText& op : kOps) {
    if (rest.substr(0, op.text.size()) == op.text) {
      f.op = op.op;
      f.value = std::string(rest.substr(op.text.size()));
      found = true;
      break;
    }
  }
  if (f.tag.empty() || !found)
    return absl::InvalidArgumentError(absl::StrCat(
        "--where '", parsers::message_text(text),
        "': expected TAG=VALUE, TAG!=VALUE, TAG~TEXT (contains), TAG<VALUE, TAG<=VALUE, "
        "TAG>VALUE or TAG>=VALUE"));
  // Variant= and Variant!= match by any name of a variant: a name of none would match no
  // game (or every game) whatever the input holds.
  if (f.tag == "Variant" && (f.op == TagFilter::kEq || f.op == TagFilter::kNe) &&
      find_variant(f.value) == nullptr)
    return absl::InvalidArgumentError(
        absl::StrCat("--where '", parsers::message_text(text), "': unknown variant '",
                     parsers::message_text(f.value), "' (known: ", variant_names(), ")"));
  return f;
}

namespace {

// Compares two tag values: as numbers when both are whole numbers (Elo), else as text,
// which orders PGN dates ("2019.03.04") correctly.
int compare_values(std::string_view a, std::string_view b) {
  auto number = [](std::string_view s, long long& n) {
    if (s.empty() || s.size() > 18) return false;
    n = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return false;
      n = n * 10 + (c - '0');
    }
    return true;
  };
  long long x, y;
  if (number(a, x) && number(b, y)) return x < y ? -1 : x > y ? 1 : 0;
  const int c = a.compare(b);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

}  // namespace

bool selected(const GameRecord& r, const Selection& s) {
  if (r.plies < s.min_plies) return false;
  if (s.max_plies >= 0 && r.plies > s.max_plies) return false;
  for (const TagFilter& f : s.where) {
    std::string_view v;
    std::string variant;
    if (f.tag == "Variant") {
      variant = std::string(variant_info(r.variant).name);
      v = variant;
    } else {
      v = r.tag(f.tag);
    }
    const bool has = f.tag == "Variant" || r.has_tag(f.tag);
    bool ok = false;
    switch (f.op) {
      case TagFilter::kEq:
        ok = has && (f.tag == "Variant" ? find_variant(f.value) == &variant_info(r.variant)
                                        : v == f.value);
        break;
      case TagFilter::kNe:
        ok = !(has && (f.tag == "Variant" ? find_variant(f.value) == &variant_info(r.variant)
                                          : v == f.value));
        break;
      case TagFilter::kContains:
        ok = has && v.find(f.value) != std::string_view::npos;
        break;
      case TagFilter::kLt:
        ok = has && compare_values(v, f.value) < 0;
        break;
      case TagFilter::kLe:
        ok = has && compare_values(v, f.value) <= 0;
        break;
      case TagFilter::kGt:
        ok = has && compare_values(v, f.value) > 0;
        break;
      case TagFilter::kGe:
        ok = has && compare_values(v, f.value) >= 0;
        break;
    }
    if (!ok) return false;
  }
  if (!s.ends_in.empty()) {
    const std::string_view end = describe(r.final_state.end);
    bool ok = false;
    for (const std::string& e : s.ends_in)
      if (e == (end.empty() ? std::string_view("none") : end)) ok = true;
    if (!ok) return false;
  }
  if (!s.reaches.empty()) {
    bool ok = std::find(s.reaches.begin(), s.reaches.end(), r.start_key) != s.reaches.end();
    for (const RecordItem& it : r.items) {
      if (ok) break;
      if (it.kind == RecordItem::kMove && it.depth == 0 &&
          std::find(s.reaches.begin(), s.reaches.end(), it.key) != s.reaches.end())
        ok = true;
    }
    if (!ok) return false;
  }
  return true;
}

std::string ends_in_names() {
  std::string s;
  for (int e = int(GameEnd::kCheckmate); e <= int(GameEnd::kTwentyFiveMoveRule); ++e) {
    std::string name(describe(GameEnd(e)));
    std::replace(name.begin(), name.end(), ' ', '-');
    put(s, s.empty() ? "" : ", ", name);
  }
  return s + ", none";
}

absl::StatusOr<std::string> parse_ends_in(std::string_view name) {
  std::string n(name);
  std::replace(n.begin(), n.end(), '-', ' ');
  if (n == "none") return n;
  for (int e = int(GameEnd::kCheckmate); e <= int(GameEnd::kTwentyFiveMoveRule); ++e)
    if (describe(GameEnd(e)) == n) return n;
  return absl::InvalidArgumentError(absl::StrCat("--ends-in '", parsers::message_text(name),
                                                 "': expected one of ", ends_in_names()));
}

GameDigest game_digest(const GameRecord& r) {
  // FNV-1a over two different offsets: 128 bits, so that two different games practically
  // never agree.
  std::uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) {
      a = (a ^ c) * 0x100000001b3ull;
      b = (b ^ c) * 0x1000000001b3ull + 0x9e3779b97f4a7c15ull;
    }
    a = (a ^ 0xff) * 0x100000001b3ull;
    b = (b ^ 0xff) * 0x1000000001b3ull;
  };
  mix(variant_info(r.variant).name);
  // The start position by its key, not its FEN: one position, one key, whatever the FEN's
  // en passant field (--fen-en-passant) or clocks say.
  char key[sizeof r.start_key];
  std::memcpy(key, &r.start_key, sizeof key);
  mix(std::string_view(key, sizeof key));
  for (const RecordItem& it : r.items)
    if (it.kind == RecordItem::kMove && it.depth == 0) mix(it.uci);
  return {a, b};
}

}  // namespace fairykit::analysis
