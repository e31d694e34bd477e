// The repository stands on its own: a clone with nothing beside it builds, tests itself and
// can follow every citation (the rules are in docs/rules/, the test data in tests/data/).
// This test reads every tracked file and fails, naming the file and the line, when one of
// them names something outside the repository. The rule, exactly:
//
//  1. A folder beside the repository: the text dot-dot, slash, "shared" (the folder of test
//     data and rules that once sat beside the repository), anywhere in any file.
//  2. An absolute path of a build machine: a path that begins with a slash followed by work/,
//     root/, home/ or Users/. A path begins at the start of a line or after one of: space,
//     tab, quote (' " `), ( [ { < = , : ; |. So boost/spirit/home/x3.hpp, $HOME/work/ and
//     ${root}/home/ are not paths of a build machine; the same folders after "cd " or "(" are.
//     In every file.
//  3. A fixed temporary path: a path that begins (as in 2) with a slash followed by tmp/, in
//     code and scripts only: files named *.h *.hpp *.cpp *.cc *.c *.py *.sh *.bash *.zsh
//     *.fish *.cmake *.ini or CMakeLists.txt, and files whose first line starts with "#!".
//     Tests and scripts take their temporary files from the test framework
//     (::testing::TempDir(), mktemp), never a fixed name that parallel runs and other users
//     would share. Documentation may show a temporary folder in a user's shell example.
// Paths that every machine has and that name nothing of the build machine (/dev/null,
// /dev/full, /usr/bin/env, /proc/..., /nonexistent/...) are never flagged.
//
// Which files: `git ls-files` in the source tree (binary files included: the fuzz seeds are
// made from text files). Without git (an unpacked archive) the tree is walked instead,
// leaving out .git and the build folders (build*, out, .cache). FAIRYKIT_REPOSITORY_ROOT in
// the environment points the test at another checkout (to see what it says of an older
// commit, say).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;

// Every pattern is spelled in two pieces, so that this file does not match itself.
const std::string kSibling = std::string("..") + "/shared";
const std::vector<std::string> kMachineRoots = {
    std::string("/wo") + "rk/", std::string("/ro") + "ot/", std::string("/ho") + "me/",
    std::string("/Us") + "ers/"};
const std::string kTmp = std::string("/t") + "mp/";

struct Finding {
  std::string file;
  int line = 0;
  std::string what;  // the pattern found
  std::string text;  // the line, shortened
};

// Whether `path` holds code or a script (rule 3), by its name or, for `text`, its first line.
bool is_code(const std::string& path, std::string_view text) {
  const fs::path p(path);
  const std::string ext = p.extension().string();
  for (const char* e : {".h", ".hpp", ".cpp", ".cc", ".c", ".py", ".sh", ".bash", ".zsh", ".fish",
                        ".cmake", ".ini"})
    if (ext == e) return true;
  return p.filename() == "CMakeLists.txt" || text.substr(0, 2) == "#!";
}

// Whether a path starting at `pos` of `line` begins there (rules 2 and 3).
bool begins_path(std::string_view line, std::size_t pos) {
  return pos == 0 ||
         std::string_view(" \t\"'`([{<=,:;|").find(line[pos - 1]) != std::string_view::npos;
}

bool has_path_at_start(std::string_view line, const std::string& prefix) {
  for (std::size_t pos = line.find(prefix); pos != std::string_view::npos;
       pos = line.find(prefix, pos + 1))
    if (begins_path(line, pos)) return true;
  return false;
}

// The findings of one file, `path` being its name in the repository.
std::vector<Finding> scan(const std::string& path, std::string_view text) {
  std::vector<Finding> out;
  const bool code = is_code(path, text);
  int line_no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    ++line_no;
    auto add = [&](const std::string& what) {
      out.push_back({path, line_no, what, std::string(line.substr(0, 160))});
    };
    if (line.find(kSibling) != std::string_view::npos) add(kSibling);
    for (const std::string& root : kMachineRoots)
      if (has_path_at_start(line, root)) add(root);
    if (code && has_path_at_start(line, kTmp)) add(kTmp);
    start = end + 1;
  }
  return out;
}

// The tracked files (relative paths), or an empty list when git cannot tell.
std::vector<std::string> git_files(const fs::path& root) {
  std::vector<std::string> files;
  const std::string command = "git -C '" + root.string() + "' ls-files -z 2>/dev/null";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return files;
  std::string all;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) all.append(buf, n);
  if (::pclose(pipe) != 0) return {};
  for (std::size_t start = 0; start < all.size();) {
    const std::size_t end = all.find('\0', start);
    files.push_back(all.substr(start, end - start));
    start = end == std::string::npos ? all.size() : end + 1;
  }
  return files;
}

// Every file below `root` but .git and the build folders (when git is not available).
std::vector<std::string> walked_files(const fs::path& root) {
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() &&
        (name == ".git" || name.rfind("build", 0) == 0 || name == "out" || name == ".cache")) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files.push_back(fs::relative(it->path(), root).string());
  }
  return files;
}

std::vector<std::string> lines_of(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const Finding& f : findings)
    out.push_back(f.file + ":" + std::to_string(f.line) + ": " + f.what);
  return out;
}

TEST(Repository, RuleFlagsPathsOutsideTheRepository) {
  const std::string up = kSibling;  // dot-dot slash shared
  const std::string work = kMachineRoots[0], root = kMachineRoots[1], home = kMachineRoots[2];
  const std::string text = "// rules: " + up + "/rules/cwda.md\n" +         // 1: sibling folder
                           "# see " + work + "shared/oracles\n" +           // 2: machine path
                           "#include <boost/spirit" + home + "x3.hpp>\n" +  // not a path start
                           "x=$HOME" + work + "y ${r}" + home + "z\n" +     // relative to variables
                           "cmd > /dev/null; /usr/bin/env sh /dev/full\n" +  // system paths
                           "g++ -o " + kTmp + "bench\n" +                    // 6: /tmp in code
                           "(\"" + root + "x\")\n";                          // 7: after ( and "
  EXPECT_EQ(lines_of(scan("bench/x.sh", text)),
            (std::vector<std::string>{"bench/x.sh:1: " + up, "bench/x.sh:2: " + work,
                                      "bench/x.sh:6: " + kTmp, "bench/x.sh:7: " + root}));
  // Documentation may show /tmp; the other rules hold there too.
  EXPECT_EQ(
      lines_of(scan("tests/fuzz/README.md", text)),
      (std::vector<std::string>{"tests/fuzz/README.md:1: " + up, "tests/fuzz/README.md:2: " + work,
                                "tests/fuzz/README.md:7: " + root}));
  // A script without an extension is code by its first line.
  EXPECT_EQ(lines_of(scan(".ci/run", "#!/usr/bin/env bash\nmkdir -p " + kTmp + "x\n")),
            (std::vector<std::string>{".ci/run:2: " + kTmp}));
  EXPECT_TRUE(scan("run.sh", "cd \"$(dirname \"$0\")/..\"\nls ../x\n").empty());
}

TEST(Repository, NamesNothingOutsideItself) {
  const char* env = std::getenv("FAIRYKIT_REPOSITORY_ROOT");
  const fs::path root = env && *env ? fs::path(env) : fs::path(FAIRYKIT_SOURCE_DIR);
  std::vector<std::string> files = git_files(root);
  if (files.empty()) files = walked_files(root);
  ASSERT_GT(files.size(), 100u) << "no source tree at " << root;
  int flagged = 0;
  for (const std::string& file : files) {
    const fs::path p = root / file;
    if (!fs::is_regular_file(p)) continue;  // a submodule or a deleted file
    for (const Finding& f : scan(file, fairykit::testing::slurp(p.string()))) {
      ++flagged;
      ADD_FAILURE() << f.file << ":" << f.line << ": names " << f.what
                    << " (outside the repository): " << f.text;
    }
  }
  EXPECT_EQ(flagged, 0) << "tracked files that name paths outside the repository (rule: "
                        << "tests/tools/repository_test.cpp)";
}

// The README stays short (what, set-up, recipes); the reference lives in docs/.
TEST(Repository, ReadmeIsShort) {
  const std::string text =
      fairykit::testing::slurp((fs::path(FAIRYKIT_SOURCE_DIR) / "README.md").string());
  const auto lines = std::count(text.begin(), text.end(), '\n');
  EXPECT_GT(lines, 20);
  EXPECT_LE(lines, 250) << "README.md has " << lines << " lines: move reference material to docs/";
}

}  // namespace
