#!/usr/bin/env bash
# Speed-up of fairy-perft's parallel suite runner: the standard-chess oracle suite
# (tests/data/oracles/chess-standard.epd) up to depth 5 with -j 1 and with -j 2, runs
# alternating (-j 1, -j 2, -j 1, -j 2, ...) for N rounds. Prints the median wall times and
# the speed-up (-j 1 time / -j 2 time), and checks that standard output is byte-identical
# at both thread counts (the tool promises the same output at any thread count). With
# --quiet that output is only the summary line, so one extra, untimed pair of runs without
# --quiet compares the full per-position report too.
#
# Usage: bench/perft-parallel.sh [--rounds N]     (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=perft-parallel.sh
rounds=3
usage_lines=2,10
source bench/common.sh
parse_rounds "$@"
require_fairy_perft
suite=tests/data/oracles/chess-standard.epd
if [[ ! -r $suite ]]; then
  echo "perft-parallel.sh: $suite not found (it is part of the repository)" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "fairykit:    $("$fk" --version)"
echo "workload:    $fk --suite $suite --max-depth 5 --quiet -j {1,2}"
echo "rounds:      $rounds, alternating -j 1 / -j 2, wall time per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; other work skews the times)"
echo

for ((r = 1; r <= rounds; ++r)); do
  for j in 1 2; do
    t0=$(now)
    status=0
    "$fk" --suite "$suite" --max-depth 5 --quiet -j "$j" >"$tmp/out.$j.$r" 2>"$tmp/err" || status=$?
    t1=$(now)
    if ((status != 0)); then
      echo "perft-parallel.sh: fairy-perft -j $j exited with status $status:" >&2
      cat "$tmp/out.$j.$r" "$tmp/err" >&2
      exit 1
    fi
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >>"$tmp/time.$j"
    printf 'round %d/%d  -j %d  %8.3f s\n' "$r" "$rounds" "$j" "$(tail -n 1 "$tmp/time.$j")" >&2
  done
done

# Every run's standard output must equal the first -j 1 run's, byte for byte.
for f in "$tmp"/out.*; do
  if ! cmp -s "$tmp/out.1.1" "$f"; then
    echo "perft-parallel.sh: OUTPUT DIFFERS between -j 1 (round 1) and $(basename "$f" | awk -F. '{ printf "-j %s (round %s)", $2, $3 }'):" >&2
    diff "$tmp/out.1.1" "$f" | head -n 20 >&2
    exit 1
  fi
done

# Untimed: the full report (one line per position) without --quiet, at both thread counts.
for j in 1 2; do
  "$fk" --suite "$suite" --max-depth 5 -j "$j" >"$tmp/full.$j" 2>/dev/null ||
    { echo "perft-parallel.sh: fairy-perft -j $j (without --quiet) failed" >&2; exit 1; }
done
if ! cmp -s "$tmp/full.1" "$tmp/full.2"; then
  echo "perft-parallel.sh: FULL REPORT DIFFERS between -j 1 and -j 2:" >&2
  diff "$tmp/full.1" "$tmp/full.2" | head -n 20 >&2
  exit 1
fi

t1=$(median <"$tmp/time.1")
t2=$(median <"$tmp/time.2")
echo "summary:     $(tail -n 1 "$tmp/out.1.1")"
echo "output:      byte-identical across all $((2 * rounds)) timed runs ($(wc -c <"$tmp/out.1.1") bytes);" \
  "full report without --quiet identical at -j 1 and -j 2 ($(wc -l <"$tmp/full.1") lines)"
awk -v a="$t1" -v b="$t2" 'BEGIN {
  printf "median -j 1: %.3f s\nmedian -j 2: %.3f s\nspeed-up:    %.2fx (-j 1 time / -j 2 time)\n", a, b, a / b
}'
