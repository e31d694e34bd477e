// The layers depend one way only: tools -> analysis -> rules -> parsers. Boost.Spirit
// appears in parsers/ only. This test reads every #include of the source tree.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

const std::map<std::string, std::set<std::string>> kAllowed = {
    {"parsers", {"parsers"}},
    {"rules", {"rules", "parsers"}},
    {"analysis", {"analysis", "rules", "parsers"}},
    {"tools", {"tools", "analysis", "rules", "parsers"}},
};

TEST(Layering, IncludesPointDownOnly) {
  const fs::path root = FAIRYKIT_SOURCE_DIR;
  int files = 0;
  for (const auto& [layer, allowed] : kAllowed) {
    for (const auto& entry : fs::recursive_directory_iterator(root / layer)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".h" && ext != ".cpp") continue;
      ++files;
      std::ifstream in(entry.path());
      std::string line;
      int line_no = 0;
      while (std::getline(in, line)) {
        ++line_no;
        if (line.rfind("#include \"", 0) != 0) {
          if (line.rfind("#include <boost/spirit", 0) == 0) {
            EXPECT_EQ(layer, "parsers")
                << entry.path() << ":" << line_no << ": Spirit outside parsers/";
          }
          continue;
        }
        const std::string target = line.substr(10, line.find('"', 10) - 10);
        const std::string top = target.substr(0, target.find('/'));
        if (!kAllowed.count(top)) continue;  // absl/..., third-party headers
        EXPECT_TRUE(allowed.count(top))
            << entry.path() << ":" << line_no << ": " << layer << "/ may not include " << target;
      }
    }
  }
  EXPECT_GT(files, 10);
}

}  // namespace
