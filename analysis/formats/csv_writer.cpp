#include "analysis/formats/csv_writer.h"

#include <vector>

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
  if (positions) return "file,game,ply,fen,move_san,move_uci\n";
  return "file,game,variant,Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO,"
         "plies,termination,termination_from,start_fen,san,uci\n";
}

void write_csv(const GameRecord& r, const std::string& result, bool positions,
               const WriteOptions& o, std::string_view file, std::int64_t index, std::string& out) {
  if (positions) {
    const std::vector<const RecordItem*> line = main_line(r);
    const int plies = int(line.size());
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
      out += '\n';
    };
    for_each_written_ply(plies, o, row);
    return;
  }
  csv_field(out, file, o.csv_raw);
  put(out, ",", index, ",", variant_info(r.variant).name);
  for (std::string_view t : {"Event", "Site", "Date", "Round", "White", "Black", "Result",
                             "WhiteElo", "BlackElo", "ECO"}) {
    out += ',';
    csv_field(out, t == "Result" ? std::string_view(result) : r.tag(t), o.csv_raw);
  }
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
