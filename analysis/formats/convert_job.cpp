#include "analysis/formats/convert_job.h"

#include <algorithm>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "analysis/checking/openings.h"
#include "analysis/formats/csv_writer.h"
#include "analysis/formats/json_game_writer.h"
#include "analysis/formats/pgn_writer.h"
#include "analysis/formats/position_writer.h"
#include "analysis/formats/read_game.h"
#include "analysis/formats/writer_common.h"
#include "analysis/io/json.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"

namespace fairykit::analysis {

std::optional<ConvertTarget> find_convert_target(std::string_view name) {
  static constexpr std::pair<std::string_view, ConvertTarget> kTargets[] = {
      {"pgn", ConvertTarget::kPgn},     {"fen", ConvertTarget::kFen},
      {"epd", ConvertTarget::kEpd},     {"json", ConvertTarget::kJson},
      {"jsonl", ConvertTarget::kJsonl}, {"csv", ConvertTarget::kCsv},
      {"svg", ConvertTarget::kSvg},     {"sqlite", ConvertTarget::kSqlite}};
  for (const auto& [n, target] : kTargets)
    if (name == n) return target;
  return std::nullopt;
}

absl::StatusOr<SplitKey> parse_split_key(std::string_view text) {
  SplitKey key;
  std::string_view tag = text;
  if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
    tag = text.substr(0, colon);
    const std::string_view form = text.substr(colon + 1);
    if (form != "year")
      return absl::InvalidArgumentError(
          absl::StrCat("--split-by ", parsers::quote_text(text), ": unknown form ",
                       parsers::quote_text(":" + std::string(form)), " (known: TAG:year)"));
    key.year = true;
  }
  const bool name = !tag.empty() && std::all_of(tag.begin(), tag.end(), [](char c) {
    return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (!name)
    return absl::InvalidArgumentError(
        absl::StrCat("--split-by wants a tag name (Event, ECO, Date:year, Variant...), not ",
                     parsers::quote_text(text)));
  key.tag = std::string(tag);
  return key;
}

std::string split_key_name(const SplitKey& key) {
  return key.year ? absl::StrCat(key.tag, ":year") : key.tag;
}

void set_record_needs(ConvertOptions& s) {
  s.record.variations = s.write.variations;
  const bool positions_out = s.to == ConvertTarget::kFen || s.to == ConvertTarget::kEpd ||
                             (s.to == ConvertTarget::kCsv && s.positions_csv) ||
                             s.to == ConvertTarget::kSvg;
  s.record.fens = positions_out || s.write.with_fen;
  // Positions of some plies only: their FENs only (and the final one).
  if (positions_out && !s.write.with_fen && s.to != ConvertTarget::kSqlite)
    s.record.fen_every = s.write.final_only || (s.to == ConvertTarget::kSvg && !s.svg_every)
                             ? 1000000000
                             : s.write.every;
  // SAN is written unless the output needs UCI only.
  s.record.san = !(s.to == ConvertTarget::kPgn && s.write.notation == Notation::kUci);
  s.record.keys = s.to == ConvertTarget::kSqlite || s.add_eco != ConvertOptions::Eco::kNone;
  s.record.tag_places = s.fix;
  // What the selection tests (keys for --reaches and --moves, claims, facts).
  add_selection_needs(s.selection, s.record, nullptr);
  // The clocks and evaluations of the comments as values (also under --no-comments: they are
  // data of the moves).
  s.record.commands = s.to == ConvertTarget::kJson || s.to == ConvertTarget::kJsonl ||
                      (s.to == ConvertTarget::kCsv && s.positions_csv) ||
                      s.to == ConvertTarget::kSqlite;
  add_selection_needs(s.selection, s.record, nullptr);
}

namespace {

void reject(ConvertedGame& c, const parsers::RawGame& game, std::int64_t column,
            const std::string& message) {
  c.report.index = game.index;
  c.report.first_line = game.first_line;
  Diagnostic d;
  d.severity = parsers::Severity::kError;
  d.line = game.first_line;
  d.column = column;
  d.message = message;
  c.report.diagnostics.push_back(std::move(d));
  ++c.report.errors;
  c.fate = ConvertFate::kRejected;
}

// A line of a FEN / EPD list as a game without moves.
bool read_position(const parsers::RawGame& game, const ConvertOptions& s, GameRecord& record,
                   ConvertedGame& c) {
  c.report = read_position_game(game, s.validate.default_variant, s.record.ep_field, record,
                                s.record.position_tests);
  if (c.report.valid()) return true;
  c.fate = ConvertFate::kRejected;
  return false;
}

// The result written into `result`; false when the game is rejected: it is invalid, and
// (--fix-result) not only for a result the final position decides otherwise.
bool settle_result(const ConvertOptions& s, const GameRecord& record, ConvertedGame& c,
                   std::string& result) {
  if (c.report.valid()) {
    result = game_result(record, s.fix_result, &c.fix);
    return true;
  }
  bool only_result = s.fix_result;
  for (const Diagnostic& d : c.report.diagnostics)
    if (d.severity == parsers::Severity::kError && !d.about_result) only_result = false;
  if (!only_result) return false;
  result = game_result(record, true, &c.fix);
  if (!c.fix.fixed) return false;
  // The errors about the result are now notes of the fix.
  std::erase_if(c.report.diagnostics, [](const Diagnostic& d) {
    return d.about_result && d.severity == parsers::Severity::kError;
  });
  c.report.errors = 0;
  return true;
}

// --to svg: the final position, or every Nth ply of the main line. False (the game rejected)
// when a position cannot be drawn.
bool draw_diagrams(const parsers::RawGame& game, const ConvertOptions& s, const GameRecord& record,
                   ConvertedGame& c) {
  std::vector<std::pair<int, const std::string*>> positions;
  const std::vector<const RecordItem*> line = detail::main_line(record);
  auto fen_at = [&](int ply) { return ply == 0 ? &record.start_fen : &line[ply - 1]->fen; };
  if (s.svg_every) {
    for (int ply = 0; ply <= int(line.size()); ply += s.write.every)
      positions.emplace_back(ply, fen_at(ply));
  } else {
    positions.emplace_back(int(line.size()), fen_at(int(line.size())));
  }
  AnyGame& g = thread_game(variant_info(record.variant));
  for (const auto& [ply, fen] : positions) {
    if (absl::Status st = g.set_up(*fen); !st.ok()) {
      reject(c, game, 1, absl::StrCat("cannot draw ply ", ply, ": ", std::string(st.message())));
      c.svgs.clear();
      return false;
    }
    absl::StatusOr<std::string> svg = render_svg(g, s.svg);
    if (!svg.ok() && !s.svg.moves_of.empty()) {
      // The options were checked before the run: what fails is --moves-of in this
      // position (no piece on the square...), which does not make the game invalid.
      SvgOptions without = s.svg;
      without.moves_of.clear();
      absl::StatusOr<std::string> plain = render_svg(g, without);
      if (plain.ok()) {
        c.notes.push_back(absl::StrCat("ply ", ply, ": ", std::string(svg.status().message()),
                                       "; drawn without them"));
        svg = std::move(plain);
      }
    }
    if (!svg.ok()) {
      reject(c, game, 1, std::string(svg.status().message()));
      c.svgs.clear();
      return false;
    }
    c.svgs.emplace_back(absl::StrCat("game-", game.index, "-ply-", ply, ".svg"), std::move(*svg));
  }
  return true;
}

// --add-eco: the tags of the game's opening, in place of any it had (ECO, Opening, Variation,
// SubVariation); nothing changes for a game without a named position.
bool name_opening(ConvertOptions::Eco how, GameRecord& record) {
  const absl::StatusOr<OpeningBook>& book = OpeningBook::builtin();
  if (!book.ok()) return false;  // (the tests rule out broken embedded data)
  const std::optional<OpeningMatch> m =
      how == ConvertOptions::Eco::kFirst ? book->classify_first(record) : book->classify(record);
  if (!m) return false;
  std::erase_if(record.tags, [](const std::pair<std::string, std::string>& t) {
    return t.first == "ECO" || t.first == "Opening" || t.first == "Variation" ||
           t.first == "SubVariation";
  });
  // "Sicilian Defense: Najdorf Variation, English Attack": the opening before the colon, the
  // variation after it.
  const std::string_view name = m->opening->name;
  const std::size_t colon = name.find(':');
  record.tags.emplace_back("ECO", m->opening->eco);
  record.tags.emplace_back("Opening", std::string(name.substr(0, colon)));
  if (colon != std::string_view::npos) {
    std::string_view variation = name.substr(colon + 1);
    while (!variation.empty() && variation.front() == ' ') variation.remove_prefix(1);
    if (!variation.empty()) record.tags.emplace_back("Variation", std::string(variation));
  }
  return true;
}

// ConvertedGame::split_value of the game.
void split_value(const GameRecord& record, const SplitKey& key, ConvertedGame& c) {
  std::string_view value;
  if (key.tag == "Variant") {
    value = variant_info(record.variant).name;
  } else {
    for (const auto& [tag, v] : record.tags) {
      if (tag == key.tag) {
        value = v;
        break;
      }
    }
  }
  if (key.year) {
    const bool year = value.size() >= 4 && std::all_of(value.begin(), value.begin() + 4,
                                                       [](char d) { return d >= '0' && d <= '9'; });
    value = year ? value.substr(0, 4) : std::string_view();
  }
  c.has_split_value = !value.empty() && value != "?";
  if (c.has_split_value) c.split_value.assign(value);
}

// --annotate: the game's evaluations from the cache written into it. A game whose replay did
// not reach its end (rejected, but for a result --fix-result corrects) is not annotated.
void annotate(const ConvertOptions& s, GameRecord& record,
              const std::vector<LinePosition>& positions, ConvertedGame& c) {
  if (positions.size() != std::size_t(record.plies) + 1) {
    c.annotated.unevaluated += std::uint64_t(record.plies);
    return;
  }
  thread_local std::vector<std::optional<Evaluation>> evals;
  s.annotate->evaluate(variant_info(record.variant), positions, evals);
  AnnotateOptions o;
  o.variations = s.write.variations;
  o.san = s.record.san;
  o.uci = s.record.uci;
  o.uci_castling = s.record.uci_castling;
  o.commands = s.record.commands;
  annotate_game(record, positions, evals, o, c.annotated);
}

// The game, selected, in the target form.
void write_game(const parsers::RawGame& game, const ConvertOptions& s, std::string_view file,
                const GameRecord& record, const std::string& result, ConvertedGame& c) {
  c.out.reserve(game.text.size() * 2 + 256);  // about what any form of the game takes
  switch (s.to) {
    case ConvertTarget::kPgn:
      write_pgn(record, result, s.write, c.out);
      break;
    case ConvertTarget::kFen:
    case ConvertTarget::kEpd:
      write_positions(record, s.to == ConvertTarget::kEpd, s.write, file, game.index, c.out);
      break;
    case ConvertTarget::kJson:
    case ConvertTarget::kJsonl: {
      JsonWriter w(c.out);
      write_game_json(w, record, c.report, result, s.write, file, c.repairs);
      if (s.to == ConvertTarget::kJsonl) c.out += '\n';
      break;
    }
    case ConvertTarget::kCsv:
      write_csv(record, result, s.positions_csv, s.write, file, game.index, c.out);
      break;
    case ConvertTarget::kSvg:
      draw_diagrams(game, s, record, c);
      break;
    case ConvertTarget::kSqlite:
      make_db_game(record, c.report, result, s.write.with_fen, c.db);
      for (const Repair& r : c.repairs)
        c.db.diagnostics.push_back(
            {r.repaired ? "note" : "warning", r.line, r.column, r.ply, r.message});
      if (c.fix.fixed)
        c.db.diagnostics.push_back(
            {"note", game.first_line, 0, 0,
             absl::StrCat("result \"", parsers::message_text(c.fix.from), "\" corrected to \"",
                          c.fix.to, "\" (", c.fix.reason, ")")});
      break;
  }
}

}  // namespace

void convert_game(const parsers::RawGame& game, const ConvertOptions& s, std::string_view file,
                  ConvertedGame& c) {
  c.report = GameReport{};
  c.fate = ConvertFate::kRejected;
  if (c.out.capacity() > (4u << 20)) std::string().swap(c.out);  // after a huge game
  c.out.clear();
  c.digest = {};
  c.fix = {};
  c.repairs.clear();
  c.named = false;
  c.annotated = {};
  c.svgs.clear();
  c.notes.clear();
  c.db = {};
  c.where_tags = 0;
  c.has_split_value = false;
  c.split_value.clear();
  thread_local GameRecord record;
  // --annotate: the main line's positions as the replay sees them, to look them up.
  thread_local std::vector<LinePosition> positions;
  positions.clear();
  if (game.format == parsers::RecordFormat::kPositions) {
    if (!read_position(game, s, record, c)) return;
  } else {
    LinePositions collector(positions);
    RecordOptions ro = s.record;
    if (s.annotate) ro.positions = &collector;
    c.report =
        read_game(game, s.validate, record, ro,
                  s.vchess && game.format == parsers::RecordFormat::kPgn && game.notes.empty());
  }
  if (!s.selection.where.empty()) c.where_tags = where_tags_present(record, s.selection);
  // The repairs come before the selection and the result: both read the repaired tags. A game
  // that stays invalid is reported as it was read.
  thread_local GameReport as_read;
  const bool repairing = s.fix && game.format != parsers::RecordFormat::kPositions;
  std::size_t repaired_size = 0;
  if (repairing) {
    as_read = c.report;
    repair_game(record, c.report, c.repairs);
    repaired_size = c.report.diagnostics.size();
  }
  // A game rejected after the repairs: the report as read, with the errors added since.
  auto unrepair = [&] {
    if (!repairing) return;
    for (std::size_t i = repaired_size; i < c.report.diagnostics.size(); ++i) {
      Diagnostic& d = c.report.diagnostics[i];
      (d.severity == parsers::Severity::kError ? as_read.errors : as_read.warnings)++;
      as_read.diagnostics.push_back(std::move(d));
    }
    c.report = std::move(as_read);
    c.repairs.clear();
  };
  // A game the tags leave out is filtered out even when it is invalid: it was not asked for.
  // (A valid game is tested once, below.)
  if (s.selection.any() && !c.report.valid() && !selected(record, false, s.selection)) {
    c.fate = ConvertFate::kFiltered;
    return;
  }
  std::string result;
  if (!settle_result(s, record, c, result)) {
    c.fate = ConvertFate::kRejected;
    unrepair();
    return;
  }
  if (s.selection.any() && !selected(record, true, s.selection)) {
    c.fate = ConvertFate::kFiltered;
    return;
  }
  if (s.write.fen_dialect != FenDialectId::kNative) {
    absl::StatusOr<std::string> f =
        fen_in_dialect(variant_info(record.variant), record.start_fen, s.write.fen_dialect);
    if (!f.ok()) {
      reject(c, game, 1, std::string(f.status().message()));
      unrepair();
      return;
    }
  }
  if (s.dedupe) c.digest = game_digest(record);
  if (s.add_eco != ConvertOptions::Eco::kNone) c.named = name_opening(s.add_eco, record);
  if (s.annotate) annotate(s, record, positions, c);
  c.fate = ConvertFate::kWritten;
  if (s.split_by) split_value(record, *s.split_by, c);
  write_game(game, s, file, record, result, c);
  if (c.fate == ConvertFate::kRejected) unrepair();
}

void ConvertCounts::add(const ConvertCounts& o) {
  read += o.read;
  written += o.written;
  filtered += o.filtered;
  rejected += o.rejected;
  duplicates += o.duplicates;
  fixed += o.fixed;
  warnings += o.warnings;
  named += o.named;
  repairs += o.repairs;
  annotated += o.annotated;
  unevaluated += o.unevaluated;
}

namespace {

// "1 game", "2 games" (as fairy-validate writes its summary).
std::string count(std::uint64_t n, const char* noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}

}  // namespace

std::string convert_summary(const std::string& name, const ConvertCounts& c, bool annotate) {
  std::string s = absl::StrCat(name, ": ", count(c.read, "game"), " read: ", c.written,
                               " written, ", c.filtered, " filtered out");
  if (c.duplicates) absl::StrAppend(&s, " (", count(c.duplicates, "duplicate"), ")");
  absl::StrAppend(&s, ", ", c.rejected, " rejected");
  if (c.fixed) absl::StrAppend(&s, "; ", count(c.fixed, "result"), " fixed");
  if (c.repairs) absl::StrAppend(&s, "; ", count(c.repairs, "repair"));
  if (c.named) absl::StrAppend(&s, "; ", count(c.named, "opening"), " named");
  if (annotate)
    absl::StrAppend(&s, "; ", count(c.annotated, "move"), " annotated, ", c.unevaluated,
                    " without an evaluation in the cache");
  absl::StrAppend(&s, "; ", count(c.warnings, "warning"), "\n");
  return s;
}

ConvertTally::Goes ConvertTally::take(const ConvertedGame& c) {
  ++counts_.read;
  where_tags_seen_ |= c.where_tags;
  counts_.warnings += std::uint64_t(c.report.warnings);
  if (c.fate == ConvertFate::kRejected) {
    ++counts_.rejected;
    return Goes::kRejected;
  }
  if (c.fate == ConvertFate::kWritten && dedupe_ && !seen_.insert(c.digest).second) {
    ++counts_.filtered;
    ++counts_.duplicates;
    return Goes::kDuplicate;
  }
  if (c.fate == ConvertFate::kFiltered) {
    ++counts_.filtered;
    return Goes::kFiltered;
  }
  if (c.fix.fixed) ++counts_.fixed;
  if (c.named) ++counts_.named;
  counts_.annotated += c.annotated.annotated;
  counts_.unevaluated += c.annotated.unevaluated;
  ++counts_.written;
  counts_.warnings += c.notes.size();
  for (const Repair& r : c.repairs) ++(r.repaired ? counts_.repairs : counts_.warnings);
  return Goes::kWritten;
}

ConvertCounts ConvertTally::end_input() { return std::exchange(counts_, ConvertCounts{}); }

bool is_diagram_name(std::string_view name) {
  auto number = [&name] {
    std::size_t digits = 0;
    while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9') ++digits;
    name.remove_prefix(digits);
    return digits > 0;
  };
  auto text = [&name](std::string_view t) {
    if (!name.starts_with(t)) return false;
    name.remove_prefix(t.size());
    return true;
  };
  return number() && text("-game-") && number() && text("-ply-") && number() && name == ".svg";
}

}  // namespace fairykit::analysis
