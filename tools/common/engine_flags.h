// The flags of the tools that drive a UCI engine (fairy-perft --compare-with, fairy-analyze
// --engine).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "tools/common/cli.h"

namespace fairykit::cli {

// --engine-timeout S (seconds, more than 0, at most 86400) into `seconds` when given. False
// after printing the usage error (the caller exits 2).
inline bool engine_timeout_flag(const Args& args, std::string_view tool, double& seconds) {
  if (auto t = args.get("engine-timeout")) {
    double s = 0;
    if (!absl::SimpleAtod(*t, &s) || !(s > 0) || s > 86400) {
      usage_error(
          tool, "--engine-timeout wants seconds, more than 0 and at most 86400, not '" + *t + "'");
      return false;
    }
    seconds = s;
  }
  return true;
}

// --engine-option NAME=VALUE (repeatable), appended to `options` in order. False after
// printing the usage error.
inline bool engine_option_flags(const Args& args, std::string_view tool,
                                std::vector<std::pair<std::string, std::string>>& options) {
  for (const std::string& option : args.all("engine-option")) {
    const std::size_t eq = option.find('=');
    if (eq == std::string::npos || eq == 0) {
      usage_error(tool, "--engine-option wants NAME=VALUE, not '" + option + "'");
      return false;
    }
    options.emplace_back(option.substr(0, eq), option.substr(eq + 1));
  }
  return true;
}

}  // namespace fairykit::cli
