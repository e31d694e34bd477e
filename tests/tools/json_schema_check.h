// A small JSON Schema validator for the tests of the schemas in docs/schemas/: only the
// keywords those schemas use (type, enum, const, minimum, maximum, minLength, pattern,
// required, properties, additionalProperties, propertyNames, items, oneOf, $ref to
// "#/$defs/..."), so that a schema needs no validator from outside the project. A keyword it
// does not know fails the test (known_keywords), rather than being skipped in silence.
//
// It also records which properties of the schema the values checked had (seen), so that a
// test can require every property the schema names to occur in some output: a schema then
// cannot keep a key the tools no longer write.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace fairykit::testing {

class SchemaValidator {
 public:
  using Json = nlohmann::json;

  explicit SchemaValidator(Json schema) : root_(std::move(schema)) {}

  // The errors of `v` against the root schema (none: valid).
  std::vector<std::string> check(const Json& v) {
    std::vector<std::string> errors;
    check(v, root_, "$", "#", errors);
    return errors;
  }
  // The properties the values checked had, as all_properties names them.
  const std::set<std::string>& seen() const { return seen_; }
  const Json& root() const { return root_; }

  // Every property of every object schema, as "schema path/name" ("#/file",
  // "#/properties/tags/Event", "#/$defs/note/oneOf/0/nag").
  std::set<std::string> all_properties() const {
    std::set<std::string> out;
    all_properties(root_, "#", out);
    return out;
  }

 private:
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

  const Json& resolve(const Json& s, std::string& where) const {
    if (!s.contains("$ref")) return s;
    const std::string ref = s["$ref"].get<std::string>();
    EXPECT_EQ(ref.rfind("#/$defs/", 0), 0u) << ref;
    EXPECT_TRUE(root_["$defs"].contains(ref.substr(8))) << ref;
    where = ref;
    return root_["$defs"][ref.substr(8)];
  }

  static bool has_type(const Json& v, const std::string& t) {
    return (t == "string" && v.is_string()) || (t == "integer" && v.is_number_integer()) ||
           (t == "number" && v.is_number()) || (t == "boolean" && v.is_boolean()) ||
           (t == "null" && v.is_null()) || (t == "array" && v.is_array()) ||
           (t == "object" && v.is_object());
  }

  // `v` is an object with a key whose property in `s` is a "const" other than its value.
  static bool differs_in_const(const Json& v, const Json& s) {
    if (!v.is_object() || !s.contains("properties")) return false;
    for (const auto& [k, p] : s["properties"].items())
      if (p.contains("const") && v.contains(k) && v[k] != p["const"]) return true;
    return false;
  }

  void check(const Json& v, const Json& schema, const std::string& path, std::string where,
             std::vector<std::string>& errors) {
    const Json& s = resolve(schema, where);
    auto fail = [&](const std::string& what) { errors.push_back(path + ": " + what); };
    if (s.contains("oneOf")) {
      int matches = 0;
      std::size_t i = 0;
      for (const Json& alt : s["oneOf"]) {
        // An alternative whose "const" property (a table's name, a record's type) differs
        // fails without the rest of it being checked: the reports' long arrays are then
        // checked against their own alternative only.
        std::string alt_where = where;
        if (differs_in_const(v, resolve(alt, alt_where))) {
          ++i;
          continue;
        }
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
      bool ok = false;
      if (s["type"].is_array()) {
        for (const Json& t : s["type"]) ok = ok || has_type(v, t.get<std::string>());
      } else {
        ok = has_type(v, s["type"].get<std::string>());
      }
      if (!ok) return fail("is not of type " + s["type"].dump() + ": " + v.dump());
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
    if (s.contains("pattern") && v.is_string() &&
        !std::regex_search(v.get<std::string>(),
                           std::regex(s["pattern"].get<std::string>(), std::regex::ECMAScript)))
      fail("does not match the pattern " + s["pattern"].dump() + ": " + v.dump());
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

// Every keyword of the schema `s` is one SchemaValidator knows (else it would skip checks).
inline void known_keywords(const nlohmann::json& s, const std::string& where) {
  static const std::set<std::string> kKnown = {
      "$schema", "$id",   "title",      "description", "type",          "required",
      "$defs",   "$ref",  "properties", "enum",        "const",         "additionalProperties",
      "minimum", "items", "oneOf",      "maximum",     "propertyNames", "minLength",
      "pattern"};
  if (!s.is_object()) return;
  for (const auto& [k, sub] : s.items()) {
    EXPECT_TRUE(kKnown.count(k)) << where << ": keyword " << k << " not checked by this test";
    if (k == "properties" || k == "$defs") {
      for (const auto& [name, p] : sub.items()) known_keywords(p, where + "/" + name);
    } else if (k == "oneOf") {
      for (const nlohmann::json& p : sub) known_keywords(p, where + "/oneOf");
    } else if (k == "items" || k == "additionalProperties" || k == "propertyNames") {
      known_keywords(sub, where + "/" + k);
    }
  }
}

// docs/schemas/NAME.schema.json, read and checked to be a draft 2020-12 schema of known
// keywords.
inline SchemaValidator load_schema(const std::string& name) {
  const std::string path = std::string(FAIRYKIT_SOURCE_DIR) + "/docs/schemas/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  const nlohmann::json schema = nlohmann::json::parse(in, nullptr, false);
  EXPECT_FALSE(schema.is_discarded()) << path << " is not JSON";
  EXPECT_EQ(schema.value("$schema", ""), "https://json-schema.org/draft/2020-12/schema") << path;
  EXPECT_EQ(schema.value("$id", ""), "https://github.com/fairykit/fairykit/docs/schemas/" + name);
  known_keywords(schema, "#");
  return SchemaValidator(schema.is_discarded() ? nlohmann::json::object() : schema);
}

// Each line of `text` a JSON value valid against `v` (a failure names `what` and the line);
// the number of lines.
inline int check_lines(SchemaValidator& v, const std::string& text, const std::string& what) {
  std::istringstream lines(text);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    const nlohmann::json value = nlohmann::json::parse(line, nullptr, false);
    if (value.is_discarded()) {
      ADD_FAILURE() << what << ": line " << n << " is not JSON: " << line;
      continue;
    }
    for (const std::string& e : v.check(value))
      ADD_FAILURE() << what << ": line " << n << ": " << e;
  }
  return n;
}

// `text` one JSON document valid against `v`.
inline void check_document(SchemaValidator& v, const std::string& text, const std::string& what) {
  const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
  if (value.is_discarded()) {
    ADD_FAILURE() << what << ": not one JSON document: " << text.substr(0, 200);
    return;
  }
  for (const std::string& e : v.check(value)) ADD_FAILURE() << what << ": " << e;
}

// Every property the schema names occurred in some value checked.
inline void expect_every_property_seen(const SchemaValidator& v) {
  for (const std::string& p : v.all_properties())
    EXPECT_TRUE(v.seen().count(p)) << p << " is never written";
}

}  // namespace fairykit::testing
