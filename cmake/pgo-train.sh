#!/usr/bin/env bash
# The training run of the profile-guided build (cmake/bootstrap.sh): the work that the
# speed of fairykit is measured on, on the bundled data, with the instrumented programs of
# BIN (fairy-perft, fairy-validate, fairy-analyze). Hashed and plain perft of standard chess
# and the variant suites; validation and statistics of the bundled TWIC issue and the
# Carlsen games. About a second; the outputs are thrown away.
#
# Usage: cmake/pgo-train.sh BIN
set -euo pipefail
bin=${1:?usage: cmake/pgo-train.sh BIN}
cd "$(dirname "$0")/.."
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
corpus=(tests/data/corpus/standard/twic0920.pgn tests/data/corpus/standard/Carlsen.pgn)
{
  "$bin/fairy-perft" --fen startpos --depth 5
  "$bin/fairy-perft" --fen "$kiwipete" --depth 4
  "$bin/fairy-perft" --hash 64 --fen startpos --depth 6
  "$bin/fairy-perft" --hash 64 --fen "$kiwipete" --depth 5
  "$bin/fairy-perft" --hash 64 -j 2 --fen startpos --depth 5
  "$bin/fairy-perft" --suite samples/tricky.perft --max-depth 4
  "$bin/fairy-perft" --suite samples/variants.perft --max-depth 3
  "$bin/fairy-validate" -q -j 1 "${corpus[@]}" samples/*.pgn
  "$bin/fairy-analyze" -q -j 1 "${corpus[@]}" samples/*.pgn
} >/dev/null 2>&1 || true  # (broken.pgn makes the checkers exit 1 on purpose)
