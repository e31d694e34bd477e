#include "tools/common/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace fairykit::cli {

namespace {

// 1,234,567: a count read at a glance.
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// 512 B, 12.3 kB, 999.9 MB, 1.0 GB: decimal units as file managers and disks count them;
// a unit is left for the next when its figure would round to 1000.0.
std::string byte_text(std::uint64_t n) {
  if (n < 1000) return absl::StrCat(n, " B");
  static constexpr const char* kUnits[] = {"kB", "MB", "GB", "TB", "PB"};
  double v = double(n) / 1000;
  std::size_t unit = 0;
  while (v >= 999.95 && unit + 1 < std::size(kUnits)) {
    v /= 1000;
    ++unit;
  }
  return absl::StrFormat("%.1f %s", v, kUnits[unit]);
}

// m:ss, or h:mm:ss from an hour on; a part of a second counts as one (a time left never
// reads 0:00 while something is left).
std::string clock_text(double seconds) {
  const auto t = static_cast<std::uint64_t>(std::ceil(std::max(seconds, 0.0)));
  if (t >= 3600) return absl::StrFormat("%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
  return absl::StrFormat("%d:%02d", t / 60, t % 60);
}

// Columns a UTF-8 text takes (one a code point: names are mostly Latin).
std::size_t columns(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// The name as shown: control characters (which would move the cursor) as '?', and when
// wider than `width` columns, "..." and its last columns.
std::string shown_name(std::string_view name, std::size_t width) {
  std::string s(name);
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  std::size_t cols = columns(s);
  if (cols <= width) return s;
  std::size_t from = 0;
  while (cols > width - 3) {  // drop code points from the front
    ++from;
    while (from < s.size() && (s[from] & 0xC0) == 0x80) ++from;
    --cols;
  }
  return absl::StrCat("...", s.substr(from));
}

}  // namespace

std::string progress_text(const GamesProgress& p) {
  std::string rest;
  if (p.size > 0) {
    // Rounded down: 100.0% only once every byte is read.
    const double tenths =
        std::floor(1000.0 * double(std::min(p.bytes_read, p.size)) / double(p.size));
    absl::StrAppend(&rest, absl::StrFormat("%.1f%%", tenths / 10), " ", byte_text(p.bytes_read),
                    " of ", byte_text(p.size));
  } else {
    rest = byte_text(p.bytes_read);
  }
  absl::StrAppend(&rest, "  ", grouped(p.file_games), p.file_games == 1 ? " game" : " games");
  if (p.seconds > 0)
    absl::StrAppend(
        &rest, "  ",
        grouped(static_cast<std::uint64_t>(std::llround(double(p.total_games) / p.seconds))),
        " games/s");
  if (p.size > 0 && p.bytes_read > 0 && p.input_seconds >= 0.5) {
    const std::uint64_t left = p.size > p.bytes_read ? p.size - p.bytes_read : 0;
    absl::StrAppend(&rest, "  ", clock_text(double(left) * p.input_seconds / double(p.bytes_read)),
                    " left");
  }
  // 79 columns with the name: a line wider than the terminal wraps, and rewriting it in place
  // would then leave its first rows behind. A name keeps 12 columns ("..." and 9), for a
  // line of large figures is longer then.
  constexpr std::size_t kLine = 79, kLeastName = 12;
  const std::size_t room = rest.size() + 2 < kLine ? kLine - rest.size() - 2 : 0;
  return absl::StrCat(shown_name(p.name, std::max(room, kLeastName)), ": ", rest);
}

bool ProgressLine::stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressLine::show(std::string_view text) {
  if (!enabled_) return;
  std::fputs("\r\033[K", out_);
  std::fwrite(text.data(), 1, text.size(), out_);
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", out_);
  shown_ = false;
}

void ProgressLine::show_games(std::string_view name, std::uint64_t bytes_read, std::uint64_t size,
                              std::uint64_t file_games, std::uint64_t total_games) {
  if (!enabled_) return;
  const double secs = seconds();
  if (name != input_name_ || bytes_read < input_bytes_) {
    input_name_ = std::string(name);
    input_began_at_ = last_call_at_;
  }
  input_bytes_ = bytes_read;
  last_call_at_ = secs;
  if (games_shown_at_ >= 0 && secs - games_shown_at_ < 0.1) return;
  games_shown_at_ = secs;
  show(progress_text({.name = name,
                      .bytes_read = bytes_read,
                      .size = size,
                      .file_games = file_games,
                      .total_games = total_games,
                      .seconds = secs,
                      .input_seconds = secs - input_began_at_}));
}

}  // namespace fairykit::cli
