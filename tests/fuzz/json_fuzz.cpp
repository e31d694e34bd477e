// fairy-convert's reader of one JSON game object (analysis/formats/json_read.h) over any bytes, and
// its JSON parser against nlohmann-json's. Invariants:
//   * parse_json accepts exactly the texts nlohmann-json accepts (but for nesting beyond
//     kMaxJsonDepth and a NUL byte outside a string, which it refuses, and numbers beyond a
//     double, which it keeps as written), and reads the same values in the same order: keys,
//     strings (escapes resolved), numbers, literals, arrays and objects;
//   * an error has a message and a place inside the text;
//   * a game object that json_game_to_pgn reads gives PGN whose tokens map back to places of
//     the JSON, in order, and whose check is a pure function of the text (validating twice
//     gives the same report);
//   * a valid game written as PGN, then as JSON, reads back through json_game_to_pgn and is
//     written as the same PGN: the round trip of fairy-convert.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "analysis/checking/validate.h"
#include "analysis/formats/json_read.h"
#include "parsers/pgn.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/game_checks.h"

namespace {

using namespace fairykit;
using analysis::JsonValue;
using Kind = JsonValue::Kind;

// nlohmann-json's reading as a list of events, one string each.
class Events final : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::vector<std::string> events;
  bool overflow = false;  // a number beyond a double
  bool null() override { return add("null"); }
  bool boolean(bool b) override { return add(b ? "true" : "false"); }
  bool number_integer(number_integer_t n) override { return add("int " + std::to_string(n)); }
  bool number_unsigned(number_unsigned_t n) override { return add("int " + std::to_string(n)); }
  bool number_float(number_float_t, const string_t& s) override { return add("number " + s); }
  bool string(string_t& s) override { return add("string " + s); }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override { return add("{"); }
  bool key(string_t& s) override { return add("key " + s); }
  bool end_object() override { return add("}"); }
  bool start_array(std::size_t) override { return add("["); }
  bool end_array() override { return add("]"); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    overflow = e.id == 406;
    return false;
  }

 private:
  bool add(std::string e) {
    events.push_back(std::move(e));
    return true;
  }
};

// A number as nlohmann-json reports it: an integer that fits 64 bits by its value, any
// other number as written.
std::string number_event(std::string_view text) {
  if (text.find_first_of(".eE") == std::string::npos) {
    const char* const first = text.data();
    const char* const last = first + text.size();
    long long n = 0;
    if (const auto r = std::from_chars(first, last, n); r.ec == std::errc() && r.ptr == last)
      return "int " + std::to_string(n);
    unsigned long long u = 0;
    if (const auto r = std::from_chars(first, last, u); r.ec == std::errc() && r.ptr == last)
      return "int " + std::to_string(u);
  }
  return "number " + std::string(text);
}

// The same events from parse_json's values (document order: a container's "end" after the
// last value inside it).
std::vector<std::string> events_of(const std::vector<JsonValue>& values) {
  std::vector<std::string> out;
  std::vector<std::size_t> open;  // the `next` of each open container
  for (std::size_t i = 0; i <= values.size(); ++i) {
    while (!open.empty() && open.back() == i) {
      out.push_back("end");
      open.pop_back();
    }
    if (i == values.size()) break;
    const JsonValue& v = values[i];
    if (v.key_at != 0)
      out.push_back("key " + std::string(v.key));  // a member (an element's key_at is 0)
    switch (v.kind) {
      case Kind::kNull:
        out.push_back("null");
        break;
      case Kind::kFalse:
        out.push_back("false");
        break;
      case Kind::kTrue:
        out.push_back("true");
        break;
      case Kind::kNumber:
        out.push_back(number_event(v.text));
        break;
      case Kind::kString:
        out.push_back("string " + std::string(v.text));
        break;
      case Kind::kArray:
      case Kind::kObject:
        out.push_back(v.kind == Kind::kArray ? "[" : "{");
        open.push_back(v.next);
        break;
    }
  }
  return out;
}

// nlohmann-json's events with both closing brackets as "end".
std::vector<std::string> plain_ends(std::vector<std::string> events) {
  for (std::string& e : events)
    if (e == "}" || e == "]") e = "end";
  return events;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);

  // The parser against nlohmann-json's (whose reader is iterative too).
  analysis::JsonDocument doc;
  analysis::JsonError error;
  const bool ok = analysis::parse_json(text, doc, error);
  const std::vector<JsonValue>& values = doc.values;
  Events theirs;
  const bool their_ok = nlohmann::json::sax_parse(text, &theirs);
  if (!ok) {
    FUZZ_CHECK(!error.message.empty(), "a JSON error without a message");
    FUZZ_CHECK(error.at <= text.size(), "a JSON error at byte %zu of %zu", error.at, text.size());
    const bool too_deep = error.message.find("nested more than") != std::string::npos;
    // (nlohmann-json takes a NUL byte outside a string for the end of the text.)
    const bool nul = text.find('\0') != std::string::npos;
    FUZZ_CHECK(!their_ok || too_deep || nul,
               "nlohmann-json reads what parse_json refuses: %s at %zu", error.message.c_str(),
               error.at);
  } else {
    FUZZ_CHECK(their_ok || theirs.overflow, "parse_json reads what nlohmann-json refuses");
    if (their_ok) {
      const std::vector<std::string> ours = events_of(values);
      FUZZ_CHECK(ours == plain_ends(theirs.events), "parse_json reads other values (%zu, %zu)",
                 ours.size(), theirs.events.size());
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
      const JsonValue& v = values[i];
      FUZZ_CHECK(v.at < v.end && v.end <= text.size(), "value %zu at [%zu, %zu)", i, v.at, v.end);
      FUZZ_CHECK(v.next > i && v.next <= values.size(), "value %zu: next %zu", i, v.next);
    }
  }

  // The game object.
  std::string pgn;
  analysis::JsonOrigins origins;
  const absl::Status st = analysis::json_game_to_pgn(text, pgn, &origins);
  if (!st.ok()) {
    FUZZ_CHECK(!st.message().empty(), "a game error without a message");
    FUZZ_CHECK(origins.error_at <= text.size(), "a game error at byte %zu of %zu", origins.error_at,
               text.size());
    return 0;
  }
  FUZZ_CHECK(ok, "a game read from JSON that parse_json refuses");
  for (std::size_t i = 0; i < origins.tokens.size(); ++i) {
    FUZZ_CHECK(origins.tokens[i].first <= pgn.size() && origins.tokens[i].second < text.size(),
               "token %zu at %zu in the PGN, %zu in the JSON", i, origins.tokens[i].first,
               origins.tokens[i].second);
    FUZZ_CHECK(i == 0 || origins.tokens[i - 1].first <= origins.tokens[i].first,
               "tokens out of order");
  }
  parsers::RawGame game;
  game.text = pgn;
  game.index = 1;
  game.first_line = 1;
  analysis::ValidateOptions vo;
  vo.roster_warnings = false;
  analysis::RecordOptions ro;
  analysis::GameRecord record;
  const analysis::GameReport report = analysis::validate_game(game, vo, record, ro);
  if (pgn.size() < 2048)
    FUZZ_CHECK(fuzz::same(report, analysis::validate_game(game, vo)), "two validations differ");
  if (report.valid() && pgn.size() < 4096) fuzz::check_round_trip(record, report);
  return 0;
}
