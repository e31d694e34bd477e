#include "analysis/checking/selection.h"

#include <regex.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "analysis/checking/time_control.h"
#include "parsers/message_text.h"
#include "rules/core/game_state.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

struct CompiledRegex {
  regex_t re;
  bool compiled = false;  // regcomp succeeded: what it holds is freed with the object
  CompiledRegex() = default;
  CompiledRegex(const CompiledRegex&) = delete;
  CompiledRegex& operator=(const CompiledRegex&) = delete;
  ~CompiledRegex() {
    if (compiled) regfree(&re);
  }
};

namespace {

// Compares two tag values: as numbers when both are whole numbers (Elo, a rating change
// of -5), else as text, which orders PGN dates ("2019.03.04") correctly.
int compare_values(std::string_view a, std::string_view b) {
  auto number = [](std::string_view s, long long& n) {
    const bool negative = s.starts_with('-');
    if (negative || s.starts_with('+')) s.remove_prefix(1);
    if (s.empty() || s.size() > 18) return false;
    n = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return false;
      n = n * 10 + (c - '0');
    }
    if (negative) n = -n;
    return true;
  };
  long long x, y;
  if (number(a, x) && number(b, y)) return x < y ? -1 : x > y ? 1 : 0;
  const int c = a.compare(b);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// ASCII case folding: tag values are bytes of any encoding (UTF-8, Latin-1), whose other
// letters a byte-wise fold would damage.
char fold(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }
bool same_letter(char x, char y) { return fold(x) == fold(y); }

bool equal(std::string_view a, std::string_view b, bool ignore_case) {
  if (!ignore_case) return a == b;
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), same_letter);
}

bool contains(std::string_view text, std::string_view part, bool ignore_case) {
  if (!ignore_case) return text.find(part) != std::string_view::npos;
  return std::search(text.begin(), text.end(), part.begin(), part.end(), same_letter) != text.end();
}

bool whole_number(std::string_view s) {
  if (s.starts_with('-') || s.starts_with('+')) s.remove_prefix(1);
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The tags that hold whole numbers (ratings, rating changes, FIDE ids, ply counts): ordering
// them against a value that is none would compare text with digits.
bool numeric_tag(std::string_view tag) {
  return tag.ends_with("Elo") || tag.ends_with("RatingDiff") || tag.ends_with("FideId") ||
         tag == "PlyCount";
}

std::string speed_names() {
  std::string s;
  for (int i = 0; i < kSpeedCount; ++i)
    absl::StrAppend(&s, i ? ", " : "", std::string(speed_name(Speed(i))));
  return s;
}

// A condition's value as read: the text with its backslash escapes taken out, and where an
// unescaped ".." splits it (npos: nowhere).
struct PlainValue {
  std::string text;
  std::size_t range_at = std::string::npos;
};

// Reads the value of one condition from text[i], up to an unescaped '|' or the end (i is left
// there). A backslash before |, /, . or \ makes it plain text; before anything else it is
// itself, so that the values of older command lines keep their meaning.
PlainValue read_plain(std::string_view text, std::size_t& i) {
  PlainValue v;
  for (; i < text.size() && text[i] != '|'; ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() &&
        std::string_view("|/.\\").find(text[i + 1]) != std::string_view::npos) {
      v.text += text[++i];
    } else {
      if (c == '.' && i + 1 < text.size() && text[i + 1] == '.' && v.range_at == std::string::npos)
        v.range_at = v.text.size();
      v.text += c;
    }
  }
  return v;
}

// The parser of one --where: its errors name the whole text (and the alternative, when it
// has several).
class WhereParser {
 public:
  WhereParser(std::string_view text, bool ignore_case) : text_(text), ignore_case_(ignore_case) {}

  absl::StatusOr<WhereClause> parse() {
    WhereClause clause;
    std::size_t i = 0;
    for (;;) {
      absl::StatusOr<TagFilter> f = condition(i);
      if (!f.ok()) return f.status();
      clause.any_of.push_back(*std::move(f));
      if (i == text_.size()) return clause;
      ++i;  // the '|'
    }
  }

 private:
  absl::Status error(const std::string& message) const {
    std::string where = absl::StrCat("--where '", parsers::message_text(text_), "': ");
    if (alternative_.size() != text_.size())
      absl::StrAppend(&where, "'", parsers::message_text(alternative_), "': ");
    return absl::InvalidArgumentError(absl::StrCat(where, message));
  }

  // The condition that starts at text_[i]; i is left at the '|' after it or at the end.
  absl::StatusOr<TagFilter> condition(std::size_t& i) {
    const std::size_t start = i;
    // The alternative as messages show it: up to the next '|' (regular_expression() takes it
    // past a '|' inside the expression).
    start_ = start;
    alternative_ = text_.substr(start, text_.find('|', start) - start);
    if (alternative_.empty() && !text_.empty())
      return error("an empty test before or after a | (a | in a value is written \\|)");
    TagFilter f;
    f.ignore_case = ignore_case_;
    while (i < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[i])) || text_[i] == '_'))
      ++i;
    f.tag = std::string(text_.substr(start, i - start));
    struct OpText {
      std::string_view text;
      TagFilter::Op op;
    };
    static constexpr OpText kOps[] = {{"!=", TagFilter::kNe},      {"<=", TagFilter::kLe},
                                      {">=", TagFilter::kGe},      {"=", TagFilter::kEq},
                                      {"~", TagFilter::kContains}, {"<", TagFilter::kLt},
                                      {">", TagFilter::kGt}};
    const std::string_view rest = text_.substr(i);
    const OpText* op = nullptr;
    for (const OpText& o : kOps)
      if (rest.starts_with(o.text)) {
        op = &o;
        break;
      }
    if (f.tag.empty() || !op)
      return error(
          "expected TAG=VALUE, TAG!=VALUE, TAG~TEXT (contains), TAG~/RE/ (regular expression), "
          "TAG<VALUE, TAG<=VALUE, TAG>VALUE, TAG>=VALUE or TAG=LOW..HIGH (alternatives "
          "separated by |)");
    f.op = op->op;
    i += op->text.size();
    // A value that begins with an operator is a comparison mistyped (WhiteElo=>2700), which
    // would match no game: refused, with the comparison meant when it is clear.
    if (i < text_.size() && std::string_view("=<>!~").find(text_[i]) != std::string_view::npos) {
      std::string meant;
      const std::string_view typed = rest.substr(0, 2);
      if (typed == "=>" || typed == "=<" || typed == "=!") {
        std::size_t after = i + 1;
        meant = absl::StrCat(" (did you mean '", f.tag, std::string(typed.substr(1, 1)), "=",
                             read_plain(text_, after).text, "'?)");
      }
      return error(absl::StrCat("the value of ", f.tag, " begins with an operator", meant));
    }
    if (f.op == TagFilter::kContains && i < text_.size() && text_[i] == '/') {
      if (absl::Status st = regular_expression(i, f); !st.ok()) return st;
    } else {
      PlainValue v = read_plain(text_, i);
      // Variant names hold no "..", and a range of them would mean nothing.
      if ((f.op == TagFilter::kEq || f.op == TagFilter::kNe) && f.tag != "Variant" &&
          v.range_at != std::string::npos) {
        f.range = true;
        if (v.range_at > 0) f.low = v.text.substr(0, v.range_at);
        if (v.range_at + 2 < v.text.size()) f.high = v.text.substr(v.range_at + 2);
      }
      f.value = std::move(v.text);
    }
    if (absl::Status st = check_value(f); !st.ok()) return st;
    return f;
  }

  // /RE/ or /RE/i from text_[i], the first '/'; i is left after it.
  absl::Status regular_expression(std::size_t& i, TagFilter& f) {
    std::string re;
    std::size_t j = i + 1;
    for (; j < text_.size() && text_[j] != '/'; ++j) {
      if (text_[j] == '\\' && j + 1 < text_.size()) {
        // \/ is the one escape read here; the others are the expression's own (\. \| \\).
        if (text_[j + 1] != '/') re += '\\';
        re += text_[++j];
      } else {
        re += text_[j];
      }
    }
    if (j == text_.size())
      return error("the regular expression has no closing / (a / inside it is written \\/)");
    // The alternative goes on past any '|' inside the expression.
    alternative_ = text_.substr(start_, text_.find('|', j) - start_);
    ++j;
    bool no_case = ignore_case_;
    if (j < text_.size() && text_[j] == 'i') {
      no_case = true;
      ++j;
    }
    if (j < text_.size() && text_[j] != '|')
      return error(absl::StrCat("'", parsers::message_text(text_.substr(j, text_.find('|', j) - j)),
                                "' after the regular expression (only i, for no case, may "
                                "follow it)"));
    auto compiled = std::make_shared<CompiledRegex>();
    const int flags = REG_EXTENDED | REG_NOSUB | (no_case ? REG_ICASE : 0);
    if (const int code = regcomp(&compiled->re, re.c_str(), flags); code != 0) {
      char message[256];
      regerror(code, &compiled->re, message, sizeof message);
      return error(
          absl::StrCat("bad regular expression '", parsers::message_text(re), "': ", message));
    }
    compiled->compiled = true;
    f.regex = std::move(compiled);
    f.value = std::move(re);
    i = j;
    return absl::OkStatus();
  }

  // What a value must be for its tag and operator.
  absl::Status check_value(TagFilter& f) const {
    const bool ordered = f.op == TagFilter::kLt || f.op == TagFilter::kLe ||
                         f.op == TagFilter::kGt || f.op == TagFilter::kGe;
    if (f.range && !f.low && !f.high)
      return error("a range needs an end: LOW..HIGH, LOW.. or ..HIGH");
    if (f.tag == "Speed") {
      if (absl::Status st = speed_values(f, ordered); !st.ok()) return st;
    } else if (numeric_tag(f.tag) && (ordered || f.range)) {
      for (const std::optional<std::string>& v :
           {f.range ? f.low : std::optional(f.value), f.range ? f.high : std::nullopt})
        if (v && !whole_number(*v))
          return error(absl::StrCat(f.tag, " holds whole numbers, and '", parsers::message_text(*v),
                                    "' is none"));
    }
    if (f.range && f.low && f.high && compare_values(*f.low, *f.high) > 0)
      return error(absl::StrCat("the range '", parsers::message_text(f.value),
                                "' holds nothing (its low end is above its high end)"));
    // Variant= and Variant!= match by any name of a variant: a name of none would match no
    // game (or every game) whatever the input holds.
    if (f.tag == "Variant" && (f.op == TagFilter::kEq || f.op == TagFilter::kNe)) {
      const VariantInfo* v = find_variant(f.value);
      if (!v)
        return error(absl::StrCat("unknown variant '", parsers::message_text(f.value),
                                  "' (known: ", variant_names(), ")"));
      f.value = std::string(v->name);
    }
    return absl::OkStatus();
  }

  // Speed's values name classes, compared by their order: each becomes its place in it.
  absl::Status speed_values(TagFilter& f, bool ordered) const {
    if (!ordered && f.op != TagFilter::kEq && f.op != TagFilter::kNe)
      return error(
          "Speed is compared by class: Speed=blitz, Speed!=bullet, Speed>=rapid or "
          "Speed=blitz..rapid");
    for (std::string* name :
         f.range ? std::vector<std::string*>{f.low ? &*f.low : nullptr, f.high ? &*f.high : nullptr}
                 : std::vector<std::string*>{&f.value}) {
      if (!name) continue;
      const std::optional<Speed> speed = find_speed(*name);
      if (!speed)
        return error(absl::StrCat("unknown speed '", parsers::message_text(*name),
                                  "' (known: ", speed_names(), ")"));
      *name = std::to_string(int(*speed));
    }
    return absl::OkStatus();
  }

  std::string_view text_;
  bool ignore_case_;
  std::size_t start_ = 0;         // where the condition being read starts
  std::string_view alternative_;  // its text, for messages
};

}  // namespace

absl::StatusOr<WhereClause> parse_where(std::string_view text, bool ignore_case) {
  return WhereParser(text, ignore_case).parse();
}

namespace {

// Calls f(condition, i) for each condition of `where`, i counting them over the clauses.
template <class F>
void for_each_condition(const Selection& s, F f) {
  std::size_t i = 0;
  for (const WhereClause& c : s.where)
    for (const TagFilter& t : c.any_of) f(t, i++);
}

bool has_speed_tag(const GameRecord& r) { return r.has_tag("TimeControl"); }

bool tested_tag_present(const GameRecord& r, const TagFilter& f) {
  if (f.tag == "Variant") return true;
  if (f.tag == "Player") return r.has_tag("White") || r.has_tag("Black");
  if (f.tag == "Speed") return has_speed_tag(r);
  return r.has_tag(f.tag);
}

}  // namespace

std::uint64_t where_tags_present(const GameRecord& r, const Selection& s) {
  std::uint64_t present = 0;
  for_each_condition(s, [&](const TagFilter& f, std::size_t i) {
    if (i >= 64 || tested_tag_present(r, f))
      present |= std::uint64_t{1} << std::min<std::size_t>(i, 63);
  });
  return present;
}

std::size_t where_condition_count(const Selection& s) {
  std::size_t n = 0;
  for (const WhereClause& c : s.where) n += c.any_of.size();
  return std::min<std::size_t>(n, 64);
}

std::vector<std::string> absent_tag_warnings(const Selection& s, std::uint64_t seen) {
  std::vector<std::string> warnings;
  std::set<std::string> told;
  for_each_condition(s, [&](const TagFilter& f, std::size_t i) {
    if (i >= 64 || (seen >> i & 1) || !told.insert(f.tag).second) return;
    std::string w = "--where: no game read has a tag named ";
    if (f.tag == "Player") {
      w += "\"White\" or \"Black\" (which Player tests)";
    } else if (f.tag == "Speed") {
      w += "\"TimeControl\" (which Speed is read from)";
    } else {
      absl::StrAppend(&w, "\"", parsers::message_text(f.tag),
                      "\" (tag names are compared as PGN spells them)");
      if (const std::string_view like = likely_tag(f.tag); !like.empty())
        absl::StrAppend(&w, "; did you mean \"", std::string(like), "\"?");
    }
    warnings.push_back(std::move(w));
  });
  return warnings;
}

std::string_view likely_tag(std::string_view tag) {
  static constexpr std::string_view kKnown[] = {
      "Event",       "Site",         "Date",         "Round",           "White",
      "Black",       "Result",       "WhiteElo",     "BlackElo",        "WhiteTitle",
      "BlackTitle",  "WhiteFideId",  "BlackFideId",  "WhiteRatingDiff", "BlackRatingDiff",
      "WhiteTeam",   "BlackTeam",    "WhiteType",    "BlackType",       "ECO",
      "Opening",     "Variation",    "SubVariation", "TimeControl",     "Termination",
      "PlyCount",    "Annotator",    "Mode",         "EventDate",       "EventType",
      "EventRounds", "EventCountry", "Section",      "Stage",           "Board",
      "UTCDate",     "UTCTime",      "FEN",          "SetUp",           "Variant",
      "Player",      "Speed"};
  // Letters compared without case; then at most one edit in five letters.
  auto lower = [](std::string_view v) {
    std::string out(v);
    for (char& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return out;
  };
  auto edits = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
        diagonal = up;
      }
    }
    return row[b.size()];
  };
  const std::string typed = lower(tag);
  std::string_view best;
  std::size_t best_edits = 0;
  for (std::string_view known : kKnown) {
    if (known == tag) return "";
    const std::size_t d = edits(typed, lower(known));
    if (best.empty() || d < best_edits) {
      best = known;
      best_edits = d;
    }
  }
  return best_edits <= std::max<std::size_t>(1, tag.size() / 5) ? best : std::string_view();
}

namespace {

// The speed class of a game, from its TimeControl tag; nullopt without one, or with "?" or
// a value that cannot be read.
std::optional<Speed> game_speed(const GameRecord& r) {
  if (!has_speed_tag(r)) return std::nullopt;
  absl::StatusOr<TimeControl> tc = parse_time_control(r.tag("TimeControl"));
  return tc.ok() ? speed_of(*tc) : std::nullopt;
}

// The name of the game's variant, or "" when it names one that fairykit does not play (the
// record of a game that could not be set up holds the variant of its tags, if any).
std::string_view game_variant(const GameRecord& r) {
  if (!r.set_up && r.has_tag("Variant") && find_variant(r.tag("Variant")) == nullptr) return {};
  return variant_info(r.variant).name;
}

// Whether `v`, a value the condition tests, matches it, as `=` (not `!=`) would.
bool matches(const TagFilter& f, std::string_view v) {
  switch (f.op) {
    case TagFilter::kEq:
    case TagFilter::kNe:
      if (f.range)
        return (!f.low || compare_values(v, *f.low) >= 0) &&
               (!f.high || compare_values(v, *f.high) <= 0);
      return equal(v, f.value, f.ignore_case);
    case TagFilter::kContains:
      if (f.regex) {
        // regexec wants the text NUL-terminated.
        thread_local std::string text;
        text.assign(v);
        return regexec(&f.regex->re, text.c_str(), 0, nullptr, 0) == 0;
      }
      return contains(v, f.value, f.ignore_case);
    case TagFilter::kLt:
      return compare_values(v, f.value) < 0;
    case TagFilter::kLe:
      return compare_values(v, f.value) <= 0;
    case TagFilter::kGt:
      return compare_values(v, f.value) > 0;
    case TagFilter::kGe:
      return compare_values(v, f.value) >= 0;
  }
  return false;
}

// Whether the condition holds for the game. A missing tag (no TimeControl, an unknown
// variant) matches nothing; != is the negation of =, so it holds then.
bool holds(const TagFilter& f, const GameRecord& r) {
  bool any = false;
  if (f.tag == "Player") {
    for (const char* side : {"White", "Black"})
      if (r.has_tag(side) && matches(f, r.tag(side))) any = true;
  } else if (f.tag == "Speed") {
    if (const std::optional<Speed> speed = game_speed(r))
      any = matches(f, std::to_string(int(*speed)));
  } else if (f.tag == "Variant") {
    const std::string_view name = game_variant(r);
    // Variant= and != compare names exactly: the value is the canonical name already.
    if (!name.empty()) any = matches(f, name);
  } else if (r.has_tag(f.tag)) {
    any = matches(f, r.tag(f.tag));
  }
  return f.op == TagFilter::kNe ? !any : any;
}

bool tags_pass(const GameRecord& r, const Selection& s) {
  for (const WhereClause& c : s.where)
    if (std::none_of(c.any_of.begin(), c.any_of.end(),
                     [&](const TagFilter& f) { return holds(f, r); }))
      return false;
  return true;
}

bool reaches(const GameRecord& r, const Selection& s) {
  const auto wanted = [&](Key key) {
    return std::any_of(s.reaches.begin(), s.reaches.end(),
                       [&](const auto& vk) { return vk.first == r.variant && vk.second == key; });
  };
  if (wanted(r.start_key)) return true;
  for (const RecordItem& it : r.items)
    if (it.kind == RecordItem::kMove && it.depth == 0 && wanted(it.key)) return true;
  // A record without items keeps the main line's keys apart.
  return std::any_of(r.line_keys.begin(), r.line_keys.end(), wanted);
}

// An Elo tag as pgn-extract reads it (sscanf "%d"): white space, a sign, digits, whatever
// follows ignored; nullopt without a digit.
std::optional<long long> leading_number(std::string_view v) {
  std::size_t i = 0;
  while (i < v.size() && std::isspace(static_cast<unsigned char>(v[i]))) ++i;
  const bool negative = i < v.size() && v[i] == '-';
  if (i < v.size() && (v[i] == '-' || v[i] == '+')) ++i;
  if (i == v.size() || v[i] < '0' || v[i] > '9') return std::nullopt;
  long long n = 0;
  for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i)
    n = std::min<long long>(n * 10 + (v[i] - '0'), 1'000'000'000'000LL);
  return negative ? -n : n;
}

bool rated_winner_passes(const GameRecord& r, const Selection& s) {
  if (!s.higher_rated_winner && !s.lower_rated_winner) return true;
  const std::optional<long long> white = leading_number(r.tag("WhiteElo"));
  const std::optional<long long> black = leading_number(r.tag("BlackElo"));
  if (!white || !black) return false;
  const std::string_view result = r.tag("Result");
  long long winner_minus_loser;
  if (result == "1-0")
    winner_minus_loser = *white - *black;
  else if (result == "0-1")
    winner_minus_loser = *black - *white;
  else
    return false;
  return (s.higher_rated_winner && winner_minus_loser > 0) ||
         (s.lower_rated_winner && winner_minus_loser < 0);
}

// The key after main-line ply `ply` (1: the first move), of a record that kept the keys of at
// least that many plies.
Key line_key(const GameRecord& r, std::size_t ply) {
  if (!r.line_keys.empty()) return r.line_keys[ply - 1];
  std::size_t seen = 0;
  for (const RecordItem& it : r.items)
    if (it.kind == RecordItem::kMove && it.depth == 0 && ++seen == ply) return it.key;
  return 0;
}

// Whether the main line starts with --moves: each move played in the game's variant from
// its start position (its notation read there, check marks or not, UCI too) must lead to
// the position the game's move led to. Keys, not the written moves, are compared: a record
// need not keep its moves' text (fairy-validate keeps none). In chess and the variants like
// it, two moves from one position never lead to one position; two Interweave chains that
// take the same pieces by different routes would, and count as the same here.
bool starts_with_moves(const GameRecord& r, const Selection& s) {
  if (std::size_t(r.plies) < s.moves.size() || !r.set_up) return false;
  thread_local std::unique_ptr<AnyGame> games[int(kLastVariantId) + 1];
  std::unique_ptr<AnyGame>& g = games[int(r.variant)];
  if (!g) g = *AnyGame::create(variant_info(r.variant));  // the start position: cannot fail
  if (!g->set_up(r.start_fen).ok()) return false;
  for (std::size_t i = 0; i < s.moves.size(); ++i)
    if (!g->play_move(s.moves[i]).ok() || g->key() != line_key(r, i + 1)) return false;
  return true;
}

// --material (any of them) and --board-pattern (any of them), as the replay found them.
bool positions_pass(const GameRecord& r, const Selection& s) {
  if (!s.positions) return true;
  const PositionTests& t = *s.positions;
  if (!t.material.empty() && !(r.positions_met & t.material_bits())) return false;
  return t.boards.empty() || (r.positions_met & t.board_bits()) != 0;
}

bool moves_pass(const GameRecord& r, const Selection& s) {
  if (r.plies < s.min_plies) return false;
  if (s.max_plies >= 0 && r.plies > s.max_plies) return false;
  if (!s.ends_in.empty()) {
    std::string_view end = describe(r.final_state.end);
    if (end.empty()) end = "none";
    if (std::find(s.ends_in.begin(), s.ends_in.end(), end) == s.ends_in.end()) return false;
  }
  if (s.repetition && r.repetition_ply < 0) return false;
  if (s.move_rule && r.move_rule_ply < 0) return false;
  if (s.underpromotion &&
      std::none_of(r.facts.begin(), r.facts.end(),
                   [](const GameRecord::PlyFacts& f) { return f.facts.underpromotion; }))
    return false;
  if (!s.moves.empty() && !starts_with_moves(r, s)) return false;
  if (!s.reaches.empty() && !reaches(r, s)) return false;
  return positions_pass(r, s);
}

}  // namespace

bool selected(const GameRecord& r, bool valid, const Selection& s) {
  if (!valid) {
    // Not judged by its moves, inverted or not: only tags read whole are tested.
    if (!r.tags_read || !s.tag_tests()) return true;
    return (tags_pass(r, s) && rated_winner_passes(r, s)) != s.invert;
  }
  return (tags_pass(r, s) && rated_winner_passes(r, s) && moves_pass(r, s)) != s.invert;
}

void add_selection_needs(const Selection& s, RecordOptions& record,
                         std::vector<std::string_view>* kept_tags) {
  if (!s.reaches.empty()) {
    record.keys = true;
    record.key_plies = 1 << 30;
  }
  if (!s.moves.empty()) {
    // Only the first plies when nothing else wants more: a key costs a push per ply.
    if (!record.keys) record.key_plies = 0;
    record.keys = true;
    record.key_plies = std::max(record.key_plies, int(s.moves.size()));
  }
  if (s.repetition || s.move_rule) record.claims = true;
  if (s.underpromotion) record.facts = true;
  if (s.positions && !s.positions->empty()) record.position_tests = s.positions.get();
  if (!kept_tags) return;
  const auto keep = [&](std::string_view tag) {
    if (std::find(kept_tags->begin(), kept_tags->end(), tag) == kept_tags->end())
      kept_tags->push_back(tag);
  };
  for_each_condition(s, [&](const TagFilter& f, std::size_t) {
    if (f.tag == "Player") {
      keep("White");
      keep("Black");
    } else if (f.tag == "Speed") {
      keep("TimeControl");
    } else {
      keep(f.tag);  // Variant too: game_variant() reads it
    }
  });
  if (s.higher_rated_winner || s.lower_rated_winner)
    for (const char* tag : {"WhiteElo", "BlackElo", "Result"}) keep(tag);
}

SelectedReport validate_selected(const parsers::RawGame& game, const ValidateOptions& options,
                                 const Selection& selection) {
  // Nothing but what the selection tests: no items, no notation, the tags it reads.
  thread_local GameRecord record;
  thread_local std::vector<std::string_view> kept;
  RecordOptions ro;
  ro.items = false;
  ro.san = false;
  ro.uci = false;
  ro.variations = false;
  kept.clear();
  add_selection_needs(selection, ro, &kept);
  ro.only_tags = &kept;
  SelectedReport r;
  r.report = validate_game(game, options, record, ro);
  if (!selection.where.empty()) r.where_tags = where_tags_present(record, selection);
  r.filtered = !selected(record, r.report.valid(), selection);
  return r;
}

absl::StatusOr<std::vector<std::pair<VariantId, Key>>> position_keys(std::string_view fen,
                                                                     VariantId default_variant) {
  std::vector<std::pair<VariantId, Key>> keys;
  std::string first_error;
  for (const VariantInfo& v : all_variants()) {
    absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(v, fen);
    if (!g.ok()) {
      if (first_error.empty() && v.id == default_variant)
        first_error = std::string(g.status().message());
      continue;
    }
    keys.emplace_back(v.id, (*g)->key());
  }
  if (keys.empty()) return absl::InvalidArgumentError(first_error);
  return keys;
}

absl::StatusOr<std::vector<std::string>> parse_moves(std::string_view text,
                                                     VariantId default_variant) {
  std::vector<std::string> moves;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    std::string_view token = text.substr(i, end - i);
    i = end;
    // A move number: digits and one dot or more ("1.", "1...", "1.e4").
    std::size_t digits = 0;
    while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
    if (digits > 0 && digits < token.size() && token[digits] == '.') {
      token.remove_prefix(digits);
      while (token.starts_with('.')) token.remove_prefix(1);
    }
    if (!token.empty()) moves.emplace_back(token);
  }
  const std::string echo = parsers::message_text(text);
  if (moves.empty())
    return absl::InvalidArgumentError(absl::StrCat("--moves '", echo, "': no move given"));
  std::string error;
  for (const VariantInfo& v : all_variants()) {
    absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(v);
    if (!g.ok()) continue;
    std::size_t played = 0;
    absl::Status st;
    while (played < moves.size() && (st = (*g)->play_move(moves[played])).ok()) ++played;
    if (played == moves.size()) return moves;
    if (v.id == default_variant)
      error = absl::StrCat("--moves '", echo, "': move ", played + 1, ": ", st.message());
  }
  return absl::InvalidArgumentError(error);
}

std::string ends_in_names() {
  std::string s;
  for (int e = int(GameEnd::kCheckmate); e <= int(GameEnd::kTwentyFiveMoveRule); ++e) {
    std::string name(describe(GameEnd(e)));
    std::replace(name.begin(), name.end(), ' ', '-');
    if (!s.empty()) s += ", ";
    s += name;
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
