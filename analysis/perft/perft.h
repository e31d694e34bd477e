// Perft: the number of legal move sequences of a given length. The leaves are counted in
// bulk (the generator's counting sink), the root can be split across OpenMP threads; the
// counts and their order never depend on the number of threads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/perft/perft_table.h"
#include "rules/core/perft.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

struct DivideEntry {
  std::string uci;  // the move in long algebraic / UCI notation (a whole turn; Chess960
                    // castling as king-takes-rook, an Interweave chain as its squares)
  std::uint64_t nodes = 0;
};

struct PerftResult {
  std::uint64_t nodes = 0;            // the total when it fits in 64 bits, else 2^64 - 1
  Count128 total = 0;                 // the total, exact
  std::vector<DivideEntry> divide;    // root moves in generation order (filled when asked)
  std::vector<std::string> warnings;  // what the FEN reader accepted leniently
};

struct PerftOptions {
  int depth = 1;
  int threads = 1;
  bool divide = false;
  // Applied to the FEN as AnyGame::create() applies them (rules/game/any_game.h): armies, Amazon
  // promotion.
  VariantOptions variant_options = {};
  // Hashed perft (analysis/perft/perft_table.h) when not null: subtree counts shared by the
  // threads, and by the runs that pass the same table (every depth of --max-depth). Its
  // statistics grow by what this run did. Null: the unhashed kernels, as fast as ever.
  PerftTable* table = nullptr;
  // One share of a run split over `parts` processes (MPI ranks, tools/common/mpi_session.h): this
  // process counts only the tasks (root moves at depth 2, pairs of root move and reply from
  // depth 3 on) whose index modulo `parts` is `part`, the others count 0, so that the
  // divides of the `parts` shares, added move by move, give the whole count. At depth 1
  // share 0 counts every move. The divide (PerftResult::divide) is always filled when
  // parts > 1, for that addition.
  int part = 0;
  int parts = 1;
};

// Perft of the position described by `fen` ("startpos" or a FEN in any dialect the variant
// reads) in variant `variant`, through the game facade (rules/game/any_game.h), split at the root
// over `threads` OpenMP threads. Errors: the FEN cannot be read or is not a legal position.
absl::StatusOr<PerftResult> run_perft(VariantId variant, std::string_view fen,
                                      const PerftOptions& options);

// Perft with the debug invariants checked at every node: make/unmake restores the position
// and the key, the incremental key equals a recomputed one, the board is consistent.
// Returns the node count, or the first broken invariant with the move path that led to it.
absl::StatusOr<std::uint64_t> checked_perft(VariantId variant, std::string_view fen, int depth);

}  // namespace fairykit::analysis
