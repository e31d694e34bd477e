#include "rules/game/variant_options.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "rules/notation/cwda_fen.h"
#include "rules/notation/fen.h"

namespace fairykit {

bool valid_armies(std::string_view armies) { return is_cwda_armies(armies); }

std::string numbered_start_fen(const VariantInfo& variant, int n) {
  if (!variant.numbered_start) unhandled_variant_id(variant.id, "numbered_start_fen");
  return variant.numbered_start(n);
}

std::string variants_where(bool (*has)(const VariantInfo&)) {
  std::string names;
  for (const VariantInfo& v : all_variants())
    if (has(v)) names += (names.empty() ? "" : ", ") + std::string(v.name);
  return names;
}

absl::StatusOr<std::string> position_fen(const VariantInfo& variant, std::string_view fen,
                                         const VariantOptions& options) {
  const bool startpos = fen == "startpos";
  if (!options.armies.empty() && !variant.takes_armies)
    return absl::InvalidArgumentError(
        absl::StrCat("armies apply to ",
                     variants_where([](const VariantInfo& v) { return v.takes_armies; }), " only"));
  if (options.armies.empty()) {
    if (startpos) return std::string(variant.start_fen);
    // vchess's and xogo's chess FENs; the other dialects are read by the engines (Shredder
    // letters, XBoard's holdings, the CwDA dialects, Interweave's vchess FEN).
    if ((variant.id == VariantId::kChess || variant.id == VariantId::kChess960) &&
        is_vchess_chess_fen(fen))
      return vchess_chess_to_fide_fen(fen);
    return std::string(fen);
  }
  return startpos ? cwda_start_fen(options.armies) : cwda_to_native_fen(fen, options.armies);
}

VariantOptions fen_variant_options(const VariantInfo& variant, std::string_view native_fen) {
  VariantOptions options;
  if (!variant.takes_armies) return options;
  while (!native_fen.empty() && native_fen.back() == ' ') native_fen.remove_suffix(1);
  const std::size_t space = native_fen.rfind(' ');
  const std::string_view last =
      space == std::string_view::npos ? native_fen : native_fen.substr(space + 1);
  if (is_cwda_armies(last)) options.armies = std::string(last);
  return options;
}

std::string variant_options_text(const VariantOptions& options) {
  std::string text;
  if (!options.armies.empty()) absl::StrAppend(&text, "armies=", options.armies);
  if (options.amazon_promotes) absl::StrAppend(&text, text.empty() ? "" : "; ", "amazon-promotes");
  return text;
}

std::string engine_uci_variant(const VariantInfo& variant, const VariantOptions& options) {
  if (variant.uci_variant_of_armies && !options.armies.empty())
    return variant.uci_variant_of_armies(options.armies);
  return std::string(variant.uci_variant);
}

}  // namespace fairykit
