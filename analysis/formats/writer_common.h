// What the game writers share (not for other code): byte copies and number formatting at the
// speed a writer of a few moves needs, the tag roster sorted out once, and the FEN written in
// the dialect chosen.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/formats/write_options.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"

namespace fairykit::analysis::detail {

// Copies a short text (a move: a few bytes) to p and returns the end. A byte loop: a
// call of memcpy costs more than the copy at these sizes.
inline char* copy_short(char* p, std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    p[i] = s[i];
    asm("" ::: "memory");  // kept a loop: not turned into a call of memcpy
  }
  return p + s.size();
}

// Appends text and numbers (absl::StrAppend takes no std::string_view with Debian's Abseil).
inline void put1(std::string& out, std::string_view s) { out.append(s); }
inline void put1(std::string& out, const char* s) { out.append(s); }
inline void put1(std::string& out, const std::string& s) { out.append(s); }
template <std::integral T>
inline void put1(std::string& out, T n) {
  char buf[24];
  const int len = std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(n));
  out.append(buf, std::size_t(len));
}
template <class... A>
inline void put(std::string& out, const A&... a) {
  (put1(out, a), ...);
}

inline constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                                "White", "Black", "Result"};

// A record's tags sorted out in one pass: the seven-tag roster's values (the defaults for
// those missing), the other tags of a name not met before, in order, and the repeats (a tag
// whose name came before), in order, for the PGN and JSON writers. The game is read from
// the first tag of a name (GameRecord::tag()); the writers keep the repeats apart (after
// the other tags in PGN, "repeated_tags" in JSON, whose object may not repeat a key), so that
// PGN and JSON hold the same tags and nothing read is lost.
struct SortedTags {
  std::array<std::string_view, 7> roster;
  std::vector<std::size_t> others;   // indexes into GameRecord::tags
  std::vector<std::size_t> repeats;  // the same
  bool start_repeated = false;       // a SetUp or FEN tag is repeated
  // The names met, once a game has more tags than a look through them affords.
  absl::flat_hash_set<std::string_view> names;
};
void sort_tags(const GameRecord& r, SortedTags& t);

// The FEN written for a native FEN: in the dialect chosen (the native FEN itself when the
// position has no form in it, which the tool rules out before it starts).
inline std::string fen_text(const GameRecord& r, const WriteOptions& o, const std::string& native) {
  if (o.fen_dialect == FenDialectId::kNative) return native;
  absl::StatusOr<std::string> f = fen_in_dialect(variant_info(r.variant), native, o.fen_dialect);
  return f.ok() ? *f : native;
}

// The standard start position of the variant: no FEN tag needed.
bool standard_start(const GameRecord& r);

// Whether the start position is written (SetUp and FEN tags, "start_fen"): also for a game
// from the standard start when a SetUp or FEN tag is repeated, so that the repeats, written
// after it, are not read back as the first.
bool writes_start(const GameRecord& r, const WriteOptions& o, const SortedTags& t);

// The main line's moves, in order.
inline std::vector<const RecordItem*> main_line(const GameRecord& r) {
  std::vector<const RecordItem*> line;
  for (const RecordItem& it : r.items)
    if (it.kind == RecordItem::kMove && it.depth == 0) line.push_back(&it);
  return line;
}

// Calls emit(ply) for each position of a main line of `plies` moves that is written
// (WriteOptions::every, ::final_only): the start (ply 0) and every Nth ply after it, or the
// final position only.
template <class F>
void for_each_written_ply(int plies, const WriteOptions& o, F&& emit) {
  if (o.final_only) {
    emit(plies);
    return;
  }
  const int every = o.every < 1 ? 1 : o.every;
  for (int ply = 0; ply <= plies; ply += every) emit(ply);
}

}  // namespace fairykit::analysis::detail
