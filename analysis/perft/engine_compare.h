// Perft against another engine (fairy-perft --compare-with): fairykit's divide of a position
// and a UCI engine's (analysis/engine/uci_engine.h) are compared at depths 1, 2, ... up to a
// limit; at the first depth where they differ, the first move (in fairykit's generation
// order) whose counts differ is played and the position after it compared one depth less,
// and so on down, until a position whose lists of moves differ: its FEN, the moves from the
// start position to it, the moves fairykit has and the engine lacks, and the moves the
// engine has that are not legal. Positions, FENs and moves go to the engine in its FEN
// dialect (rules/game/fen_dialect.h: engine_fen_dialect(), or the one chosen), as
// `position fen F moves ...` from the position compared, so that the engine plays the moves
// itself. Reports name moves and positions in the engine's dialect too.
//
// Comparing from depth 1 upwards finds the shallowest difference, and keeps an engine that
// fails deep (a crash in a position it mishandles) from hiding one found shallower.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/perft/perft_table.h"
#include "analysis/perft/suite.h"
#include "analysis/engine/uci_engine.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

struct CompareOptions {
  UciEngine::Options engine;
  // The FEN dialect of the positions and moves sent to the engine; none: the variant's
  // engine_fen_dialect() (rules/game/fen_dialect.h). A variant without a form in the dialect
  // gets its engine_fen_dialect().
  std::optional<FenDialectId> dialect;
  // The value of UCI_Variant for the variants that have one (VariantInfo::uci_variant),
  // instead of that name (e.g. a section of Fairy-Stockfish's variants.ini). Empty: the name.
  std::string engine_variant;
  // `setoption name N value V`, sent in order after `uci` and before the variant's options.
  std::vector<std::pair<std::string, std::string>> engine_options;
  // fairykit's side of the counts (analysis/perft/perft.h).
  int threads = 1;
  PerftTable* table = nullptr;
  VariantOptions variant_options = {};
  // Called with each warning, e.g. that the engine does not list an option it is sent.
  std::function<void(const std::string&)> warn;
};

// One count compared: fairykit's and the engine's total at `depth` of the position after
// `moves` (empty: the position compared itself).
struct ComparedCount {
  std::vector<std::string> moves;  // in the engine's dialect
  int depth = 0;
  Count128 fairykit = 0;
  std::uint64_t engine = 0;
  bool same() const { return fairykit == engine; }
};

struct Comparison {
  std::string error;  // non-empty: fairykit cannot set the position up (nothing compared)
  // Non-empty: the engine failed (UciEngine's message); what was compared before is kept.
  std::string engine_error;
  // The counts of the position itself, depth 1 upwards; the last differs when differs.
  std::vector<ComparedCount> depths;
  bool differs = false;
  // The walk down: the first differing move of each position, with its subtree counts.
  std::vector<ComparedCount> walk;
  // Where the lists of moves differ (when differs): the FEN in the engine's dialect, the
  // moves from the position compared to it, the moves the engine lacks and those it has
  // that are not legal (in fairykit's order, then the engine's).
  std::string fen;
  std::vector<std::string> moves;
  std::vector<std::string> missing;
  std::vector<std::string> illegal;
  // Non-empty when the engine contradicts itself: it gave a move a subtree count that it
  // does not find from the position after that move (the walk stops there).
  std::string inconsistent;
};

class EngineComparer {
 public:
  // Starts the engine (handshake, then the engine options). Errors: the engine's
  // (UciEngine::start()).
  static absl::StatusOr<std::unique_ptr<EngineComparer>> start(const CompareOptions& options);

  // Compares the position `fen` of `variant` ("startpos" or a FEN in any dialect the variant
  // reads, with the options' VariantOptions applied) at depths 1..max_depth (max_depth >= 1).
  // A position fairykit cannot set up is Comparison::error; an engine that fails is
  // Comparison::engine_error (the engine is stopped then; the next compare() starts it
  // again). `on_count`, when given, is called with each count as soon as it is compared (the
  // position's depths, then the walk's steps), and whether the divide differs there, for a
  // report that shows progress (write_count_text()).
  using CountCallback = std::function<void(const ComparedCount&, bool divide_differs)>;
  Comparison compare(const VariantInfo& variant, std::string_view fen, int max_depth,
                     const CountCallback& on_count = {});

  const UciEngine* engine() const { return engine_.get(); }
  // The dialect the positions of `variant` are sent in.
  FenDialectId dialect_for(const VariantInfo& variant) const;

 private:
  explicit EngineComparer(const CompareOptions& options) : options_(options) {}
  absl::Status ensure_started();
  absl::Status select_variant(const VariantInfo& variant);
  // Sends `setoption`, first warning (once per option) when the engine does not list it.
  absl::Status set_option(const std::string& name, const std::string& value);
  // Compares at depths 1..max_depth and walks down (compare() without the engine's errors).
  absl::Status run(const VariantInfo& variant, const std::string& native, int max_depth,
                   Comparison& c, const CountCallback& on_count);

  CompareOptions options_;
  std::unique_ptr<UciEngine> engine_;
  std::string uci_variant_ = "chess";  // what the engine was told (its default: chess)
  bool chess960_ = false;
  std::vector<std::string> warned_;  // options warned about once
};

// Suites compared against an engine: every entry, each to its depth.
struct SuiteCompareOptions {
  VariantId default_variant = VariantId::kChess;
  int depth = 0;                // > 0: every entry to this depth (fairy-perft --depth)
  int max_depth = 0;            // > 0: the entry's deepest count, at most this deep
  std::uint64_t max_nodes = 0;  // > 0: counts expecting more nodes are not a limit to reach
};

struct EntryComparison {
  const SuiteEntry* entry = nullptr;
  int depth = 0;          // compared to; 0: skipped (no count in range)
  Comparison comparison;  // .error: the entry cannot be set up (an unknown variant too);
                          // .engine_error: the engine failed on it (the run stops there)
};

struct CompareSummary {
  int positions = 0;
  int agree = 0;
  int differ = 0;
  int failed = 0;   // fairykit cannot set them up, or the engine failed on them
  int skipped = 0;  // no depth to compare to
};

// Compares the entries of `reader` one after the other; `emit` is called once per entry,
// in order. Stops after an entry on which the engine failed. Returns the reader's error, if
// any.
absl::Status compare_suite(SuiteReader& reader, const SuiteCompareOptions& options,
                           EngineComparer& comparer,
                           const std::function<void(const EntryComparison&)>& emit);

void accumulate(CompareSummary& s, const EntryComparison& e);

// Text reports. One position (fairy-perft --fen): a line per depth compared, then the walk
// and the position where the lists differ:
//   depth 1: 20 nodes, the engine agrees
//   depth 2: 400 nodes, the engine counts 380
//   after e2e4, depth 1: 20 nodes, the engine counts 19
//   position: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
//   moves: e2e4
//   missing in engine: g8h6
//   illegal in engine: none
void write_comparison_text(std::ostream& out, const Comparison& c, std::string_view indent = "",
                           bool agreeing_depths = true);
// Its parts: one count's line ("depth 2: 400 nodes, the engine counts 380"; `divide_differs`
// for a total that agrees over a divide that does not), and the lines from "position:" on
// (nothing when the engine agrees).
void write_count_text(std::ostream& out, const ComparedCount& n, bool divide_differs,
                      std::string_view indent = "");
void write_difference_text(std::ostream& out, const Comparison& c, std::string_view indent = "");
// One suite entry: "same FILE:LINE ID  D1=20 D2=400" when the engine agrees (not when
// quiet), "DIFF FILE:LINE ID  FEN" and the walk indented, "FAIL ..." when it cannot be
// compared, "skip ..." when there is no depth to compare to (not when quiet).
void write_entry_comparison_text(std::ostream& out, const EntryComparison& e, bool quiet);
// "19 positions: 18 agree, 1 differ, 0 failed, 0 skipped".
void write_compare_summary_text(std::ostream& out, const CompareSummary& s);

}  // namespace fairykit::analysis
