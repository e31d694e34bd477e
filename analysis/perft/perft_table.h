// Hashed perft: a transposition table of subtree counts, shared by the threads without
// locks, and the perft of any game engine (rules/core/game_engine.h) that looks its subtrees up
// in it. The unhashed kernels (rules/core/perft.h, the engines' perft()) are untouched: a run
// without a table never reaches this code.
//
// An entry is two 64-bit words, each written and read with one relaxed atomic access:
//   data  = count << 8 | depth        (depth 2..64; 0 marks an empty slot)
//   check = key ^ data
// A reader takes both words and accepts the entry only if check ^ data equals its own
// 64-bit key and the depth is the one it asks for. Two threads writing the same slot may
// leave the words of different writes (a torn entry); then check ^ data is, in general, no
// key the reader looks for, and the entry is ignored. So a count is taken from the table
// only when the full 64-bit key and the depth match: a wrong count needs two positions
// with the same 64-bit Zobrist key (or a torn pair of words whose XOR happens to equal a
// key), about one chance in 2^64 per lookup. Subtree counts of 2^56 or more are not stored.
//
// Buckets of four entries, one cache line each; a store replaces the entry of the same
// key and depth if there is one, else the shallowest entry of the bucket (an empty one
// first), so the deep subtrees, those that save the most, stay.
//
// The leaf region (an eighth of a table of 512 KiB or more, at most 4 MiB, so that it
// stays mostly in the processor's caches) holds move counts (depth 1) of the Position<V>
// family, one 64-bit word per position: the high 56 bits of the key and the count. Its
// index is the low bits of the key (at least 8 of them), so here too a count is taken only
// for the full 64-bit key. A depth-1 count is cheap to compute, but at the parents of the
// leaves the lookups of all the children overlap (prefetched at once), and about a third
// of the children are found (Kiwipete depth 6), each saving a move made, counted and taken
// back.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "rules/core/perft.h"
#include "rules/core/types.h"
#include "rules/game/game.h"

namespace fairykit::analysis {

__extension__ typedef unsigned __int128 Count128;  // root totals past 2^64

// The decimal text of `n`.
std::string count_text(Count128 n);

class PerftTable {
 public:
  static constexpr std::size_t kBucketBytes = 64;
  static constexpr int kWays = 4;
  static constexpr std::uint64_t kMaxCount = (std::uint64_t{1} << 56) - 1;
  // The leaf region: 2^k one-word slots, k >= kMinLeafBits (so that the index and the 56
  // stored bits cover the whole key), counts up to kMaxLeafCount.
  static constexpr int kMinLeafBits = 8;
  static constexpr std::uint64_t kMaxLeafCount = 254;
  // with_bytes() gives the leaf region an eighth of the table, a power of two of at most
  // kMaxLeafBytes (the region should stay in the processor's caches), and none to tables
  // under kMinLeafTableBytes.
  static constexpr std::size_t kMaxLeafBytes = std::size_t{4} << 20;
  static constexpr std::size_t kMinLeafTableBytes = std::size_t{512} << 10;

  // A table of at most `bytes` bytes (at least one bucket), zeroed, its pages set up by
  // `threads` threads (populate()).
  static std::unique_ptr<PerftTable> with_bytes(std::size_t bytes, int threads = 1) {
    std::size_t leaf_bytes = 0;
    if (bytes >= kMinLeafTableBytes)
      leaf_bytes = std::min(kMaxLeafBytes, std::bit_floor(bytes / 8));
    auto table = std::make_unique<PerftTable>(
        std::max<std::size_t>(1, (bytes - leaf_bytes) / kBucketBytes), leaf_bytes / 8);
    table->populate(threads);
    return table;
  }
  // `buckets` buckets of subtree counts and `leaf_slots` (0, or a power of two of at least
  // 2^kMinLeafBits) slots of leaf counts, zeroed. Throws std::bad_alloc when there is not
  // enough memory. On Linux a table of 2 MiB or more is mapped: the leaf region first, in
  // 2 MiB pages when it fills one or more (madvise; its tens of millions of lookups then
  // find their page in the first-level TLB), then the buckets in the system's pages. The
  // buckets are not asked for 2 MiB pages: where the host of a virtual machine takes freed
  // memory back, the kernel's zeroing of fresh 2 MiB pages can cost several times that of
  // 4 KiB pages, and their lookups are too few (a few million) for the TLB to matter.
  explicit PerftTable(std::size_t buckets, std::size_t leaf_slots = 0)
      : buckets_(buckets), leaf_mask_(leaf_slots ? leaf_slots - 1 : 0) {
    if (leaf_slots && (!std::has_single_bit(leaf_slots) || leaf_slots < (1u << kMinLeafBits)))
      throw std::invalid_argument("PerftTable: leaf slots must be a power of two >= 256");
    const std::size_t leaf_bytes = leaf_slots * sizeof(std::uint64_t);
    const std::size_t bucket_bytes = buckets * kBucketBytes;
#ifdef __linux__
    if (leaf_bytes + bucket_bytes >= kHugePage) {
      // The leaf region from a 2 MiB boundary (the mapping has room to move it there), the
      // buckets after it on a page boundary.
      const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
      const std::size_t leaf_span = (leaf_bytes + page - 1) / page * page;
      raw_bytes_ = kHugePage + leaf_span + bucket_bytes;
      void* p =
          mmap(nullptr, raw_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      mapped_ = true;
      raw_ = p;
      char* base = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(p) + kHugePage - 1) &
                                           ~std::uintptr_t(kHugePage - 1));
      if (leaf_slots) leaves_ = reinterpret_cast<std::uint64_t*>(base);
      table_ = reinterpret_cast<Bucket*>(base + leaf_span);
      if (leaf_bytes >= kHugePage)
        madvise(base, leaf_bytes / kHugePage * kHugePage, MADV_HUGEPAGE);  // a hint
      return;
    }
#endif
    raw_bytes_ = leaf_bytes + bucket_bytes;
    raw_ = std::calloc(raw_bytes_ + kBucketBytes, 1);
    if (!raw_) throw std::bad_alloc();
    const std::uintptr_t p = reinterpret_cast<std::uintptr_t>(raw_);
    table_ = reinterpret_cast<Bucket*>((p + kBucketBytes - 1) & ~std::uintptr_t(kBucketBytes - 1));
    if (leaf_slots) leaves_ = reinterpret_cast<std::uint64_t*>(table_ + buckets);
  }
  ~PerftTable() {
#ifdef __linux__
    if (mapped_) {
      munmap(raw_, raw_bytes_);
      return;
    }
#endif
    std::free(raw_);
  }
  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;

  // Sets the pages of the buckets up now, split over `threads` threads, rather than one by
  // one at their first touch during the count (Linux, MADV_POPULATE_WRITE: one pass of the
  // kernel per share, in parallel). Elsewhere nothing.
  void populate(int threads);

  std::size_t buckets() const { return buckets_; }
  std::size_t leaf_slots() const { return leaves_ ? leaf_mask_ + 1 : 0; }
  std::size_t bytes() const {
    return buckets_ * kBucketBytes + leaf_slots() * sizeof(std::uint64_t);
  }

  // The count stored for `key` at `depth`, if any.
  std::optional<std::uint64_t> probe(Key key, int depth) const {
    const Bucket& b = bucket(key);
    for (const Entry& e : b.entries) {
      const std::uint64_t data = load(e.data);
      const std::uint64_t check = load(e.check);
      if ((check ^ data) == key && int(data & 0xff) == depth) return data >> 8;
    }
    return std::nullopt;
  }

  // Asks the processor to bring the bucket of `key` into the cache: a lookup soon after
  // finds it there (hashed perft prefetches the buckets of all the children of a node
  // before it probes the first).
  void prefetch(Key key) const { __builtin_prefetch(&bucket(key)); }

  // Stores `count` for `key` at `depth` (2..255); false when the count is too large.
  bool store(Key key, int depth, std::uint64_t count) {
    if (count > kMaxCount) return false;
    Bucket& b = bucket(key);
    Entry* victim = &b.entries[0];
    int victim_depth = 256;
    for (Entry& e : b.entries) {
      const std::uint64_t data = load(e.data);
      const int d = int(data & 0xff);
      if (d == depth && (load(e.check) ^ data) == key) {
        victim = &e;
        break;
      }
      if (d < victim_depth) {
        victim = &e;
        victim_depth = d;
      }
    }
    const std::uint64_t data = count << 8 | std::uint64_t(depth);
    put(victim->data, data);
    put(victim->check, key ^ data);
    return true;
  }

  // The leaf region (when leaf_slots() > 0): the move count of a position (a perft of
  // depth 1), one word per slot, direct-mapped, always replaced:
  //   word = (key >> 8) << 8 | (count + 1)     (0: empty)
  // The slot index is the low bits of the key (at least kMinLeafBits of them), the word
  // holds the high 56: a count is taken only for the full 64-bit key, as in the buckets.
  // One word is written and read at once, so no thread ever sees half an entry.
  bool has_leaves() const { return leaves_ != nullptr; }
  void prefetch_leaf(Key key) const { __builtin_prefetch(&leaves_[key & leaf_mask_]); }
  std::optional<std::uint64_t> probe_leaf(Key key) const {
    const std::uint64_t w = load(leaves_[key & leaf_mask_]);
    if (w != 0 && (w >> 8) == (key >> 8)) return (w & 0xff) - 1;
    return std::nullopt;
  }
  // False when the count is too large for a slot.
  bool store_leaf(Key key, std::uint64_t count) {
    if (count > kMaxLeafCount) return false;
    put(leaves_[key & leaf_mask_], (key >> 8) << 8 | (count + 1));
    return true;
  }

  // Every entry empty again.
  void clear() {
    for (std::size_t i = 0; i < buckets_; ++i)
      for (Entry& e : table_[i].entries) {
        put(e.data, 0);
        put(e.check, 0);
      }
    for (std::size_t i = 0; i < leaf_slots(); ++i) put(leaves_[i], 0);
  }

  // What the runs that used the table did (added once per task, not per node). The leaf
  // region's lookups are counted apart.
  struct Stats {
    std::uint64_t probes = 0;
    std::uint64_t hits = 0;
    std::uint64_t stores = 0;
    std::uint64_t leaf_probes = 0;
    std::uint64_t leaf_hits = 0;
    std::uint64_t leaf_stores = 0;
    void add(const Stats& o) {
      for (std::size_t i = 0; i < kStatFields; ++i) this->*kStatField[i] += o.*kStatField[i];
    }
    // What was done after `earlier` (statistics of the same table taken before).
    Stats since(const Stats& earlier) const {
      Stats d = *this;
      for (std::size_t i = 0; i < kStatFields; ++i) d.*kStatField[i] -= earlier.*kStatField[i];
      return d;
    }
  };
  void add(const Stats& s) {
    for (std::size_t i = 0; i < kStatFields; ++i)
      totals_[i].fetch_add(s.*kStatField[i], std::memory_order_relaxed);
  }
  Stats stats() const {
    Stats s;
    for (std::size_t i = 0; i < kStatFields; ++i)
      s.*kStatField[i] = totals_[i].load(std::memory_order_relaxed);
    return s;
  }

 private:
  // Plain words, every access atomic (relaxed) through std::atomic_ref.
  struct Entry {
    std::uint64_t data;
    std::uint64_t check;
  };
  static std::uint64_t load(const std::uint64_t& w) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(w))
        .load(std::memory_order_relaxed);
  }
  static void put(std::uint64_t& w, std::uint64_t v) {
    std::atomic_ref<std::uint64_t>(w).store(v, std::memory_order_relaxed);
  }
  struct alignas(kBucketBytes) Bucket {
    Entry entries[kWays];
  };
  static_assert(sizeof(Bucket) == kBucketBytes);
  static_assert(std::atomic_ref<std::uint64_t>::is_always_lock_free);

  // Bucket index: the high half of key * buckets (any number of buckets, no modulo).
  Bucket& bucket(Key key) const { return table_[std::size_t((Count128(key) * buckets_) >> 64)]; }

  std::size_t buckets_;
  std::uint64_t leaf_mask_;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  void* raw_ = nullptr;
  std::size_t raw_bytes_ = 0;
  bool mapped_ = false;
  Bucket* table_ = nullptr;
  std::uint64_t* leaves_ = nullptr;
  static constexpr std::size_t kStatFields = 6;
  static constexpr std::uint64_t Stats::*kStatField[kStatFields] = {
      &Stats::probes,      &Stats::hits,      &Stats::stores,
      &Stats::leaf_probes, &Stats::leaf_hits, &Stats::leaf_stores};
  std::atomic<std::uint64_t> totals_[kStatFields] = {};
};

// A key of its own for every variant and rule option, XORed into the position keys, so
// that one table serves a suite of several variants (the same board in chess and in
// Chess960, or with and without Amazon promotion, has different counts).
inline Key table_salt(int variant, bool amazon_promotes, std::string_view armies) {
  std::uint64_t z = std::uint64_t(variant) * 0x9e3779b97f4a7c15ULL +
                    (amazon_promotes ? 0x5851f42d4c957f2dULL : 0);
  for (char c : armies) z = (z ^ std::uint8_t(c)) * 0x100000001b3ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Perft of `g` (any engine of rules/game/game.h: VariantTypes' EngineOf) at `depth` with subtree
// counts looked up in and stored to `table` (keys XORed with `salt`), the leaves counted in
// bulk; `st` grows by the lookups, hits and stores. Counts of 2^64 or more per call wrap:
// callers sum root moves in Count128. Compiled for every engine in analysis/perft/perft_hashed.cpp
// alone, which the profile-guided build compiles with the perft profile (a deep hashed
// count in its training; analysis/CMakeLists.txt).
template <class G>
std::uint64_t hashed_perft(G& g, int depth, PerftTable& table, Key salt, PerftTable::Stats& st);

}  // namespace fairykit::analysis
