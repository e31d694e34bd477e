#include "analysis/formats/pgn_writer.h"

#include <cstdio>
#include <cstring>
#include <string_view>

#include "analysis/checking/validate.h"
#include "analysis/formats/writer_common.h"
#include "analysis/io/json.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

namespace {

using namespace detail;

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
  // kept, and its words wrapped like tokens, so that a space between two words (not inside a
  // command) may become a line break and nothing else changes. Else as ;-comments, one per line of
  // the text, each ending its line.
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
        // A command ("[%clk 0:04:58]") is one word: a line break inside it would change the
        // text that readers of the command see.
        std::size_t space = line.find(' ', w);
        if (line.substr(w, 2) == "[%")
          if (const std::size_t close = line.find(']', w); close != std::string_view::npos)
            space = line.find(' ', close);
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

}  // namespace

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

}  // namespace fairykit::analysis
