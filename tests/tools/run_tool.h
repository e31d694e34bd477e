// Runs a built tool as a user would (a shell command line) and captures what it printed.
// Temporary files carry the process id: ctest runs every test in its own process, several
// at a time.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fairykit::testing {

// The inputs the tool tests share: the samples folder and a TWIC file of the corpus.
inline const std::string kSamples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples";
inline const std::string kTwic = std::string(FAIRYKIT_DATA_DIR) + "/corpus/standard/twic0920.pgn";

// The PGN files of samples/, sorted.
inline std::vector<std::string> sample_pgns() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(kSamples))
    if (e.path().extension() == ".pgn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The last line of `text` with its newline: a report's summary line.
inline std::string last_line(const std::string& text) {
  const std::size_t start = text.size() < 2 ? std::string::npos : text.rfind('\n', text.size() - 2);
  return start == std::string::npos ? text : text.substr(start + 1);
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A file name that no other test process uses: in <TempDir>/fairykit_<pid>/, a folder of
// this process made at the first call and removed with all it holds when the process exits
// (so that the files the tools wrote there, and the names derived from them, go too).
inline std::string unique_temp(const std::string& stem) {
  struct ProcessDir {
    std::filesystem::path path =
        std::filesystem::path(::testing::TempDir()) / ("fairykit_" + std::to_string(::getpid()));
    ProcessDir() {
      std::filesystem::remove_all(path);  // a folder of an earlier process with the same id
      std::filesystem::create_directories(path);
    }
    ~ProcessDir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const ProcessDir dir;
  static int counter = 0;
  return (dir.path / (std::to_string(++counter) + "_" + stem)).string();
}

struct ToolOutput {
  std::string out;  // standard output
  std::string err;  // standard error
  int status = -1;  // exit status
};

// AddressSanitizer reserves terabytes of address space, so under it an address-space
// limit cannot be set; its own limit on the resident set (checked every 100 ms, the
// process dies above it) bounds the memory instead, with room for ASan's own.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// Shell text that limits the memory of the command that follows it to `mib` MiB
// (RLIMIT_AS through `ulimit -v`; ASan's RSS limit under AddressSanitizer).
inline std::string memory_limit_prefix(int mib) {
  // ASan's own memory (shadow, redzones, a small quarantine of freed blocks) comes on top:
  // twice the limit plus 64 MiB still catches growth with the input.
  if (kAddressSanitizer)
    return "export ASAN_OPTIONS=quarantine_size_mb=8:hard_rss_limit_mb=" +
           std::to_string(2 * mib + 64) + " && ";
  return "ulimit -v " + std::to_string(mib * 1024) + " && ";
}

// Runs the shell command `cmd` (which may redirect its own standard input) and captures
// what it printed; standard output and error must not be redirected by `cmd` itself.
inline ToolOutput run_shell(const std::string& cmd, const std::string& stem = "shell") {
  const std::string base = unique_temp(stem);
  ToolOutput o;
  const int st = std::system(("{ " + cmd + "; } >" + base + ".out 2>" + base + ".err").c_str());
  o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  o.out = slurp(base + ".out");
  o.err = slurp(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return o;
}

// Runs `FAIRYKIT_BIN_DIR/tool args` in `dir`, standard input from `input` (default
// /dev/null). `args` is shell text (quote file names yourself). A non-zero `memory_mib`
// limits the tool's memory (memory_limit_prefix), for hostile inputs that must not make it
// grow.
inline ToolOutput run_tool(const std::string& tool, const std::string& args,
                           const std::string& dir = ".", const std::string& input = "",
                           int memory_mib = 0) {
  return run_shell("cd '" + dir + "' && " +
                       (memory_mib > 0 ? memory_limit_prefix(memory_mib) : "") + "'" +
                       std::string(FAIRYKIT_BIN_DIR) + "/" + tool + "' " + args + " <" +
                       (input.empty() ? std::string("/dev/null") : input),
                   tool);
}

}  // namespace fairykit::testing
