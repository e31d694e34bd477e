// fairy-analyze: statistics of game collections. Flags -> options -> the game batch of
// analysis/ (inputs, splitting, ordered pipeline); each game is checked and replayed once
// (read_game with a GameRecord recording what each move did) and its contribution
// (analysis/stats.h, game_facts) gathered in the worker threads; the contributions are
// added in input order, so the figures are the same at any -j.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/convert.h"
#include "analysis/game_batch.h"
#include "analysis/openings.h"
#include "analysis/report_html.h"
#include "analysis/stats.h"
#include "analysis/validate.h"
#include "analysis/validate_report.h"
#include "rules/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/progress.h"

namespace {

using namespace fairykit;

constexpr const char* kHelp = R"(Usage: fairy-analyze [OPTIONS] [FILE...]

Statistics of game collections of every fairykit variant (chess, chess960, cwda,
superchess, interweave, fluidity). Each game is read, checked as fairy-validate checks it
and replayed; what its moves did is counted. Invalid games are counted as rejected with
their first error (a table of the reasons; -v prints each one's diagnostics); every game
read is either analysed or rejected.

Inputs (FILE, "-" or nothing = standard input; gzip, bzip2, zstd recognised by content):
  PGN, or fairy-convert's JSON (--to json) and JSON Lines (--to jsonl); told by the file
  name (.pgn .json .jsonl, also under .gz/.bz2/.zst), else by the first bytes.
      --variant NAME      variant of games without a Variant tag (default: chess)

The tables (text for people; --format json or csv for programs):
  games read, analysed and rejected; results by variant, by CwDA army pairing, by
  Superchess start array and by any tag (--group-by); game lengths; how the games ended
  (the board's verdict, else the Termination tag, else resignation / agreement / the
  rule a draw could be claimed by); captures by capturing and captured piece and by
  method (Interweave: approach, leap, short leap, custodian, removal, en passant;
  Fluidity: dissection) and Interweave chains by steps; promotions; castling; players
  with score and performance (average opponent rating + 400 x (wins - losses) / rated
  games); White's score against the rating difference, with the Elo expectation; chess
  openings named by ECO code and name (lichess chess-openings, matched by position, so
  that transpositions are named; games from the standard start only); the opening tree.
  -o, --output FILE       write there (under a temporary name, renamed when complete;
                          an output that is an input is refused); default standard output
      --format F          text (default), json, or csv (long form: table,row,column,value)
      --group-by TAG      results by the value of a tag (Event, Site, TimeControl...)
      --tree N            the opening tree of the first N plies (0-40) of every variant:
                          each line with its games and results
      --tree-min G        tree lines of at least G games (default 1)
      --top N             rows of the players and openings tables (default 20; the
                          tables say how many were left out)
      --no-openings       no opening names
      --html FILE         also write a report for people there: one self-contained web
                          page (no scripts, nothing fetched) with the tables, charts
                          (results, game lengths, captures by method, White's score
                          against the rating difference, the opening tree) and a table of
                          contents; written as -o is (atomic, refused when it is an input)

Other:
  -j, --jobs N            threads (default 1); the output is identical at any N
  -q, --quiet             no progress bar, no summary on standard error
  -v, --verbose           print the diagnostics of rejected games on standard error
      --max-game-size MIB largest game read (default 64)
      --list-variants     list the variants and exit
  -h, --help              show this help and exit
      --version           show the version and exit

Exit status: 0 every game was analysed; 1 some game was rejected; 2 usage error, an
unreadable input, or an output that could not be written.

Examples:
  fairy-analyze -j 2 twic*.pgn.zst
  fairy-analyze --group-by Event --format csv games.pgn -o stats.csv
  fairy-analyze --variant interweave --tree 4 --tree-min 3 interweave.pgn
  fairy-analyze --tree 3 --tree-min 20 --html report.html games.pgn
)";

const std::vector<cli::FlagSpec> kFlags = {
    {"output", 'o', true, false},       {"format", 0, true, false},
    {"group-by", 0, true, false},       {"tree", 0, true, false},
    {"tree-min", 0, true, false},       {"top", 0, true, false},
    {"no-openings", 0, false, false},   {"variant", 0, true, false},
    {"jobs", 'j', true, false},         {"quiet", 'q', false, false},
    {"verbose", 'v', false, false},     {"max-game-size", 0, true, false},
    {"list-variants", 0, false, false}, {"help", 'h', false, false},
    {"version", 0, false, false},       {"html", 0, true, false},
};

int usage_error(const std::string& msg) { return cli::usage_error("fairy-analyze", msg); }

enum class Format { kText, kJson, kCsv };

struct Analysed {
  analysis::GameReport report;
  analysis::GameFacts facts;
};

struct Settings {
  analysis::ValidateOptions validate;
  analysis::RecordOptions record;
  analysis::StatsOptions stats;
};

void analyse_game(const parsers::RawGame& game, const Settings& s, Analysed& a) {
  thread_local analysis::GameRecord record;
  a.report = analysis::GameReport{};
  if (game.format == parsers::RecordFormat::kPositions) {
    // A FEN / EPD line: a position, not a game.
    a.report.index = game.index;
    a.report.first_line = game.first_line;
    analysis::Diagnostic d;
    d.severity = parsers::Severity::kError;
    d.line = game.first_line;
    d.column = 1;
    d.message = "a position list holds no games to analyse";
    a.report.diagnostics.push_back(std::move(d));
    ++a.report.errors;
    record.clear();
  } else {
    a.report = analysis::read_game(game, s.validate, record, s.record);
  }
  const std::string result = analysis::game_result(record, false, nullptr);
  analysis::game_facts(record, a.report, result, s.stats, a.facts);
}

// The report's date: now (local time), or SOURCE_DATE_EPOCH (UTC) for reproducible pages.
std::string report_date() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (epoch && *epoch) {
    t = std::time_t(std::strtoll(epoch, nullptr, 10));
    gmtime_r(&t, &tm);
  } else {
    localtime_r(&t, &tm);
  }
  char buf[64];
  return std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm) ? buf : "";
}

std::string games(std::uint64_t n) { return absl::StrCat(n, n == 1 ? " game" : " games"); }

int analyze_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kFlags);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, "fairy-analyze", kHelp, {}))
    return *done;

  Settings s;
  const VariantInfo* variant = cli::variant_flag(*args, "fairy-analyze");
  if (!variant) return 2;
  s.validate.default_variant = variant->id;
  s.validate.roster_warnings = false;
  s.validate.variations = false;  // statistics are about the main line
  s.record.variations = false;
  s.record.facts = true;
  s.record.uci = false;
  Format format = Format::kText;
  if (auto f = args->get("format")) {
    if (*f == "text")
      format = Format::kText;
    else if (*f == "json")
      format = Format::kJson;
    else if (*f == "csv")
      format = Format::kCsv;
    else
      return usage_error("--format wants text, json or csv, not '" + *f + "'");
  }
  auto int_flag = [&](const char* flag, long long lo, long long hi, auto& into) {
    return cli::int_flag(*args, "fairy-analyze", flag, lo, hi, into);
  };
  if (!int_flag("tree", 0, analysis::OpeningBook::kMaxPlies, s.stats.tree_plies)) return 2;
  if (!int_flag("tree-min", 1, 1000000000000LL, s.stats.tree_min)) return 2;
  if (!int_flag("top", 0, 1000000000, s.stats.top)) return 2;
  if (auto g = args->get("group-by")) {
    if (g->empty()) return usage_error("--group-by wants a tag name");
    s.stats.group_by = *g;
  }
  // SAN only for the tree; position keys for the opening names.
  s.record.san = s.stats.tree_plies > 0;
  if (!args->has("no-openings")) {
    const absl::StatusOr<analysis::OpeningBook>& book = analysis::OpeningBook::builtin();
    if (!book.ok()) {
      std::cerr << "fairy-analyze: the opening names: " << book.status().message() << '\n';
      return 2;
    }
    s.stats.openings = &*book;
    s.record.keys = true;
  }
  const bool quiet = args->has("quiet");
  const bool verbose = args->has("verbose");

  analysis::BatchOptions bo;
  bo.format.reset();
  if (!cli::batch_flags(*args, "fairy-analyze", bo)) return 2;
  std::vector<std::string> files = args->positional;
  if (files.empty()) files.push_back("-");
  std::vector<analysis::OutputSpec> outputs;
  if (auto path = args->get("output")) outputs.push_back({"--output", *path});
  if (auto path = args->get("html")) outputs.push_back({"--html", *path});
  absl::StatusOr<std::unique_ptr<analysis::GameBatch>> opened =
      analysis::GameBatch::open(files, outputs, bo);
  if (!opened.ok()) {
    std::cerr << "fairy-analyze: " << opened.status().message() << '\n';
    return 2;
  }
  analysis::GameBatch& batch = **opened;
  analysis::OutputFile* out_file = batch.output("--output");
  analysis::OutputFile* html_file = batch.output("--html");

  cli::ProgressLine progress(!quiet && cli::ProgressLine::stderr_is_terminal());
  analysis::CollectionStats stats(s.stats);
  bool unreadable = false;
  std::uint64_t file_games = 0, file_rejected = 0;
  std::string diag;
  batch.run_into<Analysed>(
      [&](const parsers::RawGame& game, Analysed& a) { analyse_game(game, s, a); },
      [&](const analysis::BatchFile& file, const parsers::RawGame&, Analysed& a) {
        ++file_games;
        if (!a.facts.analysed) {
          ++file_rejected;
          if (verbose) {
            diag.clear();
            analysis::write_diagnostics(diag, file.name, a.report, false);
            progress.clear();
            std::fwrite(diag.data(), 1, diag.size(), stderr);
          }
        }
        stats.add(a.facts);
      },
      [&](const analysis::BatchFile& file, const absl::Status& status) {
        progress.clear();
        if (!status.ok()) {
          std::cerr << "fairy-analyze: " << status.message() << '\n';
          unreadable = true;
        }
        if (!file.opened) return;
        if (!quiet)
          std::cerr << file.name << ": " << games(file_games)
                    << " read: " << file_games - file_rejected << " analysed, " << file_rejected
                    << " rejected\n";
        file_games = file_rejected = 0;
      },
      [&](const analysis::BatchProgress& p) {
        progress.show_games(p.file.name, p.fraction, p.file_games, p.total_games);
      });

  std::string text;
  const std::vector<analysis::StatsTable> tables = stats.tables();
  switch (format) {
    case Format::kText:
      analysis::write_stats_text(tables, text);
      break;
    case Format::kJson:
      analysis::write_stats_json(tables, text);
      break;
    case Format::kCsv:
      analysis::write_stats_csv(tables, text);
      break;
  }
  if (html_file) {
    analysis::HtmlReportOptions ho;
    ho.inputs = files;
    ho.date = report_date();
    std::string html;
    analysis::write_html_report(tables, ho, html);
    html_file->write(html);
  }
  bool stdout_failed = false;
  if (out_file) {
    out_file->write(text);
  } else {
    const char* p = text.data();
    std::size_t n = text.size();
    while (n > 0) {
      const ssize_t w = ::write(STDOUT_FILENO, p, n);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        stdout_failed = true;
        break;
      }
      p += w;
      n -= std::size_t(w);
    }
  }
  if (files.size() > 1 && !quiet)
    std::cerr << "total: " << games(stats.games()) << " read: " << stats.games() - stats.rejected()
              << " analysed, " << stats.rejected() << " rejected\n";
  const std::vector<absl::Status> write_errors = batch.commit();
  for (const absl::Status& st : write_errors)
    std::cerr << "fairy-analyze: " << st.message() << " (the file is left as it was)\n";
  if (stdout_failed) std::cerr << "fairy-analyze: cannot write standard output\n";
  if (unreadable || !write_errors.empty() || stdout_failed) return 2;
  return stats.rejected() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  return fairykit::cli::run_main("fairy-analyze", argc, argv, analyze_main);
}
