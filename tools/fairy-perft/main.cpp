// fairy-perft: move-generation counts for one position or for suites of positions with
// expected counts. Flags -> PerftOptions/SuiteOptions -> analysis/.

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "analysis/io/json.h"
#include "analysis/io/output_file.h"
#include "analysis/perft/engine_compare.h"
#include "analysis/perft/make_suite.h"
#include "analysis/perft/perft.h"
#include "analysis/perft/suite.h"
#include "parsers/message_text.h"
#include "rules/core/bitboard.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"
#include "rules/notation/fen.h"
#include "tools/common/cli.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"

namespace {

using namespace fairykit;

// --help, the man page and the shell completions are made from this table.
const cli::CommandLine kCommandLine = {
    .tool = "fairy-perft",
    .summary = "count the leaf nodes of the legal move tree of chess variants (perft)",
    .head = R"(Usage: fairy-perft [OPTIONS] --fen FEN --depth N
       fairy-perft [OPTIONS] --suite FILE [FILE...]
       fairy-perft --make-suite N --seed S --depth D [--variant V] [-o FILE]

Count the leaf nodes of the legal move tree (perft) of one position, or check the
expected counts of perft suites (EPD with ;D1 N operations, or .perft files),
or make such a suite from seeded random playouts.

)",
    .tail = R"(
Timings go to standard error, so the text on standard output is the same at any
thread count; --format json also carries them ("seconds", "nps": README).

Exit status:
  0  every count computed (and, for suites, every count as expected);
     --compare-with: the engine agrees everywhere
  1  some input invalid or some count wrong; --compare-with: the engine differs
  2  usage error, unreadable input, or standard output that cannot be written;
     --make-suite: also a suite that cannot be made (the message says why)
  3  --compare-with: the engine failed (could not start, exited, crashed, timed
     out or sent an answer that cannot be read); the message says what it was asked

Examples:
  fairy-perft --fen startpos --depth 6
  fairy-perft --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --depth 3 --divide
  fairy-perft --variant chess960 --suite chess960.epd --max-depth 4 -j 2
  fairy-perft --variant cwda --fen startpos --armies CN --max-depth 3
  fairy-perft --variant superchess --shuffle random --seed 7 --depth 3
  fairy-perft --variant interweave --fen startpos --depth 5
  fairy-perft --variant fluidity --fen startpos --max-depth 4
  fairy-perft --make-suite 20 --seed 1 --depth 3 --variant chess960 -o c960.perft
  fairy-perft --suite c960.perft --variant chess960 --compare-with ./my-engine
  fairy-perft --fen startpos --depth 5 --compare-with stockfish
)",
    .column = 24,
    .flags = {{.name = "variant",
               .short_name = 'v',
               .takes_value = true,
               .section = "Position:\n",
               .value_name = "NAME",
               .help = {"variant of the positions (default: chess); see --list-variants.",
                        "A suite entry's own `variant` line wins over this flag."},
               .completes = cli::Completes::kVariant,
               .brief = "variant of the positions"},
              {.name = "fen",
               .short_name = 'f',
               .takes_value = true,
               .value_name = "FEN",
               .help = {"the position; \"startpos\" is the variant's start position.",
                        "cwda: also vchess, xogo or pychess FEN (converted);",
                        "interweave: vchess FEN (\"board w 0 - 000000\") or the", "board alone"},
               .choices = {"startpos"},
               .brief = "the position"},
              {.name = "armies",
               .takes_value = true,
               .value_name = "XY",
               .help = {"cwda: the armies, White's then Black's (F C N R): with",
                        "--fen startpos that pairing's start position, with a",
                        "pychess FEN (which names none) its armies"},
               .brief = "cwda: the armies, White's then Black's (F C N R)"},
              {.name = "shuffle",
               .takes_value = true,
               .value_name = "N",
               .help = {"superchess: the start array with XBoard's shuffle number N",
                        "(0-1727); chess960: Scharnagl's number N (0-959, 518 the",
                        "standard array); as the position, instead of --fen;",
                        "\"random\" picks one from --seed (the number goes to stderr)"},
               .choices = {"random"},
               .brief = "superchess, chess960: the start array numbered N"},
              {.name = "seed",
               .takes_value = true,
               .value_name = "S",
               .help = {"with --shuffle random: the seed (0 or more) of SplitMix64;",
                        "the array is its first output mod the number of arrays"},
               .brief = "the seed of --shuffle random or --make-suite"},
              {.name = "amazon-promotes",
               .help = {"superchess: Amazons may be promoted to (pool base 1)"}},
              {.name = "suite",
               .short_name = 's',
               .takes_value = true,
               .repeatable = true,
               .value_name = "FILE",
               .help = {"a suite file; more files may follow as arguments (\"-\" = stdin):",
                        "EPD (\";D1 20 ;D2 400\") or .perft, told apart by the name",
                        "(.epd, .perft), else by the first line (a FEN board: EPD);",
                        "gzip, bzip2 and zstd are read directly. Limits: lines of",
                        "at most 1 MiB, depths 1-64; an error names the line"},
               .completes = cli::Completes::kFile,
               .brief = "a suite file (EPD or .perft)"},
              {.name = "depth",
               .short_name = 'd',
               .takes_value = true,
               .section = "Depth:\n",
               .value_name = "N",
               .help = {"count at depth N (with --suite: check only depth N)"}},
              {.name = "max-depth",
               .short_name = 'm',
               .takes_value = true,
               .value_name = "N",
               .help = {"with --fen: count every depth 1..N;",
                        "with --suite: check every expected count up to depth N"}},
              {.name = "max-nodes",
               .takes_value = true,
               .value_name = "N",
               .help = {"with --suite: skip expected counts larger than N nodes"}},
              {.name = "make-suite",
               .takes_value = true,
               .section = "Making a suite:\n",
               .value_name = "N",
               .help = {"write a suite of N positions (1-100000) of --variant, each",
                        "the end of a random playout of 4-40 plies from the start",
                        "position (Chess960 and Superchess: a start array drawn",
                        "too; CwDA: the armies too), with the counts of depths",
                        "1..--depth; the same --seed gives the same bytes anywhere",
                        "(xoshiro256** seeded by SplitMix64, analysis/perft/make_suite.h).",
                        "Playouts that end the game, or repeat a position, are", "drawn again"},
               .brief = "write a suite of N random positions"},
              {.name = "seed",
               .takes_value = true,
               .value_name = "S",
               .help = {"the seed (0 or more); required"},
               .again = true},
              {.name = "bias",
               .takes_value = true,
               .value_name = "KINDS",
               .help = {"favour these kinds of move, comma-separated: captures,",
                        "promotions, castling (weight 4 against 1 for the others)"},
               .choices = {"captures", "promotions", "castling"},
               .brief = "favour these kinds of move, comma-separated"},
              {.name = "fen-dialect",
               .takes_value = true,
               .value_name = "D",
               .help = {"write the FENs in dialect D (native default; vchess, xogo,",
                        "pychess, xboard where the variant has a form)"},
               .choices = cli::fen_dialect_choices(),
               .brief = "the FEN dialect written, or sent to the engine"},
              {.name = "format",
               .takes_value = true,
               .value_name = "FORMAT",
               .help = {"perft (default: .perft blocks) or epd (\";D1 N\" operations;",
                        "not for FENs with fields beyond EPD's six)"},
               .choices = {"perft", "epd"},
               .brief = "output format"},
              {.name = "output",
               .short_name = 'o',
               .takes_value = true,
               .value_name = "FILE",
               .help = {"write the suite to FILE (under a temporary name, renamed",
                        "when complete) instead of standard output"},
               .completes = cli::Completes::kFile,
               .brief = "write the suite to FILE"},
              {.name = "compare-with",
               .takes_value = true,
               .section = "Comparing with another engine:\n",
               .value_name = "CMD",
               .help = {"run CMD (a shell command) as a UCI engine and compare its",
                        "perft divide (\"go perft N\", Stockfish's \"e2e4: 20\" lines)",
                        "with fairykit's at depths 1, 2, ... up to --depth or",
                        "--max-depth (suites: each entry's deepest count, or",
                        "--depth); at the first difference, walk down the first",
                        "differing move to the position where the lists of moves",
                        "differ, and print its FEN, the moves to it, the moves",
                        "missing in the engine and those illegal in it. Suites:",
                        "every position, its first difference each"},
               .brief = "compare with the UCI engine the shell command CMD runs",
               .layout = cli::HelpLayout::kInline},
              {.name = "engine-timeout",
               .takes_value = true,
               .value_name = "S",
               .help = {"the longest wait, in seconds, for each whole answer of",
                        "the engine (default 60; raise it for deep counts); an",
                        "engine that takes longer is stopped (exit 3)"},
               .brief = "the longest wait for an answer of the engine, in seconds",
               .layout = cli::HelpLayout::kInline},
              {.name = "engine-variant",
               .takes_value = true,
               .value_name = "NAME",
               .help = {"the UCI_Variant value for the variants that send one",
                        "(cwda, superchess, interweave, fluidity: their names by",
                        "default); chess sends none, chess960 UCI_Chess960"},
               .completes = cli::Completes::kVariant,
               .brief = "the UCI_Variant value sent to the engine",
               .layout = cli::HelpLayout::kInline},
              {.name = "engine-option",
               .takes_value = true,
               .repeatable = true,
               .value_name = "NAME=VALUE",
               .help = {"sent as \"setoption name NAME value VALUE\" after",
                        "\"uci\" (repeatable), e.g. VariantPath=variants.ini"},
               .brief = "a setoption sent to the engine, repeatable",
               .layout = cli::HelpLayout::kInline},
              {.name = "fen-dialect",
               .takes_value = true,
               .value_name = "D",
               .help = {"the FENs and moves the engine gets and the report shows:",
                        "default pychess (Fairy-Stockfish's FEN) where the variant",
                        "has it, else native"},
               .again = true},
              {.name = "divide",
               .section = "Output:\n",
               .help = {"with --fen: the count below each root move, then the total",
                        "(Stockfish's shape: \"e2e4: 20\" lines, then \"Nodes searched: N\");",
                        "a root move is a whole turn (an Interweave chain as its",
                        "squares, \"a7e7a5\"; a Remover capture \"e4e4\")"},
               .brief = "the count below each root move, then the total"},
              {.name = "format",
               .takes_value = true,
               .value_name = "FORMAT",
               .help = {"text (default) or json"},
               .choices = {"text", "json"},
               .again = true},
              {.name = "quiet",
               .short_name = 'q',
               .help = {"suites: print only failures and the summary; no timing"}},
              {.name = "jobs",
               .short_name = 'j',
               .takes_value = true,
               .value_name = "N",
               .help = {"threads (default 1); results are identical at any N.",
                        "A build with FAIRYKIT_MPI run by mpirun -np R shares a",
                        "position's count, or a suite's positions, out over the R",
                        "ranks (each with its own threads and table; rank 0 prints",
                        "what one process prints; README: MPI)"}},
              {.name = "hash",
               .takes_value = true,
               .value_name = "MB",
               .help = {"a transposition table of MB megabytes (MiB) for subtree",
                        "counts, shared by the threads and kept across the depths",
                        "of --max-depth and the positions of a suite; 0 (default)",
                        "counts without one. Entries are checked against the full",
                        "64-bit position key and the depth (README: Hashed perft)"},
               .brief = "a transposition table of MB megabytes"},
              {.name = "list-variants", .help = {"list the variants and exit"}},
              {.name = "help", .short_name = 'h', .help = {"show this help and exit"}},
              {.name = "version", .help = {"show the version and exit"}}},
    .operand_suffixes = {"epd", "perft"},
};

// "--armies applies to --variant cwda only": the variants that take a flag, from the registry.
std::string only_for(const char* flag, bool (*has)(const VariantInfo&)) {
  return absl::StrCat(flag, " applies to --variant ", variants_where(has), " only");
}

int usage_error(const std::string& msg) { return cli::usage_error("fairy-perft", msg); }

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void report_speed(double nodes, double secs, int threads) {
  std::cout.flush();  // keep the report and the timing in order on a terminal
  std::fprintf(stderr, "time %.3f s, %.1f Mnodes/s (%d thread%s, %s sliders)\n", secs,
               secs > 0 ? nodes / secs / 1e6 : 0.0, threads, threads == 1 ? "" : "s",
               slider_implementation());
}

// SplitMix64 (Steele, Lea, Flood 2014; Vigna's reference code): the first output of the
// generator whose state is `seed`. --shuffle random takes this mod 1728.
std::uint64_t splitmix64(std::uint64_t seed) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Options {
  const VariantInfo* variant = nullptr;
  std::string fen;
  std::vector<std::string> suites;
  int depth = -1;  // -1: not given
  int max_depth = 0;
  std::uint64_t max_nodes = 0;
  bool divide = false;
  bool json = false;
  bool quiet = false;
  int jobs = 1;
  VariantOptions variant_options;               // --armies, --amazon-promotes
  std::unique_ptr<analysis::PerftTable> table;  // --hash MB, else null
};

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

// Under mpirun with 2 or more ranks: adds the shares of the ranks up into rank 0's `r` (the
// divide move by move, then the total from it) and `stats` (what the ranks' own tables did
// at this depth). Every rank calls it, in the same order.
void gather_shares(analysis::PerftResult& r, analysis::PerftTable::Stats& stats) {
  using Stats = analysis::PerftTable::Stats;
  static constexpr std::uint64_t Stats::*kFields[] = {&Stats::probes,    &Stats::hits,
                                                      &Stats::stores,    &Stats::leaf_probes,
                                                      &Stats::leaf_hits, &Stats::leaf_stores};
  std::vector<std::uint64_t> v;
  for (const auto& e : r.divide) v.push_back(e.nodes);
  v.push_back(r.divide.empty() ? r.nodes : 0);  // depth 0, or no legal move
  for (auto f : kFields) v.push_back(stats.*f);
  g_mpi->sum_to_root(v);
  if (!g_mpi->is_root()) return;
  r.total = v[r.divide.size()];
  for (std::size_t i = 0; i < r.divide.size(); ++i) {
    r.divide[i].nodes = v[i];
    r.total += v[i];
  }
  r.nodes = r.total > ~std::uint64_t{0} ? ~std::uint64_t{0} : std::uint64_t(r.total);
  for (std::size_t i = 0; i < std::size(kFields); ++i)
    stats.*kFields[i] = v[r.divide.size() + 1 + i];
}

// "hash":{"megabytes":N,"probes":N,"hits":N,"stores":N,"leaf_probes":N,...} (--format json
// with --hash): the table's statistics since it was made.
void write_hash_json(analysis::JsonWriter& w, const analysis::PerftTable& t,
                     const analysis::PerftTable::Stats& stats) {
  w.key("hash").begin_object().key("megabytes").value(std::uint64_t(t.bytes() >> 20));
  analysis::write_table_stats_json(w, stats);
  w.end_object();
}

int run_fen(const Options& o) {
  // "startpos", or the FEN with --armies applied (rules/game/variant_options.h).
  absl::StatusOr<std::string> position = position_fen(*o.variant, o.fen, o.variant_options);
  if (!position.ok()) {
    const std::string shown = o.fen == "startpos" ? std::string(o.variant->start_fen) : o.fen;
    std::cerr << "fairy-perft: invalid position \"" << parsers::message_text(shown, 200)
              << "\": " << position.status().message() << '\n';
    return 1;
  }
  const std::string& fen = *position;
  const int from = o.depth >= 0 ? o.depth : 1;
  const int to = o.depth >= 0 ? o.depth : o.max_depth;
  std::string json;  // --format json: one document
  analysis::JsonWriter w(json);
  if (o.json) {
    w.begin_object().key("variant").value(o.variant->name).key("fen").value(fen);
    w.key("results").begin_array();
  }
  analysis::Count128 total = 0;
  analysis::PerftTable::Stats run_stats;  // what the tables (every rank's) did in this run
  const auto t0 = std::chrono::steady_clock::now();
  for (int d = from; d <= to; ++d) {
    analysis::PerftOptions po;
    po.depth = d;
    po.threads = o.jobs;
    po.divide = o.divide;
    po.variant_options = o.variant_options;
    po.table = o.table.get();
    po.part = g_mpi->rank();
    po.parts = g_mpi->size();
    const analysis::PerftTable::Stats before =
        o.table ? o.table->stats() : analysis::PerftTable::Stats{};
    const auto start = std::chrono::steady_clock::now();
    // The position as given: run_perft() applies the options as position_fen() did above.
    absl::StatusOr<analysis::PerftResult> r = analysis::run_perft(o.variant->id, o.fen, po);
    analysis::PerftTable::Stats depth_stats =
        o.table ? o.table->stats().since(before) : analysis::PerftTable::Stats{};
    if (r.ok() && po.parts > 1) {
      gather_shares(*r, depth_stats);
      if (!o.divide) r->divide.clear();
    }
    run_stats.add(depth_stats);
    const double seconds = seconds_since(start);
    if (!r.ok()) {
      std::cerr << "fairy-perft: invalid position \"" << parsers::message_text(fen, 200)
                << "\": " << r.status().message() << '\n';
      return 1;
    }
    if (d == from)
      for (const std::string& warning : r->warnings)
        std::cerr << "fairy-perft: warning: " << warning << '\n';
    total += r->total;
    const std::string nodes = analysis::count_text(r->total);
    if (o.json) {
      w.begin_object().key("depth").value(d).key("nodes").raw_value(nodes);
      if (o.divide) {
        w.key("divide").begin_array();
        for (const auto& e : r->divide)
          w.begin_object().key("move").value(e.uci).key("nodes").value(e.nodes).end_object();
        w.end_array();
      }
      analysis::write_timing_json(w, seconds, r->total);
      if (o.table) {  // what this depth did in the table
        w.key("hash").begin_object();
        analysis::write_table_stats_json(w, depth_stats);
        w.end_object();
      }
      w.end_object();
    } else if (o.divide) {
      for (const auto& e : r->divide) std::cout << e.uci << ": " << e.nodes << '\n';
      std::cout << "\nNodes searched: " << nodes << "\n";
      if (d < to) std::cout << '\n';
    } else if (o.depth >= 0) {
      std::cout << "Nodes searched: " << nodes << '\n';
    } else {
      std::cout << "depth " << d << ": " << nodes << '\n';
    }
    std::cout.flush();
  }
  const double seconds = seconds_since(t0);
  if (o.json) {
    w.end_array();
    analysis::write_timing_json(w, seconds, total);
    if (o.table) write_hash_json(w, *o.table, run_stats);
    w.end_object();
    std::cout << json << '\n';
  }
  if (!o.quiet) report_speed(double(total), seconds, o.jobs);
  return 0;
}

// Under mpirun with 2 or more ranks, suites are shared out by position: rank r runs the
// entries whose place in the file is r modulo the ranks and sends each one's report ('E'
// and the text or JSON) to rank 0, then 'T' at the end of the file; rank 0 prints them in
// the file's order among its own.
class SuiteShares {
 public:
  SuiteShares(bool json, analysis::JsonWriter& w) : json_(json), w_(w) {}
  bool shared() const { return g_mpi->size() > 1; }
  // Rank 0: prints the reports of the other ranks before place `upto` (its own next).
  void print_before(std::size_t upto) {
    for (; next_ < upto; ++next_) print(receive(int(next_ % std::size_t(g_mpi->size()))));
  }
  // Rank 0, its own entry: its place.
  std::size_t own_place() {
    const std::size_t place = std::size_t(mine_++) * std::size_t(g_mpi->size());
    print_before(place);
    next_ = place + 1;
    return place;
  }
  // Rank 0, after its own share of a file: the other ranks' last reports and ends.
  void finish_file() {
    const int n = g_mpi->size();
    std::vector<bool> ended(std::size_t(n), false);
    ended[0] = true;
    for (int r = int(next_ % std::size_t(n)); r != 0; r = int(++next_ % std::size_t(n))) {
      std::string m = receive(r);
      if (m == "T") {
        ended[std::size_t(r)] = true;
        break;
      }
      print(m);
    }
    for (int r = 1; r < n; ++r)
      if (!ended[std::size_t(r)]) receive(r);  // its end ('T': no entry is left)
    next_ = 0;
    mine_ = 0;
  }
  // The other ranks.
  void send_entry(const analysis::EntryResult& r, bool quiet) {
    std::string m = "E";
    if (json_) {
      analysis::JsonWriter pw(m);
      analysis::write_entry_json(pw, r);
    } else {
      std::ostringstream text;
      analysis::write_entry_text(text, r, quiet);
      m += text.str();
    }
    g_mpi->send(0, m);
  }
  void send_end() { g_mpi->send(0, "T"); }

 private:
  std::string receive(int rank) { return g_mpi->receive(rank); }
  void print(const std::string& m) {
    if (m.empty() || m[0] != 'E') return;
    if (json_) {
      w_.raw(std::string_view(m).substr(1));
    } else {
      std::cout << std::string_view(m).substr(1);
      std::cout.flush();
    }
  }
  bool json_;
  analysis::JsonWriter& w_;
  std::size_t next_ = 0;  // the next place to print
  int mine_ = 0;          // rank 0's entries of the file so far
};

int run_suites(const Options& o) {
  analysis::SuiteOptions so;
  so.part = g_mpi->rank();
  so.parts = g_mpi->size();
  so.default_variant = o.variant->id;
  so.threads = o.jobs;
  so.max_nodes = o.max_nodes;
  so.variant_options = o.variant_options;
  so.table = o.table.get();
  if (o.depth >= 0) {
    so.max_depth = o.depth;
    so.only_depth = true;
  } else if (o.max_depth) {
    so.max_depth = o.max_depth;
  }
  cli::ProgressLine progress(!o.quiet && cli::ProgressLine::stderr_is_terminal());
  analysis::SuiteSummary summary;
  bool unreadable = false;
  std::string json;  // --format json: one document, written at the end
  analysis::JsonWriter w(json);
  if (o.json) w.begin_object().key("positions").begin_array(/*one_per_line=*/true);
  const auto t0 = std::chrono::steady_clock::now();
  SuiteShares shares(o.json, w);
  for (const std::string& path : o.suites) {
    absl::StatusOr<std::unique_ptr<analysis::SuiteReader>> reader =
        analysis::SuiteReader::open(path);
    absl::Status opened = reader.status();
    if (shares.shared()) {  // every rank reads it, or none: the first rank's error
      const std::vector<std::string> all =
          g_mpi->all_gather(opened.ok() ? std::string() : std::string(opened.message()));
      for (std::size_t r = 0; r < all.size() && opened.ok(); ++r)
        if (!all[r].empty()) opened = absl::NotFoundError(absl::StrCat("rank ", r, ": ", all[r]));
    }
    if (!opened.ok()) {
      std::cerr << "fairy-perft: " << opened.message() << '\n';
      unreadable = true;
      continue;
    }
    const std::string& name = (*reader)->name();
    std::size_t done = 0;
    const absl::Status read =
        analysis::run_suite(**reader, so, [&](const analysis::EntryResult& r) {
          ++done;
          analysis::accumulate(summary, r);
          if (shares.shared()) {
            if (!g_mpi->is_root()) {
              shares.send_entry(r, o.quiet);
              return;
            }
            shares.own_place();
          }
          if (o.json) {
            analysis::write_entry_json(w, r);
          } else {
            progress.clear();
            analysis::write_entry_text(std::cout, r, o.quiet);
            std::cout.flush();
          }
          if (progress.enabled()) {
            // The suite streams, so its length is unknown: the share of the file read instead.
            const std::uint64_t size = (*reader)->raw_size();
            if (size > 0)
              progress.show(
                  absl::StrFormat("[%zu, %d%%] %s", done,
                                  int(100.0 * double((*reader)->raw_bytes_read()) / double(size)),
                                  name.substr(0, 60)));
            else
              progress.show(absl::StrFormat("[%zu] %s", done, name.substr(0, 60)));
          }
        });
    progress.clear();
    if (shares.shared()) {
      if (g_mpi->is_root())
        shares.finish_file();
      else
        shares.send_end();
    }
    if (!read.ok()) {
      std::cout.flush();
      std::cerr << "fairy-perft: " << read.message() << '\n';
      unreadable = true;
    }
  }
  summary.seconds = seconds_since(t0);
  analysis::PerftTable::Stats table_stats;
  if (o.table) table_stats = o.table->stats();
  if (shares.shared()) {  // the figures of every rank (each with its own table)
    using Stats = analysis::PerftTable::Stats;
    static constexpr std::uint64_t Stats::*kFields[] = {&Stats::probes,    &Stats::hits,
                                                        &Stats::stores,    &Stats::leaf_probes,
                                                        &Stats::leaf_hits, &Stats::leaf_stores};
    std::vector<std::uint64_t> v{std::uint64_t(summary.positions), std::uint64_t(summary.passed),
                                 std::uint64_t(summary.failed),    std::uint64_t(summary.skipped),
                                 summary.counts_checked,           summary.nodes};
    for (auto f : kFields) v.push_back(table_stats.*f);
    g_mpi->sum_to_root(v);
    summary.positions = int(v[0]);
    summary.passed = int(v[1]);
    summary.failed = int(v[2]);
    summary.skipped = int(v[3]);
    summary.counts_checked = v[4];
    summary.nodes = v[5];
    for (std::size_t i = 0; i < std::size(kFields); ++i) table_stats.*kFields[i] = v[6 + i];
  }
  if (o.json) {
    w.end_array().key("summary");
    analysis::write_summary_json(w, summary);
    if (o.table) write_hash_json(w, *o.table, table_stats);
    w.end_object();
    std::cout << json << '\n';
  } else {
    analysis::write_summary_text(std::cout, summary);
  }
  if (!o.quiet) report_speed(double(summary.nodes), summary.seconds, o.jobs);
  if (unreadable) return 2;
  return summary.failed ? 1 : 0;
}

// --make-suite: flags -> MakeSuiteOptions -> analysis::make_suite(), written to -o FILE
// (OutputFile: renamed into place when complete) or standard output.
int run_make_suite(const cli::Args& args, const VariantInfo& variant) {
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
  if (!cli::int_flag(args, "fairy-perft", "jobs", 1, 1024, o.threads)) return 2;
  if (auto f = args.get("format")) {
    if (*f == "epd")
      o.format = analysis::SuiteFormat::kEpd;
    else if (*f != "perft")
      return usage_error("--format wants perft or epd with --make-suite, not '" + *f + "'");
  }
  if (auto d = args.get("fen-dialect")) {
    std::optional<FenDialectId> id = find_fen_dialect(*d);
    if (!id)
      return usage_error(
          absl::StrCat("--fen-dialect wants one of ", fen_dialect_names(), ", not '", *d, "'"));
    if (!fen_dialect_has_form(variant, *id))
      return usage_error(absl::StrCat("the ", std::string(fen_dialect_name(*id)),
                                      " FEN dialect has no form for ", std::string(variant.title)));
    o.dialect = *id;
  }
  if (auto b = args.get("bias")) {
    for (absl::string_view piece : absl::StrSplit(*b, ',')) {
      const std::string kind(piece);
      if (kind == "captures")
        o.bias.captures = true;
      else if (kind == "promotions")
        o.bias.promotions = true;
      else if (kind == "castling")
        o.bias.castling = true;
      else
        return usage_error(absl::StrCat(
            "--bias wants captures, promotions or castling (comma-separated), not '", kind, "'"));
    }
  }
  std::unique_ptr<analysis::OutputFile> file;
  if (auto path = args.get("output")) {
    absl::StatusOr<std::unique_ptr<analysis::OutputFile>> opened =
        analysis::OutputFile::open(*path);
    if (!opened.ok()) {
      std::cerr << "fairy-perft: " << opened.status().message() << '\n';
      return 2;
    }
    file = *std::move(opened);
  }
  const absl::Status made = analysis::make_suite(o, [&](std::string_view text) {
    if (file)
      file->write(text);
    else
      std::cout << text;
  });
  if (!made.ok()) {
    std::cerr << "fairy-perft: " << made.message() << '\n';
    return 2;  // the temporary file is removed, the target left as it was
  }
  if (file) {
    if (const absl::Status s = file->commit(); !s.ok()) {
      std::cerr << "fairy-perft: " << s.message() << '\n';
      return 2;
    }
  }
  // A failed write to standard output is reported once, with its cause, by cli::run_main.
  return 0;
}

// --compare-with CMD: flags -> CompareOptions -> analysis::EngineComparer (with --fen or
// --shuffle: one position; else every entry of the suites), reports on standard output.
int run_compare(const cli::Args& args, const Options& o, bool suites) {
  if (o.divide) return usage_error("--divide and --compare-with cannot be combined");
  if (o.json) return usage_error("--format json and --compare-with cannot be combined");
  analysis::CompareOptions co;
  co.engine.command = *args.get("compare-with");
  if (co.engine.command.empty()) return usage_error("--compare-with wants an engine command");
  if (auto t = args.get("engine-timeout")) {
    double seconds = 0;
    if (!absl::SimpleAtod(*t, &seconds) || !(seconds > 0) || seconds > 86400)
      return usage_error("--engine-timeout wants seconds, more than 0 and at most 86400, not '" +
                         *t + "'");
    co.engine.timeout_seconds = seconds;
  }
  if (auto d = args.get("fen-dialect")) {
    std::optional<FenDialectId> id = find_fen_dialect(*d);
    if (!id)
      return usage_error(
          absl::StrCat("--fen-dialect wants one of ", fen_dialect_names(), ", not '", *d, "'"));
    if (!suites && !fen_dialect_has_form(*o.variant, *id))
      return usage_error(absl::StrCat("the ", std::string(fen_dialect_name(*id)),
                                      " FEN dialect has no form for ",
                                      std::string(o.variant->title)));
    co.dialect = *id;
  }
  co.engine_variant = args.get("engine-variant").value_or("");
  for (const std::string& option : args.all("engine-option")) {
    const std::size_t eq = option.find('=');
    if (eq == std::string::npos || eq == 0)
      return usage_error("--engine-option wants NAME=VALUE, not '" + option + "'");
    co.engine_options.emplace_back(option.substr(0, eq), option.substr(eq + 1));
  }
  co.threads = o.jobs;
  co.table = o.table.get();
  co.variant_options = o.variant_options;
  co.warn = [](const std::string& w) {
    std::cout.flush();
    std::cerr << "fairy-perft: warning: " << w << '\n';
  };
  const int depth = o.depth >= 0 ? o.depth : o.max_depth;
  if (!suites && depth < 1) return usage_error("--depth wants 1 or more with --compare-with");
  absl::StatusOr<std::unique_ptr<analysis::EngineComparer>> comparer =
      analysis::EngineComparer::start(co);
  if (!comparer.ok()) {
    std::cerr << "fairy-perft: " << comparer.status().message() << '\n';
    return 3;
  }
  if (!suites) {
    // Each count as it comes: a deep comparison shows its progress.
    const analysis::Comparison c = (*comparer)->compare(
        *o.variant, o.fen, depth, [](const analysis::ComparedCount& n, bool divide_differs) {
          analysis::write_count_text(std::cout, n, divide_differs);
          std::cout.flush();
        });
    if (!c.error.empty()) {
      std::cerr << "fairy-perft: invalid position \"" << parsers::message_text(o.fen, 200)
                << "\": " << c.error << '\n';
      return 1;
    }
    analysis::write_difference_text(std::cout, c);
    std::cout.flush();
    if (!c.engine_error.empty()) {
      std::cerr << "fairy-perft: " << c.engine_error << '\n';
      return 3;
    }
    return c.differs ? 1 : 0;
  }
  analysis::SuiteCompareOptions so;
  so.default_variant = o.variant->id;
  so.depth = o.depth > 0 ? o.depth : 0;
  so.max_depth = o.max_depth;
  so.max_nodes = o.max_nodes;
  analysis::CompareSummary summary;
  bool unreadable = false, engine_failed = false;
  for (const std::string& path : o.suites) {
    absl::StatusOr<std::unique_ptr<analysis::SuiteReader>> reader =
        analysis::SuiteReader::open(path);
    if (!reader.ok()) {
      std::cerr << "fairy-perft: " << reader.status().message() << '\n';
      unreadable = true;
      continue;
    }
    const absl::Status read =
        analysis::compare_suite(**reader, so, **comparer, [&](const analysis::EntryComparison& e) {
          analysis::accumulate(summary, e);
          analysis::write_entry_comparison_text(std::cout, e, o.quiet);
          std::cout.flush();
          if (!e.comparison.engine_error.empty()) engine_failed = true;
        });
    if (!read.ok()) {
      std::cout.flush();
      std::cerr << "fairy-perft: " << read.message() << '\n';
      unreadable = true;
    }
    if (engine_failed) break;
  }
  analysis::write_compare_summary_text(std::cout, summary);
  if (engine_failed) {
    std::cout.flush();
    std::cerr << "fairy-perft: the engine failed; the comparison stopped there\n";
    return 3;
  }
  if (unreadable) return 2;
  return summary.differ || summary.failed ? 1 : 0;
}

int perft_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(
          *args, kCommandLine, slider_implementation() + std::string(" sliders")))
    return *done;

  Options o;
  o.variant = cli::variant_flag(*args, "fairy-perft");
  if (!o.variant) return 2;
  if (args->has("make-suite")) {
    // Under MPI rank 0 makes the suite alone (its playouts and counts are one sequence,
    // reproducible from the seed); the other ranks have nothing to do.
    if (!g_mpi->is_root()) return 0;
    return run_make_suite(*args, *o.variant);
  }
  for (const char* flag : {"bias", "output"})
    if (args->has(flag))
      return usage_error(absl::StrCat("--", flag, " applies to --make-suite only"));
  if (!args->has("compare-with")) {
    if (args->has("fen-dialect"))
      return usage_error("--fen-dialect applies to --make-suite and --compare-with only");
    for (const char* flag : {"engine-timeout", "engine-variant", "engine-option"})
      if (args->has(flag))
        return usage_error(absl::StrCat("--", flag, " applies to --compare-with only"));
  }
  o.fen = args->get("fen").value_or("");
  o.variant_options.armies = args->get("armies").value_or("");
  if (args->has("armies")) {
    if (!o.variant->takes_armies)
      return usage_error(only_for("--armies", [](const VariantInfo& v) { return v.takes_armies; }));
    if (!valid_armies(o.variant_options.armies))
      return usage_error("--armies wants two army letters of FCNR (White's, then Black's), not '" +
                         o.variant_options.armies + "'");
  }
  o.variant_options.amazon_promotes = args->has("amazon-promotes");
  if (o.variant_options.amazon_promotes && !o.variant->takes_amazon_promotes)
    return usage_error(only_for("--amazon-promotes",
                                [](const VariantInfo& v) { return v.takes_amazon_promotes; }));
  const bool shuffle_given = args->has("shuffle");
  const int arrays = o.variant->numbered_starts;
  if (shuffle_given) {
    if (arrays == 0)
      return usage_error(
          only_for("--shuffle", [](const VariantInfo& v) { return v.numbered_starts > 0; }));
    if (args->has("fen")) return usage_error("--shuffle and --fen cannot be combined");
    const std::string shuffle = *args->get("shuffle");
    long long number = 0;
    if (shuffle == "random") {
      if (!args->has("seed")) return usage_error("--shuffle random needs --seed S");
      absl::StatusOr<long long> seed =
          cli::parse_int("seed", *args->get("seed"), 0, std::numeric_limits<long long>::max());
      if (!seed.ok()) return usage_error(std::string(seed.status().message()));
      number = static_cast<long long>(splitmix64(std::uint64_t(*seed)) % std::uint64_t(arrays));
      std::cerr << "fairy-perft: shuffle number " << number << " (seed " << *seed << ")\n";
    } else {
      if (args->has("seed")) return usage_error("--seed applies to --shuffle random only");
      absl::StatusOr<long long> n = cli::parse_int("shuffle", shuffle, 0, arrays - 1);
      if (!n.ok())
        return usage_error(absl::StrCat("--shuffle wants a number 0-", arrays - 1,
                                        " or \"random\", not '", shuffle, "'"));
      number = *n;
    }
    o.fen = numbered_start_fen(*o.variant, int(number));
  } else if (args->has("seed")) {
    return usage_error("--seed applies to --shuffle random and --make-suite only");
  }
  o.suites = args->all("suite");
  for (const std::string& p : args->positional) o.suites.push_back(p);
  o.divide = args->has("divide");
  o.quiet = args->has("quiet");
  if (auto f = args->get("format")) {
    if (*f == "json")
      o.json = true;
    else if (*f != "text")
      return usage_error("--format wants text or json, not '" + *f + "'");
  }
  struct IntFlag {
    const char* name;
    long long lo, hi;
    long long* out;
  };
  long long depth = 0, max_depth = 0, max_nodes = 0, jobs = 1, hash = 0;
  for (IntFlag f : {IntFlag{"depth", 0, 64, &depth}, IntFlag{"max-depth", 1, 64, &max_depth},
                    IntFlag{"max-nodes", 1, (1LL << 62), &max_nodes},
                    IntFlag{"jobs", 1, 1024, &jobs}, IntFlag{"hash", 0, 1 << 20, &hash}}) {
    if (auto v = args->get(f.name)) {
      absl::StatusOr<long long> n = cli::parse_int(f.name, *v, f.lo, f.hi);
      if (!n.ok()) return usage_error(std::string(n.status().message()));
      *f.out = *n;
    }
  }
  o.depth = args->has("depth") ? int(depth) : -1;
  o.max_depth = int(max_depth);
  o.max_nodes = std::uint64_t(max_nodes);
  o.jobs = int(jobs);
  if (hash > 0) {
    try {
      o.table = analysis::PerftTable::with_bytes(std::size_t(hash) << 20, o.jobs);
    } catch (const std::bad_alloc&) {
      std::cerr << "fairy-perft: cannot allocate a hash table of " << hash << " MB\n";
      return 2;
    }
  }
  const bool depth_given = args->has("depth");

  const bool fen_given = args->has("fen") || shuffle_given;
  if (fen_given == !o.suites.empty())
    return usage_error(fen_given ? std::string(shuffle_given ? "--shuffle" : "--fen") +
                                       " and suite files cannot be combined"
                                 : "give a position with --fen FEN or a suite with --suite FILE");
  if (depth_given && o.max_depth) return usage_error("--depth and --max-depth cannot be combined");
  if (fen_given) {
    if (!depth_given && !o.max_depth)
      return usage_error(std::string(shuffle_given ? "--shuffle" : "--fen") +
                         " needs --depth N (or --max-depth N for every depth 1..N)");
    if (args->has("max-nodes")) return usage_error("--max-nodes applies to suites only");
    if (args->has("compare-with")) {
      if (!g_mpi->is_root()) return 0;  // under MPI rank 0 talks to the engine alone
      return run_compare(*args, o, /*suites=*/false);
    }
    return run_fen(o);
  }
  if (args->has("compare-with")) {
    if (o.divide) return usage_error("--divide applies to --fen only");
    if (args->has("armies")) return usage_error("--armies applies to --fen only");
    if (depth_given && o.depth == 0) return usage_error("--depth wants 1 or more with --suite");
    if (!g_mpi->is_root()) return 0;  // under MPI rank 0 talks to the engine alone
    return run_compare(*args, o, /*suites=*/true);
  }
  if (o.divide) return usage_error("--divide applies to --fen only");
  if (args->has("armies")) return usage_error("--armies applies to --fen only");
  if (depth_given && o.depth == 0) return usage_error("--depth wants 1 or more with --suite");
  return run_suites(o);
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
