#include "analysis/statistics/positions.h"

#include <charconv>
#include <vector>

#include "analysis/io/csv.h"
#include "analysis/io/json.h"
#include "analysis/statistics/stats.h"
#include "rules/core/movegen.h"
#include "rules/game/game.h"

namespace fairykit::analysis {

namespace {

// The piece types each engine has on the board, in record order.
template <class G>
struct EnginePieces;
template <class V>
struct EnginePieces<ClassicGame<V>> {
  static constexpr std::span<const PieceType> kTypes = V::kPieceTypes;
};
template <>
struct EnginePieces<interweave::Position> {
  static constexpr std::array<PieceType, 5> kList = {PAWN, interweave::LEAPER, interweave::REMOVER,
                                                     interweave::SMASHER, KING};
  static constexpr std::span<const PieceType> kTypes = kList;
};
template <>
struct EnginePieces<fluidity::Position> {
  static constexpr std::array<PieceType, 5> kList = {KNIGHT, BISHOP, ROOK, QUEEN, KING};
  static constexpr std::span<const PieceType> kTypes = kList;
};

// Piece values of the Position<V> family and Fluidity (piece_value(); the types of these
// variants never mean two pieces).
constexpr std::array<int, PIECE_TYPE_NB> kValues = [] {
  std::array<int, PIECE_TYPE_NB> v{};
  constexpr int kFide[4] = {5, 3, 3, 9};  // the slots of kArmyPieces: R N B Q
  v[PAWN] = 1;
  for (const auto& army : kArmyPieces)
    for (int slot = 0; slot < 4; ++slot) v[army[slot]] = kFide[slot];
  v[AMAZON] = 9 + 3;    // Q + N
  v[EMPRESS] = 5 + 3;   // R + N
  v[PRINCESS] = 3 + 3;  // B + N
  v[VETERAN] = 3 + 3;   // a King's step (a commoner, 3) + N
  return v;
}();
static_assert(kValues[KNIGHT] == 3 && kValues[QUEEN] == 9 && kValues[KING] == 0);
static_assert(kValues[BEDE] == 5 && kValues[FIBNIF] == 3 && kValues[CHANCELLOR] == 9);

template <class G>
int value_in(PieceType pt) {
  if constexpr (std::is_same_v<G, interweave::Position>)
    return pt == KING ? 0 : 1;
  else
    return kValues[pt];
}

// Material on the board, through the engine's bitboards.
template <class G, class P>
void count_material(const P& pos, PositionFacts& f) {
  f.material = {};
  f.balance = 0;
  for (PieceType pt : EnginePieces<G>::kTypes) {
    const int white = popcount(pos.pieces(WHITE, pt));
    const int black = popcount(pos.pieces(BLACK, pt));
    f.material[WHITE][pt] = std::uint8_t(white);
    f.material[BLACK][pt] = std::uint8_t(black);
    f.balance += (white - black) * value_in<G>(pt);
  }
}

// The Position<V> family: moves and captures in one generation (CaptureCounter), the state
// from that count.
template <class V>
void engine_facts(ClassicGame<V>& g, PositionFacts& f) {
  const Position<V>& pos = g.position();
  CaptureCounter counter(pos.pieces(~pos.side_to_move()));
  generate_legal(pos, counter);
  f.legal = std::uint32_t(counter.count);
  f.captures = std::uint32_t(counter.captures);
  f.check = pos.in_check();
  f.end = game_state(pos, counter.count).end;
  count_material<ClassicGame<V>>(pos, f);
}

// Interweave: every legal turn captures when any does (compulsory capture), and a capturing
// turn is a chain of one or more steps.
void engine_facts(interweave::Position& g, PositionFacts& f) {
  thread_local interweave::MoveList list;
  g.generate_legal(list);
  f.legal = std::uint32_t(list.size());
  f.captures = 0;
  f.longest_chain = 0;
  for (const interweave::Move& m : list) {
    if (!m.is_capture()) continue;
    ++f.captures;
    if (m.size() > f.longest_chain) f.longest_chain = m.size();
  }
  f.chains = true;
  f.compulsory = f.captures > 0;
  f.check = false;
  f.end = g.state().end;
  count_material<interweave::Position>(g, f);
}

void engine_facts(fluidity::Position& g, PositionFacts& f) {
  fluidity::MoveList list;
  g.generate_legal(list);
  f.legal = std::uint32_t(list.size());
  f.captures = 0;
  for (const fluidity::Move m : list)
    if (g.victims(m)) ++f.captures;
  f.check = g.in_check();
  f.end = g.state().end;
  count_material<fluidity::Position>(g, f);
}

template <class T>
void append_number(std::string& out, T n) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

// The name of a piece as the records write it (JSON keys; CSV columns with '_' for blanks).
std::string record_piece_name(VariantId variant, PieceType pt, bool csv) {
  std::string name(piece_name(variant, pt));
  if (csv)
    for (char& c : name)
      if (c == ' ' || c == '-') c = '_';
  return name;
}

// Per variant, the `"name":` keys of the material object, indexed by piece type.
struct MaterialKeys {
  std::array<std::string, PIECE_TYPE_NB> key;
};
const MaterialKeys& material_keys(VariantId variant) {
  static const std::array<MaterialKeys, std::size_t(kLastVariantId) + 1> keys = [] {
    std::array<MaterialKeys, std::size_t(kLastVariantId) + 1> k;
    for (std::size_t v = 0; v < k.size(); ++v)
      for (PieceType pt : material_types(VariantId(v)))
        k[v].key[pt] = json_string(record_piece_name(VariantId(v), pt, false)) + ":";
    return k;
  }();
  return keys[std::size_t(variant)];
}

const char* flag(bool b) { return b ? "true" : "false"; }

}  // namespace

std::span<const PieceType> material_types(VariantId variant) {
  return visit_engine(variant, []<class G>() { return EnginePieces<G>::kTypes; });
}

bool has_chains(VariantId variant) {
  return visit_engine(variant, []<class G>() { return std::is_same_v<G, interweave::Position>; });
}

int piece_value(VariantId variant, PieceType type) {
  return visit_engine(variant, [&]<class G>() { return value_in<G>(type); });
}

void position_facts(AnyGame& game, int perft_depth, PositionFacts& f) {
  f.variant = game.variant().id;
  f.side = game.side_to_move();
  f.chains = false;
  f.compulsory = false;
  f.longest_chain = 0;
  game.visit([&](auto& g) {
    engine_facts(g, f);
    f.perft = perft_depth > 0 ? g.perft(perft_depth) : 0;
  });
}

std::string positions_csv_header(const PositionOptions& options) {
  std::string h = "file,game,ply,variant,fen,side,legal,captures,check,status";
  for (const char* colour : {",white_", ",black_"})
    for (PieceType pt : material_types(options.csv_variant))
      h.append(colour).append(record_piece_name(options.csv_variant, pt, true));
  h += ",balance";
  if (has_chains(options.csv_variant)) h += ",compulsory,longest_chain";
  if (options.perft_depth > 0) h += ",perft";
  h += '\n';
  return h;
}

bool csv_fits(const PositionOptions& options, VariantId variant) {
  const std::span<const PieceType> columns = material_types(options.csv_variant);
  for (PieceType pt : material_types(variant)) {
    bool found = false;
    for (PieceType c : columns)
      found = found || (c == pt && piece_name(variant, pt) == piece_name(options.csv_variant, c));
    if (!found) return false;
  }
  return has_chains(variant) == has_chains(options.csv_variant);
}

PositionWriter::PositionWriter(const PositionOptions& options)
    : options_(options),
      csv_types_(material_types(options.csv_variant)),
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
      for (PieceType pt : material_types(f.variant)) {
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
