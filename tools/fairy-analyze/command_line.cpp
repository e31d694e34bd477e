#include "tools/fairy-analyze/command_line.h"

#include "tools/common/selection_flags.h"

namespace fairykit::analyze_tool {

// --help, the man page and the shell completions are made from this table.
const cli::CommandLine kCommandLine = {
    .tool = "fairy-analyze",
    .summary = "statistics of game collections of chess variants",
    .head = R"(Usage: fairy-analyze [OPTIONS] [FILE...]

Statistics of game collections of every fairykit variant (chess, chess960, cwda,
superchess, interweave, fluidity). Each game is read, checked as fairy-validate checks it
and replayed; what its moves did is counted. Invalid games are counted as rejected with
their first error (a table of the reasons; -v prints each one's diagnostics); every game
read is either analysed or rejected, or filtered out by the selection. When standard error is a terminal, a progress line
is shown there while the games are read (the part of the file read, games, games per
second, the time left; from standard input or a pipe the bytes and games read).

)",
    .tail = R"(
Exit status: 0 every game was analysed; 1 some game was rejected; 2 usage error, an
unreadable input, an output or an --eval-cache that could not be written; 3 (--engine) an
engine failed on a position (its record says why).

Examples:
  fairy-analyze -j 2 twic*.pgn.zst
  fairy-analyze --group-by Event --format csv games.pgn -o stats.csv
  fairy-analyze --variant interweave --tree 4 --tree-min 3 interweave.pgn
  fairy-analyze --tree 3 --tree-min 20 --html report.html games.pgn
  fairy-analyze -j 2 --positions games.pgn.zst -o positions.jsonl
  fairy-analyze --positions --format csv --perft 2 suite.epd
  fairy-analyze --engine stockfish --nodes 5000 --engines 2 --eval-cache evals.db games.pgn
  fairy-analyze --engine stockfish --nodes 5000 --report tables --html r.html games.pgn
)",
    .column = 26,
    .flags = cli::with_selection_flags(
        {{.name = "variant",
          .takes_value = true,
          .section = "Inputs (FILE, \"-\" or nothing = standard input; gzip, bzip2, zstd, xz "
                     "recognised by content):\n"
                     "  PGN, or fairy-convert's JSON (--to json) and JSON Lines (--to jsonl); with "
                     "--positions\n"
                     "  also FEN / EPD lists (one position a line). Told by the file name (.pgn "
                     ".json .jsonl\n"
                     "  .fen .epd, also under .gz/.bz2/.zst/.xz), else by the first bytes.\n",
          .value_name = "NAME",
          .help = {"variant of games without a Variant tag and of position lists",
                   "(default: chess)"},
          .completes = cli::Completes::kVariant}},
        {{.name = "output",
          .short_name = 'o',
          .takes_value = true,
          .section =
              "The tables (text for people; --format json or csv for programs):\n"
              "  games read, analysed, filtered out (with a selection) and rejected; results by\n"
              "  variant, by CwDA army pairing, by Superchess start array and by any tag "
              "(--group-by);\n"
              "  game lengths (mean, median: of an even count the mean of the middle two); how "
              "the\n"
              "  games ended and where that was read: the board's verdict (board), else the "
              "Termination\n"
              "  tag (tag: the PGN standard's values and \"illegal move\" in any case, any other "
              "value as\n"
              "  written), else a deduction from the result (result: resignation, agreement, the "
              "rule a\n"
              "  draw could be claimed by, unfinished); captures by capturing and captured piece "
              "and by\n"
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
         {.name = "online",
          .help = {"the tables of online play: results by speed class (from",
                   "TimeControl) and rating band, the rating distribution,",
                   "openings by rating band with a 95% interval, the clock left",
                   "and the time spent by move number ([%clk]), losses on time",
                   "from won positions and the quality of moves by the drop in",
                   "expected score ([%eval]) by speed, rating band and player,",
                   "the standings of tournaments (games with rounds) and",
                   "crosstables of round robins"},
          .brief = "the tables of online play"},
         {.name = "rating-band",
          .takes_value = true,
          .value_name = "W",
          .help = {"--online, and --engine's judgement: rating bands W points",
                   "wide (10-1000, default 200)"}},
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
                   "positions where the search reached --win-nodes. With --engine:",
                   "the bound of the search of the games no engine plays",
                   "(interweave, fluidity; default 5)"},
          .brief = "search every position for a forced win within N plies"},
         {.name = "win-nodes",
          .takes_value = true,
          .value_name = "N",
          .help = {"positions one search may visit (default 1000000); a position",
                   "over it is listed, never silently skipped (--engine: its",
                   "record says \"node limit\")"}},
         {.name = "html",
          .takes_value = true,
          .value_name = "FILE",
          .help = {"also write a report for people there: one self-contained web",
                   "page (no scripts, nothing fetched) with the tables, charts",
                   "(results, game lengths, captures by method, White's score",
                   "against the rating difference, the opening tree) and a table of",
                   "contents; written as -o is (atomic, refused when it is an input).",
                   "With --engine: the tables of the moves judged (--report tables)"},
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
         {.name = "engine",
          .takes_value = true,
          .section = "Engine analysis instead of the tables:\n",
          .value_name = "CMD",
          .help = {"evaluate every distinct position of the games (same variant,",
                   "rule options and key: once, however many games reach it) with",
                   "the UCI engine the shell command CMD runs; one JSON Lines",
                   "record per distinct position in the order of its first",
                   "appearance: its variant, key, FEN, side, first file, game and",
                   "ply, occurrences, and the score from White's view (cp, or",
                   "mate in N moves, negative when Black mates), best move, line",
                   "(pv), depth and nodes; or error (the engine failed on it",
                   "twice, its best move was not legal, it does not play the",
                   "game). Checkmate and stalemate are scored by the rules (mate",
                   "0: the side to move is mated). CMD gets every game it plays:",
                   "chess and chess960 (Stockfish); superchess and cwda under",
                   "UCI_Variant, with the variants file fairykit passes itself to",
                   "an engine that lists VariantPath (Fairy-Stockfish; cwda needs",
                   "one with custom pieces). A game it does not play is said once",
                   "on standard error, its positions an error. No engine plays",
                   "interweave and fluidity: fairykit searches them for a forced",
                   "win (--find-wins). Standard error: positions read, distinct,",
                   "analysed, from the cache, failed"},
          .completes = cli::Completes::kFile,
          .brief = "evaluate every distinct position with the UCI engine CMD",
          .layout = cli::HelpLayout::kInline},
         {.name = "nodes",
          .takes_value = true,
          .value_name = "N",
          .help = {"search each position to N nodes (go nodes N)"},
          .brief = "the search limit: N nodes per position"},
         {.name = "depth",
          .takes_value = true,
          .value_name = "D",
          .help = {"search each position to depth D (go depth D)"},
          .brief = "the search limit: depth D per position"},
         {.name = "movetime",
          .takes_value = true,
          .value_name = "MS",
          .help = {"search each position for MS milliseconds (go movetime MS;",
                   "not reproducible: the other two are, with one engine thread)"},
          .brief = "the search limit: MS milliseconds per position"},
         {.name = "engines",
          .takes_value = true,
          .value_name = "K",
          .help = {"engine processes searching at once (1-64, default 1), each",
                   "sent Threads=1 unless --engine-option sets Threads"},
          .brief = "engine processes searching at once"},
         {.name = "engine-option",
          .takes_value = true,
          .repeatable = true,
          .value_name = "NAME=VALUE",
          .help = {"sent as \"setoption name NAME value VALUE\" to every engine",
                   "after \"uci\" (repeatable), e.g. Hash=64"},
          .brief = "a setoption sent to the engines, repeatable"},
         {.name = "engine-timeout",
          .takes_value = true,
          .value_name = "S",
          .help = {"the longest wait, in seconds, for each whole answer of an",
                   "engine (default 60, plus the --movetime); an engine that",
                   "takes longer is stopped, started again and the position", "tried once more"},
          .brief = "the longest wait for an answer of an engine, in seconds"},
         {.name = "eval-cache",
          .takes_value = true,
          .value_name = "FILE",
          .help = {"an SQLite database of evaluations (created when absent):",
                   "positions found there under the same engine (id name),",
                   "options and limit are not sent to the engine, and each new",
                   "evaluation is committed as it comes (a killed run loses only",
                   "the searches in flight); runs may share it (WAL mode)"},
          .completes = cli::Completes::kFile,
          .brief = "an SQLite cache of evaluations"},
         {.name = "report",
          .takes_value = true,
          .value_name = "R",
          .help = {"what --engine writes: positions (default): the records above;",
                   "moves: one JSON Lines record per move of the games judged by",
                   "the evaluations before and after it (both from White's view",
                   "and the mover's), with the engine's best move and line there,",
                   "the loss of expected score by lichess's win-probability curve,",
                   "the centipawn loss, the move's accuracy and its class:",
                   "inaccuracy from a loss of 0.05, mistake 0.10, blunder 0.15;",
                   "tables: by variant, by game and side, by player (--top) and by",
                   "rating band (--rating-band), the mean centipawn loss, accuracy",
                   "(lichess's), and each class counted and per 100 moves (--format",
                   "text, json or csv). A move next to a position with no",
                   "evaluation is unjudged, and counted"},
          .choices = {"positions", "moves", "tables"},
          .brief = "what --engine writes: positions, moves or tables"},
         {.name = "eval-graphs",
          .help = {"with --engine and --html: an evaluation graph per game on the",
                   "page (White's expected score after each move; inaccuracies,",
                   "mistakes and blunders marked)"},
          .brief = "with --engine --html: an evaluation graph per game"},
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
         {.name = "version", .help = {"show the version and exit"}}}),
    .operand_suffixes = {"pgn", "json", "jsonl", "fen", "epd"},
};

}  // namespace fairykit::analyze_tool
