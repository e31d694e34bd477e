#include "analysis/checking/position_line.h"

#include <vector>

#include "absl/strings/str_split.h"
#include "analysis/checking/validate.h"
#include "parsers/fen.h"

namespace fairykit::analysis {

absl::StatusOr<PositionLine> read_position_line(std::string_view line, VariantId default_variant) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.remove_suffix(1);
  PositionLine out;
  const VariantInfo* variant = &variant_info(default_variant);
  out.game = &thread_game(*variant);
  absl::Status st = out.game->set_up(line);
  if (st.ok()) return out;
  // An EPD line: four fields and operations; or the whole FEN, then ';' and the operations.
  absl::StatusOr<parsers::EpdRecord> epd = parsers::parse_epd(line);
  const std::size_t semi = line.find(';');
  if (!epd.ok() && semi != std::string_view::npos) {
    absl::StatusOr<parsers::EpdRecord> ops =
        parsers::parse_epd("8/8/8/8/8/8/8/8 w - - " + std::string(line.substr(semi + 1)));
    if (ops.ok()) epd = std::move(ops);
  }
  if (!epd.ok()) return st;
  auto operand = [&](std::string_view name) -> const std::string* {
    const parsers::EpdOperation* op = epd->Find(name);
    return op && !op->operands.empty() ? &op->operands[0] : nullptr;
  };
  // The position: the first four fields as written, then the clocks.
  const std::vector<std::string> fields =
      absl::StrSplit(std::string(line), absl::ByAnyChar(" \t"), absl::SkipEmpty());
  std::string hmvc = "0", fmvn = "1";
  if (epd->position.halfmove_clock) hmvc = epd->position.halfmove_clock->text;
  if (epd->position.fullmove_number) fmvn = epd->position.fullmove_number->text;
  if (const std::string* v = operand("hmvc")) hmvc = *v;
  if (const std::string* v = operand("fmvn")) fmvn = *v;
  if (const std::string* v = operand("variant"))
    if (const VariantInfo* named = find_variant(*v)) variant = named;
  std::string fen;
  for (std::size_t i = 0; i < 4 && i < fields.size(); ++i) fen += fields[i] + " ";
  fen += hmvc + " " + fmvn;
  if (const std::string* v = operand("armies")) fen += " " + *v;
  out.game = &thread_game(*variant);
  absl::Status st2 = out.game->set_up(fen);
  if (!st2.ok() && semi != std::string_view::npos) {
    if (absl::Status st3 = out.game->set_up(line.substr(0, semi)); st3.ok()) st2 = st3;
  }
  if (!st2.ok()) return st;
  if (const std::string* v = operand("id")) out.id = *v;
  return out;
}

void add_position_warnings(const PositionLine& line, std::int64_t line_number, GameReport& report) {
  for (const std::string& w : line.game->fen_warnings()) {
    Diagnostic d;
    d.severity = parsers::Severity::kWarning;
    d.line = line_number;
    d.column = 1;
    d.message = w;
    report.diagnostics.push_back(std::move(d));
    ++report.warnings;
  }
}

}  // namespace fairykit::analysis
