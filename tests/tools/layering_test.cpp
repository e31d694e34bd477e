// The layers depend one way only: tools -> analysis -> rules -> parsers, and inside rules/ and
// analysis/ their folders do too (the arrows of docs/architecture.md). Boost.Spirit appears
// in parsers/ only. This test reads every #include of the source tree, and every line of
// analysis/, tools/ and python/, which name no variant but chess.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>

namespace {

namespace fs = std::filesystem;

// What each layer, or folder of a layer, may include: a folder's own entry when it has one,
// else its layer's. An include names a folder when its path has one ("rules/core/types.h").
const std::map<std::string, std::set<std::string>> kAllowed = {
    {"parsers", {"parsers"}},
    {"rules", {"rules", "parsers"}},
    {"rules/core", {"rules/core", "parsers"}},
    {"rules/notation", {"rules/notation", "rules/core", "parsers"}},
    {"rules/interweave", {"rules/interweave", "rules/notation", "rules/core", "parsers"}},
    {"rules/fluidity", {"rules/fluidity", "rules/notation", "rules/core", "parsers"}},
    {"rules/game", {"rules", "parsers"}},
    {"analysis", {"analysis", "rules", "parsers"}},
    {"analysis/io", {"analysis/io", "rules", "parsers"}},
    {"analysis/batch", {"analysis/batch", "analysis/io", "rules", "parsers"}},
    {"analysis/engine", {"analysis/engine", "analysis/batch", "analysis/io", "rules", "parsers"}},
    {"analysis/perft",
     {"analysis/perft", "analysis/engine", "analysis/batch", "analysis/io", "rules", "parsers"}},
    {"analysis/checking", {"analysis/checking", "analysis/io", "rules", "parsers"}},
    {"analysis/formats",
     {"analysis/formats", "analysis/checking", "analysis/engine", "analysis/io", "rules",
      "parsers"}},
    {"analysis/statistics",
     {"analysis/statistics", "analysis/engine", "analysis/formats", "analysis/checking",
      "analysis/io", "rules", "parsers"}},
    {"tools", {"tools", "analysis", "rules", "parsers"}},
    // The Python module: a face over the libraries, as the tools are.
    {"python", {"python", "analysis", "rules", "parsers"}},
};

// The entry of kAllowed a path (of a file or an include) belongs to: its folder's when it has
// one, else its layer's; "" when it is in no layer (absl/..., third-party headers).
std::string unit_of(const std::string& path) {
  const std::size_t first = path.find('/');
  if (first == std::string::npos) return "";
  const std::string layer = path.substr(0, first);
  if (!kAllowed.count(layer)) return "";
  const std::size_t second = path.find('/', first + 1);
  if (second != std::string::npos) {
    const std::string folder = path.substr(0, second);
    if (kAllowed.count(folder)) return folder;
  }
  return layer;
}

// Whether `target` (an include's unit) is allowed by `allowed`: listed itself, or its layer is
// (so "rules" allows "rules/core").
bool allows(const std::set<std::string>& allowed, const std::string& target) {
  return allowed.count(target) || allowed.count(target.substr(0, target.find('/')));
}

// Whether a line of code names a variant other than chess, the default every tool falls back
// to: a VariantId::k<Name>, or the namespace of an engine of its own. analysis/ and tools/ may
// not: what a variant is lives in rules/ (the registry's VariantInfo, the engines' traits).
bool names_variant(std::string_view line) {
  for (const std::string_view engine : {"interweave::", "fluidity::"})
    if (line.find(engine) != std::string_view::npos) return true;
  constexpr std::string_view kId = "VariantId::k";
  for (std::size_t at = line.find(kId); at != std::string_view::npos; at = line.find(kId, at + 1)) {
    std::size_t end = at + kId.size();
    while (end < line.size() &&
           (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
      ++end;
    if (line.substr(at + kId.size(), end - at - kId.size()) != "Chess") return true;
  }
  return false;
}

TEST(Layering, IncludesPointDownOnly) {
  const fs::path root = FAIRYKIT_SOURCE_DIR;
  int files = 0;
  std::set<std::string> units_seen;
  for (const std::string layer : {"parsers", "rules", "analysis", "tools", "python"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / layer)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".h" && ext != ".cpp") continue;
      ++files;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      const std::string unit = unit_of(rel);
      units_seen.insert(unit);
      const std::set<std::string>& allowed = kAllowed.at(unit);
      std::ifstream in(entry.path());
      std::string line;
      int line_no = 0;
      while (std::getline(in, line)) {
        ++line_no;
        if (line.rfind("#include \"", 0) != 0) {
          if (line.rfind("#include <boost/spirit", 0) == 0) {
            EXPECT_EQ(layer, "parsers") << rel << ":" << line_no << ": Spirit outside parsers/";
          }
          continue;
        }
        const std::string target = line.substr(10, line.find('"', 10) - 10);
        const std::string to = unit_of(target);
        if (to.empty()) continue;
        EXPECT_TRUE(allows(allowed, to))
            << rel << ":" << line_no << ": " << unit << "/ may not include " << target;
      }
    }
  }
  EXPECT_GT(files, 100);
  // Every folder of the table holds code: a folder renamed leaves no rule behind unchecked.
  for (const auto& [unit, allowed] : kAllowed) {
    if (unit.find('/') != std::string::npos) {
      EXPECT_TRUE(units_seen.count(unit)) << unit << "/ has no sources";
    }
  }
}

TEST(Layering, AnalysisAndToolsNameNoVariant) {
  const fs::path root = FAIRYKIT_SOURCE_DIR;
  int files = 0;
  for (const std::string layer : {"analysis", "tools", "python"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / layer)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".h" && ext != ".cpp") continue;
      ++files;
      std::ifstream in(entry.path());
      std::string line;
      int line_no = 0;
      while (std::getline(in, line)) {
        ++line_no;
        EXPECT_FALSE(names_variant(line))
            << fs::relative(entry.path(), root).generic_string() << ":" << line_no
            << ": names a variant (its knowledge belongs in rules/): " << line;
      }
    }
  }
  EXPECT_GT(files, 50);
}

TEST(Layering, VariantNamesAreFound) {
  EXPECT_TRUE(names_variant("  if (r.variant == VariantId::kInterweave && m.captures > 0)"));
  EXPECT_TRUE(names_variant("case VariantId::kChess960:"));
  EXPECT_TRUE(names_variant("f.variant = VariantId::kFluidity; // VariantId::kChess"));
  EXPECT_TRUE(names_variant("  thread_local interweave::MoveList list;"));
  EXPECT_TRUE(names_variant("void engine_facts(fluidity::Position& g);"));
  EXPECT_FALSE(names_variant("  VariantId variant = VariantId::kChess;"));
  EXPECT_FALSE(names_variant("if (record.variant != VariantId::kChess)"));
  EXPECT_FALSE(names_variant("// Interweave's chains, Fluidity's dissection"));
  EXPECT_FALSE(names_variant("const VariantInfo& v = variant_info(id);"));
}

// The rules of a folder hold for a file in it, and a file of a layer's top level (tools/common
// is "tools") follows its layer's rules.
TEST(Layering, UnitsOfPaths) {
  EXPECT_EQ(unit_of("rules/core/types.h"), "rules/core");
  EXPECT_EQ(unit_of("analysis/formats/pgn_writer.h"), "analysis/formats");
  EXPECT_EQ(unit_of("tools/common/cli.h"), "tools");
  EXPECT_EQ(unit_of("absl/strings/str_cat.h"), "");
  EXPECT_TRUE(allows(kAllowed.at("analysis/statistics"), "analysis/formats"));
  EXPECT_FALSE(allows(kAllowed.at("analysis/formats"), "analysis/statistics"));
  EXPECT_FALSE(allows(kAllowed.at("analysis/perft"), "analysis/checking"));
  EXPECT_FALSE(allows(kAllowed.at("analysis/batch"), "analysis/perft"));
  EXPECT_FALSE(allows(kAllowed.at("rules/core"), "rules/notation"));
  EXPECT_TRUE(allows(kAllowed.at("rules/game"), "rules/interweave"));
}

}  // namespace
