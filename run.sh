#!/usr/bin/env bash
# Set up, build in Release, then run every fairykit tool on the bundled samples.
set -euo pipefail
cd "$(dirname "$0")"
source cmake/bootstrap.sh
fairykit_build
bin=build/bin

echo
echo "== fairy-perft: divide of the start position at depth 3"
"$bin/fairy-perft" --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" --depth 3 --divide
echo
status=0
for suite in samples/*.epd samples/*.perft; do
  variant=chess
  case "$suite" in *960*) variant=chess960 ;; esac
  note=""
  case "$suite" in *variants*) note="   (each block names its own variant)" ;; esac
  echo "== fairy-perft --variant $variant --suite $suite --max-depth 4$note"
  "$bin/fairy-perft" --variant "$variant" --suite "$suite" --max-depth 4 -j "$(nproc)" || status=$?
  echo
done
echo "== fairy-validate samples/*.pgn (samples/broken.pgn holds invalid games on purpose)"
vstatus=0
"$bin/fairy-validate" -j "$(nproc)" samples/*.pgn || vstatus=$?
# Exit 1 is expected here: the broken sample's games are invalid by design.
[ "$vstatus" -le 1 ] || status=$vstatus
exit $status
