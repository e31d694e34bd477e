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
#include "rules/registry.h"

namespace fairykit::cli {

struct FlagSpec {
  std::string name;          // long name without "--"
  char short_name = 0;       // 0: none
  bool takes_value = false;  // `--name VALUE`
  bool repeatable = false;   // may be given several times (values accumulate)
};

struct Args {
  std::map<std::string, std::vector<std::string>> values;  // flag -> values ("" for switches)
  std::vector<std::string> positional;

  bool has(const std::string& name) const { return values.count(name) > 0; }
  // The last value of a flag, if given.
  std::optional<std::string> get(const std::string& name) const;
  const std::vector<std::string>& all(const std::string& name) const;
};

absl::StatusOr<Args> parse(int argc, char** argv, const std::vector<FlagSpec>& specs);

// The version every fairykit tool prints.
inline constexpr const char* kVersion = "0.1.0";

// Prints "TOOL: MESSAGE" and the --help hint on stderr; returns 2 (usage error).
int usage_error(std::string_view tool, const std::string& message);

// The flags every tool has: --help (the text, to stdout), --version (with `detail` in
// parentheses when not empty) and --list-variants. Returns the exit status when one of
// them was given, nothing otherwise.
std::optional<int> handle_common_flags(const Args& args, std::string_view tool,
                                       std::string_view help, std::string_view detail = {});

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

// --variant NAME (default chess): the variant, or nullptr after printing the usage error.
const VariantInfo* variant_flag(const Args& args, std::string_view tool);

}  // namespace fairykit::cli
