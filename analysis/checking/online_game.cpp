#include "analysis/checking/online_game.h"

#include "absl/strings/str_cat.h"

namespace fairykit::analysis {

namespace {

bool digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

const TimePeriod* first_clock_period(const OnlineGame& g) {
  if (!g.time_control || g.time_control->kind != TimeControl::kClock ||
      g.time_control->periods.empty())
    return nullptr;
  return &g.time_control->periods.front();
}

}  // namespace

std::optional<std::int64_t> OnlineGame::base_seconds() const {
  const TimePeriod* p = first_clock_period(*this);
  return p ? std::optional<std::int64_t>(p->seconds) : std::nullopt;
}

std::optional<std::int64_t> OnlineGame::increment_seconds() const {
  const TimePeriod* p = first_clock_period(*this);
  return p ? std::optional<std::int64_t>(p->increment) : std::nullopt;
}

std::optional<std::int64_t> tag_number(std::string_view value) {
  bool negative = false;
  if (!value.empty() && (value[0] == '+' || value[0] == '-')) {
    negative = value[0] == '-';
    value.remove_prefix(1);
  }
  if (!digits(value) || value.size() > 18) return std::nullopt;
  std::int64_t n = 0;
  for (char c : value) n = n * 10 + (c - '0');
  return negative ? -n : n;
}

std::string iso_date(std::string_view d) {
  // "YYYY.MM.DD" with "????" / "??" for unknown parts; '-' and '/' separators are read too,
  // as some programs write them.
  if (d.size() != 10 || (d[4] != '.' && d[4] != '-' && d[4] != '/') || d[7] != d[4]) return {};
  const std::string_view year = d.substr(0, 4), month = d.substr(5, 2), day = d.substr(8, 2);
  if (!digits(year)) return {};
  std::string out(year);
  if (!digits(month) || month < "01" || month > "12") return out;
  out += '-';
  out.append(month);
  if (!digits(day) || day < "01" || day > "31") return out;
  out += '-';
  out.append(day);
  return out;
}

OnlineGame read_online_game(const GameRecord& r) {
  OnlineGame g;
  if (r.has_tag("TimeControl"))
    if (absl::StatusOr<TimeControl> tc = parse_time_control(r.tag("TimeControl")); tc.ok()) {
      g.time_control = *std::move(tc);
      g.speed = speed_of(*g.time_control);
    }
  g.white_elo = tag_number(r.tag("WhiteElo"));
  g.black_elo = tag_number(r.tag("BlackElo"));
  g.white_rating_diff = tag_number(r.tag("WhiteRatingDiff"));
  g.black_rating_diff = tag_number(r.tag("BlackRatingDiff"));
  const std::string_view utc_date = r.tag("UTCDate");
  g.date = iso_date(utc_date.empty() ? r.tag("Date") : utc_date);
  const std::string_view t = r.tag("UTCTime");
  if (g.date.size() == 10 && t.size() == 8 && t[2] == ':' && t[5] == ':' &&
      digits(t.substr(0, 2)) && digits(t.substr(3, 2)) && digits(t.substr(6, 2)) &&
      t.substr(0, 2) <= "23" && t.substr(3, 2) <= "59" && t.substr(6, 2) <= "60")
    g.utc = absl::StrCat(g.date, "T", std::string(t), "Z");
  return g;
}

std::string seconds_text(std::int32_t ms) {
  const bool negative = ms < 0;
  const std::int64_t a = negative ? -std::int64_t(ms) : ms;
  std::string s = absl::StrCat(negative ? "-" : "", a / 1000);
  if (const std::int64_t f = a % 1000; f != 0) {
    std::string digits = absl::StrCat(f / 100, f / 10 % 10, f % 10);
    while (digits.back() == '0') digits.pop_back();
    absl::StrAppend(&s, ".", digits);
  }
  return s;
}

std::vector<parsers::CommentCommands> commands_by_ply(const GameRecord& r) {
  std::vector<parsers::CommentCommands> by_ply(std::size_t(r.plies) + 1);
  for (const GameRecord::PlyCommands& c : r.commands)
    if (c.ply >= 0 && c.ply <= r.plies) by_ply[std::size_t(c.ply)] = c.commands;
  return by_ply;
}

std::vector<std::int32_t> move_times(const GameRecord& r, const OnlineGame& g) {
  std::vector<std::int32_t> spent;
  move_times(r, g, spent);
  return spent;
}

MoveClocks::MoveClocks(const OnlineGame& g) {
  if (!g.time_control || g.time_control->kind != TimeControl::kClock) return;
  const std::vector<TimePeriod>& periods = g.time_control->periods;
  for (const TimePeriod& p : periods)
    if (p.sandglass) return;
  periods_ = &periods;
  for (Side& s : sides_) s.clock = periods.front().seconds * 1000;
  single_ = periods.size() == 1 && periods.front().moves == 0;
  increment_ms_ = periods.front().increment * 1000;
}

void MoveClocks::spent_all(const std::int32_t* clock, std::int32_t* spent, std::size_t n) {
  constexpr std::int32_t kNone = parsers::CommentCommands::kNone;
  if (!single_) {
    for (std::size_t i = 0; i < n; ++i) spent[i] = this->spent(int(i) + 1, clock[i]);
    return;
  }
  // The clock before a side's first move is the base; before any later one, the side's clock
  // after its previous move (unknown when that was not written).
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t before = i < 2 ? sides_[i].clock : clock[i - 2];
    const std::int64_t t = before + increment_ms_ - clock[i];
    const bool known = before != kNone && before >= 0 && clock[i] != kNone;
    spent[i] = known && t >= 0 && t <= INT32_MAX ? static_cast<std::int32_t>(t) : kNone;
  }
  for (std::size_t i = n > 2 ? n - 2 : 0; i < n; ++i)
    sides_[i % 2].clock = clock[i] == kNone ? -1 : clock[i];
}

void move_times(const GameRecord& r, const OnlineGame& g, std::vector<std::int32_t>& spent) {
  constexpr std::int32_t kNone = parsers::CommentCommands::kNone;
  spent.assign(std::size_t(r.plies) + 1, kNone);
  MoveClocks clocks(g);
  if (!clocks.known() || r.commands.empty()) return;
  std::size_t next = 0;  // into r.commands
  for (int ply = 1; ply <= r.plies; ++ply) {
    while (next < r.commands.size() && r.commands[next].ply < ply) ++next;
    const std::int32_t clock = next < r.commands.size() && r.commands[next].ply == ply
                                   ? r.commands[next].commands.clock_ms
                                   : kNone;
    spent[std::size_t(ply)] = clocks.spent(ply, clock);
  }
}

}  // namespace fairykit::analysis
