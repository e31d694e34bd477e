#include "python/games.h"

#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "analysis/formats/read_game.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "parsers/records.h"
#include "rules/game/registry.h"

namespace fairykit::python {
namespace {

namespace py = pybind11;
using analysis::GameRecord;
using analysis::GameReport;
using analysis::RecordItem;

const char* severity_name(parsers::Severity s) {
  return s == parsers::Severity::kError ? "error" : "warning";
}

// The movetext in order as (kind, ply, depth, san, uci, nag) tuples, kind one of "move",
// "nag", "comment" (its text in san), "(" and ")".
py::list items_of(const GameRecord& record) {
  py::list items;
  for (const RecordItem& item : record.items) {
    const char* kind = item.kind == RecordItem::kMove             ? "move"
                       : item.kind == RecordItem::kNag            ? "nag"
                       : item.kind == RecordItem::kComment        ? "comment"
                       : item.kind == RecordItem::kBeginVariation ? "("
                                                                  : ")";
    items.append(py::make_tuple(kind, item.ply, item.depth, item.san, item.uci, item.nag));
  }
  return items;
}

// One game as a dict (python/fairykit/__init__.py makes a Game of it).
py::dict game_dict(const std::string& file, const GameReport& report, const GameRecord& record) {
  py::dict game;
  game["file"] = file;
  game["index"] = report.index;
  game["line"] = report.first_line;
  game["variant"] = report.variant;
  py::list tags;
  for (const auto& [name, value] : record.tags) tags.append(py::make_tuple(name, value));
  game["tags"] = tags;
  game["start_fen"] = record.set_up ? py::object(py::str(record.start_fen)) : py::none();
  game["items"] = items_of(record);
  game["result"] = report.result_marker.empty() ? report.result_tag : report.result_marker;
  game["termination"] = report.termination;
  game["termination_from"] = report.termination_from;
  game["plies"] = report.plies;
  game["valid"] = report.valid();
  py::list diagnostics;
  for (const analysis::Diagnostic& d : report.diagnostics) {
    py::dict entry;
    entry["severity"] = severity_name(d.severity);
    entry["line"] = d.line;
    entry["column"] = d.column;
    entry["ply"] = d.ply;
    entry["message"] = d.message;
    diagnostics.append(entry);
  }
  game["diagnostics"] = diagnostics;
  // The lines fairy-validate prints for it ("file:line:col: error: game 1 (A - B), ply 13: ...").
  std::string lines;
  analysis::write_diagnostics(lines, file, report, /*errors_only=*/false);
  game["messages"] = lines;
  return game;
}

class GameReader {
 public:
  GameReader(const std::string& path, const std::optional<std::string>& variant) {
    if (variant) {
      const VariantInfo* v = find_variant(*variant);
      if (!v)
        throw py::value_error("unknown variant '" + *variant + "' (known: " + variant_names() +
                              ")");
      validate_.default_variant = v->id;
    }
    validate_.termination = true;
    absl::StatusOr<std::unique_ptr<parsers::ByteSource>> source = parsers::open_input(path);
    if (!source.ok()) throw py::value_error(std::string(source.status().message()));
    file_ = path;
    absl::StatusOr<parsers::RecordFormat> format = parsers::detect_format(path, *source);
    if (!format.ok()) throw py::value_error(std::string(format.status().message()));
    if (*format == parsers::RecordFormat::kPositions)
      throw py::value_error(path + ": a list of positions (FEN / EPD lines), not games");
    reader_ = parsers::make_record_reader(*std::move(source), *format, parsers::SplitterOptions{});
  }

  // The next game, or None at the end. The reading and checking run without the GIL.
  py::object next() {
    if (!reader_) return py::none();
    absl::StatusOr<bool> more;
    GameReport report;
    {
      py::gil_scoped_release release;
      more = reader_->next(raw_);
      if (more.ok() && *more) report = analysis::read_game(raw_, validate_, record_, {});
    }
    if (!more.ok()) {
      reader_.reset();
      throw py::value_error(std::string(more.status().message()));
    }
    if (!*more) {
      reader_.reset();
      return py::none();
    }
    return game_dict(file_, report, record_);
  }

 private:
  std::string file_;
  analysis::ValidateOptions validate_;
  std::unique_ptr<parsers::RecordReader> reader_;
  parsers::RawGame raw_;
  GameRecord record_;
};

}  // namespace

void bind_games(py::module_& m) {
  py::class_<GameReader>(m, "GameReader",
                         "Reads the games of a file one at a time (fairykit.read_games uses it).")
      .def(py::init<const std::string&, const std::optional<std::string>&>(), py::arg("path"),
           py::arg("variant") = py::none())
      .def("next", &GameReader::next, "The next game as a dict, or None at the end.");
}

}  // namespace fairykit::python
