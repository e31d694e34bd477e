// Perft suites: EPD files with `;Dn N` operations and `.perft` files. Each position is run
// to the requested depths and reported pass/fail; a summary closes the report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/io/json.h"
#include "analysis/perft/perft_table.h"
#include "parsers/input.h"
#include "parsers/line_reader.h"
#include "parsers/perft_file.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

struct SuiteEntry {
  std::string file;
  int line = 0;
  std::string id;       // from `id` (.perft) or the `id` operation (EPD); may be empty
  std::string variant;  // as written; empty = the run's default variant
  std::string fen;      // as written; "startpos" (.perft) is the variant's start position
  std::vector<parsers::PerftCount> counts;
};

enum class SuiteFormat { kEpd, kPerft };

// Limits of suite input, reported as errors naming the file and line when passed: a line of
// at most 1 MiB (so that memory stays bounded whatever the input, /dev/zero included), and
// depths 1 to 64 (parsers::kMaxPerftDepth) in every format.
inline constexpr std::size_t kMaxSuiteLine = std::size_t{1} << 20;

// Reads the entries of one suite one at a time, from a file, standard input or a gzip,
// bzip2, zstd or xz stream (recognised by content), in bounded memory: one line, one record.
//
// The format: a name ending in .epd or .perft (before a .gz, .bz2, .zst or .xz suffix) says
// which; otherwise (standard input, other names) the first line that is neither blank nor a
// '#' comment decides: EPD when its first word holds a '/' (a FEN board such as
// `rnbqkbnr/pppppppp/...`), the .perft format otherwise (its lines begin with a keyword:
// id, variant, fen, epd, perft). Both formats take LF, CR LF or a lone CR as line end.
//
// EPD entries take their counts from `Dn N` operations (n = 1..64, each depth once), their
// id from `id` and their variant from `variant`. A `fen` or `epd` line of `startpos` in a
// .perft file is the start position of the entry's variant.
class SuiteReader {
 public:
  // Opens `path` ("-" = standard input). Errors: "x.epd: cannot open file: Is a directory".
  static absl::StatusOr<std::unique_ptr<SuiteReader>> open(const std::string& path);
  // A suite read from `source`, in `format` when given, else guessed as above.
  explicit SuiteReader(std::unique_ptr<parsers::ByteSource> source,
                       std::optional<SuiteFormat> format = std::nullopt);

  // The next entry; nothing at the end of the suite. Errors name the file and the line
  // (and for EPD operations the column): "x.epd:3:29: perft depth 1 already given at
  // column 22". After an error the reader is done.
  absl::StatusOr<std::optional<SuiteEntry>> next();

  const std::string& name() const { return name_; }
  // Compressed bytes read so far and the file's size (0 when unknown), for progress.
  std::uint64_t raw_bytes_read() const { return lines_.source().raw_bytes_read(); }
  std::uint64_t raw_size() const { return lines_.source().raw_size(); }

 private:
  absl::StatusOr<SuiteEntry> epd_entry(std::string_view line);
  SuiteEntry perft_entry(parsers::PerftRecord&& record) const;

  std::string name_;
  parsers::LineReader lines_;
  std::optional<SuiteFormat> format_;
  parsers::PerftFileReader perft_;
  bool done_ = false;
};

// Every entry of a suite file (SuiteReader::open), or the first error.
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
  bool only_depth = false;              // run only max_depth (fairy-perft --depth with --suite)
  VariantOptions variant_options = {};  // for every entry (rules/game/variant_options.h)
  // Hashed perft (analysis/perft/perft_table.h) when not null, one table for the whole suite
  // (its keys are salted by variant and options); null: the unhashed kernels.
  PerftTable* table = nullptr;
  // A share of a suite read by `reader` (the ranks of an MPI run): only the entries whose
  // place in the file (from 0) is `part` modulo `parts` are run and emitted.
  int part = 0;
  int parts = 1;
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
  // The time the threads spent on this entry's counts, added up (at one thread: its wall
  // time), and what they did in the table (SuiteOptions::table; all zero without one).
  double seconds = 0;
  PerftTable::Stats hash;
  bool hashed = false;  // a table was used
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
  double seconds = 0;  // the wall time of the whole run: set by the caller, not accumulate()
};

// Runs one entry (with the root split over options.threads threads).
EntryResult run_entry(const SuiteEntry& entry, const SuiteOptions& options);

// Runs every entry with options.threads threads. The work is split into one task per
// (entry, depth, root move), scheduled dynamically, so that one large position does not
// leave threads idle. `emit` is called once per entry, in input order, never concurrently,
// as soon as the entry and all entries before it are complete (an ordered pool).
void run_suite(const std::vector<SuiteEntry>& entries, const SuiteOptions& options,
               const std::function<void(const EntryResult&)>& emit);

// Runs the entries of `reader` as they are read: in batches of up to kSuiteBatch entries
// (or kSuiteBatchBytes of text), each run as above, so that memory stays bounded whatever
// the suite's length. Returns the reader's error, if any, once every entry before it has
// been run and emitted.
inline constexpr std::size_t kSuiteBatch = 1024;
inline constexpr std::size_t kSuiteBatchBytes = std::size_t{16} << 20;
absl::Status run_suite(SuiteReader& reader, const SuiteOptions& options,
                       const std::function<void(const EntryResult&)>& emit);

// Report writers. Text: one line per position, "ok"/"FAIL" first; JSON: one document.
// The text prints no timings, so it is the same at any thread count; in the JSON only
// "seconds" and "nps" change from run to run (and, at two threads or more, the hash
// statistics: which thread finds an entry first depends on timing).
void write_entry_text(std::ostream& out, const EntryResult& r, bool quiet);
void write_summary_text(std::ostream& out, const SuiteSummary& s);
// {"file":...,"line":N,"id":...,"fen":...,"status":"pass"|"fail"|"skipped"[,"error":...],
//  "counts":[{"depth":N,"expected":N[,"nodes":N],"status":...}],"seconds":S,"nps":N
//  [,"hash":{statistics}]}
void write_entry_json(JsonWriter& w, const EntryResult& r);
// {"positions":N,"passed":N,"failed":N,"skipped":N,"counts_checked":N,"nodes":N,
//  "seconds":S,"nps":N}
void write_summary_json(JsonWriter& w, const SuiteSummary& s);
// "seconds":S,"nps":N into the current object: S with microseconds, N = nodes / S (0 when
// S is 0).
void write_timing_json(JsonWriter& w, double seconds, Count128 nodes);
// "probes":N,"hits":N,"stores":N,"leaf_probes":N,"leaf_hits":N,"leaf_stores":N into the
// current object (analysis/perft/perft_table.h: the buckets, then the leaf region).
void write_table_stats_json(JsonWriter& w, const PerftTable::Stats& s);
void accumulate(SuiteSummary& s, const EntryResult& r);

}  // namespace fairykit::analysis
