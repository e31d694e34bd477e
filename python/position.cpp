#include "python/position.h"

#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "analysis/formats/svg_board.h"
#include "analysis/perft/perft.h"
#include "analysis/perft/perft_table.h"
#include "parsers/message_text.h"
#include "rules/core/game_state.h"
#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"

namespace fairykit::python {
namespace {

namespace py = pybind11;

// Errors reach Python as ValueError with the message the tools print after their name.
[[noreturn]] void fail(absl::string_view message) { throw py::value_error(std::string(message)); }

const VariantInfo& variant_named(const std::string& name) {
  const VariantInfo* v = find_variant(name);
  // The message of the tools' --variant (tools/common/cli.cpp).
  if (!v) fail("unknown variant '" + name + "' (known: " + variant_names() + ")");
  return *v;
}

std::string only_for(const char* option, bool (*has)(const VariantInfo&)) {
  return absl::StrCat(option, " applies to variant ", variants_where(has), " only");
}

// A move of a position, written in it: what legal_moves(), push() and pop() give.
struct Move {
  std::string uci;  // UCI / the variant's long algebraic ("e2e4", "e7e8q", "a1a5c5")
  std::string san;  // SAN or the variant's own notation, with its check or win mark

  // The squares UCI names first and last (a1 = 0 ... h8 = 63), -1 when it names none; and
  // the letter it ends with (a promotion), or 0.
  int square(bool last) const {
    int found = -1;
    for (std::size_t i = 0; i + 1 < uci.size(); ++i) {
      if (uci[i] >= 'a' && uci[i] <= 'h' && uci[i + 1] >= '1' && uci[i + 1] <= '8') {
        found = (uci[i] - 'a') + 8 * (uci[i + 1] - '1');
        if (!last) return found;
        ++i;
      }
    }
    return found;
  }
  char promotion() const {
    const char c = uci.empty() ? 0 : uci.back();
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? c : 0;
  }
};

// A move given to Position as text or as a Move.
std::string move_text(const py::handle& move) {
  if (py::isinstance<Move>(move)) return move.cast<const Move&>().uci;
  if (py::isinstance<py::str>(move)) return move.cast<std::string>();
  throw py::type_error("a move is a str (SAN, UCI) or a fairykit.Move, not " +
                       std::string(py::str(py::type::of(move).attr("__name__"))));
}

Move move_of(const AnyGame::Played& p) { return Move{p.uci, p.san}; }

class Position {
 public:
  // The position as fairy-perft sets it up from --variant, --fen, --armies, --amazon-promotes
  // and --shuffle (tools/fairy-perft/main.cpp), with its messages.
  Position(const std::string& variant, const std::optional<std::string>& fen,
           const std::string& armies, bool amazon_promotes, std::optional<int> shuffle)
      : variant_(&variant_named(variant)) {
    options_.armies = armies;
    if (!armies.empty() && !variant_->takes_armies)
      fail(only_for("armies", [](const VariantInfo& i) { return i.takes_armies; }));
    if (!armies.empty() && !valid_armies(armies))
      fail("armies wants two army letters of FCNR (White's, then Black's), not '" + armies + "'");
    options_.amazon_promotes = amazon_promotes;
    if (amazon_promotes && !variant_->takes_amazon_promotes)
      fail(only_for("amazon_promotes",
                    [](const VariantInfo& i) { return i.takes_amazon_promotes; }));
    start_ = fen.value_or("startpos");
    if (shuffle) {
      const int arrays = variant_->numbered_starts;
      if (arrays == 0)
        fail(only_for("shuffle", [](const VariantInfo& i) { return i.numbered_starts > 0; }));
      if (fen) fail("shuffle and fen cannot be combined");
      if (*shuffle < 0 || *shuffle >= arrays)
        fail(absl::StrCat("shuffle wants a number 0-", arrays - 1, ", not ", *shuffle));
      start_ = numbered_start_fen(*variant_, *shuffle);
    }
    absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(*variant_, start_, options_);
    if (!game.ok()) {
      // The message of fairy-perft --fen (analysis/perft/jobs.cpp count_position).
      const std::string shown = start_ == "startpos" ? std::string(variant_->start_fen) : start_;
      fail(absl::StrCat("invalid position \"", parsers::message_text(shown, 200),
                        "\": ", game.status().message()));
    }
    game_ = *std::move(game);
  }

  // A game set up as `other` was, with its moves replayed (the history of repetitions too).
  Position(const Position& other)
      : variant_(other.variant_), options_(other.options_), start_(other.start_) {
    game_ = *AnyGame::create(*variant_, start_, options_);
    for (const AnyGame::Played& p : other.history_) play(p.uci);
  }

  std::string variant() const { return std::string(variant_->name); }

  // The legal moves as Move objects (notation None), or as "uci" or "san" text.
  py::list legal_moves(const std::optional<std::string>& notation) const {
    py::list out;
    if (!notation) {
      std::vector<std::string> uci = game_->legal_moves_uci();
      std::vector<std::string> san = game_->legal_moves_san();
      for (std::size_t i = 0; i < uci.size(); ++i)
        out.append(Move{std::move(uci[i]), std::move(san[i])});
      return out;
    }
    if (*notation != "uci" && *notation != "san")
      fail("notation wants uci or san, not '" + *notation + "'");
    for (std::string& m : *notation == "uci" ? game_->legal_moves_uci() : game_->legal_moves_san())
      out.append(std::move(m));
    return out;
  }

  // Plays `move` (SAN, long algebraic, UCI or the variant's own forms, or a Move).
  Move push(const py::handle& move) {
    play(move_text(move));
    return move_of(history_.back());
  }

  Move pop() {
    if (history_.empty() || !game_->undo())
      throw py::index_error("pop from a position without moves");
    Move m = move_of(history_.back());
    history_.pop_back();
    return m;
  }

  // The board as an SVG document (analysis/formats/svg_board.h).
  std::string svg(analysis::SvgOptions options) const {
    absl::StatusOr<std::string> svg = analysis::render_svg(*game_, options);
    if (!svg.ok()) fail(svg.status().message());
    return *std::move(svg);
  }

  // `move` written as SAN and UCI in this position (not played), or the last move played.
  AnyGame::Played written(const py::object& move) {
    if (move.is_none()) {
      if (history_.empty()) throw py::index_error("no move has been played");
      return history_.back();
    }
    absl::StatusOr<AnyGame::Played> played = game_->play(move_text(move));
    if (!played.ok()) fail(played.status().message());
    game_->undo();
    return *std::move(played);
  }

  std::vector<Move> move_stack() const {
    std::vector<Move> moves;
    for (const AnyGame::Played& p : history_) moves.push_back(move_of(p));
    return moves;
  }

  std::string fen(const std::string& dialect) const {
    const std::optional<FenDialectId> d = find_fen_dialect(dialect);
    // The messages of fairy-perft --fen-dialect.
    if (!d) fail("fen dialect wants one of " + fen_dialect_names() + ", not '" + dialect + "'");
    if (*d == FenDialectId::kNative) return game_->fen();
    if (!fen_dialect_has_form(*variant_, *d))
      fail(absl::StrCat("the ", std::string(fen_dialect_name(*d)), " FEN dialect has no form for ",
                        std::string(variant_->title)));
    absl::StatusOr<std::string> written = fen_in_dialect(*variant_, game_->fen(), *d);
    if (!written.ok()) fail(written.status().message());
    return *std::move(written);
  }

  std::uint64_t key() const { return game_->key(); }
  std::string turn() const { return game_->side_to_move() == WHITE ? "white" : "black"; }
  std::size_t ply() const { return game_->plies(); }
  const std::vector<std::string>& fen_warnings() const { return game_->fen_warnings(); }

  bool is_check() const {
    return game_->visit([](const auto& g) {
      TurnCounts counts;
      g.count_turns(counts);
      return counts.check;
    });
  }
  GameState state() const { return game_->state(); }

  // Perft through the facade's engine, or analysis/perft's run_perft() (threads, hash table)
  // when asked for either. Without the GIL: other Python threads run meanwhile.
  std::uint64_t perft(int depth, long long hash_mb, int jobs) {
    if (depth < 0 || depth > 64) fail(absl::StrCat("depth wants 0-64, not ", depth));
    if (hash_mb < 0 || hash_mb > (1 << 20))
      fail(absl::StrCat("hash_mb wants 0-", 1 << 20, ", not ", hash_mb));
    if (jobs < 1 || jobs > 1024) fail(absl::StrCat("jobs wants 1-1024, not ", jobs));
    if (hash_mb == 0 && jobs == 1) {
      py::gil_scoped_release release;
      return game_->perft(depth);
    }
    const std::string position = game_->fen();
    absl::StatusOr<analysis::PerftResult> result;
    {
      py::gil_scoped_release release;
      std::unique_ptr<analysis::PerftTable> table;
      analysis::PerftOptions o;
      o.depth = depth;
      o.threads = jobs;
      o.variant_options = options_;
      if (hash_mb > 0) {
        try {
          table = analysis::PerftTable::with_bytes(std::size_t(hash_mb) << 20, jobs);
        } catch (const std::bad_alloc&) {
          result = absl::ResourceExhaustedError(
              absl::StrCat("cannot allocate a hash table of ", hash_mb, " MB"));
        }
        o.table = table.get();
      }
      if (hash_mb == 0 || table) result = analysis::run_perft(variant_->id, position, o);
    }
    if (!result.ok()) fail(result.status().message());
    return result->nodes;
  }

  bool operator==(const Position& other) const {
    return variant_ == other.variant_ &&
           options_.amazon_promotes == other.options_.amazon_promotes &&
           game_->fen() == other.game_->fen();
  }

  std::string repr() const {
    return absl::StrCat("Position('", std::string(variant_->name), "', '", game_->fen(), "'",
                        options_.amazon_promotes ? ", amazon_promotes=True" : "", ")");
  }

 private:
  void play(const std::string& text) {
    absl::StatusOr<AnyGame::Played> played = game_->play(text);
    if (!played.ok()) fail(played.status().message());
    history_.push_back(*std::move(played));
  }

  const VariantInfo* variant_;
  VariantOptions options_;
  std::string start_;  // what the game was set up from: "startpos" or a FEN
  std::unique_ptr<AnyGame> game_;
  std::vector<AnyGame::Played> history_;  // the moves played since the set-up
};

}  // namespace

void bind_position(py::module_& m) {
  m.def(
      "variants",
      [] {
        std::vector<std::string> names;
        for (const VariantInfo& v : all_variants()) names.emplace_back(v.name);
        return names;
      },
      "The names of the variants, as Position() and the tools take them.");

  py::class_<Move>(m, "Move", R"(A move of a position, written in it.

uci: UCI, or the variant's long algebraic ("e2e4", "e7e8q", Interweave's "a1a5c5"); san: SAN
or the variant's own notation, with its check or win mark. A Move equals another with the same
UCI, and a str that is its UCI or its SAN; str() is the UCI.)")
      .def(py::init([](std::string uci, std::string san) {
             return Move{std::move(uci), std::move(san)};
           }),
           py::arg("uci"), py::arg("san") = "")
      .def_readonly("uci", &Move::uci)
      .def_readonly("san", &Move::san)
      .def_property_readonly(
          "from_square",
          [](const Move& m) -> py::object {
            const int sq = m.square(false);
            return sq < 0 ? py::object(py::none()) : py::object(py::int_(sq));
          },
          "The first square the UCI names (a1 = 0 ... h8 = 63), or None.")
      .def_property_readonly(
          "to_square",
          [](const Move& m) -> py::object {
            const int sq = m.square(true);
            return sq < 0 ? py::object(py::none()) : py::object(py::int_(sq));
          },
          "The last square the UCI names (a1 = 0 ... h8 = 63), or None.")
      .def_property_readonly(
          "promotion",
          [](const Move& m) -> py::object {
            const char c = m.promotion();
            return c == 0 ? py::object(py::none()) : py::object(py::str(std::string(1, c)));
          },
          "The letter the UCI ends with (the piece promoted to), or None.")
      .def("__str__", [](const Move& m) { return m.uci; })
      .def("__repr__",
           [](const Move& m) {
             return m.san.empty() ? absl::StrCat("Move('", m.uci, "')")
                                  : absl::StrCat("Move('", m.uci, "', san='", m.san, "')");
           })
      .def("__hash__", [](const Move& m) { return py::hash(py::str(m.uci)); })
      .def("__eq__",
           [](const Move& m, const py::object& other) -> py::object {
             if (py::isinstance<Move>(other))
               return py::bool_(other.cast<const Move&>().uci == m.uci);
             if (py::isinstance<py::str>(other)) {
               const std::string text = other.cast<std::string>();
               return py::bool_(text == m.uci || (!m.san.empty() && text == m.san));
             }
             return py::reinterpret_borrow<py::object>(Py_NotImplemented);
           })
      .def(py::pickle([](const Move& m) { return py::make_tuple(m.uci, m.san); },
                      [](const py::tuple& t) {
                        return Move{t[0].cast<std::string>(), t[1].cast<std::string>()};
                      }));

  py::class_<Position>(m, "Position", R"(A position of one of the six games, and the moves
played to reach it.

Position(variant="chess", fen=None, *, armies="", amazon_promotes=False, shuffle=None)

variant: chess, chess960, cwda, superchess, interweave or fluidity (or an alias, as the tools
take them). fen: the start position when None, else a FEN in any dialect the variant reads.
armies: CwDA's armies, White's then Black's (letters of F C N R, e.g. "CN"). amazon_promotes:
Superchess, Amazons may be promoted to. shuffle: the numbered start array (Superchess:
XBoard's shuffle number; Chess960: Scharnagl's number), instead of fen.
Errors are ValueError with the message of fairy-perft.)")
      .def(py::init<const std::string&, const std::optional<std::string>&, const std::string&, bool,
                    std::optional<int>>(),
           py::arg("variant") = "chess", py::arg("fen") = py::none(), py::kw_only(),
           py::arg("armies") = "", py::arg("amazon_promotes") = false,
           py::arg("shuffle") = py::none())
      .def_property_readonly("variant", &Position::variant, "The variant's name.")
      .def("legal_moves", &Position::legal_moves, py::arg("notation") = py::none(),
           "The legal moves (whole turns) in generation order: Move objects, or with "
           "notation='uci' or 'san' their text.")
      .def("push", &Position::push, py::arg("move"),
           "Plays a move given as SAN, long algebraic, UCI, the variant's own notation or a "
           "Move; returns it as a Move. ValueError (the game unchanged) when it is not legal.")
      .def("pop", &Position::pop, "Takes back the last move; returns it as a Move.")
      .def(
          "san", [](Position& p, const py::object& move) { return p.written(move).san; },
          py::arg("move") = py::none(),
          "A move of this position as SAN (with its check or win mark); the last move played "
          "when none is given.")
      .def(
          "uci", [](Position& p, const py::object& move) { return p.written(move).uci; },
          py::arg("move") = py::none(),
          "A move of this position as UCI; the last move played when none is given.")
      .def_property_readonly("move_stack", &Position::move_stack,
                             "The moves played since the set-up, as Move objects.")
      .def_property_readonly("ply", &Position::ply, "The number of moves played since the set-up.")
      .def("fen", &Position::fen, py::arg("dialect") = "native",
           "The FEN: native, or in another dialect (vchess, xogo, pychess, xboard).")
      .def("key", &Position::key, "The position's 64-bit Zobrist key.")
      .def_property_readonly("turn", &Position::turn, "The side to move: 'white' or 'black'.")
      .def_property_readonly("fen_warnings", &Position::fen_warnings,
                             "What the FEN reader accepted leniently, one message each.")
      .def("is_check", &Position::is_check, "Whether the side to move is in check.")
      .def(
          "is_checkmate", [](const Position& p) { return p.state().end == GameEnd::kCheckmate; },
          "Whether the side to move is checkmated.")
      .def(
          "is_stalemate", [](const Position& p) { return p.state().end == GameEnd::kStalemate; },
          "Whether the side to move is stalemated.")
      .def(
          "is_game_over", [](const Position& p) { return p.state().over(); },
          "Whether the game is over without a claim.")
      .def(
          "can_claim_draw", [](const Position& p) { return p.state().claimable(); },
          "Whether a draw can be claimed (threefold repetition, the move-count rule).")
      .def_property_readonly(
          "status", [](const Position& p) { return std::string(describe(p.state().end)); },
          "How the game stands: '' while it goes on, else e.g. 'checkmate', 'stalemate', "
          "'threefold repetition', 'capture of a King'.")
      .def(
          "result", [](const Position& p) { return std::string(pgn_result(p.state())); },
          "The PGN result the position implies: '1-0', '0-1', '1/2-1/2' or '*'.")
      .def("perft", &Position::perft, py::arg("depth"), py::arg("hash_mb") = 0, py::arg("jobs") = 1,
           "The number of move paths of `depth` moves (whole turns); with a hash table of "
           "hash_mb MB and over `jobs` threads as fairy-perft --hash --jobs.")
      .def("copy", [](const Position& p) { return Position(p); })
      .def("__copy__", [](const Position& p) { return Position(p); })
      .def("__deepcopy__", [](const Position& p, py::dict) { return Position(p); })
      .def(py::self == py::self, "Same variant and options and the same FEN.")
      .def("__repr__", &Position::repr)
      .def(
          "svg",
          [](const Position& p, bool flip, bool coordinates, std::vector<std::string> marks,
             std::vector<std::string> arrows, std::string moves_of, int size) {
            analysis::SvgOptions o;
            o.flip = flip;
            o.coordinates = coordinates;
            o.marks = std::move(marks);
            o.arrows = std::move(arrows);
            o.moves_of = std::move(moves_of);
            o.square_size = size;
            return p.svg(o);
          },
          py::kw_only(), py::arg("flip") = false, py::arg("coordinates") = true,
          py::arg("marks") = std::vector<std::string>{},
          py::arg("arrows") = std::vector<std::string>{}, py::arg("moves_of") = "",
          py::arg("size") = 45,
          "The board as an SVG document, as fairy-convert --to svg draws it: flip (Black at "
          "the bottom), coordinates, marks (squares tinted), arrows (moves in long algebraic), "
          "moves_of (a square: the moves of its piece), size (pixels per square).")
      .def(
          "_repr_svg_",
          [](const Position& p) {
            analysis::SvgOptions o;
            o.coordinates = true;
            return p.svg(o);
          },
          "The board for Jupyter and IPython.");
}

}  // namespace fairykit::python
