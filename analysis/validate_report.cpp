#include "analysis/validate_report.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/json.h"

namespace fairykit::analysis {

namespace {

// "1 game", "2 games".
std::string count(std::uint64_t n, const char* noun) {
  return absl::StrFormat("%d %s%s", n, noun, n == 1 ? "" : "s");
}

}  // namespace

std::string summary_text(const std::string& name, const ValidationTotals& t) {
  return absl::StrFormat("%s: %s read: %d valid, %d invalid; %s, %s\n", name,
                         count(t.games, "game"), t.valid, t.invalid, count(t.errors, "error"),
                         count(t.warnings, "warning"));
}

std::string summary_json(const ValidationTotals& t) {
  return absl::StrFormat("{\"games\":%d,\"valid\":%d,\"invalid\":%d,\"errors\":%d,\"warnings\":%d}",
                         t.games, t.valid, t.invalid, t.errors, t.warnings);
}

std::string game_json(const std::string& file, const GameReport& r) {
  std::string out = absl::StrCat(
      "{\"type\":\"game\",\"file\":", json_string(file), ",\"game\":", r.index,
      ",\"line\":", r.first_line, ",\"white\":", json_string(r.white),
      ",\"black\":", json_string(r.black), ",\"variant\":", json_string(r.variant),
      ",\"result\":", json_string(r.result_tag), ",\"termination\":", json_string(r.result_marker),
      ",\"plies\":", r.plies, ",\"valid\":", r.valid() ? "true" : "false", ",\"errors\":", r.errors,
      ",\"warnings\":", r.warnings, ",\"diagnostics\":[");
  bool first = true;
  for (const analysis::Diagnostic& d : r.diagnostics) {
    absl::StrAppend(&out, first ? "" : ",", "{\"severity\":\"",
                    d.severity == parsers::Severity::kError ? "error" : "warning",
                    "\",\"line\":", d.line, ",\"column\":", d.column, ",\"ply\":", d.ply,
                    ",\"message\":", json_string(d.message));
    if (!d.fen.empty()) absl::StrAppend(&out, ",\"fen\":", json_string(d.fen));
    out += '}';
    first = false;
  }
  out += "]}";
  return out;
}

// Compiler-style lines for one game's diagnostics.
void write_diagnostics(std::string& out, const std::string& file, const GameReport& r,
                       bool errors_only) {
  const std::string who = analysis::describe_game(r);
  for (const analysis::Diagnostic& d : r.diagnostics) {
    if (errors_only && d.severity == parsers::Severity::kWarning) continue;
    absl::StrAppend(&out, file, ":", d.line, ":", d.column, ": ",
                    d.severity == parsers::Severity::kError ? "error" : "warning", ": ", who);
    if (d.ply) absl::StrAppend(&out, ", ply ", d.ply);
    absl::StrAppend(&out, ": ", d.message, "\n");
    if (!d.fen.empty())
      absl::StrAppend(&out, file, ":", d.line, ":", d.column, ": note: position: ", d.fen, "\n");
  }
}

}  // namespace fairykit::analysis
