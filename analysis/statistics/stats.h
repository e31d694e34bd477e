// Statistics of game collections (fairy-analyze): what each game contributes is gathered by
// a worker thread (game_facts, from the GameRecord of validate_game), then added in input
// order to one CollectionStats (add), so that the figures are the same at any thread count.
// The figures come out as tables (name, columns, rows), written as text, JSON or CSV.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/termination.h"
#include "analysis/checking/validate.h"
#include "analysis/statistics/missed_wins.h"
#include "analysis/statistics/online_stats.h"
#include "analysis/statistics/opening_tree.h"
#include "analysis/checking/openings.h"
#include "rules/core/move_facts.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

struct StatsOptions {
  std::string group_by;        // --group-by TAG: results per value of the tag ("" none)
  int tree_plies = 0;          // --tree N: the opening tree of the first N plies (0 none)
  std::uint64_t tree_min = 1;  // --tree-min G: tree lines of at least G games
  int top = 20;                // --top N: rows of the players and openings tables
  int find_wins = 0;           // --find-wins N: the forced-wins tables (0: none)
  const OpeningBook* openings = nullptr;  // names of chess openings (nullptr: none)
  bool online = false;                    // --online: the tables of online play (online_stats.h)
  int rating_band = 200;                  // --rating-band W: their rating bands, W points wide
  // A selection is given: the summary table has a "filtered out" column (add_filtered).
  bool filtered_column = false;
};

// What one game contributes.
struct GameFacts {
  bool analysed = false;  // false: rejected (reason says why)
  std::string reason;     // the first error of a rejected game
  VariantId variant = VariantId::kChess;
  std::string group;        // the --group-by tag's value ("" when the game has none)
  std::string pairing;      // CwDA: "FIDE v Nutty Knights"
  std::string start_array;  // Superchess: White's back rank ("RAVQKESR")
  std::string white, black;
  int white_elo = 0, black_elo = 0;  // 0: no rating
  char result = '*';                 // 'w' 1-0, 'b' 0-1, 'd' 1/2-1/2, '*' unfinished
  // termination(): a literal ("checkmate", "resignation", ...), or "" when the Termination
  // tag's value is none that fairykit knows: then termination_tag holds it as written.
  std::string_view termination;
  std::string termination_tag;
  TerminationFrom termination_from = TerminationFrom::kResult;
  int plies = 0;
  Color start_side = WHITE;          // who made the first move
  const Opening* opening = nullptr;  // chess games from the standard start, when named
  std::vector<std::string> tree;     // SAN of the first StatsOptions::tree_plies plies
  // What the main line's moves did, counted where the record is (the worker thread):
  struct CaptureCount {
    PieceType by = NO_PIECE_TYPE, taken = NO_PIECE_TYPE;
    CaptureMethod method = CaptureMethod::kReplacement;
    std::uint32_t n = 0;
  };
  std::vector<CaptureCount> captures;  // by capturing and captured type and method
  std::vector<PieceType> promotions;   // one per promotion
  std::array<std::array<std::uint32_t, 2>, 2> castling{};           // [colour][O-O, O-O-O]
  std::array<std::uint32_t, MoveFacts::kMaxCaptures + 1> chains{};  // Interweave: steps
  // --find-wins: the positions searched, and what was found (WinScanner::findings).
  std::uint64_t win_positions = 0;
  std::vector<WinFinding> wins;
  OnlineFacts online;  // StatsOptions::online
};

// A game's contribution. `record` comes from validate_game with RecordOptions::facts and
// (for opening names) ::keys; result is the game's result as game_result() gives it.
void game_facts(const GameRecord& record, const GameReport& report, std::string_view result,
                const StatsOptions& options, GameFacts& facts);

// A game's contribution as bytes and back, for the ranks of an MPI run, which send theirs
// to rank 0 (tools/fairy-analyze). `options` gives the opening book (facts.opening is sent
// as its place in the book). decode_game_facts() returns false on bytes that encode() did
// not write; a termination read back is a view of a string kept for the whole run.
void encode_game_facts(const GameFacts& facts, const StatsOptions& options, std::string& out);
bool decode_game_facts(std::string_view bytes, const StatsOptions& options, GameFacts& facts);

using StatsRow = std::vector<std::string>;
using RowVisitor = std::function<void(const StatsRow&)>;

struct StatsTable {
  std::string name;   // machine name: "results_by_variant"
  std::string title;  // for people: "Results by variant"
  std::vector<std::string> columns;
  std::vector<bool> numeric;  // per column: written as a number in JSON, right-aligned
  std::vector<StatsRow> rows;
  // Rows made as the table is written instead of kept (the opening tree can have millions):
  // when set, `more_rows` hands its `more_row_count` rows, after `rows`, one at a time to
  // its argument, on every call. It shares what it reads with the CollectionStats that made
  // the table (it may outlive it; games added after tables() show in it).
  std::function<void(const RowVisitor&)> more_rows;
  std::uint64_t more_row_count = 0;
  std::string note;  // what was left out (a --top limit), or ""
};

// Every row of `t`: its rows, then those of more_rows.
void for_each_row(const StatsTable& t, const RowVisitor& f);
std::uint64_t row_count(const StatsTable& t);

class CollectionStats {
 public:
  explicit CollectionStats(const StatsOptions& options) : options_(options) {
    rating_diff_.resize(10);
    if (options_.openings) openings_.resize(options_.openings->size());
    if (options_.online) online_ = std::make_shared<OnlineStats>(options_);
  }

  // Adds a game of the input named `file` (as messages name it).
  void add(const GameFacts& game, std::string_view file = {});
  // Counts games that a selection filtered out: read, but neither analysed nor rejected.
  void add_filtered(std::uint64_t games) { filtered_ += games; }
  std::uint64_t games() const { return games_; }
  std::uint64_t rejected() const { return rejected_; }

  std::vector<StatsTable> tables() const;

  // --find-wins: the findings listed in the forced_wins table, in input order.
  struct WinListing {
    std::string file;
    VariantId variant;
    WinFinding finding;
  };
  const std::vector<WinListing>& wins_listed() const { return wins_listed_; }

 private:
  using Results = OpeningTree::Counts;
  struct Player {
    std::uint64_t games = 0, wins = 0, draws = 0, losses = 0;
    std::uint64_t rated = 0;      // games against a rated opponent
    double opponent_sum = 0;      // their ratings, summed
    std::int64_t rated_plus = 0;  // wins - losses in those games
  };
  struct PerVariant {
    Results results;
    std::vector<std::uint64_t> lengths;  // [plies] -> games
    // (termination, where read) -> games; few entries, told apart by the address of their
    // literal first (see add), merged by text in tables(); the Termination tags not known,
    // by their text
    struct Ended {
      std::string_view what;
      TerminationFrom from;
      std::uint64_t games;
    };
    std::vector<Ended> terminations;
    std::map<std::string, std::uint64_t> other_terminations;
    // [capturing piece type][captured piece type] -> captures
    std::array<std::array<std::uint64_t, PIECE_TYPE_NB>, PIECE_TYPE_NB> captures{};
    std::array<std::uint64_t, kCaptureMethods> methods{};
    std::array<std::uint64_t, MoveFacts::kMaxCaptures + 1> chains{};  // steps -> turns
    std::array<std::uint64_t, PIECE_TYPE_NB> promotions{};
    std::array<std::array<std::uint64_t, 2>, 2> castling{};  // [colour][king side, queen side]
  };

  StatsOptions options_;
  std::uint64_t games_ = 0, rejected_ = 0, plies_ = 0;  // games_: added (analysed or rejected)
  std::uint64_t filtered_ = 0;
  std::map<std::string, std::uint64_t> reject_reasons_;
  std::map<VariantId, PerVariant> variants_;
  std::map<std::string, Results> pairings_, start_arrays_, groups_;
  absl::flat_hash_map<std::string, Player> players_;
  // [bucket + 5] (buckets -5 to 4, rating_bucket in stats.cpp) -> results, expected sum
  std::vector<std::pair<Results, double>> rating_diff_;  // 10 entries (the constructor)
  // [the opening's place in the book] -> results: a game's opening is found by an index,
  // not a hash (a map of its address cost 1% of fairy-analyze).
  std::vector<Results> openings_;
  // Shared with the opening tree's table, which lists it as it is written (more_rows).
  std::shared_ptr<OpeningTree> tree_ = std::make_shared<OpeningTree>();
  std::uint64_t tree_refused_ = 0;  // games whose lines the full tree could not take
  struct WinCounts {
    std::uint64_t positions = 0, wins = 0, kept = 0, missed = 0, unknown = 0, limit = 0;
  };
  std::map<VariantId, WinCounts> win_counts_;
  // The findings listed: missed wins, wins with no move played from them, node limits.
  std::vector<WinListing> wins_listed_;
  std::shared_ptr<OnlineStats> online_;  // StatsOptions::online
};

// Where the writers below hand their text as it grows. They append to `out`; with a sink,
// whenever `out` holds kSpillBytes or more at the end of a row, it is handed to the sink and
// emptied, so that a table of millions of rows is written as it is made, never held whole.
// What is left at the end stays in `out`.
using TextSink = std::function<void(std::string_view)>;
constexpr std::size_t kSpillBytes = std::size_t(1) << 20;
// `out` to `sink` when it has grown to kSpillBytes (see TextSink).
void spill(std::string& out, const TextSink& sink);

// The tables written for people: each a title, a header and aligned columns.
void write_stats_text(const std::vector<StatsTable>& tables, std::string& out,
                      const TextSink& sink = {});
// {"tables":[{"name":...,"title":...,"columns":[...],"rows":[{column: value}...],
//  "note":...}]}
void write_stats_json(const std::vector<StatsTable>& tables, std::string& out,
                      const TextSink& sink = {});
// Long form, one value a line: table,row,column,value (row counts from 1); the cells as
// csv_field (analysis/io/csv.h) writes them (`raw`: no guard against spreadsheet
// formulas).
void write_stats_csv(const std::vector<StatsTable>& tables, bool raw, std::string& out,
                     const TextSink& sink = {});

}  // namespace fairykit::analysis
