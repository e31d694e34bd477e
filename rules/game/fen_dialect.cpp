#include "rules/game/fen_dialect.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "parsers/fen.h"
#include "rules/game/any_game.h"
#include "rules/notation/cwda_fen.h"
#include "rules/notation/fen.h"

namespace fairykit {

namespace {

constexpr std::array<FenDialectInfo, 5> kDialects = {{
    {FenDialectId::kNative, "native", "fairykit's FEN of each game (the default)"},
    {FenDialectId::kVchess, "vchess",
     "vchess.club: board turn plies castling-flags ep (chess, Chess960, CWDA, Interweave)"},
    {FenDialectId::kXogo, "xogo",
     "xogo.fun: board turn plies and a JSON tail (chess, Chess960, CWDA)"},
    {FenDialectId::kPychess, "pychess",
     "pychess-variants / Fairy-Stockfish FEN (chess, Chess960 with Shredder letters, CWDA)"},
    {FenDialectId::kXboard, "xboard",
     "XBoard/WinBoard FEN (chess, Chess960 with Shredder letters, Superchess with holdings)"},
}};

// Why `d` has no form for the game `v`, or empty when it has one.
std::string_view no_form_reason(VariantId v, FenDialectId d) {
  switch (d) {
    case FenDialectId::kNative:
      return {};
    case FenDialectId::kVchess:
      if (v == VariantId::kSuperchess || v == VariantId::kFluidity)
        return "vchess.club does not play it";
      return {};
    case FenDialectId::kXogo:
      if (v == VariantId::kInterweave) return "xogo.fun has not ported it from vchess";
      if (v == VariantId::kSuperchess || v == VariantId::kFluidity)
        return "xogo.fun does not play it";
      return {};
    case FenDialectId::kPychess:
      if (v == VariantId::kSuperchess)
        return "neither pychess-variants nor Fairy-Stockfish has it built in";
      if (v == VariantId::kInterweave || v == VariantId::kFluidity)
        return "neither pychess-variants nor Fairy-Stockfish plays it";
      return {};
    case FenDialectId::kXboard:
      if (v == VariantId::kCwda)
        return "XBoard has no built-in CWDA: an engine defines its piece letters";
      if (v == VariantId::kInterweave || v == VariantId::kFluidity)
        return "XBoard does not play it";
      return {};
  }
  return "unknown dialect";
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

// vchess's FEN of a game without armies (chess, Chess960): `board turn plies flags ep`. The
// flags are the files of the castling partners, White's queen side, king side, then
// Black's; 'i' (the column past the board) is a lost right.
absl::StatusOr<std::string> vchess_chess_fen(const Setup& s, std::string_view native) {
  const std::vector<std::string_view> f = split(native);
  const std::int64_t plies =
      2 * std::int64_t(s.fullmove_number - 1) + (s.side_to_move == BLACK ? 1 : 0);
  if (plies > parsers::kMaxFenCounter)
    return absl::InvalidArgumentError(
        absl::StrCat("native FEN fullmove number field: move ", s.fullmove_number, " is ply ",
                     plies, ", beyond the largest vchess ply count, ", parsers::kMaxFenCounter));
  std::string flags;
  for (Color c : {WHITE, BLACK})
    for (bool king_side : {false, true}) {
      const Square rook = s.castling_rooks[std::size_t(castling_index(c, king_side))];
      flags += rook == SQ_NONE ? 'i' : char('a' + file_of(rook));
    }
  return absl::StrCat(std::string(f[0]), " ", std::string(f[1]), " ", plies, " ", flags, " ",
                      square_name(s.ep_square));
}

// vchess text (`board turn plies flags ep [armies]`) -> xogo's: the same first three fields
// and a JSON tail in xogo's key order, "armies" (CwDA), "flags" (base-36 file numbers, 8 a
// lost right), "enpassant" (xogo's coordinates, row from rank 8 then column).
std::string xogo_from_vchess(std::string_view vchess) {
  const std::vector<std::string_view> f = split(vchess);
  std::string flags;
  for (char c : f[3]) flags += c >= 'a' && c <= 'h' ? char('0' + (c - 'a')) : '8';
  std::string ep = "-";
  if (f[4].size() == 2) {  // an algebraic square: row from rank 8, then column
    ep.assign(1, char('0' + 8 - (f[4][1] - '0')));
    ep += char('0' + (f[4][0] - 'a'));
  }
  std::string json = "{";
  if (f.size() > 5) absl::StrAppend(&json, "\"armies\":\"", std::string(f[5]), "\",");
  absl::StrAppend(&json, "\"flags\":\"", flags, "\",\"enpassant\":\"", ep, "\"}");
  return absl::StrCat(std::string(f[0]), " ", std::string(f[1]), " ", std::string(f[2]), " ", json);
}

template <class V>
absl::StatusOr<std::string> family_fen(const std::string& native, FenDialectId d) {
  absl::StatusOr<Setup> s = setup_from_fen(native, fen_dialect<V>());
  if (!s.ok()) return s.status();  // not reached: the engine wrote `native`
  FenWriteOptions write;
  if constexpr (V::kChess960) write.castling = CastlingStyle::kShredder;
  switch (d) {
    case FenDialectId::kNative:
      return native;
    case FenDialectId::kVchess:
    case FenDialectId::kXogo: {
      absl::StatusOr<std::string> vchess =
          V::kArmies ? native_to_vchess_fen(native) : vchess_chess_fen(*s, native);
      if (!vchess.ok() || d == FenDialectId::kVchess) return vchess;
      return xogo_from_vchess(*vchess);
    }
    case FenDialectId::kPychess:
      if constexpr (V::kArmies) return native_to_pychess_fen(native);
      return setup_to_fen(*s, fen_dialect<V>(), write);
    case FenDialectId::kXboard:
      write.holdings = V::kPromotionPool;
      return setup_to_fen(*s, fen_dialect<V>(), write);
  }
  return absl::InternalError("unknown FEN dialect");
}

}  // namespace

std::span<const FenDialectInfo> all_fen_dialects() { return kDialects; }

std::optional<FenDialectId> find_fen_dialect(std::string_view name) {
  for (const FenDialectInfo& d : kDialects) {
    if (d.name.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < name.size() && same; ++i)
      same = std::tolower(static_cast<unsigned char>(name[i])) == d.name[i];
    if (same) return d.id;
  }
  return std::nullopt;
}

std::string_view fen_dialect_name(FenDialectId d) {
  for (const FenDialectInfo& info : kDialects)
    if (info.id == d) return info.name;
  return "unknown";
}

std::string fen_dialect_names() {
  std::string out;
  for (const FenDialectInfo& d : kDialects)
    absl::StrAppend(&out, out.empty() ? "" : ", ", std::string(d.name));
  return out;
}

bool fen_dialect_has_form(const VariantInfo& variant, FenDialectId d) {
  return no_form_reason(variant.id, d).empty();
}

absl::StatusOr<std::string> fen_in_dialect(const VariantInfo& variant, std::string_view native_fen,
                                           FenDialectId d) {
  if (const std::string_view why = no_form_reason(variant.id, d); !why.empty())
    return absl::InvalidArgumentError(
        absl::StrCat("the ", std::string(fen_dialect_name(d)), " FEN dialect has no form for ",
                     std::string(variant.title), " (", std::string(why), ")"));
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(variant, native_fen);
  if (!game.ok()) return game.status();
  const std::string native = (*game)->fen();
  if (in_position_family(variant.id))
    return visit_variant(variant.id, [&]<class V>() { return family_fen<V>(native, d); });
  if (variant.id == VariantId::kInterweave && d == FenDialectId::kVchess) {
    // Native is vchess's FEN plus fairykit's halfmove clock, a 6th field when not 0.
    std::vector<std::string_view> f = split(native);
    f.resize(std::min<std::size_t>(f.size(), 5));
    std::string out;
    for (std::string_view field : f)
      absl::StrAppend(&out, out.empty() ? "" : " ", std::string(field));
    return out;
  }
  return native;  // d is native (no_form_reason above)
}

FenDialectId engine_fen_dialect(const VariantInfo& variant) {
  return fen_dialect_has_form(variant, FenDialectId::kPychess) ? FenDialectId::kPychess
                                                               : FenDialectId::kNative;
}

namespace {

// The promotion letter of a CWDA move in pychess letters is the fifth character ("e7e8a");
// `letter` maps it.
std::string map_cwda_promotion(const VariantInfo& variant, std::string_view uci, FenDialectId d,
                               char (*letter)(char)) {
  std::string out(uci);
  if (variant.id == VariantId::kCwda && d == FenDialectId::kPychess && out.size() == 5)
    out[4] = letter(out[4]);
  return out;
}

}  // namespace

std::string uci_move_to_dialect(const VariantInfo& variant, std::string_view uci, FenDialectId d) {
  return map_cwda_promotion(variant, uci, d, native_to_pychess_letter);
}

std::string uci_move_from_dialect(const VariantInfo& variant, std::string_view uci,
                                  FenDialectId d) {
  return map_cwda_promotion(variant, uci, d, pychess_to_native_letter);
}

}  // namespace fairykit
