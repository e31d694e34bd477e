#include "analysis/checking/repair.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/checking/game_result.h"
#include "parsers/message_text.h"
#include "rules/notation/san.h"

namespace fairykit::analysis {

namespace {

using parsers::message_text;

// Long algebraic is a notation, not a fault: its warning stays (--notation chooses what is
// written).
constexpr std::uint32_t kNotRepaired = std::uint32_t(SanQuirk::kLongAlgebraic);

constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};

bool is_result(std::string_view v) { return v == "1-0" || v == "0-1" || v == "1/2-1/2"; }

// A part of a date: a number of up to 4 digits, or unknown ('?' only); `digits` its length.
struct Part {
  bool unknown = false;
  int value = 0;
  std::size_t digits = 0;
};

std::optional<Part> read_part(std::string_view s) {
  if (s.empty()) return std::nullopt;
  if (std::all_of(s.begin(), s.end(), [](char c) { return c == '?'; }))
    return Part{true, 0, s.size()};
  if (s.size() > 4 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  int v = 0;
  for (char c : s) v = v * 10 + (c - '0');
  return Part{false, v, s.size()};
}

int days_in_month(int month, std::optional<int> year) {
  static constexpr int kDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && year && !(*year % 4 == 0 && (*year % 100 != 0 || *year % 400 == 0))) return 28;
  return kDays[month - 1];
}

DateReading unreadable(std::string why) {
  return {DateReading::Kind::kUnreadable, {}, std::move(why)};
}

// "YYYY.MM.DD" from the parts, after checking that they make a date.
DateReading make_date(const Part& y, const Part& m, const Part& d) {
  if (!m.unknown && (m.value < 1 || m.value > 12))
    return unreadable(absl::StrCat("no month ", m.value));
  if (!d.unknown) {
    const std::optional<int> year = y.unknown ? std::nullopt : std::optional<int>(y.value);
    const int most = m.unknown ? 31 : days_in_month(m.value, year);
    if (d.value < 1 || d.value > most)
      return unreadable(m.unknown ? absl::StrCat("no day ", d.value)
                                  : absl::StrCat("no day ", d.value, " in month ", m.value));
  }
  DateReading r{DateReading::Kind::kNormalised, {}, {}};
  r.value = y.unknown ? "????" : absl::StrFormat("%04d", y.value);
  r.value += m.unknown ? ".??" : absl::StrFormat(".%02d", m.value);
  r.value += d.unknown ? ".??" : absl::StrFormat(".%02d", d.value);
  return r;
}

}  // namespace

DateReading normalise_date(std::string_view text) {
  const std::string_view as_read = text;
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  const std::string_view seps = ".-/";
  std::vector<std::string_view> parts;
  char sep = 0;
  for (std::size_t from = 0;;) {
    const std::size_t at = text.find_first_of(seps, from);
    if (at != std::string_view::npos) {
      if (sep != 0 && text[at] != sep) return unreadable("separators of two kinds");
      sep = text[at];
    }
    parts.push_back(text.substr(from, at == std::string_view::npos ? at : at - from));
    if (at == std::string_view::npos) break;
    from = at + 1;
  }
  const Part unknown{true, 0, 2};
  DateReading r;
  // No date at all: the standard's unknown date.
  if (std::all_of(text.begin(), text.end(),
                  [&](char c) { return c == '?' || seps.find(c) != std::string_view::npos; })) {
    r = {DateReading::Kind::kNormalised, "????.??.??", {}};
  } else if (parts.size() == 1 && text.size() == 8 &&
             std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    r = make_date(*read_part(text.substr(0, 4)), *read_part(text.substr(4, 2)),
                  *read_part(text.substr(6, 2)));
  } else {
    std::vector<Part> p;
    for (std::string_view s : parts) {
      const std::optional<Part> part = read_part(s);
      if (!part) return unreadable("not a date");
      p.push_back(*part);
    }
    auto number = [](const Part& x) { return !x.unknown && x.digits <= 2; };
    auto part = [](const Part& x) { return x.digits <= 2; };
    if (p[0].digits == 4 && p.size() <= 3 &&
        std::all_of(p.begin() + 1, p.end(), [&](const Part& x) { return part(x); })) {
      // The year first: then the month, then the day, as ISO 8601 and the PGN standard.
      r = make_date(p[0], p.size() > 1 ? p[1] : unknown, p.size() > 2 ? p[2] : unknown);
    } else if (p.size() == 3 && p[2].digits == 4 && part(p[0]) && part(p[1])) {
      // The year last: day and month in either order, read only where one order is possible.
      const Part& a = p[0];
      const Part& b = p[1];
      if (a.unknown && b.unknown) {
        r = make_date(p[2], unknown, unknown);
      } else if (!number(a) || !number(b)) {
        return {DateReading::Kind::kAmbiguous, {}, "the day or the month is unknown, not which"};
      } else if (a.value == b.value || (a.value > 12 && b.value <= 12)) {
        r = make_date(p[2], b, a);
      } else if (b.value > 12 && a.value <= 12) {
        r = make_date(p[2], a, b);
      } else if (a.value > 12 && b.value > 12) {
        return unreadable("neither number is a month");
      } else {
        return {DateReading::Kind::kAmbiguous,
                {},
                absl::StrCat("day ", a.value, " of month ", b.value, " or day ", b.value,
                             " of month ", a.value)};
      }
    } else if (p.size() == 3 && std::all_of(p.begin(), p.end(), number)) {
      return {DateReading::Kind::kAmbiguous, {}, "a year of two digits"};
    } else {
      return unreadable("not a date");
    }
  }
  if (r.kind == DateReading::Kind::kNormalised && r.value == as_read)
    r.kind = DateReading::Kind::kAsIs;
  return r;
}

namespace {

// The value of the first tag `name`, added (at the end, with no place) when there is none.
std::string& tag_value(GameRecord& record, std::string_view name, bool& added) {
  for (auto& [n, v] : record.tags)
    if (n == name) {
      added = false;
      return v;
    }
  added = true;
  return record.tags.emplace_back(std::string(name), std::string()).second;
}

class Repairer {
 public:
  Repairer(GameRecord& record, GameReport& report, std::vector<Repair>& out)
      : record_(record), report_(report), out_(out), first_(out.size()) {}

  void run() {
    // The diagnostics answered leave the report; the rest stay in their order.
    std::vector<Diagnostic> kept;
    kept.reserve(report_.diagnostics.size());
    for (Diagnostic& d : report_.diagnostics) {
      if (answer(d)) {
        (d.severity == parsers::Severity::kError ? report_.errors : report_.warnings)--;
      } else {
        kept.push_back(std::move(d));
      }
    }
    report_.diagnostics = std::move(kept);
    if (record_.tags_read) {
      dates();
      roster();
    }
    // In the order of the text: tags, moves, then the end of the game.
    std::stable_sort(out_.begin() + std::ptrdiff_t(first_), out_.end(),
                     [](const Repair& a, const Repair& b) {
                       return a.line != b.line ? a.line < b.line : a.column < b.column;
                     });
  }

 private:
  void add(std::int64_t line, std::int64_t column, int ply, std::string message,
           bool repaired = true) {
    out_.push_back({line, column, ply, std::move(message), repaired});
  }
  void add(const Diagnostic& d, std::string message) {
    add(d.line, d.column, d.ply, std::move(message));
  }

  // Whether the diagnostic's fault was repaired (it leaves the report).
  bool answer(const Diagnostic& d) {
    switch (d.fault) {
      case Fault::kOther:
        return false;
      case Fault::kMoveNotation:
        if (d.quirk & kNotRepaired) return false;
        add(d, absl::StrCat(without_once(d.message), "; written ",
                            d.written.empty() ? "anew" : absl::StrCat("\"", d.written, "\"")));
        return true;
      case Fault::kResultMismatch:
        return result_mismatch(d);
      case Fault::kNoMarker: {
        const std::string_view tag = record_.tag("Result");
        const bool from_tag = is_result(tag) || tag == "*";
        record_.result_marker = from_tag ? std::string(tag) : "*";
        add(d, absl::StrCat("no termination marker: \"", record_.result_marker, "\" added",
                            from_tag ? " (the Result tag)" : ""));
        return true;
      }
      case Fault::kFenWithoutSetUp: {
        bool added = false;
        std::string& setup = tag_value(record_, "SetUp", added);
        add(d, added ? std::string("FEN tag without SetUp \"1\": SetUp \"1\" added")
                     : absl::StrCat("FEN tag with SetUp \"", message_text(setup),
                                    "\": SetUp set to \"1\""));
        setup = "1";
        return true;
      }
      case Fault::kFenReadAsWritten:
        add(d, absl::StrCat(d.message, "; the FEN is written as read"));
        return true;
    }
    return false;
  }

  static std::string without_once(std::string_view message) {
    constexpr std::string_view once = " (reported once per game)";
    if (message.ends_with(once)) message.remove_suffix(once.size());
    return std::string(message);
  }

  // The termination marker and the Result tag differ: a value that is no result takes the
  // other's; two results are left (the final position may still decide: --fix-result).
  bool result_mismatch(const Diagnostic& d) {
    bool added = false;
    std::string& tag = tag_value(record_, "Result", added);
    std::string& marker = record_.result_marker;
    if (added || (is_result(tag) && is_result(marker))) {
      if (added) record_.tags.pop_back();
      return false;
    }
    if (is_result(marker) || !is_result(tag)) {
      add(d, absl::StrCat("Result tag \"", message_text(tag), "\" set to the termination marker \"",
                          marker, "\""));
      tag = marker;
    } else {
      add(d,
          absl::StrCat("termination marker \"", marker, "\" set to the Result tag \"", tag, "\""));
      marker = tag;
    }
    return true;
  }

  void dates() {
    for (std::size_t i = 0; i < record_.tags.size(); ++i) {
      auto& [name, value] = record_.tags[i];
      if (name != "Date" && name != "EventDate" && name != "UTCDate") continue;
      const DateReading r = normalise_date(value);
      if (r.kind == DateReading::Kind::kAsIs) continue;
      const GameRecord::Place at = i < record_.tag_places.size()
                                       ? record_.tag_places[i]
                                       : GameRecord::Place{report_.first_line, 1};
      if (r.kind == DateReading::Kind::kNormalised) {
        add(at.line, at.column, 0,
            absl::StrCat(name, " \"", message_text(value), "\" normalised to \"", r.value, "\""));
        value = r.value;
      } else {
        add(at.line, at.column, 0,
            absl::StrCat(name, " \"", message_text(value), "\" left as it is: ",
                         r.kind == DateReading::Kind::kAmbiguous ? "ambiguous, " : "", r.why),
            false);
      }
    }
  }

  void roster() {
    std::string filled;
    for (std::string_view name : kRoster) {
      if (record_.has_tag(name)) continue;
      const std::string value = name == "Date"     ? "????.??.??"
                                : name == "Result" ? game_result(record_, false)
                                                   : "?";
      absl::StrAppend(&filled, filled.empty() ? "" : ", ", std::string(name), " \"", value, "\"");
      record_.tags.emplace_back(std::string(name), value);
    }
    if (!filled.empty())
      add(report_.first_line, 1, 0,
          absl::StrCat("missing tags of the seven-tag roster added: ", filled));
  }

  GameRecord& record_;
  GameReport& report_;
  std::vector<Repair>& out_;
  std::size_t first_;
};

}  // namespace

void repair_game(GameRecord& record, GameReport& report, std::vector<Repair>& repairs) {
  Repairer(record, report, repairs).run();
}

}  // namespace fairykit::analysis
