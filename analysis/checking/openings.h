// Chess openings named by position: ECO code and name from the lichess-org/chess-openings
// data set (data/openings/, CC0), matched by the position a game reaches, not by its move
// order, so that transpositions are named.
//
//   const absl::StatusOr<OpeningBook>& book = OpeningBook::builtin();   // parsed once
//   if (std::optional<OpeningMatch> m = book->classify(record))         // a GameRecord
//     std::cout << m->opening->eco << ' ' << m->opening->name << " at ply " << m->ply;
//
// Positions. Every line of the data set is replayed from the standard start position and
// its final position is indexed by its Zobrist key (rules/core/zobrist.h). The key stands for
// the position as an EPD without move counters does: placement, side to move, castling
// rights and an en passant square only when an en passant capture is legal, the key of
// every position of a game (AnyGame::key(), RecordItem::key).
//
// Positions named twice. Where several lines reach the same position, the first one in
// the order of the files (by name: a.tsv .. e.tsv) and of their lines names it; the later
// ones are kept (at(), size()) but never returned by find() or classify().
//
// Classification walks the game backwards from its last position, or from kMaxPlies when
// the game is longer, and returns the first named position: the last position of the game
// still in the book, whatever came after. Only standard chess from the standard start
// position is named: a game of another variant, or set up from another position (a FEN
// tag), has no name. The longest line of the data set is 36 plies; a game that comes back
// to a named position after kMaxPlies is named by an earlier one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "rules/core/types.h"

namespace fairykit::analysis {

// One line of the data set.
struct Opening {
  std::string eco;   // "C60"
  std::string name;  // "Ruy Lopez"
  std::string pgn;   // "1. e4 e5 2. Nf3 Nc6 3. Bb5", as written
  int plies = 0;     // moves of `pgn`
  Key key = 0;       // the key of the position `pgn` reaches (its EPD identity)
};

// A game's opening: the named position and the ply of the game that reached it (1: after
// White's first move).
struct OpeningMatch {
  const Opening* opening = nullptr;  // never null; points into the book
  int ply = 0;
};

// A TSV file's name (for messages) and its text.
struct OpeningsFile {
  std::string name;
  std::string text;
};

class OpeningBook {
 public:
  // Plies from the start position that classify() looks at by default.
  static constexpr int kMaxPlies = 40;

  // The data set of data/openings/, embedded in the library at build time; parsed on the
  // first call (thread-safe), then shared. An error only when the embedded files are
  // broken, which the tests rule out.
  static const absl::StatusOr<OpeningBook>& builtin();
  // Every `*.tsv` file of `dir`, in order of name (the data set's layout). Errors name the
  // file and the line: a missing header, a line without exactly three tab-separated
  // fields, an ECO code that is not a letter A-E and two digits, an empty name, or a move
  // that cannot be played ("b.tsv:12: ...").
  static absl::StatusOr<OpeningBook> load(const std::filesystem::path& dir);
  // The same from files in memory, in the order given.
  static absl::StatusOr<OpeningBook> parse(std::span<const OpeningsFile> files);

  std::size_t size() const { return openings_.size(); }  // lines read, headers excluded
  const Opening& at(std::size_t i) const { return openings_[i]; }
  // Distinct positions named (size() less the lines whose position an earlier line named).
  std::size_t positions() const { return positions_; }

  // The opening that names the position of `key` (a key of the engine, as
  // AnyGame::key() or RecordItem::key give it), or null.
  const Opening* find(Key key) const {
    // Most positions of a game are out of the book: the filter answers for nearly all of
    // them without the hash table.
    const std::size_t bit = std::size_t(key >> (64 - kFilterBits));
    if (!(filter_[bit / 64] >> (bit % 64) & 1)) return nullptr;
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &openings_[it->second];
  }

  // `keys[i]` is the key of the position after ply i + 1 of a standard chess game from the
  // standard start position. The last named position among the first `max_plies`.
  std::optional<OpeningMatch> classify(std::span<const Key> keys, int max_plies = kMaxPlies) const;
  // The same over the main line of a record filled with RecordOptions::keys; nothing for
  // a record of another variant or from another start position.
  std::optional<OpeningMatch> classify(const GameRecord& record, int max_plies = kMaxPlies) const;
  // The opening as the game's moves follow the book: walking the main line forward from the
  // first move, the last named position before the first one that no line of the book passes
  // through (the game leaves the book there; a game that comes back to a named position later
  // keeps the earlier name). A game out of the book from its first move is named as
  // classify() names it, so that the same games have a name.
  std::optional<OpeningMatch> classify_first(const GameRecord& record,
                                             int max_plies = kMaxPlies) const;

 private:
  OpeningBook() = default;
  void add_key(Key key, std::uint32_t index, bool& named);

  static constexpr int kFilterBits = 16;  // a bit per value of the top 16 bits of a key

  std::vector<Opening> openings_;
  absl::flat_hash_map<Key, std::uint32_t> index_;  // position key -> openings_ index
  absl::flat_hash_set<Key> on_lines_;   // every position a line passes through (named or not)
  std::vector<std::uint64_t> filter_ =  // the top bits of the keys of index_
      std::vector<std::uint64_t>(std::size_t(1) << kFilterBits >> 6);
  std::size_t positions_ = 0;
  Key start_key_ = 0;  // the standard start position
};

}  // namespace fairykit::analysis
