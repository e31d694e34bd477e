#!/usr/bin/env bash
# fairy-analyze --engine against a python-chess chess.engine script, both driving Stockfish
# (/usr/games/stockfish, Threads 1, Hash 16 MB) at --nodes N over the first G games of TWIC 920
# (tests/data/corpus/standard/twic0920.pgn):
#  - the script (bench/python_chess_engine.py) analyses every main-line position of every game
#    with one engine, a new game (ucinewgame) before each, as fairy-analyze does;
#  - fairy-analyze --engines 1 and --engines 2 (-j 1) analyse every distinct position once;
#  - fairy-analyze --engines 2 with a new --eval-cache, then once more on that cache: the
#    second run sends no position to the engine.
# Prints the positions read and distinct, the time of each run (whole processes, medians),
# fairykit's time against the script's scaled to the distinct positions (the script's time x
# distinct / read: what fairykit would take if the engine were its only cost; the acceptance
# is a ratio of at most 1), the speed-up of --engines 2 over --engines 1 (the target: at least
# 1.8x) and the positions the cached run sent to the engine (0). Fails when the two programs
# read different numbers of positions, when the three fairy-analyze runs write different
# records, or when the cached run searched.
#
# python-chess is not a Debian package: give the folder of its source (the one that holds
# chess/) with --python-chess DIR or PYTHON_CHESS_SRC; without one, python-chess 1.11.2 (the
# PyPI package "chess") is fetched once with pip into ${XDG_CACHE_HOME:-~/.cache}/fairykit-bench,
# outside the repository, and put on PYTHONPATH for the script only. fairy-analyze is this
# checkout's build/bin (./run.sh builds it), or --bin DIR.
#
# Usage: bench/engine-vs-python-chess.sh [--games N] [--nodes N] [--python-chess DIR]
#        [--bin DIR] [--rounds N]     (default 500 games, 5000 nodes, 1 round)
set -euo pipefail

cd "$(dirname "$0")/.."
name=engine-vs-python-chess.sh
rounds=1
usage_lines=2,26
games=500
nodes=5000
hash_mb=16
bin=build/bin
pychess=${PYTHON_CHESS_SRC:-}
pychess_version=1.11.2
args=()
while (($#)); do
  case $1 in
    --games) games=${2:?--games needs a number}; shift 2 ;;
    --nodes) nodes=${2:?--nodes needs a number}; shift 2 ;;
    --python-chess) pychess=${2:?--python-chess needs a folder}; shift 2 ;;
    --bin) bin=${2:?--bin needs a folder}; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
source bench/common.sh
parse_rounds "${args[@]+"${args[@]}"}"
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "$name: --games wants a positive number" >&2; exit 2; }
[[ $nodes =~ ^[1-9][0-9]*$ ]] || { echo "$name: --nodes wants a positive number" >&2; exit 2; }
fa=$bin/fairy-analyze
[[ -x $fa ]] || { echo "$name: $fa not found; run ./run.sh first to build it" >&2; exit 1; }
stockfish=/usr/games/stockfish
[[ -x $stockfish ]] || { echo "$name: $stockfish not found (Debian package stockfish)" >&2; exit 1; }
py=/usr/bin/python3

if [[ -z $pychess ]]; then
  pychess=${XDG_CACHE_HOME:-$HOME/.cache}/fairykit-bench/python-chess-$pychess_version
  if [[ ! -f $pychess/chess/engine.py ]]; then
    echo "== fetching python-chess $pychess_version (PyPI: chess) into $pychess" >&2
    dl=$(mktemp -d)
    $py -m pip download --quiet --no-deps -d "$dl" "chess==$pychess_version" >&2 || {
      rm -rf "$dl"
      echo "$name: pip could not fetch python-chess; give its source with --python-chess DIR" >&2
      exit 1
    }
    unpacked=$dl/unpacked
    mkdir -p "$unpacked"
    for f in "$dl"/chess-*; do
      case $f in
        *.whl) $py -m zipfile -e "$f" "$unpacked" ;;
        *.tar.gz) tar -xzf "$f" -C "$unpacked" ;;
      esac
    done
    found=$(find "$unpacked" -path '*/chess/engine.py' | head -n 1)
    [[ -n $found ]] || { rm -rf "$dl"; echo "$name: no chess/engine.py in what pip fetched" >&2; exit 1; }
    mkdir -p "$pychess"
    cp -r "$(dirname "$found")" "$pychess/"
    rm -rf "$dl"
  fi
fi
[[ -f $pychess/chess/engine.py ]] ||
  { echo "$name: $pychess/chess/engine.py not found: --python-chess wants the folder that holds chess/" >&2; exit 2; }
pychess=$(cd "$pychess" && pwd)
export PYTHONDONTWRITEBYTECODE=1

src=tests/data/corpus/standard/twic0920.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input=$tmp/twic0920-first$games.pgn
awk -v n="$games" '/^\[Event /{ g++ } g <= n' "$src" >"$input"
engine=(--engine "$stockfish" --nodes "$nodes" --engine-option "Hash=$hash_mb" -j 1)

echo "CPU:          $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "engine:       $("$stockfish" </dev/null 2>/dev/null | head -n 1) ($stockfish), Threads 1, Hash $hash_mb MB, nodes $nodes"
echo "python:       $($py --version) ($py)"
echo "python-chess: $(PYTHONPATH=$pychess $py -c 'import chess; print(chess.__version__)') ($pychess)"
echo "input:        the first $games games of $src ($(stat -c %s "$input") bytes)"
echo "rounds:       $rounds, alternating"
echo "load:         $(cut -d' ' -f1-3 /proc/loadavg)"
echo

declare -A secs
keep_output=1
stop_on_failure=1
for ((r = 1; r <= rounds; ++r)); do
  run python-chess env PYTHONPATH="$pychess" $py bench/python_chess_engine.py "$stockfish" "$input" "$nodes" "$hash_mb"
  run engines-1 "$fa" "${engine[@]}" --engines 1 "$input"
  run engines-2 "$fa" "${engine[@]}" --engines 2 "$input"
  rm -f "$tmp"/cache.db*
  run cache-new "$fa" "${engine[@]}" --engines 2 --eval-cache "$tmp/cache.db" "$input"
  run cache-again "$fa" "${engine[@]}" --engines 2 --eval-cache "$tmp/cache.db" "$input"
done
for label in python-chess engines-1 engines-2 cache-new cache-again; do summarize "$label"; done

# The summary line of fairy-analyze: "engine ... : R positions read, D distinct: A analysed,
# C from the cache, E game ends, F failed".
figure() { grep '^engine ' "$tmp/err.$1" | grep -o "[0-9]* $2" | tail -n 1 | cut -d' ' -f1; }
read_fk=$(figure engines-1 "positions read")
distinct=$(figure engines-1 distinct)
failed=$(figure engines-1 failed)
sent_again=$(figure cache-again analysed)
from_cache=$(figure cache-again "from the cache")
read -r py_games py_positions _ <"$tmp/out.python-chess"
[[ -n $read_fk && -n $distinct ]] ||
  { echo "$name: no summary from fairy-analyze: $(tail -n 3 "$tmp/err.engines-1")" >&2; exit 1; }
[[ $read_fk -eq $py_positions ]] ||
  { echo "$name: fairy-analyze read $read_fk positions, the script $py_positions" >&2; exit 1; }
for label in engines-2 cache-new cache-again; do
  cmp -s "$tmp/out.engines-1" "$tmp/out.$label" ||
    { echo "$name: the records of $label differ from those of --engines 1" >&2; exit 1; }
done
[[ $sent_again -eq 0 ]] || { echo "$name: the run on the cache sent $sent_again positions to the engine" >&2; exit 1; }
[[ $failed -eq 0 ]] || echo "note: the engine failed on $failed positions (see their records)"

echo
printf '%-46s %10s\n' "$py_games games, $py_positions positions read, $distinct distinct" "seconds"
printf '%-46s %10.3f\n' "python-chess: every position" "${secs[python-chess]}"
printf '%-46s %10.3f\n' "fairy-analyze --engines 1" "${secs[engines-1]}"
printf '%-46s %10.3f\n' "fairy-analyze --engines 2" "${secs[engines-2]}"
printf '%-46s %10.3f\n' "fairy-analyze --engines 2, a new cache" "${secs[cache-new]}"
printf '%-46s %10.3f\n' "fairy-analyze --engines 2, on that cache" "${secs[cache-again]}"
echo
share=$(awk -v d="$distinct" -v n="$read_fk" 'BEGIN { printf "%.4f", d / n }')
scaled=$(awk -v s="${secs[python-chess]}" -v f="$share" 'BEGIN { printf "%.3f", s * f }')
printf 'distinct share %.2f%%: the script x share = %.3f s; fairy-analyze --engines 1 / that = %.3f (at most 1: met %s)\n' \
  "$(awk -v f="$share" 'BEGIN { print f * 100 }')" "$scaled" \
  "$(awk -v a="${secs[engines-1]}" -v b="$scaled" 'BEGIN { print a / b }')" \
  "$(awk -v a="${secs[engines-1]}" -v b="$scaled" 'BEGIN { print (a <= b) ? "yes" : "no" }')"
printf 'fairy-analyze is %.2fx the script\n' "$(awk -v a="${secs[python-chess]}" -v b="${secs[engines-1]}" 'BEGIN { print a / b }')"
speedup=$(awk -v a="${secs[engines-1]}" -v b="${secs[engines-2]}" 'BEGIN { printf "%.2f", a / b }')
printf -- '--engines 2 / --engines 1: %.2fx (target at least 1.8x: met %s)\n' "$speedup" \
  "$(awk -v s="$speedup" 'BEGIN { print (s >= 1.8) ? "yes" : "no" }')"
echo "the run on the cache: $sent_again positions sent to the engine, $from_cache from the cache"
