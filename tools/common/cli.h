// GNU-style command-line parsing shared by the fairykit tools: long flags with hyphens
// (`--max-depth 5`, `--max-depth=5`), short flags (`-j 2`, `-j2`), `--` to end the flags,
// everything else positional. Errors are one line naming the flag.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/game/registry.h"

namespace fairykit::cli {

// What the value of a flag completes to in the shells.
enum class Completes {
  kNothing,    // a number, a FEN, text: nothing to offer
  kFile,       // a file name
  kDirectory,  // a directory name
  kVariant,    // a variant name of the registry
  kChoice,     // one of `choices`
};

// Where the description of a flag starts in --help.
enum class HelpLayout {
  kColumn,    // at the tool's column, on the flag's line when it fits, else on the next one
  kNextLine,  // on the next line even when it would fit
  kInline,    // two spaces after the flag, even past the column
};

// One flag: how it parses, and everything --help, the man page and the shell completions
// say about it, so that they cannot disagree.
struct FlagSpec {
  std::string name;          // long name without "--"
  char short_name = 0;       // 0: none
  bool takes_value = false;  // `--name VALUE`
  bool repeatable = false;   // may be given several times (values accumulate)
  // Text that opens a section of --help before this flag: a heading ending in ':' and maybe
  // lines of prose, each line ending in '\n'. A blank line goes before it.
  std::string section = {};
  std::string value_name = {};  // shown after the flag: "N", "FILE"
  // The description, one string a --help line, placed at the description column; a
  // leading blank indents a line under the one before it.
  std::vector<std::string> help = {};
  std::vector<std::string> choices = {};  // the values it takes, when they are enumerated
  Completes completes = Completes::kNothing;
  std::string brief = {};  // for the completion menus; default: the start of `help`
  HelpLayout layout = HelpLayout::kColumn;
  // Shown on the line of the flag before it ("--min-plies N, --max-plies N"), sharing the
  // description of that one.
  bool joined = false;
  // A further description of a flag listed before, in another section (the flag means
  // something else with another flag); parsed once, completed with both entries' choices.
  bool again = false;
  bool hidden = false;  // parsed, but in no help, man page or completion
};

// A tool's command line: its flags, and the hand-written text of --help around them.
struct CommandLine {
  std::string tool;
  std::string summary;  // the man page's NAME line: what the tool does, in a few words
  std::string head;     // --help before the flags: the usage lines, the description
  std::string tail;     // --help after the flags: exit status, examples
  int column = 26;      // where the descriptions of the flags start
  std::vector<FlagSpec> flags;
  // The operands (FILE...): files, listed first when their names end in one of these
  // (each also under .gz, .bz2 or .zst).
  std::vector<std::string> operand_suffixes = {};
};

// The option part of --help, made from the flags.
std::string options_help(const CommandLine& cl);
// The whole of --help: head, options, tail.
std::string help_text(const CommandLine& cl);
// What --generate FORMAT prints: "bash", "zsh", "fish" (completion scripts), "man" (the
// page, section 1, roff) or "table" (a flag a line, tab-separated: long name, short name,
// value name, what it completes to, the choices comma-separated: for tests); nothing for
// another FORMAT.
std::optional<std::string> generate(const CommandLine& cl, std::string_view format);

struct Args {
  std::map<std::string, std::vector<std::string>> values;  // flag -> values ("" for switches)
  std::vector<std::string> positional;

  bool has(const std::string& name) const { return values.count(name) > 0; }
  // The last value of a flag, if given.
  std::optional<std::string> get(const std::string& name) const;
  const std::vector<std::string>& all(const std::string& name) const;
};

absl::StatusOr<Args> parse(int argc, char** argv, const std::vector<FlagSpec>& specs);

// The same with the flags of `cl` and the hidden --generate FORMAT of every tool.
absl::StatusOr<Args> parse(int argc, char** argv, const CommandLine& cl);

// The flag meant by an unknown long option `name` (without "--"), for "did you mean": the
// non-hidden flag nearest to it within a third of its length in edits (a swap of two
// neighbours is one), else the only one that it begins or that begins it; none otherwise.
std::optional<std::string> nearest_flag(std::string_view name, const std::vector<FlagSpec>& specs);

// The input files of a batch tool: its operands, or "-" (standard input) when it has none.
// Reading a terminal then, the tool says so on standard error in one line (how to end the
// input, that files may be given), rather than waiting without a word.
std::vector<std::string> input_files(const Args& args, std::string_view tool);

// The names of the FEN dialects, for the choices of --fen-dialect.
std::vector<std::string> fen_dialect_choices();

// The version every fairykit tool prints.
inline constexpr const char* kVersion = "0.1.0";

// Prints "TOOL: MESSAGE" and the --help hint on stderr; returns 2 (usage error).
int usage_error(std::string_view tool, const std::string& message);

// The flags every tool has: --help (the text, to stdout), --version (with `detail` in
// parentheses when not empty), --list-variants and the hidden --generate. Returns the exit
// status when one of them was given, nothing otherwise.
std::optional<int> handle_common_flags(const Args& args, const CommandLine& cl,
                                       std::string_view detail = {});

// Runs a tool's real main() so that nothing escapes it: an exception (which the readers do
// not throw, but memory can run out) becomes "TOOL: internal error: ..." and exit 2. Then
// standard output is flushed and closed and checked: when anything written to it was lost
// (a full disk, a closed descriptor), "TOOL: cannot write standard output: REASON" and exit 2.
int run_main(std::string_view tool, int argc, char** argv, int (*real_main)(int, char**));

// "cannot write standard output: REASON" for a write to descriptor 1 that failed with
// errno `err`: "it is closed" when it was closed when the tool started (run_main), else
// strerror(err).
std::string stdout_error(int err);

// A whole decimal number in [lo, hi]; the error names the flag.
absl::StatusOr<long long> parse_int(const std::string& flag, const std::string& text, long long lo,
                                    long long hi);

// An integer flag: its value, in [lo, hi], stored in `into` (left alone when the flag is
// not given). False after printing the usage error (the caller exits 2).
template <class T>
bool int_flag(const Args& args, std::string_view tool, const std::string& flag, long long lo,
              long long hi, T& into) {
  if (std::optional<std::string> v = args.get(flag)) {
    absl::StatusOr<long long> n = parse_int(flag, *v, lo, hi);
    if (!n.ok()) {
      usage_error(tool, std::string(n.status().message()));
      return false;
    }
    into = static_cast<T>(*n);
  }
  return true;
}

// -j/--jobs N: threads from 1 to 1024, or 0 for every core of the machine (as many as
// std::thread::hardware_concurrency() counts, 1 when it does not know). Stored in `into`
// when given; false after printing the usage error (the caller exits 2).
bool jobs_flag(const Args& args, std::string_view tool, int& into);

// --variant NAME (default chess): the variant, or nullptr after printing the usage error.
const VariantInfo* variant_flag(const Args& args, std::string_view tool);

}  // namespace fairykit::cli
