// JsonWriter: commas, nesting, one-entry-per-line arrays and escaping, so that reports
// never splice JSON text by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "analysis/json.h"

namespace fairykit::analysis {
namespace {

TEST(JsonWriter, CommasNestingAndValues) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("a").value(1).key("b").value(std::uint64_t{18446744073709551615u});
  w.key("c").value(std::int64_t{-5}).key("t").value(true).key("f").value(false);
  w.key("s").value("x\"y\\\n").key("list").begin_array().value(1).value("two");
  w.begin_object().end_object().begin_array().end_array().end_array();
  w.key("o").begin_object().key("k").value("v").end_object().end_object();
  EXPECT_EQ(out,
            "{\"a\":1,\"b\":18446744073709551615,\"c\":-5,\"t\":true,\"f\":false,"
            "\"s\":\"x\\\"y\\\\\\n\",\"list\":[1,\"two\",{},[]],\"o\":{\"k\":\"v\"}}");
}

TEST(JsonWriter, OnePerLineArrays) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("rows").begin_array(true).value(1).begin_object().key("x").value(2);
  w.end_object().end_array().key("empty").begin_array(true).end_array().end_object();
  EXPECT_EQ(out, "{\"rows\":[\n1,\n{\"x\":2}\n],\"empty\":[\n\n]}");
}

TEST(JsonWriter, TopLevelValuesInSequenceAndClearingTheBuffer) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("n").value(1).end_object();
  EXPECT_EQ(out, "{\"n\":1}");
  out.clear();  // JSON lines: one document per line, written out in pieces
  w.begin_object().key("n").value(2).end_object();
  EXPECT_EQ(out, "{\"n\":2}");
  out.clear();
  w.begin_array(true).value("a");
  out.clear();
  w.value("b").end_array();
  EXPECT_EQ(out, ",\n\"b\"\n]");  // the writer keeps its place, not the text
}

}  // namespace
}  // namespace fairykit::analysis
