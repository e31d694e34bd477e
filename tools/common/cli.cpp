#include "tools/common/cli.h"

#include <charconv>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "rules/registry.h"

namespace fairykit::cli {

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

const std::vector<std::string>& Args::all(const std::string& name) const {
  static const std::vector<std::string> kEmpty;
  auto it = values.find(name);
  return it == values.end() ? kEmpty : it->second;
}

absl::StatusOr<Args> parse(int argc, char** argv, const std::vector<FlagSpec>& specs) {
  Args args;
  bool flags_done = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (flags_done || a.size() < 2 || a[0] != '-') {
      args.positional.emplace_back(a);
      continue;
    }
    if (a == "--") {
      flags_done = true;
      continue;
    }
    const FlagSpec* spec = nullptr;
    std::optional<std::string> inline_value;
    std::string shown;
    if (a.substr(0, 2) == "--") {
      std::string_view body = a.substr(2);
      std::size_t eq = body.find('=');
      std::string_view name = body.substr(0, eq);
      if (eq != std::string_view::npos) inline_value = std::string(body.substr(eq + 1));
      for (const FlagSpec& s : specs)
        if (s.name == name) spec = &s;
      shown = "--" + std::string(name);
    } else {
      for (const FlagSpec& s : specs)
        if (s.short_name && s.short_name == a[1]) spec = &s;
      if (a.size() > 2) inline_value = std::string(a.substr(2));
      shown = std::string(a.substr(0, 2));
    }
    if (!spec) return absl::InvalidArgumentError(absl::StrCat("unknown option '", shown, "'"));
    std::string value;
    if (spec->takes_value) {
      if (inline_value) {
        value = *inline_value;
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrCat("option '", shown, "' needs a value"));
      }
    } else if (inline_value) {
      return absl::InvalidArgumentError(absl::StrCat("option '", shown, "' takes no value"));
    }
    auto& vals = args.values[spec->name];
    if (!spec->repeatable) vals.clear();
    vals.push_back(value);
  }
  return args;
}

int usage_error(std::string_view tool, const std::string& message) {
  std::cerr << tool << ": " << message << "\nTry '" << tool << " --help' for more information.\n";
  return 2;
}

std::optional<int> handle_common_flags(const Args& args, std::string_view tool,
                                       std::string_view help, std::string_view detail) {
  if (args.has("help")) {
    std::cout << help;
    return 0;
  }
  if (args.has("version")) {
    std::cout << tool << " (fairykit) " << kVersion;
    if (!detail.empty()) std::cout << " (" << detail << ")";
    std::cout << "\n";
    return 0;
  }
  if (args.has("list-variants")) {
    for (const VariantInfo& v : all_variants())
      std::cout << absl::StrFormat("%-10s %s\n", v.name, v.description);
    return 0;
  }
  return std::nullopt;
}

absl::StatusOr<long long> parse_int(const std::string& flag, const std::string& text, long long lo,
                                    long long hi) {
  long long v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi)
    return absl::InvalidArgumentError(absl::StrCat("--", flag, " wants a whole number from ", lo,
                                                   " to ", hi, ", not '", text, "'"));
  return v;
}

}  // namespace fairykit::cli
