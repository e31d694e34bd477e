// The shell completions in completions/ against the flags of the built fairy-perft: every
// long (`--name`) and short (`-x`) flag that `fairy-perft --help` shows must be offered by
// each completion file, and no completion file may offer a flag that --help lacks, so the
// test fails as soon as the tool and its completions fall out of step, in either direction.
// The files must also pass the shells' syntax check (bash always; zsh and fish when they
// are installed).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <fstream>
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

class CompletionsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const CommandResult r = run(shell_quote(kBinDir + "/fairy-perft") + " --help");
    help_status_ = r.status;
    help_ = r.out;
  }

  void SetUp() override {
    ASSERT_EQ(help_status_, 0) << "fairy-perft --help failed; output:\n" << help_;
  }

  // Compares the flags a completion file offers with the flags of --help, both ways.
  static void expect_same_flags(const std::string& file, const std::set<std::string>& offered) {
    const std::set<std::string> wanted = help_flags(help_);
    std::set<std::string> missing, extra;
    for (const std::string& f : wanted)
      if (!offered.count(f)) missing.insert(f);
    for (const std::string& f : offered)
      if (!wanted.count(f)) extra.insert(f);
    EXPECT_TRUE(missing.empty()) << file
                                 << " lacks flags that fairy-perft --help shows: " << join(missing);
    EXPECT_TRUE(extra.empty()) << file
                               << " offers flags that fairy-perft --help lacks: " << join(extra);
  }

  static std::string completion(const std::string& name) {
    return read_file(kSourceDir + "/completions/" + name);
  }

  static void expect_syntax_ok(const std::string& shell, const std::string& name) {
    const std::string path = kSourceDir + "/completions/" + name;
    const CommandResult r = run(shell + " -n " + shell_quote(path) + " 2>&1");
    EXPECT_EQ(r.status, 0) << shell << " -n " << path << ":\n" << r.out;
  }

  static inline std::string help_;
  static inline int help_status_ = -1;
};

TEST_F(CompletionsTest, HelpShowsTheFlags) {
  const std::set<std::string> flags = help_flags(help_);
  for (const char* f : {"--help", "-h", "--version", "--variant", "-v", "--suite", "--format"})
    EXPECT_TRUE(flags.count(f)) << "no " << f << " found in fairy-perft --help: " << join(flags);
  EXPECT_GE(long_flags(help_).size(), 10u) << join(flags);
  EXPECT_GE(short_flags(help_).size(), 5u) << join(flags);
}

TEST_F(CompletionsTest, ExtractorsSeeOnlyFlags) {
  // The extractors themselves: shell words that look like options but are not fairy-perft's.
  EXPECT_EQ(join(sh_flags("  compgen -W \"$opts\" -- \"$cur\"\n_arguments -S \\\n")), "");
  EXPECT_EQ(join(sh_flags("    -v | --variant)\n  '(-q --quiet)'{-q,--quiet}'[quiet]'\n")),
            "--quiet --variant -q -v");
  EXPECT_EQ(join(sh_flags("# -x --extra\n_fairy-perft_suites\n")), "");
  EXPECT_EQ(join(fish_flags("complete -c fairy-perft -s j -l jobs -x -d 'N threads'\n")),
            "--jobs -j");
  EXPECT_EQ(join(fish_flags("complete --command fairy-perft --long-option=max-nodes -r\n")),
            "--max-nodes");
}

TEST_F(CompletionsTest, BashOffersExactlyTheHelpFlags) {
  const std::string text = completion("fairy-perft.bash");
  ASSERT_FALSE(text.empty());
  expect_same_flags("completions/fairy-perft.bash", sh_flags(text));
}

TEST_F(CompletionsTest, ZshOffersExactlyTheHelpFlags) {
  const std::string text = completion("_fairy-perft");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.rfind("#compdef fairy-perft", 0), 0u) << "_fairy-perft must start with #compdef";
  expect_same_flags("completions/_fairy-perft", sh_flags(text));
}

TEST_F(CompletionsTest, FishOffersExactlyTheHelpFlags) {
  const std::string text = completion("fairy-perft.fish");
  ASSERT_FALSE(text.empty());
  expect_same_flags("completions/fairy-perft.fish", fish_flags(text));
}

TEST_F(CompletionsTest, FallbackVariantsExist) {
  // The completions fall back to "chess chess960" when --list-variants cannot be run.
  const CommandResult r = run(shell_quote(kBinDir + "/fairy-perft") + " --list-variants");
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

TEST_F(CompletionsTest, BashSyntax) { expect_syntax_ok("bash", "fairy-perft.bash"); }

TEST_F(CompletionsTest, ZshSyntax) {
  if (!have_program("zsh")) GTEST_SKIP() << "zsh is not installed";
  expect_syntax_ok("zsh", "_fairy-perft");
}

TEST_F(CompletionsTest, FishSyntax) {
  if (!have_program("fish")) GTEST_SKIP() << "fish is not installed";
  expect_syntax_ok("fish", "fairy-perft.fish");
}

}  // namespace
