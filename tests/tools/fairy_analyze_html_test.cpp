// fairy-analyze --html FILE from the outside: the page is written besides the tables on
// standard output (or -o), atomically, and refused when it names an input, the other
// output or standard output.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/analysis/temp_dir.h"
#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using fairykit::testing::ToolOutput;

// A fresh directory holding a.pgn (samples/classics.pgn: 4 chess games) and b.pgn
// (samples/interweave.pgn: 5 games).
class FairyAnalyzeHtml : public fairykit::testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    const fs::path samples = fs::path(FAIRYKIT_SOURCE_DIR) / "samples";
    fs::copy_file(samples / "classics.pgn", dir_ / "a.pgn");
    fs::copy_file(samples / "interweave.pgn", dir_ / "b.pgn");
  }
  ToolOutput run(const std::string& args) const {
    return fairykit::testing::run_tool("fairy-analyze", args, dir_.string());
  }
  std::string file(const std::string& name) const {
    return fairykit::testing::read_file(dir_ / name);
  }
};

TEST_F(FairyAnalyzeHtml, WritesThePageBesidesTheTables) {
  const ToolOutput plain = run("-q a.pgn b.pgn --tree 2");
  ASSERT_EQ(plain.status, 0) << plain.err;
  const ToolOutput o = run("-q a.pgn b.pgn --tree 2 --html r.html");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, plain.out);  // standard output as without --html
  EXPECT_EQ(entries(), 3);      // no temporary file left
  const std::string html = file("r.html");
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n")) << html.substr(0, 100);
  EXPECT_TRUE(html.ends_with("</html>\n"));
  EXPECT_NE(html.find("Inputs: <code>a.pgn</code>, <code>b.pgn</code>"), std::string::npos);
  EXPECT_NE(html.find("By variant: chess 4, interweave 5"), std::string::npos);
  for (const char* id : {"chart-results_by_variant", "chart-lengths", "chart-capture_methods",
                         "chart-opening_tree", "table-players", "table-opening_tree"})
    EXPECT_NE(html.find(std::string("id=\"") + id + "\""), std::string::npos) << id;
  // The date: SOURCE_DATE_EPOCH (UTC) when set, for a page made again byte for byte.
  const ToolOutput again = run("-q a.pgn b.pgn --tree 2 --html r.html --format json -o r.json");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, "");
  EXPECT_TRUE(file("r.json").starts_with("{\"tables\":"));
  const std::string cmd = "cd '" + dir_.string() + "' && SOURCE_DATE_EPOCH=86400 '" +
                          std::string(FAIRYKIT_BIN_DIR) + "/fairy-analyze' -q a.pgn --html s.html";
  ASSERT_EQ(fairykit::testing::run_shell(cmd).status, 0);
  EXPECT_NE(file("s.html").find("Made 1970-01-02 00:00 by fairy-analyze."), std::string::npos);
}

TEST_F(FairyAnalyzeHtml, RefusedWhenItIsAnInputOrAnotherOutput) {
  const std::string sample = file("a.pgn");
  ToolOutput o = run("a.pgn --html a.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-analyze: --html 'a.pgn' is the input 'a.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(file("a.pgn"), sample);
  o = run("a.pgn -o r.html --html ./r.html");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "fairy-analyze: --output 'r.html' and --html './r.html' are the same file\n");
  EXPECT_EQ(entries(), 2);
  o = run("a.pgn --html");
  EXPECT_EQ(o.status, 2);
}

}  // namespace
