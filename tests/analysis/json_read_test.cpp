// analysis/json_read: the JSON parser (values and their places, every error in our words at
// its byte, nesting bounded without recursion) and the game object read into PGN (what PGN
// could not say as the JSON says it is an error at the value it is about).
#include "analysis/formats/json_read.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/pgn.h"

namespace fairykit::analysis {
namespace {

using Kind = JsonValue::Kind;

// The error of `text`, as "message @byte", or "ok".
std::string parse_error(const std::string& text, int max_depth = kMaxJsonDepth) {
  JsonDocument doc;
  JsonError e;
  if (parse_json(text, doc, e, nullptr, max_depth)) return "ok";
  return e.message + " @" + std::to_string(e.at);
}

TEST(ParseJson, ValuesInDocumentOrderWithTheirPlaces) {
  const std::string text =
      " {\"a\" : [1, -2.5e3, \"x\\u00e9\\n\\ud83d\\ude00\", true, false, null, {}, []],\n"
      "\"b\\\"\":{\"c\":\"\"}, \"a\":0} ";
  JsonDocument doc;
  JsonError e;
  ASSERT_TRUE(parse_json(text, doc, e)) << e.message;
  const std::vector<JsonValue>& v = doc.values;
  ASSERT_EQ(v.size(), 13u);
  EXPECT_EQ(v[0].kind, Kind::kObject);
  EXPECT_EQ(v[0].at, 1u);
  EXPECT_EQ(v[0].end, text.size() - 1);
  EXPECT_EQ(v[0].next, 13u);
  EXPECT_EQ(v[1].kind, Kind::kArray);
  EXPECT_EQ(v[1].key, "a");
  EXPECT_EQ(v[1].key_at, 2u);
  EXPECT_EQ(v[1].at, 8u);
  EXPECT_EQ(v[1].next, 10u);
  EXPECT_EQ(v[2].text, "1");
  EXPECT_EQ(v[2].at, 9u);
  EXPECT_EQ(v[3].kind, Kind::kNumber);
  EXPECT_EQ(v[3].text, "-2.5e3");  // as written
  EXPECT_EQ(v[4].kind, Kind::kString);
  EXPECT_EQ(v[4].text, "x\xC3\xA9\n\xF0\x9F\x98\x80");  // escapes resolved, surrogates joined
  EXPECT_EQ(v[5].kind, Kind::kTrue);
  EXPECT_EQ(v[6].kind, Kind::kFalse);
  EXPECT_EQ(v[7].kind, Kind::kNull);
  EXPECT_EQ(v[8].kind, Kind::kObject);
  EXPECT_EQ(v[8].next, 9u);  // empty
  EXPECT_EQ(v[9].kind, Kind::kArray);
  EXPECT_EQ(v[9].next, 10u);
  EXPECT_EQ(v[10].key, "b\"");
  EXPECT_EQ(v[10].next, 12u);
  EXPECT_EQ(v[11].key, "c");
  EXPECT_EQ(v[11].text, "");
  // A name given twice is kept twice, in order (the game reader decides what it means).
  EXPECT_EQ(v[12].key, "a");
  EXPECT_EQ(v[12].text, "0");
  // Strings without an escape are views of the text; the others, of the document.
  EXPECT_EQ(v[12].key.data(), text.data() + text.rfind("\"a\"") + 1);
  EXPECT_EQ(doc.unescaped.size(), 2u);  // "x\u00e9..." and "b\""
}

// With a JsonKeep, only what it keeps is held: the rest is read and checked all the same.
TEST(ParseJson, KeepHoldsOnlyWhatItKeeps) {
  // Keeps the top object (role 1) and its members named "a" (role 2) but not their contents.
  const JsonKeep keep = [](std::uint8_t parent, std::string_view key) -> std::uint8_t {
    if (parent == 0) return 1;
    return parent == 1 && key == "a" ? 2 : 0;
  };
  JsonDocument doc;
  JsonError e;
  ASSERT_TRUE(parse_json(R"({"a":[1,[2],{"x":3}],"b":{"a":[4]},"a":"\n"})", doc, e, keep));
  ASSERT_EQ(doc.values.size(), 3u);
  EXPECT_EQ(doc.values[0].next, 3u);
  EXPECT_EQ(doc.values[1].kind, Kind::kArray);
  EXPECT_EQ(doc.values[1].role, 2);
  EXPECT_EQ(doc.values[1].at, 5u);
  EXPECT_EQ(doc.values[1].end, 20u);
  EXPECT_EQ(doc.values[1].next, 2u);
  EXPECT_EQ(doc.values[2].text, "\n");
  // A fault inside what is left out is a fault all the same.
  EXPECT_FALSE(parse_json(R"({"b":{"a":["\q"]}})", doc, e, keep));
  EXPECT_EQ(e.message, "invalid JSON: unknown escape '\\q' in a string");
  EXPECT_EQ(e.at, 12u);
}

TEST(ParseJson, ByteOrderMarkAndScalarsAtTheTop) {
  EXPECT_EQ(parse_error("\xEF\xBB\xBF{\"a\":1}"), "ok");
  EXPECT_EQ(parse_error("0"), "ok");
  EXPECT_EQ(parse_error(" \"x\" "), "ok");
  EXPECT_EQ(parse_error("1e512"), "ok");  // kept as written, never converted
  EXPECT_EQ(parse_error("123456789012345678901234567890"), "ok");
}

TEST(ParseJson, ErrorsInOurWordsAtTheirByte) {
  const std::pair<std::string, std::string> cases[] = {
      {"", "invalid JSON: the text ends where a value was expected @0"},
      {"{\"a\":1 \"b\":2}", "invalid JSON: ',' or '}' expected after a member, not '\"' @7"},
      {"[1 2]", "invalid JSON: ',' or ']' expected after an element, not '2' @3"},
      {"[1,]", "invalid JSON: a value expected, not ']' @3"},
      {"{\"a\":1,}", "invalid JSON: a member name in quotes expected, not '}' @7"},
      {"{a:1}", "invalid JSON: a member name in quotes expected, not 'a' @1"},
      {"{\"a\" 1}", "invalid JSON: ':' expected after a member name, not '1' @5"},
      {"{\"a\":1", "invalid JSON: the text ends inside an object @6"},
      {"[1", "invalid JSON: the text ends inside an array @2"},
      {"{\"a\":1}}", "invalid JSON: text after the end of the value @7"},
      {"{} {}", "invalid JSON: text after the end of the value @3"},
      {"tru", "invalid JSON: a value expected, not 't' @0"},
      {"NaN", "invalid JSON: a value expected, not 'N' @0"},
      {"[01]", "invalid JSON: ',' or ']' expected after an element, not '1' @2"},
      {"-", "invalid JSON: invalid number '-' @0"},
      {"[1.]", "invalid JSON: invalid number '1.]' @1"},
      {"[1e+]", "invalid JSON: invalid number '1e+]' @1"},
      {"\"abc", "invalid JSON: a string that is not closed @0"},
      {"\"a\nb\"",
       "invalid JSON: control character '\\x0A' in a string (JSON wants it escaped) @2"},
      {"\"a\xF5\"", "invalid JSON: byte '\\xF5' of a string is not UTF-8 @2"},
      {"\"\xC0\x80\"", "invalid JSON: byte '\\xC0' of a string is not UTF-8 @1"},
      {"\"\xED\xA0\x80\"", "invalid JSON: byte '\\xED' of a string is not UTF-8 @1"},
      {"\"\\q\"", "invalid JSON: unknown escape '\\q' in a string @1"},
      {"\"\\u12G4\"", "invalid JSON: \\u without four hex digits after it: '\\u12G4' @1"},
      {"\"\\uDC00\"", "invalid JSON: '\\uDC00' is a low surrogate without a high one before it @1"},
      {"\"\\uD800x\"", "invalid JSON: '\\uD800' is a high surrogate not followed by a low one @1"},
      {"\"\\uD800\\u0041\"",
       "invalid JSON: '\\uD800' is a high surrogate not followed by a low one @1"},
      {"\xEF\xBB", "invalid JSON: a value expected, not '\\xEF' @0"},
      // A NUL byte is a byte like any other, not the end of the text.
      {std::string("44\0s", 4), "invalid JSON: text after the end of the value @2"},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(parse_error(text), want) << text;
}

// However deep the input, the parser's stack is its own: the error is at the bracket that
// opens the level one too many.
TEST(ParseJson, NestingBoundedWithoutRecursion) {
  const std::string deep = std::string(1000000, '[') + std::string(1000000, ']');
  EXPECT_EQ(parse_error(deep), "invalid JSON: arrays and objects nested more than " +
                                   std::to_string(kMaxJsonDepth) + " deep @" +
                                   std::to_string(kMaxJsonDepth));
  EXPECT_EQ(parse_error(std::string(5, '[') + std::string(5, ']'), 5), "ok");
  EXPECT_EQ(parse_error("[{\"a\":[[]]}]", 4), "ok");
  EXPECT_EQ(parse_error("[{\"a\":[[{}]]}]", 4),
            "invalid JSON: arrays and objects nested more than 4 deep @8");
}

// The PGN of `json`, or its error as "message @byte".
std::string pgn_of(const std::string& json) {
  std::string pgn;
  JsonOrigins origins;
  const absl::Status s = json_game_to_pgn(json, pgn, &origins);
  if (!s.ok()) return std::string(s.message()) + " @" + std::to_string(origins.error_at);
  return pgn;
}

TEST(JsonGameToPgn, TheGameAndItsNotes) {
  EXPECT_EQ(pgn_of(R"({"tags":{"White":"A \"B\"","Round":3,"X":[1, 2]},"variant":"chess960",)"
                   R"("start_fen":"8/8/8/8/8/8/8/K6k w - - 0 1","result":"1-0","ply":1,)"
                   R"("san":["Kb1","Kg1"],"notes":[{"ply":0,"comment":"a } b"},)"
                   R"({"ply":1,"nag":255},{"ply":1,"variation":{"ply":1,"san":["Kb2"]}}]})"),
            "[White \"A \\\"B\\\"\"]\n[Round \"3\"]\n[X \"[1, 2]\"]\n[Variant \"chess960\"]\n"
            "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n"
            " ;a } b\n Kb1 $255 ( Kb2) Kg1 1-0\n");
  EXPECT_EQ(pgn_of(R"({"uci":["e2e4"]})"), "\n e2e4 *\n");
}

// A NAG is 0 to 255, as in PGN: never wrapped.
TEST(JsonGameToPgn, NagOutOfRangeIsAnError) {
  const std::string head = R"({"san":["e4"],"notes":[{"ply":1,"nag":)";
  EXPECT_EQ(pgn_of(head + "0}]}"), "\n e4 $0 *\n");
  EXPECT_EQ(pgn_of(head + "4294967296}]}"),
            "NAG 4294967296 is out of range (0 to 255) @" + std::to_string(head.size()));
  EXPECT_EQ(pgn_of(head + "256}]}"), "NAG 256 is out of range (0 to 255) @38");
  EXPECT_EQ(pgn_of(head + "-1}]}"), "NAG -1 is out of range (0 to 255) @38");
  EXPECT_EQ(pgn_of(head + "99999999999999999999999}]}"),
            "NAG 99999999999999999999999 is out of range (0 to 255) @38");
  EXPECT_EQ(pgn_of(head + "1.0}]}"), "a NAG that is not an integer: 1.0 @38");
  EXPECT_EQ(pgn_of(head + "\"1\"}]}"), "a NAG that is not an integer: \"1\" @38");
}

// A move that PGN would read as something else is an error, not a game cut short.
TEST(JsonGameToPgn, MovesThatPgnWouldReadAsSomethingElse) {
  EXPECT_EQ(pgn_of(R"({"san":["e4","1-0","e5"]})"),
            "a result inside the \"san\" array: \"1-0\" (the result is the \"result\" field) @13");
  EXPECT_EQ(pgn_of(R"({"san":["e4","*"]})"),
            "a result inside the \"san\" array: \"*\" (the result is the \"result\" field) @13");
  EXPECT_EQ(
      pgn_of(R"({"uci":["1/2-1/2"]})"),
      "a result inside the \"uci\" array: \"1/2-1/2\" (the result is the \"result\" field) @8");
  EXPECT_EQ(pgn_of(R"({"san":["e4","12","e5"]})"),
            "a move that is not one move token of movetext: \"12\" @13");
  EXPECT_EQ(pgn_of(R"({"san":["e4!"]})"),
            "a move that is not one move token of movetext: \"e4!\" @8");
  EXPECT_EQ(pgn_of(R"({"san":["e4 e5"]})"),
            "a move that is not one move token of movetext: \"e4 e5\" @8");
  EXPECT_EQ(pgn_of("{\"san\":[\"e4)\"]}"),
            "a move that is not one move token of movetext: \"e4)\" @8");
  EXPECT_EQ(pgn_of(R"({"san":[""]})"), "a move that is not one move token of movetext: \"\" @8");
  EXPECT_EQ(pgn_of(R"({"san":[1]})"), "a move that is not a string: 1 @8");
  // What fairy-convert writes is read: castling, promotions, checks, null moves, e.p.
  EXPECT_EQ(pgn_of(R"({"san":["O-O-O+","0-0","e8=Q#","--","exd6e.p.","Nbxd7"]})"),
            "\n O-O-O+ 0-0 e8=Q# -- exd6e.p. Nbxd7 *\n");
}

TEST(JsonGameToPgn, ResultMustBeAResult) {
  EXPECT_EQ(pgn_of(R"({"san":[],"result":"1/2-1/2"})"), "\n 1/2-1/2\n");
  EXPECT_EQ(
      pgn_of(R"({"san":[],"result":"foo"})"),
      "\"result\" is not a result: \"foo\" (one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\") @19");
  EXPECT_EQ(pgn_of(R"({"san":[],"result":null})"),
            "\"result\" is not a result: null (one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\") @19");
}

// A field the reader uses, of the wrong type or given twice, is an error: never ignored.
TEST(JsonGameToPgn, FieldsOfTheWrongTypeOrGivenTwice) {
  const std::pair<std::string, std::string> cases[] = {
      {R"([])", "a game must be a JSON object @0"},
      {R"({})", "game object has no \"san\" or \"uci\" array @0"},
      {R"({"san":"e4"})", "\"san\" must be an array @7"},
      {R"({"san":[],"san":["e4"]})", "\"san\" given twice in an object @10"},
      {R"({"tags":[],"san":[]})", "\"tags\" must be an object @8"},
      {R"({"tags":{"A B":"x"},"san":[]})", "a tag name that is not a PGN symbol: \"A B\" @9"},
      {R"({"variant":1,"san":[]})", "\"variant\" must be a string @11"},
      {R"({"start_fen":null,"san":[]})", "\"start_fen\" must be a string @13"},
      {R"({"ply":"1","san":[]})", "\"ply\" must be an integer @7"},
      {R"({"ply":0,"san":[]})", "\"ply\" out of range (1 to 1000000000) @7"},
      {R"({"ply":1e99999,"san":[]})", "\"ply\" must be an integer @7"},
      {R"({"san":[],"notes":{}})", "\"notes\" must be an array @18"},
      {R"({"san":["e4"],"notes":[1]})", "a note must be an object @23"},
      {R"({"san":["e4"],"notes":[{"nag":1}]})", "a note without a \"ply\" @23"},
      {R"({"san":["e4"],"notes":[{"ply":1.5,"nag":1}]})",
       "a note's \"ply\" must be an integer @30"},
      {R"({"san":["e4"],"notes":[{"ply":1}]})",
       "a note that is not a nag, comment or variation @23"},
      {R"({"san":["e4"],"notes":[{"ply":1,"nag":1,"comment":"x"}]})",
       "a note with more than one of \"nag\", \"comment\" and \"variation\" @23"},
      {R"({"san":["e4"],"notes":[{"ply":1,"comment":1}]})", "a comment must be a string @42"},
      {R"({"san":["e4"],"notes":[{"ply":1,"variation":[]}]})", "a variation must be an object @44"},
      {R"({"san":["e4"],"notes":[{"ply":1,"variation":{"san":1}}]})",
       "\"san\" must be an array @51"},
      {R"({"san":["e4"],"notes":[{"ply":1,"variation":{}}]})",
       "variation object has no \"san\" or \"uci\" array @44"},
      {R"({"san":["e4"],"notes":[{"ply":2,"nag":1}]})",
       "a note at ply 2, which its line does not reach (plies 0 to 1) @30"},
      {R"({"san":["e4","e5"],"notes":[{"ply":2,"nag":1},{"ply":1,"nag":2}]})",
       "a note at ply 1 out of order (the notes of a line go in ply order) @53"},
  };
  for (const auto& [json, want] : cases) EXPECT_EQ(pgn_of(json), want) << json;
}

// A game object nesting variations as deep as PGN allows reads; one deeper is refused at the
// variation too many, in the words of the PGN reader.
TEST(JsonGameToPgn, VariationsNestedToTheLimit) {
  auto nested = [](int depth) {
    std::string json = R"({"san":["e4"],"notes":[)";
    for (int i = 0; i < depth; ++i) json += R"({"ply":1,"variation":{"san":["d4"],"notes":[)";
    for (int i = 0; i < depth; ++i) json += "]}}";
    return json + "]}";
  };
  const std::string at_limit = pgn_of(nested(parsers::kMaxVariationDepth));
  EXPECT_EQ(at_limit.substr(0, 10), "\n e4 ( d4 ");
  EXPECT_EQ(std::count(at_limit.begin(), at_limit.end(), '('), parsers::kMaxVariationDepth);
  const std::string over = nested(parsers::kMaxVariationDepth + 1);
  const std::size_t last = over.rfind("\"variation\":") + 12;
  EXPECT_EQ(pgn_of(over), "variations nested more than 200 deep @" + std::to_string(last));
  // Deeper still, the JSON's own bound.
  EXPECT_EQ(pgn_of(nested(parsers::kMaxVariationDepth + 2)).substr(0, 50),
            "invalid JSON: arrays and objects nested more than ");
}

// Each PGN token maps back to the JSON value it came from, so that the diagnostics of the
// PGN name places of the JSON.
TEST(JsonGameToPgn, OriginsOfThePgnTokens) {
  const std::string json = R"( {"tags":{"White":"A"},"san":["e4","e5"],"result":"*",)"
                           R"("notes":[{"ply":1,"comment":"c"}]})";
  std::string pgn;
  JsonOrigins o;
  ASSERT_TRUE(json_game_to_pgn(json, pgn, &o).ok());
  ASSERT_EQ(pgn, "[White \"A\"]\n\n e4 {c} e5 *\n");
  const std::vector<std::size_t> lines = line_starts(pgn);
  EXPECT_EQ(lines, (std::vector<std::size_t>{0, 12, 13, 26}));
  EXPECT_EQ(o.json_offset(lines, 0, 0), 1u);                   // the game object
  EXPECT_EQ(o.json_offset(lines, 1, 1), json.find("\"A\""));   // the tag's value
  EXPECT_EQ(o.json_offset(lines, 3, 2), json.find("\"e4\""));  // e4
  EXPECT_EQ(o.json_offset(lines, 3, 4), json.find("\"e4\""));  // within e4
  EXPECT_EQ(o.json_offset(lines, 3, 5), json.find("\"c\""));   // the comment
  EXPECT_EQ(o.json_offset(lines, 3, 9), json.find("\"e5\""));  // e5
  EXPECT_EQ(o.json_offset(lines, 3, 12), json.find("\"*\""));  // the result
  EXPECT_EQ(o.json_offset(lines, 99, 1), 1u);                  // no such line
}

}  // namespace
}  // namespace fairykit::analysis
