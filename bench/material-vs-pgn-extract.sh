#!/usr/bin/env bash
# Selection by material: fairy-convert --material against Debian's pgn-extract -z on the same
# archive, TWIC 920 (tests/data/corpus/standard/twic0920.pgn, 2,245 games) repeated 20 times
# (about 38 MB). The same four material lines for both (a Rook ending, Rook and pawns
# against Rook and pawns, Queen against Rook(s), Bishop against Knight with pawns), written
# to pgn-extract's material file and given to fairy-convert as four --material flags with
# --material-plies 2 (pgn-extract's default stability); the selected games go to /dev/null.
# One core: fairy-convert -j 1 (and -j 2 for comparison). Runs alternate for N rounds; each
# time is the wall time of the whole process. Prints the medians, the games each program
# selected and the ratio (the target: fairy-convert -j 1 at least 5x pgn-extract).
#
# FAIRYKIT_BIN_DIR: the folder of the fairy-convert to measure (default build/bin).
#
# Usage: bench/material-vs-pgn-extract.sh [--rounds N] [--baseline DIR]   (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=material-vs-pgn-extract.sh
rounds=3
usage_lines=2,14
source bench/common.sh
parse_rounds "$@"
fc=${FAIRYKIT_BIN_DIR:-build/bin}/fairy-convert
[[ -x $fc ]] || { echo "$name: $fc not found; run ./run.sh first to build it" >&2; exit 1; }
if [[ -n $baseline && ! -x $baseline/fairy-convert ]]; then
  echo "$name: $baseline/fairy-convert not found" >&2
  exit 2
fi
require_pgn_extract
twic_archive 20

lines=("r r" "rp* rp*" "q r+p*" "3 bp+ np+")
printf '%s\n' "${lines[@]}" >"$tmp/material.txt"
flags=(--material-plies 2)
for l in "${lines[@]}"; do flags+=(--material "$l"); done

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $src x $copies = $bytes bytes, $games games"
echo "material:    $(printf "'%s' " "${lines[@]}")"
echo "fairykit:    $fc -q -j 1|-j 2 ${flags[*]:0:2} --material ... (x${#lines[@]})"
[[ -z $baseline ]] || echo "baseline:    $baseline/fairy-convert (the same job)"
echo "pgn-extract: $pe -s -z material.txt"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

for ((r = 1; r <= rounds; ++r)); do
  run fk-j1 "$fc" -q -j 1 "${flags[@]}" "$archive"
  run pe "$pe" -s -z "$tmp/material.txt" "$archive"
  run fk-j2 "$fc" -q -j 2 "${flags[@]}" "$archive"
  [[ -z $baseline ]] || run base-j1 "$baseline/fairy-convert" -q -j 1 "${flags[@]}" "$archive"
done

# The games each selected (untimed): the same but for the differences that
# docs/fairy-convert.md explains (pgn-extract still counts a pawn that promoted, and does not
# test the final position), which only add games on fairykit's side.
fk_games=$("$fc" -q -j 2 "${flags[@]}" "$archive" 2>/dev/null | grep -c '^\[Event ' || true)
pe_games=$("$pe" -s -z "$tmp/material.txt" "$archive" 2>/dev/null | grep -c '^\[Event ' || true)
"$fc" -q -j 1 "${flags[@]}" "$archive" 2>/dev/null | md5sum >"$tmp/sum1"
"$fc" -q -j 2 "${flags[@]}" "$archive" 2>/dev/null | md5sum >"$tmp/sum2"
cmp -s "$tmp/sum1" "$tmp/sum2" || { echo "$name: output differs between -j 1 and -j 2" >&2; exit 1; }

echo
printf '%-10s %10s %12s %10s %12s\n' program "median s" "games/s" "MB/s" "max RSS MB"
declare -A secs
labels=(fk-j1 fk-j2 pe)
[[ -z $baseline ]] || labels+=(base-j1)
for label in "${labels[@]}"; do
  summarize "$label"
  awk -v l="$label" -v s="$s" -v g="$games" -v b="$bytes" -v m="$m" \
    'BEGIN { printf "%-10s %10.3f %12.0f %10.1f %12.1f\n", l, s, g / s, b / s / 1e6, m / 1024 }'
done
echo
echo "selected:    fairykit $fk_games games, pgn-extract $pe_games games"
awk -v a="${secs[fk-j1]}" -v b="${secs[fk-j2]}" -v p="${secs[pe]}" 'BEGIN {
  printf "material: fairykit -j 1 vs pgn-extract %.2fx (target: 5x), -j 2 vs pgn-extract %.2fx\n",
    p / a, p / b }'
[[ -z $baseline ]] ||
  awk -v a="${secs[fk-j1]}" -v c="${secs[base-j1]}" 'BEGIN {
    printf "baseline / new, -j 1 %.2fx (above 1: this checkout is faster)\n", c / a }'
