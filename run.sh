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

echo
out=build/samples-out
mkdir -p "$out"
echo "== fairy-convert samples/*.pgn -o $out/samples.pgn (normalised PGN; the broken games rejected)"
cstatus=0
"$bin/fairy-convert" -q -j "$(nproc)" samples/*.pgn -o "$out/samples.pgn" || cstatus=$?
[ "$cstatus" -le 1 ] || status=$cstatus
echo "== fairy-convert --to jsonl, then back to PGN: the same games"
"$bin/fairy-convert" -q samples/*.pgn --to jsonl -o "$out/samples.jsonl" 2>/dev/null || true
"$bin/fairy-convert" -q "$out/samples.jsonl" -o "$out/samples-back.pgn" || status=$?
if cmp -s "$out/samples.pgn" "$out/samples-back.pgn"; then
  echo "round trip PGN -> JSON Lines -> PGN: identical ($(grep -c '^\[Event ' "$out/samples.pgn") games)"
else
  echo "round trip PGN -> JSON Lines -> PGN: DIFFERENT"
  status=1
fi
echo "== fairy-convert samples/classics.pgn --to epd --every 40 (EPD with the move played)"
"$bin/fairy-convert" -q samples/classics.pgn --to epd --every 40 2>/dev/null | head -n 4
echo "== fairy-convert samples/*.pgn --to sqlite -o $out/samples.db: games per variant"
rm -f "$out/samples.db"
"$bin/fairy-convert" -q samples/*.pgn --to sqlite -o "$out/samples.db" 2>/dev/null || true
sqlite3 "$out/samples.db" "SELECT variant, COUNT(*) FROM games GROUP BY variant ORDER BY variant;"
echo "== fairy-convert --to svg: the Interweave start position -> $out/interweave.svg"
"$bin/fairy-convert" -q --variant interweave --from fen --to svg --coordinates -o "$out/interweave.svg" \
  <<<"rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000" 2>/dev/null || status=$?
ls -l "$out/interweave.svg" | awk '{ print $5 " bytes" }'
echo "== fairy-analyze samples/*.pgn (statistics of every variant; the broken games rejected)"
"$bin/fairy-analyze" -q -j "$(nproc)" --top 5 --tree 2 --tree-min 2 samples/*.pgn \
  -o "$out/samples-stats.txt" || true
sed -n '1,/^$/p;/^Results by variant/,/^$/p;/^Captures by method/,/^$/p' "$out/samples-stats.txt"
echo "(all the tables: $out/samples-stats.txt)"
exit $status
