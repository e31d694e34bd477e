#include "tools/fairy-validate/command_line.h"

#include "tools/common/selection_flags.h"

namespace fairykit::validate_tool {

// --help, the man page and the shell completions are made from this table.
const cli::CommandLine kCommandLine = {
    .tool = "fairy-validate",
    .summary = "check PGN archives of chess variants",
    .head = R"(Usage: fairy-validate [OPTIONS] [FILE...]

Check PGN archives: tag pairs, every move legal (variations too), the result consistent
with the Result tag and with the final position. Files may be plain or compressed
(gzip, bzip2, zstd, xz: recognised by their content); "-" or no file reads standard input.

Diagnostics go to standard error, compiler-style:
  games.pgn:1234:17: error: game 17 (Carlsen - Anand), ply 34: illegal move "Nf6"
A summary per file (games read, valid, invalid, filtered out by a selection, warnings)
goes to standard output. When standard error is a terminal, a progress line is shown
there too (the part of the file read, games, games per second, the time left; from
standard input or a pipe the bytes and games read), and at the end the time taken and
the speed.

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
    .flags = cli::with_selection_flags(
        {{.name = "variant",
          .takes_value = true,
          .section = "Checks:\n",
          .value_name = "NAME",
          .help = {"variant of games without a Variant tag (default: chess);",
                   "see --list-variants. Games name their own with [Variant \"...\"]."},
          .completes = cli::Completes::kVariant},
         {.name = "no-variations", .help = {"do not check the moves of variations"}},
         {.name = "no-roster", .help = {"do not warn about missing tags of the seven-tag roster"}}},
        {{.name = "format",
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
          .help = {"no progress line, summary, timing, notes or warnings:",
                   "only errors and the output asked for"}},
         {.name = "jobs",
          .short_name = 'j',
          .takes_value = true,
          .value_name = "N",
          .help = {"threads (default 1; 0: every core); the output is identical at any N"}},
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
         {.name = "version", .help = {"show the version and exit"}}}),
    .operand_suffixes = {"pgn"},
};

}  // namespace fairykit::validate_tool
