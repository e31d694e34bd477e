#include "python/games.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
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

// A game as read: its report and record, turned into Python objects only when asked for
// (python/fairykit/__init__.py's Game asks once per attribute and keeps the answer), so that
// reading a game costs no Python object per move unless its moves are looked at.
struct GameData {
  std::string file;
  GameReport report;
  GameRecord record;
  bool fens = false;  // record's items carry the FEN after each main-line move

  // The movetext in order as (kind, ply, depth, san, uci, nag) tuples, kind one of "move",
  // "nag", "comment" (its text in san), "(" and ")".
  py::list items() const {
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

  // A field of each main-line move: the UCI, the SAN or the FEN after it.
  py::list main_line(std::string RecordItem::*field) const {
    py::list out;
    for (const RecordItem& item : record.items)
      if (item.kind == RecordItem::kMove && item.depth == 0) out.append(py::str(item.*field));
    return out;
  }

  py::list comments() const {
    py::list out;
    for (const RecordItem& item : record.items)
      if (item.kind == RecordItem::kComment) out.append(py::str(item.san));
    return out;
  }

  // The FENs of the main line, the start first; None when they were not made.
  py::object fen_list() const {
    if (!fens || !record.set_up) return py::none();
    py::list list;
    list.append(py::str(record.start_fen));
    for (const RecordItem& item : record.items)
      if (item.kind == RecordItem::kMove && item.depth == 0) list.append(py::str(item.fen));
    return list;
  }

  py::list tag_pairs() const {
    py::list tags;
    for (const auto& [name, value] : record.tags) tags.append(py::make_tuple(name, value));
    return tags;
  }

  py::list diagnostics() const {
    py::list out;
    for (const analysis::Diagnostic& d : report.diagnostics) {
      py::dict entry;
      entry["severity"] = severity_name(d.severity);
      entry["line"] = d.line;
      entry["column"] = d.column;
      entry["ply"] = d.ply;
      entry["message"] = d.message;
      out.append(entry);
    }
    return out;
  }

  // The lines fairy-validate prints for it ("file:line:col: error: game 1 (A - B), ply 13: ...").
  std::string messages() const {
    std::string lines;
    analysis::write_diagnostics(lines, file, report, /*errors_only=*/false);
    return lines;
  }
};

// A Python file object as a byte source: read(n) returning bytes (binary files, BytesIO) or
// str (text files, StringIO: written as UTF-8). Runs with the GIL taken, from a reader that
// runs without it; a Python exception is kept to be raised again once the GIL is back.
class PythonStream {
 public:
  explicit PythonStream(py::object file) : read_(file.attr("read")) {}

  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) {
    py::gil_scoped_acquire gil;
    while (carry_.size() - used_ < size && !eof_) {
      try {
        py::object chunk = read_(py::int_(std::max<std::size_t>(size, 1 << 16)));
        std::string bytes;
        if (py::isinstance<py::bytes>(chunk) || py::isinstance<py::bytearray>(chunk))
          bytes = chunk.cast<std::string>();
        else if (py::isinstance<py::str>(chunk))
          bytes = chunk.cast<std::string>();  // UTF-8
        else if (!chunk.is_none())
          throw py::type_error("read() of the file object returned " +
                               std::string(py::str(py::type::of(chunk).attr("__name__"))) +
                               ", not bytes or str");
        if (bytes.empty()) eof_ = true;
        carry_.erase(0, used_);
        used_ = 0;
        carry_ += bytes;
      } catch (py::error_already_set& e) {
        error_ = std::make_unique<py::error_already_set>(std::move(e));
        return absl::UnknownError("the file object's read() raised");
      } catch (const py::type_error& e) {
        error_type_ = e.what();
        return absl::UnknownError(e.what());
      }
    }
    const std::size_t n = std::min(size, carry_.size() - used_);
    std::memcpy(buffer, carry_.data() + used_, n);
    used_ += n;
    return n;
  }

  // Raises what read() of the file object raised, if it did.
  void raise_pending() {
    if (error_) {
      std::unique_ptr<py::error_already_set> e = std::move(error_);
      throw std::move(*e);
    }
    if (!error_type_.empty()) throw py::type_error(error_type_);
  }

 private:
  py::object read_;
  std::string carry_;
  std::size_t used_ = 0;
  bool eof_ = false;
  std::unique_ptr<py::error_already_set> error_;
  std::string error_type_;
};

class GameReader {
 public:
  // `source`: a path (str or os.PathLike) or a file object with read(). `format`: as the
  // tools' --from (pgn, fen, json, jsonl, vchess); None: told by the name or first bytes.
  GameReader(const py::object& source, const std::optional<std::string>& variant,
             const std::optional<std::string>& format, bool fens) {
    record_options_.fens = fens;
    if (variant) {
      const VariantInfo* v = find_variant(*variant);
      if (!v)
        throw py::value_error("unknown variant '" + *variant + "' (known: " + variant_names() +
                              ")");
      validate_.default_variant = v->id;
    }
    validate_.termination = true;
    std::optional<parsers::RecordFormat> from;
    if (format && *format == "vchess") {
      from = parsers::RecordFormat::kPgn;
      vchess_ = true;
    } else if (format) {
      from = parsers::find_record_format(*format);
      if (!from)
        throw py::value_error("format wants pgn, fen, json, jsonl or vchess, not '" + *format +
                              "'");
    }
    absl::StatusOr<std::unique_ptr<parsers::ByteSource>> source_bytes;
    if (py::hasattr(source, "read")) {
      // Messages name the file object by its name when it has one (open() gives it).
      file_ = "<stream>";
      if (py::hasattr(source, "name") && py::isinstance<py::str>(source.attr("name")))
        file_ = source.attr("name").cast<std::string>();
      stream_ = std::make_unique<PythonStream>(source);
      PythonStream* stream = stream_.get();
      source_bytes = parsers::stream_input(
          [stream](char* buffer, std::size_t size) { return stream->read(buffer, size); }, file_);
      if (!source_bytes.ok()) stream_->raise_pending();
    } else {
      file_ = py::str(py::module_::import("os").attr("fspath")(source)).cast<std::string>();
      source_bytes = parsers::open_input(file_);
    }
    if (!source_bytes.ok()) throw py::value_error(std::string(source_bytes.status().message()));
    absl::StatusOr<parsers::RecordFormat> detected =
        from ? absl::StatusOr<parsers::RecordFormat>(*from)
             : parsers::detect_format(file_, *source_bytes);
    if (!detected.ok()) {
      if (stream_) stream_->raise_pending();
      throw py::value_error(std::string(detected.status().message()));
    }
    format_ = *detected;
    reader_ =
        parsers::make_record_reader(*std::move(source_bytes), format_, parsers::SplitterOptions{});
  }

  // The next game, or None at the end. The reading and checking run without the GIL.
  py::object next() {
    if (!reader_) return py::none();
    absl::StatusOr<bool> more;
    auto data = std::make_unique<GameData>();
    GameReport& report = data->report;
    GameRecord& record = data->record;
    {
      py::gil_scoped_release release;
      more = reader_->next(raw_);
      if (more.ok() && *more) {
        if (raw_.format == parsers::RecordFormat::kPositions)
          report = analysis::read_position_game(raw_, validate_.default_variant,
                                                EpField::kLegalCapture, record);
        else
          report = analysis::read_game(raw_, validate_, record, record_options_,
                                       vchess_ && raw_.notes.empty());
      }
    }
    if (!more.ok()) {
      reader_.reset();
      if (stream_) stream_->raise_pending();
      throw py::value_error(std::string(more.status().message()));
    }
    if (!*more) {
      reader_.reset();
      return py::none();
    }
    data->file = file_;
    data->fens = record_options_.fens;
    return py::cast(std::move(data));
  }

 private:
  std::string file_;
  analysis::ValidateOptions validate_;
  analysis::RecordOptions record_options_;
  parsers::RecordFormat format_ = parsers::RecordFormat::kPgn;
  bool vchess_ = false;
  std::unique_ptr<PythonStream> stream_;  // before reader_: the reader's source calls it
  std::unique_ptr<parsers::RecordReader> reader_;
  parsers::RawGame raw_;
};

}  // namespace

void bind_games(py::module_& m) {
  py::class_<GameData>(m, "GameData", "A game as read (fairykit.Game wraps it).")
      .def_readonly("file", &GameData::file)
      .def_property_readonly("index", [](const GameData& g) { return g.report.index; })
      .def_property_readonly("line", [](const GameData& g) { return g.report.first_line; })
      .def_property_readonly("variant", [](const GameData& g) { return g.report.variant; })
      .def_property_readonly("start_fen",
                             [](const GameData& g) -> py::object {
                               if (!g.record.set_up) return py::none();
                               return py::str(g.record.start_fen);
                             })
      .def_property_readonly("result",
                             [](const GameData& g) {
                               return g.report.result_marker.empty() ? g.report.result_tag
                                                                     : g.report.result_marker;
                             })
      .def_property_readonly("termination", [](const GameData& g) { return g.report.termination; })
      .def_property_readonly("termination_from",
                             [](const GameData& g) { return g.report.termination_from; })
      .def_property_readonly("plies", [](const GameData& g) { return g.report.plies; })
      .def_property_readonly("valid", [](const GameData& g) { return g.report.valid(); })
      .def("tag_pairs", &GameData::tag_pairs)
      .def("items", &GameData::items)
      .def("moves", [](const GameData& g) { return g.main_line(&RecordItem::uci); })
      .def("san", [](const GameData& g) { return g.main_line(&RecordItem::san); })
      .def("comments", &GameData::comments)
      .def("fens", &GameData::fen_list)
      .def("diagnostics", &GameData::diagnostics)
      .def("messages", &GameData::messages);

  py::class_<GameReader>(m, "GameReader",
                         "Reads the games of a file one at a time (fairykit.read_games uses it).")
      .def(py::init<const py::object&, const std::optional<std::string>&,
                    const std::optional<std::string>&, bool>(),
           py::arg("source"), py::arg("variant") = py::none(), py::arg("format") = py::none(),
           py::arg("fens") = false)
      .def("next", &GameReader::next, "The next game as a GameData, or None at the end.");
}

}  // namespace fairykit::python
