#include "tools/fairy-analyze/engine_report.h"

#include "absl/strings/str_cat.h"
#include "analysis/statistics/report_html.h"
#include "analysis/statistics/stats.h"

namespace fairykit::analyze_tool {

namespace {

int usage_error(const std::string& msg) { return cli::usage_error("fairy-analyze", msg); }

}  // namespace

std::optional<int> read_judge_flags(const cli::Args& args, JudgeFlags& f) {
  if (!args.has("engine")) {
    for (const char* flag : {"report", "eval-graphs"})
      if (args.has(flag)) return usage_error(absl::StrCat("--", flag, " is about --engine"));
    return std::nullopt;
  }
  if (auto r = args.get("report")) {
    if (*r == "positions")
      f.report = JudgeFlags::Report::kPositions;
    else if (*r == "moves")
      f.report = JudgeFlags::Report::kMoves;
    else if (*r == "tables")
      f.report = JudgeFlags::Report::kTables;
    else
      return usage_error("--report wants positions, moves or tables, not '" + *r + "'");
  }
  const bool tables = f.report == JudgeFlags::Report::kTables;
  if (auto format = args.get("format")) {
    if (tables && *format == "text")
      f.format = JudgeFlags::Format::kText;
    else if (tables && *format == "json")
      f.format = JudgeFlags::Format::kJson;
    else if (tables && *format == "csv")
      f.format = JudgeFlags::Format::kCsv;
    else if (tables)
      return usage_error("--format with --report tables wants text, json or csv, not '" + *format +
                         "'");
    else if (*format != "jsonl")
      return usage_error(
          "--format with --engine wants jsonl (text, json or csv with --report "
          "tables), not '" +
          *format + "'");
  }
  f.csv_raw = args.has("csv-raw");
  if (f.csv_raw && !(tables && f.format == JudgeFlags::Format::kCsv))
    return usage_error("--csv-raw needs --format csv");
  f.html = args.has("html");
  f.eval_graphs = args.has("eval-graphs");
  if (f.eval_graphs && !f.html) return usage_error("--eval-graphs is about --html");
  if (!f.judging())
    for (const char* flag : {"rating-band", "top"})
      if (args.has(flag))
        return usage_error(
            absl::StrCat("--", flag, " with --engine is about --report tables or --html"));
  if (!cli::int_flag(args, "fairy-analyze", "rating-band", 10, 1000, f.options.rating_band))
    return 2;
  if (!cli::int_flag(args, "fairy-analyze", "top", 0, 1000000000, f.options.top)) return 2;
  return std::nullopt;
}

void write_judgement(const JudgeFlags& f, const analysis::MoveJudge& judge, cli::MainOutput& out,
                     analysis::OutputFile* html, const std::vector<std::string>& inputs,
                     const std::string& date) {
  std::string text;
  const analysis::TextSink to_out = [&out](std::string_view s) { out.write(s); };
  if (f.report == JudgeFlags::Report::kMoves) {
    judge.write_moves(text, to_out);
    out.write(text);
    text.clear();
  }
  std::vector<analysis::StatsTable> tables;
  if (f.report == JudgeFlags::Report::kTables || html) tables = judge.tables(f.options);
  if (f.report == JudgeFlags::Report::kTables) {
    if (f.format == JudgeFlags::Format::kText)
      analysis::write_stats_text(tables, text, to_out);
    else if (f.format == JudgeFlags::Format::kJson)
      analysis::write_stats_json(tables, text, to_out);
    else
      analysis::write_stats_csv(tables, f.csv_raw, text, to_out);
    out.write(text);
    text.clear();
  }
  if (html) {
    analysis::HtmlReportOptions ho;
    ho.title = "fairy-analyze engine report";
    ho.inputs = inputs;
    ho.date = date;
    if (f.eval_graphs)
      ho.eval_graphs = [&judge](const std::function<void(const analysis::EvalGraph&)>& each) {
        judge.for_each_graph(each);
      };
    analysis::write_html_report(tables, ho, text, [html](std::string_view s) { html->write(s); });
    html->write(text);
  }
}

std::string judgement_summary(const analysis::JudgementCounts& c) {
  std::string s = absl::StrCat("judgement: ", c.moves, c.moves == 1 ? " move" : " moves", " in ",
                               c.games, c.games == 1 ? " game" : " games", ": ", c.judged,
                               " judged, ", c.unjudged, " unjudged");
  if (c.unjudged > 0) s += " (a position before or after them has no evaluation)";
  absl::StrAppend(&s, "; ", c.games_with_accuracy, " of the games with an accuracy\n");
  return s;
}

}  // namespace fairykit::analyze_tool
