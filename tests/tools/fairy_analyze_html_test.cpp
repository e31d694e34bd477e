// fairy-analyze --html FILE from the outside: the page is written besides the tables on
// standard output (or -o), atomically, and refused when it names an input, the other
// output or standard output.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using fairykit::testing::slurp;
using fairykit::testing::ToolOutput;

const std::string kSample = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/classics.pgn";
const std::string kInterweave = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/interweave.pgn";

class FairyAnalyzeHtml : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fairykit::testing::unique_temp("analyze_html");
    fs::create_directories(dir_);
    fs::copy_file(kSample, dir_ + "/a.pgn");
    fs::copy_file(kInterweave, dir_ + "/b.pgn");
  }
  void TearDown() override { fs::remove_all(dir_); }
  ToolOutput run(const std::string& args) const {
    return fairykit::testing::run_tool("fairy-analyze", args, dir_);
  }
  std::string file(const std::string& name) const { return slurp(dir_ + "/" + name); }
  std::string listing() const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.insert(e.path().filename().string());
    std::string s;
    for (const auto& n : names) s += n + " ";
    return s;
  }
  std::string dir_;
};

TEST_F(FairyAnalyzeHtml, WritesThePageBesidesTheTables) {
  const ToolOutput plain = run("-q a.pgn b.pgn --tree 2");
  ASSERT_EQ(plain.status, 0) << plain.err;
  const ToolOutput o = run("-q a.pgn b.pgn --tree 2 --html r.html");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, plain.out);  // standard output as without --html
  EXPECT_EQ(listing(), "a.pgn b.pgn r.html ");
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
  const std::string cmd = "SOURCE_DATE_EPOCH=86400 '" + std::string(FAIRYKIT_BIN_DIR) +
                          "/fairy-analyze' -q a.pgn --html s.html";
  ASSERT_EQ(fairykit::testing::run_shell("cd '" + dir_ + "' && " + cmd).status, 0);
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
  EXPECT_EQ(listing(), "a.pgn b.pgn ");
  o = run("a.pgn --html");
  EXPECT_EQ(o.status, 2);
}

}  // namespace
