// What fairy-analyze --engine writes once the positions are evaluated, besides the records of
// the distinct positions: the moves judged (--report moves), their tables (--report tables,
// in --format text, json or csv) and the web page (--html, with --eval-graphs a graph per
// game); analysis/statistics/move_judgement.h does the judging.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/io/output_file.h"
#include "analysis/statistics/move_judgement.h"
#include "tools/common/cli.h"
#include "tools/common/main_output.h"

namespace fairykit::analyze_tool {

struct JudgeFlags {
  enum class Report { kPositions, kMoves, kTables };
  enum class Format { kText, kJson, kCsv };
  Report report = Report::kPositions;
  Format format = Format::kText;  // of the tables
  bool csv_raw = false;
  bool html = false;
  bool eval_graphs = false;
  analysis::JudgementOptions options;
  // Whether the games' moves are kept to be judged (not for the positions' records alone).
  bool judging() const { return report != Report::kPositions || html; }
};

// The flags of the judgement with --engine (--report, --format, --csv-raw, --rating-band,
// --top, --html, --eval-graphs), or, without it, a refusal of those that need it. The exit
// status when they are wrong (the message printed).
std::optional<int> read_judge_flags(const cli::Args& args, JudgeFlags& flags);

// Writes the judgement that `flags` ask for: the moves or the tables to `out`, the web page
// to `html` (nullptr: none; `inputs` and `date` go in its header).
void write_judgement(const JudgeFlags& flags, const analysis::MoveJudge& judge,
                     cli::MainOutput& out, analysis::OutputFile* html,
                     const std::vector<std::string>& inputs, const std::string& date);

// "moves: 74 in 3 games, 70 judged, 4 unjudged (...)\n" for standard error.
std::string judgement_summary(const analysis::JudgementCounts& counts);

}  // namespace fairykit::analyze_tool
