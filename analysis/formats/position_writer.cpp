#include "analysis/formats/position_writer.h"

#include <vector>

#include "analysis/formats/writer_common.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

namespace {

using detail::fen_text;
using detail::for_each_written_ply;
using detail::main_line;
using detail::put;

// The fields of a FEN, split at runs of spaces.
std::vector<std::string_view> fen_fields(std::string_view fen) {
  std::vector<std::string_view> f;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    const std::size_t b = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (i > b) f.push_back(fen.substr(b, i - b));
  }
  return f;
}

}  // namespace

void write_positions(const GameRecord& r, bool epd, const WriteOptions& o, std::string_view file,
                     std::int64_t index, std::string& out) {
  // The main-line moves in order, with the FEN after each.
  const std::vector<const RecordItem*> line = main_line(r);
  const int plies = int(line.size());
  auto emit = [&](int ply) {
    const std::string& fen = ply == 0 ? r.start_fen : line[std::size_t(ply - 1)]->fen;
    const std::string text = fen_text(r, o, fen);
    if (!epd) {
      out += text;
      out += '\n';
      return;
    }
    const std::vector<std::string_view> f = fen_fields(text);
    const bool fide = f.size() >= 6 && variant_info(r.variant).fen_fide_fields;
    if (fide) {
      put(out, f[0], " ", f[1], " ", f[2], " ", f[3]);
      put(out, " hmvc ", f[4], "; fmvn ", f[5], ";");
      if (f.size() >= 7) put(out, " armies \"", f[6], "\";");
    } else {
      out += text;
      out += ';';
    }
    if (r.variant != VariantId::kChess)
      put(out, " variant \"", variant_info(r.variant).name, "\";");
    if (ply < plies) put(out, " sm ", line[std::size_t(ply)]->san, ";");
    std::string id;
    put(id, file, " game ", index, " ply ", ply);
    out += " id \"";
    for (char c : id) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\";\n";
  };
  for_each_written_ply(plies, o, emit);
}

}  // namespace fairykit::analysis
