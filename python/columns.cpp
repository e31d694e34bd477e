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
#include "analysis/checking/openings.h"
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

// A column that numpy takes over: grows without zeroing what it will write anyway, and copies
// itself over several threads when it grows.
template <class T>
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& o) noexcept : data_(o.data_), size_(o.size_), capacity_(o.capacity_) {
    o.data_ = nullptr;
    o.size_ = o.capacity_ = 0;
  }
  ~Buffer() { delete[] data_; }

  // Room for `n` elements in all. Pages reserved and not written are never touched, so a
  // generous guess costs address space only.
  void reserve(std::size_t n, int threads) {
    if (n <= capacity_) return;
    const std::size_t capacity = std::max(n, capacity_ + capacity_ / 2);
    T* data = new T[capacity];  // not zeroed: every element below size() is written
    const long long parts = threads;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (long long part = 0; part < parts; ++part) {
      const std::size_t from = size_ * std::size_t(part) / std::size_t(parts);
      const std::size_t to = size_ * std::size_t(part + 1) / std::size_t(parts);
      std::copy(data_ + from, data_ + to, data + from);
    }
    delete[] data_;
    data_ = data;
    capacity_ = capacity;
  }
  T* data() { return data_; }
  std::size_t size() const { return size_; }
  void set_size(std::size_t n) { size_ = n; }

  // A numpy array of shape `shape` that owns the elements (the buffer is left empty).
  py::array numpy(std::vector<py::ssize_t> shape, std::optional<py::dtype> dtype = {}) {
    T* data = data_ != nullptr ? data_ : new T[1];
    data_ = nullptr;
    size_ = capacity_ = 0;
    py::capsule owner(data, [](void* p) { delete[] static_cast<T*>(p); });
    if (dtype) return py::array(*dtype, shape, data, owner);
    return py::array_t<T>(shape, data, owner);
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0, capacity_ = 0;
};

// The columns of a whole run in input order. The games' rows wait in `pending` until a few
// hundred of them are there, then are copied into place by all the threads at once (the
// batch hands the games over on one thread, in order: copying them there would leave the
// other threads waiting).
class Columns {
 public:
  explicit Columns(int threads) : threads_(threads) {}

  // Room for about `rows` rows from the start (a guess; the columns grow when it is short).
  void reserve(std::size_t rows) { reserve_all(rows, rows * 6); }

  // Takes the game's rows (swapping fresh buffers into `g` for the next game of its slot).
  void add(const std::string& file, GameRows& g) {
    const std::int64_t index = std::int64_t(games_++);
    if (!g.report.valid()) {
      std::string lines;
      analysis::write_diagnostics(lines, file, g.report, /*errors_only=*/false);
      invalid_.push_back(std::move(lines));
      return;
    }
    if (g.rows() == 0) return;
    GameRows taken;
    if (!spare_.empty()) {
      taken = std::move(spare_.back());
      spare_.pop_back();
    }
    std::swap(taken, g);
    pending_.push_back({std::move(taken), index});
    if (pending_.size() >= 512) flush();
  }

  // Puts the pending games into place (called once more after the last game).
  void flush() {
    if (pending_.empty()) return;
    // Where each game goes, and the material columns of its variant (new ones start as zeros).
    const std::size_t rows_before = game_.size();
    std::size_t rows = rows_before, chars = moves_.size();
    std::vector<std::size_t> row_at, char_at;
    for (Pending& p : pending_) {
      row_at.push_back(rows);
      char_at.push_back(chars);
      rows += p.rows.rows();
      chars += p.rows.moves.size();
      columns_of(p.rows.variant, rows_before);
    }
    reserve_all(rows, chars);
    const std::size_t m = material_.size();
    const long long n = static_cast<long long>(pending_.size());
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 8)
    for (long long i = 0; i < n; ++i) {
      const Pending& p = pending_[std::size_t(i)];
      const GameRows& g = p.rows;
      const std::size_t at = row_at[std::size_t(i)], k = g.rows();
      std::fill_n(game_.data() + at, k, p.index);
      std::copy_n(g.ply.data(), k, ply_.data() + at);
      std::copy_n(g.legal.data(), k, legal_.data() + at);
      std::copy_n(g.captures.data(), k, captures_.data() + at);
      std::copy_n(g.balance.data(), k, balance_.data() + at);
      std::copy_n(g.turn.data(), k, turn_.data() + at);
      std::copy_n(g.check.data(), k, check_.data() + at);
      std::copy_n(g.status.data(), k, status_.data() + at);
      std::fill_n(result_.data() + at, k, result_code(g.result));
      std::fill_n(variant_.data() + at, k, std::uint8_t(g.variant));
      std::copy_n(g.board.data(), k * 64, board_.data() + at * 64);
      std::copy(g.moves.begin(), g.moves.end(), moves_.data() + char_at[std::size_t(i)]);
      for (std::size_t r = 0; r < k; ++r)
        move_end_.data()[at + r] = char_at[std::size_t(i)] + g.move_end[r];
      const std::vector<int>& source = source_[std::size_t(g.variant)];
      for (std::size_t c = 0; c < m; ++c) {
        std::uint8_t* out = material_[c].data() + at;
        if (c < source.size() && source[c] >= 0)
          std::copy_n(g.material[std::size_t(source[c])].data(), k, out);
        else
          std::fill_n(out, k, std::uint8_t(0));
      }
    }
    set_size_all(rows, chars);
    for (Pending& p : pending_) {
      p.rows.clear();
      spare_.push_back(std::move(p.rows));
    }
    pending_.clear();
  }

  // The result: the columns for fairykit.Columns, the board, the games read and the messages
  // of the invalid ones.
  py::dict result() {
    flush();
    const py::ssize_t n = py::ssize_t(game_.size());
    py::dict columns;
    columns["game"] = game_.numpy({n});
    columns["ply"] = ply_.numpy({n});
    columns["turn"] = turn_.numpy({n});
    columns["legal_moves"] = legal_.numpy({n});
    columns["captures"] = captures_.numpy({n});
    columns["in_check"] = check_.numpy({n}, py::dtype("bool"));
    columns["status"] = status_.numpy({n});
    for (std::size_t i = 0; i < material_names_.size(); ++i)
      columns[py::str(material_names_[i])] = material_[i].numpy({n});
    columns["balance"] = balance_.numpy({n});
    columns["move"] = move_array();
    columns["result"] = result_.numpy({n});
    columns["variant"] = variant_.numpy({n});
    py::dict out;
    out["columns"] = columns;
    out["board"] = board_.numpy({n, 64});
    out["games"] = games_;
    out["invalid"] = invalid_;
    return out;
  }

 private:
  struct Pending {
    GameRows rows;
    std::int64_t index;
  };

  // The material columns of `variant`'s pieces (source_: for each column, which of the game's
  // counts fills it), made when first met: zeros for the `rows` rows before.
  void columns_of(VariantId variant, std::size_t rows) {
    std::vector<int>& source = source_[std::size_t(variant)];
    const std::span<const BoardPiece> pieces = board_pieces(variant);
    if (!source.empty() || pieces.empty()) return;
    int count = 0;
    for (const char* colour : {"white_", "black_"})
      for (const BoardPiece& piece : pieces) {
        const std::string name =
            colour + analysis::record_piece_name(variant, piece.type, /*csv=*/true);
        auto found = std::find(material_names_.begin(), material_names_.end(), name);
        if (found == material_names_.end()) {
          material_names_.push_back(name);
          material_.emplace_back();
          material_.back().reserve(std::max(rows, capacity_rows_), threads_);
          std::fill_n(material_.back().data(), rows, std::uint8_t(0));
          material_.back().set_size(rows);
          found = material_names_.end() - 1;
        }
        const std::size_t column = std::size_t(found - material_names_.begin());
        if (source.size() <= column) source.resize(column + 1, -1);
        source[column] = count++;
      }
    // The other variants' sources are as long as the columns: -1 where they have no piece.
  }

  void reserve_all(std::size_t rows, std::size_t chars) {
    capacity_rows_ = std::max(capacity_rows_, rows);
    game_.reserve(rows, threads_);
    ply_.reserve(rows, threads_);
    legal_.reserve(rows, threads_);
    captures_.reserve(rows, threads_);
    balance_.reserve(rows, threads_);
    turn_.reserve(rows, threads_);
    check_.reserve(rows, threads_);
    status_.reserve(rows, threads_);
    result_.reserve(rows, threads_);
    variant_.reserve(rows, threads_);
    board_.reserve(rows * 64, threads_);
    move_end_.reserve(rows, threads_);
    moves_.reserve(chars, threads_);
    for (Buffer<std::uint8_t>& column : material_) column.reserve(rows, threads_);
  }

  void set_size_all(std::size_t rows, std::size_t chars) {
    game_.set_size(rows);
    ply_.set_size(rows);
    legal_.set_size(rows);
    captures_.set_size(rows);
    balance_.set_size(rows);
    turn_.set_size(rows);
    check_.set_size(rows);
    status_.set_size(rows);
    result_.set_size(rows);
    variant_.set_size(rows);
    board_.set_size(rows * 64);
    move_end_.set_size(rows);
    moves_.set_size(chars);
    for (Buffer<std::uint8_t>& column : material_) column.set_size(rows);
  }

  // The moves as a numpy fixed-width unicode array (no Python object per row).
  py::array move_array() {
    const std::size_t n = move_end_.size();
    const std::uint64_t* end = move_end_.data();
    const char* chars = moves_.data();
    std::size_t width = 1;
    for (std::size_t i = 0; i < n; ++i)
      width = std::max<std::size_t>(width, end[i] - (i == 0 ? 0 : end[i - 1]));
    Buffer<char32_t> text;
    text.reserve(n * width, threads_);
    const long long rows = static_cast<long long>(n);
#pragma omp parallel for num_threads(threads_) schedule(static)
    for (long long row = 0; row < rows; ++row) {
      const std::size_t i = std::size_t(row);
      const std::size_t from = i == 0 ? 0 : end[i - 1];
      char32_t* out = text.data() + i * width;
      std::size_t j = 0;
      for (; j < end[i] - from; ++j) out[j] = char32_t(static_cast<unsigned char>(chars[from + j]));
      for (; j < width; ++j) out[j] = 0;
    }
    text.set_size(n * width);
    return text.numpy({py::ssize_t(n)}, py::dtype("<U" + std::to_string(width)));
  }

  int threads_;
  std::size_t capacity_rows_ = 0;
  Buffer<std::int64_t> game_;
  Buffer<std::int32_t> ply_, legal_, captures_, balance_;
  Buffer<std::uint8_t> turn_, check_, status_, result_, variant_, board_;
  Buffer<char> moves_;
  Buffer<std::uint64_t> move_end_;
  std::vector<std::string> material_names_;  // "white_pawn", in the order first met
  std::vector<Buffer<std::uint8_t>> material_;
  std::array<std::vector<int>, std::size_t(kLastVariantId) + 1> source_;
  std::vector<Pending> pending_;
  std::vector<GameRows> spare_;
  std::uint64_t games_ = 0;
  std::vector<std::string> invalid_;  // the diagnostics of each invalid game, as fairy-validate
};

py::dict positions(const py::object& paths, const std::optional<std::string>& variant, int jobs) {
  const Inputs in = inputs_of(paths, variant, jobs);
  // About one position in 6 bytes of PGN at the most (1 in 10 in TWIC's issues); an input
  // that holds more (compressed) makes the columns grow as they fill.
  std::uint64_t bytes = 0;
  for (const std::string& f : in.files) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(f, error);
    if (!error) bytes += size;
  }
  Columns c(in.jobs);
  {
    py::gil_scoped_release release;
    c.reserve(std::size_t(std::min<std::uint64_t>(bytes / 6, std::uint64_t(1) << 31)));
  }
  run_batch<GameRows>(
      in, 0, [&](const parsers::RawGame& game, GameRows& rows) { position_rows(game, in, rows); },
      [&](const analysis::BatchFile& file, const parsers::RawGame&, GameRows& rows) {
        c.add(file.name, rows);
      });
  {
    py::gil_scoped_release release;
    c.flush();
  }
  return c.result();
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

// A numpy array that owns `v` (no copy), of shape `shape` and dtype `dtype` (default: T's).
template <class T>
py::array numpy(std::vector<T>&& v, std::vector<py::ssize_t> shape,
                std::optional<py::dtype> dtype = std::nullopt) {
  auto* owned = new std::vector<T>(std::move(v));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  if (dtype) return py::array(*dtype, shape, owned->data(), owner);
  return py::array_t<T>(shape, owned->data(), owner);
}

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
