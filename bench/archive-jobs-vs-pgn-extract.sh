#!/usr/bin/env bash
# The archive keeper's jobs of fairy-convert against Debian's pgn-extract on one core, on the
# benchmark archive of the PGN jobs: TWIC 920 (tests/data/corpus/standard/twic0920.pgn, 2,245
# games) repeated 20 times (about 38 MB, 44,900 games), PGN out to /dev/null:
#   ECO tags   fairy-convert -j 1 --add-eco     vs  pgn-extract -s -e (its eco.pgn)
#   plain      fairy-convert -j 1 and pgn-extract -s, the same games copied, for scale
# Runs alternate for N rounds; each time is the wall time of the whole process. Prints the
# medians, the ratios and the peak memory (max RSS). The number of games given an ECO tag by
# each program is printed too (their opening data differ: pgn-extract's eco.pgn names games by
# move sequence, fairykit's lichess data by position).
#
# Usage: bench/archive-jobs-vs-pgn-extract.sh [--rounds N]   (default 3 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
name=archive-jobs-vs-pgn-extract.sh
rounds=3
usage_lines=2,12
source bench/common.sh
parse_rounds "$@"
fc=build/bin/fairy-convert
[[ -x $fc ]] || { echo "$name: $fc not found; run ./run.sh first to build it" >&2; exit 1; }
require_pgn_extract
eco=/usr/share/pgn-extract/eco.pgn
[[ -r $eco ]] || { echo "$name: $eco missing (Debian's pgn-extract package has it)" >&2; exit 1; }
twic_archive 20
echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $src x $copies = $bytes bytes, $games games"
echo "fairykit:    $fc -q -j 1 [--add-eco]"
echo "pgn-extract: $pe -s [-e$eco]"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

stop_on_failure=1
for ((r = 1; r <= rounds; ++r)); do
  run eco-fk "$fc" -q -j 1 --add-eco "$archive"
  run eco-pe "$pe" -s "-e$eco" "$archive"
  run plain-fk "$fc" -q -j 1 "$archive"
  run plain-pe "$pe" -s "$archive"
done
# The games each program tagged (untimed).
tagged_fk=$("$fc" -q -j 1 --add-eco "$archive" | grep -c '^\[ECO ')
tagged_pe=$("$pe" -s "-e$eco" "$archive" 2>/dev/null | grep -c '^\[ECO ')

echo
printf '%-10s %10s %12s %10s %12s\n' program "median s" "games/s" "MB/s" "max RSS MB"
declare -A secs
for label in eco-fk eco-pe plain-fk plain-pe; do
  summarize "$label"
  awk -v l="$label" -v s="$s" -v g="$games" -v b="$bytes" -v m="$m" \
    'BEGIN { printf "%-10s %10.3f %12.0f %10.1f %12.1f\n", l, s, g / s, b / s / 1e6, m / 1024 }'
done
echo
echo "ECO tags written: fairykit $tagged_fk, pgn-extract $tagged_pe (of $games games)"
awk -v a="${secs[eco-fk]}" -v b="${secs[eco-pe]}" -v c="${secs[plain-fk]}" -v d="${secs[plain-pe]}" 'BEGIN {
  printf "ECO tags: fairykit %.2fx pgn-extract (acceptance: at least 5x)\n", b / a
  printf "plain copy: fairykit %.2fx pgn-extract\n", d / c }'
