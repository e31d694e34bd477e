// The variant registry: tools choose a variant once, by name, and everything below runs
// the template instantiation for that variant (no per-node branching on the variant).
//
//   const VariantInfo* v = find_variant("chess960");
//   visit_variant(v->id, [&]<class V>() { ... Position<V> ... });
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "rules/variant.h"

namespace fairykit {

enum class VariantId { kChess, kChess960, kCwda, kSuperchess, kInterweave, kFluidity };

// Whether the variant is one of the Position<V> family (chess, Chess960, CwDA, Superchess),
// which visit_variant() covers. Interweave and Fluidity have engines of their own
// (rules/game_engine.h); rules/game.h's visit_engine() and rules/any_game.h cover every
// variant.
constexpr bool in_position_family(VariantId id) {
  switch (id) {
    case VariantId::kChess:
    case VariantId::kChess960:
    case VariantId::kCwda:
    case VariantId::kSuperchess:
      return true;
    case VariantId::kInterweave:
    case VariantId::kFluidity:
      return false;
  }
  return false;  // not a VariantId: the dispatchers refuse it
}

// The end of a dispatch that was given an id it does not handle (a value outside VariantId,
// or a variant outside the dispatcher's family): a programming error, never a silent
// fallback to chess. Prints "fairykit: internal error: WHERE: variant id N is not handled"
// on standard error and aborts.
[[noreturn]] void unhandled_variant_id(VariantId id, const char* where);

struct VariantInfo {
  VariantId id;
  std::string_view name;         // canonical, as in --variant and .perft files
  std::string_view description;  // one line for --help / --list-variants
  std::string_view start_fen;
  // Other spellings accepted (case-insensitive, spaces and '-' ignored), e.g. PGN tags.
  std::span<const std::string_view> aliases;
  // The VariantOptions it takes (rules/variant_options.h), which tools check flags against:
  bool takes_armies = false;           // armies (White's then Black's)
  bool takes_amazon_promotes = false;  // Amazon promotion
  // Start arrays by number, 0..numbered_starts-1 (XBoard's shuffle numbers); 0 when none.
  // numbered_start_fen() in rules/variant_options.h gives their FENs.
  int numbered_starts = 0;
};

std::span<const VariantInfo> all_variants();

// By name or alias, ignoring case, spaces, '-' and '_'; nullptr when unknown.
const VariantInfo* find_variant(std::string_view name);

// The names of all variants, comma-separated (for error messages and --help).
std::string variant_names();

// Calls f.template operator()<V>() with the traits type of `id`, for the variants of the
// Position<V> family (precondition: in_position_family(id); any other id aborts through
// unhandled_variant_id()). No `default`: -Wswitch names a variant left out.
template <class F>
decltype(auto) visit_variant(VariantId id, F&& f) {
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
    case VariantId::kFluidity:
      break;
  }
  unhandled_variant_id(id, "visit_variant");
}

}  // namespace fairykit
