// fairy-analyze: statistics of game collections. Flags -> AnalyzeOptions -> the game batch of
// analysis/ (inputs, splitting, ordered pipeline), each record analysed in the worker threads
// by analyse_record() (analysis/statistics/game_analysis.h); the contributions are added in
// input order, so the figures are the same at any -j. With --positions each game's records
// are written out in input order instead.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/batch/game_batch.h"
#include "analysis/checking/openings.h"
#include "analysis/checking/validate_report.h"
#include "analysis/engine/engine_pool.h"
#include "analysis/engine/eval_cache.h"
#include "analysis/engine/pool_ranks.h"
#include "analysis/io/bytes.h"
#include "analysis/statistics/engine_analysis.h"
#include "analysis/statistics/game_analysis.h"
#include "analysis/statistics/move_judgement.h"
#include "analysis/statistics/report_html.h"
#include "analysis/statistics/stats.h"
#include "rules/game/registry.h"
#include "tools/common/batch_flags.h"
#include "tools/common/cli.h"
#include "tools/common/engine_flags.h"
#include "tools/common/main_output.h"
#include "tools/common/mpi_session.h"
#include "tools/common/progress.h"
#include "tools/common/selection_flags.h"
#include "tools/fairy-analyze/command_line.h"
#include "tools/fairy-analyze/engine_report.h"

namespace {

using namespace fairykit;
using analyze_tool::kCommandLine;

int usage_error(const std::string& msg) { return cli::usage_error("fairy-analyze", msg); }

enum class Format { kText, kJson, kJsonl, kCsv };

// The engine flags (--engine and those that go with it) as pool options; the exit status
// when they are wrong.
std::optional<int> read_engine_flags(const cli::Args& args, analysis::PoolOptions& po,
                                     analysis::OwnSearchOptions& search) {
  constexpr const char* kEngineFlags[] = {"nodes",         "depth",          "movetime",  "engines",
                                          "engine-option", "engine-timeout", "eval-cache"};
  if (!args.has("engine")) {
    for (const char* flag : kEngineFlags)
      if (args.has(flag)) return usage_error(absl::StrCat("--", flag, " is about --engine"));
    return std::nullopt;
  }
  for (const char* other :
       {"positions", "group-by", "tree", "tree-min", "no-openings", "online", "perft"})
    if (args.has(other))
      return usage_error(
          absl::StrCat("--", other, " is about the tables or --positions, not --engine"));
  po.engine.command = *args.get("engine");
  if (po.engine.command.empty()) return usage_error("--engine wants an engine command");
  int limits = 0;
  for (const auto& [flag, kind] :
       {std::pair{"nodes", analysis::UciEngine::Limit::Kind::kNodes},
        std::pair{"depth", analysis::UciEngine::Limit::Kind::kDepth},
        std::pair{"movetime", analysis::UciEngine::Limit::Kind::kMovetime}}) {
    if (!args.has(flag)) continue;
    ++limits;
    po.limit.kind = kind;
    if (!cli::int_flag(
            args, "fairy-analyze", flag, 1,
            kind == analysis::UciEngine::Limit::Kind::kDepth ? 1000 : 1'000'000'000'000LL,
            po.limit.value))
      return 2;
  }
  if (limits != 1)
    return usage_error("--engine wants one search limit: --nodes N, --depth D or --movetime MS");
  if (po.limit.kind == analysis::UciEngine::Limit::Kind::kMovetime)
    po.engine.timeout_seconds += double(po.limit.value) / 1000;
  if (!cli::engine_timeout_flag(args, "fairy-analyze", po.engine.timeout_seconds)) return 2;
  if (!cli::engine_option_flags(args, "fairy-analyze", po.engine_options)) return 2;
  if (!cli::int_flag(args, "fairy-analyze", "engines", 1, 64, po.engines)) return 2;
  // The bound of the own search of the games no engine plays.
  if (!cli::int_flag(args, "fairy-analyze", "find-wins", 1, 15, search.max_plies)) return 2;
  if (!cli::int_flag(args, "fairy-analyze", "win-nodes", 1, 1'000'000'000'000LL, search.node_limit))
    return 2;
  return std::nullopt;
}

// The flags as options; the exit status when they are wrong (the message printed).
std::optional<int> read_flags(const cli::Args& args, analysis::AnalyzeOptions& o, Format& format) {
  const VariantInfo* variant = cli::variant_flag(args, "fairy-analyze");
  if (!variant) return 2;
  o.validate.default_variant = variant->id;
  o.positions = args.has("positions") || args.has("engine");
  o.engine_positions = args.has("engine");
  format = o.positions ? Format::kJsonl : Format::kText;
  // --engine's --format: read_judge_flags (tools/fairy-analyze/engine_report.h).
  if (auto f = args.get("format"); f && !o.engine_positions) {
    if (*f == "text" && !o.positions)
      format = Format::kText;
    else if (*f == "json" && !o.positions)
      format = Format::kJson;
    else if (*f == "jsonl" && o.positions)
      format = Format::kJsonl;
    else if (*f == "csv")
      format = Format::kCsv;
    else if (o.engine_positions)
      return usage_error("--format with --engine wants jsonl, not '" + *f + "'");
    else if (o.positions)
      return usage_error("--format with --positions wants jsonl or csv, not '" + *f + "'");
    else
      return usage_error("--format wants text, json or csv (jsonl with --positions), not '" + *f +
                         "'");
  }
  if (!cli::selection_flags(args, "fairy-analyze", variant->id, o.selection)) return 2;
  o.position.csv_raw = args.has("csv-raw");
  if (o.position.csv_raw && format != Format::kCsv && !o.engine_positions)
    return usage_error("--csv-raw needs --format csv");
  auto int_flag = [&](const char* flag, long long lo, long long hi, auto& into) {
    return cli::int_flag(args, "fairy-analyze", flag, lo, hi, into);
  };
  if (o.positions) {
    for (const char* stats_only : {"group-by", "tree", "tree-min", "top", "no-openings", "html",
                                   "find-wins", "win-nodes", "online", "rating-band"})
      // --engine: read_engine_flags says which of them it takes (--find-wins and --win-nodes
      // bound the search of the games no engine plays; the others are the judgement's).
      if (args.has(stats_only) && !o.engine_positions)
        return usage_error(absl::StrCat("--", stats_only, " is about the tables, not --positions"));
    if (!int_flag("perft", 1, 6, o.position.perft_depth)) return 2;
    o.position.format =
        format == Format::kCsv ? analysis::PositionFormat::kCsv : analysis::PositionFormat::kJsonl;
    o.position.csv_variant = variant->id;
  } else {
    if (args.has("perft")) return usage_error("--perft is about --positions records");
    if (!int_flag("tree", 0, analysis::OpeningBook::kMaxPlies, o.stats.tree_plies)) return 2;
    if (!int_flag("tree-min", 1, 1000000000000LL, o.stats.tree_min)) return 2;
    if (!int_flag("top", 0, 1000000000, o.stats.top)) return 2;
    if (!int_flag("find-wins", 1, 15, o.stats.find_wins)) return 2;
    if (!int_flag("win-nodes", 1, 1'000'000'000'000LL, o.win_nodes)) return 2;
    if (args.has("win-nodes") && !args.has("find-wins"))
      return usage_error("--win-nodes is about --find-wins");
    o.stats.online = args.has("online");
    if (!int_flag("rating-band", 10, 1000, o.stats.rating_band)) return 2;
    if (args.has("rating-band") && !o.stats.online)
      return usage_error("--rating-band is about --online");
    if (auto g = args.get("group-by")) {
      if (g->empty()) return usage_error("--group-by wants a tag name");
      o.stats.group_by = *g;
    }
    if (!args.has("no-openings")) {
      const absl::StatusOr<analysis::OpeningBook>& book = analysis::OpeningBook::builtin();
      if (!book.ok()) {
        std::cerr << "fairy-analyze: the opening names: " << book.status().message() << '\n';
        return 2;
      }
      o.stats.openings = &*book;
    }
  }
  analysis::prepare_analysis(o);
  return std::nullopt;
}

// The report's date: now (local time), or SOURCE_DATE_EPOCH (UTC) for reproducible pages.
std::string report_date() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (epoch && *epoch) {
    t = std::time_t(std::strtoll(epoch, nullptr, 10));
    gmtime_r(&t, &tm);
  } else {
    localtime_r(&t, &tm);
  }
  char buf[64];
  return std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm) ? buf : "";
}

std::string games(std::uint64_t n) { return absl::StrCat(n, n == 1 ? " game" : " games"); }

// The MPI job this process belongs to (rank 0 of 1 without MPI): set by main().
const cli::MpiSession* g_mpi = nullptr;

// Games read, filtered out, rejected, and position records written; the tags of --where
// that the games had (where_tags_present, ORed).
struct Counts {
  std::uint64_t games = 0, filtered = 0, rejected = 0, positions = 0;
  std::uint64_t where_tags = 0;
  void add(const Counts& c) {
    games += c.games;
    filtered += c.filtered;
    rejected += c.rejected;
    positions += c.positions;
    where_tags |= c.where_tags;
  }
};

// "NAME: 5 games read: 2 analysed, 2 filtered out, 1 rejected; 7 positions\n": the filtered
// games only with a selection, the positions only with --positions.
std::string summary(const std::string& name, const Counts& c, bool selection, bool positions) {
  std::string s = absl::StrCat(name, ": ", games(c.games),
                               " read: ", c.games - c.filtered - c.rejected, " analysed, ");
  if (selection) absl::StrAppend(&s, c.filtered, " filtered out, ");
  absl::StrAppend(&s, c.rejected, " rejected");
  if (positions) absl::StrAppend(&s, "; ", c.positions, " positions");
  return s + "\n";
}

// "engine \"fake\" (nodes 5000; Threads=1), 2 engines: 120 positions read, 80 distinct: 70
// analysed, 8 from the cache, 2 game ends, 0 failed\n" ("6 engines on 3 ranks" under MPI: the
// engines of every rank's pool), then a line for the variants that no engine plays and one for
// the engines started again.
std::string engine_summary(const analysis::DistinctPositions& d, const analysis::EngineAnalysis& e,
                           const analysis::PoolOptions& po) {
  const analysis::PoolSummary& p = e.pool;
  std::string s = "engine";
  if (!p.engine_name.empty()) absl::StrAppend(&s, " \"", p.engine_name, "\"");
  absl::StrAppend(&s, " (", po.limit.text(), p.engine_options.empty() ? "" : "; ", p.engine_options,
                  "), ", p.engines_started, p.engines_started == 1 ? " engine" : " engines");
  if (g_mpi->size() > 1) absl::StrAppend(&s, " on ", g_mpi->size(), " ranks");
  absl::StrAppend(&s, ": ", d.read(), " positions read, ", d.entries().size(),
                  " distinct: ", p.analysed, " analysed, ", p.from_cache, " from the cache, ",
                  e.game_ends, " game ends, ", p.failed, " failed");
  if (e.searched > 0) absl::StrAppend(&s, ", ", e.searched, " searched by fairykit");
  if (p.not_played > 0) absl::StrAppend(&s, ", ", p.not_played, " not played by the engine");
  s += "\n";
  auto positions = [](std::uint64_t n) {
    return absl::StrCat(n, n == 1 ? " position" : " positions");
  };
  for (const analysis::UnplayedVariant& u : e.without_engine)
    absl::StrAppend(&s, "fairy-analyze: no engine plays ",
                    std::string(variant_info(u.variant).name), ": its ", positions(u.positions),
                    " searched by fairykit for a forced win within ", e.search.max_plies,
                    e.search.max_plies == 1 ? " ply\n" : " plies\n");
  for (const analysis::UnplayedVariant& u : e.refused)
    absl::StrAppend(&s, "fairy-analyze: the engine does not play ",
                    std::string(variant_info(u.variant).name), " (", u.reason, "): its ",
                    positions(u.positions), " have an error\n");
  if (p.restarts > 0)
    absl::StrAppend(&s, "fairy-analyze: ", p.restarts,
                    p.restarts == 1 ? " engine was" : " engines were", " started again\n");
  return s;
}

// What a rank other than 0 sends of a game for --engine (analysis/io/bytes.h): its positions
// and, when the moves are judged, the facts the judgement reads (players, ratings, result).
void encode_engine_record(std::int64_t game, const analysis::GameAnalysis& a, bool judged,
                          const analysis::AnalyzeOptions& o, std::string& out) {
  std::string part;
  analysis::ByteWriter w(out);
  analysis::encode_game_positions(game, a.seen, part);
  w.str(part);
  if (!judged) return;
  part.clear();
  analysis::encode_game_facts(a.facts, o.stats, part);
  w.str(part);
}

bool decode_engine_record(std::string_view record, bool judged, const analysis::AnalyzeOptions& o,
                          std::int64_t& game, std::vector<analysis::SeenPosition>& seen,
                          analysis::GameFacts& facts) {
  analysis::ByteReader r(record);
  if (!analysis::decode_game_positions(r.view(), game, seen)) return false;
  if (judged && !analysis::decode_game_facts(r.view(), o.stats, facts)) return false;
  return r.ok();
}

// Runs the batch: each record analysed, its records written out or its facts added to
// `stats` (under MPI by rank 0, which the other ranks send theirs to), a summary per file
// on standard error. The totals of every input; `unreadable` when one could not be read.
// With `judged`, the games' moves are kept there to be judged.
Counts run(analysis::GameBatch& batch, const analysis::AnalyzeOptions& o, cli::MainOutput& out,
           analysis::CollectionStats& stats, analysis::DistinctPositions& distinct,
           analysis::JudgedGames* judged, bool quiet, bool verbose, bool& unreadable) {
  const bool shared = g_mpi->size() > 1;
  if (shared && o.engine_positions)
    batch.set_record_in(
        [&, seen = std::vector<analysis::SeenPosition>(), at = std::vector<std::uint32_t>()](
            const analysis::BatchFile& file, std::string_view record) mutable {
          std::int64_t game = 0;
          analysis::GameFacts facts;
          // Bytes that this program wrote on another rank: damaged only by a fault of the run.
          if (!decode_engine_record(record, judged != nullptr, o, game, seen, facts)) {
            std::cerr << "fairy-analyze: internal error: the positions of a game sent by another "
                         "rank are damaged\n";
            return;
          }
          at.clear();
          distinct.add(file.name, game, seen, judged ? &at : nullptr);
          if (judged && !at.empty())
            judged->add(std::uint32_t(distinct.files().size() - 1), game, facts, at, seen);
        });
  else if (shared)
    batch.set_record_in([&](const analysis::BatchFile& file, std::string_view record) {
      analysis::GameFacts facts;
      if (!analysis::decode_game_facts(record, o.stats, facts)) {
        facts = analysis::GameFacts{};
        facts.reason = "internal error: the facts of a game sent by another rank are damaged";
      }
      stats.add(facts, file.name);
    });
  cli::ProgressLine progress(!quiet && cli::ProgressLine::stderr_is_terminal());
  Counts file_counts, all;
  std::string diag, facts_bytes;
  std::vector<std::uint32_t> at;  // the entries of a game's positions (judged)
  batch.run_into<analysis::GameAnalysis>(
      [&](const parsers::RawGame& game, analysis::GameAnalysis& a) {
        analysis::analyse_record(game, o, batch.current().name, a);
      },
      [&](const analysis::BatchFile& file, const parsers::RawGame& game,
          analysis::GameAnalysis& a) {
        ++file_counts.games;
        file_counts.where_tags |= a.where_tags;
        if (a.filtered) {
          ++file_counts.filtered;
          return;
        }
        if (!a.facts.analysed) {
          ++file_counts.rejected;
          if (verbose) {
            diag.clear();
            analysis::write_diagnostics(diag, file.name, a.report, false);
            progress.clear();
            std::fwrite(diag.data(), 1, diag.size(), stderr);
          }
        }
        if (o.engine_positions) {
          file_counts.positions += a.written;
          if (g_mpi->is_root()) {
            at.clear();
            distinct.add(file.name, game.index, a.seen, judged ? &at : nullptr);
            if (judged && !at.empty())
              judged->add(std::uint32_t(distinct.files().size() - 1), game.index, a.facts, at,
                          a.seen);
          } else if (!a.seen.empty()) {  // rank 0 gathers them in input order (set_record_in)
            facts_bytes.clear();
            encode_engine_record(game.index, a, judged != nullptr, o, facts_bytes);
            batch.send_record(facts_bytes);
          }
        } else if (o.positions) {
          file_counts.positions += a.written;
          out.write(a.records);
        } else if (g_mpi->is_root()) {
          stats.add(a.facts, file.name);
        } else {  // rank 0 adds it up (set_record_in above)
          facts_bytes.clear();
          analysis::encode_game_facts(a.facts, o.stats, facts_bytes);
          batch.send_record(facts_bytes);
        }
      },
      [&](const analysis::BatchFile& file, const absl::Status& status) {
        progress.clear();
        if (!status.ok()) {
          std::cerr << "fairy-analyze: " << status.message() << '\n';
          unreadable = true;
        }
        if (!file.opened) return;
        Counts& c = file_counts;
        if (shared) {  // the counts of every rank's share (the tags: warn_of_absent_tags)
          std::vector<std::uint64_t> v{c.games, c.filtered, c.rejected, c.positions};
          g_mpi->sum_to_root(v);
          c = {v[0], v[1], v[2], v[3], c.where_tags};
        }
        if (!quiet) std::cerr << summary(file.name, c, o.selection.any(), o.positions);
        all.add(c);
        c = {};
      },
      [&](const analysis::BatchProgress& p) {
        progress.show_games(p.file.name, p.bytes_read, p.size, p.file_games, p.total_games);
      });
  return all;
}

// The tables as they are written (an opening tree can have millions of lines), and the web
// page of --html.
void write_tables(const analysis::CollectionStats& stats, Format format, bool csv_raw,
                  const std::vector<std::string>& files, analysis::GameBatch& batch,
                  cli::MainOutput& out) {
  std::string text;
  const std::vector<analysis::StatsTable> tables = stats.tables();
  const analysis::TextSink to_out = [&out](std::string_view s) { out.write(s); };
  if (format == Format::kText)
    analysis::write_stats_text(tables, text, to_out);
  else if (format == Format::kJson)
    analysis::write_stats_json(tables, text, to_out);
  else
    analysis::write_stats_csv(tables, csv_raw, text, to_out);
  out.write(text);
  if (analysis::OutputFile* html_file = batch.output("--html")) {
    analysis::HtmlReportOptions ho;
    ho.inputs = files;
    ho.date = report_date();
    ho.missed_wins = analysis::missed_wins_to_draw(stats);
    std::string html;
    analysis::write_html_report(tables, ho, html,
                                [html_file](std::string_view s) { html_file->write(s); });
    html_file->write(html);
  }
}

int analyze_main(int argc, char** argv) {
  absl::StatusOr<cli::Args> args = cli::parse(argc, argv, kCommandLine);
  if (!args.ok()) return usage_error(std::string(args.status().message()));
  if (std::optional<int> done = cli::handle_common_flags(*args, kCommandLine, {})) return *done;
  analysis::PoolOptions po;
  analysis::OwnSearchOptions own_search;
  if (std::optional<int> status = read_engine_flags(*args, po, own_search)) return *status;
  analyze_tool::JudgeFlags judge_flags;
  if (std::optional<int> status = analyze_tool::read_judge_flags(*args, judge_flags))
    return *status;
  analysis::AnalyzeOptions o;
  Format format = Format::kText;
  if (std::optional<int> status = read_flags(*args, o, format)) return *status;
  const bool quiet = args->has("quiet");
  // Under MPI rank 0 alone opens the cache (analysis/engine/pool_ranks.h); the other ranks
  // stop with it when it cannot.
  std::unique_ptr<analysis::EvalCache> cache;
  if (auto path = args->get("eval-cache")) {
    absl::Status opened = absl::OkStatus();
    if (g_mpi->is_root()) {
      absl::StatusOr<std::unique_ptr<analysis::EvalCache>> c = analysis::EvalCache::open(*path);
      if (c.ok()) {
        cache = *std::move(c);
        po.cache = cache.get();
      } else {
        opened = c.status();
      }
    }
    if (g_mpi->size() > 1 && !g_mpi->all_gather(opened.ok() ? "" : "failed")[0].empty() &&
        opened.ok())
      opened = absl::UnknownError("could not be opened on rank 0");
    if (!opened.ok()) {
      std::cerr << "fairy-analyze: --eval-cache " << opened.message() << '\n';
      return 2;
    }
  }
  if (o.engine_positions && g_mpi->size() > 1) po.ranks = g_mpi;
  // The engines' warnings (from their threads) and the progress line share standard error.
  cli::ProgressLine engine_progress(!quiet && cli::ProgressLine::stderr_is_terminal());
  std::mutex stderr_mutex;
  if (!quiet)
    po.warn = [&](const std::string& w) {
      std::lock_guard<std::mutex> lock(stderr_mutex);
      engine_progress.clear();
      std::cerr << "fairy-analyze: " << w << '\n';
    };
  double progress_shown = -1;
  if (engine_progress.enabled())
    po.progress = [&](std::uint64_t done, std::uint64_t total) {
      const double now = engine_progress.seconds();
      if (done < total && now - progress_shown < 0.1) return;
      progress_shown = now;
      std::lock_guard<std::mutex> lock(stderr_mutex);
      engine_progress.show(absl::StrCat("engine: ", done, " of ", total, " positions"));
    };

  analysis::BatchOptions bo;
  bo.format.reset();
  // A game's JSON records take about 35 times its text: smaller batches keep the results of
  // the batches in flight to a few megabytes.
  if (o.positions) bo.pipeline.batch_bytes = std::size_t(128) << 10;
  if (!cli::batch_flags(*args, "fairy-analyze", bo)) return 2;
  // Under MPI each rank analyses a share of every input (analysis/batch/game_batch.h): the
  // other ranks send each game's facts to rank 0, which adds them up in input order.
  if (g_mpi->size() > 1) bo.collective = g_mpi;
  std::vector<std::string> files = cli::input_files(*args, "fairy-analyze");
  std::vector<analysis::OutputSpec> outputs;
  if (auto path = args->get("output")) outputs.push_back({"--output", *path});
  if (auto path = args->get("html")) outputs.push_back({"--html", *path});
  absl::StatusOr<std::unique_ptr<analysis::GameBatch>> opened =
      analysis::GameBatch::open(files, outputs, bo);
  if (!opened.ok()) {
    std::cerr << "fairy-analyze: " << opened.status().message() << '\n';
    return 2;
  }
  analysis::GameBatch& batch = **opened;
  cli::MainOutput out(batch, batch.output("--output"));
  if (g_mpi->size() > 1)
    batch.set_flush([&out] {
      out.flush();
      std::fflush(stdout);
    });
  if (o.positions && format == Format::kCsv) out.write(analysis::positions_csv_header(o.position));

  analysis::CollectionStats stats(o.stats);
  analysis::DistinctPositions distinct;
  analysis::JudgedGames judged;
  const bool judging = o.engine_positions && judge_flags.judging();
  bool unreadable = false;
  const Counts all = run(batch, o, out, stats, distinct, judging ? &judged : nullptr, quiet,
                         args->has("verbose"), unreadable);
  stats.add_filtered(all.filtered);
  if (!o.positions) write_tables(stats, format, o.position.csv_raw, files, batch, out);
  std::optional<analysis::EngineAnalysis> engine;
  std::optional<analysis::JudgementCounts> judgement;
  if (o.engine_positions && !g_mpi->is_root()) {
    // The positions are rank 0's (set_record_in above): this rank's pool searches those it
    // deals out.
    analysis::serve_evaluations(po);
  } else if (o.engine_positions) {
    own_search.threads = bo.pipeline.threads;
    engine = analysis::evaluate_distinct(distinct, po, own_search);
    if (po.ranks) analysis::end_evaluations(*po.ranks);
  }
  if (judging && engine) {
    const analysis::MoveJudge judge(judged, distinct, *engine);
    judgement = judge.counts();
    analyze_tool::write_judgement(judge_flags, judge, out, batch.output("--html"), files,
                                  report_date());
  }
  if (engine && judge_flags.report == analyze_tool::JudgeFlags::Report::kPositions) {
    std::string text;
    for (std::size_t i = 0; i < distinct.entries().size(); ++i) {
      analysis::write_evaluation_record(distinct, *engine, i, text);
      if (text.size() >= (std::size_t(64) << 10)) {
        out.write(text);
        text.clear();
      }
    }
    out.write(text);
  }
  out.flush();
  cli::warn_of_absent_tags("fairy-analyze", o.selection, all.where_tags, all.games, *g_mpi);
  if (files.size() > 1 && !quiet)
    std::cerr << summary("total", all, o.selection.any(), o.positions);
  engine_progress.clear();
  if (engine && !engine->pool.start_error.empty())
    std::cerr << "fairy-analyze: " << engine->pool.start_error << '\n';
  if (engine && !quiet) std::cerr << engine_summary(distinct, *engine, po);
  if (judgement && !quiet) std::cerr << analyze_tool::judgement_summary(*judgement);
  if (engine && !engine->pool.cache_status.ok())
    std::cerr << "fairy-analyze: --eval-cache " << engine->pool.cache_status.message()
              << " (the evaluations after it were not kept)\n";
  const std::vector<absl::Status> write_errors = batch.commit();
  for (const absl::Status& st : write_errors)
    std::cerr << "fairy-analyze: " << st.message() << " (the file is left as it was)\n";
  if (out.stdout_failed()) std::cerr << "fairy-analyze: " << out.stdout_error() << '\n';
  if (unreadable || !write_errors.empty() || out.stdout_failed()) return 2;
  if (engine && !engine->pool.cache_status.ok()) return 2;
  if (engine && engine->pool.failed > 0) return 3;
  return all.rejected ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun the ranks share every input out (analysis/batch/game_batch.h); rank 0 writes
  // what one process writes, and its exit status is the run's.
  fairykit::cli::MpiSession mpi(argc, argv);
  g_mpi = &mpi;
  mpi.quiet_unless_root();
  const int status = fairykit::cli::run_main("fairy-analyze", argc, argv, analyze_main);
  return mpi.exit_status(mpi.is_root() ? status : 0);
}
