#include "rules/registry.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "rules/fen.h"

namespace fairykit {

namespace {

// The Chess960 start position with Scharnagl's number n (0-959): the light-squared Bishop on
// file b, d, f or h by n mod 4, the dark-squared one on a, c, e or g by (n / 4) mod 4, the
// Queen on the ((n / 16) mod 6)-th empty square, the Knights by the pattern n / 96 of the
// five squares left (0: NN---, 1: N-N--, ... 9: ---NN), then Rook, King, Rook. n = 518 is
// the standard array; the castling field is KQkq (X-FEN: the outermost Rooks).
std::string chess960_start_fen(int n) {
  n = ((n % 960) + 960) % 960;
  std::string rank = "........";
  rank[std::size_t(2 * (n % 4) + 1)] = 'B';  // light squares: b, d, f, h
  n /= 4;
  rank[std::size_t(2 * (n % 4))] = 'B';  // dark squares: a, c, e, g
  n /= 4;
  // The index-th empty square, counted from the a-file.
  auto place = [&](char letter, int index) {
    for (char& sq : rank)
      if (sq == '.' && index-- == 0) {
        sq = letter;
        return;
      }
  };
  place('Q', n % 6);
  n /= 6;
  // The Knights on two of the five squares left (Scharnagl's table, n = 0..9).
  static constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                          {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place('N', kKnights[n][1]);  // the later square first: placing it leaves the earlier index
  place('N', kKnights[n][0]);
  place('R', 0);
  place('K', 0);
  place('R', 0);
  std::string lower;
  for (char ch : rank) lower += char(std::tolower(static_cast<unsigned char>(ch)));
  return lower + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1";
}

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

const std::array<VariantInfo, 6> kVariants = {{
    {.id = VariantId::kChess,
     .name = ChessVariant::kName,
     .title = "Chess",
     .description = "standard chess (FIDE Laws)",
     .start_fen = ChessVariant::kStartFen,
     .aliases = kChessAliases},
    {.id = VariantId::kChess960,
     .name = Chess960Variant::kName,
     .title = "Chess960",
     .description = "Chess960 / Fischer Random: castling with the rooks of any start array",
     .start_fen = Chess960Variant::kStartFen,
     .aliases = kChess960Aliases,
     .numbered_starts = 960,
     .numbered_start = chess960_start_fen},
    {.id = VariantId::kCwda,
     .name = CwdaVariant::kName,
     .title = "CWDA",
     .description = "Chess with Different Armies (Betza): FIDE, Clobberers, Nutty Knights, "
                    "Rookies; FEN's 7th field names the armies",
     .start_fen = CwdaVariant::kStartFen,
     .aliases = kCwdaAliases,
     .takes_armies = true},
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
     .start_needs_fen = true},
    {.id = VariantId::kInterweave,
     .name = "interweave",
     .title = "Interweave",
     .description = "Interweave (Aronson): colour-bound pieces, compulsory capture chains; "
                    "vchess FEN with the promotion pool",
     .start_fen = "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"},
    {.id = VariantId::kFluidity,
     .name = "fluidity",
     .title = "Fluidity",
     .description = "Fluidity Chess (Grigoriev, pawnless): captures by dissection (B3 R3 Q6), "
                    "capturable Kings",
     .start_fen = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1",
     .aliases = kFluidityAliases},
}};

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
  for (const VariantInfo& v : kVariants)
    if (v.id == id) return v;
  unhandled_variant_id(id, "variant_info");
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

std::string variant_names() {
  std::string out;
  for (const VariantInfo& v : kVariants) {
    if (!out.empty()) out += ", ";
    out += v.name;
  }
  return out;
}

}  // namespace fairykit
