#!/usr/bin/env bash
# Throughput of fairy-analyze --positions (a record per position of every game, JSON Lines
# and CSV) on TWIC 920 (tests/data/corpus/standard/twic0920.pgn, 2,245 games) repeated 107
# times (about 200 MB, 20 million positions), at -j 1 and -j 2, output to /dev/null. Runs
# alternate for N rounds; each time is the wall time of the whole process. Prints the
# medians as positions/s and MB of PGN/s, the peak memory (max RSS) and the speed-up.
#
# Usage: bench/analyze-positions.sh [--rounds N]     (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=analyze-positions.sh
rounds=3
usage_lines=2,8
source bench/common.sh
parse_rounds "$@"
fa=build/bin/fairy-analyze
[[ -x $fa ]] || { echo "$name: $fa not found; run ./run.sh first to build it" >&2; exit 1; }
twic_archive 107
# The positions of one copy (the records are the same in every copy), from the summary.
one=$("$fa" --positions "$src" 2>&1 >/dev/null | sed -n 's/.*; \([0-9]*\) positions$/\1/p')
[[ -n $one ]] || { echo "$name: no position count in the summary of $fa" >&2; exit 1; }
positions=$((one * copies))

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $src x $copies = $bytes bytes, $games games, $positions positions"
echo "fairykit:    $fa --positions [--format csv] [-j 1|-j 2]"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

for ((r = 1; r <= rounds; ++r)); do
  run jsonl-j1 "$fa" -j 1 --positions "$archive"
  run jsonl-j2 "$fa" -j 2 --positions "$archive"
  run csv-j1 "$fa" -j 1 --positions --format csv "$archive"
  run csv-j2 "$fa" -j 2 --positions --format csv "$archive"
done
for label in jsonl-j1 jsonl-j2 csv-j1 csv-j2; do
  grep -q "$games games read: $games analysed, 0 rejected; $positions positions" "$tmp/err.$label" ||
    { echo "$name: unexpected summary ($label): $(cat "$tmp/err.$label")" >&2; exit 1; }
done
# Parallel = serial: the same bytes at -j 1 and -j 2.
"$fa" -q -j 1 --positions "$archive" | md5sum >"$tmp/sum1"
"$fa" -q -j 2 --positions "$archive" | md5sum >"$tmp/sum2"
cmp -s "$tmp/sum1" "$tmp/sum2" || { echo "$name: output differs between -j 1 and -j 2" >&2; exit 1; }

echo
printf '%-10s %10s %14s %10s %12s\n' run "median s" "positions/s" "MB/s" "max RSS MB"
declare -A secs
for label in jsonl-j1 jsonl-j2 csv-j1 csv-j2; do
  summarize "$label"
  awk -v l="$label" -v s="$s" -v p="$positions" -v b="$bytes" -v m="$m" \
    'BEGIN { printf "%-10s %10.3f %14.0f %10.1f %12.1f\n", l, s, p / s, b / s / 1e6, m / 1024 }'
done
for f in jsonl csv; do
  awk -v f="$f" -v a="${secs[$f-j1]}" -v b="${secs[$f-j2]}" \
    'BEGIN { printf "\n%s: -j 2 vs -j 1 %.2fx", f, a / b }'
done
echo
