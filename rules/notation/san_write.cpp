// Writing SAN (rules/notation/san.h): the move's text, check and mate suffixes, compiled once for
// each variant of the Position<V> family.
#include <string>
#include <string_view>

#include "rules/core/variant.h"
#include "rules/notation/san.h"
#include "rules/notation/san_impl.h"

namespace fairykit {

#define FAIRYKIT_INSTANTIATE_SAN_WRITE(V)                               \
  template bool gives_check(const Position<V>&, Move);                  \
  template std::string_view san_check_suffix(const Position<V>&, Move); \
  template std::string_view check_suffix(const Position<V>&);           \
  template std::string move_to_san(const Position<V>&, Move);           \
  template std::string san_without_suffix(const Position<V>&, Move);    \
  template void append_san(const Position<V>&, Move, std::string&);     \
  template bool san_detail::king_can_step_after(const Position<V>&, Move);
FAIRYKIT_FOR_EACH_POSITION_VARIANT(FAIRYKIT_INSTANTIATE_SAN_WRITE)
#undef FAIRYKIT_INSTANTIATE_SAN_WRITE

}  // namespace fairykit
