// The options of a game beyond its FEN, in one struct that every layer passes down as it is
// (perft, suites, validation, the coming tools), so that a new option is added here and
// where it is applied, not copied through each layer's options.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "rules/game/registry.h"

namespace fairykit {

struct VariantOptions {
  // CwDA: the armies, White's then Black's ("CN"): with "startpos" that pairing's start,
  // with a FEN in a dialect that names no armies (pychess) its armies; a FEN that names
  // its armies must agree. Empty: the FEN says (docs/rules/cwda.md).
  std::string armies = {};
  // Superchess: Amazons may be promoted to (Setup::amazon_promotes,
  // docs/rules/superchess.md 2.6 S1). Applied when a position is set up.
  bool amazon_promotes = false;
};

// Whether `armies` names two armies, White's then Black's (letters of F C N R).
bool valid_armies(std::string_view armies);

// The FEN of start array `n` of a variant with numbered start arrays
// (0 <= n < variant.numbered_starts; XBoard's shuffle numbers for Superchess, Scharnagl's
// for Chess960).
std::string numbered_start_fen(const VariantInfo& variant, int n);

// The names of the variants for which `has` holds, comma-separated, for messages such as
// "--armies applies to --variant cwda only".
std::string variants_where(bool (*has)(const VariantInfo&));

// The FEN the engine of `variant` is set up from, for a position given as "startpos" or as
// a FEN in any dialect the variant reads (docs/rules/README.md, item 4), with `options`
// applied (the armies; Amazon promotion is applied by the engine at set-up). vchess's and
// xogo's chess and Chess960 FENs are converted here; the engines read the other dialects
// themselves (Shredder-FEN, XBoard's holdings bracket, the CwDA dialects). Errors are the
// FEN converter's, e.g. "pychess FEN: ...".
absl::StatusOr<std::string> position_fen(const VariantInfo& variant, std::string_view fen,
                                         const VariantOptions& options);

// The options a position of `variant` is played under, as its native FEN carries them: the
// armies of a CwDA FEN (its last field). Amazon promotion is written in no FEN: false.
VariantOptions fen_variant_options(const VariantInfo& variant, std::string_view native_fen);

// The options as one text, "" when none is set: "armies=CN", "amazon-promotes", joined by
// "; ". With the variant and the position key it names a position whose rules may differ
// from another's of the same board (CwDA: a King and Pawn ending of two pairings), as caches
// and lists of distinct positions key them.
std::string variant_options_text(const VariantOptions& options);

// The value of UCI_Variant an engine is given for a game of `variant` under `options`:
// VariantInfo::uci_variant, or its uci_variant_of_armies() of the armies; "" when the game is
// the engines' default, chess (chess, Chess960, CwDA FIDE v FIDE).
std::string engine_uci_variant(const VariantInfo& variant, const VariantOptions& options);

}  // namespace fairykit
