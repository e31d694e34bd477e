// Which games a run keeps (the selection flags of fairy-convert, fairy-analyze and
// fairy-validate: --where, --ignore-case, --min-plies, --max-plies, --ends-in, --reaches,
// --repetition, --fifty-move, --underpromotion, the rated-winner tests, --moves, --invert)
// and the digest that tells two games with the same start and moves (--dedupe).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/position_patterns.h"
#include "analysis/checking/validate.h"
#include "parsers/pgn.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

// Selection.

struct CompiledRegex;  // a regex_t of <regex.h> (selection.cpp)

// One condition of a --where: a tag compared with a value.
struct TagFilter {
  enum Op { kEq, kNe, kContains, kLt, kLe, kGt, kGe };
  // A tag's name as PGN spells it, or one of the names that stand for something else:
  // Player (White or Black), Speed (the speed class of the TimeControl tag), Variant (the
  // variant the game is played in).
  std::string tag;
  Op op = kEq;
  // Backslash escapes taken out. Variant= and !=: the variant's name; Speed: the class's
  // place in their order (0 ultrabullet ... 5 correspondence), so that it compares as a
  // number; the same for the ends of a range.
  std::string value;
  // kEq and kNe with LOW..HIGH: a range, both ends included; an end left open is nullopt.
  bool range = false;
  std::optional<std::string> low, high;
  // kContains with /RE/: a POSIX extended regular expression, compiled once and shared by
  // the copies of the filter (regexec may use one compiled expression on several threads).
  std::shared_ptr<const CompiledRegex> regex;
  bool ignore_case = false;  // =, != and ~ compare without ASCII case (--ignore-case)
};

// One --where: conditions separated by '|', of which one must hold.
struct WhereClause {
  std::vector<TagFilter> any_of;
};

// Reads a --where:
//   White=Carlsen  White!=X  Event~Olympiad (contains)  WhiteElo>=2700  Date<2000.01.01
//   WhiteElo=2000..2400, WhiteElo=2000.., Date=..1999.12.31 (ranges, ends included; != is
//   outside); Event~/^World (Ch|Cup)/ and /RE/i (POSIX extended regular expressions; i: no
//   case); White=Carlsen|Black=Carlsen (one of them). Player stands for White or Black
//   (Player!=X: neither is X), Speed for the speed class of the TimeControl tag (Speed=blitz,
//   Speed>=rapid, Speed=blitz..rapid, by the order of the classes), Variant for the game's
//   variant (Variant=NAME by any name of a variant). In a value a backslash makes the next
//   |, /, . or \ plain text (White=A\|B; Event=Round 1.\.3 holds ".."); inside /RE/ only \/
//   is read (a '/'), the rest is the expression's. `ignore_case`: =, != and ~ (expressions
//   too) compare without ASCII case. Errors name the text.
absl::StatusOr<WhereClause> parse_where(std::string_view text, bool ignore_case = false);

struct Selection {
  std::vector<WhereClause> where;  // all must hold
  int min_plies = 0, max_plies = -1;
  std::vector<std::string> ends_in;  // "checkmate", "stalemate", ... (describe(GameEnd))
  // Position keys (any of them), each of the variant whose games it matches.
  std::vector<std::pair<VariantId, Key>> reaches;
  // A position of the main line occurs for the third time (the variant's repetition rule,
  // the start position counted): --repetition.
  bool repetition = false;
  // The variant's move-count rule can be claimed at some position of the main line (50
  // moves without capture or pawn move; Fluidity 25 without capture): --fifty-move.
  bool move_rule = false;
  // A main-line promotion to less than the most valuable type the pawn could have become
  // (MoveFacts::underpromotion): --underpromotion.
  bool underpromotion = false;
  // The Result tag is 1-0 or 0-1 and the winner's Elo tag (WhiteElo, BlackElo: both read as
  // leading whole numbers) is higher / lower than the loser's: --higher-rated-winner,
  // --lower-rated-winner (both: either). Equal ratings, a missing or unreadable rating or
  // another result: neither.
  bool higher_rated_winner = false, lower_rated_winner = false;
  // The main line starts with these moves, each read in the game's variant from the game's
  // start position, in any notation the variant reads (--moves, read by parse_moves()).
  std::vector<std::string> moves;
  // Keep the games that fail the tests instead of those that pass (--invert; selected()).
  bool invert = false;
  // Whether a test is on the tags (--where, the rated-winner tests): those are tested for
  // invalid games too.
  bool tag_tests() const { return !where.empty() || higher_rated_winner || lower_rated_winner; }
  // The tests of the main line's positions (--material, --board-pattern; null: none), shared
  // by the copies of the selection so that RecordOptions::position_tests stays valid.
  std::shared_ptr<const PositionTests> positions;
  bool any() const {
    return tag_tests() || min_plies > 0 || max_plies >= 0 || !ends_in.empty() || !reaches.empty() ||
           repetition || move_rule || underpromotion || !moves.empty() || invert ||
           (positions && !positions->empty());
  }
};
// The names --ends-in takes: "checkmate", "stalemate", "insufficient-material", ...,
// "none" (the game did not end on the board).
std::string ends_in_names();
absl::StatusOr<std::string> parse_ends_in(std::string_view name);

// The moves of a --moves: split at white space, move numbers ("1.", "12...", the "1." of
// "1.e4") left out. An error when none is left, or when no variant can play them from its
// start position (then the error of `default_variant`, naming the move):
//   --moves '': no move given
//   --moves 'e4 e5 Ke3': move 3: illegal move "Ke3"
absl::StatusOr<std::vector<std::string>> parse_moves(std::string_view text,
                                                     VariantId default_variant);

// Whether a game passes the selection. The tag tests (--where, the rated-winner tests) are on
// its tags; those on its moves (--min-plies, --max-plies, --ends-in, --reaches, --repetition,
// --fifty-move, --underpromotion, --moves) on its main line, which only a valid game's
// record holds to its end. So an invalid game passes the moves' tests (it is reported
// whatever they say), and its tags are tested once they were read whole
// (GameRecord::tags_read): a game broken before its moves is reported too.
// --invert keeps a valid game that fails the tests and leaves out one that passes them; an
// invalid game is still not judged by its moves: with tag tests and its tags read, it is kept
// when they fail; else it is kept (reported) as without --invert.
bool selected(const GameRecord& record, bool valid, const Selection& selection);
// What the record of a game needs to hold for selected(): the position keys of the main line
// (--reaches, --moves), the claims of a draw (--repetition, --fifty-move), the moves' facts
// (--underpromotion), the position tests (--material, --board-pattern) and, in `kept_tags`
// when the record keeps only some tags (RecordOptions::only_tags), the tags that --where and
// the rated-winner tests read. The views are of `selection` or static.
void add_selection_needs(const Selection& selection, RecordOptions& record,
                         std::vector<std::string_view>* kept_tags);
// Bit i is set when the game has the tag that the i-th condition of `where` tests (counted
// over the clauses and their alternatives; Variant: every game has it; Player: White or
// Black; Speed: TimeControl; conditions after the 64th: always set).
std::uint64_t where_tags_present(const GameRecord& record, const Selection& selection);
// The number of conditions where_tags_present() has bits for (64 at most).
std::size_t where_condition_count(const Selection& selection);
// Over a whole run, a condition whose tag no game had is most likely misspelt (tag names are
// compared as PGN spells them: WhiteElo, not Whiteelo): a warning for each such tag, once,
// given `seen`, the where_tags_present() of every game ORed: `--where: no game read has a
// tag named "Whiteelo" (tag names are compared as PGN spells them); did you mean "WhiteElo"?`.
std::vector<std::string> absent_tag_warnings(const Selection& selection, std::uint64_t seen);
// fairy-validate's work on a game under a selection: the game checked as validate_game()
// checks it (the same report), with a record of what the selection tests, and the verdict.
struct SelectedReport {
  GameReport report;
  bool filtered = false;         // the game fails the selection: it is not reported
  std::uint64_t where_tags = 0;  // where_tags_present(), with a --where
};
SelectedReport validate_selected(const parsers::RawGame& game, const ValidateOptions& options,
                                 const Selection& selection);

// A tag of the PGN standard or of common use that `tag` looks like a misspelling of
// ("WhiteElo" for "Whiteelo" or "WhiteEol"), or "" when none is near.
std::string_view likely_tag(std::string_view tag);

// The key of a position (--reaches FEN) in every variant whose FEN reader reads it: a game is
// matched by the key in its own variant. When none reads it, the error of `default_variant`'s
// reader.
absl::StatusOr<std::vector<std::pair<VariantId, Key>>> position_keys(std::string_view fen,
                                                                     VariantId default_variant);

// A 128-bit digest of the start position and the main-line moves, for --dedupe.
struct GameDigest {
  std::uint64_t a = 0, b = 0;
  bool operator==(const GameDigest&) const = default;
  template <class H>
  friend H AbslHashValue(H h, const GameDigest& d) {
    return H::combine(std::move(h), d.a, d.b);
  }
};
GameDigest game_digest(const GameRecord& record);

}  // namespace fairykit::analysis
