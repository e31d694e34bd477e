#!/usr/bin/env bash
# Throughput of fairy-convert against Debian's pgn-extract on the same archive: TWIC 920
# (tests/data/corpus/standard/twic0920.pgn, 2,245 games) repeated to about 200 MB. Two jobs:
#   UCI movetext   fairy-convert --notation uci   vs  pgn-extract -s -Wuci
#   JSON           fairy-convert --to json        vs  pgn-extract -s --json
# Runs alternate (each fairykit job at -j 1 and -j 2, each pgn-extract job) for N rounds;
# each time is the wall time of the whole process, output to /dev/null. Prints the medians,
# the ratios and the peak memory (max RSS) of each run.
#
# With --baseline DIR (a folder with a fairy-convert built from another commit, absolute or
# relative to the repository), that binary runs both jobs in the same rounds too (-j 1 and
# -j 2), its output is compared with this checkout's, and the table adds its rows and this
# checkout's speed relative to it.
#
# Usage: bench/convert-vs-pgn-extract.sh [--rounds N] [--baseline DIR]   (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=convert-vs-pgn-extract.sh
rounds=3
usage_lines=2,15
source bench/common.sh
parse_rounds "$@"
fc=build/bin/fairy-convert
[[ -x $fc ]] || { echo "$name: $fc not found; run ./run.sh first to build it" >&2; exit 1; }
if [[ -n $baseline && ! -x $baseline/fairy-convert ]]; then
  echo "$name: $baseline/fairy-convert not found" >&2
  exit 2
fi
require_pgn_extract
twic_archive 107

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $src x $copies = $bytes bytes, $games games"
echo "fairykit:    $fc -q --notation uci | --to json  [-j 1|-j 2]"
[[ -z $baseline ]] || echo "baseline:    $baseline/fairy-convert (the same jobs)"
echo "pgn-extract: $pe -s -Wuci | -s --json"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

for ((r = 1; r <= rounds; ++r)); do
  run uci-fk-j1 "$fc" -q -j 1 --notation uci "$archive"
  run uci-pe "$pe" -s -Wuci "$archive"
  run uci-fk-j2 "$fc" -q -j 2 --notation uci "$archive"
  run json-fk-j1 "$fc" -q -j 1 --to json "$archive"
  run json-pe "$pe" -s --json "$archive"
  run json-fk-j2 "$fc" -q -j 2 --to json "$archive"
  if [[ -n $baseline ]]; then
    run uci-base-j1 "$baseline/fairy-convert" -q -j 1 --notation uci "$archive"
    run uci-base-j2 "$baseline/fairy-convert" -q -j 2 --notation uci "$archive"
    run json-base-j1 "$baseline/fairy-convert" -q -j 1 --to json "$archive"
    run json-base-j2 "$baseline/fairy-convert" -q -j 2 --to json "$archive"
  fi
done
# -q prints no summary: one more run, untimed, shows that every game was read and written.
summary=$("$fc" -j 2 --notation uci "$archive" 2>&1 >/dev/null)
grep -q "$games games read: $games written" <<<"$summary" ||
  { echo "$name: unexpected fairy-convert summary: $summary" >&2; exit 1; }
# Parallel = serial: the same bytes at -j 1 and -j 2.
"$fc" -q -j 1 --notation uci "$archive" 2>/dev/null | md5sum >"$tmp/sum1"
"$fc" -q -j 2 --notation uci "$archive" 2>/dev/null | md5sum >"$tmp/sum2"
cmp -s "$tmp/sum1" "$tmp/sum2" || { echo "$name: output differs between -j 1 and -j 2" >&2; exit 1; }
if [[ -n $baseline ]]; then
  for job in "--notation uci" "--to json"; do
    # shellcheck disable=SC2086 # the job's two words
    cmp -s <("$fc" -q -j 1 $job "$archive" 2>/dev/null | md5sum) \
      <("$baseline/fairy-convert" -q -j 1 $job "$archive" 2>/dev/null | md5sum) ||
      echo "note: the baseline's output differs ($job)"
  done
fi

echo
printf '%-14s %10s %12s %10s %12s\n' program "median s" "games/s" "MB/s" "max RSS MB"
declare -A secs
labels=(uci-fk-j1 uci-fk-j2 uci-pe json-fk-j1 json-fk-j2 json-pe)
[[ -z $baseline ]] || labels+=(uci-base-j1 uci-base-j2 json-base-j1 json-base-j2)
for label in "${labels[@]}"; do
  summarize "$label"
  awk -v l="$label" -v s="$s" -v g="$games" -v b="$bytes" -v m="$m" \
    'BEGIN { printf "%-14s %10.3f %12.0f %10.1f %12.1f\n", l, s, g / s, b / s / 1e6, m / 1024 }'
done
for job in uci json; do
  awk -v j="$job" -v a="${secs[$job-fk-j1]}" -v b="${secs[$job-fk-j2]}" -v p="${secs[$job-pe]}" 'BEGIN {
    printf "\n%s: fairykit -j 1 vs pgn-extract %.2fx, -j 2 vs pgn-extract %.2fx, -j 2 vs -j 1 %.2fx", j, p / a, p / b, a / b }'
done
echo
if [[ -n $baseline ]]; then
  for job in uci json; do
    awk -v j="$job" -v a="${secs[$job-fk-j1]}" -v b="${secs[$job-fk-j2]}" \
      -v c="${secs[$job-base-j1]}" -v d="${secs[$job-base-j2]}" 'BEGIN {
      printf "%s: baseline / new, -j 1 %.2fx, -j 2 %.2fx\n", j, c / a, d / b }'
  done
  echo "(above 1: this checkout is faster than the baseline)"
fi
