#!/usr/bin/env bash
# Perft speed of the variants with engines of their own, single-threaded, against
# fairykit's own standard-chess speed in the same run: Interweave's start position at
# depth 5 (19,982,456 whole turns; the target is at least 20 million turns per second)
# and Fluidity's start position at depth 5 (the target is at least half of the chess
# speed), with chess's start position at depth 6 as the yardstick. No other program plays
# these variants (vchess's JavaScript is the only Interweave implementation), so there is
# no outside anchor. Runs alternate (chess, Interweave, Fluidity, chess, ...) for N rounds;
# the speed is nodes over the search time fairy-perft reports, the table shows medians.
#
# Usage: bench/own-engines-speed.sh [--rounds N]     (default 7 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=own-engines-speed.sh
rounds=7
usage_lines=2,11
source bench/common.sh
parse_rounds "$@"
require_fairy_perft

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Workloads: label|variant|depth|expected nodes (a wrong count stops the bench).
workloads=(
  "chess start, depth 6|chess|6|119060324"
  "Interweave start, depth 5|interweave|5|19982456"
  "Fluidity start, depth 5|fluidity|5|171517300"
)

for ((r = 1; r <= rounds; r++)); do
  for i in "${!workloads[@]}"; do
    IFS='|' read -r label variant depth expected <<<"${workloads[$i]}"
    out=$("$fk" --variant "$variant" --fen startpos --depth "$depth" 2>"$tmp/err")
    nodes=${out##*: }
    if [[ $nodes != "$expected" ]]; then
      echo "$name: $label counted $nodes, expected $expected" >&2
      exit 1
    fi
    # stderr: "time 0.125 s, 160.5 Mnodes/s (1 thread, ...)"
    awk '{ print $4 }' "$tmp/err" >>"$tmp/speed.$i"
  done
done

chess=$(median <"$tmp/speed.0")
printf '%-28s %14s %12s %10s\n' workload nodes "Mnodes/s" "x chess"
for i in "${!workloads[@]}"; do
  IFS='|' read -r label variant depth expected <<<"${workloads[$i]}"
  m=$(median <"$tmp/speed.$i")
  printf '%-28s %14s %12.1f %10.2f\n' "$label" "$expected" "$m" "$(awk -v a="$m" -v b="$chess" 'BEGIN { print a / b }')"
done
echo "(medians of $rounds alternating rounds, 1 thread, $(uname -m); Mnodes/s from fairy-perft's search time)"
