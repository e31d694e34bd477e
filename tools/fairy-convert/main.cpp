// fairy-convert: game records from one form into another. Flags -> options -> the game batch
// of analysis/ (inputs, splitting, ordered pipeline, side files); each game is checked and
// replayed once (validate_game with a GameRecord) and written by the writers of
// analysis/formats/convert.h in the worker threads; this file wires them and prints the summary.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "analysis/batch/game_batch.h"
#include "analysis/checking/position_line.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "analysis/formats/convert.h"
#include "analysis/formats/game_db.h"
#include "analysis/formats/json_read.h"
#include "analysis/formats/svg_board.h"
#include "analysis/formats/vchess_record.h"
#include "parsers/message_text.h"
#include "parsers/records.h"
#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/main_output.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"

namespace {

using namespace fairykit;
using analysis::GameRecord;
using analysis::GameReport;

// --help, the man page and the shell completions are made from this table.
const cli::CommandLine kCommandLine = {
    .tool = "fairy-convert",
    .summary = "convert game records of chess variants from one form into another",
    .head = R"(Usage: fairy-convert [OPTIONS] [FILE...]

Convert game records of every fairykit variant (chess, chess960, cwda, superchess,
interweave, fluidity) from one form into another. Each game is read, checked as
fairy-validate checks it and replayed: the moves are written again from the position, so
that notation, check marks and FENs come out right. Invalid games are rejected (reported
on standard error, and with --invalid-out kept verbatim); nothing is lost:
games read = written + filtered out + rejected, in the summary on standard error.

)",
    .tail = R"(
Exit status: 0 all games read were converted or filtered out; 1 some game was rejected;
2 usage error, an unreadable input, or an output that could not be written.

Examples:
  fairy-convert games.pgn.zst -o clean.pgn
  fairy-convert -j 2 --to jsonl --with-fen twic.pgn > twic.jsonl
  fairy-convert twic.jsonl --to pgn --notation uci
  fairy-convert --to epd --every 10 --where 'WhiteElo>=2600' games.pgn
  fairy-convert --dedupe --duplicates-out dups.pgn a.pgn b.pgn -o merged.pgn
  fairy-convert -j 2 --to sqlite -o games.db twic*.pgn
)",
    .column = 26,
    .flags =
        {{.name = "from",
          .takes_value = true,
          .section =
              "Inputs (FILE, \"-\" or nothing = standard input; gzip, bzip2, zstd recognised by "
              "content):\n"
              "  PGN; FEN / EPD lists (one position per line); fairy-convert's JSON (--to json) "
              "and\n"
              "  JSON Lines (--to jsonl). The format is told by the file name (.pgn .fen .epd "
              ".json\n"
              "  .jsonl, also under .gz/.bz2/.zst), else by the first bytes; --from sets it.\n",
          .value_name = "FORMAT",
          .help = {"pgn, fen (FEN or EPD lines), json, jsonl, or vchess",
                   "(vchess.club game records: their move lines into SAN)"},
          .choices = {"pgn", "fen", "json", "jsonl", "vchess"},
          .brief = "input format"},
         {.name = "variant",
          .takes_value = true,
          .value_name = "NAME",
          .help = {"variant of games without a Variant tag and of position lists",
                   "(default: chess); a game's own [Variant] wins"},
          .completes = cli::Completes::kVariant},
         {.name = "output",
          .short_name = 'o',
          .takes_value = true,
          .section = "Output (standard output, or -o FILE written under a temporary name and "
                     "renamed when\n"
                     "complete; an output that is an input is refused):\n",
          .value_name = "FILE",
          .completes = cli::Completes::kFile,
          .brief = "write to FILE (--to svg: or a directory)"},
         {.name = "to",
          .takes_value = true,
          .value_name = "FORMAT",
          .help = {"pgn (default): PGN export format, lines of at most 79", "  characters",
                   "fen, epd: one line per position of the main line (the start",
                   "  and after each move); EPD with hmvc, fmvn, sm (the move",
                   "  played from it) and id",
                   "json: one JSON array of game objects; jsonl: one per line",
                   "csv: one row per game (--positions: one per position)",
                   "sqlite: add the games to the SQLite database -o FILE",
                   "  (created when missing; games, tags, moves, diagnostics",
                   "  tables; one transaction: a failed run adds nothing)"},
          .choices = {"pgn", "fen", "epd", "json", "jsonl", "csv", "svg", "sqlite"},
          .brief = "output format"},
         {.name = "notation",
          .takes_value = true,
          .value_name = "N",
          .help = {"movetext in san (default), lan (Ng1-f3) or uci (g1f3); UCI",
                   "castling is the king's move (e1g1), in Chess960 the king",
                   "taking its own rook (e1h1), as UCI_Chess960 engines write it"},
          .choices = {"san", "lan", "uci"},
          .brief = "movetext notation"},
         {.name = "uci-castling",
          .takes_value = true,
          .value_name = "C",
          .help = {"Chess960 castling in UCI text (--notation uci, the uci fields):",
                   "king-takes-rook (default) or king-to: the king's destination",
                   "(e1g1) where the king moves two squares or more"},
          .choices = {"king-takes-rook", "king-to"},
          .brief = "Chess960 castling in UCI text"},
         {.name = "no-comments",
          .help = {"leave comments, NAGs, variations out"},
          .brief = "leave comments out"},
         {.name = "no-nags", .brief = "leave NAGs out", .joined = true},
         {.name = "no-variations", .brief = "leave variations out", .joined = true},
         {.name = "add-fen-tags",
          .help = {"SetUp and FEN tags also for games from the standard start"}},
         {.name = "add-ply-count", .help = {"a PlyCount tag"}},
         {.name = "fix-result",
          .help = {"a result that contradicts the final position (checkmate,",
                   "stalemate, dead position, a King taken...) is corrected and",
                   "reported, instead of the game being rejected"},
          .brief = "correct a result that contradicts the final position"},
         {.name = "every",
          .takes_value = true,
          .value_name = "N",
          .help = {"positions: every Nth ply only (the start is ply 0)"}},
         {.name = "final", .help = {"positions: the final position only"}},
         {.name = "with-fen",
          .help = {"json/jsonl: the FEN after each move (\"fen\" array);",
                   "sqlite: the FEN before each move (moves.fen_before)"},
          .brief = "json/jsonl: the FEN after each move; sqlite: before"},
         {.name = "fen-dialect",
          .takes_value = true,
          .value_name = "D",
          .help = {"FENs written in native (default), vchess, xogo, pychess or",
                   "xboard form (docs/rules/README.md item 4); a game whose",
                   "variant has no form in D is rejected. Every dialect is read"},
          .choices = cli::fen_dialect_choices(),
          .brief = "form of the FENs written"},
         {.name = "fen-en-passant",
          .takes_value = true,
          .value_name = "E",
          .help = {"the en passant square of the FENs written: legal (default)",
                   "only when an en passant capture is legal, as python-chess and",
                   "lichess write it; always: after every double step, as the PGN",
                   "standard's FEN. Position keys (--reaches, --dedupe, SQLite)",
                   "follow the legal rule either way"},
          .choices = {"legal", "always"},
          .brief = "en passant square of the FENs written"},
         {.name = "positions", .help = {"csv: one row per position"}},
         {.name = "csv-raw",
          .help = {"csv: cells as they are; by default a cell that starts with =, +,",
                   "-, @, a tab or a carriage return and is not a plain number (-1.5)",
                   "gets a ' before it, so that a spreadsheet does not run it as a", "formula"},
          .brief = "csv: cells as they are"},
         {.name = "line-length",
          .takes_value = true,
          .value_name = "N",
          .help = {"PGN line length (default 79, at least 20)"}},
         {.name = "where",
          .takes_value = true,
          .repeatable = true,
          .section = "Selection (a game must pass every test; the others are \"filtered out\"):\n",
          .value_name = "EXPR",
          .help = {"a tag test, repeatable: White=Carlsen (equal), White!=X,",
                   "Event~Olympiad (contains), WhiteElo>=2700, Date<2000.01.01",
                   "(numbers compare as numbers, the rest as text); Variant=NAME",
                   "matches the game's variant by any of its names"}},
         {.name = "min-plies",
          .takes_value = true,
          .value_name = "N",
          .brief = "games of at least N plies"},
         {.name = "max-plies",
          .takes_value = true,
          .value_name = "N",
          .brief = "games of at most N plies",
          .joined = true},
         {.name = "ends-in",
          .takes_value = true,
          .repeatable = true,
          .value_name = "END",
          .help = {"how the main line ends on the board, repeatable: checkmate,",
                   "stalemate, insufficient-material, capture-of-a-King,",
                   "no-legal-move, ... or none"},
          .choices = absl::StrSplit(analysis::ends_in_names(), ", "),
          .brief = "how the main line ends on the board, repeatable"},
         {.name = "reaches",
          .takes_value = true,
          .repeatable = true,
          .value_name = "FEN",
          .help = {"games whose main line reaches the position (matched by",
                   "position key in the variant of each game), repeatable"}},
         {.name = "dedupe", .help = {"keep the first of games with the same start and moves"}},
         {.name = "duplicates-out",
          .takes_value = true,
          .value_name = "FILE",
          .help = {"write the duplicates there, verbatim"},
          .completes = cli::Completes::kFile},
         {.name = "invalid-out",
          .takes_value = true,
          .value_name = "FILE",
          .help = {"write the rejected games there, verbatim (side files hold one",
                   "record a line; those of JSON inputs are JSON Lines)"},
          .completes = cli::Completes::kFile,
          .brief = "write the rejected games there, verbatim"},
         {.name = "mark",
          .takes_value = true,
          .repeatable = true,
          .section =
              "Diagrams (--to svg): the final position of each game, or every Nth ply with --every "
              "N,\n"
              "or each position of a list; to standard output or -o FILE when there is one, else\n"
              "-o DIRECTORY (one file per position: INPUT-game-N-ply-P.svg; a symbolic link or an\n"
              "input at such a name is refused).\n",
          .value_name = "SQUARES",
          .help = {"mark squares: --mark d6,f6"}},
         {.name = "arrows",
          .takes_value = true,
          .repeatable = true,
          .value_name = "MOVES",
          .help = {"draw moves as arrows: --arrows e2e4,g8f6 (chains: a1a5c5)"}},
         {.name = "moves-of",
          .takes_value = true,
          .value_name = "SQUARE",
          .help = {"the squares the piece there can reach; captures and the",
                   "pieces a move takes elsewhere are marked differently (a",
                   "position with no piece there: drawn without, a warning)"},
          .brief = "mark the squares the piece on SQUARE can reach"},
         {.name = "flip", .help = {"Black at the bottom"}},
         {.name = "coordinates", .help = {"file letters and rank numbers"}},
         {.name = "no-legend", .help = {"no legend naming the fairy pieces"}},
         {.name = "caption",
          .takes_value = true,
          .value_name = "TEXT",
          .help = {"a line of text under the board (no control characters)"}},
         {.name = "jobs",
          .short_name = 'j',
          .takes_value = true,
          .section = "Other:\n",
          .value_name = "N",
          .help = {"threads (default 1); the output is identical at any N"}},
         {.name = "quiet",
          .short_name = 'q',
          .help = {"no diagnostics of rejected games, no progress bar"}},
         {.name = "max-game-size",
          .takes_value = true,
          .value_name = "MIB",
          .help = {"largest game read (default 64)"},
          .brief = "largest game read, in MiB (default 64)"},
         {.name = "key",
          .takes_value = true,
          .value_name = "FEN",
          .help = {"print the position key of FEN (or startpos) in the --variant,",
                   "as the signed integer --to sqlite stores, and exit"},
          .choices = {"startpos"},
          .brief = "print the position key of FEN and exit"},
         {.name = "list-variants", .help = {"list the variants and exit"}},
         {.name = "help", .short_name = 'h', .help = {"show this help and exit"}},
         {.name = "version", .help = {"show the version and exit"}}},
    .operand_suffixes = {"pgn", "fen", "epd", "json", "jsonl"},
};

int usage_error(const std::string& msg) { return cli::usage_error("fairy-convert", msg); }

enum class Target { kPgn, kFen, kEpd, kJson, kJsonl, kCsv, kSvg, kSqlite };

enum class Fate { kWritten, kFiltered, kRejected };

struct Converted {
  GameReport report;
  Fate fate = Fate::kRejected;
  std::string out;  // the game written in the target form
  analysis::GameDigest digest;
  analysis::ResultFix fix;
  std::vector<std::pair<std::string, std::string>> svgs;  // --to svg: file name, document
  analysis::DbGame db;                                    // --to sqlite: the rows to insert
  std::vector<std::string> notes;  // --to svg: warnings about a diagram (it is still written)
};

struct Settings {
  Target to = Target::kPgn;
  analysis::WriteOptions write;
  analysis::ValidateOptions validate;
  analysis::RecordOptions record;
  analysis::Selection selection;
  std::vector<std::pair<VariantId, Key>> reaches;
  bool fix_result = false;
  bool dedupe = false;
  bool positions_csv = false;
  analysis::SvgOptions svg;
  bool svg_every = false;
  bool vchess = false;  // --from vchess: vchess.club game records  // --to svg: every Nth ply
                        // (--every) instead of the final position
};

// Whether `name` is one that --to svg -o DIR may give a diagram: INPUT-game-N-ply-P.svg
// (the input's number, the game's, the ply), as the emit step below makes them.
bool is_diagram_name(std::string_view name) {
  auto number = [&name] {
    std::size_t digits = 0;
    while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9') ++digits;
    name.remove_prefix(digits);
    return digits > 0;
  };
  auto text = [&name](std::string_view t) {
    if (!name.starts_with(t)) return false;
    name.remove_prefix(t.size());
    return true;
  };
  return number() && text("-game-") && number() && text("-ply-") && number() && name == ".svg";
}

void reject(Converted& c, const parsers::RawGame& game, std::int64_t column,
            const std::string& message) {
  c.report.index = game.index;
  c.report.first_line = game.first_line;
  analysis::Diagnostic d;
  d.severity = parsers::Severity::kError;
  d.line = game.first_line;
  d.column = column;
  d.message = message;
  c.report.diagnostics.push_back(std::move(d));
  ++c.report.errors;
  c.fate = Fate::kRejected;
}

// A line of a FEN / EPD list as a game without moves.
bool read_position(const parsers::RawGame& game, const Settings& s, GameRecord& record,
                   Converted& c) {
  record.clear();
  absl::StatusOr<analysis::PositionLine> line =
      analysis::read_position_line(game.text, s.validate.default_variant);
  if (!line.ok()) {
    reject(c, game, 1, absl::StrCat("invalid position: ", std::string(line.status().message())));
    return false;
  }
  const AnyGame* g = line->game;
  if (!line->id.empty()) record.tags.emplace_back("Event", std::move(line->id));
  record.variant = g->variant().id;
  record.set_up = true;
  record.start_fen = g->fen(s.record.ep_field);
  record.start_key = g->key();
  record.start_side = g->side_to_move();
  record.final_state = g->state();
  record.result_marker = "*";
  if (record.variant != VariantId::kChess)
    record.tags.emplace_back("Variant", std::string(g->variant().name));
  c.report.index = game.index;
  c.report.first_line = game.first_line;
  analysis::add_position_warnings(*line, game.first_line, c.report);
  return true;
}

// Fills the result slot `c` of a game (kept from game to game: its buffers are reused).
void convert_game(const parsers::RawGame& game, const Settings& s, const std::string& file,
                  Converted& c) {
  c.report = GameReport{};
  c.fate = Fate::kRejected;
  if (c.out.capacity() > (4u << 20)) std::string().swap(c.out);  // after a huge game
  c.out.clear();
  c.digest = {};
  c.fix = {};
  c.svgs.clear();
  c.notes.clear();
  c.db = {};
  thread_local GameRecord record;
  if (game.format == parsers::RecordFormat::kPositions) {
    if (!read_position(game, s, record, c)) return;
  } else {
    c.report = analysis::read_game(
        game, s.validate, record, s.record,
        s.vchess && game.format == parsers::RecordFormat::kPgn && game.notes.empty());
  }
  std::string result;
  if (!c.report.valid()) {
    // --fix-result: a game whose only errors are about its result, when the final position
    // decides the result.
    bool only_result = s.fix_result;
    for (const analysis::Diagnostic& d : c.report.diagnostics)
      if (d.severity == parsers::Severity::kError && !d.about_result) only_result = false;
    if (!only_result) {
      c.fate = Fate::kRejected;
      return;
    }
    result = analysis::game_result(record, true, &c.fix);
    if (!c.fix.fixed) {
      c.fate = Fate::kRejected;
      return;
    }
    // The errors about the result are now notes of the fix.
    std::erase_if(c.report.diagnostics, [](const analysis::Diagnostic& d) {
      return d.about_result && d.severity == parsers::Severity::kError;
    });
    c.report.errors = 0;
  } else {
    result = analysis::game_result(record, s.fix_result, &c.fix);
  }
  if (!s.reaches.empty()) {
    analysis::Selection sel = s.selection;
    for (const auto& [v, k] : s.reaches)
      if (v == record.variant) sel.reaches.push_back(k);
    if (sel.reaches.empty() || !analysis::selected(record, sel)) {
      c.fate = Fate::kFiltered;
      return;
    }
  } else if (s.selection.any() && !analysis::selected(record, s.selection)) {
    c.fate = Fate::kFiltered;
    return;
  }
  if (s.write.fen_dialect != FenDialectId::kNative) {
    absl::StatusOr<std::string> f =
        fen_in_dialect(variant_info(record.variant), record.start_fen, s.write.fen_dialect);
    if (!f.ok()) {
      reject(c, game, 1, std::string(f.status().message()));
      return;
    }
  }
  if (s.dedupe) c.digest = analysis::game_digest(record);
  c.fate = Fate::kWritten;
  c.out.reserve(game.text.size() * 2 + 256);  // about what any form of the game takes
  switch (s.to) {
    case Target::kPgn:
      analysis::write_pgn(record, result, s.write, c.out);
      break;
    case Target::kFen:
    case Target::kEpd:
      analysis::write_positions(record, s.to == Target::kEpd, s.write, file, game.index, c.out);
      break;
    case Target::kJson:
    case Target::kJsonl: {
      analysis::JsonWriter w(c.out);
      analysis::write_game_json(w, record, c.report, result, s.write, file);
      if (s.to == Target::kJsonl) c.out += '\n';
      break;
    }
    case Target::kCsv:
      analysis::write_csv(record, result, s.positions_csv, s.write, file, game.index, c.out);
      break;
    case Target::kSvg: {
      // The final position, or every Nth ply of the main line.
      std::vector<std::pair<int, const std::string*>> positions;
      std::vector<const analysis::RecordItem*> line;
      for (const analysis::RecordItem& it : record.items)
        if (it.kind == analysis::RecordItem::kMove && it.depth == 0) line.push_back(&it);
      auto fen_at = [&](int ply) { return ply == 0 ? &record.start_fen : &line[ply - 1]->fen; };
      if (s.svg_every) {
        for (int ply = 0; ply <= int(line.size()); ply += s.write.every)
          positions.emplace_back(ply, fen_at(ply));
      } else {
        positions.emplace_back(int(line.size()), fen_at(int(line.size())));
      }
      AnyGame& g = thread_game(variant_info(record.variant));
      for (const auto& [ply, fen] : positions) {
        if (absl::Status st = g.set_up(*fen); !st.ok()) {
          reject(c, game, 1,
                 absl::StrCat("cannot draw ply ", ply, ": ", std::string(st.message())));
          c.svgs.clear();
          return;
        }
        absl::StatusOr<std::string> svg = analysis::render_svg(g, s.svg);
        if (!svg.ok() && !s.svg.moves_of.empty()) {
          // The options were checked before the run: what fails is --moves-of in this
          // position (no piece on the square...), which does not make the game invalid.
          analysis::SvgOptions without = s.svg;
          without.moves_of.clear();
          absl::StatusOr<std::string> plain = analysis::render_svg(g, without);
          if (plain.ok()) {
            c.notes.push_back(absl::StrCat("ply ", ply, ": ", std::string(svg.status().message()),
                                           "; drawn without them"));
            svg = std::move(plain);
          }
        }
        if (!svg.ok()) {
          reject(c, game, 1, std::string(svg.status().message()));
          c.svgs.clear();
          return;
        }
        c.svgs.emplace_back(absl::StrCat("game-", game.index, "-ply-", ply, ".svg"),
                            std::move(*svg));
      }
      break;
    }
    case Target::kSqlite:
      analysis::make_db_game(record, c.report, result, s.write.with_fen, c.db);
      if (c.fix.fixed)
        c.db.diagnostics.push_back(
            {"note", game.first_line, 0, 0,
             absl::StrCat("result \"", parsers::message_text(c.fix.from), "\" corrected to \"",
                          c.fix.to, "\" (", c.fix.reason, ")")});
      break;
  }
  return;
}

struct Counts {
  std::uint64_t read = 0, written = 0, filtered = 0, rejected = 0, duplicates = 0, fixed = 0,
                warnings = 0;
  void add(const Counts& o) {
    read += o.read;
    written += o.written;
    filtered += o.filtered;
    rejected += o.rejected;
    duplicates += o.duplicates;
    fixed += o.fixed;
    warnings += o.warnings;
  }
};

// "1 game", "2 games" (as fairy-validate writes its summary).
std::string count(std::uint64_t n, const char* noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}

std::string summary(const std::string& name, const Counts& c) {
  std::string s = absl::StrCat(name, ": ", count(c.read, "game"), " read: ", c.written,
                               " written, ", c.filtered, " filtered out");
  if (c.duplicates) absl::StrAppend(&s, " (", count(c.duplicates, "duplicate"), ")");
  absl::StrAppend(&s, ", ", c.rejected, " rejected");
  if (c.fixed) absl::StrAppend(&s, "; ", count(c.fixed, "result"), " fixed");
  absl::StrAppend(&s, "; ", count(c.warnings, "warning"), "\n");
  return s;
}

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

int convert_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, kCommandLine, {})) return *done;

  Settings s;
  const VariantInfo* variant = cli::variant_flag(*args, "fairy-convert");
  if (!variant) return 2;
  s.validate.default_variant = variant->id;
  if (auto fen = args->get("key")) {
    // The key as --to sqlite stores it (games.start_key, moves.key_after).
    const std::string text =
        *fen == "startpos" && !variant->start_fen.empty() ? std::string(variant->start_fen) : *fen;
    absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(*variant, text);
    if (!g.ok()) return usage_error("--key '" + *fen + "': " + std::string(g.status().message()));
    std::cout << analysis::db_key((*g)->key()) << '\n';
    return 0;
  }
  s.validate.roster_warnings = false;  // the export writes the roster anyway
  if (auto t = args->get("to")) {
    const std::pair<const char*, Target> kTargets[] = {
        {"pgn", Target::kPgn},   {"fen", Target::kFen},      {"epd", Target::kEpd},
        {"json", Target::kJson}, {"jsonl", Target::kJsonl},  {"csv", Target::kCsv},
        {"svg", Target::kSvg},   {"sqlite", Target::kSqlite}};
    bool found = false;
    for (const auto& [name, target] : kTargets)
      if (*t == name) {
        s.to = target;
        found = true;
      }
    if (!found)
      return usage_error("--to wants pgn, fen, epd, json, jsonl, csv, svg or sqlite, not '" + *t +
                         "'");
  }
  for (const char* flag : {"mark", "arrows"})
    for (const std::string& v : args->all(flag))
      for (const std::string& item :
           std::vector<std::string>(absl::StrSplit(v, ',', absl::SkipEmpty())))
        (std::string_view(flag) == "mark" ? s.svg.marks : s.svg.arrows).push_back(item);
  s.svg.moves_of = args->get("moves-of").value_or("");
  s.svg.flip = args->has("flip");
  s.svg.coordinates = args->has("coordinates");
  s.svg.legend = !args->has("no-legend");
  s.svg.caption = args->get("caption").value_or("");
  const bool svg_flags = args->has("mark") || args->has("arrows") || args->has("moves-of") ||
                         args->has("flip") || args->has("coordinates") || args->has("no-legend") ||
                         args->has("caption");
  if (svg_flags && s.to != Target::kSvg)
    return usage_error(
        "--mark, --arrows, --moves-of, --flip, --coordinates, --no-legend and "
        "--caption need --to svg");
  if (args->has("moves-of") && s.svg.moves_of.empty())
    return usage_error("--moves-of wants a square (a1 to h8), not ''");
  if (absl::Status st = analysis::check_svg_options(s.svg); !st.ok())
    return usage_error(std::string(st.message()));
  s.svg_every = s.to == Target::kSvg && args->has("every");
  if (auto d = args->get("fen-dialect")) {
    std::optional<FenDialectId> id = find_fen_dialect(*d);
    if (!id)
      return usage_error("unknown FEN dialect '" + *d + "' (known: " + fen_dialect_names() + ")");
    if (*id != FenDialectId::kNative &&
        (s.to == Target::kEpd || s.to == Target::kSvg || s.to == Target::kSqlite))
      return usage_error("--fen-dialect applies to --to pgn, fen, json, jsonl and csv");
    s.write.fen_dialect = *id;
  }
  if (auto c = args->get("uci-castling")) {
    if (*c == "king-to")
      s.record.uci_castling = UciCastling::kKingTo;
    else if (*c != "king-takes-rook")
      return usage_error("--uci-castling wants king-takes-rook or king-to, not '" + *c + "'");
  }
  if (auto e = args->get("fen-en-passant")) {
    if (*e == "always")
      s.record.ep_field = EpField::kAfterDoubleStep;
    else if (*e != "legal")
      return usage_error("--fen-en-passant wants legal or always, not '" + *e + "'");
    if (s.record.ep_field == EpField::kAfterDoubleStep &&
        s.write.fen_dialect != FenDialectId::kNative)
      return usage_error("--fen-en-passant always applies to native FENs (no --fen-dialect)");
  }
  if (auto n = args->get("notation")) {
    if (*n == "san")
      s.write.notation = analysis::Notation::kSan;
    else if (*n == "lan")
      s.write.notation = analysis::Notation::kLan;
    else if (*n == "uci")
      s.write.notation = analysis::Notation::kUci;
    else
      return usage_error("--notation wants san, lan or uci, not '" + *n + "'");
  }
  s.write.comments = !args->has("no-comments");
  s.write.nags = !args->has("no-nags");
  s.write.variations = !args->has("no-variations");
  s.record.variations = s.write.variations;
  s.write.add_fen_tags = args->has("add-fen-tags");
  s.write.add_ply_count = args->has("add-ply-count");
  s.fix_result = args->has("fix-result");
  s.write.final_only = args->has("final");
  s.write.with_fen = args->has("with-fen");
  s.positions_csv = args->has("positions");
  if (s.positions_csv && s.to != Target::kCsv) return usage_error("--positions needs --to csv");
  s.write.csv_raw = args->has("csv-raw");
  if (s.write.csv_raw && s.to != Target::kCsv) return usage_error("--csv-raw needs --to csv");
  if (s.write.with_fen && s.to != Target::kJson && s.to != Target::kJsonl &&
      s.to != Target::kSqlite)
    return usage_error("--with-fen needs --to json, jsonl or sqlite");
  const bool sqlite = s.to == Target::kSqlite;
  if (sqlite) {
    const std::optional<std::string> db = args->get("output");
    if (!db || *db == "-")
      return usage_error("--to sqlite needs the database file: -o FILE (not standard output)");
  }
  auto int_flag = [&](const char* flag, long long lo, long long hi, auto& into) {
    return cli::int_flag(*args, "fairy-convert", flag, lo, hi, into);
  };
  if (!int_flag("every", 1, 1000000000, s.write.every)) return 2;
  if (!int_flag("line-length", 20, 1000000, s.write.line_length)) return 2;
  if (!int_flag("min-plies", 0, 1000000000, s.selection.min_plies)) return 2;
  if (!int_flag("max-plies", 0, 1000000000, s.selection.max_plies)) return 2;
  const bool positions_out = s.to == Target::kFen || s.to == Target::kEpd ||
                             (s.to == Target::kCsv && s.positions_csv) || s.to == Target::kSvg;
  s.record.fens = positions_out || s.write.with_fen;
  // Positions of some plies only: their FENs only (and the final one).
  if (positions_out && !s.write.with_fen && s.to != Target::kSqlite)
    s.record.fen_every =
        s.write.final_only || (s.to == Target::kSvg && !s.svg_every) ? 1000000000 : s.write.every;
  // SAN is written unless the output needs UCI only.
  s.record.san = !(s.to == Target::kPgn && s.write.notation == analysis::Notation::kUci);
  for (const std::string& w : args->all("where")) {
    absl::StatusOr<analysis::TagFilter> f = analysis::parse_tag_filter(w);
    if (!f.ok()) return usage_error(std::string(f.status().message()));
    s.selection.where.push_back(*f);
  }
  for (const std::string& e : args->all("ends-in")) {
    absl::StatusOr<std::string> name = analysis::parse_ends_in(e);
    if (!name.ok()) return usage_error(std::string(name.status().message()));
    s.selection.ends_in.push_back(*name);
  }
  for (const std::string& fen : args->all("reaches")) {
    // The key of the position in every variant that reads it.
    bool any = false;
    std::string first_error;
    for (const VariantInfo& vi : all_variants()) {
      const VariantInfo* v = &vi;
      absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(*v, fen);
      if (!g.ok()) {
        if (first_error.empty() && v->id == s.validate.default_variant)
          first_error = std::string(g.status().message());
        continue;
      }
      s.reaches.emplace_back(v->id, (*g)->key());
      any = true;
    }
    if (!any) return usage_error("--reaches '" + fen + "': " + first_error);
  }
  s.record.keys = !s.reaches.empty() || sqlite;
  s.dedupe = args->has("dedupe");
  if (args->has("duplicates-out") && !s.dedupe)
    return usage_error("--duplicates-out needs --dedupe");
  const bool quiet = args->has("quiet");

  analysis::BatchOptions bo;
  bo.format.reset();
  if (auto f = args->get("from"); f && *f == "vchess") {
    s.vchess = true;
    bo.format = parsers::RecordFormat::kPgn;
  } else if (f) {
    std::optional<parsers::RecordFormat> rf = parsers::find_record_format(*f);
    if (!rf) return usage_error("--from wants pgn, fen, json, jsonl or vchess, not '" + *f + "'");
    bo.format = *rf;
  }
  if (!cli::batch_flags(*args, "fairy-convert", bo)) return 2;
  if (g_mpi->size() > 1) bo.collective = g_mpi;
  // Under MPI each rank converts a share of every input (analysis/batch/game_batch.h); what needs
  // every game before it in one process is refused so far.
  const bool shared = g_mpi->size() > 1;
  if (shared) {
    const char* alone = sqlite                 ? "--to sqlite"
                        : s.to == Target::kSvg ? "--to svg"
                        : s.dedupe             ? "--dedupe"
                                               : nullptr;
    if (alone)
      return usage_error(absl::StrCat("under MPI (", g_mpi->size(), " ranks) ", alone,
                                      " is not shared out: run it with one rank"));
  }
  std::vector<std::string> files = args->positional;
  if (files.empty()) files.push_back("-");

  // --to svg -o DIR: one file per position drawn, in that directory.
  std::string svg_dir;
  if (s.to == Target::kSvg) {
    if (auto o = args->get("output"); o && std::filesystem::is_directory(*o)) svg_dir = *o;
  }
  std::vector<analysis::OutputSpec> outputs;
  for (const char* flag : {"output", "invalid-out", "duplicates-out"})
    if (auto path = args->get(flag); path && !(svg_dir.size() && std::string(flag) == "output"))
      outputs.push_back({std::string("--") + flag, *path});
  // The database is not a file written anew but one opened and appended to: checked, with
  // the journal files SQLite writes beside it, against the inputs and the other outputs
  // here, then left out of the batch's outputs.
  std::unique_ptr<analysis::GameDb> db;
  if (sqlite) {
    std::vector<analysis::OutputSpec> all = outputs;
    for (analysis::OutputSpec& f : analysis::db_side_files("--output", *args->get("output")))
      all.push_back(std::move(f));
    if (absl::Status st = analysis::check_outputs(files, all); !st.ok()) {
      std::cerr << "fairy-convert: " << st.message() << '\n';
      return 2;
    }
    std::erase_if(outputs, [](const analysis::OutputSpec& o) { return o.flag == "--output"; });
  }
  // The diagrams' names in the directory: none may be an input or a symbolic link.
  if (!svg_dir.empty()) {
    if (absl::Status st = analysis::check_output_dir(files, "--output", svg_dir, is_diagram_name);
        !st.ok()) {
      std::cerr << "fairy-convert: " << st.message() << '\n';
      return 2;
    }
  }
  absl::StatusOr<std::unique_ptr<analysis::GameBatch>> opened =
      analysis::GameBatch::open(files, outputs, bo);
  if (!opened.ok()) {
    std::cerr << "fairy-convert: " << opened.status().message() << '\n';
    return 2;
  }
  if (sqlite) {
    absl::StatusOr<std::unique_ptr<analysis::GameDb>> d =
        analysis::GameDb::open(*args->get("output"));
    if (!d.ok()) {
      std::cerr << "fairy-convert: " << d.status().message() << " (the file is left as it was)\n";
      return 2;
    }
    db = std::move(*d);
  }
  analysis::GameBatch& batch = **opened;
  analysis::OutputFile* out_file = batch.output("--output");
  analysis::OutputFile* invalid_out = batch.output("--invalid-out");
  analysis::OutputFile* duplicates_out = batch.output("--duplicates-out");
  cli::MainOutput main_out(batch, out_file);
  auto write_out = [&](std::string_view bytes) { main_out.write(bytes); };
  // Under MPI: what rank 0 has written (its own games and those of the ranks appended), for
  // the separators of a JSON array, which the other ranks write before each of their games.
  bool json_any = false;
  if (shared) {
    batch.set_flush([&main_out] {
      main_out.flush();
      std::fflush(stdout);
    });
  }

  cli::ProgressLine progress(!quiet && cli::ProgressLine::stderr_is_terminal());
  Counts all, totals;
  bool unreadable = false;
  std::uint64_t written_total = 0;
  if (shared)
    batch.set_joining(
        [&](std::string& piece, bool first) {
          if (s.to != Target::kJson || piece.empty()) return;
          if (first && !json_any && written_total == 0 && piece.starts_with(",\n"))
            piece.erase(0, 2);
          json_any = true;
        },
        out_file ? "--output" : "");
  absl::flat_hash_set<analysis::GameDigest> seen;
  std::uint64_t svg_count = 0;
  bool svg_failed = false;
  std::string diag;
  if (s.to == Target::kJson) write_out("[\n");
  if (s.to == Target::kCsv) write_out(analysis::csv_header(s.positions_csv));
  batch.run_into<Converted>(
      [&](const parsers::RawGame& g, Converted& c) { convert_game(g, s, batch.current().name, c); },
      [&](const analysis::BatchFile& file, const parsers::RawGame& game, Converted& c) {
        ++totals.read;
        totals.warnings += std::uint64_t(c.report.warnings);
        if (c.fate == Fate::kRejected) {
          ++totals.rejected;
          batch.write_record(invalid_out, game);
          if (!quiet) {
            diag.clear();
            analysis::write_diagnostics(diag, file.name, c.report, false);
            progress.clear();
            std::fwrite(diag.data(), 1, diag.size(), stderr);
          }
          return;
        }
        if (c.fate == Fate::kWritten && s.dedupe && !seen.insert(c.digest).second) {
          ++totals.filtered;
          ++totals.duplicates;
          batch.write_record(duplicates_out, game);
          return;
        }
        if (c.fate == Fate::kFiltered) {
          ++totals.filtered;
          return;
        }
        if (c.fix.fixed) {
          ++totals.fixed;
          if (!quiet) {
            progress.clear();
            std::fprintf(stderr, "%s:%lld: note: %s: result \"%s\" corrected to \"%s\" (%s)\n",
                         file.name.c_str(), static_cast<long long>(game.first_line),
                         analysis::describe_game(c.report).c_str(),
                         parsers::message_text(c.fix.from).c_str(), c.fix.to.c_str(),
                         c.fix.reason.c_str());
          }
        }
        ++totals.written;
        totals.warnings += c.notes.size();
        if (!quiet) {
          for (const std::string& note : c.notes) {
            progress.clear();
            std::fprintf(stderr, "%s:%lld: warning: %s: %s\n", file.name.c_str(),
                         static_cast<long long>(game.first_line),
                         analysis::describe_game(c.report).c_str(), note.c_str());
          }
        }
        for (auto& [name, svg] : c.svgs) {
          ++svg_count;
          if (!svg_dir.empty()) {
            const std::string path =
                (std::filesystem::path(svg_dir) / (std::to_string(file.index + 1) + "-" + name))
                    .string();
            // Checked again as it is written, with the side files of the run (which may be
            // named like a diagram): the directory may have changed since.
            std::vector<analysis::OutputSpec> written = outputs;
            written.push_back({"--output", path});
            absl::Status st = analysis::check_outputs(files, written);
            absl::StatusOr<std::unique_ptr<analysis::OutputFile>> f =
                st.ok() ? analysis::OutputFile::open(path, analysis::OutputFile::Links::kRefuse)
                        : st;
            if (!f.ok()) st = f.status();
            if (f.ok()) {
              (*f)->write(svg);
              st = (*f)->commit();
            }
            if (!st.ok()) {
              std::cerr << "fairy-convert: " << st.message() << '\n';
              svg_failed = true;
            }
          } else if (svg_count == 1) {
            write_out(svg);
          }
        }
        if (db) {
          db->add(c.db, file.name, game.index, game.first_line);
          if (!db->status().ok()) batch.stop();
          return;
        }
        if (s.to == Target::kJson && (written_total > 0 || json_any || !g_mpi->is_root()))
          write_out(",\n");
        ++written_total;
        if (s.to == Target::kJson && !c.out.empty() && c.out.back() == '\n') c.out.pop_back();
        write_out(c.out);
      },
      [&](const analysis::BatchFile& file, const absl::Status& status) {
        progress.clear();
        if (!status.ok()) {
          std::cerr << "fairy-convert: " << status.message() << '\n';
          unreadable = true;
        }
        if (!file.opened) return;
        if (shared) {  // the counts of every rank's share
          std::vector<std::uint64_t> v{totals.read,     totals.written,    totals.filtered,
                                       totals.rejected, totals.duplicates, totals.fixed,
                                       totals.warnings};
          g_mpi->sum_to_root(v);
          totals = Counts{v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
        }
        std::cerr << summary(file.name, totals);
        all.add(totals);
        totals = Counts{};
      },
      [&](const analysis::BatchProgress& p) {
        progress.show_games(p.file.name, p.fraction, p.file_games, p.total_games);
      });
  if (s.to == Target::kJson) write_out(written_total || all.written ? "\n]\n" : "]\n");
  main_out.flush();
  if (svg_dir.empty() && svg_count > 1) {
    std::cerr << "fairy-convert: --to svg drew " << svg_count
              << " positions, and a single output holds one: only the first was written; "
                 "give -o DIRECTORY for one file per position\n";
    svg_failed = true;
  }
  if (files.size() > 1) std::cerr << summary("total", all);
  const std::vector<absl::Status> write_errors = batch.commit();
  for (const absl::Status& st : write_errors)
    std::cerr << "fairy-convert: " << st.message() << " (the file is left as it was)\n";
  if (main_out.stdout_failed()) std::cerr << "fairy-convert: " << main_out.stdout_error() << '\n';
  bool db_failed = false;
  if (db) {
    // All or nothing: the games are committed only when every input was read to its end
    // and every side file written; else the database is left as it was.
    if (!db->status().ok()) {
      std::cerr << "fairy-convert: " << db->status().message() << '\n';
      db_failed = true;
    }
    if (unreadable || !write_errors.empty() || db_failed) {
      db->rollback();
      std::cerr << "fairy-convert: " << db->path()
                << ": nothing added (the database is left as it was)\n";
    } else if (absl::Status st = db->commit(); !st.ok()) {
      std::cerr << "fairy-convert: " << st.message() << " (the database is left as it was)\n";
      db_failed = true;
    }
  }
  if (unreadable || !write_errors.empty() || main_out.stdout_failed() || db_failed || svg_failed)
    return 2;
  return all.rejected ? 1 : 0;
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
