// visit_engine() and visit_own_engine(): every registry id reaches the engine that plays it
// (its start position is the registry's), and an id an engine dispatcher does not handle
// aborts with a message instead of running as another variant.
#include <gtest/gtest.h>

#include <string>

#include "rules/game/game.h"

namespace fairykit {
namespace {

TEST(EngineDispatch, EveryVariantReachesTheEngineThatPlaysIt) {
  for (const VariantInfo& v : all_variants()) {
    const std::string fen = visit_engine(v.id, [&]<GameEngine G>() {
      G g;
      EXPECT_TRUE(g.set_fen(v.start_fen).ok()) << v.name;
      return g.fen();
    });
    EXPECT_EQ(fen, v.start_fen) << v.name;
  }
}

TEST(EngineDispatchDeathTest, AnIdTheDispatcherDoesNotHandleAborts) {
  const auto own = [](VariantId id) {
    return visit_own_engine(id, []<GameEngine G>() { return sizeof(G); });
  };
  EXPECT_DEATH(own(VariantId::kChess),
               "fairykit: internal error: visit_own_engine: variant id 0 is not handled");
  EXPECT_DEATH(own(VariantId::kSuperchess), "visit_own_engine: variant id 3 is not handled");
  const auto any = [](VariantId id) {
    return visit_engine(id, []<GameEngine G>() { return sizeof(G); });
  };
  EXPECT_DEATH(any(static_cast<VariantId>(99)), "variant id 99 is not handled");
}

}  // namespace
}  // namespace fairykit
