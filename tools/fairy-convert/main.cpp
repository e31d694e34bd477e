// fairy-convert: game records from one form into another. Flags -> options
// (analysis::ConvertOptions, what converts each game: analysis/formats/convert_job.h) -> the
// run over the inputs (convert_run.h) -> exit status. The flags themselves are in
// command_line.cpp.
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "analysis/formats/annotate.h"
#include "analysis/formats/convert_job.h"
#include "analysis/formats/game_db.h"
#include "analysis/formats/svg_board.h"
#include "parsers/records.h"
#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/mpi_session.h"
#include "tools/common/selection_flags.h"
#include "tools/fairy-convert/command_line.h"
#include "tools/fairy-convert/convert_run.h"

namespace {

using namespace fairykit;
using analysis::ConvertTarget;
using convert_tool::kCommandLine;

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

int usage_error(const std::string& msg) { return cli::usage_error("fairy-convert", msg); }

// Prints the usage error; false (the tool exits 2).
bool bad(const std::string& msg) {
  usage_error(msg);
  return false;
}

// --mark, --arrows, --moves-of, --flip, --coordinates, --no-legend, --caption (after --to).
bool svg_flags(const cli::Args& args, analysis::ConvertOptions& s) {
  for (const char* flag : {"mark", "arrows"})
    for (const std::string& v : args.all(flag))
      for (const std::string& item :
           std::vector<std::string>(absl::StrSplit(v, ',', absl::SkipEmpty())))
        (std::string_view(flag) == "mark" ? s.svg.marks : s.svg.arrows).push_back(item);
  s.svg.moves_of = args.get("moves-of").value_or("");
  s.svg.flip = args.has("flip");
  s.svg.coordinates = args.has("coordinates");
  s.svg.legend = !args.has("no-legend");
  s.svg.caption = args.get("caption").value_or("");
  const bool any = args.has("mark") || args.has("arrows") || args.has("moves-of") ||
                   args.has("flip") || args.has("coordinates") || args.has("no-legend") ||
                   args.has("caption");
  if (any && s.to != ConvertTarget::kSvg)
    return bad(
        "--mark, --arrows, --moves-of, --flip, --coordinates, --no-legend and "
        "--caption need --to svg");
  if (args.has("moves-of") && s.svg.moves_of.empty())
    return bad("--moves-of wants a square (a1 to h8), not ''");
  if (absl::Status st = analysis::check_svg_options(s.svg); !st.ok())
    return bad(std::string(st.message()));
  s.svg_every = s.to == ConvertTarget::kSvg && args.has("every");
  return true;
}

// How moves and FENs are written: --fen-dialect, --uci-castling, --fen-en-passant, --notation.
bool notation_flags(const cli::Args& args, analysis::ConvertOptions& s) {
  if (auto d = args.get("fen-dialect")) {
    std::optional<FenDialectId> id = find_fen_dialect(*d);
    if (!id) return bad("unknown FEN dialect '" + *d + "' (known: " + fen_dialect_names() + ")");
    if (*id != FenDialectId::kNative &&
        (s.to == ConvertTarget::kEpd || s.to == ConvertTarget::kSvg ||
         s.to == ConvertTarget::kSqlite))
      return bad("--fen-dialect applies to --to pgn, fen, json, jsonl and csv");
    s.write.fen_dialect = *id;
  }
  if (auto c = args.get("uci-castling")) {
    if (*c == "king-to")
      s.record.uci_castling = UciCastling::kKingTo;
    else if (*c != "king-takes-rook")
      return bad("--uci-castling wants king-takes-rook or king-to, not '" + *c + "'");
  }
  if (auto e = args.get("fen-en-passant")) {
    if (*e == "always")
      s.record.ep_field = EpField::kAfterDoubleStep;
    else if (*e != "legal")
      return bad("--fen-en-passant wants legal or always, not '" + *e + "'");
    if (s.record.ep_field == EpField::kAfterDoubleStep &&
        s.write.fen_dialect != FenDialectId::kNative)
      return bad("--fen-en-passant always applies to native FENs (no --fen-dialect)");
  }
  if (auto n = args.get("notation")) {
    if (*n == "san")
      s.write.notation = analysis::Notation::kSan;
    else if (*n == "lan")
      s.write.notation = analysis::Notation::kLan;
    else if (*n == "uci")
      s.write.notation = analysis::Notation::kUci;
    else
      return bad("--notation wants san, lan or uci, not '" + *n + "'");
  }
  return true;
}

// What is written: --to and the flags that shape the output.
bool output_flags(const cli::Args& args, analysis::ConvertOptions& s) {
  if (auto t = args.get("to")) {
    std::optional<ConvertTarget> to = analysis::find_convert_target(*t);
    if (!to)
      return bad("--to wants pgn, fen, epd, json, jsonl, csv, svg or sqlite, not '" + *t + "'");
    s.to = *to;
  }
  if (!svg_flags(args, s) || !notation_flags(args, s)) return false;
  s.write.comments = !args.has("no-comments");
  s.write.nags = !args.has("no-nags");
  s.write.variations = !args.has("no-variations");
  s.write.add_fen_tags = args.has("add-fen-tags");
  s.write.add_ply_count = args.has("add-ply-count");
  s.fix_result = args.has("fix-result");
  // --fix: the repairs with one answer, of which the result the final position decides is one.
  s.fix = args.has("fix");
  if (s.fix) {
    s.fix_result = true;
    s.validate.every_style_quirk = true;
  }
  if (args.has("eco-deepest") && args.has("eco-first"))
    return bad("--eco-deepest and --eco-first are two answers to one question: give one");
  if ((args.has("eco-deepest") || args.has("eco-first")) && !args.has("add-eco"))
    return bad(std::string("--") + (args.has("eco-first") ? "eco-first" : "eco-deepest") +
               " is about --add-eco");
  if (args.has("add-eco"))
    s.add_eco = args.has("eco-first") ? analysis::ConvertOptions::Eco::kFirst
                                      : analysis::ConvertOptions::Eco::kDeepest;
  s.write.final_only = args.has("final");
  s.write.with_fen = args.has("with-fen");
  s.positions_csv = args.has("positions");
  if (s.positions_csv && s.to != ConvertTarget::kCsv) return bad("--positions needs --to csv");
  s.write.csv_raw = args.has("csv-raw");
  if (s.write.csv_raw && s.to != ConvertTarget::kCsv) return bad("--csv-raw needs --to csv");
  if (s.write.with_fen && s.to != ConvertTarget::kJson && s.to != ConvertTarget::kJsonl &&
      s.to != ConvertTarget::kSqlite)
    return bad("--with-fen needs --to json, jsonl or sqlite");
  if (s.to == ConvertTarget::kSqlite) {
    const std::optional<std::string> db = args.get("output");
    if (!db || *db == "-")
      return bad("--to sqlite needs the database file: -o FILE (not standard output)");
  }
  return true;
}

// --split N, --split-by TAG and the pattern of -o that names their files.
bool split_flags(const cli::Args& args, analysis::ConvertOptions& s, convert_tool::RunSettings& r) {
  const bool by_count = args.has("split"), by_value = args.has("split-by");
  if (!by_count && !by_value) return true;
  if (by_count && by_value) return bad("--split and --split-by cannot be combined");
  const std::string flag = by_count ? "--split" : "--split-by";
  if (!cli::int_flag(args, "fairy-convert", "split", 1, 1000000000, r.split_games)) return false;
  if (by_value) {
    absl::StatusOr<analysis::SplitKey> key = analysis::parse_split_key(*args.get("split-by"));
    if (!key.ok()) return bad(std::string(key.status().message()));
    s.split_by = *key;
  }
  if (s.to == ConvertTarget::kSvg || s.to == ConvertTarget::kSqlite)
    return bad(flag + " applies to --to pgn, fen, epd, json, jsonl and csv");
  const std::string example = by_count ? "'games-{n}.pgn'" : "'games-{value}.pgn'";
  const std::optional<std::string> out = args.get("output");
  if (!out || *out == "-")
    return bad(flag + " writes files named by -o PATTERN, e.g. -o " + example);
  absl::StatusOr<analysis::SplitPattern> pattern = analysis::SplitPattern::parse("--output", *out);
  if (!pattern.ok()) return bad(std::string(pattern.status().message()));
  if (by_count && pattern->has_value())
    return bad("--output '" + *out + "': {value} needs --split-by");
  if (by_count && !pattern->has_number())
    return bad("--split: -o '" + *out + "' has no {n}, e.g. -o " + example);
  if (by_value && !pattern->has_number() && !pattern->has_value())
    return bad("--split-by: -o '" + *out + "' has neither {value} nor {n}, e.g. -o " + example);
  r.split_pattern = std::move(*pattern);
  return true;
}

// Numbers and the selection: --every, --line-length, the selection flags
// (tools/common/selection_flags.h), --dedupe.
bool selection_flags(const cli::Args& args, analysis::ConvertOptions& s) {
  if (!cli::int_flag(args, "fairy-convert", "every", 1, 1000000000, s.write.every) ||
      !cli::int_flag(args, "fairy-convert", "line-length", 20, 1000000, s.write.line_length) ||
      !cli::selection_flags(args, "fairy-convert", s.validate.default_variant, s.selection))
    return false;
  s.dedupe = args.has("dedupe");
  if (args.has("duplicates-out") && !s.dedupe) return bad("--duplicates-out needs --dedupe");
  return true;
}

// The inputs and outputs: --from, -j, --max-game-size, FILE..., -o, the side files.
bool input_flags(const cli::Args& args, analysis::ConvertOptions& s, convert_tool::RunSettings& r) {
  r.quiet = args.has("quiet");
  r.batch.format.reset();
  if (auto f = args.get("from"); f && *f == "vchess") {
    s.vchess = true;
    r.batch.format = parsers::RecordFormat::kPgn;
  } else if (f) {
    std::optional<parsers::RecordFormat> rf = parsers::find_record_format(*f);
    if (!rf) return bad("--from wants pgn, fen, json, jsonl or vchess, not '" + *f + "'");
    r.batch.format = *rf;
  }
  if (!cli::batch_flags(args, "fairy-convert", r.batch)) return false;
  // Under MPI each rank converts a share of every input (analysis/batch/game_batch.h); what
  // needs every game before it in one process is refused so far.
  if (g_mpi->size() > 1) {
    r.batch.collective = g_mpi;
    const char* alone = s.to == ConvertTarget::kSqlite ? "--to sqlite"
                        : s.to == ConvertTarget::kSvg  ? "--to svg"
                        : s.dedupe                     ? "--dedupe"
                        : args.has("stop-after")       ? "--stop-after"
                        : s.split_by                   ? "--split-by"
                        : r.split_pattern              ? "--split"
                                                       : nullptr;
    if (alone)
      return bad(absl::StrCat("under MPI (", g_mpi->size(), " ranks) ", alone,
                              " is not shared out: run it with one rank"));
  }
  if (!cli::int_flag(args, "fairy-convert", "stop-after", 1, 1000000000000000000LL, r.stop_after))
    return false;
  r.files = cli::input_files(args, "fairy-convert");
  r.output = args.get("output");
  r.invalid_out = args.get("invalid-out");
  r.duplicates_out = args.get("duplicates-out");
  return true;
}

// --annotate CACHE, --annotate-engine TEXT: the cache opened (into `cache`) and its settings
// chosen. The exit status when that fails (2), else nothing.
std::optional<int> annotate_flags(const cli::Args& args, analysis::ConvertOptions& s,
                                  std::unique_ptr<analysis::AnnotationCache>& cache) {
  const std::optional<std::string> path = args.get("annotate");
  const std::optional<std::string> engine = args.get("annotate-engine");
  if (!path) {
    if (engine) return usage_error("--annotate-engine is about --annotate");
    return std::nullopt;
  }
  // The targets that hold the evaluations of the moves: the comments, or the eval fields.
  const bool holds = s.to == ConvertTarget::kPgn || s.to == ConvertTarget::kJson ||
                     s.to == ConvertTarget::kJsonl || s.to == ConvertTarget::kSqlite ||
                     (s.to == ConvertTarget::kCsv && s.positions_csv);
  if (!holds)
    return usage_error(
        "--annotate writes into the moves: --to pgn, json, jsonl, sqlite or csv --positions");
  absl::StatusOr<std::unique_ptr<analysis::AnnotationCache>> opened =
      analysis::AnnotationCache::open(*path, engine);
  if (!opened.ok()) {
    std::cerr << "fairy-convert: --annotate " << opened.status().message() << '\n';
    return 2;
  }
  cache = *std::move(opened);
  s.annotate = cache.get();
  return std::nullopt;
}

// --key FEN: the key as --to sqlite stores it (games.start_key, moves.key_after).
int print_key(const VariantInfo& variant, const std::string& fen) {
  const std::string text =
      fen == "startpos" && !variant.start_fen.empty() ? std::string(variant.start_fen) : fen;
  absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(variant, text);
  if (!g.ok()) return usage_error("--key '" + fen + "': " + std::string(g.status().message()));
  std::cout << analysis::db_key((*g)->key()) << '\n';
  return 0;
}

int convert_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, kCommandLine, {})) return *done;

  analysis::ConvertOptions s;
  const VariantInfo* variant = cli::variant_flag(*args, "fairy-convert");
  if (!variant) return 2;
  s.validate.default_variant = variant->id;
  if (auto fen = args->get("key")) return print_key(*variant, *fen);
  s.validate.roster_warnings = false;  // the export writes the roster anyway
  convert_tool::RunSettings run;
  if (!output_flags(*args, s) || !split_flags(*args, s, run) || !selection_flags(*args, s) ||
      !input_flags(*args, s, run))
    return 2;
  std::unique_ptr<analysis::AnnotationCache> cache;
  if (std::optional<int> status = annotate_flags(*args, s, cache)) return *status;
  analysis::set_record_needs(s);
  return convert_tool::run_conversion(s, run, *g_mpi);
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun the ranks share every input out (analysis/batch/game_batch.h); rank 0 writes
  // what one process writes, and its exit status is the run's.
  fairykit::cli::MpiSession mpi(argc, argv);
  g_mpi = &mpi;
  mpi.quiet_unless_root();
  const int status = fairykit::cli::run_main("fairy-convert", argc, argv, convert_main);
  return mpi.exit_status(mpi.is_root() ? status : 0);
}
