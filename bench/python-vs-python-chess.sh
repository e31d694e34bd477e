#!/usr/bin/env bash
# The Python module against python-chess, in one run on the same input:
#  1. reading and replaying TWIC 920 (tests/data/corpus/standard/twic0920.pgn, 2,245 games)
#     and taking the FEN of every main-line position: fairykit.read_games(fens=True) +
#     Game.fens() (bench/fairykit_fens.py) against chess.pgn.read_game + board.fen()
#     (bench/python_chess_fens.py). The FENs of both must be the same (an md5 over all of
#     them): the script fails otherwise.
#  2. fairykit.positions() (the columns of every position) over COPIES copies of that issue
#     (default 20) with jobs=2: positions per second (bench/fairykit_columns.py).
# Each timing is that of the loop or call inside the interpreter (not its start or the
# imports); rounds alternate; medians.
#
# python-chess is not a Debian package: give the folder of its source (a clone of
# github.com/niklasf/python-chess, the folder that holds chess/) with --python-chess DIR or
# PYTHON_CHESS_SRC; it is put on PYTHONPATH for its script only, never into the repository.
# The module is this checkout's build/python (./run.sh builds it) under /usr/bin/python3.
#
# Usage: bench/python-vs-python-chess.sh --python-chess DIR [--rounds N] [--copies N]
#        (default 3 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=python-vs-python-chess.sh
rounds=3
copies=20
usage_lines=2,20
pychess=${PYTHON_CHESS_SRC:-}
args=()
while (($#)); do
  case $1 in
    --copies) copies=${2:?--copies needs a number}; shift 2 ;;
    --python-chess) pychess=${2:?--python-chess needs a folder}; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
source bench/common.sh
parse_rounds "${args[@]+"${args[@]}"}"
[[ $copies =~ ^[1-9][0-9]*$ ]] || { echo "$name: --copies wants a positive number" >&2; exit 2; }
[[ -n $pychess ]] ||
  { echo "$name: give python-chess's source folder with --python-chess DIR (see --help)" >&2; exit 2; }
[[ -f $pychess/chess/pgn.py ]] ||
  { echo "$name: $pychess/chess/pgn.py not found: --python-chess wants the folder that holds chess/" >&2; exit 2; }
pychess=$(cd "$pychess" && pwd)
py=/usr/bin/python3
[[ -f build/python/fairykit/__init__.py ]] ||
  { echo "$name: build/python/fairykit not found; run ./run.sh first to build it" >&2; exit 1; }
export PYTHONDONTWRITEBYTECODE=1
twic_archive "$copies"

echo "CPU:          $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "python:       $($py --version) ($py)"
echo "python-chess: $(PYTHONPATH=$pychess $py -c 'import chess; print(chess.__version__)') ($pychess)"
echo "input:        $src (2,245 games); for positions(): x $copies = $bytes bytes"
echo "rounds:       $rounds, alternating"
echo "load:         $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# one LABEL CMD...: runs CMD, which prints "... seconds [md5]"; appends its line to $tmp/LABEL.
one() {
  local label=$1 line
  shift
  line=$("$@") || { echo "$name: $label failed" >&2; exit 1; }
  echo "$line" >>"$tmp/$label"
  printf 'round %d/%d  %-14s %s\n' "$r" "$rounds" "$label" "$line" >&2
}
for ((r = 1; r <= rounds; ++r)); do
  one fairykit env PYTHONPATH=build/python $py bench/fairykit_fens.py "$src"
  one python-chess env PYTHONPATH="$pychess" $py bench/python_chess_fens.py "$src"
  one positions env PYTHONPATH=build/python $py bench/fairykit_columns.py "$archive" 2
done

digests=$(cut -d' ' -f4 "$tmp/fairykit" "$tmp/python-chess" | sort -u | wc -l)
[[ $digests -eq 1 ]] || { echo "$name: the FENs of fairykit and python-chess differ" >&2; exit 1; }
fk=$(cut -d' ' -f3 "$tmp/fairykit" | median)
pc=$(cut -d' ' -f3 "$tmp/python-chess" | median)
pos=$(cut -d' ' -f3 "$tmp/positions" | median)
read -r rows _ < "$tmp/positions"
read -r games positions _ < "$tmp/fairykit"
echo
printf '%-44s %10s %12s\n' "read + replay + FEN of every position" "seconds" "positions/s"
printf '%-44s %10.3f %12.0f\n' "fairykit.read_games(fens=True)" "$fk" "$(awk -v n="$positions" -v s="$fk" 'BEGIN { print n / s }')"
printf '%-44s %10.3f %12.0f\n' "python-chess read_game + board.fen()" "$pc" "$(awk -v n="$positions" -v s="$pc" 'BEGIN { print n / s }')"
echo "($games games, $positions positions; the same FENs)"
printf 'fairykit is %.1fx python-chess\n' "$(awk -v a="$pc" -v b="$fk" 'BEGIN { print a / b }')"
echo
printf 'fairykit.positions(jobs=2), %d copies: %d positions in %.3f s = %.2f million positions/s\n' \
  "$copies" "$rows" "$pos" "$(awk -v n="$rows" -v s="$pos" 'BEGIN { print n / s / 1e6 }')"
