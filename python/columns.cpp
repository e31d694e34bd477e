#include "python/columns.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "analysis/batch/game_batch.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/game_result.h"
#include "analysis/checking/validate.h"
#include "analysis/checking/validate_report.h"
#include "analysis/formats/read_game.h"
#include "analysis/io/json.h"
#include "analysis/statistics/game_analysis.h"
#include "analysis/statistics/openings.h"
#include "analysis/statistics/positions.h"
#include "analysis/statistics/stats.h"
#include "parsers/records.h"
#include "rules/core/bitboard.h"
#include "rules/core/game_engine.h"
#include "rules/core/game_state.h"
#include "rules/game/any_game.h"
#include "rules/game/board_pieces.h"
#include "rules/game/registry.h"

namespace fairykit::python {
namespace {

namespace py = pybind11;
using analysis::GameRecord;
using analysis::GameReport;
using analysis::RecordItem;

// What every column function reads: the inputs, the variant of games without a Variant tag
// and the number of threads.
struct Inputs {
  std::vector<std::string> files;
  VariantId variant = VariantId::kChess;
  int jobs = 1;
};

std::string path_text(const py::handle& path) {
  return py::str(py::module_::import("os").attr("fspath")(path)).cast<std::string>();
}

Inputs inputs_of(const py::object& paths, const std::optional<std::string>& variant, int jobs) {
  Inputs in;
  if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__")) {
    in.files.push_back(path_text(paths));
  } else {
    for (const py::handle& p : paths) in.files.push_back(path_text(p));
  }
  if (in.files.empty()) throw py::value_error("no input: give a path or a list of paths");
  if (variant) {
    const VariantInfo* v = find_variant(*variant);
    // The message of the tools' --variant (tools/common/cli.cpp).
    if (!v)
      throw py::value_error("unknown variant '" + *variant + "' (known: " + variant_names() + ")");
    in.variant = v->id;
  }
  if (jobs < 0 || jobs > 1024) throw py::value_error(absl::StrCat("jobs wants 0-1024, not ", jobs));
  // 0: every core, as the tools' -j 0.
  in.jobs = jobs == 0 ? int(std::max(1u, std::thread::hardware_concurrency())) : jobs;
  return in;
}

// Runs `work` over every game of the inputs in parallel and `emit` in input order, without the
// GIL; the inputs that cannot be opened or read to their end raise ValueError afterwards with
// the tools' messages, one a line (the games read before the error were emitted).
template <class Result, class Work, class Emit>
void run_batch(const Inputs& in, std::size_t batch_bytes, Work work, Emit emit) {
  std::vector<std::string> errors;
  {
    py::gil_scoped_release release;
    analysis::BatchOptions bo;
    bo.format.reset();  // told per input by its name or first bytes
    bo.pipeline.threads = in.jobs;
    bo.pipeline.batch_bytes = batch_bytes;
    absl::StatusOr<std::unique_ptr<analysis::GameBatch>> batch =
        analysis::GameBatch::open(in.files, {}, bo);
    if (!batch.ok()) {
      errors.emplace_back(batch.status().message());
    } else {
      (*batch)->run_into<Result>([&](const parsers::RawGame& game, Result& r) { work(game, r); },
                                 [&](const analysis::BatchFile& file, const parsers::RawGame& game,
                                     Result& r) { emit(file, game, r); },
                                 [&](const analysis::BatchFile&, const absl::Status& status) {
                                   if (!status.ok()) errors.emplace_back(status.message());
                                 });
    }
  }
  if (!errors.empty()) {
    std::string message;
    for (const std::string& e : errors) absl::StrAppend(&message, message.empty() ? "" : "\n", e);
    throw py::value_error(message);
  }
}

// A game that is not checked or replayed: a position-list line.
bool is_position_line(const parsers::RawGame& game) {
  return game.format == parsers::RecordFormat::kPositions;
}

// ----------------------------------------------------------------------------------------
// positions(): one row per main-line position of every valid game.

// The rows of one game, made by a worker thread.
struct GameRows {
  GameReport report;
  VariantId variant = VariantId::kChess;
  std::string result;
  std::vector<std::int32_t> ply, legal, captures, balance;
  std::vector<std::uint8_t> turn, check, status;
  std::vector<std::uint8_t> board;  // 64 a row
  // White's then Black's count of each piece of board_pieces(variant), in that order: a
  // column each.
  std::vector<std::vector<std::uint8_t>> material;
  std::string moves;                    // the UCI of the move played from each row, in order
  std::vector<std::uint32_t> move_end;  // where each row's move ends in `moves`

  void clear() {
    ply.clear();
    legal.clear();
    captures.clear();
    balance.clear();
    turn.clear();
    check.clear();
    status.clear();
    board.clear();
    for (std::vector<std::uint8_t>& column : material) column.clear();
    moves.clear();
    move_end.clear();
    result.clear();
  }
  std::size_t rows() const { return ply.size(); }
};

// Shown every main-line position while the game is replayed (analysis/checking/game_record.h):
// a row of facts from the engine itself (its counts of turns and its bitboards), no FEN.
class RowMaker final : public analysis::PositionVisitor {
 public:
  void begin(GameRows& rows) { rows_ = &rows; }

  void position(AnyGame& game, int ply) override {
    GameRows& r = *rows_;
    const std::span<const BoardPiece> pieces = board_pieces(game.variant().id);
    game.visit([&](const auto& g) {
      TurnCounts turns;
      g.count_turns(turns);
      r.ply.push_back(ply);
      r.turn.push_back(g.side_to_move() == WHITE ? 0 : 1);
      r.legal.push_back(std::int32_t(turns.legal));
      r.captures.push_back(std::int32_t(turns.captures));
      r.check.push_back(turns.check ? 1 : 0);
      r.status.push_back(std::uint8_t(turns.end));
      // The board (a1 = 0 ... h8 = 63, FEN letters), the material and its balance.
      const std::size_t at = r.board.size();
      r.board.resize(at + 64, 0);
      std::uint8_t* board = r.board.data() + at;
      int balance = 0;
      if (r.material.size() < 2 * pieces.size()) r.material.resize(2 * pieces.size());
      std::size_t column = 0;
      for (Color c : {WHITE, BLACK}) {
        for (const BoardPiece& piece : pieces) {
          Bitboard b = g.pieces(c, piece.type);
          const int count = popcount(b);
          r.material[column++].push_back(std::uint8_t(count));
          const int value = std::remove_cvref_t<decltype(g)>::piece_value(piece.type);
          balance += c == WHITE ? count * value : -count * value;
          const char letter = c == WHITE ? piece.letter : char(piece.letter - 'A' + 'a');
          while (b) board[pop_lsb(b)] = std::uint8_t(letter);
        }
      }
      r.balance.push_back(balance);
    });
  }

 private:
  GameRows* rows_ = nullptr;
};

void position_rows(const parsers::RawGame& game, const Inputs& in, GameRows& rows) {
  thread_local GameRecord record;
  thread_local RowMaker maker;
  static const std::vector<std::string_view> kResultTags = {"Result"};
  rows.clear();
  if (is_position_line(game)) {
    rows.report = analysis::read_position_game(game, in.variant, EpField::kLegalCapture, record);
    if (!rows.report.valid()) return;
    absl::StatusOr<std::unique_ptr<AnyGame>> g =
        AnyGame::create(variant_info(record.variant), record.start_fen, {});
    if (!g.ok()) return;
    maker.begin(rows);
    maker.position(**g, 0);
  } else {
    analysis::ValidateOptions validate;
    validate.default_variant = in.variant;
    analysis::RecordOptions ro;
    ro.san = false;
    ro.variations = false;
    ro.only_tags = &kResultTags;
    ro.positions = &maker;
    maker.begin(rows);
    rows.report = analysis::read_game(game, validate, record, ro);
    if (!rows.report.valid()) {
      rows.clear();
      return;
    }
  }
  rows.variant = record.variant;
  rows.result = analysis::game_result(record, false);
  for (const RecordItem& item : record.items) {
    if (item.kind != RecordItem::kMove || item.depth != 0) continue;
    if (rows.move_end.size() + 1 >= rows.rows()) break;
    rows.moves += item.uci;
    rows.move_end.push_back(std::uint32_t(rows.moves.size()));
  }
  while (rows.move_end.size() < rows.rows())
    rows.move_end.push_back(std::uint32_t(rows.moves.size()));
}

constexpr std::array<std::string_view, 4> kResults = {"1-0", "0-1", "1/2-1/2", "*"};

std::uint8_t result_code(std::string_view result) {
  for (std::size_t i = 0; i < kResults.size(); ++i)
    if (kResults[i] == result) return std::uint8_t(i);
  return 3;
}

// The columns of a whole run, filled in input order.
struct Columns {
  std::vector<std::int64_t> game;
  std::vector<std::int32_t> ply, legal, captures, balance;
  std::vector<std::uint8_t> turn, check, status, result, variant, board;
  std::string moves;
  std::vector<std::uint64_t> move_end;
  std::vector<std::string> material_names;  // "white_pawn", in the order first met
  std::vector<std::vector<std::uint8_t>> material;
  // Per variant, the column of each count of a row of GameRows::material (-1: not made yet).
  std::array<std::vector<int>, std::size_t(kLastVariantId) + 1> material_column;
  std::uint64_t games = 0;
  std::vector<std::string> invalid;  // the diagnostics of each invalid game, as fairy-validate

  // Room for `rows` rows, so that the columns are not copied as they grow (a run's columns
  // are hundreds of megabytes; pages reserved and not used are never touched).
  void reserve(std::size_t rows) {
    game.reserve(rows);
    ply.reserve(rows);
    legal.reserve(rows);
    captures.reserve(rows);
    balance.reserve(rows);
    turn.reserve(rows);
    check.reserve(rows);
    status.reserve(rows);
    result.reserve(rows);
    variant.reserve(rows);
    board.reserve(rows * 64);
    move_end.reserve(rows);
    moves.reserve(rows * 5);
    material_rows = rows;
  }
  std::size_t material_rows = 0;

  void add(const std::string& file, const GameRows& g) {
    const std::int64_t index = std::int64_t(games++);
    if (!g.report.valid()) {
      std::string lines;
      analysis::write_diagnostics(lines, file, g.report, /*errors_only=*/false);
      invalid.push_back(std::move(lines));
      return;
    }
    const std::size_t before = ply.size(), n = g.rows();
    game.insert(game.end(), n, index);
    ply.insert(ply.end(), g.ply.begin(), g.ply.end());
    legal.insert(legal.end(), g.legal.begin(), g.legal.end());
    captures.insert(captures.end(), g.captures.begin(), g.captures.end());
    balance.insert(balance.end(), g.balance.begin(), g.balance.end());
    turn.insert(turn.end(), g.turn.begin(), g.turn.end());
    check.insert(check.end(), g.check.begin(), g.check.end());
    status.insert(status.end(), g.status.begin(), g.status.end());
    result.insert(result.end(), n, result_code(g.result));
    variant.insert(variant.end(), n, std::uint8_t(g.variant));
    board.insert(board.end(), g.board.begin(), g.board.end());
    const std::uint64_t base = moves.size();
    moves += g.moves;
    for (std::uint32_t end : g.move_end) move_end.push_back(base + end);
    // Material: the game's counts into the columns of their piece names.
    std::vector<int>& where = material_column[std::size_t(g.variant)];
    if (where.empty()) {
      for (const char* colour : {"white_", "black_"})
        for (const BoardPiece& piece : board_pieces(g.variant)) {
          const std::string name =
              colour + analysis::record_piece_name(g.variant, piece.type, /*csv=*/true);
          auto found = std::find(material_names.begin(), material_names.end(), name);
          if (found == material_names.end()) {
            material_names.push_back(name);
            material.emplace_back(before, 0);
            material.back().reserve(material_rows);
            found = material_names.end() - 1;
          }
          where.push_back(int(found - material_names.begin()));
        }
    }
    const std::size_t k = where.size();
    for (std::size_t c = 0; c < k; ++c) {
      std::vector<std::uint8_t>& column = material[std::size_t(where[c])];
      column.resize(before);
      column.insert(column.end(), g.material[c].begin(), g.material[c].end());
    }
    for (std::vector<std::uint8_t>& column : material) column.resize(before + n, 0);
  }
};

// A numpy array that owns `v` (no copy), of shape `shape` and dtype `dtype` (default: T's).
template <class T>
py::array numpy(std::vector<T>&& v, std::vector<py::ssize_t> shape,
                std::optional<py::dtype> dtype = std::nullopt) {
  auto* owned = new std::vector<T>(std::move(v));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  if (dtype) return py::array(*dtype, shape, owned->data(), owner);
  return py::array_t<T>(shape, owned->data(), owner);
}

// The moves as a numpy fixed-width unicode array (no Python object per row), written by
// `threads` threads.
py::array move_array(const std::string& moves, const std::vector<std::uint64_t>& end, int threads) {
  std::size_t width = 1;
  for (std::size_t i = 0; i < end.size(); ++i)
    width = std::max<std::size_t>(width, end[i] - (i == 0 ? 0 : end[i - 1]));
  // Not zeroed here: the threads write every character, padding included, so that the pages
  // are touched by all of them.
  char32_t* text = new char32_t[end.size() * width];
  const long long rows = static_cast<long long>(end.size());
#pragma omp parallel for num_threads(threads) schedule(static)
  for (long long row = 0; row < rows; ++row) {
    const std::size_t i = std::size_t(row);
    const std::size_t from = i == 0 ? 0 : end[i - 1];
    char32_t* out = text + i * width;
    std::size_t j = 0;
    for (; j < end[i] - from; ++j) out[j] = char32_t(static_cast<unsigned char>(moves[from + j]));
    for (; j < width; ++j) out[j] = 0;
  }
  py::capsule owner(text, [](void* p) { delete[] static_cast<char32_t*>(p); });
  return py::array(py::dtype("<U" + std::to_string(width)), {py::ssize_t(end.size())}, text, owner);
}

py::dict positions(const py::object& paths, const std::optional<std::string>& variant, int jobs) {
  const Inputs in = inputs_of(paths, variant, jobs);
  Columns c;
  // About one position in 6 bytes of PGN at the most (1 in 10 in TWIC's issues); an input
  // that holds more (compressed) makes the columns grow as they fill.
  std::uint64_t bytes = 0;
  for (const std::string& f : in.files) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(f, error);
    if (!error) bytes += size;
  }
  c.reserve(std::size_t(std::min<std::uint64_t>(bytes / 6, std::uint64_t(1) << 31)));
  run_batch<GameRows>(
      in, 0, [&](const parsers::RawGame& game, GameRows& rows) { position_rows(game, in, rows); },
      [&](const analysis::BatchFile& file, const parsers::RawGame&, GameRows& rows) {
        c.add(file.name, rows);
      });
  const py::ssize_t n = py::ssize_t(c.ply.size());
  py::dict columns;
  columns["game"] = numpy(std::move(c.game), {n});
  columns["ply"] = numpy(std::move(c.ply), {n});
  columns["turn"] = numpy(std::move(c.turn), {n});
  columns["legal_moves"] = numpy(std::move(c.legal), {n});
  columns["captures"] = numpy(std::move(c.captures), {n});
  columns["in_check"] = numpy(std::move(c.check), {n}, py::dtype("bool"));
  columns["status"] = numpy(std::move(c.status), {n});
  for (std::size_t i = 0; i < c.material_names.size(); ++i)
    columns[py::str(c.material_names[i])] = numpy(std::move(c.material[i]), {n});
  columns["balance"] = numpy(std::move(c.balance), {n});
  columns["move"] = move_array(c.moves, c.move_end, in.jobs);
  columns["result"] = numpy(std::move(c.result), {n});
  columns["variant"] = numpy(std::move(c.variant), {n});
  py::dict out;
  out["columns"] = columns;
  out["board"] = numpy(std::move(c.board), {n, 64});
  out["games"] = c.games;
  out["invalid"] = c.invalid;
  return out;
}

// The names of the codes of the columns status, result and variant.
py::dict code_names() {
  py::list status, results, variants;
  for (int e = 0; e <= int(GameEnd::kTwentyFiveMoveRule); ++e)
    status.append(py::str(std::string(describe(GameEnd(e)))));
  for (std::string_view r : kResults) results.append(py::str(std::string(r)));
  for (const VariantInfo& v : all_variants()) variants.append(py::str(std::string(v.name)));
  py::dict names;
  names["status"] = status;
  names["result"] = results;
  names["variant"] = variants;
  return names;
}

// ----------------------------------------------------------------------------------------
// games_table(): one row per game read.

struct GameRow {
  GameReport report;
  GameRecord record;
};

py::dict games_table(const py::object& paths, const std::optional<std::string>& variant, int jobs) {
  const Inputs in = inputs_of(paths, variant, jobs);
  std::vector<std::string> file, variants, results, termination, termination_from;
  std::vector<std::int64_t> index, line, plies, errors, warnings;
  std::vector<std::uint8_t> valid;
  std::vector<std::string> tag_names;
  std::vector<std::vector<std::string>> tag_values;
  std::size_t games = 0;
  run_batch<GameRow>(
      in, 0,
      [&](const parsers::RawGame& game, GameRow& row) {
        if (is_position_line(game)) {
          row.report =
              analysis::read_position_game(game, in.variant, EpField::kLegalCapture, row.record);
          return;
        }
        analysis::ValidateOptions validate;
        validate.default_variant = in.variant;
        validate.termination = true;
        analysis::RecordOptions ro;
        ro.items = false;
        ro.san = false;
        ro.uci = false;
        row.report = analysis::read_game(game, validate, row.record, ro);
      },
      [&](const analysis::BatchFile& f, const parsers::RawGame&, GameRow& row) {
        const GameReport& r = row.report;
        file.push_back(f.name);
        index.push_back(r.index);
        line.push_back(r.first_line);
        variants.push_back(r.variant);
        valid.push_back(r.valid() ? 1 : 0);
        plies.push_back(r.plies);
        errors.push_back(r.errors);
        warnings.push_back(r.warnings);
        results.push_back(r.result_marker.empty() ? r.result_tag : r.result_marker);
        termination.push_back(r.termination);
        termination_from.push_back(r.termination_from);
        for (const auto& [name, value] : row.record.tags) {
          auto found = std::find(tag_names.begin(), tag_names.end(), name);
          if (found == tag_names.end()) {
            tag_names.push_back(name);
            tag_values.emplace_back(games);
            found = tag_names.end() - 1;
          }
          std::vector<std::string>& column = tag_values[std::size_t(found - tag_names.begin())];
          if (column.size() == games) column.push_back(value);  // the first of a repeated tag
        }
        ++games;
        for (std::vector<std::string>& column : tag_values) column.resize(games);
      });
  const py::ssize_t n = py::ssize_t(games);
  std::vector<std::int64_t> game(games);
  for (std::size_t i = 0; i < games; ++i) game[i] = std::int64_t(i);
  py::dict table;
  table["game"] = numpy(std::move(game), {n});
  table["file"] = py::cast(file);
  table["index"] = numpy(std::move(index), {n});
  table["line"] = numpy(std::move(line), {n});
  table["variant"] = py::cast(variants);
  table["valid"] = numpy(std::move(valid), {n}, py::dtype("bool"));
  table["plies"] = numpy(std::move(plies), {n});
  table["errors"] = numpy(std::move(errors), {n});
  table["warnings"] = numpy(std::move(warnings), {n});
  table["result"] = py::cast(results);
  table["termination"] = py::cast(termination);
  table["termination_from"] = py::cast(termination_from);
  py::dict tags;
  for (std::size_t i = 0; i < tag_names.size(); ++i)
    tags[py::str(tag_names[i])] = py::cast(tag_values[i]);
  py::dict out;
  out["table"] = table;
  out["tags"] = tags;
  return out;
}

// ----------------------------------------------------------------------------------------
// validate() and statistics(): the tools' JSON documents.

// fairy-validate --format json of the inputs.
std::string validate_json(const py::object& paths, const std::optional<std::string>& variant,
                          int jobs) {
  const Inputs in = inputs_of(paths, variant, jobs);
  analysis::ValidateOptions validate;
  validate.default_variant = in.variant;
  validate.termination = true;
  std::string json;
  analysis::JsonWriter w(json);
  w.begin_object().key("games").begin_array(/*one_per_line=*/true);
  analysis::ValidationTotals all;
  run_batch<GameReport>(
      in, 0,
      [&](const parsers::RawGame& game, GameReport& r) {
        r = analysis::validate_game(game, validate);
      },
      [&](const analysis::BatchFile& file, const parsers::RawGame&, GameReport& r) {
        all.add(r);
        analysis::write_game_json(w, file.name, r);
      });
  w.end_array().key("summary").begin_object();
  analysis::write_summary_fields(w, all);
  w.end_object().end_object();
  return json;
}

// fairy-analyze --format json of the inputs (its tables).
std::string statistics_json(const py::object& paths, const std::optional<std::string>& variant,
                            int jobs, const std::string& group_by, int top, int tree,
                            long long tree_min, int find_wins, bool openings) {
  const Inputs in = inputs_of(paths, variant, jobs);
  analysis::AnalyzeOptions o;
  o.validate.default_variant = in.variant;
  // The ranges of fairy-analyze's flags, with their messages.
  if (tree < 0 || tree > analysis::OpeningBook::kMaxPlies)
    throw py::value_error(
        absl::StrCat("tree wants 0-", analysis::OpeningBook::kMaxPlies, ", not ", tree));
  if (tree_min < 1) throw py::value_error(absl::StrCat("tree_min wants 1 or more, not ", tree_min));
  if (top < 0) throw py::value_error(absl::StrCat("top wants 0 or more, not ", top));
  if (find_wins < 0 || find_wins > 15)
    throw py::value_error(absl::StrCat("find_wins wants 0-15, not ", find_wins));
  o.stats.group_by = group_by;
  o.stats.top = top;
  o.stats.tree_plies = tree;
  o.stats.tree_min = std::uint64_t(tree_min);
  o.stats.find_wins = find_wins;
  if (openings) {
    const absl::StatusOr<analysis::OpeningBook>& book = analysis::OpeningBook::builtin();
    if (!book.ok())
      throw py::value_error(absl::StrCat("the opening names: ", book.status().message()));
    o.stats.openings = &*book;
  }
  analysis::prepare_analysis(o);
  analysis::CollectionStats stats(o.stats);
  run_batch<analysis::GameAnalysis>(
      in, 0,
      [&](const parsers::RawGame& game, analysis::GameAnalysis& a) {
        analysis::analyse_record(game, o, "", a);
      },
      [&](const analysis::BatchFile& file, const parsers::RawGame&, analysis::GameAnalysis& a) {
        stats.add(a.facts, file.name);
      });
  std::string json;
  analysis::write_stats_json(stats.tables(), json);
  return json;
}

}  // namespace

void bind_columns(py::module_& m) {
  m.def("_positions", &positions, py::arg("paths"), py::arg("variant") = py::none(),
        py::arg("jobs") = 1, "The columns of fairykit.positions (which wraps them).");
  m.def("_code_names", &code_names, "The names of the codes of positions' coded columns.");
  m.def("_games_table", &games_table, py::arg("paths"), py::arg("variant") = py::none(),
        py::arg("jobs") = 1, "The columns of fairykit.games_table (which wraps them).");
  m.def("_validate_json", &validate_json, py::arg("paths"), py::arg("variant") = py::none(),
        py::arg("jobs") = 1, "fairy-validate --format json of the inputs.");
  m.def("_statistics_json", &statistics_json, py::arg("paths"), py::arg("variant") = py::none(),
        py::arg("jobs") = 1, py::arg("group_by") = "", py::arg("top") = 20, py::arg("tree") = 0,
        py::arg("tree_min") = 1, py::arg("find_wins") = 0, py::arg("openings") = true,
        "fairy-analyze --format json of the inputs.");
}

}  // namespace fairykit::python
