#include "analysis/checking/validate_report.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/io/json.h"

namespace fairykit::analysis {

namespace {

// "1 game", "2 games".
std::string count(std::uint64_t n, const char* noun) {
  return absl::StrFormat("%d %s%s", n, noun, n == 1 ? "" : "s");
}

}  // namespace

std::string summary_text(const std::string& name, const ValidationTotals& t, bool selection) {
  return absl::StrFormat("%s: %s read: %d valid, %d invalid%s; %s, %s\n", name,
                         count(t.games, "game"), t.valid, t.invalid,
                         selection ? absl::StrFormat(", %d filtered out", t.filtered) : "",
                         count(t.errors, "error"), count(t.warnings, "warning"));
}

void write_summary_fields(JsonWriter& w, const ValidationTotals& t, bool selection) {
  w.key("games").value(t.games).key("valid").value(t.valid).key("invalid").value(t.invalid);
  if (selection) w.key("filtered").value(t.filtered);
  w.key("errors").value(t.errors).key("warnings").value(t.warnings);
}

std::string summary_json(const ValidationTotals& t) {
  std::string out;
  JsonWriter w(out);
  w.begin_object();
  write_summary_fields(w, t);
  w.end_object();
  return out;
}

void write_game_json(JsonWriter& w, const std::string& file, const GameReport& r) {
  w.begin_object().key("type").value("game").key("file").value(file);
  w.key("game").value(r.index).key("line").value(r.first_line);
  w.key("white").value(r.white).key("black").value(r.black).key("variant").value(r.variant);
  w.key("result").value(r.result_tag).key("marker").value(r.result_marker);
  w.key("termination").value(r.termination).key("termination_from").value(r.termination_from);
  w.key("plies").value(r.plies).key("valid").value(r.valid());
  w.key("errors").value(r.errors).key("warnings").value(r.warnings);
  w.key("diagnostics").begin_array();
  for (const analysis::Diagnostic& d : r.diagnostics) {
    w.begin_object().key("severity");
    w.value(d.severity == parsers::Severity::kError ? "error" : "warning");
    w.key("line").value(d.line).key("column").value(d.column).key("ply").value(d.ply);
    w.key("message").value(d.message);
    if (!d.fen.empty()) w.key("fen").value(d.fen);
    w.end_object();
  }
  w.end_array().end_object();
}

std::string game_json(const std::string& file, const GameReport& r) {
  std::string out;
  JsonWriter w(out);
  write_game_json(w, file, r);
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
