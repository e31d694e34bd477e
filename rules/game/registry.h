// The variant registry: tools choose a variant once, by name, and everything below runs
// the template instantiation for that variant (no per-node branching on the variant).
//
//   const VariantInfo* v = find_variant("chess960");
//   visit_variant(v->id, [&]<class V>() { ... Position<V> ... });
#pragma once

#include <cstddef>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "rules/core/game_state.h"
#include "rules/core/variant.h"

namespace fairykit {

enum class VariantId { kChess, kChess960, kCwda, kSuperchess, kInterweave, kFluidity };
inline constexpr VariantId kLastVariantId = VariantId::kFluidity;  // ids are 0..this

// The variants with an engine of their own (rules/core/game_engine.h); the others are traits of
// the Position<V> family (rules/core/variant.h).
namespace interweave {
class Position;
}
namespace fluidity {
class Position;
}

// The one place that maps a variant id to its type: the traits V of a Position<V>-family
// variant (chess, Chess960, CwDA, Superchess) or the engine class of a variant with an
// engine of its own (Interweave, Fluidity). Every dispatch below and in rules/game/game.h goes
// through this switch, which has no `default`: -Wswitch names a variant left out, and an id
// outside VariantId aborts through unhandled_variant_id(). Adding a variant: its traits or
// engine, a VariantId, a case here, kOwnEngine when it has an engine of its own, and its
// VariantInfo in registry.cpp.
template <class F>
constexpr decltype(auto) visit_variant_type(VariantId id, F&& f);

// Whether T (a type of visit_variant_type) is an engine of its own rather than traits.
template <class T>
inline constexpr bool kOwnEngine = false;
template <>
inline constexpr bool kOwnEngine<interweave::Position> = true;
template <>
inline constexpr bool kOwnEngine<fluidity::Position> = true;

// The end of a dispatch that was given an id it does not handle (a value outside VariantId,
// or a variant outside the dispatcher's family): a programming error, never a silent
// fallback to chess. Prints "fairykit: internal error: WHERE: variant id N is not handled"
// on standard error and aborts.
[[noreturn]] void unhandled_variant_id(VariantId id, const char* where);

struct VariantInfo {
  VariantId id;
  std::string_view name;         // canonical, as in --variant and .perft files
  std::string_view title;        // as written in messages, e.g. "Superchess"
  std::string_view description;  // one line for --help / --list-variants
  std::string_view start_fen;
  // Other spellings accepted (case-insensitive, spaces and '-' ignored), e.g. PGN tags.
  std::span<const std::string_view> aliases = {};
  // The VariantOptions it takes (rules/game/variant_options.h), which tools check flags against:
  bool takes_armies = false;           // armies (White's then Black's)
  bool takes_amazon_promotes = false;  // Amazon promotion
  // Start arrays by number, 0..numbered_starts-1 (XBoard's shuffle numbers for Superchess,
  // Scharnagl's for Chess960), and the FEN of each (numbered_start_fen() in
  // rules/game/variant_options.h calls it); 0 / null when none.
  int numbered_starts = 0;
  std::string (*numbered_start)(int n) = nullptr;
  // Whether a game record must say where it starts: the start arrays vary from game to
  // game, so a PGN game without a FEN tag (or armies) cannot be replayed.
  bool start_needs_fen = false;
  // How a UCI engine is told to play the game (fairy-perft --compare-with), as
  // Fairy-Stockfish and pychess-variants name it: the value of the UCI_Variant option (empty:
  // none is sent, the engine's default chess), and whether UCI_Chess960 is set (castling as
  // king-takes-rook, Shredder or X-FEN castling fields).
  std::string_view uci_variant = {};
  bool uci_chess960 = false;
  // Whether a UCI engine plays the game, so that fairy-analyze --engine sends its positions
  // to one: Stockfish plays chess and Chess960, Fairy-Stockfish Superchess and CwDA from the
  // variants file fairykit ships (data/engines/fairy-stockfish-variants.ini). No engine plays
  // Interweave or Fluidity: fairy-analyze searches those itself.
  bool uci_engine = true;
  // The UCI_Variant of a game with these armies (White's then Black's, "CN"), for a variant
  // whose armies pick the engine's variant (CwDA: a profile of the variants file per pairing,
  // cwda_engine_variant() of rules/notation/cwda_fen.h). Null: uci_variant, whatever the armies.
  std::string (*uci_variant_of_armies)(std::string_view armies) = nullptr;
  // The draw a player may claim after a run of moves without capture (or pawn move), as
  // GameState::fifty_moves reports it: kFiftyMoveRule, or Fluidity's kTwentyFiveMoveRule
  // (describe() in rules/core/game_state.h names it).
  GameEnd move_rule = GameEnd::kFiftyMoveRule;
  // The meaning of the fields of the native FEN (0: the board):
  //   fen_fide_fields: FIDE's six first (board, side to move, castling, en passant, halfmove
  //   clock, fullmove number), then any of the variant's own (CwDA: the armies); not so in
  //   Interweave (board, side to move, plies, en passant, pools, halfmove clock);
  //   fen_ply_field: the field that counts the plies played instead of a fullmove number, -1
  //   when none (Interweave: 2).
  bool fen_fide_fields = true;
  int fen_ply_field = -1;
  // The keys a game of the variant is grouped by in statistics, read from its start position
  // (the native FEN), besides the variant; null when the variant has no such key, "" when
  // the FEN gives none: the armies, White's v Black's ("FIDE v Nutty Knights": CwDA), and the
  // start array, White's back rank ("RAVQKESR": Superchess, where it varies from game to game).
  std::string (*army_pairing)(std::string_view start_fen) = nullptr;
  std::string_view (*start_array)(std::string_view start_fen) = nullptr;
  // Whether openings are named by the ECO codes (the lichess chess-openings data set, which
  // is about standard chess).
  bool eco_openings = false;
  // Whether capturing is compulsory and a capturing turn a chain of steps (Interweave): the
  // statistics count turns by steps, the position records the longest chain.
  bool capture_chains = false;
};

std::span<const VariantInfo> all_variants();

// The entry of `id` (an id outside VariantId aborts through unhandled_variant_id()).
const VariantInfo& variant_info(VariantId id);

// By name or alias, ignoring case, spaces, '-' and '_'; nullptr when unknown.
const VariantInfo* find_variant(std::string_view name);

// The names of all variants, comma-separated (for error messages and --help).
std::string variant_names();

// The pieces of a variant as its engine declares them (GameEngine, rules/core/game_engine.h):
// the types on the board in the order records list them (Interweave: pawn, leaper, remover,
// smasher, king); a type's name ("smasher" for Interweave's ROOK, "?" for NO_PIECE_TYPE); its
// value in a material balance (rules/core/variant.h's kPieceValues; Interweave 1 for every
// piece but the Kings). Hot loops use the engine's own, compiled in.
std::span<const PieceType> piece_types(VariantId variant);
std::string_view piece_name(VariantId variant, PieceType type);
int piece_value(VariantId variant, PieceType type);

template <class F>
constexpr decltype(auto) visit_variant_type(VariantId id, F&& f) {
  switch (id) {
    case VariantId::kChess:
      return std::forward<F>(f).template operator()<ChessVariant>();
    case VariantId::kChess960:
      return std::forward<F>(f).template operator()<Chess960Variant>();
    case VariantId::kCwda:
      return std::forward<F>(f).template operator()<CwdaVariant>();
    case VariantId::kSuperchess:
      return std::forward<F>(f).template operator()<SuperchessVariant>();
    case VariantId::kInterweave:
      return std::forward<F>(f).template operator()<interweave::Position>();
    case VariantId::kFluidity:
      return std::forward<F>(f).template operator()<fluidity::Position>();
  }
  unhandled_variant_id(id, "visit_variant_type");
}

template <class... T>
struct TypeList {};

// The types of visit_variant_type() in VariantId order, for closed types over all variants
// (rules/game/any_game.h); checked against the switch below.
using VariantTypes = TypeList<ChessVariant, Chess960Variant, CwdaVariant, SuperchessVariant,
                              interweave::Position, fluidity::Position>;

// The type of visit_variant_type() for the id numbered I (VariantTypes' I-th).
template <std::size_t I, class L>
struct TypeAt;
template <class First, class... Rest>
struct TypeAt<0, TypeList<First, Rest...>> {
  using type = First;
};
template <std::size_t I, class First, class... Rest>
struct TypeAt<I, TypeList<First, Rest...>> : TypeAt<I - 1, TypeList<Rest...>> {};
template <std::size_t I>
using VariantTypeAt = typename TypeAt<I, VariantTypes>::type;

// X(I) for each id number I, 0..kLastVariantId, for what C++ spells once per type and no
// template can expand over VariantTypes: explicit instantiations (the hashed perft of
// analysis/perft/perft_hashed.cpp, through EngineAt<I> of rules/game/game.h). Checked
// against VariantTypes below.
#define FAIRYKIT_FOR_EACH_VARIANT_INDEX(X) X(0) X(1) X(2) X(3) X(4) X(5)

namespace registry_detail {
#define FAIRYKIT_VARIANT_INDEX_ENTRY(I) I,
inline constexpr std::size_t kVariantIndices[] = {
    FAIRYKIT_FOR_EACH_VARIANT_INDEX(FAIRYKIT_VARIANT_INDEX_ENTRY)};
#undef FAIRYKIT_VARIANT_INDEX_ENTRY
constexpr bool variant_indices_complete() {
  if (std::size(kVariantIndices) != static_cast<std::size_t>(kLastVariantId) + 1) return false;
  for (std::size_t i = 0; i < std::size(kVariantIndices); ++i)
    if (kVariantIndices[i] != i) return false;
  return true;
}
template <class T, class First, class... Rest>
constexpr int index_of(TypeList<First, Rest...>) {
  if constexpr (std::is_same_v<T, First>)
    return 0;
  else
    return 1 + index_of<T>(TypeList<Rest...>{});
}
template <class... T>
constexpr bool types_in_id_order(TypeList<T...>) {
  if (sizeof...(T) != static_cast<std::size_t>(kLastVariantId) + 1) return false;
  for (int i = 0; i <= static_cast<int>(kLastVariantId); ++i)
    if (visit_variant_type(static_cast<VariantId>(i),
                           []<class U>() { return index_of<U>(VariantTypes{}); }) != i)
      return false;
  return true;
}
}  // namespace registry_detail
static_assert(registry_detail::types_in_id_order(VariantTypes{}),
              "VariantTypes must list the types of visit_variant_type() in VariantId order");
static_assert(registry_detail::variant_indices_complete(),
              "FAIRYKIT_FOR_EACH_VARIANT_INDEX must list 0..kLastVariantId in order");

// Whether the variant is one of the Position<V> family (chess, Chess960, CwDA, Superchess),
// which visit_variant() covers. Interweave and Fluidity have engines of their own;
// rules/game/game.h's visit_engine() and rules/game/any_game.h cover every variant. False for an id
// outside VariantId.
constexpr bool in_position_family(VariantId id) {
  if (static_cast<unsigned>(id) > static_cast<unsigned>(kLastVariantId)) return false;
  return visit_variant_type(id, []<class T>() { return !kOwnEngine<T>; });
}

// Calls f.template operator()<V>() with the traits type of `id`, for the variants of the
// Position<V> family (precondition: in_position_family(id); any other id aborts through
// unhandled_variant_id()).
template <class F>
decltype(auto) visit_variant(VariantId id, F&& f) {
  using R = decltype(std::forward<F>(f).template operator()<ChessVariant>());
  return visit_variant_type(id, [&]<class T>() -> R {
    if constexpr (kOwnEngine<T>)
      unhandled_variant_id(id, "visit_variant");
    else
      return std::forward<F>(f).template operator()<T>();
  });
}

}  // namespace fairykit
