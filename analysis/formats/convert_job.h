// fairy-convert's work on one record, in a worker thread: read it as a game (a PGN game, a
// vchess.club record, a JSON game object, or a line of a FEN / EPD list as a game without
// moves), check and replay it once, select it and write it in the target form; then, in input
// order, the step that needs the games before it (--dedupe) and the counts of the summary.
// Everything here is a pure function of the record and the options (but for the tally, which
// sees the games in input order), so the output is the same at any number of threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/game_result.h"
#include "analysis/checking/repair.h"
#include "analysis/checking/selection.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/annotate.h"
#include "analysis/formats/game_db.h"
#include "analysis/formats/svg_board.h"
#include "analysis/formats/write_options.h"
#include "parsers/pgn.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

enum class ConvertTarget { kPgn, kFen, kEpd, kJson, kJsonl, kCsv, kSvg, kSqlite };

// The target named "pgn", "fen", "epd", "json", "jsonl", "csv", "svg" or "sqlite" (--to).
std::optional<ConvertTarget> find_convert_target(std::string_view name);

// What --split-by chooses a game's file by.
struct SplitKey {
  // A tag's name; "Variant": the variant the game is played in (its registry name, "chess" for
  // a game without the tag).
  std::string tag;
  bool year = false;  // TAG:year: the year of a date (the value's first four digits)
};

// "Event", "Date:year" (--split-by): the name of a tag of letters, digits and '_', and maybe
// ":year". Errors read as messages for the user:
//   "--split-by wants a tag name (Event, ECO, Date:year, Variant...), not 'a b'"
absl::StatusOr<SplitKey> parse_split_key(std::string_view text);
// "Event", "Date:year": the key as the user writes it.
std::string split_key_name(const SplitKey& key);

struct ConvertOptions {
  ConvertTarget to = ConvertTarget::kPgn;
  WriteOptions write;
  ValidateOptions validate;
  // What the record keeps: set_record_needs() fills in what the target needs.
  RecordOptions record;
  Selection selection;
  bool fix_result = false;  // correct a result the final position contradicts
  // Repair what has one sensible answer (checking/repair.h) before the result is settled; it
  // wants fix_result, ValidateOptions::every_style_quirk and RecordOptions::tag_places.
  bool fix = false;
  bool dedupe = false;         // a digest of each game, for ConvertTally
  bool positions_csv = false;  // --to csv: a row per position instead of per game
  SvgOptions svg;
  bool svg_every = false;  // --to svg: every Nth ply (WriteOptions::every), not the final one
  bool vchess = false;     // PGN records are vchess.club game records
  // ECO, Opening and Variation tags from the opening names (checking/openings.h) for the games
  // of standard chess from the standard start that reach a named position: the deepest one
  // (OpeningBook::classify) or the one where the moves leave the book (classify_first).
  enum class Eco { kNone, kDeepest, kFirst };
  Eco add_eco = Eco::kNone;
  std::optional<SplitKey> split_by;  // ConvertedGame::split_value of the games written
  // The games written annotated with the evaluations of this cache (analysis/formats/
  // annotate.h; not owned, shared by the threads); nullptr: not annotated.
  AnnotationCache* annotate = nullptr;
};

// Sets what options.record must hold for the target and the other options (FENs, and of
// which plies; SAN; keys; variations), so that a record costs no more than its output.
void set_record_needs(ConvertOptions& options);

enum class ConvertFate { kWritten, kFiltered, kRejected };

// One record converted. A slot reused from game to game (its buffers are kept).
struct ConvertedGame {
  GameReport report;
  ConvertFate fate = ConvertFate::kRejected;
  std::string out;    // the game written in the target form (not --to svg, sqlite)
  GameDigest digest;  // with ConvertOptions::dedupe
  ResultFix fix;      // the result corrected (--fix-result)
  // ConvertOptions::fix: the repairs made and the dates left as they were (of a game written;
  // a game rejected keeps the report it had without them).
  std::vector<Repair> repairs;
  bool named = false;        // ConvertOptions::add_eco wrote the opening's tags
  AnnotateCounts annotated;  // ConvertOptions::annotate: the moves of the game written
  std::vector<std::pair<std::string, std::string>> svgs;  // --to svg: file name, document
  DbGame db;                                              // --to sqlite: the rows to insert
  std::vector<std::string> notes;  // --to svg: warnings about a diagram (it is still written)
  std::uint64_t where_tags = 0;    // where_tags_present() of the game's record
  // ConvertOptions::split_by of a game written: the value of its key, or none (the tag is
  // missing, empty or "?"; TAG:year: the value does not start with a year of four digits).
  bool has_split_value = false;
  std::string split_value;
};

// Converts `game` (of the input named `file`) into `c`. A game is filtered out when it fails
// the selection (selected(): its tags are tested even when it is invalid). A game is rejected
// when it is invalid (but for an error about its result alone that --fix-result corrects), when its
// start position has no form in the FEN dialect asked for, or when a diagram cannot be
// drawn; its report then holds why. Diagrams are named "game-N-ply-P.svg".
void convert_game(const parsers::RawGame& game, const ConvertOptions& options,
                  std::string_view file, ConvertedGame& c);

// What a run did to the games of an input (or of all of them).
struct ConvertCounts {
  std::uint64_t read = 0, written = 0, filtered = 0, rejected = 0, duplicates = 0, fixed = 0,
                warnings = 0;  // duplicates are counted among the filtered
  std::uint64_t named = 0;     // games written with the tags of --add-eco
  std::uint64_t repairs = 0;   // repairs made in the games written (--fix)
  // Main-line moves of the games written with and without an evaluation (--annotate).
  std::uint64_t annotated = 0, unevaluated = 0;
  void add(const ConvertCounts& o);
};

// "NAME: 3 games read: 1 written, 1 filtered out (1 duplicate), 1 rejected; 1 result fixed;
// 4 repairs; 1 opening named; 40 moves annotated, 2 without an evaluation in the cache;
// 2 warnings\n" (the duplicates, the fixed results, the repairs and the openings named only
// when there are any; the moves annotated with `annotate`).
std::string convert_summary(const std::string& name, const ConvertCounts& counts,
                            bool annotate = false);

// The step after the conversion, game by game in input order: counts each game and tells
// where it goes. With dedupe, a game written with the start and moves of one before it (in
// any input of the run) is a duplicate, filtered out.
class ConvertTally {
 public:
  enum class Goes { kRejected, kDuplicate, kFiltered, kWritten };
  explicit ConvertTally(bool dedupe) : dedupe_(dedupe) {}
  Goes take(const ConvertedGame& c);
  // The counts of the games taken since the last call, which starts the next input's.
  ConvertCounts end_input();
  // where_tags_present() of every game taken (of every input): a bit that is still clear is a
  // --where condition whose tag no game had.
  std::uint64_t where_tags_seen() const { return where_tags_seen_; }

 private:
  bool dedupe_;
  std::uint64_t where_tags_seen_ = 0;
  absl::flat_hash_set<GameDigest> seen_;
  ConvertCounts counts_;
};

// Whether `name` is one a diagram may have in a --to svg directory: INPUT-game-N-ply-P.svg
// (the input's number before convert_game's name), so that only such files are written there.
bool is_diagram_name(std::string_view name);

}  // namespace fairykit::analysis
