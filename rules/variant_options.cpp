#include "rules/variant_options.h"

#include "absl/status/status.h"
#include "rules/cwda_fen.h"

namespace fairykit {

absl::StatusOr<std::string> position_fen(const VariantInfo& variant, std::string_view fen,
                                         const VariantOptions& options) {
  const bool startpos = fen == "startpos";
  if (!options.armies.empty() && variant.id != VariantId::kCwda)
    return absl::InvalidArgumentError("armies apply to cwda only");
  if (options.armies.empty()) return std::string(startpos ? variant.start_fen : fen);
  return startpos ? cwda_start_fen(options.armies) : cwda_to_native_fen(fen, options.armies);
}

}  // namespace fairykit
