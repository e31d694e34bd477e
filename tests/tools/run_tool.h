// Runs a built tool as a user would (a shell command line) and captures what it printed.
// Temporary files carry the process id: ctest runs every test in its own process, several
// at a time.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace fairykit::testing {

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A file name in the test temporary directory that no other test process uses.
inline std::string unique_temp(const std::string& stem) {
  static int counter = 0;
  return ::testing::TempDir() + "fairykit_" + std::to_string(::getpid()) + "_" +
         std::to_string(++counter) + "_" + stem;
}

struct ToolOutput {
  std::string out;  // standard output
  std::string err;  // standard error
  int status = -1;  // exit status
};

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
// /dev/null). `args` is shell text (quote file names yourself).
inline ToolOutput run_tool(const std::string& tool, const std::string& args,
                           const std::string& dir = ".", const std::string& input = "") {
  return run_shell("cd '" + dir + "' && '" + std::string(FAIRYKIT_BIN_DIR) + "/" + tool + "' " +
                       args + " <" + (input.empty() ? std::string("/dev/null") : input),
                   tool);
}

}  // namespace fairykit::testing
