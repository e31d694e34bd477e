#include "analysis/formats/csv_writer.h"

#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/checking/online_game.h"
#include "analysis/checking/termination.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/writer_common.h"
#include "analysis/io/csv.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

using detail::fen_text;
using detail::for_each_written_ply;
using detail::main_line;
using detail::put;
using detail::standard_start;

std::string csv_header(bool positions) {
  if (positions)
    return "file,game,ply,fen,move_san,move_uci,clock,elapsed,spent,eval_cp,eval_mate,"
           "eval_depth\n";
  return "file,game,variant,Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO,"
         "TimeControl,speed,clock_base,clock_increment,WhiteRatingDiff,BlackRatingDiff,date_iso,"
         "utc,plies,termination,termination_from,start_fen,san,uci\n";
}

namespace {

// A number cell, empty when unknown (pandas reads the column as numbers without options).
void number_cell(std::string& out, const std::optional<std::int64_t>& n) {
  out += ',';
  if (n) absl::StrAppend(&out, *n);
}

// The values of the move `c` and its time `spent` (milliseconds): clock,elapsed,spent,
// eval_cp,eval_mate,eval_depth, each empty when unknown.
void move_cells(std::string& out, const parsers::CommentCommands& c, std::int32_t spent) {
  constexpr std::int32_t kNone = parsers::CommentCommands::kNone;
  for (std::int32_t ms : {c.clock_ms, c.elapsed_ms, spent}) {
    out += ',';
    if (ms != kNone) out += seconds_text(ms);
  }
  out += ',';
  if (c.has_eval && !c.mate) absl::StrAppend(&out, c.eval);
  out += ',';
  if (c.has_eval && c.mate) absl::StrAppend(&out, c.eval);
  out += ',';
  if (c.has_eval && c.depth >= 0) absl::StrAppend(&out, c.depth);
}

}  // namespace

void write_csv(const GameRecord& r, const std::string& result, bool positions,
               const WriteOptions& o, std::string_view file, std::int64_t index, std::string& out) {
  if (positions) {
    const std::vector<const RecordItem*> line = main_line(r);
    const int plies = int(line.size());
    // The commands and times of the moves, when the game has any.
    std::vector<parsers::CommentCommands> commands;
    std::vector<std::int32_t> spent;
    if (!r.commands.empty()) {
      commands = commands_by_ply(r);
      spent = move_times(r, read_online_game(r));
    }
    const parsers::CommentCommands none;
    auto row = [&](int ply) {
      csv_field(out, file, o.csv_raw);
      put(out, ",", index, ",", ply, ",");
      csv_field(out, fen_text(r, o, ply == 0 ? r.start_fen : line[std::size_t(ply - 1)]->fen),
                o.csv_raw);
      out += ',';
      if (ply < plies) {
        csv_field(out, line[std::size_t(ply)]->san, o.csv_raw);
        out += ',';
        csv_field(out, line[std::size_t(ply)]->uci, o.csv_raw);
      } else {
        out += ',';
      }
      // The row's move (ply + 1): what the comment after it says.
      const std::size_t next = std::size_t(ply) + 1;
      if (ply < plies && next < commands.size() && next < spent.size())
        move_cells(out, commands[next], spent[next]);
      else
        move_cells(out, none, parsers::CommentCommands::kNone);
      out += '\n';
    };
    for_each_written_ply(plies, o, row);
    return;
  }
  csv_field(out, file, o.csv_raw);
  put(out, ",", index, ",", variant_info(r.variant).name);
  const OnlineGame g = read_online_game(r);
  for (std::string_view t : {"Event", "Site", "Date", "Round", "White", "Black", "Result",
                             "WhiteElo", "BlackElo", "ECO", "TimeControl"}) {
    if (t == "WhiteElo" || t == "BlackElo") {
      number_cell(out, t == "WhiteElo" ? g.white_elo : g.black_elo);
      continue;
    }
    out += ',';
    csv_field(out, t == "Result" ? std::string_view(result) : r.tag(t), o.csv_raw);
  }
  out += ',';
  if (g.speed) out += speed_name(*g.speed);
  number_cell(out, g.base_seconds());
  number_cell(out, g.increment_seconds());
  number_cell(out, g.white_rating_diff);
  number_cell(out, g.black_rating_diff);
  put(out, ",", g.date, ",", g.utc);
  const Termination ended = termination(r, result_code(result));
  put(out, ",", r.plies, ",");
  csv_field(out, ended.what, o.csv_raw);
  put(out, ",", describe(ended.from), ",");
  if (!standard_start(r)) csv_field(out, fen_text(r, o, r.start_fen), o.csv_raw);
  std::string san, uci;
  for (const RecordItem& it : r.items) {
    if (it.kind != RecordItem::kMove || it.depth != 0) continue;
    if (!san.empty()) {
      san += ' ';
      uci += ' ';
    }
    san += it.san;
    uci += it.uci;
  }
  out += ',';
  csv_field(out, san, o.csv_raw);
  out += ',';
  csv_field(out, uci, o.csv_raw);
  out += '\n';
}

}  // namespace fairykit::analysis
