#include "parsers/comment_commands.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "parsers/detail/comment_scan.h"
#include "parsers/message_text.h"

namespace fairykit::parsers {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// Digits from `s[i]` on, at most `max` of them, as a number; `count` says how many were read.
long long read_digits(std::string_view s, std::size_t& i, int max, int& count) {
  long long n = 0;
  count = 0;
  while (i < s.size() && is_digit(s[i]) && count < max) {
    n = n * 10 + (s[i] - '0');
    ++i;
    ++count;
  }
  return n;
}

// "H:MM:SS" with an optional fraction of up to three digits, in milliseconds; "" when it reads.
// Hours are limited by the 32-bit milliseconds a value is kept in (595 hours and a bit, over 24
// days: more than any correspondence clock).
std::string read_time(std::string_view s, std::int32_t& ms) {
  constexpr std::string_view kForm = "expected H:MM:SS";
  std::size_t i = 0;
  int n = 0;
  const long long hours = read_digits(s, i, 4, n);
  if (n == 0 || i >= s.size() || s[i] != ':') return std::string(kForm);
  ++i;
  const long long minutes = read_digits(s, i, 2, n);
  if (n != 2 || i >= s.size() || s[i] != ':') return std::string(kForm);
  ++i;
  const long long seconds = read_digits(s, i, 2, n);
  if (n != 2) return std::string(kForm);
  long long fraction = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    fraction = read_digits(s, i, 3, n);
    if (n == 0) return std::string(kForm);
    for (; n < 3; ++n) fraction *= 10;
  }
  if (i != s.size()) return std::string(kForm);
  if (minutes > 59) return "minutes must be 0-59";
  if (seconds > 59) return "seconds must be 0-59";
  if (hours > 595) return "more than 595 hours";
  ms = static_cast<std::int32_t>(((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction);
  return {};
}

// "0.17", "-1.5", "+3", "#-3", "#2", each with an optional ",DEPTH"; "" when it reads.
std::string read_eval(std::string_view s, CommentCommands& c) {
  constexpr std::string_view kForm = "expected pawns (0.17, -1.5) or a mate (#3, #-3)";
  std::string_view value = s;
  c.depth = -1;
  if (const std::size_t comma = s.find(','); comma != std::string_view::npos) {
    value = trim(s.substr(0, comma));
    const std::string_view d = trim(s.substr(comma + 1));
    std::size_t i = 0;
    int n = 0;
    const long long depth = read_digits(d, i, 4, n);
    if (n == 0 || i != d.size()) return "expected a depth (a whole number) after ','";
    c.depth = static_cast<std::int32_t>(depth);
  }
  std::size_t i = 0;
  const bool mate = !value.empty() && value[0] == '#';
  if (mate) ++i;
  bool negative = false;
  if (i < value.size() && (value[i] == '-' || value[i] == '+')) negative = value[i++] == '-';
  int n = 0;
  const long long whole = read_digits(value, i, 6, n);
  if (n == 0) return std::string(kForm);
  if (mate) {
    if (i != value.size()) return std::string(kForm);
    c.mate = true;
    c.eval = static_cast<std::int32_t>(negative ? -whole : whole);
    return {};
  }
  long long centi = whole * 100;
  if (i < value.size() && value[i] == '.') {
    ++i;
    int digits = 0;
    long long tenths = 0;
    // Two decimals are centipawns; a third rounds them (half away from zero).
    while (i < value.size() && is_digit(value[i])) {
      if (digits < 3) tenths = tenths * 10 + (value[i] - '0');
      ++digits;
      ++i;
    }
    if (digits == 0) return std::string(kForm);
    if (digits == 1) tenths *= 100;
    if (digits == 2) tenths *= 10;
    centi += (tenths + 5) / 10;
  }
  if (i != value.size()) return std::string(kForm);
  c.mate = false;
  c.eval = static_cast<std::int32_t>(negative ? -centi : centi);
  return {};
}

}  // namespace

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
}

// The general reader, from the command at `at` on: every form, and why a command cannot be
// read. Out of line, so that the usual comments (read_comment_commands' loop) do not pay for
// setting up its strings and problem list.
[[gnu::noinline]] bool read_commands_from(std::string_view text, std::size_t at, bool any,
                                          CommentCommands& out,
                                          std::vector<CommandProblem>* problems) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  while (at < text.size()) {
    // Comments are short, and their commands come first: a loop finds the '[' sooner than a
    // call of memchr.
    while (at < text.size() && text[at] != '[') ++at;
    if (at == text.size()) break;
    if (at + 1 >= text.size() || text[at + 1] != '%') {
      ++at;
      continue;
    }
    if (const char* next = detail::read_usual_command(begin + at, end, out)) {
      any = true;
      at = std::size_t(next - begin);
      continue;
    }
    const std::size_t name_at = at + 2;
    std::size_t name_end = name_at;
    while (name_end < text.size() && is_name_char(text[name_end])) ++name_end;
    const std::string_view name = text.substr(name_at, name_end - name_at);
    const bool known = name == "clk" || name == "emt" || name == "eval";
    const std::size_t close = text.find(']', name_end);
    if (!known) {
      if (close == std::string_view::npos) break;
      at = close + 1;
      continue;
    }
    any = true;
    const std::size_t start = at;
    const auto problem = [&](std::string_view why) {
      if (problems == nullptr) return;
      const std::string_view command = text.substr(
          start, close == std::string_view::npos ? std::string_view::npos : close + 1 - start);
      problems->push_back({start, absl::StrCat(quote_text(command), ": ", std::string(why))});
    };
    if (close == std::string_view::npos) {
      problem("no closing ']'");
      break;
    }
    const std::string_view args = trim(text.substr(name_end, close - name_end));
    at = close + 1;
    if (args.empty()) {
      problem(name == "eval" ? "no evaluation" : "no time");
      continue;
    }
    if (name == "eval") {
      CommentCommands c;
      if (std::string why = read_eval(args, c); !why.empty()) {
        problem(why);
      } else if (out.has_eval) {
        problem("repeated in the comment: the first evaluation is kept");
      } else {
        out.has_eval = true;
        out.mate = c.mate;
        out.eval = c.eval;
        out.depth = c.depth;
      }
      continue;
    }
    std::int32_t& slot = name == "clk" ? out.clock_ms : out.elapsed_ms;
    std::int32_t ms = 0;
    if (std::string why = read_time(args, ms); !why.empty()) {
      problem(why);
    } else if (slot != CommentCommands::kNone) {
      problem("repeated in the comment: the first time is kept");
    } else {
      slot = ms;
    }
  }
  return any;
}

}  // namespace

bool read_comment_commands(std::string_view text, CommentCommands& out,
                           std::vector<CommandProblem>* problems) {
  // The forms servers write, one after another; anything else goes to the general reader.
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  bool any = false;
  for (const char* p = begin;;) {
    // Comments are short, and their commands come first: a loop finds the '[' sooner than a
    // call of memchr.
    while (p != end && *p != '[') ++p;
    if (p == end) return any;
    if (end - p >= 2 && p[1] == '%') {
      if (const char* next = detail::read_usual_command(p, end, out)) {
        any = true;
        p = next;
        continue;
      }
      return read_commands_from(text, std::size_t(p - begin), any, out, problems);
    }
    ++p;
  }
}

std::string clock_text(std::int32_t ms) {
  const std::int32_t seconds = ms / 1000, fraction = ms % 1000;
  std::string s = absl::StrCat(seconds / 3600, ":", (seconds / 60 % 60) / 10,
                               (seconds / 60 % 60) % 10, ":", (seconds % 60) / 10, seconds % 10);
  if (fraction != 0) {
    std::string f = absl::StrCat(fraction / 100, (fraction / 10) % 10, fraction % 10);
    while (f.back() == '0') f.pop_back();
    absl::StrAppend(&s, ".", f);
  }
  return s;
}

}  // namespace fairykit::parsers
