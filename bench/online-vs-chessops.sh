#!/usr/bin/env bash
# The statistics of online play (fairy-analyze --online) on a generated online-play
# collection (tests/tools/online_collection.py: the bundled chess games with clocks,
# evaluations, time controls and ratings; GAMES games, default 200,000, seed 1):
#   1. the cost of the comments: fairy-analyze -j 1 --online on the collection, against the
#      same games written without comments (fairy-convert --no-comments); the ratio of
#      their speeds (acceptance: at least 0.8);
#   2. a chessops script (npm chessops, the lichess library; bench/chessops-online.mjs)
#      computing the results per speed class and the clocks of every move, every move
#      replayed, on one core, against fairy-analyze -j 1 --online (acceptance: at least 20x).
# Rounds alternate; wall time of the whole process; medians; max RSS. The figures of the two
# programs are compared (games, results per speed, the number and the sum of the clocks per
# speed) and the script fails when they differ. chessops is installed with npm into a
# temporary folder (network: the npm registry), never into the repository.
#
# Usage: bench/online-vs-chessops.sh [--rounds N] [--games N]   (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=online-vs-chessops.sh
rounds=3
games=200000
usage_lines=2,17
args=()
while (($#)); do
  case $1 in
    --games) games=${2:?--games needs a number}; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
source bench/common.sh
parse_rounds "${args[@]+"${args[@]}"}"
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "$name: --games wants a positive number" >&2; exit 2; }
fa=build/bin/fairy-analyze
fc=build/bin/fairy-convert
[[ -x $fa && -x $fc ]] || { echo "$name: $fa not found; run ./run.sh first to build it" >&2; exit 1; }
python=/usr/bin/python3
[[ -x $python ]] || python=python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
require_chessops
cp bench/chessops-online.mjs "$tmp/"
with=$tmp/online.pgn
without=$tmp/plain.pgn
"$python" tests/tools/online_collection.py --fairy-convert "$fc" --seed 1 --games "$games" \
  --variants chess -o "$with"
"$fc" -q --no-comments -o "$without" "$with"
bytes=$(stat -c %s "$with")
plain_bytes=$(stat -c %s "$without")

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "input:       $games generated games: $bytes bytes with comments, $plain_bytes without"
echo "fairykit:    $fa -q -j 1 --online --format csv"
echo "chessops:    node chessops-online.mjs (chessops 0.15.1, node $(node --version))"
echo "rounds:      $rounds, alternating; wall time and max RSS per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg)"
echo

keep_output=1
stop_on_failure=1
for ((r = 1; r <= rounds; ++r)); do
  run comments "$fa" -q -j 1 --online --format csv --csv-raw "$with"
  run plain "$fa" -q -j 1 --online --format csv --csv-raw "$without"
  run chessops bash -c "cd '$tmp' && exec node chessops-online.mjs '$with'"
done

# The same figures: games, results per speed, clocks per speed.
csv=$tmp/out.comments
value() { awk -F, -v t="$1" -v c="$2" '$1 == t && $3 == c { s += $4 } END { print s + 0 }' "$csv"; }
co() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/out.chessops"; }
[[ $(value summary "games read") == "$(co games)" ]] ||
  { echo "$name: games differ: fairykit $(value summary "games read"), chessops $(co games)" >&2; exit 1; }
# fairy-analyze's results_by_speed and clock_by_move as the script prints them.
awk -F, '
  $1 == "results_by_speed" { v[$2, $3] = $4; rows[$2] = 1 }
  $1 == "clock_by_move" { c[$2, $3] = $4; crows[$2] = 1 }
  END {
    split("1-0 0-1 1/2-1/2 *", results, " ")
    for (r in rows) for (k = 1; k <= 4; ++k)
      if (v[r, results[k]] > 0) print "result", v[r, "speed"], results[k], v[r, results[k]]
    for (r in crows) n[c[r, "speed"]] += c[r, "clocks"]
    for (sp in n) print "clocks", sp, n[sp]
  }' "$csv" | sort >"$tmp/fk.figures"
awk '$1 == "result" && $4 > 0 { print } $1 == "clocks" && $3 > 0 { print $1, $2, $3 }' "$tmp/out.chessops" |
  sort >"$tmp/co.figures"
cmp -s "$tmp/fk.figures" "$tmp/co.figures" || {
  echo "$name: the figures differ (fairykit < > chessops):" >&2
  diff "$tmp/fk.figures" "$tmp/co.figures" >&2 || true
  exit 1
}
echo "the same figures: $(co games) games; results and clocks per speed agree"
echo
printf '%-10s %10s %12s %10s %12s\n' program "median s" "games/s" "MB/s" "max RSS MB"
declare -A secs
for label in comments plain chessops; do
  summarize "$label"
  b=$bytes
  [[ $label == plain ]] && b=$plain_bytes
  awk -v l="$label" -v s="$s" -v g="$games" -v b="$b" -v m="$m" \
    'BEGIN { printf "%-10s %10.3f %12.0f %10.1f %12.1f\n", l, s, g / s, b / s / 1e6, m / 1024 }'
done
awk -v w="${secs[comments]}" -v p="${secs[plain]}" -v c="${secs[chessops]}" 'BEGIN {
  printf "\nwith comments vs without (speed): %.2fx\n", p / w
  printf "fairy-analyze -j 1 --online vs the chessops script: %.1fx\n", c / w }'
