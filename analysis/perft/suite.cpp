#include "analysis/perft/suite.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <ostream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/io/json.h"
#include "analysis/perft/perft.h"
#include "parsers/fen.h"
#include "rules/game/any_game.h"
#include "rules/notation/fen.h"

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

namespace {

std::string_view strip_suffix(std::string_view s, std::string_view suffix) {
  if (s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix)
    s.remove_suffix(suffix.size());
  return s;
}

// The format a file name announces (after a compression suffix), if any.
std::optional<SuiteFormat> format_of_name(std::string_view name) {
  for (std::string_view z : {".gz", ".bz2", ".zst", ".xz"}) {
    const std::string_view base = strip_suffix(name, z);
    if (base.size() != name.size()) {
      name = base;
      break;
    }
  }
  if (strip_suffix(name, ".epd").size() != name.size()) return SuiteFormat::kEpd;
  if (strip_suffix(name, ".perft").size() != name.size()) return SuiteFormat::kPerft;
  return std::nullopt;
}

constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

// The line without leading and trailing blanks.
std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The first significant line of a suite of unknown format decides it (suite.h).
SuiteFormat sniff_format(std::string_view line) {
  const std::string_view t = trim(line);
  const std::string_view first_word = t.substr(0, t.find_first_of(" \t\v\f"));
  return first_word.find('/') != std::string_view::npos ? SuiteFormat::kEpd : SuiteFormat::kPerft;
}

bool is_perft_opcode(std::string_view opcode) {
  return !opcode.empty() && opcode[0] == 'D' &&
         opcode.find_first_not_of("0123456789", 1) == std::string_view::npos;
}

}  // namespace

absl::StatusOr<std::unique_ptr<SuiteReader>> SuiteReader::open(const std::string& path) {
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> source = parsers::open_input(path);
  if (!source.ok()) return source.status();
  return std::make_unique<SuiteReader>(*std::move(source));
}

SuiteReader::SuiteReader(std::unique_ptr<parsers::ByteSource> source,
                         std::optional<SuiteFormat> format)
    : name_(source->name()),
      lines_(std::move(source), kMaxSuiteLine),
      format_(format ? format : format_of_name(name_)),
      perft_(name_, /*keep_other=*/false) {}

absl::StatusOr<SuiteEntry> SuiteReader::epd_entry(std::string_view line) {
  const int line_no = lines_.line_number();
  auto error = [&](int column, const std::string& what) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s:%d:%d: %s", name_, line_no, column, what));
  };
  absl::StatusOr<parsers::EpdRecord> rec = parsers::parse_epd(line);
  if (!rec.ok())
    return absl::InvalidArgumentError(
        absl::StrFormat("%s:%d: %s", name_, line_no, rec.status().message()));
  SuiteEntry e;
  e.file = name_;
  e.line = line_no;
  // The position part: everything before the first operation.
  const int cut = rec->operations.empty() ? int(line.size()) + 1 : rec->operations[0].column;
  std::string_view fen = line.substr(0, std::size_t(cut - 1));
  while (!fen.empty() && (fen.back() == ' ' || fen.back() == ';' || fen.back() == '\t'))
    fen.remove_suffix(1);
  e.fen = std::string(fen);
  std::map<int, int> depth_columns;  // depth -> column of its operation
  for (const parsers::EpdOperation& op : rec->operations) {
    if (op.opcode == "id" && !op.operands.empty()) e.id = op.operands[0];
    if (op.opcode == "variant" && !op.operands.empty()) e.variant = op.operands[0];
    if (!is_perft_opcode(op.opcode)) continue;
    if (op.opcode.size() == 1) {
      return error(op.column, absl::StrFormat("operation D needs a depth: D%d to D%d",
                                              parsers::kMinPerftDepth, parsers::kMaxPerftDepth));
    }
    absl::StatusOr<int> depth = parsers::read_perft_depth(std::string_view(op.opcode).substr(1));
    if (!depth.ok()) return error(op.column, std::string(depth.status().message()));
    if (op.operands.size() != 1 ||
        !std::all_of(op.operands[0].begin(), op.operands[0].end(),
                     [](char c) { return c >= '0' && c <= '9'; }) ||
        op.operands[0].empty()) {
      return error(op.column, absl::StrFormat("operation %s needs one node count", op.opcode));
    }
    absl::StatusOr<std::uint64_t> nodes = parsers::read_perft_nodes(op.operands[0]);
    if (!nodes.ok()) return error(op.column, std::string(nodes.status().message()));
    if (const auto [it, inserted] = depth_columns.emplace(*depth, op.column); !inserted) {
      return error(op.column, absl::StrFormat("perft depth %d already given at column %d", *depth,
                                              it->second));
    }
    e.counts.push_back({*depth, *nodes, line_no});
  }
  return e;
}

SuiteEntry SuiteReader::perft_entry(parsers::PerftRecord&& r) const {
  return {name_,
          r.fen_line,
          std::move(r.id),
          std::move(r.variant),
          std::move(r.fen),
          std::move(r.counts)};
}

absl::StatusOr<std::optional<SuiteEntry>> SuiteReader::next() {
  auto fail = [this](absl::Status s) {
    done_ = true;
    return s;
  };
  while (!done_) {
    absl::StatusOr<std::optional<std::string_view>> line = lines_.Next();
    if (!line.ok()) return fail(line.status());
    if (!*line) break;
    const std::string_view t = trim(**line);
    const bool significant = !t.empty() && t[0] != '#';
    if (!format_) {
      if (!significant) continue;  // neither format reads anything from these
      format_ = sniff_format(t);
    }
    if (*format_ == SuiteFormat::kPerft) {
      absl::StatusOr<std::optional<parsers::PerftRecord>> rec =
          perft_.Add(**line, lines_.line_number());
      if (!rec.ok()) return fail(rec.status());
      if (*rec) return perft_entry(**std::move(rec));
    } else if (significant) {
      // Leading blanks stay: EPD columns count from the start of the line.
      const std::string_view epd =
          (**line).substr(0, std::size_t(t.data() + t.size() - (**line).data()));
      absl::StatusOr<SuiteEntry> e = epd_entry(epd);
      if (!e.ok()) return fail(e.status());
      return *std::move(e);
    }
  }
  if (done_) return std::nullopt;
  done_ = true;
  if (format_ != SuiteFormat::kPerft) return std::nullopt;
  absl::StatusOr<std::optional<parsers::PerftRecord>> rec = perft_.Finish();
  if (!rec.ok()) return rec.status();
  if (*rec) return perft_entry(**std::move(rec));
  return std::nullopt;
}

namespace {

absl::StatusOr<std::vector<SuiteEntry>> read_all(SuiteReader& reader) {
  std::vector<SuiteEntry> out;
  while (true) {
    absl::StatusOr<std::optional<SuiteEntry>> e = reader.next();
    if (!e.ok()) return e.status();
    if (!*e) return out;
    out.push_back(**std::move(e));
  }
}

}  // namespace

absl::StatusOr<std::vector<SuiteEntry>> parse_suite(std::string_view text, const std::string& name,
                                                    bool epd) {
  SuiteReader reader(parsers::memory_input(std::string(text), name),
                     epd ? SuiteFormat::kEpd : SuiteFormat::kPerft);
  return read_all(reader);
}

absl::StatusOr<std::vector<SuiteEntry>> load_suite(const std::string& path) {
  absl::StatusOr<std::unique_ptr<SuiteReader>> reader = SuiteReader::open(path);
  if (!reader.ok()) return reader.status();
  return read_all(**reader);
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

void write_entry_json(JsonWriter& w, const EntryResult& r) {
  const SuiteEntry& e = *r.entry;
  w.begin_object().key("file").value(e.file).key("line").value(e.line);
  w.key("id").value(e.id).key("fen").value(e.fen);
  w.key("status").value(!r.ran() ? "skipped" : (r.passed() ? "pass" : "fail"));
  if (!r.error.empty()) w.key("error").value(r.error);
  w.key("counts").begin_array();
  for (const CountResult& c : r.counts) {
    const char* st = c.status == CountStatus::kPass   ? "pass"
                     : c.status == CountStatus::kFail ? "fail"
                                                      : "skipped";
    w.begin_object().key("depth").value(c.depth).key("expected").value(c.expected);
    if (c.status != CountStatus::kSkipped) w.key("nodes").value(c.got);
    w.key("status").value(st).end_object();
  }
  w.end_array();
  write_timing_json(w, r.seconds, r.nodes);
  if (r.hashed) {
    w.key("hash").begin_object();
    write_table_stats_json(w, r.hash);
    w.end_object();
  }
  w.end_object();
}

void write_summary_json(JsonWriter& w, const SuiteSummary& s) {
  w.begin_object().key("positions").value(s.positions).key("passed").value(s.passed);
  w.key("failed").value(s.failed).key("skipped").value(s.skipped);
  w.key("counts_checked").value(s.counts_checked).key("nodes").value(s.nodes);
  write_timing_json(w, s.seconds, s.nodes);
  w.end_object();
}

void write_timing_json(JsonWriter& w, double seconds, Count128 nodes) {
  const double rate = seconds > 0 ? double(nodes) / seconds : 0;
  w.key("seconds").fixed(seconds, 6);
  w.key("nps").value(rate < 1.8e19 ? std::uint64_t(rate) : ~std::uint64_t{0});
}

void write_table_stats_json(JsonWriter& w, const PerftTable::Stats& s) {
  w.key("probes").value(s.probes).key("hits").value(s.hits).key("stores").value(s.stores);
  w.key("leaf_probes").value(s.leaf_probes).key("leaf_hits").value(s.leaf_hits);
  w.key("leaf_stores").value(s.leaf_stores);
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

// The game of an entry ("startpos" is the start position of the entry's variant).
absl::StatusOr<std::unique_ptr<AnyGame>> entry_game(const SuiteEntry& e, VariantId variant,
                                                    const SuiteOptions& options) {
  return AnyGame::create(variant_info(variant), e.fen, options.variant_options);
}

void prepare_entry(const SuiteEntry& e, const SuiteOptions& options, EntryWork& w,
                   std::size_t index, std::vector<Task>& tasks) {
  absl::StatusOr<std::unique_ptr<AnyGame>> game = entry_game(e, w.variant, options);
  if (!game.ok()) {
    w.result.error = std::string(game.status().message());
    return;
  }
  const int root_moves = int((*game)->count_legal());
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

// A task sets its own game up from the FEN (microseconds, against the milliseconds or more
// of the count) and finds its root move again by index: the generation order is fixed.
std::uint64_t run_task(const SuiteEntry& e, VariantId variant, const SuiteOptions& options,
                       const Task& t, int depth, PerftTable::Stats& stats) {
  std::unique_ptr<AnyGame> game = *entry_game(e, variant, options);  // checked when prepared
  if (!options.table) {
    if (t.root < 0) return game->perft(depth);
    return game->visit([&]<class G>(G& g) {
      typename G::MoveList moves;
      g.generate_legal(moves);
      g.do_move(moves[std::size_t(t.root)]);
      return g.perft(depth - 1);
    });
  }
  const Key salt = table_salt(int(variant), options.variant_options.amazon_promotes,
                              options.variant_options.armies);
  return game->visit([&]<class G>(G& g) {
    if (t.root < 0) return hashed_perft(g, depth, *options.table, salt, stats);
    typename G::MoveList moves;
    g.generate_legal(moves);
    g.do_move(moves[std::size_t(t.root)]);
    return hashed_perft(g, depth - 1, *options.table, salt, stats);
  });
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
    w.result.hashed = options.table != nullptr;
    w.variant = options.default_variant;
    if (!e.variant.empty()) {
      const VariantInfo* v = find_variant(e.variant);
      if (!v) {
        w.result.error = absl::StrCat("unknown variant '", parsers::message_text(e.variant),
                                      "' (known: ", variant_names(), ")");
        continue;
      }
      w.variant = v->id;
    }
    prepare_entry(e, options, w, i, tasks);
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
    PerftTable::Stats stats;
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = run_task(entries[t.entry], w.variant, options, t, depth, stats);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.table) options.table->add(stats);
#pragma omp critical(fairykit_suite_emit)
    {
      EntryResult& r = work[t.entry].result;
      r.seconds += seconds;
      r.hash.add(stats);
      work[t.entry].sums[t.count] += nodes;
      --work[t.entry].pending;
      emit_ready();
    }
  }
  emit_ready();
}

absl::Status run_suite(SuiteReader& reader, const SuiteOptions& options,
                       const std::function<void(const EntryResult&)>& emit) {
  std::vector<SuiteEntry> batch;
  std::size_t bytes = 0;
  const std::size_t parts = std::size_t(std::max(options.parts, 1));
  for (std::size_t place = 0;; ++place) {
    absl::StatusOr<std::optional<SuiteEntry>> e = reader.next();
    const bool more = e.ok() && e->has_value();
    if (more && place % parts == std::size_t(options.part)) {
      bytes += (*e)->fen.size() + (*e)->id.size() + (*e)->variant.size();
      batch.push_back(**std::move(e));
    }
    if (batch.size() == kSuiteBatch || bytes >= kSuiteBatchBytes || (!more && !batch.empty())) {
      run_suite(batch, options, emit);
      batch.clear();
      bytes = 0;
    }
    if (!e.ok()) return e.status();
    if (!more) return absl::OkStatus();
  }
}

}  // namespace fairykit::analysis
