// The oracle perft files of tests/data/oracles, loaded for the analysis tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "analysis/perft/suite.h"

namespace fairykit::analysis::testing {

// The entries of tests/data/oracles/<file> (a test failure when it cannot be read).
inline std::vector<SuiteEntry> load_oracle(std::string_view file) {
  const std::string path = std::string(FAIRYKIT_DATA_DIR) + "/oracles/" + std::string(file);
  absl::StatusOr<std::vector<SuiteEntry>> entries = load_suite(path);
  EXPECT_TRUE(entries.ok()) << entries.status();
  return entries.ok() ? *entries : std::vector<SuiteEntry>{};
}

struct OracleTotals {
  int positions = 0;
  int counts = 0;  // counts run (within the node budget)
};

// Runs `entries` on 2 threads, expecting every count of at most `max_nodes` nodes to
// match; entries without a `variant` line use `default_variant`. With `table`, hashed perft
// (analysis/perft/perft_table.h) through that table.
inline OracleTotals check_oracle_counts(const std::vector<SuiteEntry>& entries,
                                        VariantId default_variant, std::uint64_t max_nodes,
                                        PerftTable* table = nullptr) {
  SuiteOptions options;
  options.table = table;
  options.default_variant = default_variant;
  options.max_nodes = max_nodes;
  options.threads = 2;
  OracleTotals t;
  run_suite(entries, options, [&](const EntryResult& r) {
    ++t.positions;
    EXPECT_TRUE(r.error.empty()) << r.entry->file << ":" << r.entry->line << ": " << r.error;
    for (const CountResult& c : r.counts) {
      if (c.status == CountStatus::kSkipped) continue;
      ++t.counts;
      EXPECT_EQ(c.got, c.expected) << r.entry->file << ":" << r.entry->line << " " << r.entry->id
                                   << " " << r.entry->fen << " depth " << c.depth;
    }
  });
  return t;
}

}  // namespace fairykit::analysis::testing
