// fairy-perft: move-generation counts for one position or for suites of positions with
// expected counts. Flags (command_line.cpp) -> analysis::PerftJob -> one job of
// analysis/perft/jobs.h -> exit status.

#include <cstdint>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "analysis/perft/jobs.h"
#include "rules/core/bitboard.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"
#include "tools/common/cli.h"
#include "tools/common/engine_flags.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"
#include "tools/fairy-perft/command_line.h"

namespace {

using namespace fairykit;
using analysis::JobResult;

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

int usage_error(const std::string& msg) { return cli::usage_error("fairy-perft", msg); }

// "--armies applies to --variant cwda only": the variants that take a flag, from the registry.
int only_for(const char* flag, bool (*has)(const VariantInfo&)) {
  return usage_error(absl::StrCat(flag, " applies to --variant ", variants_where(has), " only"));
}

int exit_status(JobResult r) { return static_cast<int>(r); }

// Where the jobs write: standard output and error.
analysis::JobOutput std_output() { return {.out = std::cout, .err = std::cerr}; }

// --fen-dialect D into `into`; `variant` (when not null) must have a form in it. False after
// the usage error.
bool fen_dialect_flag(const cli::Args& args, const VariantInfo* variant,
                      std::optional<FenDialectId>& into) {
  std::optional<std::string> d = args.get("fen-dialect");
  if (!d) return true;
  into = find_fen_dialect(*d);
  if (!into) {
    usage_error(
        absl::StrCat("--fen-dialect wants one of ", fen_dialect_names(), ", not '", *d, "'"));
    return false;
  }
  if (variant && !fen_dialect_has_form(*variant, *into)) {
    usage_error(absl::StrCat("the ", std::string(fen_dialect_name(*into)),
                             " FEN dialect has no form for ", std::string(variant->title)));
    return false;
  }
  return true;
}

// --make-suite: flags -> MakeSuiteOptions -> analysis::write_made_suite().
int make_suite_main(const cli::Args& args, const VariantInfo& variant) {
  for (const char* flag :
       {"fen", "suite", "shuffle", "max-depth", "max-nodes", "divide", "armies", "amazon-promotes"})
    if (args.has(flag))
      return usage_error(absl::StrCat("--", flag, " and --make-suite cannot be combined"));
  if (!args.positional.empty())
    return usage_error("suite files and --make-suite cannot be combined");
  analysis::MakeSuiteOptions o;
  o.variant = variant.id;
  if (!cli::int_flag(args, "fairy-perft", "make-suite", 1, 100000, o.positions)) return 2;
  if (!args.has("seed")) return usage_error("--make-suite needs --seed S");
  if (!args.has("depth")) return usage_error("--make-suite needs --depth D");
  long long seed = 0;
  if (!cli::int_flag(args, "fairy-perft", "seed", 0, std::numeric_limits<long long>::max(), seed))
    return 2;
  o.seed = std::uint64_t(seed);
  if (!cli::int_flag(args, "fairy-perft", "depth", 1, 64, o.depth)) return 2;
  if (!cli::jobs_flag(args, "fairy-perft", o.threads)) return 2;
  if (auto f = args.get("format")) {
    if (*f == "epd")
      o.format = analysis::SuiteFormat::kEpd;
    else if (*f != "perft")
      return usage_error("--format wants perft or epd with --make-suite, not '" + *f + "'");
  }
  std::optional<FenDialectId> dialect;
  if (!fen_dialect_flag(args, &variant, dialect)) return 2;
  o.dialect = dialect.value_or(o.dialect);
  if (auto b = args.get("bias")) {
    for (absl::string_view piece : absl::StrSplit(*b, ',')) {
      bool* favour = piece == "captures"     ? &o.bias.captures
                     : piece == "promotions" ? &o.bias.promotions
                     : piece == "castling"   ? &o.bias.castling
                                             : nullptr;
      if (!favour)
        return usage_error(absl::StrCat(
            "--bias wants captures, promotions or castling (comma-separated), not '", piece, "'"));
      *favour = true;
    }
  }
  // A failed write to standard output is reported once, with its cause, by cli::run_main.
  analysis::JobOutput io = std_output();
  return exit_status(analysis::write_made_suite(o, args.get("output"), io));
}

// --compare-with CMD: flags -> CompareOptions -> analysis::compare_position() or
// compare_suites(), reports on standard output.
int compare_main(const cli::Args& args, const analysis::PerftJob& job, bool suites) {
  if (!g_mpi->is_root()) return 0;  // under MPI rank 0 talks to the engine alone
  if (job.divide) return usage_error("--divide and --compare-with cannot be combined");
  if (job.json) return usage_error("--format json and --compare-with cannot be combined");
  analysis::CompareOptions co;
  co.engine.command = *args.get("compare-with");
  if (co.engine.command.empty()) return usage_error("--compare-with wants an engine command");
  if (!cli::engine_timeout_flag(args, "fairy-perft", co.engine.timeout_seconds)) return 2;
  if (!fen_dialect_flag(args, suites ? nullptr : job.variant, co.dialect)) return 2;
  co.engine_variant = args.get("engine-variant").value_or("");
  if (!cli::engine_option_flags(args, "fairy-perft", co.engine_options)) return 2;
  const int depth = job.depth >= 0 ? job.depth : job.max_depth;
  if (!suites && depth < 1) return usage_error("--depth wants 1 or more with --compare-with");
  analysis::JobOutput io = std_output();
  return exit_status(suites ? analysis::compare_suites(job, std::move(co), io)
                            : analysis::compare_position(job, std::move(co), io));
}

// --armies, --amazon-promotes, and --shuffle (with --seed) as the position. Returns the exit
// status of a usage error.
std::optional<int> position_flags(const cli::Args& args, analysis::PerftJob& job) {
  const VariantInfo& v = *job.variant;
  job.fen = args.get("fen").value_or("");
  job.variant_options.armies = args.get("armies").value_or("");
  if (args.has("armies") && !v.takes_armies)
    return only_for("--armies", [](const VariantInfo& i) { return i.takes_armies; });
  if (args.has("armies") && !valid_armies(job.variant_options.armies))
    return usage_error("--armies wants two army letters of FCNR (White's, then Black's), not '" +
                       job.variant_options.armies + "'");
  job.variant_options.amazon_promotes = args.has("amazon-promotes");
  if (job.variant_options.amazon_promotes && !v.takes_amazon_promotes)
    return only_for("--amazon-promotes",
                    [](const VariantInfo& i) { return i.takes_amazon_promotes; });
  if (!args.has("shuffle")) {
    if (args.has("seed"))
      return usage_error("--seed applies to --shuffle random and --make-suite only");
    return std::nullopt;
  }
  const int arrays = v.numbered_starts;
  if (arrays == 0)
    return only_for("--shuffle", [](const VariantInfo& i) { return i.numbered_starts > 0; });
  if (args.has("fen")) return usage_error("--shuffle and --fen cannot be combined");
  const std::string shuffle = *args.get("shuffle");
  long long number = 0;
  if (shuffle == "random") {
    if (!args.has("seed")) return usage_error("--shuffle random needs --seed S");
    absl::StatusOr<long long> seed =
        cli::parse_int("seed", *args.get("seed"), 0, std::numeric_limits<long long>::max());
    if (!seed.ok()) return usage_error(std::string(seed.status().message()));
    number = analysis::random_start_number(std::uint64_t(*seed), arrays);
    std::cerr << "fairy-perft: shuffle number " << number << " (seed " << *seed << ")\n";
  } else {
    if (args.has("seed")) return usage_error("--seed applies to --shuffle random only");
    absl::StatusOr<long long> n = cli::parse_int("shuffle", shuffle, 0, arrays - 1);
    if (!n.ok())
      return usage_error(absl::StrCat("--shuffle wants a number 0-", arrays - 1,
                                      " or \"random\", not '", shuffle, "'"));
    number = *n;
  }
  job.fen = numbered_start_fen(v, int(number));
  return std::nullopt;
}

// --format, --divide, --quiet, the suites and the numbers (--depth, --max-depth, --max-nodes,
// --jobs, --hash: the table made here). Returns the exit status of an error.
std::optional<int> run_flags(const cli::Args& args, analysis::PerftJob& job,
                             std::unique_ptr<analysis::PerftTable>& table) {
  job.suites = args.all("suite");
  for (const std::string& p : args.positional) job.suites.push_back(p);
  job.divide = args.has("divide");
  job.quiet = args.has("quiet");
  if (auto f = args.get("format")) {
    if (*f != "json" && *f != "text")
      return usage_error("--format wants text or json, not '" + *f + "'");
    job.json = *f == "json";
  }
  long long hash = 0;
  if (!cli::int_flag(args, "fairy-perft", "depth", 0, 64, job.depth) ||
      !cli::int_flag(args, "fairy-perft", "max-depth", 1, 64, job.max_depth) ||
      !cli::int_flag(args, "fairy-perft", "max-nodes", 1, (1LL << 62), job.max_nodes) ||
      !cli::jobs_flag(args, "fairy-perft", job.threads) ||
      !cli::int_flag(args, "fairy-perft", "hash", 0, 1 << 20, hash))
    return 2;
  if (hash > 0) {
    try {
      table = analysis::PerftTable::with_bytes(std::size_t(hash) << 20, job.threads);
    } catch (const std::bad_alloc&) {
      std::cerr << "fairy-perft: cannot allocate a hash table of " << hash << " MB\n";
      return 2;
    }
    job.table = table.get();
  }
  return std::nullopt;
}

int perft_main(int argc, char** argv) {
  const cli::CommandLine& cl = perft_command_line();
  absl::StatusOr<cli::Args> parsed = cli::parse(argc, argv, cl);
  if (!parsed.ok()) return usage_error(std::string(parsed.status().message()));
  const cli::Args& args = *parsed;
  if (std::optional<int> done =
          cli::handle_common_flags(args, cl, slider_implementation() + std::string(" sliders")))
    return *done;
  analysis::PerftJob job;
  job.variant = cli::variant_flag(args, "fairy-perft");
  if (!job.variant) return 2;
  if (args.has("make-suite")) {
    // Under MPI rank 0 makes the suite alone (its playouts and counts are one sequence,
    // reproducible from the seed); the other ranks have nothing to do.
    return g_mpi->is_root() ? make_suite_main(args, *job.variant) : 0;
  }
  for (const char* flag : {"bias", "output"})
    if (args.has(flag))
      return usage_error(absl::StrCat("--", flag, " applies to --make-suite only"));
  const bool compare = args.has("compare-with");
  if (!compare && args.has("fen-dialect"))
    return usage_error("--fen-dialect applies to --make-suite and --compare-with only");
  for (const char* flag : {"engine-timeout", "engine-variant", "engine-option"})
    if (!compare && args.has(flag))
      return usage_error(absl::StrCat("--", flag, " applies to --compare-with only"));
  if (std::optional<int> error = position_flags(args, job)) return *error;
  std::unique_ptr<analysis::PerftTable> table;
  if (std::optional<int> error = run_flags(args, job, table)) return *error;
  const bool shuffle = args.has("shuffle");
  const bool fen = args.has("fen") || shuffle;
  const std::string position_flag = shuffle ? "--shuffle" : "--fen";
  if (fen == !job.suites.empty())
    return usage_error(fen ? position_flag + " and suite files cannot be combined"
                           : "give a position with --fen FEN or a suite with --suite FILE");
  if (args.has("depth") && job.max_depth)
    return usage_error("--depth and --max-depth cannot be combined");
  if (fen) {
    if (!args.has("depth") && !job.max_depth)
      return usage_error(position_flag +
                         " needs --depth N (or --max-depth N for every depth 1..N)");
    if (args.has("max-nodes")) return usage_error("--max-nodes applies to suites only");
    if (compare) return compare_main(args, job, /*suites=*/false);
    job.ranks = g_mpi;
    analysis::JobOutput io = std_output();
    return exit_status(analysis::count_position(job, io));
  }
  if (job.divide) return usage_error("--divide applies to --fen only");
  if (args.has("armies")) return usage_error("--armies applies to --fen only");
  if (job.depth == 0) return usage_error("--depth wants 1 or more with --suite");
  if (compare) return compare_main(args, job, /*suites=*/true);
  job.ranks = g_mpi;
  cli::ProgressLine progress(!job.quiet && cli::ProgressLine::stderr_is_terminal());
  analysis::JobOutput io = std_output();
  if (progress.enabled())
    io.progress = [&](std::string_view text) {
      text.empty() ? progress.clear() : progress.show(text);
    };
  return exit_status(analysis::check_suites(job, io));
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun every rank counts its share; only rank 0 writes (its output is that of a
  // run in one process), and its exit status is the worst of the ranks.
  fairykit::cli::MpiSession mpi(argc, argv);
  g_mpi = &mpi;
  mpi.quiet_unless_root();  // (run_main() sets std::cout up on descriptor 1)
  const int status = fairykit::cli::run_main("fairy-perft", argc, argv, perft_main);
  return mpi.exit_status(status);
}
