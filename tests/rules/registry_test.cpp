// The variant registry and its dispatcher: every id of the Position<V> family reaches its
// own traits, and an id outside the family or outside VariantId aborts with a message
// instead of running as chess.
#include "rules/registry.h"

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
  EXPECT_DEATH(visit(static_cast<VariantId>(99)), "visit_variant: variant id 99 is not handled");
}

}  // namespace
}  // namespace fairykit
