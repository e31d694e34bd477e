#!/usr/bin/env bash
# Collection statistics: fairy-analyze against a chessops script (npm chessops, the lichess
# library; bench/chessops-stats.mjs) on the same archive: TWIC 920
# (tests/data/corpus/standard/twic0920.pgn, 2,245 games) repeated COPIES times (default
# 20, about 37 MB). The script replays every move and counts results, lengths and
# captures; fairy-analyze -j 1 computes all its tables (those three among them, and the
# openings, players, terminations...). One core each; rounds alternate; wall time of the
# whole process; medians. The totals of the two are compared (games, plies, captures,
# results): the script fails when they differ. chessops is installed with npm into a
# temporary folder (network: the npm registry), never into the repository.
#
# With --baseline DIR (a folder with a fairy-analyze built from another commit, absolute or
# relative to the repository), that binary runs in the same rounds too, its tables are
# compared with this checkout's, and the table adds its row and this checkout's speed
# relative to it.
#
# Usage: bench/analyze-vs-chessops.sh [--rounds N] [--copies N] [--baseline DIR]
#        (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=analyze-vs-chessops.sh
rounds=3
copies=20
usage_lines=2,18
args=()
while (($#)); do
  case $1 in
    --copies) copies=${2:?--copies needs a number}; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
source bench/common.sh
parse_rounds "${args[@]+"${args[@]}"}"
[[ $copies =~ ^[1-9][0-9]*$ ]] || { echo "$name: --copies wants a positive number" >&2; exit 2; }
fa=build/bin/fairy-analyze
[[ -x $fa ]] || { echo "$name: $fa not found; run ./run.sh first to build it" >&2; exit 1; }
if [[ -n $baseline && ! -x $baseline/fairy-analyze ]]; then
  echo "$name: $baseline/fairy-analyze not found" >&2
  exit 2
fi
src=tests/data/corpus/standard/twic0920.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
require_chessops
cp bench/chessops-stats.mjs "$tmp/"
archive=$tmp/twic0920x$copies.pgn
for ((i = 0; i < copies; ++i)); do cat "$src"; done >"$archive"
bytes=$(stat -c %s "$archive")

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $src x $copies = $bytes bytes"
echo "fairykit:    $fa -q -j 1 (every table)"
[[ -z $baseline ]] || echo "baseline:    $baseline/fairy-analyze -q -j 1"
echo "chessops:    node chessops-stats.mjs (chessops 0.15.1, node $(node --version))"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

keep_output=1
stop_on_failure=1
for ((r = 1; r <= rounds; ++r)); do
  run fairykit "$fa" -q -j 1 --format csv "$archive"
  run chessops bash -c "cd '$tmp' && exec node chessops-stats.mjs '$archive'"
  [[ -z $baseline ]] || run baseline "$baseline/fairy-analyze" -q -j 1 --format csv "$archive"
done

# The same figures: games, plies, captures and results.
csv=$tmp/out.fairykit
value() { awk -F, -v t="$1" -v c="$2" '$1 == t && $3 == c { s += $4 } END { print s + 0 }' "$csv"; }
fk_games=$(value summary "games read")
fk_plies=$(value summary plies)
fk_captures=$(value capture_methods captures)
co() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/out.chessops"; }
for pair in "games $fk_games $(co games)" "plies $fk_plies $(co plies)" \
  "captures $fk_captures $(co captures)"; do
  set -- $pair
  [[ $2 == "$3" ]] || { echo "$name: $1 differ: fairykit $2, chessops $3" >&2; exit 1; }
done
for res in 1-0 0-1 1/2-1/2; do
  fk=$(value results_by_variant "$res")
  c=$(awk -v r="$res" '$1 == "result" && $2 == r { print $3 }' "$tmp/out.chessops")
  [[ $fk == "${c:-0}" ]] || { echo "$name: $res results differ: fairykit $fk, chessops $c" >&2; exit 1; }
done
echo "the same figures: $fk_games games, $fk_plies plies, $fk_captures captures, results agree"

echo
printf '%-10s %10s %12s %10s %12s\n' program "median s" "games/s" "MB/s" "max RSS MB"
declare -A secs
labels=(fairykit chessops)
[[ -z $baseline ]] || labels+=(baseline)
for label in "${labels[@]}"; do
  s=$(cut -d' ' -f1 "$tmp/$label" | median)
  m=$(cut -d' ' -f2 "$tmp/$label" | sort -n | tail -n 1)
  secs[$label]=$s
  awk -v l="$label" -v s="$s" -v g="$fk_games" -v b="$bytes" -v m="$m" \
    'BEGIN { printf "%-10s %10.3f %12.0f %10.1f %12.1f\n", l, s, g / s, b / s / 1e6, m / 1024 }'
done
awk -v a="${secs[fairykit]}" -v c="${secs[chessops]}" \
  'BEGIN { printf "\nfairy-analyze -j 1 vs the chessops script: %.1fx\n", c / a }'
if [[ -n $baseline ]]; then
  cmp -s "$tmp/out.fairykit" "$tmp/out.baseline" || echo "note: the baseline's tables differ"
  awk -v a="${secs[fairykit]}" -v c="${secs[baseline]}" \
    'BEGIN { printf "baseline / new, -j 1: %.2fx\n(above 1: this checkout is faster than the baseline)\n", c / a }'
fi
