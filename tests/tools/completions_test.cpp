// The shell completions against the flags of the built tools (those of the C++ tools made by
// the tools from their flag tables into build/completions, those of the scripts hand-written
// in completions/): for every tool
// in kTools, every long (`--name`) and short (`-x`) flag that `TOOL --help` shows must be
// offered by each of its completion files (except the flags of other tools that it names,
// listed in kTools and checked to be refused), and no completion file may offer a flag that
// --help lacks, so the test fails as soon as a tool and its completions fall out of step, in
// either direction. A tool's completion files must exist and register for that tool; every
// file in completions/ must belong to a tool of the table (a new tool's completions are not
// left unchecked). The files must also pass the shells' syntax check (bash always; zsh and
// fish when they are installed). The made completions must offer every flag and every value
// of the table the tool prints (--generate table), and its man page must name every flag.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string kSourceDir = FAIRYKIT_SOURCE_DIR;
const std::string kBinDir = FAIRYKIT_BIN_DIR;

struct CommandResult {
  int status = -1;  // exit status, or -1 when the command did not exit normally
  std::string out;  // standard output (and standard error where the command merges it)
};

// A path as one single-quoted word for /bin/sh.
std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CommandResult run(const std::string& command) {
  CommandResult r;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int raw = pclose(p);
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  return r;
}

bool have_program(const std::string& name) {
  return run("command -v " + name + " >/dev/null 2>&1").status == 0;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string trim_left(const std::string& s) {
  const std::size_t i = s.find_first_not_of(" \t");
  return i == std::string::npos ? std::string() : s.substr(i);
}

bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
}

// Every `--name` in `text` that is not glued to a word before it (`_fairy-perft` is no flag).
std::set<std::string> long_flags(const std::string& text) {
  std::set<std::string> flags;
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    if (text[i] != '-' || text[i + 1] != '-' || !is_alpha(text[i + 2])) continue;
    if (i > 0 && is_name_char(text[i - 1])) continue;
    std::size_t j = i + 2;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '-'))
      ++j;
    flags.insert(text.substr(i, j - i));
    i = j;
  }
  return flags;
}

// Every `-x` standing alone as a flag: after the start, a blank, a quote or an opening
// bracket/separator, and before the end, a blank, a quote or the punctuation that shells'
// option syntaxes put after a flag (`-v,` `-v|` `-v)` `{-v+,` `-v[`).
std::set<std::string> short_flags(const std::string& text) {
  static const std::string kBefore = " \t'\"({|,";
  static const std::string kAfter = " \t'\"+=)}|,[;";
  std::set<std::string> flags;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '-' || !is_alpha(text[i + 1])) continue;
    if (i > 0 && kBefore.find(text[i - 1]) == std::string::npos) continue;
    if (i + 2 < text.size() && kAfter.find(text[i + 2]) == std::string::npos) continue;
    flags.insert(text.substr(i, 2));
  }
  return flags;
}

std::set<std::string> help_flags(const std::string& help) {
  std::set<std::string> flags = long_flags(help);
  for (const std::string& f : short_flags(help)) flags.insert(f);
  return flags;
}

// bash and zsh: long flags anywhere outside comments; short flags on the lines that name
// flags (lines with a long flag, case patterns and flag-list lines starting with `-`, and
// zsh's _arguments specs starting with a quote or a brace). Shell built-ins' own options
// (`compgen -W`, `_files -g`, `_arguments -S`) sit on other lines and are not counted.
std::set<std::string> sh_flags(const std::string& text) {
  std::set<std::string> flags;
  for (const std::string& raw : split_lines(text)) {
    const std::string line = trim_left(raw);
    if (line.empty() || line[0] == '#') continue;
    const std::set<std::string> longs = long_flags(line);
    flags.insert(longs.begin(), longs.end());
    if (!longs.empty() || line[0] == '-' || line[0] == '\'' || line[0] == '"' || line[0] == '{') {
      for (const std::string& f : short_flags(line)) flags.insert(f);
    }
  }
  return flags;
}

std::string strip_quotes(std::string s) {
  while (!s.empty() && (s.front() == '\'' || s.front() == '"')) s.erase(0, 1);
  while (!s.empty() && (s.back() == '\'' || s.back() == '"')) s.pop_back();
  return s;
}

// fish: the `-s X` / `-l NAME` (and `--short-option` / `--long-option` / `-o`) of the
// `complete` lines, plus any `--name` on the other lines (e.g. `--list-variants` in a helper).
std::set<std::string> fish_flags(const std::string& text) {
  std::set<std::string> flags;
  for (const std::string& raw : split_lines(text)) {
    const std::string line = trim_left(raw);
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("complete ", 0) != 0) {
      const std::set<std::string> longs = long_flags(line);
      flags.insert(longs.begin(), longs.end());
      continue;
    }
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    for (std::size_t i = 0; i < w.size(); ++i) {
      std::string opt = w[i], value;
      const std::size_t eq = opt.find('=');
      if (opt.rfind("--", 0) == 0 && eq != std::string::npos) {
        value = opt.substr(eq + 1);
        opt = opt.substr(0, eq);
      } else if (i + 1 < w.size()) {
        value = w[i + 1];
      }
      value = strip_quotes(value);
      if (value.empty()) continue;
      if (opt == "-s" || opt == "--short-option") flags.insert("-" + value);
      if (opt == "-l" || opt == "--long-option") flags.insert("--" + value);
      if (opt == "-o" || opt == "--old-option") flags.insert("-" + value);
    }
  }
  return flags;
}

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& x : s) out += (out.empty() ? "" : " ") + x;
  return out;
}

// One tool and its completion files (names under completions/).
struct ToolCompletions {
  std::string tool;  // the command, built into FAIRYKIT_BIN_DIR
  std::string bash;  // bash-completion script
  std::string zsh;   // zsh completion function (#compdef)
  std::string fish;  // fish completions
  // Flags its --help must show, and how many long and short ones at least: guards the
  // extractor, so that an empty extraction cannot make the comparisons pass.
  std::vector<std::string> sample_flags;
  std::size_t min_long = 0;
  std::size_t min_short = 0;
  // Flags of other tools that its --help names (fairy-analyze reads "fairy-convert's JSON
  // (--to json)"): not its own, so its completions must not offer them, and it must refuse
  // them.
  std::vector<std::string> other_tools_flags = {};
  // A script of the source tree (tools/NAME), not a program built into FAIRYKIT_BIN_DIR.
  bool script = false;
};

void PrintTo(const ToolCompletions& t, std::ostream* os) { *os << t.tool; }

// Every tool with completions. Add a row when a tool gets completions.
const std::vector<ToolCompletions> kTools = {
    {"fairy-perft",
     "fairy-perft.bash",
     "_fairy-perft",
     "fairy-perft.fish",
     {"--help", "-h", "--version", "--variant", "-v", "--suite", "--format"},
     10,
     5},
    {"fairy-validate",
     "fairy-validate.bash",
     "_fairy-validate",
     "fairy-validate.fish",
     {"--help", "-h", "--version", "--variant", "--format", "--valid-out", "--invalid-out",
      "--jobs", "-j", "-q"},
     12,
     3},
    {"fairy-convert",
     "fairy-convert.bash",
     "_fairy-convert",
     "fairy-convert.fish",
     {"--help", "-h", "--version", "--variant", "--from", "--to", "--notation", "--fen-dialect",
      "--ends-in", "--output", "-o", "--invalid-out", "--duplicates-out", "--jobs", "-j", "-q"},
     35,
     4},
    {"fairy-analyze",
     "fairy-analyze.bash",
     "_fairy-analyze",
     "fairy-analyze.fish",
     {"--help", "-h", "--version", "--variant", "--format", "--output", "-o", "--html",
      "--find-wins", "--win-nodes", "--positions", "--perft", "--jobs", "-j", "-q", "-v"},
     20,
     5,
     {"--to"}},
    {"fairy-seekable-zstd",
     "fairy-seekable-zstd.bash",
     "_fairy-seekable-zstd",
     "fairy-seekable-zstd.fish",
     {"--help", "-h", "--frame", "--level"},
     3,
     1,
     {},
     true},
};

// Where the completions of the tools built are made (FAIRYKIT_BIN_DIR/../completions).
std::string made_dir(const std::string& what) {
  return (std::filesystem::path(kBinDir).parent_path() / what).string();
}

std::string completion_path(const ToolCompletions& t, const std::string& name) {
  return (t.script ? kSourceDir + "/completions" : made_dir("completions")) + "/" + name;
}

// The words of a line, split at blanks.
std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

// bash: the commands the `complete ...` lines register for (the last word of each).
std::set<std::string> bash_commands(const std::string& text) {
  std::set<std::string> commands;
  for (const std::string& raw : split_lines(text)) {
    const std::string line = trim_left(raw);
    if (line.rfind("complete ", 0) != 0) continue;
    const std::vector<std::string> w = words_of(line);
    commands.insert(w.back());
  }
  return commands;
}

// fish: the command of each `complete` line (`-c X`, `--command X`, `--command=X`; "" when
// the line names none).
std::set<std::string> fish_commands(const std::string& text) {
  std::set<std::string> commands;
  for (const std::string& raw : split_lines(text)) {
    const std::string line = trim_left(raw);
    if (line.rfind("complete ", 0) != 0) continue;
    const std::vector<std::string> w = words_of(line);
    std::string command;
    for (std::size_t i = 1; i < w.size(); ++i) {
      if ((w[i] == "-c" || w[i] == "--command") && i + 1 < w.size()) {
        command = strip_quotes(w[i + 1]);
      } else if (w[i].rfind("--command=", 0) == 0) {
        command = strip_quotes(w[i].substr(10));
      }
    }
    commands.insert(command);
  }
  return commands;
}

class CompletionsTest : public ::testing::TestWithParam<ToolCompletions> {
 protected:
  void SetUp() override {
    const CommandResult& r = help();
    ASSERT_EQ(r.status, 0) << tool() << " --help failed (is " << tool_path()
                           << " built?); output:\n"
                           << r.out;
  }

  static const std::string& tool() { return GetParam().tool; }
  static std::string tool_path() {
    return (GetParam().script ? kSourceDir + "/tools" : kBinDir) + "/" + tool();
  }

  // `TOOL --help`, run once per tool.
  static const CommandResult& help() {
    static std::map<std::string, CommandResult> cache;
    auto it = cache.find(tool());
    if (it == cache.end())
      it = cache.emplace(tool(), run(shell_quote(tool_path()) + " --help")).first;
    return it->second;
  }

  // The tool's own flags: those --help shows but other tools' flags it names.
  static std::set<std::string> own_flags() {
    std::set<std::string> flags = help_flags(help().out);
    for (const std::string& f : GetParam().other_tools_flags) flags.erase(f);
    return flags;
  }

  // Compares the flags a completion file offers with the tool's flags in --help, both ways.
  static void expect_same_flags(const std::string& file, const std::set<std::string>& offered) {
    const std::set<std::string> wanted = own_flags();
    std::set<std::string> missing, extra;
    for (const std::string& f : wanted)
      if (!offered.count(f)) missing.insert(f);
    for (const std::string& f : offered)
      if (!wanted.count(f)) extra.insert(f);
    EXPECT_TRUE(missing.empty()) << file << " lacks flags that " << tool()
                                 << " --help shows: " << join(missing);
    EXPECT_TRUE(extra.empty()) << file << " offers flags that " << tool()
                               << " --help lacks: " << join(extra);
  }

  // The text of a completion file; a failure when it is missing or empty.
  static std::string completion(const std::string& name) {
    const std::string path = completion_path(GetParam(), name);
    EXPECT_TRUE(std::filesystem::is_regular_file(path))
        << tool() << " has no completion file " << path;
    const std::string text = read_file(path);
    EXPECT_FALSE(text.empty()) << path << " is empty or unreadable";
    return text;
  }

  static void expect_syntax_ok(const std::string& shell, const std::string& name) {
    const std::string path = completion_path(GetParam(), name);
    ASSERT_TRUE(std::filesystem::is_regular_file(path))
        << tool() << " has no completion file " << path;
    const CommandResult r = run(shell + " -n " + shell_quote(path) + " 2>&1");
    EXPECT_EQ(r.status, 0) << shell << " -n " << path << ":\n" << r.out;
  }
};

TEST_P(CompletionsTest, HelpShowsTheFlags) {
  const std::set<std::string> flags = help_flags(help().out);
  for (const std::string& f : GetParam().sample_flags)
    EXPECT_TRUE(flags.count(f)) << "no " << f << " found in " << tool()
                                << " --help: " << join(flags);
  EXPECT_GE(long_flags(help().out).size(), GetParam().min_long) << join(flags);
  EXPECT_GE(short_flags(help().out).size(), GetParam().min_short) << join(flags);
}

TEST_P(CompletionsTest, OtherToolsFlagsAreNotItsOwn) {
  // Each flag listed as another tool's is named by --help (else the entry is stale) and
  // refused by the tool as an unknown option (exit 2), so that no flag of its own is hidden.
  const std::set<std::string> flags = help_flags(help().out);
  for (const std::string& f : GetParam().other_tools_flags) {
    EXPECT_TRUE(flags.count(f)) << tool() << " --help no longer names " << f
                                << ": remove it from other_tools_flags";
    const CommandResult r = run(shell_quote(tool_path()) + " " + f + " x </dev/null 2>&1");
    EXPECT_EQ(r.status, 2) << tool() << " " << f << " x:\n" << r.out;
    EXPECT_NE(r.out.find("unknown option"), std::string::npos) << r.out;
  }
}

TEST_P(CompletionsTest, FilesExist) {
  for (const std::string& name : {GetParam().bash, GetParam().zsh, GetParam().fish}) {
    const std::string path = completion_path(GetParam(), name);
    EXPECT_TRUE(std::filesystem::is_regular_file(path))
        << tool() << " has no completion file " << path;
  }
}

TEST_P(CompletionsTest, BashOffersExactlyTheHelpFlags) {
  const std::string text = completion(GetParam().bash);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(join(bash_commands(text)), tool())
      << GetParam().bash << " must register (`complete -F ...`) for " << tool() << " only";
  expect_same_flags(GetParam().bash, sh_flags(text));
}

TEST_P(CompletionsTest, ZshOffersExactlyTheHelpFlags) {
  const std::string text = completion(GetParam().zsh);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.substr(0, text.find('\n')), "#compdef " + tool())
      << GetParam().zsh << " must start with #compdef " << tool();
  expect_same_flags(GetParam().zsh, sh_flags(text));
}

TEST_P(CompletionsTest, FishOffersExactlyTheHelpFlags) {
  const std::string text = completion(GetParam().fish);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(join(fish_commands(text)), tool())
      << "every `complete` line of " << GetParam().fish << " must name -c " << tool();
  expect_same_flags(GetParam().fish, fish_flags(text));
}

TEST_P(CompletionsTest, FallbackVariantsExist) {
  // The completions fall back to "chess chess960" when --list-variants cannot be run.
  if (!help_flags(help().out).count("--list-variants"))
    GTEST_SKIP() << tool() << " has no --list-variants";
  const CommandResult r = run(shell_quote(tool_path()) + " --list-variants");
  ASSERT_EQ(r.status, 0);
  std::set<std::string> names;
  for (const std::string& line : split_lines(r.out)) {
    std::istringstream words(line);
    std::string first;
    if (words >> first) names.insert(first);
  }
  EXPECT_TRUE(names.count("chess")) << r.out;
  EXPECT_TRUE(names.count("chess960")) << r.out;
}

TEST_P(CompletionsTest, BashSyntax) { expect_syntax_ok("bash", GetParam().bash); }

TEST_P(CompletionsTest, ZshSyntax) {
  if (!have_program("zsh")) GTEST_SKIP() << "zsh is not installed";
  expect_syntax_ok("zsh", GetParam().zsh);
}

TEST_P(CompletionsTest, FishSyntax) {
  if (!have_program("fish")) GTEST_SKIP() << "fish is not installed";
  expect_syntax_ok("fish", GetParam().fish);
}

// One flag of a tool's table, as `TOOL --generate table` prints it.
struct TableFlag {
  std::string name;                  // without "--"
  std::string short_name;            // "" or one letter
  std::string completes;             // "" for a switch, else nothing, file, directory, ...
  std::vector<std::string> choices;  // the values offered
};

std::vector<std::string> split_on(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  if (!text.empty() && text.back() == sep) parts.emplace_back();
  return parts;
}

// bash: the words the completion function offers for `TOOL WORDS... CUR`, run without the
// bash-completion package.
std::set<std::string> bash_offers(const std::string& file, const std::string& tool,
                                  const std::vector<std::string>& words) {
  std::string script = "source " + shell_quote(file) + " && COMP_WORDS=(" + shell_quote(tool);
  for (const std::string& w : words) script += " " + shell_quote(w);
  script += ") && COMP_CWORD=" + std::to_string(words.size()) + " && _";
  for (char c : tool) script += c == '-' ? '_' : c;
  script += " 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"";
  const CommandResult r = run("bash -c " + shell_quote(script));
  std::set<std::string> offered;
  for (const std::string& line : split_lines(r.out))
    if (!line.empty()) offered.insert(line);
  return offered;
}

// fish: the candidates `complete -C` gives for the command line `TOOL WORDS... ` (without the
// description after the tab), with no user configuration read.
std::set<std::string> fish_offers(const std::string& file, const std::string& tool,
                                  const std::vector<std::string>& words) {
  std::string line = tool;
  for (const std::string& w : words) line += " " + w;
  const std::string script = "source " + shell_quote(file) + "; complete -C " + shell_quote(line);
  const CommandResult r = run("fish --no-config -c " + shell_quote(script) + " 2>/dev/null");
  std::set<std::string> offered;
  for (const std::string& l : split_lines(r.out))
    if (!l.empty()) offered.insert(l.substr(0, l.find('\t')));
  return offered;
}

// The first line of a made completion file holding one of `needles` (zsh: the _arguments
// spec of a flag; fish: its `complete` line).
std::string line_of(const std::string& text, const std::vector<std::string>& needles) {
  for (const std::string& line : split_lines(text))
    for (const std::string& needle : needles)
      if (line.find(needle) != std::string::npos) return line;
  return "";
}

bool has_word(const std::string& line, const std::string& word) {
  for (std::size_t at = line.find(word); at != std::string::npos; at = line.find(word, at + 1)) {
    const bool starts = at == 0 || !is_name_char(line[at - 1]);
    const std::size_t end = at + word.size();
    if (starts && (end == line.size() || !is_name_char(line[end]))) return true;
  }
  return false;
}

class MadeCompletionsTest : public CompletionsTest {
 protected:
  // The tool's flag table; a failure when it cannot be read or is short.
  static std::vector<TableFlag> table() {
    const CommandResult r = run(shell_quote(tool_path()) + " --generate table");
    EXPECT_EQ(r.status, 0) << r.out;
    std::vector<TableFlag> flags;
    for (const std::string& line : split_lines(r.out)) {
      const std::vector<std::string> f = split_on(line, '\t');
      EXPECT_EQ(f.size(), 5u) << line;
      if (f.size() != 5) continue;
      TableFlag t{f[0], f[1], f[3], {}};
      if (!f[4].empty()) t.choices = split_on(f[4], ',');
      flags.push_back(t);
    }
    EXPECT_GE(flags.size(), GetParam().min_long);
    return flags;
  }
};

TEST_P(MadeCompletionsTest, OfferEveryFlagAndValueOfTheTable) {
  if (GetParam().script) GTEST_SKIP() << tool() << " is a script: its completions are written";
  const std::string bash = completion_path(GetParam(), GetParam().bash);
  const std::string zsh = read_file(completion_path(GetParam(), GetParam().zsh));
  const std::string fish = read_file(completion_path(GetParam(), GetParam().fish));
  const std::string fish_file = completion_path(GetParam(), GetParam().fish);
  const bool run_fish = have_program("fish");
  const std::set<std::string> all_flags = bash_offers(bash, tool(), {"-"});
  const std::set<std::string> fish_flags_offered =
      run_fish ? fish_offers(fish_file, tool(), {"--"}) : std::set<std::string>{};
  std::size_t with_values = 0;
  for (const TableFlag& f : table()) {
    const std::string name = "--" + f.name;
    EXPECT_TRUE(all_flags.count(name)) << "bash does not offer " << name;
    if (!f.short_name.empty()) {
      EXPECT_TRUE(all_flags.count("-" + f.short_name)) << "bash does not offer -" << f.short_name;
    }
    // zsh: `--name[`, `--name=[`, or in braces with its short name `{-x,--name}` `{-x+,--name=}`.
    const std::string zsh_line = line_of(zsh, {name + "[", name + "=[", name + "}", name + "=}"});
    const std::string fish_line = line_of(fish, {" -l " + f.name + " "});
    EXPECT_FALSE(zsh_line.empty()) << "zsh does not offer " << name;
    EXPECT_FALSE(fish_line.empty()) << "fish does not offer " << name;
    if (run_fish) {
      EXPECT_TRUE(fish_flags_offered.count(name)) << "fish, run, does not offer " << name;
    }
    if (f.choices.empty()) continue;
    ++with_values;
    const std::set<std::string> values = bash_offers(bash, tool(), {name, ""});
    const std::set<std::string> fish_values =
        run_fish ? fish_offers(fish_file, tool(), {name, ""}) : std::set<std::string>{};
    for (const std::string& v : f.choices) {
      EXPECT_TRUE(values.count(v)) << "bash does not offer " << name << " " << v;
      EXPECT_TRUE(has_word(zsh_line, v)) << "zsh does not offer " << name << " " << v << ":\n"
                                         << zsh_line;
      EXPECT_TRUE(has_word(fish_line, v)) << "fish does not offer " << name << " " << v << ":\n"
                                          << fish_line;
      if (run_fish) {
        EXPECT_TRUE(fish_values.count(v)) << "fish, run, does not offer " << name << " " << v;
      }
    }
  }
  EXPECT_GE(with_values, 2u) << "the table of " << tool() << " has too few enumerated values";
}

TEST_P(MadeCompletionsTest, ManPageNamesEveryFlag) {
  if (GetParam().script) GTEST_SKIP() << tool() << " is a script: it has no man page";
  const std::string page = made_dir("man") + "/" + tool() + ".1";
  std::string text = read_file(page);
  ASSERT_FALSE(text.empty()) << page;
  EXPECT_EQ(text.rfind(".TH ", 0), 0u) << page;
  for (const std::string& section : {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS"})
    EXPECT_NE(text.find(section), std::string::npos) << page << " has no " << section;
  for (std::size_t at; (at = text.find("\\-")) != std::string::npos;) text.erase(at, 1);
  for (const TableFlag& f : table())
    EXPECT_NE(text.find("--" + f.name), std::string::npos) << page << " does not name --" << f.name;
  if (have_program("groff")) {
    const CommandResult r = run("groff -man -Tutf8 -ww -z " + shell_quote(page) + " 2>&1");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out, "") << "groff warns about " << page;
  }
}

TEST(MadeCompletions, ConvertOffersSqlite) {
  // The written completions once lacked it.
  const std::set<std::string> offered =
      bash_offers(made_dir("completions") + "/fairy-convert.bash", "fairy-convert", {"--to", "s"});
  EXPECT_TRUE(offered.count("sqlite")) << join(offered);
  EXPECT_TRUE(offered.count("svg")) << join(offered);
}

INSTANTIATE_TEST_SUITE_P(Tools, CompletionsTest, ::testing::ValuesIn(kTools),
                         [](const ::testing::TestParamInfo<ToolCompletions>& tool_info) {
                           std::string name = tool_info.param.tool;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
INSTANTIATE_TEST_SUITE_P(Tools, MadeCompletionsTest, ::testing::ValuesIn(kTools),
                         [](const ::testing::TestParamInfo<ToolCompletions>& tool_info) {
                           std::string name = tool_info.param.tool;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

TEST(CompletionsTable, CoversEveryCompletionFile) {
  // A completion file of a tool missing from kTools would go unchecked.
  std::set<std::string> known;
  for (const ToolCompletions& t : kTools) known.insert({t.bash, t.zsh, t.fish});
  std::set<std::string> unknown;
  const std::filesystem::path dir = kSourceDir + "/completions";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  for (const std::filesystem::directory_entry& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && !known.count(name)) unknown.insert(name);
  }
  EXPECT_TRUE(unknown.empty()) << "completion files of no tool in kTools (add a row): "
                               << join(unknown);
  // The C++ tools' completions are made from their flag tables; a written copy would not be
  // kept in step.
  for (const ToolCompletions& t : kTools) {
    if (t.script) continue;
    for (const std::string& name : {t.bash, t.zsh, t.fish})
      EXPECT_FALSE(std::filesystem::exists(dir / name))
          << (dir / name) << ": " << t.tool << " makes its completions (--generate)";
  }
}

TEST(CompletionsExtractors, SeeOnlyFlags) {
  // The extractors themselves: shell words that look like options but are not the tools'.
  EXPECT_EQ(join(sh_flags("  compgen -W \"$opts\" -- \"$cur\"\n_arguments -S \\\n")), "");
  EXPECT_EQ(join(sh_flags("    -v | --variant)\n  '(-q --quiet)'{-q,--quiet}'[quiet]'\n")),
            "--quiet --variant -q -v");
  EXPECT_EQ(join(sh_flags("# -x --extra\n_fairy-perft_suites\n")), "");
  EXPECT_EQ(join(sh_flags("  _files -g '*.pgn(|.gz|.bz2|.zst)(-.)'\n")), "");
  EXPECT_EQ(join(fish_flags("complete -c fairy-perft -s j -l jobs -x -d 'N threads'\n")),
            "--jobs -j");
  EXPECT_EQ(join(fish_flags("complete --command fairy-perft --long-option=max-nodes -r\n")),
            "--max-nodes");
  EXPECT_EQ(join(bash_commands("complete -F _fairy_validate fairy-validate\n")), "fairy-validate");
  EXPECT_EQ(join(fish_commands("complete -c fairy-perft -l divide\ncomplete --command=x -l y\n")),
            "fairy-perft x");
  EXPECT_EQ(join(fish_commands("complete -l divide\n")), "");
}

}  // namespace
