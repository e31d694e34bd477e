#include "analysis/checking/game_result.h"

#include <string_view>

#include "rules/core/game_state.h"

namespace fairykit::analysis {

namespace {

std::string_view result_of_state(const GameState& st) {
  if (st.decisive() || st.end == GameEnd::kStalemate || st.end == GameEnd::kInsufficientMaterial ||
      st.end == GameEnd::kFivefoldRepetition || st.end == GameEnd::kSeventyFiveMoveRule)
    return pgn_result(st);
  return {};
}

}  // namespace

std::string game_result(const GameRecord& record, bool fix, ResultFix* what) {
  std::string written = record.result_marker;
  // Without a marker, the Result tag when it is a result ("0-0" or "?" would be read back as
  // a move or an error).
  const std::string_view tag_result = record.tag("Result");
  if (written.empty() &&
      (tag_result == "1-0" || tag_result == "0-1" || tag_result == "1/2-1/2" || tag_result == "*"))
    written = std::string(tag_result);
  if (written.empty()) written.push_back('*');  // (not = "*": a false -Wrestrict in GCC 12)
  if (!fix) return written;
  const std::string_view implied = result_of_state(record.final_state);
  const std::string tag = std::string(record.tag("Result"));
  if (implied.empty() || (written == implied && (tag.empty() || tag == implied))) return written;
  if (what) {
    what->fixed = true;
    what->from = tag.empty() ? written : tag;
    what->to = std::string(implied);
    what->reason = std::string(describe(record.final_state.end));
  }
  return std::string(implied);
}

}  // namespace fairykit::analysis
