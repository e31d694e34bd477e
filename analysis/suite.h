// Perft suites: EPD files with `;Dn N` operations and `.perft` files. Each position is run
// to the requested depths and reported pass/fail; a summary closes the report.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "parsers/perft_file.h"
#include "rules/registry.h"

namespace fairykit::analysis {

struct SuiteEntry {
  std::string file;
  int line = 0;
  std::string id;       // from `id` (.perft) or the `id` operation (EPD); may be empty
  std::string variant;  // as written; empty = the run's default variant
  std::string fen;
  std::vector<parsers::PerftCount> counts;
};

// Reads a suite file (EPD when the name ends in .epd, otherwise the .perft format, unless
// the content says otherwise). Errors name file and line.
absl::StatusOr<std::vector<SuiteEntry>> load_suite(const std::string& path);
// The same from text already in memory (`name` is used in messages).
absl::StatusOr<std::vector<SuiteEntry>> parse_suite(std::string_view text, const std::string& name,
                                                    bool epd);

struct SuiteOptions {
  VariantId default_variant = VariantId::kChess;
  int min_depth = 1;
  int max_depth = 1000;         // counts deeper than this are not run
  std::uint64_t max_nodes = 0;  // 0 = no limit; counts expecting more nodes are skipped
  int threads = 1;
  bool only_depth = false;  // run only max_depth (fairy-perft --depth with --suite)
  // Superchess entries: Amazons may be promoted to (Setup::amazon_promotes).
  bool amazon_promotes = false;
};

enum class CountStatus { kPass, kFail, kSkipped };

struct CountResult {
  int depth = 0;
  std::uint64_t expected = 0;
  std::uint64_t got = 0;
  CountStatus status = CountStatus::kSkipped;
};

struct EntryResult {
  const SuiteEntry* entry = nullptr;
  std::string error;  // non-empty: the position could not be set up (counts as failed)
  std::vector<CountResult> counts;
  std::uint64_t nodes = 0;  // nodes searched for this entry
  bool passed() const;
  bool ran() const;  // at least one count was run (passed or failed)
};

struct SuiteSummary {
  int positions = 0;
  int passed = 0;
  int failed = 0;
  int skipped = 0;  // positions none of whose counts was in range
  std::uint64_t counts_checked = 0;
  std::uint64_t nodes = 0;
};

// Runs one entry (with the root split over options.threads threads).
EntryResult run_entry(const SuiteEntry& entry, const SuiteOptions& options);

// Runs every entry with options.threads threads. The work is split into one task per
// (entry, depth, root move), scheduled dynamically, so that one large position does not
// leave threads idle. `emit` is called once per entry, in input order, never concurrently,
// as soon as the entry and all entries before it are complete (an ordered pool).
void run_suite(const std::vector<SuiteEntry>& entries, const SuiteOptions& options,
               const std::function<void(const EntryResult&)>& emit);

// Report writers. Text: one line per position, "ok"/"FAIL" first; JSON: one document.
// Neither prints timings, so the output is the same at any thread count.
void write_entry_text(std::ostream& out, const EntryResult& r, bool quiet);
void write_summary_text(std::ostream& out, const SuiteSummary& s);
std::string entry_json(const EntryResult& r);
void accumulate(SuiteSummary& s, const EntryResult& r);

}  // namespace fairykit::analysis
