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
    for (const AnyGame::Played& p : other.history_) push(p.uci);
  }

  std::string variant() const { return std::string(variant_->name); }

  std::vector<std::string> legal_moves(const std::string& notation) const {
    if (notation == "uci") return game_->legal_moves_uci();
    if (notation == "san") return game_->legal_moves_san();
    fail("notation wants uci or san, not '" + notation + "'");
  }

  // Plays `move` (SAN, long algebraic, UCI or the variant's own forms); returns it as UCI.
  std::string push(const std::string& move) {
    absl::StatusOr<AnyGame::Played> played = game_->play(move);
    if (!played.ok()) fail(played.status().message());
    history_.push_back(*std::move(played));
    return history_.back().uci;
  }

  std::string pop() {
    if (history_.empty() || !game_->undo())
      throw py::index_error("pop from a position without moves");
    std::string uci = std::move(history_.back().uci);
    history_.pop_back();
    return uci;
  }

  // `move` written as SAN and UCI in this position (not played), or the last move played.
  AnyGame::Played written(const std::optional<std::string>& move) {
    if (!move) {
      if (history_.empty()) throw py::index_error("no move has been played");
      return history_.back();
    }
    absl::StatusOr<AnyGame::Played> played = game_->play(*move);
    if (!played.ok()) fail(played.status().message());
    game_->undo();
    return *std::move(played);
  }

  std::vector<std::string> move_stack() const {
    std::vector<std::string> moves;
    for (const AnyGame::Played& p : history_) moves.push_back(p.uci);
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
      .def("legal_moves", &Position::legal_moves, py::arg("notation") = "uci",
           "The legal moves (whole turns) in generation order, as UCI or SAN text.")
      .def("push", &Position::push, py::arg("move"),
           "Plays a move given as SAN, long algebraic, UCI or the variant's own notation; "
           "returns it as UCI. ValueError (the game unchanged) when it is not legal.")
      .def("pop", &Position::pop, "Takes back the last move; returns it as UCI.")
      .def(
          "san",
          [](Position& p, const std::optional<std::string>& move) { return p.written(move).san; },
          py::arg("move") = py::none(),
          "A move of this position as SAN (with its check or win mark); the last move played "
          "when none is given.")
      .def(
          "uci",
          [](Position& p, const std::optional<std::string>& move) { return p.written(move).uci; },
          py::arg("move") = py::none(),
          "A move of this position as UCI; the last move played when none is given.")
      .def_property_readonly("move_stack", &Position::move_stack,
                             "The moves played since the set-up, as UCI.")
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
      .def("__repr__", &Position::repr);
}

}  // namespace fairykit::python
