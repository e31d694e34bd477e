// position_fen(): "startpos" or a FEN, with the variant options applied (CwDA's armies).
#include "rules/game/variant_options.h"

#include <gtest/gtest.h>

#include <string>

namespace fairykit {
namespace {

std::string Fen(std::string_view variant, std::string_view fen, VariantOptions options = {}) {
  absl::StatusOr<std::string> r = position_fen(*find_variant(variant), fen, options);
  return r.ok() ? *r : "ERROR " + std::string(r.status().message());
}

TEST(PositionFen, StartposIsTheVariantsStartAndAFenPassesThrough) {
  EXPECT_EQ(Fen("chess", "startpos"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(Fen("fluidity", "startpos"), "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(Fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // Amazon promotion is applied at set-up, not in the FEN.
  EXPECT_EQ(Fen("superchess", "startpos", {.amazon_promotes = true}),
            std::string(find_variant("superchess")->start_fen));
}

TEST(PositionFen, CwdaArmiesGiveTheStartOrTheArmiesOfAFenThatNamesNone) {
  EXPECT_EQ(Fen("cwda", "startpos", {.armies = "CN"}),
            "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN");
  EXPECT_EQ(Fen("cwda", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", {.armies = "RC"}),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 RC");
  EXPECT_EQ(Fen("cwda", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(Fen("chess", "startpos", {.armies = "CN"}), "ERROR armies apply to cwda only");
}

// The registry says which options a variant takes; the tools' messages come from it.
TEST(VariantOptions, TheRegistryNamesTheVariantsThatTakeEachOption) {
  EXPECT_EQ(variants_where([](const VariantInfo& v) { return v.takes_armies; }), "cwda");
  EXPECT_EQ(variants_where([](const VariantInfo& v) { return v.takes_amazon_promotes; }),
            "superchess");
  EXPECT_EQ(variants_where([](const VariantInfo& v) { return v.numbered_starts > 0; }),
            "chess960, superchess");
  EXPECT_EQ(find_variant("chess960")->numbered_starts, 960);
  EXPECT_EQ(find_variant("superchess")->numbered_starts, 1728);
  EXPECT_TRUE(valid_armies("CN"));
  EXPECT_FALSE(valid_armies("CX"));
  EXPECT_FALSE(valid_armies("CNF"));
  // Superchess's numbered arrays are XBoard's shuffle numbers: 0 is the default array.
  EXPECT_EQ(numbered_start_fen(*find_variant("superchess"), 0),
            std::string(find_variant("superchess")->start_fen));
  EXPECT_NE(numbered_start_fen(*find_variant("superchess"), 1727),
            numbered_start_fen(*find_variant("superchess"), 0));
  // Chess960's are Scharnagl's numbers: 518 is the standard array.
  EXPECT_EQ(numbered_start_fen(*find_variant("chess960"), 518),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(numbered_start_fen(*find_variant("chess960"), 0),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  EXPECT_EQ(numbered_start_fen(*find_variant("chess960"), 959),
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
}

TEST(VariantOptionsDeathTest, NumberedStartsOfAVariantWithoutThem) {
  EXPECT_DEATH(numbered_start_fen(*find_variant("chess"), 0),
               "numbered_start_fen: variant id 0 is not handled");
}

}  // namespace
}  // namespace fairykit
