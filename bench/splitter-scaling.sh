#!/usr/bin/env bash
# Time per MB of fairy-validate on the input shapes that could be quadratic in a
# careless reader, at 1, 4, 16 and 64 MB: a time per MB that stays flat (within 2x from 1 to 64
# MB) shows linear time. Each input is one game, generated in a temporary directory:
#   tags     a tag section of tag pairs separated by single blank lines
#   cr       lone-CR line ends, one ;-comment per line
#   lf       the same with LF line ends, for reference
# Times are the CPU time (user + system) of the whole process, which other work on the
# machine disturbs less than wall time, the best of N rounds, less the start-up time (the
# best of 5 runs over an empty file, which would weigh on 1 MB), with --max-game-size 128
# so that the 64 MB game is read. Also prints the peak memory (max RSS)
# of each run and the largest ratio of time per MB for each shape; exits 1 when a ratio
# passes 2.
#
# Usage: bench/splitter-scaling.sh [--rounds N]     (default 5 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=splitter-scaling.sh
rounds=5
usage_lines=2,14
source bench/common.sh
parse_rounds "$@"
fv=build/bin/fairy-validate
[[ -x $fv ]] || { echo "$name: $fv not found; run ./run.sh first to build it" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu FILE ARGS...: runs fairy-validate, appends "CPU-seconds max-RSS-KB" to FILE.
TIMEFORMAT='%3U %3S'
cpu() {
  local out=$1 t
  shift
  t=$({ time /usr/bin/time -f "%M" -o "$tmp/rss" "$fv" "$@" >"$tmp/out" 2>&1; } 2>&1) || true
  echo "$(awk -v u="${t% *}" -v s="${t#* }" 'BEGIN { printf "%.3f", u + s }') $(cat "$tmp/rss")" >>"$out"
}

# make SHAPE MB FILE: one game of about MB * 10^6 bytes.
make() {
  awk -v shape="$1" -v target=$(($2 * 1000000)) 'BEGIN {
    if (shape == "tags") {
      printf "[Event \"x\"]\n\n"
      for (i = 0; n < target; ++i) { s = sprintf("[T%d \"v\"]\n\n", i); printf "%s", s; n += length(s) }
      printf "1. e4 *\n"
    } else {
      eol = shape == "cr" ? "\r" : "\n"
      printf "[Event \"x\"]%s%s1. e4 e5%s", eol, eol, eol
      for (; n < target; n += 3) printf ";c%s", eol
      printf "*%s", eol
    }
  }' >"$3"
}

sizes=(1 4 16 64)
shapes=(tags cr lf)
echo "CPU:      $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "program:  $fv -q --max-game-size 128 FILE (one game per file)"
echo "rounds:   $rounds; CPU time (user + system) and max RSS per process"
echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; other work skews the times)"
echo
for shape in "${shapes[@]}"; do
  for mb in "${sizes[@]}"; do make "$shape" "$mb" "$tmp/$shape.$mb.pgn"; done
done

# Start-up: the best of 5 runs over an empty file.
: >"$tmp/empty.pgn"
for ((r = 1; r <= 5; ++r)); do cpu "$tmp/startup" -q "$tmp/empty.pgn"; done
startup=$(cut -d' ' -f1 "$tmp/startup" | sort -g | head -n 1)
echo "start-up: $startup s (subtracted from every time below)"
echo
printf '%-6s %6s %10s %10s %12s\n' shape MB "CPU s" "s per MB" "max RSS MB"
status=0
for shape in "${shapes[@]}"; do
  for mb in "${sizes[@]}"; do
    f=$tmp/$shape.$mb.pgn
    for ((r = 1; r <= rounds; ++r)); do
      cpu "$tmp/runs.$shape.$mb" -q --max-game-size 128 "$f"
      grep -q "1 game read: 1 valid" "$tmp/out" ||
        { echo "$name: unexpected summary for $shape $mb MB: $(cat "$tmp/out")" >&2; exit 1; }
    done
    s=$(cut -d' ' -f1 "$tmp/runs.$shape.$mb" | sort -g | head -n 1 | awk -v u="$startup" '{ printf "%.6f", $1 - u }')
    m=$(cut -d' ' -f2 "$tmp/runs.$shape.$mb" | sort -n | tail -n 1)
    bytes=$(stat -c %s "$f")
    awk -v s="$s" -v b="$bytes" 'BEGIN { printf "%.6f\n", s / (b / 1e6) }' >>"$tmp/per-mb.$shape"
    awk -v sh="$shape" -v mb="$mb" -v s="$s" -v b="$bytes" -v m="$m" \
      'BEGIN { printf "%-6s %6d %10.3f %10.4f %12.1f\n", sh, mb, s, s / (b / 1e6), m / 1024 }'
  done
  # The largest time per MB over the smallest.
  ratio=$(awk 'BEGIN { lo = 1e9; hi = 0 } { if ($1 < lo) lo = $1; if ($1 > hi) hi = $1 }
    END { printf "%.2f", hi / lo }' "$tmp/per-mb.$shape")
  verdict=flat
  awk -v r="$ratio" 'BEGIN { exit !(r > 2) }' && { verdict="NOT FLAT"; status=1; }
  echo "$shape: time per MB varies ${ratio}x from 1 to 64 MB: $verdict"
done
exit $status
