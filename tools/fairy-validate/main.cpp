// fairy-validate: check PGN archives game by game. Flags -> ValidateOptions -> the game
// batch of analysis/ (inputs, splitting, ordered pipeline, side files); this file only
// formats what it gets back.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "analysis/batch/game_batch.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "parsers/pgn.h"
#include "rules/game/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"

namespace {

using namespace fairykit;
using analysis::GameReport;
using analysis::ValidationTotals;

// --help, the man page and the shell completions are made from this table.
const cli::CommandLine kCommandLine = {
    .tool = "fairy-validate",
    .summary = "check PGN archives of chess variants",
    .head = R"(Usage: fairy-validate [OPTIONS] [FILE...]

Check PGN archives: tag pairs, every move legal (variations too), the result consistent
with the Result tag and with the final position. Files may be plain or compressed
(gzip, bzip2, zstd: recognised by their content); "-" or no file reads standard input.

Diagnostics go to standard error, compiler-style:
  games.pgn:1234:17: error: game 17 (Carlsen - Anand), ply 34: illegal move "Nf6"
A summary per file (games read, valid, invalid, warnings) goes to standard output. When
standard error is a terminal, a progress bar and the speed are shown there too.

)",
    .tail = R"(
A game is invalid when it has an error: an unreadable or illegal move, an unsupported
variant, an invalid FEN, a result that contradicts the Result tag or the final position
(checkmate, stalemate, dead position; in Interweave and Fluidity also the capture of a
King, no legal move and, in Interweave, the third repetition, which all lose). Warnings (missing roster tags, a missing or wrong
check mark, long algebraic moves, no termination marker, a FEN castling right the position
cannot have, which is dropped, moves after a dead position...) leave the game valid.

Exit status:
  0  every game valid
  1  some game invalid
  2  usage error, an input that cannot be read (the other inputs are still checked),
     an output that is an input, or an output that cannot be written (a full disk,
     standard output closed)

Examples:
  fairy-validate twic0920.pgn
  fairy-validate -j 2 --invalid-out broken.pgn archive.pgn.zst
  fairy-validate --format jsonl games.pgn.gz > report.jsonl
  fairy-validate --variant interweave vchess-games.pgn
)",
    .column = 26,
    .flags = {{.name = "variant",
               .takes_value = true,
               .section = "Checks:\n",
               .value_name = "NAME",
               .help = {"variant of games without a Variant tag (default: chess);",
                        "see --list-variants. Games name their own with [Variant \"...\"]."},
               .completes = cli::Completes::kVariant},
              {.name = "no-variations", .help = {"do not check the moves of variations"}},
              {.name = "no-roster",
               .help = {"do not warn about missing tags of the seven-tag roster"}},
              {.name = "format",
               .takes_value = true,
               .section = "Output:\n",
               .value_name = "FORMAT",
               .help = {"text (default), json (one document) or jsonl (one object per",
                        "game, then one summary object)"},
               .choices = {"text", "json", "jsonl"},
               .brief = "report format"},
              {.name = "show-position",
               .help = {"add the position (FEN) before each move a diagnostic is about"}},
              {.name = "valid-out",
               .takes_value = true,
               .value_name = "FILE",
               .help = {"write the valid games there, verbatim"},
               .completes = cli::Completes::kFile},
              {.name = "invalid-out",
               .takes_value = true,
               .value_name = "FILE",
               .help = {"write the invalid games there, verbatim",
                        "(games read = valid + invalid: nothing is lost, except the",
                        "bytes of games over --max-game-size, which are not kept: their",
                        "error gives the byte range to cut them out of the input).",
                        "FILE may not be an input or the other output; it is",
                        "written under a temporary name and replaced only when",
                        "complete, so a failed run leaves it as it was"},
               .completes = cli::Completes::kFile},
              {.name = "quiet",
               .short_name = 'q',
               .help = {"print errors only (no warnings, no progress bar)"}},
              {.name = "jobs",
               .short_name = 'j',
               .takes_value = true,
               .value_name = "N",
               .help = {"threads (default 1); the output is identical at any N"}},
              {.name = "max-game-size",
               .takes_value = true,
               .value_name = "MIB",
               .help = {"largest game read, in MiB (default 64, at most 1048576); a",
                        "larger game is one invalid game, skipped whole without being",
                        "held in memory (the memory needed is about 2-3 times this)"},
               .brief = "largest game read, in MiB (default 64)",
               .layout = cli::HelpLayout::kNextLine},
              {.name = "list-variants", .help = {"list the variants and exit"}},
              {.name = "help", .short_name = 'h', .help = {"show this help and exit"}},
              {.name = "version", .help = {"show the version and exit"}}},
    .operand_suffixes = {"pgn"},
};

int usage_error(const std::string& msg) { return cli::usage_error("fairy-validate", msg); }

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

enum class Format { kText, kJson, kJsonl };

int validate_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, kCommandLine, {})) return *done;

  analysis::ValidateOptions vo;
  const VariantInfo* variant = cli::variant_flag(*args, "fairy-validate");
  if (!variant) return 2;
  vo.default_variant = variant->id;
  vo.variations = !args->has("no-variations");
  vo.roster_warnings = !args->has("no-roster");
  vo.positions = args->has("show-position");
  const bool quiet = args->has("quiet");

  Format format = Format::kText;
  if (auto f = args->get("format")) {
    if (*f == "json")
      format = Format::kJson;
    else if (*f == "jsonl")
      format = Format::kJsonl;
    else if (*f != "text")
      return usage_error("--format wants text, json or jsonl, not '" + *f + "'");
  }
  analysis::BatchOptions bo;
  if (!cli::batch_flags(*args, "fairy-validate", bo)) return 2;
  if (g_mpi->size() > 1) {  // each rank reads a share of every input (game_batch.h)
    bo.collective = g_mpi;
    bo.flush = [] {
      std::cout.flush();
      std::fflush(stdout);
    };
  }
  std::vector<std::string> files = args->positional;
  if (files.empty()) files.push_back("-");

  // Side files: refused when they are inputs or each other, before anything is opened;
  // written under temporary names and put in place only when complete.
  std::vector<analysis::OutputSpec> outputs;
  for (const char* flag : {"valid-out", "invalid-out"})
    if (auto path = args->get(flag)) outputs.push_back({std::string("--") + flag, *path});
  absl::StatusOr<std::unique_ptr<analysis::GameBatch>> opened =
      analysis::GameBatch::open(files, outputs, bo);
  if (!opened.ok()) {
    std::cerr << "fairy-validate: " << opened.status().message() << '\n';
    return 2;
  }
  analysis::GameBatch& batch = **opened;
  analysis::OutputFile* valid_out = batch.output("--valid-out");
  analysis::OutputFile* invalid_out = batch.output("--invalid-out");

  cli::ProgressLine progress(!quiet && format == Format::kText &&
                             cli::ProgressLine::stderr_is_terminal());
  ValidationTotals all, totals;
  bool unreadable = false;
  std::string diag;
  // JSON: written a game at a time (the writer keeps its place between the pieces).
  std::string json;
  analysis::JsonWriter w(json);
  if (format == Format::kJson) {
    w.begin_object().key("games").begin_array(/*one_per_line=*/true);
    std::cout << json;
    json.clear();
  }
  batch.run<GameReport>(
      [&](const parsers::RawGame& g) { return analysis::validate_game(g, vo); },
      [&](const analysis::BatchFile& file, const parsers::RawGame& game, GameReport& r) {
        totals.add(r);
        batch.write_record(r.valid() ? valid_out : invalid_out, game);
        if (format == Format::kText) {
          diag.clear();
          analysis::write_diagnostics(diag, file.name, r, quiet);
          if (!diag.empty()) {
            progress.clear();
            std::fwrite(diag.data(), 1, diag.size(), stderr);
          }
        } else {
          // A rank's share of the array follows the games of the ranks before it.
          if (format == Format::kJson && g_mpi->size() > 1)
            w.set_has_elements(batch.run_games_before(game) > 0);
          analysis::write_game_json(w, file.name, r);
          if (format == Format::kJsonl) json += '\n';
          std::cout << json;
          json.clear();
        }
      },
      [&](const analysis::BatchFile& file, const absl::Status& status) {
        progress.clear();
        if (g_mpi->size() > 1 && file.opened) {  // the totals of every rank's share
          std::vector<std::uint64_t> v{totals.games, totals.valid, totals.invalid, totals.warnings,
                                       totals.errors};
          g_mpi->sum_to_root(v);
          totals = ValidationTotals{v[0], v[1], v[2], v[3], v[4]};
        }
        if (!status.ok()) {
          std::cerr << "fairy-validate: " << status.message() << '\n';
          unreadable = true;
        }
        if (!file.opened) return;
        if (format == Format::kText) std::cout << analysis::summary_text(file.name, totals);
        all.add(totals);
        totals = ValidationTotals{};
      },
      [&](const analysis::BatchProgress& p) {
        progress.show_games(p.file.name, p.fraction, p.file_games, p.total_games);
      });
  if (format == Format::kText && files.size() > 1)
    std::cout << analysis::summary_text("total", all);
  if (format == Format::kJson) {
    w.end_array().key("summary").begin_object();
    analysis::write_summary_fields(w, all);
    w.end_object().end_object();
  } else if (format == Format::kJsonl) {
    w.begin_object().key("type").value("summary");
    analysis::write_summary_fields(w, all);
    w.end_object();
  }
  if (!json.empty()) std::cout << json << '\n';
  std::cout.flush();
  if (progress.enabled()) {  // a terminal: say how fast it went
    const double secs = progress.seconds();
    std::fprintf(stderr, "time %.3f s, %.0f games/s, %.1f MB/s (%d thread%s)\n", secs,
                 secs > 0 ? double(all.games) / secs : 0.0,
                 secs > 0 ? double(batch.bytes()) / secs / 1e6 : 0.0, batch.threads(),
                 batch.threads() == 1 ? "" : "s");
  }
  // The side files hold every game read (also when an input could not be read to its end),
  // so they are put in place unless writing them failed.
  const std::vector<absl::Status> write_errors = batch.commit();
  for (const absl::Status& s : write_errors)
    std::cerr << "fairy-validate: " << s.message() << " (the file is left as it was)\n";
  const bool write_failed = !write_errors.empty();
  if (unreadable || write_failed) return 2;
  return all.invalid ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun the ranks share every input out (analysis/batch/game_batch.h); rank 0 writes
  // what one process writes, and its exit status is the run's.
  fairykit::cli::MpiSession mpi(argc, argv);
  g_mpi = &mpi;
  mpi.quiet_unless_root();
  const int status = fairykit::cli::run_main("fairy-validate", argc, argv, validate_main);
  return mpi.exit_status(mpi.is_root() ? status : 0);
}
