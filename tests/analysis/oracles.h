// The oracle perft files of ../shared/oracles, loaded for the analysis tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "analysis/suite.h"

namespace fairykit::analysis::testing {

// The entries of ../shared/oracles/<file> (a test failure when it cannot be read).
inline std::vector<SuiteEntry> load_oracle(std::string_view file) {
  const std::string path = std::string(FAIRYKIT_SHARED_DIR) + "/oracles/" + std::string(file);
  absl::StatusOr<std::vector<SuiteEntry>> entries = load_suite(path);
  EXPECT_TRUE(entries.ok()) << entries.status();
  return entries.ok() ? *entries : std::vector<SuiteEntry>{};
}

}  // namespace fairykit::analysis::testing
