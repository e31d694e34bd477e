// An engine's evaluation of a position, as fairy-analyze --engine reports it and its cache
// (analysis/engine/eval_cache.h) keeps it: from White's view, whoever is to move, so that the
// evaluations of the positions of a game read as one curve.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fairykit::analysis {

struct Evaluation {
  // mate: White mates in `score` moves (negative: Black mates in -score); 0 only for a
  // position whose side to move is checkmated (never from an engine: fairykit knows those).
  // Otherwise centipawns, positive when White stands better.
  bool mate = false;
  int score = 0;
  std::string best;             // the engine's best move, fairykit's UCI text; empty: none
  std::vector<std::string> pv;  // its line from the position (the first move is `best`)
  int depth = 0;                // as the engine reported them
  std::uint64_t nodes = 0;

  friend bool operator==(const Evaluation&, const Evaluation&) = default;
};

}  // namespace fairykit::analysis
