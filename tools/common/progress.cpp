#include "tools/common/progress.h"

#include <unistd.h>

#include <cstdio>

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
