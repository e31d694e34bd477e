// fairy-analyze: statistics of game collections. Flags -> options -> the game batch of
// analysis/ (inputs, splitting, ordered pipeline); each game is checked and replayed once
// (read_game with a GameRecord recording what each move did) and its contribution
// (analysis/statistics/stats.h, game_facts) gathered in the worker threads; the contributions are
// added in input order, so the figures are the same at any -j. With --positions each
// game's replay shows every main-line position to an analysis::PositionWriter, which writes
// the records into the game's result; they are written out in input order.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/batch/game_batch.h"
#include "analysis/checking/game_result.h"
#include "analysis/checking/position_line.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "analysis/formats/read_game.h"
#include "analysis/statistics/missed_wins.h"
#include "analysis/statistics/openings.h"
#include "analysis/statistics/positions.h"
#include "analysis/statistics/report_html.h"
#include "analysis/statistics/stats.h"
#include "rules/game/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/main_output.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"

namespace {

using namespace fairykit;

// --help, the man page and the shell completions are made from this table.
const cli::CommandLine kCommandLine = {
    .tool = "fairy-analyze",
    .summary = "statistics of game collections of chess variants",
    .head = R"(Usage: fairy-analyze [OPTIONS] [FILE...]

Statistics of game collections of every fairykit variant (chess, chess960, cwda,
superchess, interweave, fluidity). Each game is read, checked as fairy-validate checks it
and replayed; what its moves did is counted. Invalid games are counted as rejected with
their first error (a table of the reasons; -v prints each one's diagnostics); every game
read is either analysed or rejected.

)",
    .tail = R"(
Exit status: 0 every game was analysed; 1 some game was rejected; 2 usage error, an
unreadable input, or an output that could not be written.

Examples:
  fairy-analyze -j 2 twic*.pgn.zst
  fairy-analyze --group-by Event --format csv games.pgn -o stats.csv
  fairy-analyze --variant interweave --tree 4 --tree-min 3 interweave.pgn
  fairy-analyze --tree 3 --tree-min 20 --html report.html games.pgn
  fairy-analyze -j 2 --positions games.pgn.zst -o positions.jsonl
  fairy-analyze --positions --format csv --perft 2 suite.epd
)",
    .column = 26,
    .flags =
        {{.name = "variant",
          .takes_value = true,
          .section = "Inputs (FILE, \"-\" or nothing = standard input; gzip, bzip2, zstd "
                     "recognised by content):\n"
                     "  PGN, or fairy-convert's JSON (--to json) and JSON Lines (--to jsonl); with "
                     "--positions\n"
                     "  also FEN / EPD lists (one position a line). Told by the file name (.pgn "
                     ".json .jsonl\n"
                     "  .fen .epd, also under .gz/.bz2/.zst), else by the first bytes.\n",
          .value_name = "NAME",
          .help = {"variant of games without a Variant tag and of position lists",
                   "(default: chess)"},
          .completes = cli::Completes::kVariant},
         {.name = "output",
          .short_name = 'o',
          .takes_value = true,
          .section =
              "The tables (text for people; --format json or csv for programs):\n"
              "  games read, analysed and rejected; results by variant, by CwDA army pairing, by\n"
              "  Superchess start array and by any tag (--group-by); game lengths (mean, median: "
              "of an\n"
              "  even count the mean of the middle two); how the games ended and where that was "
              "read:\n"
              "  the board's verdict (board), else the Termination tag (tag: the PGN standard's "
              "values\n"
              "  and \"illegal move\" in any case, any other value as written), else a deduction "
              "from the\n"
              "  result (result: resignation, agreement, the rule a draw could be claimed by,\n"
              "  unfinished); captures by capturing and captured piece and by\n"
              "  method (Interweave: approach, leap, short leap, custodian, removal, en passant;\n"
              "  Fluidity: dissection) and Interweave chains by steps; promotions; castling; "
              "players\n"
              "  with score and performance (average opponent rating + 400 x (wins - losses) / "
              "rated\n"
              "  games); White's score against the rating difference, with the Elo expectation; "
              "chess\n"
              "  openings named by ECO code and name (lichess chess-openings, matched by position, "
              "so\n"
              "  that transpositions are named; games from the standard start only); the opening "
              "tree.\n",
          .value_name = "FILE",
          .help = {"write there (under a temporary name, renamed when complete;",
                   "an output that is an input is refused); default standard output"},
          .completes = cli::Completes::kFile,
          .brief = "write to FILE"},
         {.name = "format",
          .takes_value = true,
          .value_name = "F",
          .help = {"text (default), json, or csv (long form: table,row,column,value)"},
          .choices = {"text", "json", "csv"},
          .brief = "output format"},
         {.name = "csv-raw",
          .help = {"csv: cells as they are; by default a cell that starts with =, +,",
                   "-, @, a tab or a carriage return and is not a plain number (-1.5)",
                   "gets a ' before it, so that a spreadsheet does not run it as a", "formula"},
          .brief = "csv: cells as they are"},
         {.name = "group-by",
          .takes_value = true,
          .value_name = "TAG",
          .help = {"results by the value of a tag (Event, Site, TimeControl...)"}},
         {.name = "tree",
          .takes_value = true,
          .value_name = "N",
          .help = {"the opening tree of the first N plies (0-40) of every variant:",
                   "each line with its games and results (memory: at most 56",
                   "bytes a line, 4 to 8 for a line only one game played)"}},
         {.name = "tree-min",
          .takes_value = true,
          .value_name = "G",
          .help = {"tree lines of at least G games (default 1; the others are",
                   "counted all the same, and the table says how many)"}},
         {.name = "top",
          .takes_value = true,
          .value_name = "N",
          .help = {"rows of the players and openings tables (default 20; the",
                   "tables say how many were left out)"}},
         {.name = "no-openings", .help = {"no opening names"}},
         {.name = "find-wins",
          .takes_value = true,
          .value_name = "N",
          .help = {"search every position of every game (and of a FEN / EPD list:",
                   "puzzles) for a forced win of the side to move within N plies",
                   "(1-15): checkmate, or the variant's own win (a King captured,",
                   "no legal move, the opponent's third repetition); an exact",
                   "search, no evaluation. Tables: per variant the positions",
                   "searched, those with a win, wins kept and missed by the move",
                   "played; the list of missed wins (the win, its line, the move",
                   "played), of wins with no move played from them, and of the",
                   "positions where the search reached --win-nodes"},
          .brief = "search every position for a forced win within N plies"},
         {.name = "win-nodes",
          .takes_value = true,
          .value_name = "N",
          .help = {"positions one search may visit (default 1000000); a position",
                   "over it is listed, never silently skipped"}},
         {.name = "html",
          .takes_value = true,
          .value_name = "FILE",
          .help = {"also write a report for people there: one self-contained web",
                   "page (no scripts, nothing fetched) with the tables, charts",
                   "(results, game lengths, captures by method, White's score",
                   "against the rating difference, the opening tree) and a table of",
                   "contents; written as -o is (atomic, refused when it is an input)"},
          .completes = cli::Completes::kFile,
          .brief = "also write a web page report there"},
         {.name = "positions",
          .section = "Per-position records instead of the tables:\n",
          .help = {"one record per position: the start position of every game",
                   "(ply 0) and the position after each move of its main line,",
                   "or each line of a FEN / EPD list (ply 0). A record holds the",
                   "file, game (its number in the file) and ply; variant; FEN (the",
                   "variant's native form); side to move; legal moves and the",
                   "captures among them; check (never in Interweave, which has",
                   "none); status: checkmate, stalemate, capture of a King, no",
                   "legal move, insufficient material, third repetition, the",
                   "repetition and move-count draws, or empty while the game goes",
                   "on; material: pieces on the board by colour and type; balance:",
                   "White's material minus Black's, valued pawn 1, knight and",
                   "bishop 3, rook 5, queen 9 (chess, chess960, fluidity), a CwDA",
                   "piece as the FIDE piece whose place it takes in its army,",
                   "Superchess amazon 12, empress 8, princess 6, veteran 6, and",
                   "in Interweave 1 for every piece but the Kings (a count);",
                   "Interweave also whether capturing is compulsory (then every",
                   "legal turn captures) and the longest chain available (steps).",
                   "Rejected games give no records."},
          .brief = "one record per position instead of the tables"},
         {.name = "format",
          .takes_value = true,
          .value_name = "F",
          .help = {"jsonl (the default with --positions): one JSON object a line,",
                   "material as {\"white\":{\"pawn\":8,...},\"black\":{...}} listing the",
                   "pieces present; or csv: a header line and a row a position,",
                   "one column per colour and piece type of --variant (a game of",
                   "a variant with other pieces is rejected: use jsonl, or",
                   "--variant for that variant)"},
          .choices = {"jsonl", "csv"},
          .again = true},
         {.name = "perft",
          .takes_value = true,
          .value_name = "D",
          .help = {"add perft D (1-6), the leaf count of the legal move tree",
                   "(slow: millions of nodes per position from D 4)"}},
         {.name = "jobs",
          .short_name = 'j',
          .takes_value = true,
          .section = "Other:\n",
          .value_name = "N",
          .help = {"threads (default 1); the output is identical at any N"}},
         {.name = "quiet",
          .short_name = 'q',
          .help = {"no progress bar, no summary on standard error"}},
         {.name = "verbose",
          .short_name = 'v',
          .help = {"print the diagnostics of rejected games on standard error"}},
         {.name = "max-game-size",
          .takes_value = true,
          .value_name = "MIB",
          .help = {"largest game read (default 64)"},
          .brief = "largest game read, in MiB (default 64)"},
         {.name = "list-variants", .help = {"list the variants and exit"}},
         {.name = "help", .short_name = 'h', .help = {"show this help and exit"}},
         {.name = "version", .help = {"show the version and exit"}}},
    .operand_suffixes = {"pgn", "json", "jsonl", "fen", "epd"},
};

int usage_error(const std::string& msg) { return cli::usage_error("fairy-analyze", msg); }

enum class Format { kText, kJson, kJsonl, kCsv };

struct Analysed {
  analysis::GameReport report;
  analysis::GameFacts facts;
  std::string records;        // --positions: the game's records
  std::uint64_t written = 0;  // --positions: how many
};

struct Settings {
  analysis::ValidateOptions validate;
  analysis::RecordOptions record;
  analysis::StatsOptions stats;
  bool positions = false;
  analysis::PositionOptions position;
  std::uint64_t win_nodes = 1'000'000;      // --win-nodes
  std::vector<std::string_view> kept_tags;  // the tags the statistics read (RecordOptions)
};

// A report of one error about the whole game (its first line, column 1).
void reject(const parsers::RawGame& game, std::string message, analysis::GameReport& report) {
  report.index = game.index;
  report.first_line = game.first_line;
  analysis::Diagnostic d;
  d.severity = parsers::Severity::kError;
  d.line = game.first_line;
  d.column = 1;
  d.message = std::move(message);
  report.diagnostics.push_back(std::move(d));
  ++report.errors;
}

// --find-wins: the replay's positions shown to a WinScanner.
class WinVisitor final : public analysis::PositionVisitor {
 public:
  explicit WinVisitor(analysis::WinScanner& scanner) : scanner_(scanner) {}
  void position(AnyGame& game, int ply) override { scanner_.position(game, ply); }

 private:
  analysis::WinScanner& scanner_;
};

void analyse_game(const parsers::RawGame& game, const Settings& s, Analysed& a) {
  thread_local analysis::GameRecord record;
  a.report = analysis::GameReport{};
  analysis::WinScanner scanner({s.stats.find_wins, s.win_nodes});
  scanner.begin(game.index);
  if (game.format == parsers::RecordFormat::kPositions) {
    if (s.stats.find_wins <= 0) {
      // A FEN / EPD line: a position, not a game.
      reject(game, "a position list holds no games to analyse (--positions reads it)", a.report);
      record.clear();
    } else {
      // --find-wins on a position list (puzzles): each line a game of no moves.
      absl::StatusOr<analysis::PositionLine> line =
          analysis::read_position_line(game.text, s.validate.default_variant);
      if (!line.ok()) {
        reject(game, absl::StrCat("invalid position: ", line.status().message()), a.report);
        record.clear();
      } else {
        a.report.index = game.index;
        a.report.first_line = game.first_line;
        analysis::add_position_warnings(*line, game.first_line, a.report);
        scanner.position(*line->game, 0);
        record.clear();
        record.set_up = true;
        record.variant = line->game->variant().id;
        record.start_fen = line->game->fen();
        record.start_side = line->game->side_to_move();
        record.final_state = line->game->state();
      }
    }
  } else {
    analysis::RecordOptions ro = s.record;
    WinVisitor visitor(scanner);
    if (s.stats.find_wins > 0) ro.positions = &visitor;
    a.report = analysis::read_game(game, s.validate, record, ro);
  }
  const std::string result = analysis::game_result(record, false, nullptr);
  analysis::game_facts(record, a.report, result, s.stats, a.facts);
  if (a.facts.analysed) {
    a.facts.win_positions = scanner.positions();
    a.facts.wins = scanner.findings();
  }
}

// --positions: the records of a game, or of a line of a position list.
void game_positions(const parsers::RawGame& game, const Settings& s, std::string_view file,
                    Analysed& a) {
  thread_local analysis::GameRecord record;
  a.report = analysis::GameReport{};
  a.facts = analysis::GameFacts{};
  if (a.records.capacity() > (std::size_t(4) << 20)) std::string().swap(a.records);  // a huge game
  a.records.clear();
  analysis::PositionWriter writer(s.position);
  writer.begin_game(file, game.index, a.records);
  VariantId variant = s.validate.default_variant;
  if (game.format == parsers::RecordFormat::kPositions) {
    absl::StatusOr<analysis::PositionLine> line =
        analysis::read_position_line(game.text, s.validate.default_variant);
    if (!line.ok()) {
      reject(game, absl::StrCat("invalid position: ", line.status().message()), a.report);
    } else {
      a.report.index = game.index;
      a.report.first_line = game.first_line;
      analysis::add_position_warnings(*line, game.first_line, a.report);
      variant = line->game->variant().id;
      writer.position(*line->game, 0);
    }
  } else {
    analysis::RecordOptions ro = s.record;
    ro.positions = &writer;
    a.report = analysis::read_game(game, s.validate, record, ro);
    variant = record.variant;
  }
  if (a.report.valid() && s.position.format == analysis::PositionFormat::kCsv &&
      !analysis::csv_fits(s.position, variant)) {
    const std::string name(variant_info(variant).name);
    reject(game,
           absl::StrCat("--format csv: the pieces of ", name, " have no columns in the CSV of ",
                        std::string(variant_info(s.position.csv_variant).name), " (use --variant ",
                        name, " or --format jsonl)"),
           a.report);
  }
  a.facts.analysed = a.report.valid();
  if (!a.facts.analysed) {
    a.records.clear();
    a.written = 0;
  } else {
    a.written = writer.records();
  }
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

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

int analyze_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, kCommandLine, {})) return *done;

  Settings s;
  const VariantInfo* variant = cli::variant_flag(*args, "fairy-analyze");
  if (!variant) return 2;
  s.validate.default_variant = variant->id;
  s.validate.roster_warnings = false;
  s.validate.variations = false;     // statistics and positions are about the main line
  s.validate.move_warnings = false;  // valid or not is all that counts here
  s.record.variations = false;
  s.positions = args->has("positions");
  Format format = s.positions ? Format::kJsonl : Format::kText;
  if (auto f = args->get("format")) {
    if (*f == "text" && !s.positions)
      format = Format::kText;
    else if (*f == "json" && !s.positions)
      format = Format::kJson;
    else if (*f == "jsonl" && s.positions)
      format = Format::kJsonl;
    else if (*f == "csv")
      format = Format::kCsv;
    else if (s.positions)
      return usage_error("--format with --positions wants jsonl or csv, not '" + *f + "'");
    else
      return usage_error("--format wants text, json or csv (jsonl with --positions), not '" + *f +
                         "'");
  }
  const bool csv_raw = args->has("csv-raw");
  if (csv_raw && format != Format::kCsv) return usage_error("--csv-raw needs --format csv");
  s.position.csv_raw = csv_raw;
  auto int_flag = [&](const char* flag, long long lo, long long hi, auto& into) {
    return cli::int_flag(*args, "fairy-analyze", flag, lo, hi, into);
  };
  if (s.positions) {
    for (const char* stats_only :
         {"group-by", "tree", "tree-min", "top", "no-openings", "html", "find-wins", "win-nodes"})
      if (args->has(stats_only))
        return usage_error(absl::StrCat("--", stats_only, " is about the tables, not --positions"));
    if (!int_flag("perft", 1, 6, s.position.perft_depth)) return 2;
    s.position.format =
        format == Format::kCsv ? analysis::PositionFormat::kCsv : analysis::PositionFormat::kJsonl;
    s.position.csv_variant = variant->id;
    s.record.san = false;  // the replay only: no notation is written back
  } else {
    if (args->has("perft")) return usage_error("--perft is about --positions records");
    s.record.facts = true;
    s.record.uci = false;
    if (!int_flag("tree", 0, analysis::OpeningBook::kMaxPlies, s.stats.tree_plies)) return 2;
    if (!int_flag("tree-min", 1, 1000000000000LL, s.stats.tree_min)) return 2;
    if (!int_flag("top", 0, 1000000000, s.stats.top)) return 2;
    if (!int_flag("find-wins", 1, 15, s.stats.find_wins)) return 2;
    if (!int_flag("win-nodes", 1, 1'000'000'000'000LL, s.win_nodes)) return 2;
    if (args->has("win-nodes") && !args->has("find-wins"))
      return usage_error("--win-nodes is about --find-wins");
    if (auto g = args->get("group-by")) {
      if (g->empty()) return usage_error("--group-by wants a tag name");
      s.stats.group_by = *g;
    }
    // The tags game_facts reads, and game_result / termination.
    s.kept_tags = {"White", "Black", "WhiteElo", "BlackElo", "Result", "Termination"};
    if (!s.stats.group_by.empty()) s.kept_tags.push_back(s.stats.group_by);
    s.record.only_tags = &s.kept_tags;
    // SAN only for the tree; position keys for the opening names.
    s.record.san = s.stats.tree_plies > 0;
    s.record.items = s.stats.tree_plies > 0;  // the tree reads the SAN of the items
    if (!args->has("no-openings")) {
      const absl::StatusOr<analysis::OpeningBook>& book = analysis::OpeningBook::builtin();
      if (!book.ok()) {
        std::cerr << "fairy-analyze: the opening names: " << book.status().message() << '\n';
        return 2;
      }
      s.stats.openings = &*book;
      s.record.keys = true;
      s.record.key_plies = analysis::OpeningBook::kMaxPlies;  // what classify() looks at
    }
  }
  const bool quiet = args->has("quiet");
  const bool verbose = args->has("verbose");

  analysis::BatchOptions bo;
  bo.format.reset();
  // A game's JSON records take about 35 times its text: smaller batches keep the results of
  // the batches in flight to a few megabytes.
  if (s.positions) bo.pipeline.batch_bytes = std::size_t(128) << 10;
  if (!cli::batch_flags(*args, "fairy-analyze", bo)) return 2;
  // Under MPI each rank analyses a share of every input (analysis/batch/game_batch.h): the
  // other ranks send each game's facts to rank 0, which adds them up in input order.
  const bool shared = g_mpi->size() > 1;
  if (shared) bo.collective = g_mpi;
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
  cli::MainOutput out(batch, batch.output("--output"));
  if (shared)
    batch.set_flush([&out] {
      out.flush();
      std::fflush(stdout);
    });
  if (s.positions && format == Format::kCsv) out.write(analysis::positions_csv_header(s.position));

  cli::ProgressLine progress(!quiet && cli::ProgressLine::stderr_is_terminal());
  analysis::CollectionStats stats(s.stats);
  std::string facts_bytes;
  if (shared)
    batch.set_record_in([&](const analysis::BatchFile& file, std::string_view record) {
      analysis::GameFacts facts;
      if (!analysis::decode_game_facts(record, s.stats, facts)) {
        facts = analysis::GameFacts{};
        facts.reason = "internal error: the facts of a game sent by another rank are damaged";
      }
      stats.add(facts, file.name);
    });
  bool unreadable = false;
  std::uint64_t file_games = 0, file_rejected = 0, file_positions = 0;
  std::uint64_t games_read = 0, rejected = 0, positions = 0;
  std::string diag;
  batch.run_into<Analysed>(
      [&](const parsers::RawGame& game, Analysed& a) {
        if (s.positions)
          game_positions(game, s, batch.current().name, a);
        else
          analyse_game(game, s, a);
      },
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
        if (s.positions) {
          file_positions += a.written;
          out.write(a.records);
        } else if (g_mpi->is_root()) {
          stats.add(a.facts, file.name);
        } else {  // rank 0 adds it up (set_record_in above)
          facts_bytes.clear();
          analysis::encode_game_facts(a.facts, s.stats, facts_bytes);
          batch.send_record(facts_bytes);
        }
      },
      [&](const analysis::BatchFile& file, const absl::Status& status) {
        progress.clear();
        if (!status.ok()) {
          std::cerr << "fairy-analyze: " << status.message() << '\n';
          unreadable = true;
        }
        if (!file.opened) return;
        if (shared) {  // the counts of every rank's share
          std::vector<std::uint64_t> v{file_games, file_rejected, file_positions};
          g_mpi->sum_to_root(v);
          file_games = v[0], file_rejected = v[1], file_positions = v[2];
        }
        if (!quiet) {
          std::cerr << file.name << ": " << games(file_games)
                    << " read: " << file_games - file_rejected << " analysed, " << file_rejected
                    << " rejected";
          if (s.positions) std::cerr << "; " << file_positions << " positions";
          std::cerr << '\n';
        }
        games_read += file_games;
        rejected += file_rejected;
        positions += file_positions;
        file_games = file_rejected = file_positions = 0;
      },
      [&](const analysis::BatchProgress& p) {
        progress.show_games(p.file.name, p.fraction, p.file_games, p.total_games);
      });

  if (!s.positions) {
    std::string text;
    const std::vector<analysis::StatsTable> tables = stats.tables();
    // The tables go out as they are written (an opening tree can have millions of lines).
    const analysis::TextSink to_out = [&out](std::string_view s) { out.write(s); };
    switch (format) {
      case Format::kText:
        analysis::write_stats_text(tables, text, to_out);
        break;
      case Format::kJson:
        analysis::write_stats_json(tables, text, to_out);
        break;
      case Format::kJsonl:  // --positions only
      case Format::kCsv:
        analysis::write_stats_csv(tables, csv_raw, text, to_out);
        break;
    }
    out.write(text);
    if (analysis::OutputFile* html_file = batch.output("--html")) {
      analysis::HtmlReportOptions ho;
      ho.inputs = files;
      ho.date = report_date();
      // The missed wins drawn: the first kMaxDrawn, in input order (the tables list all).
      constexpr std::size_t kMaxDrawn = 100;
      for (const analysis::CollectionStats::WinListing& w : stats.wins_listed()) {
        if (w.finding.move != analysis::WinFinding::Move::kMissed) continue;
        if (ho.missed_wins.size() == kMaxDrawn) break;
        ho.missed_wins.push_back({w.file, w.finding.game, w.finding.ply + 1, w.variant,
                                  w.finding.fen, w.finding.played, w.finding.line,
                                  w.finding.plies});
      }
      std::string html;
      analysis::write_html_report(tables, ho, html,
                                  [html_file](std::string_view s) { html_file->write(s); });
      html_file->write(html);
    }
  }
  out.flush();
  if (files.size() > 1 && !quiet) {
    std::cerr << "total: " << games(games_read) << " read: " << games_read - rejected
              << " analysed, " << rejected << " rejected";
    if (s.positions) std::cerr << "; " << positions << " positions";
    std::cerr << '\n';
  }
  const std::vector<absl::Status> write_errors = batch.commit();
  for (const absl::Status& st : write_errors)
    std::cerr << "fairy-analyze: " << st.message() << " (the file is left as it was)\n";
  if (out.stdout_failed()) std::cerr << "fairy-analyze: " << out.stdout_error() << '\n';
  if (unreadable || !write_errors.empty() || out.stdout_failed()) return 2;
  return rejected ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun the ranks share every input out (analysis/batch/game_batch.h); rank 0 writes
  // what one process writes, and its exit status is the run's.
  fairykit::cli::MpiSession mpi(argc, argv);
  g_mpi = &mpi;
  mpi.quiet_unless_root();
  const int status = fairykit::cli::run_main("fairy-analyze", argc, argv, analyze_main);
  return mpi.exit_status(mpi.is_root() ? status : 0);
}
