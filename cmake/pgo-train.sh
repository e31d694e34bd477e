#!/usr/bin/env bash
# The training run of the profile-guided build (cmake/bootstrap.sh): the work that the
# speed of fairykit is measured on, on the bundled data, with the instrumented programs of
# BIN (fairy-perft, fairy-validate, fairy-analyze, fairy-convert). Hashed and plain perft of
# standard chess and the variant suites; validation and statistics of the bundled TWIC 920
# and the Carlsen games, and of an online-play collection generated from the bundled games.
# The outputs are thrown away.
#
# With DEEP_DIR (clang only: its raw profiles are named by LLVM_PROFILE_FILE), one deep
# hashed count is added (position 5 of the Chess Programming Wiki, depth 6, 256 MiB: 3
# billion leaves, about 2 s), its raw profile written to DEEP_DIR. bootstrap.sh merges it
# with the rest into the profile of the hashed perft kernels alone (analysis/perft/perft_hashed.cpp):
# in the one profile of the whole program, its counts made the other tools' code look cold
# (fairy-analyze 11% slower).
#
# Usage: cmake/pgo-train.sh BIN [DEEP_DIR]
set -euo pipefail
# The same commit trains the same profile: every run has one thread (the instrumented
# programs' counters are not atomic, so two threads lose some of each other's counts, and
# threads sharing a table find different entries), and address-space randomisation is off
# where the system allows it (setarch -R, util-linux), since Abseil's hash tables seed
# themselves from addresses.
if [ -z "${FAIRYKIT_TRAIN_FIXED:-}" ] && setarch "$(uname -m)" -R true 2>/dev/null; then
  FAIRYKIT_TRAIN_FIXED=1 exec setarch "$(uname -m)" -R "$0" "$@"
fi
bin=${1:?usage: cmake/pgo-train.sh BIN [DEEP_DIR]}
deep_dir=${2:-}
cd "$(dirname "$0")/.."
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
cpw5="rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
corpus=(tests/data/corpus/standard/twic0920.pgn tests/data/corpus/standard/Carlsen.pgn)
online=$(mktemp)
trap 'rm -f "$online"' EXIT
{
  "$bin/fairy-perft" --fen startpos --depth 5
  "$bin/fairy-perft" --fen "$kiwipete" --depth 4
  "$bin/fairy-perft" --hash 64 --fen startpos --depth 6
  "$bin/fairy-perft" --hash 64 --fen "$kiwipete" --depth 5
  "$bin/fairy-perft" --suite samples/tricky.perft --max-depth 4
  "$bin/fairy-perft" --suite samples/variants.perft --max-depth 3
  if [ -n "$deep_dir" ]; then
    LLVM_PROFILE_FILE="$deep_dir/%p.profraw" "$bin/fairy-perft" --hash 256 --fen "$cpw5" --depth 6
  fi
  "$bin/fairy-validate" -q -j 1 "${corpus[@]}" samples/*.pgn
  "$bin/fairy-analyze" -q -j 1 "${corpus[@]}" samples/*.pgn
  # An online-play collection generated from the bundled games (fairy-convert reads their
  # moves): clocks and evaluations in every comment, read by the statistics of --online and
  # by the checker.
  if python3 tests/tools/online_collection.py --fairy-convert "$bin/fairy-convert" --seed 1 \
      --games 4000 -o "$online"; then
    "$bin/fairy-analyze" -q -j 1 --online "$online"
    "$bin/fairy-validate" -q -j 1 "$online"
  fi
} >/dev/null 2>&1 || true  # (broken.pgn makes the checkers exit 1 on purpose)
