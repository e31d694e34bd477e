// docs/fairykit-games.schema.json against what fairy-convert writes: every game object of
// --to jsonl (with --with-fen) for the samples and a few games written here must conform to
// the schema, checked by a small validator of the keywords the schema uses (type, enum,
// const, minimum, maximum, minLength, required, properties, additionalProperties, propertyNames,
// items, oneOf, $ref); and every property the schema names must occur in some game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const std::string kSchemaPath =
    std::string(FAIRYKIT_SOURCE_DIR) + "/docs/fairykit-games.schema.json";

class Validator {
 public:
  explicit Validator(Json schema) : root_(std::move(schema)) {}

  // The errors of `v` against the root schema ("" : valid).
  std::vector<std::string> check(const Json& v) {
    std::vector<std::string> errors;
    check(v, root_, "$", "#", errors);
    return errors;
  }
  const std::set<std::string>& seen() const { return seen_; }
  const Json& root() const { return root_; }

  // Every property of every object schema, as "schema path/name".
  void all_properties(const Json& s, const std::string& where, std::set<std::string>& out) const {
    if (!s.is_object()) return;
    for (const auto& [k, sub] : s.items()) {
      if (k == "properties") {
        for (const auto& [name, p] : sub.items()) {
          out.insert(where + "/" + name);
          all_properties(p, where + "/properties/" + name, out);
        }
      } else if (k == "$defs" || k == "oneOf") {
        for (const auto& [name, p] : sub.items())
          all_properties(p, where + "/" + k + "/" + name, out);
      } else if (sub.is_object()) {
        all_properties(sub, where + "/" + k, out);
      }
    }
  }

 private:
  const Json& resolve(const Json& s, std::string& where) const {
    if (!s.contains("$ref")) return s;
    const std::string ref = s["$ref"].get<std::string>();
    EXPECT_EQ(ref.rfind("#/$defs/", 0), 0u) << ref;
    where = ref;
    return root_["$defs"][ref.substr(8)];
  }

  void check(const Json& v, const Json& schema, const std::string& path, std::string where,
             std::vector<std::string>& errors) {
    const Json& s = resolve(schema, where);
    auto fail = [&](const std::string& what) { errors.push_back(path + ": " + what); };
    if (s.contains("oneOf")) {
      int matches = 0;
      std::size_t i = 0;
      for (const Json& alt : s["oneOf"]) {
        std::vector<std::string> e;
        const std::set<std::string> before = seen_;
        check(v, alt, path, where + "/oneOf/" + std::to_string(i++), e);
        if (e.empty())
          ++matches;
        else
          seen_ = before;  // (keys seen by an alternative that does not match do not count)
      }
      if (matches != 1) fail("matches " + std::to_string(matches) + " alternatives of oneOf");
    }
    if (s.contains("type")) {
      const std::string t = s["type"].get<std::string>();
      const bool ok = (t == "string" && v.is_string()) ||
                      (t == "integer" && v.is_number_integer()) || (t == "array" && v.is_array()) ||
                      (t == "object" && v.is_object());
      if (!ok) return fail("is not of type " + t + ": " + v.dump());
    }
    if (s.contains("enum")) {
      bool found = false;
      for (const Json& e : s["enum"]) found = found || e == v;
      if (!found) fail("not in the enum: " + v.dump());
    }
    if (s.contains("const") && s["const"] != v) fail("is not " + s["const"].dump());
    if (s.contains("minimum") && v.is_number() && v.get<double>() < s["minimum"].get<double>())
      fail("below the minimum: " + v.dump());
    if (s.contains("maximum") && v.is_number() && v.get<double>() > s["maximum"].get<double>())
      fail("above the maximum: " + v.dump());
    if (s.contains("minLength") && v.is_string() &&
        v.get<std::string>().size() < s["minLength"].get<std::size_t>())
      fail("shorter than minLength");
    if (v.is_array() && s.contains("items")) {
      std::size_t i = 0;
      for (const Json& e : v) {
        check(e, s["items"], path + "[" + std::to_string(i) + "]", where + "/items", errors);
        ++i;
      }
    }
    if (v.is_object()) {
      if (s.contains("required"))
        for (const Json& r : s["required"])
          if (!v.contains(r.get<std::string>())) fail("no \"" + r.get<std::string>() + "\"");
      for (const auto& [k, e] : v.items()) {
        if (s.contains("propertyNames") && s["propertyNames"].contains("minLength") &&
            k.size() < s["propertyNames"]["minLength"].get<std::size_t>())
          fail("a key shorter than propertyNames.minLength");
        if (s.contains("properties") && s["properties"].contains(k)) {
          seen_.insert(where + "/" + k);
          check(e, s["properties"][k], path + "." + k, where + "/properties/" + k, errors);
        } else if (s.contains("additionalProperties") && s["additionalProperties"].is_object()) {
          check(e, s["additionalProperties"], path + "." + k, where + "/additionalProperties",
                errors);
        } else if (s.contains("additionalProperties") && s["additionalProperties"] == false) {
          fail("key \"" + k + "\" is not in the schema");
        }
      }
    }
  }

  Json root_;
  std::set<std::string> seen_;
};

// Every keyword of the schema is one the validator knows (else it would skip checks).
void known_keywords(const Json& s, const std::string& where) {
  static const std::set<std::string> kKnown = {
      "$schema",    "$id",   "title", "description",  "type",  "required", "additionalProperties",
      "properties", "$defs", "$ref",  "enum",         "const", "minimum",  "maximum",
      "minLength",  "items", "oneOf", "propertyNames"};
  if (!s.is_object()) return;
  for (const auto& [k, sub] : s.items()) {
    EXPECT_TRUE(kKnown.count(k)) << where << ": keyword " << k << " not checked by this test";
    if (k == "properties" || k == "$defs") {
      for (const auto& [name, p] : sub.items()) known_keywords(p, where + "/" + name);
    } else if (k == "oneOf") {
      for (const Json& p : sub) known_keywords(p, where + "/oneOf");
    } else if (k == "items" || k == "additionalProperties" || k == "propertyNames") {
      known_keywords(sub, where + "/" + k);
    }
  }
}

TEST(FairyConvertSchema, EveryKeyWrittenIsInTheSchema) {
  std::ifstream in(kSchemaPath);
  ASSERT_TRUE(in) << kSchemaPath;
  const Json schema = Json::parse(in);
  EXPECT_EQ(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
  known_keywords(schema, "#");
  Validator validator(schema);

  // Games written here add what the samples lack: notes of every kind, a start position, a
  // diagnostic, a repeated tag.
  const std::string dir = fairykit::testing::unique_temp("schema") + "/";
  fs::create_directories(dir);
  std::ofstream(dir + "extra.pgn") << R"([Event "T"]
[Opening "x"]
[Opening "y"]
[Result "*"]

{Intro} 1. e4 (1. d4 {queen} d5 (1... Nf6 $2 2. c4) 2. c4) e5 $14 2. Nf3 Nc6 *

[Event "B"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 3 20"]
[Result "*"]

20... Kd7 21. O-O-O Ke6 *
)";
  std::vector<std::string> inputs;
  for (const auto& e : fs::directory_iterator(std::string(FAIRYKIT_SOURCE_DIR) + "/samples"))
    if (e.path().extension() == ".pgn") inputs.push_back(e.path().string());
  inputs.push_back(dir + "extra.pgn");
  int games = 0;
  for (const std::string& input : inputs) {
    for (const char* extra : {"", "--with-fen --fix-result"}) {
      const fairykit::testing::ToolOutput o = fairykit::testing::run_tool(
          "fairy-convert", std::string("-q --to jsonl ") + extra + " '" + input + "'");
      std::istringstream lines(o.out);
      std::string line;
      while (std::getline(lines, line)) {
        const Json game = Json::parse(line, nullptr, false);
        ASSERT_FALSE(game.is_discarded()) << input << ": " << line;
        for (const std::string& e : validator.check(game)) ADD_FAILURE() << input << ": " << e;
        ++games;
      }
    }
  }
  EXPECT_GE(games, 2 * 25);
  // Every property of the schema occurs in some game written (the paths of the schema:
  // "#/file", "#/properties/tags/Event", "#/$defs/note/oneOf/0/nag").
  std::set<std::string> all;
  validator.all_properties(schema, "#", all);
  for (const std::string& p : all)
    EXPECT_TRUE(validator.seen().count(p)) << p << " is never written";
}

}  // namespace
