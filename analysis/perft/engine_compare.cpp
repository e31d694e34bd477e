#include "analysis/perft/engine_compare.h"

#include <algorithm>
#include <ostream>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "analysis/perft/perft.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

namespace {

// fairykit's divide of the position `native` (native FEN) at `depth`, its moves written in
// dialect `d`.
struct OwnDivide {
  std::vector<std::string> moves;   // in the engine's dialect
  std::vector<std::string> native;  // as fairykit writes them
  std::vector<std::uint64_t> counts;
  Count128 total = 0;
};

absl::StatusOr<OwnDivide> own_divide(const VariantInfo& variant, const std::string& native,
                                     int depth, FenDialectId d, const CompareOptions& o) {
  PerftOptions po;
  po.depth = depth;
  po.threads = o.threads;
  po.divide = true;
  po.variant_options = o.variant_options;
  po.table = o.table;
  absl::StatusOr<PerftResult> r = run_perft(variant.id, native, po);
  if (!r.ok()) return r.status();
  OwnDivide out;
  out.total = r->total;
  for (const DivideEntry& e : r->divide) {
    out.moves.push_back(uci_move_to_dialect(variant, e.uci, d));
    out.native.push_back(e.uci);
    out.counts.push_back(e.nodes);
  }
  return out;
}

// The moves on which the two divides differ: fairykit's moves the engine lacks, the engine's
// moves fairykit lacks, and the first move (fairykit's order) of both whose counts differ
// (-1: none).
struct ListDifference {
  std::vector<std::string> missing, illegal;
  int first_count = -1;
  std::uint64_t engine_count = 0;
};

ListDifference differences(const OwnDivide& own, const UciEngine::Divide& engine) {
  ListDifference diff;
  absl::flat_hash_map<std::string_view, std::uint64_t> theirs;
  for (std::size_t i = 0; i < engine.moves.size(); ++i) theirs[engine.moves[i]] = engine.counts[i];
  absl::flat_hash_map<std::string_view, bool> ours;
  for (std::size_t i = 0; i < own.moves.size(); ++i) {
    ours[own.moves[i]] = true;
    auto it = theirs.find(own.moves[i]);
    if (it == theirs.end()) {
      diff.missing.push_back(own.moves[i]);
    } else if (it->second != own.counts[i] && diff.first_count < 0) {
      diff.first_count = int(i);
      diff.engine_count = it->second;
    }
  }
  for (const std::string& m : engine.moves)
    if (!ours.contains(m)) diff.illegal.push_back(m);
  return diff;
}

bool is_engine_error(const absl::Status& s) { return s.code() == absl::StatusCode::kUnavailable; }

// The moves as a report lists them; the engine's own text escaped as messages escape input,
// so that an engine cannot put control sequences or line breaks into the report.
std::string moves_text(const std::vector<std::string>& moves) {
  if (moves.empty()) return "none";
  return absl::StrJoin(moves, " ", [](std::string* out, const std::string& m) {
    out->append(parsers::message_text(m));
  });
}

std::string label(const SuiteEntry& e) {
  std::string where = absl::StrCat(e.file, ":", e.line);
  return e.id.empty() ? absl::StrCat(where, " ", e.fen) : absl::StrCat(where, " ", e.id);
}

}  // namespace

absl::StatusOr<std::unique_ptr<EngineComparer>> EngineComparer::start(
    const CompareOptions& options) {
  std::unique_ptr<EngineComparer> c(new EngineComparer(options));
  if (absl::Status s = c->ensure_started(); !s.ok()) return s;
  return c;
}

FenDialectId EngineComparer::dialect_for(const VariantInfo& variant) const {
  if (options_.dialect && fen_dialect_has_form(variant, *options_.dialect))
    return *options_.dialect;
  return engine_fen_dialect(variant);
}

absl::Status EngineComparer::set_option(const std::string& name, const std::string& value) {
  if (!engine_->has_option(name) && options_.warn &&
      std::find(warned_.begin(), warned_.end(), name) == warned_.end()) {
    warned_.push_back(name);
    options_.warn(absl::StrCat("the engine \"", parsers::message_text(engine_->command(), 200),
                               "\" does not list the option ", name, "; it is sent all the same"));
  }
  return engine_->set_option(name, value);
}

absl::Status EngineComparer::ensure_started() {
  if (engine_) return absl::OkStatus();
  absl::StatusOr<std::unique_ptr<UciEngine>> e = UciEngine::start(options_.engine);
  if (!e.ok()) return e.status();
  engine_ = *std::move(e);
  uci_variant_ = "chess";
  chess960_ = false;
  for (const auto& [name, value] : options_.engine_options)
    if (absl::Status s = set_option(name, value); !s.ok()) {
      engine_.reset();
      return s;
    }
  return absl::OkStatus();
}

absl::Status EngineComparer::select_variant(const VariantInfo& variant) {
  std::string want = "chess";
  if (!variant.uci_variant.empty())
    want = options_.engine_variant.empty() ? std::string(variant.uci_variant)
                                           : options_.engine_variant;
  if (want != uci_variant_) {
    if (absl::Status s = set_option("UCI_Variant", want); !s.ok()) return s;
    uci_variant_ = want;
  }
  if (variant.uci_chess960 != chess960_) {
    if (absl::Status s = set_option("UCI_Chess960", variant.uci_chess960 ? "true" : "false");
        !s.ok())
      return s;
    chess960_ = variant.uci_chess960;
  }
  return engine_->new_game();
}

Comparison EngineComparer::compare(const VariantInfo& variant, std::string_view fen, int max_depth,
                                   const CountCallback& on_count) {
  Comparison c;
  absl::StatusOr<std::string> native = position_fen(variant, fen, options_.variant_options);
  if (native.ok()) {
    // The position as the engines read it, checked before the engine is asked anything.
    absl::StatusOr<std::unique_ptr<AnyGame>> game =
        AnyGame::create(variant, *native, options_.variant_options);
    if (!game.ok()) native = game.status();
  }
  if (!native.ok()) {
    c.error = std::string(native.status().message());
    return c;
  }
  absl::Status s = ensure_started();
  if (s.ok()) s = select_variant(variant);
  if (s.ok()) s = run(variant, *native, max_depth, c, on_count);
  if (!s.ok()) {
    if (is_engine_error(s)) {
      c.engine_error = std::string(s.message());
      engine_.reset();  // stopped already; started again by the next compare()
    } else {
      c.error = std::string(s.message());
    }
  }
  return c;
}

absl::Status EngineComparer::run(const VariantInfo& variant, const std::string& native,
                                 int max_depth, Comparison& c, const CountCallback& on_count) {
  const FenDialectId dialect = dialect_for(variant);
  absl::StatusOr<std::string> root = fen_in_dialect(variant, native, dialect);
  if (!root.ok()) return absl::InvalidArgumentError(root.status().message());
  OwnDivide own;
  UciEngine::Divide theirs;
  int depth = 0;
  for (depth = 1; depth <= max_depth; ++depth) {
    absl::StatusOr<OwnDivide> o = own_divide(variant, native, depth, dialect, options_);
    if (!o.ok()) return absl::InternalError(o.status().message());
    absl::StatusOr<UciEngine::Divide> t = engine_->perft(*root, {}, depth);
    if (!t.ok()) return t.status();
    own = *std::move(o);
    theirs = *std::move(t);
    c.depths.push_back({{}, depth, own.total, theirs.total});
    const ListDifference diff = differences(own, theirs);
    c.differs = !diff.missing.empty() || !diff.illegal.empty() || diff.first_count >= 0;
    if (on_count) on_count(c.depths.back(), c.differs);
    if (c.differs) break;
  }
  if (!c.differs) return absl::OkStatus();

  // The walk: down the first differing move until the lists of moves differ.
  absl::StatusOr<std::unique_ptr<AnyGame>> game =
      AnyGame::create(variant, native, options_.variant_options);
  if (!game.ok()) return absl::InternalError(game.status().message());
  for (;;) {
    ListDifference diff = differences(own, theirs);
    const bool lists_differ = !diff.missing.empty() || !diff.illegal.empty();
    if (lists_differ || diff.first_count < 0 || depth <= 1) {
      absl::StatusOr<std::string> here = fen_in_dialect(variant, (*game)->fen(), dialect);
      if (!here.ok()) return absl::InternalError(here.status().message());
      c.fen = *here;
      c.missing = std::move(diff.missing);
      c.illegal = std::move(diff.illegal);
      if (lists_differ) return absl::OkStatus();
      if (diff.first_count >= 0) {
        // Depth 1, the same moves: a count other than 1.
        c.inconsistent = absl::StrCat("it counts ", diff.engine_count, " below ",
                                      own.moves[std::size_t(diff.first_count)], " at depth 1");
      } else {
        // Every count agrees here (so this is not the root, where they differ), yet the
        // engine counted otherwise below the last move.
        const ComparedCount& last = c.walk.back();
        c.inconsistent = absl::StrCat("it counts ", last.engine, " below ", last.moves.back(),
                                      " at depth ", last.depth + 1, " but ", theirs.total,
                                      " from the position after it at depth ", last.depth);
      }
      return absl::OkStatus();
    }
    const std::size_t i = std::size_t(diff.first_count);
    ComparedCount step;
    step.moves = c.moves;
    step.moves.push_back(own.moves[i]);
    step.depth = depth - 1;
    step.fairykit = own.counts[i];
    step.engine = diff.engine_count;
    c.walk.push_back(step);
    if (on_count) on_count(step, true);
    if (absl::StatusOr<AnyGame::Played> p = (*game)->play(own.native[i]); !p.ok())
      return absl::InternalError(p.status().message());
    c.moves.push_back(own.moves[i]);
    --depth;
    absl::StatusOr<OwnDivide> o = own_divide(variant, (*game)->fen(), depth, dialect, options_);
    if (!o.ok()) return absl::InternalError(o.status().message());
    absl::StatusOr<UciEngine::Divide> t = engine_->perft(*root, c.moves, depth);
    if (!t.ok()) return t.status();
    own = *std::move(o);
    theirs = *std::move(t);
  }
}

absl::Status compare_suite(SuiteReader& reader, const SuiteCompareOptions& options,
                           EngineComparer& comparer,
                           const std::function<void(const EntryComparison&)>& emit) {
  for (;;) {
    absl::StatusOr<std::optional<SuiteEntry>> next = reader.next();
    if (!next.ok()) return next.status();
    if (!*next) return absl::OkStatus();
    const SuiteEntry& entry = **next;
    EntryComparison e;
    e.entry = &entry;
    const VariantInfo* variant = &variant_info(options.default_variant);
    if (!entry.variant.empty()) {
      variant = find_variant(entry.variant);
      if (!variant) {
        e.comparison.error = absl::StrCat("unknown variant '", parsers::message_text(entry.variant),
                                          "' (known: ", variant_names(), ")");
        emit(e);
        continue;
      }
    }
    if (options.depth > 0) {
      e.depth = options.depth;
    } else {
      for (const parsers::PerftCount& count : entry.counts)
        if ((options.max_depth <= 0 || count.depth <= options.max_depth) &&
            (options.max_nodes == 0 || count.nodes <= options.max_nodes))
          e.depth = std::max(e.depth, count.depth);
    }
    if (e.depth > 0) e.comparison = comparer.compare(*variant, entry.fen, e.depth);
    emit(e);
    if (!e.comparison.engine_error.empty()) return absl::OkStatus();
  }
}

void accumulate(CompareSummary& s, const EntryComparison& e) {
  ++s.positions;
  const Comparison& c = e.comparison;
  if (!c.error.empty() || !c.engine_error.empty())
    ++s.failed;
  else if (e.depth == 0)
    ++s.skipped;
  else if (c.differs)
    ++s.differ;
  else
    ++s.agree;
}

void write_count_text(std::ostream& out, const ComparedCount& n, bool divide_differs,
                      std::string_view indent) {
  out << indent;
  if (!n.moves.empty()) out << "after " << absl::StrJoin(n.moves, " ") << ", ";
  out << "depth " << n.depth << ": " << count_text(n.fairykit) << " nodes, the engine ";
  if (!n.same())
    out << "counts " << n.engine << '\n';
  else if (divide_differs)
    out << "counts the same, but its divide differs\n";
  else
    out << "agrees\n";
}

void write_difference_text(std::ostream& out, const Comparison& c, std::string_view indent) {
  if (!c.differs) return;
  out << indent << "position: " << c.fen << '\n';
  out << indent << "moves: " << moves_text(c.moves) << '\n';
  if (!c.inconsistent.empty()) {
    out << indent << "the engine contradicts itself: " << c.inconsistent << '\n';
    return;
  }
  out << indent << "missing in engine: " << moves_text(c.missing) << '\n';
  out << indent << "illegal in engine: " << moves_text(c.illegal) << '\n';
}

void write_comparison_text(std::ostream& out, const Comparison& c, std::string_view indent,
                           bool agreeing_depths) {
  for (const ComparedCount& n : c.depths) {
    // The root's last depth differs when the comparison does, even with equal totals.
    const bool last = c.differs && &n == &c.depths.back();
    if (agreeing_depths || last) write_count_text(out, n, last, indent);
  }
  for (const ComparedCount& n : c.walk) write_count_text(out, n, true, indent);
  write_difference_text(out, c, indent);
}

void write_entry_comparison_text(std::ostream& out, const EntryComparison& e, bool quiet) {
  const Comparison& c = e.comparison;
  if (!c.error.empty()) {
    out << "FAIL " << label(*e.entry) << ": " << c.error << '\n';
    return;
  }
  if (e.depth == 0) {
    if (!quiet) out << "skip " << label(*e.entry) << ": no count in range\n";
    return;
  }
  if (!c.engine_error.empty()) {
    out << "FAIL " << label(*e.entry) << ": " << c.engine_error << '\n';
    return;
  }
  if (!c.differs) {
    if (quiet) return;
    std::string depths;
    for (const ComparedCount& n : c.depths)
      absl::StrAppend(&depths, depths.empty() ? "" : " ", "D", n.depth, "=",
                      count_text(n.fairykit));
    out << "ok   " << label(*e.entry) << "  " << depths << '\n';
    return;
  }
  out << "DIFF " << label(*e.entry);
  if (!e.entry->id.empty()) out << "  " << e.entry->fen;
  out << '\n';
  write_comparison_text(out, c, "       ", /*agreeing_depths=*/false);
}

void write_compare_summary_text(std::ostream& out, const CompareSummary& s) {
  out << s.positions << " positions: " << s.agree << " agree, " << s.differ << " differ, "
      << s.failed << " failed, " << s.skipped << " skipped\n";
}

}  // namespace fairykit::analysis
