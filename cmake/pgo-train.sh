#!/usr/bin/env bash
# The training run of the profile-guided build (cmake/bootstrap.sh): the work that the
# speed of fairykit is measured on, on the bundled data, with the instrumented programs of
# BIN (fairy-perft, fairy-validate, fairy-analyze). Hashed and plain perft of standard chess
# and the variant suites; validation and statistics of the bundled TWIC issue and the
# Carlsen games. The outputs are thrown away.
#
# One hashed run is deep (position 5 of the Chess Programming Wiki's perft results, depth 6,
# 3 billion leaves, 256 MiB; a position the benchmarks do not use): a deep count spends
# most of its time counting the leaves of nodes of depth 2 that the table does not hold,
# which the shallow runs barely show. With it, hashed Kiwipete depth 6 took 8% less time
# (2.17 s to 2.00 s) and the start position depth 7 the same. About 3 seconds in all.
#
# Usage: cmake/pgo-train.sh BIN
set -euo pipefail
bin=${1:?usage: cmake/pgo-train.sh BIN}
cd "$(dirname "$0")/.."
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
position5="rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
corpus=(tests/data/corpus/standard/twic0920.pgn tests/data/corpus/standard/Carlsen.pgn)
{
  "$bin/fairy-perft" --fen startpos --depth 5
  "$bin/fairy-perft" --fen "$kiwipete" --depth 4
  "$bin/fairy-perft" --hash 64 --fen startpos --depth 6
  "$bin/fairy-perft" --hash 64 --fen "$kiwipete" --depth 5
  "$bin/fairy-perft" --hash 256 --fen "$position5" --depth 6
  "$bin/fairy-perft" --hash 64 -j 2 --fen startpos --depth 5
  "$bin/fairy-perft" --suite samples/tricky.perft --max-depth 4
  "$bin/fairy-perft" --suite samples/variants.perft --max-depth 3
  "$bin/fairy-validate" -q -j 1 "${corpus[@]}" samples/*.pgn
  "$bin/fairy-analyze" -q -j 1 "${corpus[@]}" samples/*.pgn
} >/dev/null 2>&1 || true  # (broken.pgn makes the checkers exit 1 on purpose)
