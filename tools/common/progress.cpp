#include "tools/common/progress.h"

#include <unistd.h>

#include <cstdio>
#include <string>

#include "absl/strings/str_format.h"

namespace fairykit::cli {

bool ProgressLine::stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressLine::show(std::string_view text) {
  if (!enabled_) return;
  std::fputs("\r\033[K", stderr);
  std::fwrite(text.data(), 1, text.size(), stderr);
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  shown_ = false;
}

}  // namespace fairykit::cli

void fairykit::cli::ProgressLine::show_games(std::string_view name, double fraction,
                                             std::size_t file_games, std::uint64_t total_games) {
  if (!enabled_) return;
  const double secs = seconds();
  if (games_shown_at_ >= 0 && secs - games_shown_at_ < 0.1) return;
  games_shown_at_ = secs;
  show(absl::StrFormat("%s: %5.1f%%  %zu games  %.0f games/s", std::string(name), 100.0 * fraction,
                       file_games, secs > 0 ? double(total_games) / secs : 0.0));
}
