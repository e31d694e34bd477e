#include "tools/fairy-convert/command_line.h"

#include "tools/common/selection_flags.h"

namespace fairykit::convert_tool {

const cli::CommandLine kCommandLine = {
    .tool = "fairy-convert",
    .summary = "convert game records of chess variants from one form into another",
    .head = R"(Usage: fairy-convert [OPTIONS] [FILE...]

Convert game records of every fairykit variant (chess, chess960, cwda, superchess,
interweave, fluidity) from one form into another. Each game is read, checked as
fairy-validate checks it and replayed: the moves are written again from the position, so
that notation, check marks and FENs come out right. Invalid games are rejected (reported
on standard error, and with --invalid-out kept verbatim); nothing is lost:
games read = written + filtered out + rejected, in the summary on standard error. When
standard error is a terminal, a progress line is shown there while the games are read
(the part of the file read, games, games per second, the time left; from standard input
or a pipe the bytes and games read).

)",
    .tail = R"(
Exit status: 0 all games read were converted or filtered out; 1 some game was rejected;
2 usage error, an unreadable input or --annotate cache, or an output that could not be
written.

Examples:
  fairy-convert games.pgn.zst -o clean.pgn
  fairy-convert -j 2 --to jsonl --with-fen twic.pgn > twic.jsonl
  fairy-convert twic.jsonl --to pgn --notation uci
  fairy-convert --to epd --every 10 --where 'WhiteElo>=2600' games.pgn
  fairy-convert --dedupe --duplicates-out dups.pgn a.pgn b.pgn -o merged.pgn
  fairy-convert -j 2 --to sqlite -o games.db twic*.pgn
  fairy-convert --split 1000 -o 'parts/twic-{n}.pgn' twic.pgn.zst
  fairy-convert --split-by Date:year -o 'by-year/{value}.pgn' games.pgn
  fairy-convert --annotate evals.db games.pgn -o annotated.pgn
)",
    .column = 26,
    .flags = cli::with_selection_flags(
        {
            {.name = "from",
             .takes_value = true,
             .section =
                 "Inputs (FILE, \"-\" or nothing = standard input; gzip, bzip2, zstd, xz "
                 "recognised "
                 "by "
                 "content):\n"
                 "  PGN; FEN / EPD lists (one position per line); fairy-convert's JSON (--to json) "
                 "and\n"
                 "  JSON Lines (--to jsonl). The format is told by the file name (.pgn .fen .epd "
                 ".json\n"
                 "  .jsonl, also under .gz/.bz2/.zst/.xz), else by the first bytes; --from sets "
                 "it.\n",
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
                      "svg: board diagrams; -o NAME.svg holds one, -o DIR (made when",
                      "  missing; a name without .svg or ending in /) one a position",
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
            {.name = "add-eco",
             .help = {"ECO, Opening and Variation tags (in place of any the game has)",
                      "from the bundled lichess opening names, matched by position",
                      "(transpositions are named), for standard chess games from the",
                      "standard start; the deepest named position of the first 40",
                      "plies (--eco-deepest) or the last one before the moves leave",
                      "the book (--eco-first)"},
             .brief = "ECO, Opening and Variation tags, matched by position"},
            {.name = "eco-deepest",
             .help = {"--add-eco: the deepest named position the game reaches (the", "default)"},
             .brief = "--add-eco: the deepest named position (default)"},
            {.name = "eco-first",
             .help = {"--add-eco: the last named position before the game's moves",
                      "first reach one the book does not name"},
             .brief = "--add-eco: where the moves leave the book"},
            {.name = "fix-result",
             .help = {"a result that contradicts the final position (checkmate,",
                      "stalemate, dead position, a King taken...) is corrected and",
                      "reported, instead of the game being rejected"},
             .brief = "correct a result that contradicts the final position"},
            {.name = "fix",
             .help = {"repair what has one sensible answer, each repair a note on",
                      "standard error: the Result tag against the termination marker,",
                      "castling with zeros, promotions without '=' and other move",
                      "notation, the missing seven-tag roster, dates to YYYY.MM.DD",
                      "(an ambiguous date is left, with a warning), SetUp \"1\" beside",
                      "a FEN tag; implies --fix-result"},
             .brief = "repair what has one sensible answer (implies --fix-result)"},
            {.name = "annotate",
             .takes_value = true,
             .value_name = "CACHE",
             .help = {"the evaluations of an engine cache (the SQLite file of",
                      "fairy-analyze's engine analysis, read only) written into",
                      "the games as lichess does: [%eval] comments, the NAGs",
                      "?! ? ?? ($6 $2 $4) of inaccuracies, mistakes, blunders and",
                      "the engine's line before them as a variation (--to json,",
                      "jsonl, sqlite, csv --positions: the eval fields too)"},
             .completes = cli::Completes::kFile,
             .brief = "write the evaluations of an engine cache into the games"},
            {.name = "annotate-engine",
             .takes_value = true,
             .value_name = "TEXT",
             .help = {"--annotate: the engine settings of the cache whose line",
                      "holds TEXT (\"Stockfish 16\" (nodes 5000)); needed when the",
                      "cache holds several"},
             .brief = "--annotate: the engine settings of the cache to use"},
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
            {.name = "split",
             .takes_value = true,
             .section =
                 "Splitting (any --to but svg and sqlite): the games written go to files named by\n"
                 "-o PATTERN, whose file name holds {n} (the file's number, from 1, in 4 digits "
                 "or\n"
                 "more; {n:W}: W digits), {value} (the value, made safe for a file name) or both;\n"
                 "{{ and }} write a brace. Each file is written under a temporary name and "
                 "renamed\n"
                 "when complete; the summary lists every file with its games.\n",
             .value_name = "N",
             .help = {"files of N games: -o 'games-{n}.pgn'"},
             .brief = "write files of N games each"},
            {.name = "split-by",
             .takes_value = true,
             .value_name = "TAG",
             .help = {"a file per value of the tag TAG: Event, ECO, Site...;",
                      "Variant: the game's variant (also without the tag);",
                      "TAG:year: the year of a date (Date:year). Games without",
                      "the value (no tag, \"\", \"?\") go to {value} = unknown"},
             .choices = {"Event", "Site", "Round", "White", "Black", "ECO", "Variant", "Result"},
             .brief = "a file per value of the tag TAG"},
        },
        {{.name = "dedupe", .help = {"keep the first of games with the same start and moves"}},
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
         {.name = "stop-after",
          .takes_value = true,
          .value_name = "N",
          .help = {"stop once N games are written: the first N in input order at",
                   "any -j (the summary counts the games up to the Nth)"},
          .brief = "stop once N games are written"},
         {.name = "mark",
          .takes_value = true,
          .repeatable = true,
          .section = "Diagrams (--to svg): the final position of each game, or every Nth ply "
                     "with --every "
                     "N,\n"
                     "or each position of a list; to standard output or -o FILE when there is "
                     "one, else\n"
                     "-o DIRECTORY (one file per position: INPUT-game-N-ply-P.svg; a symbolic "
                     "link or an\n"
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
          .help = {"threads (default 1; 0: every core); the output is identical at any N"}},
         {.name = "quiet",
          .short_name = 'q',
          .help = {"no progress line, summary, timing, notes or warnings:",
                   "only errors and the output asked for"}},
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
         {.name = "version", .help = {"show the version and exit"}}}),
    .operand_suffixes = {"pgn", "fen", "epd", "json", "jsonl"},
};

}  // namespace fairykit::convert_tool
