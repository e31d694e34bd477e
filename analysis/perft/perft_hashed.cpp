// The hashed perft kernels (hashed_perft() of analysis/perft/perft_table.h), compiled here alone:
// the profile-guided build compiles this file with a profile of its own, trained with a
// deep hashed count as well (cmake/pgo-train.sh, analysis/CMakeLists.txt). That profile
// speeds the hashed kernel up but would slow the other tools if given to the whole program,
// and the plain perft kernel if given to analysis/perft/perft.cpp (it shows their code as cold
// next to the deep count).
#include <cstdint>
#include <optional>
#include <type_traits>

#include "analysis/perft/perft_table.h"
#include "rules/core/perft.h"
#include "rules/game/game.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

namespace {

// Any engine through its own interface (Interweave, Fluidity).
template <class G>
std::uint64_t engine_perft(G& g, int depth, PerftTable& table, Key salt, PerftTable::Stats& st) {
  if (depth <= 1) return depth <= 0 ? 1 : g.count_legal();
  const Key key = g.key() ^ salt;
  ++st.probes;
  if (std::optional<std::uint64_t> hit = table.probe(key, depth)) {
    ++st.hits;
    return *hit;
  }
  typename G::MoveList moves;
  g.generate_legal(moves);
  std::uint64_t nodes = 0;
  for (const auto& m : moves) {
    g.do_move(m);
    nodes += depth == 2 ? g.count_legal() : engine_perft(g, depth - 1, table, salt, st);
    g.undo_move();
  }
  if (table.store(key, depth, nodes)) ++st.stores;
  return nodes;
}

// The same for the Position<V> family, on the position itself (a StateInfo on the stack
// per ply, as the unhashed kernel of rules/core/perft.h), without the adapter's move stack. The
// children are looked up before they are made: their keys come from keys_after(), all their
// buckets are prefetched at once (the misses overlap), and a child found in the table is
// never made. The children of nodes of depth 2 are counted in bulk (the generator's
// counting sink), their counts kept in the leaf region.

// The count of the node `pos` at `depth` (2 or more) after its own lookup missed.
template <class V>
std::uint64_t expand(Position<V>& pos, int depth, PerftTable& table, Key salt,
                     PerftTable::Stats& st) {
  MoveList<V> moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  StateInfo state;
  // The children of a node of depth 2 are leaves: their counts go to the leaf region,
  // when the table has one.
  const bool leaves = depth == 2;
  if (leaves && !table.has_leaves()) {
    const CheckInfo<V> ci = pos.check_info();
    for (Move m : moves) nodes += count_after(pos, m, state, 0, ci);  // (no key: not read)
    return nodes;
  }
  Key keys[MoveList<V>::kCapacity];
  const std::size_t n = moves.size();
  pos.keys_after(moves.begin(), n, salt, keys);
  for (std::size_t i = 0; i < n; ++i) {
    if (leaves)
      table.prefetch_leaf(keys[i]);
    else
      table.prefetch(keys[i]);
  }
  (leaves ? st.leaf_probes : st.probes) += n;
  const CheckInfo<V> ci = pos.check_info();  // (while the prefetches are under way)
  for (std::size_t i = 0; i < n; ++i) {
    const std::optional<std::uint64_t> hit =
        leaves ? table.probe_leaf(keys[i]) : table.probe(keys[i], depth - 1);
    if (hit) {
      ++(leaves ? st.leaf_hits : st.hits);
      nodes += *hit;
      continue;
    }
    const Move m = moves[i];
    std::uint64_t child;
    if (leaves) {
      child = count_after(pos, m, state, keys[i] ^ salt, ci);
    } else {
      pos.do_move(m, state, keys[i] ^ salt, ci);
      child = expand(pos, depth - 1, table, salt, st);
      pos.undo_move(m);
    }
    if (leaves ? table.store_leaf(keys[i], child) : table.store(keys[i], depth - 1, child))
      ++(leaves ? st.leaf_stores : st.stores);
    nodes += child;
  }
  return nodes;
}

template <class V>
std::uint64_t position_perft(Position<V>& pos, int depth, PerftTable& table, Key salt,
                             PerftTable::Stats& st) {
  if (depth <= 1) return depth <= 0 ? 1 : count_legal(pos);
  const Key key = pos.key() ^ salt;
  ++st.probes;
  if (std::optional<std::uint64_t> hit = table.probe(key, depth)) {
    ++st.hits;
    return *hit;
  }
  const std::uint64_t nodes = expand(pos, depth, table, salt, st);
  if (table.store(key, depth, nodes)) ++st.stores;
  return nodes;
}

template <class G>
struct IsClassicGame : std::false_type {};
template <class V>
struct IsClassicGame<ClassicGame<V>> : std::true_type {};

}  // namespace

template <class G>
std::uint64_t hashed_perft(G& g, int depth, PerftTable& table, Key salt, PerftTable::Stats& st) {
  if constexpr (IsClassicGame<G>::value)
    return position_perft(g.position(), depth, table, salt, st);
  else
    return engine_perft(g, depth, table, salt, st);
}

// Every engine of the registry, by its place in VariantTypes.
#define FAIRYKIT_HASHED_PERFT(I) \
  template std::uint64_t hashed_perft(EngineAt<I>&, int, PerftTable&, Key, PerftTable::Stats&);
FAIRYKIT_FOR_EACH_VARIANT_INDEX(FAIRYKIT_HASHED_PERFT)
#undef FAIRYKIT_HASHED_PERFT

}  // namespace fairykit::analysis
