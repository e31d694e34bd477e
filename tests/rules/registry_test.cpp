// The variant registry and its dispatcher: every id of the Position<V> family reaches its
// own traits, and an id outside the family or outside VariantId aborts with a message
// instead of running as chess.
#include "rules/game/registry.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace fairykit {
namespace {

TEST(Registry, PositionFamilyDispatchesEveryIdToItsOwnTraits) {
  int family = 0;
  for (const VariantInfo& v : all_variants()) {
    if (!in_position_family(v.id)) continue;
    ++family;
    const std::string_view name = visit_variant(v.id, []<class V>() { return V::kName; });
    EXPECT_EQ(name, v.name);
    const std::string_view start = visit_variant(v.id, []<class V>() { return V::kStartFen; });
    EXPECT_EQ(start, v.start_fen) << v.name;
  }
  EXPECT_EQ(family, 4);
}

TEST(Registry, FamilyMembership) {
  std::string outside;
  for (const VariantInfo& v : all_variants())
    if (!in_position_family(v.id)) outside += std::string(v.name) + " ";
  EXPECT_EQ(outside, "interweave fluidity ");
  EXPECT_FALSE(in_position_family(static_cast<VariantId>(99)));
}

TEST(RegistryDeathTest, AnIdOutsideTheFamilyIsNotChess) {
  const auto visit = [](VariantId id) {
    return visit_variant(id, []<class V>() { return V::kName.size(); });
  };
  EXPECT_DEATH(visit(VariantId::kInterweave),
               "fairykit: internal error: visit_variant: variant id 4 is not handled");
  EXPECT_DEATH(visit(VariantId::kFluidity), "visit_variant: variant id 5 is not handled");
  // An id outside VariantId stops at the one switch every dispatch goes through.
  EXPECT_DEATH(visit(static_cast<VariantId>(99)),
               "visit_variant_type: variant id 99 is not handled");
  EXPECT_DEATH(variant_info(static_cast<VariantId>(99)),
               "variant_info: variant id 99 is not handled");
}

TEST(Registry, VariantInfoIsTheEntryOfTheId) {
  for (const VariantInfo& v : all_variants()) EXPECT_EQ(&variant_info(v.id), &v) << v.name;
}

// The properties that replace per-variant branches in game_start.cpp and
// variant_options.cpp: the registry is where a variant says what it takes and needs.
TEST(Registry, PropertiesOfEachVariant) {
  std::string armies, amazon, numbered, needs_fen, titles;
  for (const VariantInfo& v : all_variants()) {
    if (v.takes_armies) armies += std::string(v.name) + " ";
    if (v.takes_amazon_promotes) amazon += std::string(v.name) + " ";
    if (v.numbered_starts) {
      numbered += std::string(v.name) + " ";
      EXPECT_NE(v.numbered_start, nullptr) << v.name;
    } else {
      EXPECT_EQ(v.numbered_start, nullptr) << v.name;
    }
    if (v.start_needs_fen) needs_fen += std::string(v.name) + " ";
    titles += std::string(v.title) + " ";
  }
  EXPECT_EQ(armies, "cwda ");
  EXPECT_EQ(amazon, "superchess ");
  EXPECT_EQ(numbered, "chess960 superchess ");
  EXPECT_EQ(needs_fen, "superchess ");
  EXPECT_EQ(titles, "Chess Chess960 CWDA Superchess Interweave Fluidity ");
}

}  // namespace
}  // namespace fairykit
