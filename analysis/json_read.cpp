#include "analysis/json_read.h"

#include <cctype>
#include <cstring>
#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"

namespace fairykit::analysis {

namespace {

using Json = nlohmann::ordered_json;

void tag(std::string& out, const std::string& name, const std::string& value) {
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r') c = ' ';
    out += c;
  }
  out += "\"]\n";
}

// A move as a token of PGN movetext: no space, no character PGN reads as something else.
bool move_token(const std::string& m) {
  if (m.empty()) return false;
  for (unsigned char c : m)
    if (c <= ' ' || c == 127 || std::strchr("{}()[];\"$%<>", c) != nullptr) return false;
  return true;
}

// A tag name as PGN writes it: letters, digits and '_' (a PGN symbol).
bool tag_name(const std::string& name) {
  if (name.empty()) return false;
  for (unsigned char c : name)
    if (!std::isalnum(c) && c != '_' && c != '+' && c != '#' && c != '=' && c != ':' && c != '-')
      return false;
  return true;
}

std::string text_of(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  return v.dump();
}

// A comment as PGN holds it: in braces; one that holds a '}' as ;-comments, one per line of
// its text (PGN has no other way to write a '}' in a comment).
void comment(std::string& out, std::string_view c) {
  if (c.find('}') == std::string_view::npos) {
    out += " {";
    out.append(c);
    out += '}';
    return;
  }
  for (std::size_t from = 0;;) {
    std::size_t eol = from;
    while (eol < c.size() && c[eol] != '\n' && c[eol] != '\r') ++eol;
    out += " ;";
    out.append(c.substr(from, eol - from));
    out += '\n';
    if (eol == c.size()) return;
    from = eol + (c[eol] == '\r' && eol + 1 < c.size() && c[eol + 1] == '\n' ? 2 : 1);
  }
}

// A line (the game object or a variation object): its moves and, after each, the notes at
// its ply.
absl::Status write_line(const Json& line, std::string& out, int depth) {
  if (depth > 200) return absl::InvalidArgumentError("variations nested more than 200 deep");
  const Json* moves = nullptr;
  if (line.contains("san") && line["san"].is_array())
    moves = &line["san"];
  else if (line.contains("uci") && line["uci"].is_array())
    moves = &line["uci"];
  else
    return absl::InvalidArgumentError("game object has no \"san\" or \"uci\" array");
  long long first = 1;
  if (line.contains("ply") && line["ply"].is_number_integer()) first = line["ply"].get<long long>();
  if (first < 1 || first > 1000000000)
    return absl::InvalidArgumentError("\"ply\" out of range (1 to 1000000000)");
  const Json* notes = line.contains("notes") && line["notes"].is_array() ? &line["notes"] : nullptr;
  std::size_t n = 0;
  auto notes_at = [&](long long ply) -> absl::Status {
    if (!notes) return absl::OkStatus();
    for (; n < notes->size(); ++n) {
      const Json& note = (*notes)[n];
      if (!note.is_object() || !note.contains("ply") || !note["ply"].is_number_integer())
        return absl::InvalidArgumentError("a note without a \"ply\"");
      if (note["ply"].get<long long>() != ply) break;
      if (note.contains("nag") && note["nag"].is_number_integer()) {
        absl::StrAppend(&out, " $", note["nag"].get<int>());
      } else if (note.contains("comment") && note["comment"].is_string()) {
        comment(out, note["comment"].get<std::string>());
      } else if (note.contains("variation") && note["variation"].is_object()) {
        out += " (";
        if (absl::Status s = write_line(note["variation"], out, depth + 1); !s.ok()) return s;
        out += ")";
      } else {
        return absl::InvalidArgumentError("a note that is not a nag, comment or variation");
      }
    }
    return absl::OkStatus();
  };
  if (absl::Status s = notes_at(first - 1); !s.ok()) return s;
  long long ply = first;
  for (const Json& m : *moves) {
    if (!m.is_string()) return absl::InvalidArgumentError("a move that is not a string");
    if (!move_token(m.get<std::string>()))
      return absl::InvalidArgumentError(
          absl::StrCat("a move that is not one token of movetext: ", m.dump()));
    absl::StrAppend(&out, " ", m.get<std::string>());
    if (absl::Status s = notes_at(ply); !s.ok()) return s;
    ++ply;
  }
  if (notes && n < notes->size())
    return absl::InvalidArgumentError("a note at a ply the line does not reach");
  return absl::OkStatus();
}

}  // namespace

absl::Status json_game_to_pgn(std::string_view json, std::string& pgn) {
  Json game = Json::parse(json.begin(), json.end(), nullptr, /*allow_exceptions=*/false);
  if (game.is_discarded()) {
    // Parse again with exceptions for the message (position of the fault).
    try {
      const Json again = Json::parse(json.begin(), json.end());
      (void)again;
    } catch (const Json::exception& e) {
      // parse_error, and out_of_range for a number beyond a double ("1e512").
      return absl::InvalidArgumentError(absl::StrCat("JSON: ", e.what()));
    }
    return absl::InvalidArgumentError("JSON: syntax error");
  }
  if (!game.is_object()) return absl::InvalidArgumentError("a game must be a JSON object");
  bool has_variant = false, has_fen = false;
  if (game.contains("tags")) {
    if (!game["tags"].is_object()) return absl::InvalidArgumentError("\"tags\" must be an object");
    for (const auto& [name, value] : game["tags"].items()) {
      if (!tag_name(name))
        return absl::InvalidArgumentError(
            absl::StrCat("a tag name that is not a PGN symbol: ", Json(name).dump()));
      tag(pgn, name, text_of(value));
      if (name == "Variant") has_variant = true;
      if (name == "FEN") has_fen = true;
    }
  }
  if (!has_variant && game.contains("variant") && game["variant"].is_string() &&
      game["variant"].get<std::string>() != "chess")
    tag(pgn, "Variant", game["variant"].get<std::string>());
  if (!has_fen && game.contains("start_fen") && game["start_fen"].is_string()) {
    tag(pgn, "SetUp", "1");
    tag(pgn, "FEN", game["start_fen"].get<std::string>());
  }
  // The repeats of tags, after the first values (the game is read from the first).
  if (game.contains("repeated_tags")) {
    const Json& repeats = game["repeated_tags"];
    if (!repeats.is_array())
      return absl::InvalidArgumentError("\"repeated_tags\" must be an array");
    for (const Json& r : repeats) {
      if (!r.is_object() || !r.contains("name") || !r["name"].is_string() || !r.contains("value"))
        return absl::InvalidArgumentError(
            "an element of \"repeated_tags\" is not an object with a \"name\" and a \"value\"");
      const std::string name = r["name"].get<std::string>();
      if (!tag_name(name))
        return absl::InvalidArgumentError(
            absl::StrCat("a tag name that is not a PGN symbol: ", Json(name).dump()));
      tag(pgn, name, text_of(r["value"]));
    }
  }
  pgn += '\n';
  if (absl::Status s = write_line(game, pgn, 0); !s.ok()) return s;
  std::string result = "*";
  if (game.contains("result") && game["result"].is_string())
    result = game["result"].get<std::string>();
  absl::StrAppend(&pgn, " ", result, "\n");
  return absl::OkStatus();
}

}  // namespace fairykit::analysis
