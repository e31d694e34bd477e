#include "analysis/statistics/positions.h"

#include <charconv>
#include <vector>

#include "analysis/io/csv.h"
#include "analysis/io/json.h"
#include "rules/game/game.h"

namespace fairykit::analysis {

namespace {

// The facts of one engine's position: its counts of turns, and its material through its
// bitboards, valued by its own piece_value() (compiled in: no lookup per piece).
template <class G>
void engine_facts(const G& g, PositionFacts& f) {
  TurnCounts turns;
  g.count_turns(turns);
  f.legal = turns.legal;
  f.captures = turns.captures;
  f.longest_chain = turns.longest_chain;
  f.check = turns.check;
  f.end = turns.end;
  f.material = {};
  f.balance = 0;
  for (PieceType pt : G::kPieceTypes) {
    const int white = popcount(g.pieces(WHITE, pt));
    const int black = popcount(g.pieces(BLACK, pt));
    f.material[WHITE][pt] = std::uint8_t(white);
    f.material[BLACK][pt] = std::uint8_t(black);
    f.balance += (white - black) * G::piece_value(pt);
  }
}

template <class T>
void append_number(std::string& out, T n) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

// Per variant, the `"name":` keys of the material object, indexed by piece type.
struct MaterialKeys {
  std::array<std::string, PIECE_TYPE_NB> key;
};
const MaterialKeys& material_keys(VariantId variant) {
  static const std::array<MaterialKeys, std::size_t(kLastVariantId) + 1> keys = [] {
    std::array<MaterialKeys, std::size_t(kLastVariantId) + 1> k;
    for (std::size_t v = 0; v < k.size(); ++v)
      for (PieceType pt : piece_types(VariantId(v)))
        k[v].key[pt] = json_string(record_piece_name(VariantId(v), pt, false)) + ":";
    return k;
  }();
  return keys[std::size_t(variant)];
}

const char* flag(bool b) { return b ? "true" : "false"; }

}  // namespace

std::string record_piece_name(VariantId variant, PieceType pt, bool csv) {
  std::string name(piece_name(variant, pt));
  if (csv)
    for (char& c : name)
      if (c == ' ' || c == '-') c = '_';
  return name;
}

bool has_chains(VariantId variant) { return variant_info(variant).capture_chains; }

void position_facts(AnyGame& game, int perft_depth, PositionFacts& f) {
  f.variant = game.variant().id;
  f.side = game.side_to_move();
  game.visit([&](auto& g) {
    engine_facts(g, f);
    f.perft = perft_depth > 0 ? g.perft(perft_depth) : 0;
  });
  // Where capturing is compulsory, every legal turn captures when any does.
  f.chains = game.variant().capture_chains;
  f.compulsory = f.chains && f.captures > 0;
}

std::string positions_csv_header(const PositionOptions& options) {
  std::string h = "file,game,ply,variant,fen,side,legal,captures,check,status";
  for (const char* colour : {",white_", ",black_"})
    for (PieceType pt : piece_types(options.csv_variant))
      h.append(colour).append(record_piece_name(options.csv_variant, pt, true));
  h += ",balance";
  if (has_chains(options.csv_variant)) h += ",compulsory,longest_chain";
  if (options.perft_depth > 0) h += ",perft";
  h += '\n';
  return h;
}

bool csv_fits(const PositionOptions& options, VariantId variant) {
  const std::span<const PieceType> columns = piece_types(options.csv_variant);
  for (PieceType pt : piece_types(variant)) {
    bool found = false;
    for (PieceType c : columns)
      found = found || (c == pt && piece_name(variant, pt) == piece_name(options.csv_variant, c));
    if (!found) return false;
  }
  return has_chains(variant) == has_chains(options.csv_variant);
}

PositionWriter::PositionWriter(const PositionOptions& options)
    : options_(options),
      csv_types_(piece_types(options.csv_variant)),
      csv_chains_(has_chains(options.csv_variant)) {}

void PositionWriter::begin_game(std::string_view file, std::int64_t game, std::string& out) {
  out_ = &out;
  records_ = 0;
  prefix_.clear();
  if (options_.format == PositionFormat::kJsonl) {
    prefix_ = "{\"file\":";
    append_json_string(prefix_, file);
    prefix_ += ",\"game\":";
    append_number(prefix_, game);
    prefix_ += ",\"ply\":";
  } else {
    csv_field(prefix_, file, options_.csv_raw);
    prefix_ += ',';
    append_number(prefix_, game);
    prefix_ += ',';
  }
}

void PositionWriter::position(AnyGame& game, int ply) {
  position_facts(game, options_.perft_depth, facts_);
  ++records_;
  write_record(game, ply);
}

// The material changes at a capture or a promotion only: its text is kept from the
// position before and written again only when the counts changed.
const std::string& PositionWriter::material_text() {
  const PositionFacts& f = facts_;
  if (material_ready_ && f.variant == material_variant_ && f.material == material_)
    return material_text_;
  material_ready_ = true;
  material_variant_ = f.variant;
  material_ = f.material;
  std::string& out = material_text_;
  out.clear();
  if (options_.format == PositionFormat::kJsonl) {
    out += "\"material\":{\"white\":{";
    const MaterialKeys& keys = material_keys(f.variant);
    for (Color c : {WHITE, BLACK}) {
      if (c == BLACK) out += "},\"black\":{";
      bool first = true;
      for (PieceType pt : piece_types(f.variant)) {
        const int n = f.material[c][pt];
        if (n == 0) continue;
        if (!first) out += ',';
        first = false;
        out += keys.key[pt];
        append_number(out, n);
      }
    }
    out += "}},\"balance\":";
  } else {
    for (Color c : {WHITE, BLACK})
      for (PieceType pt : csv_types_) {
        append_number(out, int(f.material[c][pt]));
        out += ',';
      }
  }
  append_number(out, f.balance);
  return out;
}

// The text before each field of a record (after the ply) and after the last: JSON keys
// (the quotes of the string values included) or CSV commas.
enum Field {
  kVariant,
  kFen,
  kSide,
  kLegal,
  kCaptures,
  kCheck,
  kStatus,
  kMaterial,
  kCompulsory,
  kLongestChain,
  kPerft,
  kEnd,
  kFieldCount
};
constexpr std::array<std::string_view, kFieldCount> kJsonBefore = {
    ",\"variant\":\"",  "\",\"fen\":\"",       "\",\"side\":\"", "\",\"legal\":",
    ",\"captures\":",   ",\"check\":",         ",\"status\":\"", "\",",
    ",\"compulsory\":", ",\"longest_chain\":", ",\"perft\":",    "}\n"};
constexpr std::array<std::string_view, kFieldCount> kCsvBefore = {",", ",", ",", ",", ",", ",",
                                                                  ",", ",", ",", ",", ",", "\n"};

// The FENs the engines write are printable ASCII without '"' or '\\' (JSON writes them as they
// are); Interweave's en passant field holds a comma ("c3,d"), so CSV quotes such a FEN.
void PositionWriter::write_record(const AnyGame& game, int ply) {
  const bool csv = options_.format == PositionFormat::kCsv;
  const std::array<std::string_view, kFieldCount>& before = csv ? kCsvBefore : kJsonBefore;
  std::string& out = *out_;
  const PositionFacts& f = facts_;
  out += prefix_;
  append_number(out, ply);
  out += before[kVariant];
  out += variant_info(f.variant).name;
  out += before[kFen];
  const std::size_t fen_at = out.size();
  game.append_fen(out);
  if (csv) {
    // (No FEN of the engines starts like a formula; csv_field's rule is kept all the same.)
    if (!options_.csv_raw && csv_formula_cell(std::string_view(out).substr(fen_at)))
      out.insert(fen_at, 1, '\'');
    if (out.find(',', fen_at) != std::string::npos) {
      out.insert(fen_at, 1, '"');
      out += '"';
    }
  }
  out += before[kSide];
  out += f.side == WHITE ? "white" : "black";
  out += before[kLegal];
  append_number(out, f.legal);
  out += before[kCaptures];
  append_number(out, f.captures);
  out += before[kCheck];
  out += flag(f.check);
  out += before[kStatus];
  out += describe(f.end);
  out += before[kMaterial];
  out += material_text();
  if (csv ? csv_chains_ : f.chains) {
    out += before[kCompulsory];
    out += flag(f.compulsory);
    out += before[kLongestChain];
    append_number(out, f.longest_chain);
  }
  if (options_.perft_depth > 0) {
    out += before[kPerft];
    append_number(out, f.perft);
  }
  out += before[kEnd];
}

}  // namespace fairykit::analysis
