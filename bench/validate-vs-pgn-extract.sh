#!/usr/bin/env bash
# Throughput of fairy-validate against Debian's pgn-extract on the same archive: TWIC 920
# (tests/data/corpus/standard/twic0920.pgn, 2,245 games) repeated to about 200 MB. Runs
# alternate (fairykit -j 1, pgn-extract, fairykit -j 2, ...) for N rounds; each time is
# the wall time of the whole process. pgn-extract runs as `pgn-extract -s -r` (check every
# game and report errors, write nothing), the closest to what fairy-validate does. Prints
# games/s and MB/s (medians), the ratios, and the peak memory (max RSS) of each program.
#
# With --baseline DIR (a folder with a fairy-validate built from another commit, absolute or
# relative to the repository), that binary runs in the same rounds too (-j 1 and -j 2), and
# the table adds its rows and this checkout's speed relative to it.
#
# Usage: bench/validate-vs-pgn-extract.sh [--rounds N] [--baseline DIR]     (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=validate-vs-pgn-extract.sh
rounds=3
usage_lines=2,13
source bench/common.sh
parse_rounds "$@"
fv=build/bin/fairy-validate
[[ -x $fv ]] || { echo "$name: $fv not found; run ./run.sh first to build it" >&2; exit 1; }
if [[ -n $baseline && ! -x $baseline/fairy-validate ]]; then
  echo "$name: $baseline/fairy-validate not found" >&2
  exit 2
fi
require_pgn_extract
twic_archive 107

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $src x $copies = $bytes bytes, $games games"
echo "fairykit:    $fv -q [-j 1|-j 2] (read, check every move, summary)"
[[ -z $baseline ]] || echo "baseline:    $baseline/fairy-validate -q [-j 1|-j 2]"
echo "pgn-extract: $pe -s -r"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

keep_output=1
for ((r = 1; r <= rounds; ++r)); do
  run fk-j1 "$fv" -q -j 1 "$archive"
  run pgn-extract "$pe" -s -r "$archive"
  run fk-j2 "$fv" -q -j 2 "$archive"
  if [[ -n $baseline ]]; then
    run base-j1 "$baseline/fairy-validate" -q -j 1 "$archive"
    run base-j2 "$baseline/fairy-validate" -q -j 2 "$archive"
  fi
done
# -q prints no summary: one more run, untimed, shows that every game was read and valid.
summary=$("$fv" -j 2 "$archive" 2>/dev/null)
grep -q "$games games read: $games valid" <<<"$summary" ||
  { echo "$name: unexpected fairy-validate summary: $summary" >&2; exit 1; }
cmp -s "$tmp/out.fk-j1" "$tmp/out.fk-j2" ||
  { echo "$name: fairy-validate output differs between -j 1 and -j 2" >&2; exit 1; }

echo
printf '%-12s %10s %12s %10s %12s\n' program "median s" "games/s" "MB/s" "max RSS MB"
declare -A secs
labels=(fk-j1 fk-j2 pgn-extract)
[[ -z $baseline ]] || labels+=(base-j1 base-j2)
for label in "${labels[@]}"; do
  summarize "$label"
  awk -v l="$label" -v s="$s" -v g="$games" -v b="$bytes" -v m="$m" \
    'BEGIN { printf "%-12s %10.3f %12.0f %10.1f %12.1f\n", l, s, g / s, b / s / 1e6, m / 1024 }'
done
awk -v a="${secs[fk-j1]}" -v b="${secs[fk-j2]}" -v p="${secs[pgn-extract]}" 'BEGIN {
  printf "\nfairykit -j 1 vs pgn-extract: %.2fx\nfairykit -j 2 vs pgn-extract: %.2fx\nfairykit -j 2 vs -j 1:       %.2fx\n", p / a, p / b, a / b }'
if [[ -n $baseline ]]; then
  cmp -s "$tmp/out.fk-j1" "$tmp/out.base-j1" ||
    echo "note: the baseline's summary differs: $(cat "$tmp/out.base-j1")"
  awk -v a="${secs[fk-j1]}" -v b="${secs[fk-j2]}" -v c="${secs[base-j1]}" -v d="${secs[base-j2]}" 'BEGIN {
    printf "baseline / new, -j 1:         %.2fx\nbaseline / new, -j 2:         %.2fx\n", c / a, d / b }'
  echo "(above 1: this checkout is faster than the baseline)"
fi
