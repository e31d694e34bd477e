#include "rules/game/registry.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "rules/game/game.h"
#include "rules/notation/cwda_fen.h"
#include "rules/notation/fen.h"

namespace fairykit {

namespace {

// "From Position" is what lichess writes for standard chess from a set-up position.
constexpr std::array<std::string_view, 5> kChessAliases = {"standard", "normal", "fide",
                                                           "from position", "orthodox"};
constexpr std::array<std::string_view, 5> kChess960Aliases = {"fischerandom", "fischerrandom",
                                                              "frc", "chess 960", "fischer random"};
constexpr std::array<std::string_view, 3> kCwdaAliases = {
    "chess with different armies", "chesswithdifferentarmies", "different armies"};
// "super" is XBoard's name (PGN [Variant "super"]); Superschaak is the Dutch original.
constexpr std::array<std::string_view, 3> kSuperchessAliases = {"super", "superschaak",
                                                                "super chess"};

// "Fluidity Chess" is the name on the Chess Variant Pages.
constexpr std::array<std::string_view, 1> kFluidityAliases = {"fluidity chess"};

constexpr std::array<VariantInfo, std::size_t(kLastVariantId) + 1> kVariants = {{
    {.id = VariantId::kChess,
     .name = ChessVariant::kName,
     .title = "Chess",
     .description = "standard chess (FIDE Laws)",
     .start_fen = ChessVariant::kStartFen,
     .aliases = kChessAliases,
     .eco_openings = true},
    {.id = VariantId::kChess960,
     .name = Chess960Variant::kName,
     .title = "Chess960",
     .description = "Chess960 / Fischer Random: castling with the rooks of any start array",
     .start_fen = Chess960Variant::kStartFen,
     .aliases = kChess960Aliases,
     .numbered_starts = 960,
     .numbered_start = chess960_start_fen,
     .uci_chess960 = true},
    {.id = VariantId::kCwda,
     .name = CwdaVariant::kName,
     .title = "CWDA",
     .description = "Chess with Different Armies (Betza): FIDE, Clobberers, Nutty Knights, "
                    "Rookies; FEN's 7th field names the armies",
     .start_fen = CwdaVariant::kStartFen,
     .aliases = kCwdaAliases,
     .takes_armies = true,
     .uci_variant = "cwda",
     .uci_variant_of_armies = cwda_engine_variant,
     .army_pairing = cwda_army_pairing},
    {.id = VariantId::kSuperchess,
     .name = SuperchessVariant::kName,
     .title = "Superchess",
     .description = "Superchess (XBoard 'super', set I): Amazon A, Empress E, Princess S, "
                    "Veteran V; promotion from the pool",
     .start_fen = SuperchessVariant::kStartFen,
     .aliases = kSuperchessAliases,
     .takes_amazon_promotes = true,
     .numbered_starts = 1728,
     .numbered_start = superchess_start_fen,
     .start_needs_fen = true,
     .uci_variant = "superchess",
     .start_array = white_back_rank},
    {.id = VariantId::kInterweave,
     .name = "interweave",
     .title = "Interweave",
     .description = "Interweave (Aronson): colour-bound pieces, compulsory capture chains; "
                    "vchess FEN with the promotion pool",
     .start_fen = "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000",
     .uci_variant = "interweave",
     .uci_engine = false,
     .fen_fide_fields = false,
     .fen_ply_field = 2,
     .capture_chains = true},
    {.id = VariantId::kFluidity,
     .name = "fluidity",
     .title = "Fluidity",
     .description = "Fluidity Chess (Grigoriev, pawnless): captures by dissection (B3 R3 Q6), "
                    "capturable Kings",
     .start_fen = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1",
     .aliases = kFluidityAliases,
     .uci_variant = "fluidity",
     .uci_engine = false,
     .move_rule = GameEnd::kTwentyFiveMoveRule},
}};

// In id order: variant_info() is a look-up by index, cheap enough for every game.
constexpr bool in_id_order() {
  for (std::size_t i = 0; i < kVariants.size(); ++i)
    if (kVariants[i].id != static_cast<VariantId>(i)) return false;
  return true;
}
static_assert(in_id_order(), "kVariants lists the variants in VariantId order");

std::string normalise(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '-' && c != '_') out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::span<const VariantInfo> all_variants() { return kVariants; }

void unhandled_variant_id(VariantId id, const char* where) {
  std::fprintf(stderr, "fairykit: internal error: %s: variant id %d is not handled\n", where,
               static_cast<int>(id));
  std::abort();
}

const VariantInfo& variant_info(VariantId id) {
  const auto i = static_cast<std::size_t>(id);
  if (i >= kVariants.size()) unhandled_variant_id(id, "variant_info");
  return kVariants[i];
}

const VariantInfo* find_variant(std::string_view name) {
  const std::string key = normalise(name);
  for (const VariantInfo& v : kVariants) {
    if (normalise(v.name) == key) return &v;
    for (std::string_view a : v.aliases)
      if (normalise(a) == key) return &v;
  }
  return nullptr;
}

std::span<const PieceType> piece_types(VariantId variant) {
  return visit_engine(variant,
                      []<class G>() { return std::span<const PieceType>(G::kPieceTypes); });
}

std::string_view piece_name(VariantId variant, PieceType type) {
  if (type == NO_PIECE_TYPE) return "?";
  return visit_engine(variant, [&]<class G>() { return G::piece_name(type); });
}

int piece_value(VariantId variant, PieceType type) {
  return visit_engine(variant, [&]<class G>() { return G::piece_value(type); });
}

std::string variant_names() {
  std::string out;
  for (const VariantInfo& v : kVariants) {
    if (!out.empty()) out += ", ";
    out += v.name;
  }
  return out;
}

}  // namespace fairykit
