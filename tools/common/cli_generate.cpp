// --help, the man page and the shell completions of a tool, all made from its flag table
// (CommandLine), so that none of them can fall out of step with what the tool parses.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "rules/game/registry.h"
#include "tools/common/cli.h"

namespace fairykit::cli {

namespace {

std::string label(const FlagSpec& f) {
  std::string s = "--" + f.name;
  if (!f.value_name.empty()) absl::StrAppend(&s, " ", f.value_name);
  return s;
}

// The left part of a flag's --help entry: its names, and those of the flags joined to it.
std::string left_part(const std::vector<FlagSpec>& flags, std::size_t i) {
  const FlagSpec& f = flags[i];
  std::string s =
      f.short_name ? absl::StrCat("  -", std::string(1, f.short_name), ", ") : std::string(6, ' ');
  s += label(f);
  for (std::size_t j = i + 1; j < flags.size() && flags[j].joined; ++j)
    absl::StrAppend(&s, ", ", label(flags[j]));
  return s;
}

// absl's string_view is not std's in the abseil the tools build with: the splits are here.
std::vector<std::string_view> split(std::string_view text, std::string_view sep) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(sep, at);
    parts.push_back(text.substr(at, end - at));
    if (end == std::string_view::npos) return parts;
    at = end + sep.size();
  }
}

std::string trim(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \n");
  if (b == std::string_view::npos) return {};
  return std::string(s.substr(b, s.find_last_not_of(" \n") - b + 1));
}

// A flag as the completions see it: the entries of one flag merged (an `again` entry adds
// its choices), joined flags with the description of the flag they are joined to.
struct Completion {
  const FlagSpec* flag;
  std::vector<std::string> choices;
  Completes completes;
  std::string brief;
};

// The start of a description, short enough for a completion menu.
std::string brief_of(const std::vector<std::string>& help) {
  std::string text;
  for (const std::string& line : help) {
    if (!text.empty()) text += ' ';
    text += trim(line);
  }
  for (std::string_view stop : {"; ", ". ", " ("}) {
    const std::size_t at = text.find(stop);
    if (at != std::string::npos) text.resize(at);
  }
  constexpr std::size_t kMax = 60;
  if (text.size() > kMax) {
    text.resize(text.rfind(' ', kMax));
    while (!text.empty() && (text.back() == ',' || text.back() == ' ')) text.pop_back();
  }
  while (!text.empty() && (text.back() == ':' || text.back() == '.' || text.back() == ','))
    text.pop_back();
  return text;
}

std::vector<Completion> completions(const CommandLine& cl) {
  std::vector<Completion> out;
  const FlagSpec* leader = nullptr;
  for (const FlagSpec& f : cl.flags) {
    if (!f.joined) leader = &f;
    if (f.hidden) continue;
    auto same = std::find_if(out.begin(), out.end(),
                             [&](const Completion& c) { return c.flag->name == f.name; });
    if (same != out.end()) {
      for (const std::string& c : f.choices)
        if (std::find(same->choices.begin(), same->choices.end(), c) == same->choices.end())
          same->choices.push_back(c);
      continue;
    }
    Completion c{&f, f.choices, f.completes, f.brief};
    if (c.completes == Completes::kNothing && !c.choices.empty()) c.completes = Completes::kChoice;
    if (c.brief.empty()) c.brief = brief_of(f.joined && leader ? leader->help : f.help);
    out.push_back(std::move(c));
  }
  return out;
}

bool ends_the_run(const FlagSpec& f) {
  return f.name == "help" || f.name == "version" || f.name == "list-variants";
}

std::vector<std::string> variant_names_list() {
  std::vector<std::string> names;
  for (const VariantInfo& v : all_variants()) names.emplace_back(v.name);
  return names;
}

std::string choices_of(const Completion& c) {
  return absl::StrJoin(c.completes == Completes::kVariant ? variant_names_list() : c.choices, " ");
}

std::string identifier(std::string_view tool) {
  std::string s(tool);
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// Words joined by `sep` in lines of at most `width` characters: a line broken ends with
// `sep` (without its trailing blanks) and `line_end`, the next one starts with `indent`.
std::string wrap(const std::vector<std::string>& words, std::string_view sep,
                 std::string_view line_end, std::string_view indent, std::size_t width) {
  std::string out;
  std::size_t line_start = 0;
  for (const std::string& w : words) {
    if (out.size() > line_start && out.size() - line_start + sep.size() + w.size() > width) {
      absl::StrAppend(&out, std::string(sep.substr(0, sep.find_last_not_of(' ') + 1)),
                      std::string(line_end), "\n");
      line_start = out.size();
      out += indent;
    } else if (out.size() > line_start) {
      out += sep;
    }
    out += w;
  }
  return out;
}

std::string bash(const CommandLine& cl) {
  const std::string fn = "_" + identifier(cl.tool);
  const std::vector<Completion> flags = completions(cl);
  std::string s = absl::StrCat(
      "# bash completion for ", cl.tool, " (fairykit)                  -*- shell-script -*-\n",
      "#\n# Made by ", cl.tool, " from its flag table. Source this file, or install it as `",
      cl.tool, "` in a\n# bash-completion directory (e.g. /usr/share/bash-completion/completions/",
      cl.tool,
      ").\n# Works with or without the bash-completion package; with it, "
      "`--flag=value` words are\n# completed too.\n\n");
  absl::StrAppend(&s, "# A file name.\n", fn, R"(_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
    return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -A file -- "$cur")
}

# A directory name.
)",
                  fn, R"(_dirs() {
  if declare -F _filedir >/dev/null; then
    _filedir -d
    return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -A directory -- "$cur")
}

)");
  if (cl.operand_suffixes.empty()) {
    absl::StrAppend(&s, "# The operands: files.\n", fn, "_operands() {\n  ", fn, "_files\n}\n\n");
  } else {
    const std::string alternatives = absl::StrJoin(cl.operand_suffixes, "|");
    std::vector<std::string> patterns;
    for (const std::string& x : cl.operand_suffixes) patterns.push_back("*." + x);
    absl::StrAppend(&s, "# The operands: ", absl::StrJoin(patterns, ", "),
                    " (each also as .gz, .bz2, .zst or .xz) and\n# directories first; any file "
                    "when none match.\n",
                    fn,
                    "_operands() {\n  if declare -F _filedir >/dev/null; then\n    _filedir '@(",
                    alternatives, R"()?(.gz|.bz2|.zst|.xz)'
    ((${#COMPREPLY[@]})) || _filedir
    return
  fi
  local f base
  local -a all operands=()
  compopt -o filenames 2>/dev/null
  mapfile -t all < <(compgen -A file -- "$cur")
  for f in "${all[@]}"; do
    base=${f%.gz}
    base=${base%.bz2}
    base=${base%.zst}
    base=${base%.xz}
    case $base in
      )",
                    absl::StrJoin(patterns, " | "), R"() operands+=("$f") ;;
      *) [[ -d $f ]] && operands+=("$f") ;;
    esac
  done
  if ((${#operands[@]})); then
    COMPREPLY=("${operands[@]}")
  else
    COMPREPLY=("${all[@]}")
  fi
}

)");
  }
  absl::StrAppend(&s, fn, R"(() {
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
    # Without bash-completion, '=' is a word of its own: `--to=j` is "--to" "=" "j".
    if [[ $cur == = ]]; then
      cur=
    elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
      prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
  fi

  # After `--` every word is an operand.
  local i
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} == -- ]]; then
      )",
                  fn, R"(_operands
      return
    fi
  done

  case $prev in
)");
  // One branch a kind of value; the flags of a kind share it, those with choices have one
  // each.
  auto names = [](const FlagSpec& f) {
    return f.short_name ? absl::StrCat("-", std::string(1, f.short_name), " | --", f.name)
                        : "--" + f.name;
  };
  auto branch = [&](Completes kind, std::string_view action, std::string_view comment) {
    std::vector<std::string> pattern;
    for (const Completion& c : flags)
      if (c.flag->takes_value && c.completes == kind) pattern.push_back(names(*c.flag));
    if (pattern.empty()) return;
    absl::StrAppend(&s, "    ", wrap(pattern, " | ", " \\", "      ", 84), ")\n");
    if (!comment.empty()) absl::StrAppend(&s, "      # ", std::string(comment), "\n");
    if (!action.empty()) absl::StrAppend(&s, "      ", std::string(action), "\n");
    absl::StrAppend(&s, "      return\n      ;;\n");
  };
  for (const Completion& c : flags) {
    if (!c.flag->takes_value ||
        (c.completes != Completes::kChoice && c.completes != Completes::kVariant))
      continue;
    absl::StrAppend(&s, "    ", names(*c.flag), ")\n      mapfile -t COMPREPLY < <(compgen -W '",
                    choices_of(c), "' -- \"$cur\")\n      return\n      ;;\n");
  }
  branch(Completes::kFile, fn + "_files", "");
  branch(Completes::kDirectory, fn + "_dirs", "");
  branch(Completes::kNothing, "", "a number, a FEN, text...: nothing to offer");
  absl::StrAppend(&s, "  esac\n  $split && return\n\n  if [[ $cur == -* ]]; then\n");
  std::vector<std::string> words;
  for (const Completion& c : flags) {
    if (c.flag->short_name) words.push_back(absl::StrCat("-", std::string(1, c.flag->short_name)));
    words.push_back("--" + c.flag->name);
  }
  const std::string list = wrap(words, " ", "", "      ", 76);
  absl::StrAppend(&s, "    local opts=\"", list, "\"\n",
                  "    mapfile -t COMPREPLY < <(compgen -W \"$opts\" -- \"$cur\")\n"
                  "    return\n  fi\n  ",
                  fn, "_operands\n}\n\ncomplete -F ", fn, " ", cl.tool, "\n");
  return s;
}

// A description for zsh's _arguments, inside single quotes and brackets.
std::string zsh_text(std::string_view text) {
  std::string s;
  for (char ch : text) {
    if (ch == '\'') {
      s += "'\\''";
    } else {
      if (ch == '[' || ch == ']' || ch == '\\') s += '\\';
      s += ch;
    }
  }
  return s;
}

std::string zsh(const CommandLine& cl) {
  const std::string fn = "_" + cl.tool;
  std::string s = absl::StrCat("#compdef ", cl.tool, "\n# zsh completion for ", cl.tool,
                               " (fairykit), made by ", cl.tool,
                               " from its flag table.\n# Put this file in a directory of $fpath "
                               "(e.g. /usr/share/zsh/vendor-completions)\n# before compinit "
                               "runs.\n\n");
  absl::StrAppend(&s, "# The operands.\n(( $+functions[", fn, "_operands] )) ||\n", fn,
                  "_operands() {\n");
  if (cl.operand_suffixes.empty()) {
    s += "  _files\n}\n\n";
  } else {
    absl::StrAppend(&s, "  _files -g '*.(", absl::StrJoin(cl.operand_suffixes, "|"),
                    ")(|.gz|.bz2|.zst|.xz)(-.)'\n}\n\n");
  }
  s += "_arguments -S \\\n";
  for (const Completion& c : completions(cl)) {
    const FlagSpec& f = *c.flag;
    std::string spec;
    if (ends_the_run(f)) spec = "'(- *)'";
    const char* value_mark = f.takes_value ? "=" : "";
    if (f.short_name) {
      const std::string shrt = absl::StrCat("-", std::string(1, f.short_name));
      if (spec.empty()) spec = f.repeatable ? "'*'" : absl::StrCat("'(", shrt, " --", f.name, ")'");
      absl::StrAppend(&spec, "{", shrt, f.takes_value ? "+" : "", ",--", f.name, value_mark, "}'");
    } else {
      if (spec.empty())
        spec = "'";
      else
        spec.pop_back();
      absl::StrAppend(&spec, f.repeatable ? "*" : "", "--", f.name, value_mark);
    }
    absl::StrAppend(&spec, "[", zsh_text(c.brief), "]");
    if (f.takes_value) {
      absl::StrAppend(&spec, ":", zsh_text(f.value_name), ":");
      switch (c.completes) {
        case Completes::kNothing:
          spec += " ";
          break;
        case Completes::kFile:
          spec += "_files";
          break;
        case Completes::kDirectory:
          spec += "_files -/";
          break;
        case Completes::kVariant:
        case Completes::kChoice:
          absl::StrAppend(&spec, "(", choices_of(c), ")");
          break;
      }
    }
    absl::StrAppend(&s, "  ", spec, "' \\\n");
  }
  absl::StrAppend(&s, "  '*:file:", fn, "_operands'\n");
  return s;
}

// A description for fish, in single quotes.
std::string fish_text(std::string_view text) {
  std::string s = "'";
  for (char ch : text) {
    if (ch == '\'' || ch == '\\') s += '\\';
    s += ch;
  }
  return s + "'";
}

std::string fish(const CommandLine& cl) {
  const std::string fn = "__" + identifier(cl.tool);
  std::string s = absl::StrCat("# fish completion for ", cl.tool, " (fairykit), made by ", cl.tool,
                               " from its flag table.\n# Install as ~/.config/fish/completions/",
                               cl.tool, ".fish (or a vendor_completions.d directory).\n\n");
  if (cl.operand_suffixes.empty()) {
    absl::StrAppend(&s, "# The operands are files.\ncomplete -c ", cl.tool, " -F\n");
  } else {
    std::vector<std::string> calls, suffixes = cl.operand_suffixes;
    for (const char* x : {"gz", "bz2", "zst"}) suffixes.emplace_back(x);
    for (const std::string& x : suffixes)
      calls.push_back(absl::StrCat("(__fish_complete_suffix .", x, ")"));
    absl::StrAppend(
        &s,
        "# The operands: files with the names of its inputs first (each also under .gz, .bz2,\n",
        "# .zst or .xz), then directories, then any other file (with -k, fish keeps this order "
        "and\n",
        "# the first of each repeat).\nfunction ", fn, "_operands\n    set -l files ",
        wrap(calls, " ", " \\", "        ", 88),
        "\n    set -l input '^.*\\.(?:", absl::StrJoin(cl.operand_suffixes, "|"),
        R"()(?:\.(?:gz|bz2|zst|xz))?$'
    string match -r -- $input $files
    string match -r -- '^.*/$' $files
    string match -rv -- $input $files | string match -rv -- '/$'
    return 0
end
)",
        "complete -c ", cl.tool, " -f -k -a '(", fn, "_operands)'\n");
  }
  s += "\n";
  for (const Completion& c : completions(cl)) {
    const FlagSpec& f = *c.flag;
    absl::StrAppend(&s, "complete -c ", cl.tool);
    if (f.short_name) absl::StrAppend(&s, " -s ", std::string(1, f.short_name));
    absl::StrAppend(&s, " -l ", f.name);
    if (f.takes_value) {
      switch (c.completes) {
        case Completes::kNothing:
          s += " -x";
          break;
        case Completes::kFile:
          s += " -r -F";
          break;
        case Completes::kDirectory:
          s += " -x -a '(__fish_complete_directories)'";
          break;
        case Completes::kVariant:
        case Completes::kChoice:
          absl::StrAppend(&s, " -x -a ", fish_text(choices_of(c)));
          break;
      }
    }
    absl::StrAppend(&s, " -d ", fish_text(c.brief), "\n");
  }
  return s;
}

// Text for roff: backslashes escaped, the hyphens of flags (every hyphen of a word that
// starts with one) as minus signs, so that they can be copied and are never broken at, and
// no line starting with a control character.
std::string roff_text(std::string_view text) {
  std::string s;
  bool line_start = true, in_flag = false;
  char before = ' ';
  for (char ch : text) {
    if (line_start && (ch == '.' || ch == '\'')) s += "\\&";
    if (ch == '-' && (before == ' ' || before == '\n' || before == '(' || before == '"' ||
                      before == '`' || before == ','))
      in_flag = true;
    if (ch == ' ' || ch == '\n' || ch == ')' || ch == '"' || ch == ',') in_flag = false;
    if (ch == '\\') {
      s += "\\e";
    } else if (ch == '-' && in_flag) {
      s += "\\-";
    } else {
      s += ch;
    }
    line_start = ch == '\n';
    before = ch;
  }
  return s;
}

// Paragraphs of plain text as roff: lines that start with a blank (lists, examples) kept as
// they are, the others filled.
std::string roff_paragraphs(std::string_view text) {
  std::string s;
  bool in_paragraph = false, verbatim = false;
  for (std::string_view line : split(text, "\n")) {
    if (trim(line).empty()) {
      if (verbatim) s += ".fi\n";
      verbatim = false;
      in_paragraph = false;
      continue;
    }
    if (!in_paragraph) s += ".PP\n";
    in_paragraph = true;
    const bool indented = line[0] == ' ';
    if (indented && !verbatim) s += ".nf\n";
    if (!indented && verbatim) s += ".fi\n";
    verbatim = indented;
    absl::StrAppend(&s, roff_text(line), "\n");
  }
  if (verbatim) s += ".fi\n";
  return s;
}

// The heading of a --help section, to the first ':' outside parentheses that ends a word,
// and the prose after it.
std::pair<std::string, std::string> split_heading(std::string_view text) {
  while (!text.empty() && text[0] == '\n') text.remove_prefix(1);
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')') --depth;
    if (text[i] == ':' && depth == 0 &&
        (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n')) {
      std::string heading(text.substr(0, i));
      std::replace(heading.begin(), heading.end(), '\n', ' ');
      std::string_view rest = text.substr(std::min(i + 1, text.size()));
      if (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
      if (!rest.empty() && rest[0] == '\n') rest.remove_prefix(1);
      return {heading, std::string(rest)};
    }
  }
  return {"", std::string(text)};
}

// A heading as the quoted argument of .SH or .SS.
std::string roff_heading(std::string_view heading) {
  std::string s = "\"";
  for (char ch : roff_text(heading)) s += ch == '"' ? std::string("\\(dq") : std::string(1, ch);
  return s + "\"";
}

// Prose as one filled paragraph, whatever its lines' indentation in --help.
std::string roff_filled(std::string_view text) {
  std::string s = ".PP\n";
  for (std::string_view line : split(text, "\n"))
    if (!trim(line).empty()) absl::StrAppend(&s, roff_text(trim(line)), "\n");
  return s;
}

std::string upper(std::string_view text) {
  std::string s(text);
  for (char& ch : s) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

// A flag's entry of the man page: its names, then its description filled; a description
// laid out as a list (lines indented under the one before) keeps a line an item.
std::string roff_flag(const std::vector<FlagSpec>& flags, std::size_t i) {
  auto names = [](const FlagSpec& f) {
    std::string s = absl::StrCat("\\fB\\-\\-", roff_text(f.name), "\\fR");
    if (!f.value_name.empty()) absl::StrAppend(&s, " \\fI", roff_text(f.value_name), "\\fR");
    return s;
  };
  const FlagSpec& f = flags[i];
  std::string s = ".TP\n";
  if (f.short_name) absl::StrAppend(&s, "\\fB\\-", std::string(1, f.short_name), "\\fR, ");
  s += names(f);
  for (std::size_t j = i + 1; j < flags.size() && flags[j].joined; ++j)
    absl::StrAppend(&s, ", ", names(flags[j]));
  s += "\n";
  const bool list = std::any_of(f.help.begin(), f.help.end(),
                                [](const std::string& l) { return !l.empty() && l[0] == ' '; });
  for (std::size_t k = 0; k < f.help.size(); ++k) {
    const std::string& line = f.help[k];
    if (list && k > 0 && !line.empty() && line[0] != ' ') s += ".br\n";
    absl::StrAppend(&s, roff_text(trim(line)), "\n");
  }
  return s;
}

std::string man(const CommandLine& cl) {
  std::string s = absl::StrCat(".TH ", upper(cl.tool), " 1 \"\" \"fairykit ", kVersion,
                               "\" \"User Commands\"\n.nh\n.SH NAME\n", roff_text(cl.tool), " \\- ",
                               roff_text(cl.summary), "\n.SH SYNOPSIS\n.nf\n");
  // The head: the usage lines (the first paragraph), then the description.
  std::string_view head = cl.head;
  const std::size_t usage_end = head.find("\n\n");
  for (std::string_view line : split(head.substr(0, usage_end), "\n")) {
    std::string_view usage = line;
    if (usage.substr(0, 7) == "Usage: ") usage.remove_prefix(7);
    while (!usage.empty() && usage[0] == ' ') usage.remove_prefix(1);
    absl::StrAppend(&s, roff_text(usage), "\n");
  }
  s += ".fi\n.SH DESCRIPTION\n";
  if (usage_end != std::string_view::npos) s += roff_paragraphs(head.substr(usage_end));
  s += ".SH OPTIONS\n";
  for (std::size_t i = 0; i < cl.flags.size(); ++i) {
    const FlagSpec& f = cl.flags[i];
    if (f.hidden || f.joined) continue;
    if (!f.section.empty()) {
      auto [heading, prose] = split_heading(f.section);
      absl::StrAppend(&s, ".SS ", roff_heading(heading), "\n");
      if (!trim(prose).empty()) s += roff_filled(prose);
    }
    s += roff_flag(cl.flags, i);
  }
  // The tail: paragraphs headed "Exit status:", "Examples:" become sections of their own,
  // the others notes.
  bool notes = false;
  for (std::string_view paragraph : split(cl.tail, "\n\n")) {
    if (trim(paragraph).empty()) continue;
    auto [heading, rest] = split_heading(paragraph);
    const bool headed = !heading.empty() && heading.size() < 20 &&
                        std::count(heading.begin(), heading.end(), ' ') < 2 &&
                        std::isupper(static_cast<unsigned char>(heading[0]));
    if (headed) {
      absl::StrAppend(&s, ".SH ", roff_heading(upper(heading)), "\n");
      s += roff_paragraphs(rest);
    } else {
      if (!notes) s += ".SH NOTES\n";
      notes = true;
      s += roff_paragraphs(paragraph);
    }
  }
  return s;
}

std::string table(const CommandLine& cl) {
  std::string s;
  for (const Completion& c : completions(cl)) {
    static constexpr const char* kKinds[] = {"nothing", "file", "directory", "variant", "choice"};
    const FlagSpec& f = *c.flag;
    absl::StrAppend(
        &s, f.name, "\t", f.short_name ? std::string(1, f.short_name) : "", "\t", f.value_name,
        "\t", f.takes_value ? kKinds[int(c.completes)] : "", "\t",
        absl::StrJoin(c.completes == Completes::kVariant ? variant_names_list() : c.choices, ","),
        "\n");
  }
  return s;
}

}  // namespace

std::string options_help(const CommandLine& cl) {
  std::string out;
  bool first = true;
  const std::size_t column = std::size_t(cl.column);
  const std::string indent(column, ' ');
  for (std::size_t i = 0; i < cl.flags.size(); ++i) {
    const FlagSpec& f = cl.flags[i];
    if (f.hidden || f.joined) continue;
    if (!f.section.empty()) {
      if (!first) out += '\n';
      out += f.section;
    }
    first = false;
    const std::string left = left_part(cl.flags, i);
    if (f.help.empty()) {
      absl::StrAppend(&out, left, "\n");
      continue;
    }
    if (f.layout == HelpLayout::kInline) {
      absl::StrAppend(&out, left, "  ", f.help[0], "\n");
    } else if (f.layout == HelpLayout::kColumn && left.size() < column) {
      absl::StrAppend(&out, left, std::string(column - left.size(), ' '), f.help[0], "\n");
    } else {
      absl::StrAppend(&out, left, "\n", indent, f.help[0], "\n");
    }
    for (std::size_t k = 1; k < f.help.size(); ++k) absl::StrAppend(&out, indent, f.help[k], "\n");
  }
  return out;
}

std::string help_text(const CommandLine& cl) {
  return absl::StrCat(cl.head, options_help(cl), cl.tail);
}

std::optional<std::string> generate(const CommandLine& cl, std::string_view format) {
  if (format == "bash") return bash(cl);
  if (format == "zsh") return zsh(cl);
  if (format == "fish") return fish(cl);
  if (format == "man") return man(cl);
  if (format == "table") return table(cl);
  return std::nullopt;
}

}  // namespace fairykit::cli
