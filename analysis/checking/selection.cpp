#include "analysis/checking/selection.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>

#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/core/game_state.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

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
  // A value that begins with an operator is a comparison mistyped (WhiteElo=>2700), which
  // would match no game: refused, with the comparison meant when it is clear.
  if (!f.value.empty() && std::strchr("=<>!~", f.value[0]) != nullptr) {
    std::string meant;
    const std::string_view op = rest.substr(0, 2);
    if (op == "=>" || op == "=<" || op == "=!")
      meant = absl::StrCat(" (did you mean '", f.tag, std::string(op.substr(1, 1)), "=",
                           f.value.substr(1), "'?)");
    return absl::InvalidArgumentError(absl::StrCat("--where '", parsers::message_text(text),
                                                   "': the value of ", f.tag,
                                                   " begins with an operator", meant));
  }
  // Ordering a tag that holds whole numbers (ratings, rating changes, FIDE ids, ply counts)
  // against a value that is none would compare text with digits.
  const bool ordered = f.op == TagFilter::kLt || f.op == TagFilter::kLe || f.op == TagFilter::kGt ||
                       f.op == TagFilter::kGe;
  const auto ends_with = [&](std::string_view suffix) { return f.tag.ends_with(suffix); };
  const bool numeric_tag =
      ends_with("Elo") || ends_with("RatingDiff") || ends_with("FideId") || f.tag == "PlyCount";
  if (ordered && numeric_tag) {
    std::string_view digits = f.value;
    if (digits.starts_with('-') || digits.starts_with('+')) digits.remove_prefix(1);
    if (digits.empty() ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return absl::InvalidArgumentError(absl::StrCat("--where '", parsers::message_text(text),
                                                     "': ", f.tag, " holds whole numbers, and '",
                                                     parsers::message_text(f.value), "' is none"));
  }
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

}  // namespace

std::uint64_t where_tags_present(const GameRecord& r, const Selection& s) {
  std::uint64_t present = 0;
  for (std::size_t i = 0; i < s.where.size(); ++i) {
    if (i >= 64 || s.where[i].tag == "Variant" || r.has_tag(s.where[i].tag))
      present |= std::uint64_t{1} << std::min<std::size_t>(i, 63);
  }
  return present;
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
      "UTCDate",     "UTCTime",      "FEN",          "SetUp",           "Variant"};
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
