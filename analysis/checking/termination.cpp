#include "analysis/checking/termination.h"

#include <cctype>
#include <string>

#include "rules/game/registry.h"

namespace fairykit::analysis {

std::string_view describe(TerminationFrom from) {
  switch (from) {
    case TerminationFrom::kBoard:
      return "board";
    case TerminationFrom::kTag:
      return "tag";
    case TerminationFrom::kResult:
      return "result";
  }
  return "";
}

Termination termination(const GameState& st, VariantId variant, std::string_view written,
                        char result) {
  if (st.over()) return {describe(st.end), TerminationFrom::kBoard};
  if (!written.empty()) {
    // The PGN standard's values (its own spelling is lower case; lichess capitalises them),
    // and a common other.
    static constexpr std::string_view kKnown[] = {
        "abandoned",        "adjudication", "death",        "emergency",
        "rules infraction", "time forfeit", "unterminated", "illegal move"};
    std::string tag(written);
    for (char& c : tag) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const std::string_view known : kKnown)
      if (tag == known) return {known, TerminationFrom::kTag};
    if (tag != "normal") return {written, TerminationFrom::kTag, true};
  }
  // "normal" or no tag: the result tells the rest.
  if (result == '*') return {"unfinished", TerminationFrom::kResult};
  if (result == 'w' || result == 'b') return {"resignation", TerminationFrom::kResult};
  if (st.threefold) return {"threefold repetition", TerminationFrom::kResult};
  if (st.fifty_moves) return {describe(variant_info(variant).move_rule), TerminationFrom::kResult};
  return {"agreement", TerminationFrom::kResult};
}

}  // namespace fairykit::analysis
