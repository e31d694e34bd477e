#include "analysis/formats/json_game_writer.h"

#include "analysis/checking/online_game.h"
#include "analysis/checking/termination.h"
#include "analysis/formats/writer_common.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

namespace {

using namespace detail;

// A JSON string of `s`: appended whole when nothing in it needs escaping (tag values are
// mostly plain ASCII).
void append_json_plain_or_escaped(std::string& out, std::string_view s) {
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
      append_json_string(out, s);
      return;
    }
  }
  out += '"';
  out.append(s);
  out += '"';
}

// The clk, emt and eval commands of the main line's comments as arrays beside the moves
// ("clock" and "elapsed" in seconds, "eval" objects), each written when a move has one, null
// for the moves without. The comments themselves stay in the notes as they were read: these
// are values read from them, and a reader of the JSON takes the comments.
void write_commands_json(JsonWriter& w, const GameRecord& r) {
  using parsers::CommentCommands;
  const std::vector<CommentCommands> by_ply = commands_by_ply(r);
  bool clock = false, elapsed = false, eval = false;
  for (std::size_t p = 1; p < by_ply.size(); ++p) {
    clock = clock || by_ply[p].clock_ms != CommentCommands::kNone;
    elapsed = elapsed || by_ply[p].elapsed_ms != CommentCommands::kNone;
    eval = eval || by_ply[p].has_eval;
  }
  const auto time_array = [&](const char* name, std::int32_t CommentCommands::*field) {
    w.key(name).begin_array();
    for (std::size_t p = 1; p < by_ply.size(); ++p) {
      const std::int32_t ms = by_ply[p].*field;
      w.raw_value(ms == CommentCommands::kNone ? std::string("null") : seconds_text(ms));
    }
    w.end_array();
  };
  if (clock) time_array("clock", &CommentCommands::clock_ms);
  if (elapsed) time_array("elapsed", &CommentCommands::elapsed_ms);
  if (eval) {
    w.key("eval").begin_array();
    for (std::size_t p = 1; p < by_ply.size(); ++p) {
      const CommentCommands& c = by_ply[p];
      if (!c.has_eval) {
        w.raw_value("null");
        continue;
      }
      w.begin_object().key(c.mate ? "mate" : "cp").value(c.eval);
      if (c.depth >= 0) w.key("depth").value(c.depth);
      w.end_object();
    }
    w.end_array();
  }
}

// A line of moves (the main line or a variation) as JSON: its moves in the chosen arrays and
// its notes (NAGs, comments, variations) in input order, each at the ply of the move it
// follows. Recursive, one call per level: every reader refuses variations nested more than
// parsers::kMaxVariationDepth deep, so no record holds more.
void write_line_json(JsonWriter& w, const GameRecord& r, std::size_t& i, int first_ply,
                     const WriteOptions& o, bool main_line) {
  // Collect the moves first (arrays), then the notes.
  const std::size_t start = i;
  std::size_t end = i;
  int depth = 0;
  for (; end < r.items.size(); ++end) {
    const RecordItem& it = r.items[end];
    if (it.kind == RecordItem::kBeginVariation) ++depth;
    if (it.kind == RecordItem::kEndVariation) {
      if (depth == 0) break;
      --depth;
    }
  }
  // The moves of this line (at its own depth): the SAN and UCI arrays written straight
  // into the output, sized first (they need no escaping). Moves are a few characters: a
  // byte loop copies them faster than a call of memcpy each.
  const int line_depth = start < end ? r.items[start].depth : 0;
  std::size_t moves = 0, san_bytes = 0, uci_bytes = 0;
  for (std::size_t k = start; k < end; ++k) {
    const RecordItem& it = r.items[k];
    if (it.kind != RecordItem::kMove || it.depth != line_depth) continue;
    ++moves;
    san_bytes += it.san.size();
    uci_bytes += it.uci.size();
  }
  w.key("ply").value(first_ply);
  const auto move_array = [&](const char* name, std::size_t bytes, std::string RecordItem::*text) {
    std::string& out = w.key(name).value_slot();
    const std::size_t at = out.size();
    // "[" + ("\"" move "\"" ",")... + "]": 3 bytes a move, less the last comma.
    out.resize(at + 2 + bytes + 3 * moves - (moves ? 1 : 0));
    char* p = out.data() + at;
    *p++ = '[';
    bool first = true;
    for (std::size_t k = start; k < end; ++k) {
      const RecordItem& it = r.items[k];
      if (it.kind != RecordItem::kMove || it.depth != line_depth) continue;
      if (!first) *p++ = ',';
      first = false;
      *p++ = '"';
      p = copy_short(p, it.*text);
      *p++ = '"';
    }
    *p++ = ']';
  };
  move_array("san", san_bytes, &RecordItem::san);
  move_array("uci", uci_bytes, &RecordItem::uci);
  if (main_line && o.with_fen) {
    w.key("fen").begin_array();
    for (std::size_t k = start; k < end; ++k) {
      const RecordItem& it = r.items[k];
      if (it.kind == RecordItem::kMove && it.depth == 0) w.value(fen_text(r, o, it.fen));
    }
    w.end_array();
  }
  if (main_line && !r.commands.empty()) write_commands_json(w, r);
  // Notes.
  bool any = false;
  int ply = first_ply - 1;
  for (std::size_t k = start; k < end; ++k) {
    const RecordItem& it = r.items[k];
    if (it.kind == RecordItem::kMove) {
      ply = it.ply;
      continue;
    }
    if (it.kind == RecordItem::kEndVariation) continue;
    if (it.kind == RecordItem::kNag && !o.nags) continue;
    if (it.kind == RecordItem::kComment && !o.comments) continue;
    if (it.kind == RecordItem::kBeginVariation && !o.variations) {
      // Skip the whole variation.
      int d = 0;
      for (; k < end; ++k) {
        if (r.items[k].kind == RecordItem::kBeginVariation) ++d;
        if (r.items[k].kind == RecordItem::kEndVariation && --d == 0) break;
      }
      continue;
    }
    if (!any) {
      w.key("notes").begin_array();
      any = true;
    }
    w.begin_object().key("ply").value(ply);
    if (it.kind == RecordItem::kNag) {
      w.key("nag").value(it.nag);
      w.end_object();
    } else if (it.kind == RecordItem::kComment) {
      w.key("comment").value(it.san);
      w.end_object();
    } else {  // a variation: its first move replaces the move at `ply`
      std::size_t j = k + 1;
      w.key("variation").begin_object();
      write_line_json(w, r, j, ply, o, false);
      w.end_object().end_object();
      k = j;  // at its kEndVariation
    }
  }
  if (any) w.end_array();
  i = end;
}

// The game's data of online play read from its tags, each when known.
void write_online_json(JsonWriter& w, const GameRecord& r) {
  const OnlineGame g = read_online_game(r);
  if (!g.date.empty()) w.key("date").value(g.date);
  if (!g.utc.empty()) w.key("utc").value(g.utc);
  if (g.speed) w.key("speed").value(speed_name(*g.speed));
  if (const auto base = g.base_seconds()) w.key("clock_base").value(*base);
  if (const auto inc = g.increment_seconds()) w.key("clock_increment").value(*inc);
  const std::pair<const char*, const std::optional<std::int64_t>*> numbers[] = {
      {"white_elo", &g.white_elo},
      {"black_elo", &g.black_elo},
      {"white_rating_diff", &g.white_rating_diff},
      {"black_rating_diff", &g.black_rating_diff}};
  for (const auto& [name, n] : numbers)
    if (*n) w.key(name).value(**n);
}

}  // namespace

void write_game_json(JsonWriter& w, const GameRecord& r, const GameReport& report,
                     const std::string& result, const WriteOptions& o, std::string_view file,
                     const std::vector<Repair>& repairs) {
  w.begin_object();
  w.key("file").value(file).key("game").value(report.index).key("line").value(report.first_line);
  w.key("variant").value(variant_info(r.variant).name);
  // The tags object, written straight into the output.
  thread_local SortedTags tags;
  sort_tags(r, tags);
  {
    std::string& out = w.key("tags").value_slot();
    out += '{';
    for (int i = 0; i < 7; ++i) {
      if (i) out += ',';
      out += '"';
      out.append(kRoster[i]);
      out += "\":";
      append_json_plain_or_escaped(out,
                                   i == 6 ? std::string_view(result) : tags.roster[std::size_t(i)]);
    }
    for (std::size_t i : tags.others) {
      const auto& [name, value] = r.tags[i];
      if (name == "SetUp" || name == "FEN") continue;
      out += ',';
      append_json_plain_or_escaped(out, name);
      out += ':';
      append_json_plain_or_escaped(out, value);
    }
    out += '}';
  }
  if (!tags.repeats.empty()) {
    w.key("repeated_tags").begin_array();
    for (std::size_t i : tags.repeats)
      w.begin_object()
          .key("name")
          .value(r.tags[i].first)
          .key("value")
          .value(r.tags[i].second)
          .end_object();
    w.end_array();
  }
  if (writes_start(r, o, tags)) w.key("start_fen").value(fen_text(r, o, r.start_fen));
  w.key("result").value(result);
  const Termination ended = termination(r, result_code(result));
  w.key("termination").value(ended.what).key("termination_from").value(describe(ended.from));
  w.key("plies").value(r.plies);
  write_online_json(w, r);
  std::size_t i = 0;
  const int first = 1;
  // The main line: its fields directly in the game object.
  write_line_json(w, r, i, first, o, true);
  if (!report.diagnostics.empty() || !repairs.empty()) {
    w.key("diagnostics").begin_array();
    auto item = [&w](std::string_view severity, std::int64_t line, std::int64_t column, int ply,
                     const std::string& message) {
      w.begin_object()
          .key("severity")
          .value(severity)
          .key("line")
          .value(line)
          .key("column")
          .value(column)
          .key("ply")
          .value(ply)
          .key("message")
          .value(message)
          .end_object();
    };
    for (const Diagnostic& d : report.diagnostics)
      item(d.severity == parsers::Severity::kError ? "error" : "warning", d.line, d.column, d.ply,
           d.message);
    for (const Repair& x : repairs)
      item(x.repaired ? "note" : "warning", x.line, x.column, x.ply, x.message);
    w.end_array();
  }
  w.end_object();
}

}  // namespace fairykit::analysis
