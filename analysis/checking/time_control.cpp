#include "analysis/checking/time_control.h"

#include <array>
#include <cctype>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"

namespace fairykit::analysis {
namespace {

constexpr std::array<std::string_view, kSpeedCount> kSpeedNames = {
    "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"};

// Reads the text around a position, for the messages.
class Reader {
 public:
  Reader(std::string_view whole, std::string_view text, std::size_t offset)
      : whole_(whole), text_(text), offset_(offset) {}

  bool done() const { return at_ == text_.size(); }
  char peek() const { return done() ? '\0' : text_[at_]; }
  bool take(char c) {
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  std::size_t column() const { return offset_ + at_ + 1; }

  // A number of seconds or moves; `what` names it in the error.
  absl::StatusOr<std::int64_t> number(std::string_view what, std::string_view after) {
    if (!std::isdigit(static_cast<unsigned char>(peek())))
      return error("no " + std::string(what) +
                   (after.empty() ? std::string() : " after '" + std::string(after) + "'"));
    std::int64_t n = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      n = n * 10 + (text_[at_++] - '0');
      if (n > std::numeric_limits<std::int32_t>::max())
        return error(std::string(what) + " too large");
    }
    return n;
  }

  absl::Status error(std::string_view message) const {
    return absl::InvalidArgumentError("TimeControl \"" + std::string(whole_) +
                                      "\": " + std::string(message) + " (column " +
                                      std::to_string(column()) + ")");
  }

 private:
  std::string_view whole_, text_;
  std::size_t offset_;
  std::size_t at_ = 0;
};

absl::StatusOr<TimePeriod> read_period(Reader& r) {
  TimePeriod p;
  if (r.take('*')) {
    p.sandglass = true;
    absl::StatusOr<std::int64_t> s = r.number("seconds", "*");
    if (!s.ok()) return s.status();
    p.seconds = *s;
    return p;
  }
  absl::StatusOr<std::int64_t> first = r.number("seconds", "");
  if (!first.ok()) return first.status();
  if (r.take('/')) {
    if (*first == 0) return r.error("a period of 0 moves");
    p.moves = int(*first);
    absl::StatusOr<std::int64_t> s = r.number("seconds", "/");
    if (!s.ok()) return s.status();
    p.seconds = *s;
  } else {
    p.seconds = *first;
  }
  if (r.take('+')) {
    absl::StatusOr<std::int64_t> inc = r.number("increment", "+");
    if (!inc.ok()) return inc.status();
    p.increment = *inc;
  }
  return p;
}

}  // namespace

absl::StatusOr<TimeControl> parse_time_control(std::string_view text) {
  const std::string_view whole = text;
  // Blanks around the value are not part of it (columns still count them).
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  std::size_t lead = 0;
  while (lead < text.size() && blank(text[lead])) ++lead;
  text.remove_prefix(lead);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  TimeControl tc;
  if (text == "?") return tc;
  if (text == "-") {
    tc.kind = TimeControl::kNone;
    return tc;
  }
  tc.kind = TimeControl::kClock;
  Reader r(whole, text, lead);
  if (r.done()) return r.error("empty");
  for (;;) {
    absl::StatusOr<TimePeriod> p = read_period(r);
    if (!p.ok()) return p.status();
    tc.periods.push_back(*p);
    if (r.done()) break;
    if (!r.take(':')) return r.error("unexpected '" + std::string(1, r.peek()) + "'");
    if (tc.periods.back().moves == 0) return r.error("a period after one for the rest of the game");
  }
  return tc;
}

std::optional<std::int64_t> estimated_seconds(const TimeControl& tc) {
  if (tc.kind != TimeControl::kClock || tc.periods.empty()) return std::nullopt;
  const TimePeriod& p = tc.periods.front();
  return p.seconds + 40 * p.increment;
}

std::optional<Speed> speed_of(const TimeControl& tc) {
  if (tc.kind == TimeControl::kUnknown) return std::nullopt;
  if (tc.kind == TimeControl::kNone) return Speed::kCorrespondence;
  const std::int64_t s = *estimated_seconds(tc);
  if (s < 30) return Speed::kUltraBullet;
  if (s < 180) return Speed::kBullet;
  if (s < 480) return Speed::kBlitz;
  if (s < 1500) return Speed::kRapid;
  if (s < 21600) return Speed::kClassical;
  return Speed::kCorrespondence;
}

std::string_view speed_name(Speed speed) { return kSpeedNames[std::size_t(speed)]; }

std::optional<Speed> find_speed(std::string_view name) {
  for (std::size_t i = 0; i < kSpeedNames.size(); ++i)
    if (absl::EqualsIgnoreCase(absl::string_view(name.data(), name.size()),
                               absl::string_view(kSpeedNames[i].data(), kSpeedNames[i].size())))
      return Speed(i);
  return std::nullopt;
}

}  // namespace fairykit::analysis
