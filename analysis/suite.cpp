#include "analysis/suite.h"

#include <fstream>
#include <ostream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/engines.h"
#include "analysis/json.h"
#include "analysis/perft.h"
#include "parsers/fen.h"
#include "rules/cwda_fen.h"
#include "rules/fen.h"

namespace fairykit::analysis {

bool EntryResult::passed() const {
  if (!error.empty()) return false;
  for (const CountResult& c : counts)
    if (c.status == CountStatus::kFail) return false;
  return true;
}

bool EntryResult::ran() const {
  if (!error.empty()) return true;
  for (const CountResult& c : counts)
    if (c.status != CountStatus::kSkipped) return true;
  return false;
}

absl::StatusOr<std::vector<SuiteEntry>> parse_suite(std::string_view text, const std::string& name,
                                                    bool epd) {
  std::vector<SuiteEntry> out;
  if (!epd) {
    absl::StatusOr<std::vector<parsers::PerftRecord>> recs = parsers::ParsePerftFile(text);
    if (!recs.ok())
      return absl::InvalidArgumentError(absl::StrCat(name, ": ", recs.status().message()));
    for (const parsers::PerftRecord& r : *recs) {
      if (r.fen.empty())
        return absl::InvalidArgumentError(
            absl::StrFormat("%s:%d: block without a fen or epd line", name, r.line));
      out.push_back({name, r.fen_line ? r.fen_line : r.line, r.id, r.variant, r.fen, r.counts});
    }
    return out;
  }
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    absl::StatusOr<parsers::EpdRecord> rec = parsers::ParseEpd(line);
    if (!rec.ok())
      return absl::InvalidArgumentError(
          absl::StrFormat("%s:%d: %s", name, line_no, rec.status().message()));
    SuiteEntry e;
    e.file = name;
    e.line = line_no;
    // The position part: everything before the first operation.
    const int cut = rec->operations.empty() ? int(line.size()) + 1 : rec->operations[0].column;
    std::string_view fen = line.substr(0, std::size_t(cut - 1));
    while (!fen.empty() && (fen.back() == ' ' || fen.back() == ';' || fen.back() == '\t'))
      fen.remove_suffix(1);
    e.fen = std::string(fen);
    for (const parsers::EpdOperation& op : rec->operations) {
      if (op.opcode == "id" && !op.operands.empty()) e.id = op.operands[0];
      if (op.opcode == "variant" && !op.operands.empty()) e.variant = op.operands[0];
      if (op.opcode.size() >= 2 && op.opcode[0] == 'D' &&
          op.opcode.find_first_not_of("0123456789", 1) == std::string::npos) {
        if (op.operands.size() != 1 ||
            op.operands[0].find_first_not_of("0123456789") != std::string::npos ||
            op.operands[0].empty() || op.opcode.size() > 4)
          return absl::InvalidArgumentError(absl::StrFormat(
              "%s:%d:%d: operation %s needs one node count", name, line_no, op.column, op.opcode));
        e.counts.push_back({std::stoi(op.opcode.substr(1)), std::stoull(op.operands[0]), line_no});
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

absl::StatusOr<std::vector<SuiteEntry>> load_suite(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot open file"));
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  bool epd = path.size() >= 4 && path.compare(path.size() - 4, 4, ".epd") == 0;
  return parse_suite(text, path, epd);
}

EntryResult run_entry(const SuiteEntry& entry, const SuiteOptions& options) {
  const std::vector<SuiteEntry> one = {entry};
  EntryResult out;
  run_suite(one, options, [&](const EntryResult& r) { out = r; });
  out.entry = &entry;
  return out;
}

namespace {

std::string label(const SuiteEntry& e) {
  std::string where = absl::StrCat(e.file, ":", e.line);
  return e.id.empty() ? absl::StrCat(where, " ", e.fen) : absl::StrCat(where, " ", e.id);
}

}  // namespace

void write_entry_text(std::ostream& out, const EntryResult& r, bool quiet) {
  const SuiteEntry& e = *r.entry;
  if (!r.error.empty()) {
    out << "FAIL " << label(e) << ": " << r.error << '\n';
    return;
  }
  if (!r.ran()) {
    if (!quiet) out << "skip " << label(e) << ": no count in range\n";
    return;
  }
  if (r.passed()) {
    if (quiet) return;
    std::string depths;
    for (const CountResult& c : r.counts)
      if (c.status == CountStatus::kPass)
        absl::StrAppend(&depths, depths.empty() ? "" : " ", "D", c.depth, "=", c.expected);
    out << "ok   " << label(e) << "  " << depths << '\n';
    return;
  }
  out << "FAIL " << label(e) << "  " << e.fen << '\n';
  for (const CountResult& c : r.counts) {
    if (c.status == CountStatus::kFail)
      out << "       depth " << c.depth << ": expected " << c.expected << ", got " << c.got << '\n';
  }
}

void accumulate(SuiteSummary& s, const EntryResult& r) {
  ++s.positions;
  s.nodes += r.nodes;
  for (const CountResult& c : r.counts)
    if (c.status != CountStatus::kSkipped) ++s.counts_checked;
  if (!r.ran())
    ++s.skipped;
  else if (r.passed())
    ++s.passed;
  else
    ++s.failed;
}

void write_summary_text(std::ostream& out, const SuiteSummary& s) {
  out << s.positions << " positions: " << s.passed << " passed, " << s.failed << " failed, "
      << s.skipped << " skipped; " << s.counts_checked << " counts checked, " << s.nodes
      << " nodes\n";
}

std::string entry_json(const EntryResult& r) {
  const SuiteEntry& e = *r.entry;
  std::string out =
      absl::StrCat("{\"file\":", json_string(e.file), ",\"line\":", e.line,
                   ",\"id\":", json_string(e.id), ",\"fen\":", json_string(e.fen), ",\"status\":\"",
                   !r.ran() ? "skipped" : (r.passed() ? "pass" : "fail"), "\"");
  if (!r.error.empty()) absl::StrAppend(&out, ",\"error\":", json_string(r.error));
  out += ",\"counts\":[";
  bool first = true;
  for (const CountResult& c : r.counts) {
    if (!first) out += ',';
    first = false;
    const char* st = c.status == CountStatus::kPass   ? "pass"
                     : c.status == CountStatus::kFail ? "fail"
                                                      : "skipped";
    absl::StrAppend(&out, "{\"depth\":", c.depth, ",\"expected\":", c.expected);
    if (c.status != CountStatus::kSkipped) absl::StrAppend(&out, ",\"nodes\":", c.got);
    absl::StrAppend(&out, ",\"status\":\"", st, "\"}");
  }
  out += "]}";
  return out;
}

}  // namespace fairykit::analysis

namespace fairykit::analysis {

namespace {

// The expected counts of `entry` that options select.
bool count_in_range(const parsers::PerftCount& c, const SuiteOptions& options) {
  bool in_range = options.only_depth ? c.depth == options.max_depth
                                     : c.depth >= options.min_depth && c.depth <= options.max_depth;
  if (options.max_nodes && c.nodes > options.max_nodes) in_range = false;
  return in_range;
}

struct Task {
  std::size_t entry;
  std::size_t count;  // index into the entry's counts
  int root;           // index of the root move in generation order; -1: the whole count
};

// Expected counts up to this many nodes run as one task (a few milliseconds of work).
constexpr std::uint64_t kWholeCountNodes = 2'000'000;

// Per-entry state shared by the tasks of the entry.
struct EntryWork {
  VariantId variant = VariantId::kChess;
  EntryResult result;
  std::vector<std::uint64_t> sums;  // per count
  int pending = 0;                  // tasks not finished yet
};

template <class G>
void prepare_entry(const SuiteEntry& e, const SuiteOptions& options, EntryWork& w,
                   std::size_t index, std::vector<Task>& tasks) {
  G g;
  if (absl::Status s = load_engine(g, e.fen, {options.amazon_promotes}); !s.ok()) {
    w.result.error = std::string(s.message());
    return;
  }
  const int root_moves = int(g.count_legal());
  w.sums.assign(e.counts.size(), 0);
  for (std::size_t c = 0; c < e.counts.size(); ++c) {
    const parsers::PerftCount& pc = e.counts[c];
    CountResult cr{pc.depth, pc.nodes, 0, CountStatus::kSkipped};
    if (count_in_range(pc, options)) {
      cr.status = CountStatus::kPass;  // provisional, settled when the tasks are done
      if (pc.depth <= 1) {
        w.sums[c] = pc.depth <= 0 ? 1 : std::uint64_t(root_moves);
      } else if (pc.nodes <= kWholeCountNodes) {
        // Small counts are one task: splitting them costs more than it balances.
        tasks.push_back({index, c, -1});
        ++w.pending;
      } else {
        for (int i = 0; i < root_moves; ++i) tasks.push_back({index, c, i});
        w.pending += root_moves;
      }
    }
    w.result.counts.push_back(cr);
  }
}

// A task sets its own position up from the FEN (microseconds, against the milliseconds or
// more of the count) and finds its root move again by index: the generation order is fixed.
template <class G>
std::uint64_t run_task(const SuiteEntry& e, const SuiteOptions& options, const Task& t, int depth) {
  G g;
  (void)load_engine(g, e.fen, {options.amazon_promotes});  // checked when prepared
  if (t.root < 0) return g.perft(depth);
  typename G::MoveList moves;
  g.generate_legal(moves);
  g.do_move(moves[std::size_t(t.root)]);
  return g.perft(depth - 1);
}

void settle(EntryWork& w) {
  w.result.nodes = 0;
  for (std::size_t c = 0; c < w.result.counts.size(); ++c) {
    CountResult& cr = w.result.counts[c];
    if (cr.status == CountStatus::kSkipped) continue;
    cr.got = w.sums[c];
    w.result.nodes += cr.got;
    cr.status = cr.got == cr.expected ? CountStatus::kPass : CountStatus::kFail;
  }
}

}  // namespace

void run_suite(const std::vector<SuiteEntry>& entries, const SuiteOptions& options,
               const std::function<void(const EntryResult&)>& emit) {
  const std::size_t n = entries.size();
  std::vector<EntryWork> work(n);
  std::vector<Task> tasks;
  for (std::size_t i = 0; i < n; ++i) {
    const SuiteEntry& e = entries[i];
    EntryWork& w = work[i];
    w.result.entry = &e;
    w.variant = options.default_variant;
    if (!e.variant.empty()) {
      const VariantInfo* v = find_variant(e.variant);
      if (!v) {
        w.result.error =
            absl::StrCat("unknown variant '", e.variant, "' (known: ", variant_names(), ")");
        continue;
      }
      w.variant = v->id;
    }
    visit_engine(w.variant, [&]<class G>() { prepare_entry<G>(e, options, w, i, tasks); });
  }

  std::size_t next_to_emit = 0;
  auto emit_ready = [&] {
    while (next_to_emit < n && work[next_to_emit].pending == 0) {
      EntryWork& w = work[next_to_emit];
      if (w.result.error.empty()) settle(w);
      emit(w.result);
      w = EntryWork{};  // release memory early
      ++next_to_emit;
    }
  };
  emit_ready();
  const long long task_count = static_cast<long long>(tasks.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, options.threads))
  for (long long k = 0; k < task_count; ++k) {
    const Task& t = tasks[std::size_t(k)];
    const EntryWork& w = work[t.entry];
    const int depth = entries[t.entry].counts[t.count].depth;
    const std::uint64_t nodes = visit_engine(
        w.variant, [&]<class G>() { return run_task<G>(entries[t.entry], options, t, depth); });
#pragma omp critical(fairykit_suite_emit)
    {
      work[t.entry].sums[t.count] += nodes;
      --work[t.entry].pending;
      emit_ready();
    }
  }
  emit_ready();
}

}  // namespace fairykit::analysis
