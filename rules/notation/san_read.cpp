// Reading SAN (rules/notation/san.h): resolution, errors, check marks, compiled once for each
// variant of the Position<V> family.
#include <string>

#include "rules/core/variant.h"
#include "rules/notation/san.h"
#include "rules/notation/san_impl.h"

namespace fairykit {

std::string san_quirk_names(SanQuirks q) {
  std::string out;
  for (const SanQuirkInfo& info : kSanQuirks)
    if (q.has(info.quirk)) {
      if (!out.empty()) out += ", ";
      out += info.name;
    }
  return out;
}

#define FAIRYKIT_INSTANTIATE_SAN_READ(V)                                                      \
  template SanResolution resolve_san(const Position<V>&, const SanToken&, SanRead&);          \
  template SanResolution resolve_san(const Position<V>&, const SanToken&, Move&);             \
  template SanResolution read_san(const Position<V>&, std::string_view, SanRead&, SanSyntax); \
  template absl::StatusOr<SanRead> read_san(const Position<V>&, std::string_view, SanSyntax); \
  template absl::Status san_error(const Position<V>&, std::string_view, SanSyntax);           \
  template absl::StatusOr<Move> move_from_san(const Position<V>&, std::string_view);          \
  template CheckMark check_mark(const Position<V>&);                                          \
  template SanQuirks check_mark_quirks(const Position<V>&, char);
FAIRYKIT_FOR_EACH_POSITION_VARIANT(FAIRYKIT_INSTANTIATE_SAN_READ)
#undef FAIRYKIT_INSTANTIATE_SAN_READ

}  // namespace fairykit
