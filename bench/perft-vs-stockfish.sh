#!/usr/bin/env bash
# Times fairy-perft against Debian's Stockfish (/usr/games/stockfish) on two classic perft
# workloads, single-threaded: the start position at depth 6 and Kiwipete at depth 5.
# Runs alternate (fairykit, stockfish, fairykit, stockfish, ...) for N rounds so that both
# see the same machine conditions; each time is the wall time of the whole process,
# start-up included (Stockfish also loads its network). Both programs must report the same
# node count. The table shows the median per program and position.
#
# With --baseline DIR (a folder with a fairy-perft built from another commit, absolute or
# relative to the repository), that binary runs in the same rounds too, and the table adds
# its medians and this checkout's speed relative to it.
#
# Usage: bench/perft-vs-stockfish.sh [--rounds N] [--baseline DIR]     (default 5 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=perft-vs-stockfish.sh
rounds=5
usage_lines=2,13
source bench/common.sh
parse_rounds "$@"
require_fairy_perft
sf=/usr/games/stockfish
if [[ -n $baseline && ! -x $baseline/fairy-perft ]]; then
  echo "$name: $baseline/fairy-perft not found" >&2
  exit 2
fi

if [[ ! -x $sf ]]; then
  echo "== $sf missing: installing Debian's stockfish package" >&2
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get install -y stockfish >&2 ||
    { "${sudo[@]}" apt-get update >&2 && "${sudo[@]}" apt-get install -y stockfish >&2; }
  [[ -x $sf ]] || { echo "perft-vs-stockfish.sh: could not install $sf" >&2; exit 1; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Workloads: name|depth|FEN ("startpos" = the standard start position).
workloads=(
  "start position|6|startpos"
  "Kiwipete|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

# run_fairykit FEN DEPTH [BINARY] -> prints "seconds nodes"
run_fairykit() {
  local fen=$1 depth=$2 bin=${3:-$fk} t0 t1 nodes
  t0=$(now)
  if ! "$bin" --fen "$fen" --depth "$depth" -j 1 --quiet >"$tmp/out" 2>"$tmp/err"; then
    echo "perft-vs-stockfish.sh: fairy-perft failed on '$fen' depth $depth:" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
  t1=$(now)
  nodes=$(awk '/^Nodes searched:/ { print $3 }' "$tmp/out")
  echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') ${nodes:-?}"
}

# run_stockfish FEN DEPTH -> prints "seconds nodes"; UCI commands on standard input.
run_stockfish() {
  local fen=$1 depth=$2 t0 t1 nodes position
  if [[ $fen == startpos ]]; then position="position startpos"; else position="position fen $fen"; fi
  t0=$(now)
  if ! printf 'setoption name Threads value 1\n%s\ngo perft %s\nquit\n' "$position" "$depth" |
    "$sf" >"$tmp/out" 2>"$tmp/err"; then
    echo "perft-vs-stockfish.sh: stockfish failed on '$fen' depth $depth:" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
  t1=$(now)
  nodes=$(awk '/^Nodes searched:/ { print $3 }' "$tmp/out")
  echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') ${nodes:-?}"
}

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "fairykit:    $("$fk" --version)"
[[ -z $baseline ]] || echo "baseline:    $("$baseline/fairy-perft" --version) ($baseline)"
echo "stockfish:   $(echo quit | "$sf" | head -n 1) ($sf)"
echo "rounds:      $rounds, alternating fairykit / stockfish, 1 thread each, wall time per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; other work skews the times)"
echo

for ((r = 1; r <= rounds; ++r)); do
  for i in "${!workloads[@]}"; do
    IFS='|' read -r name depth fen <<<"${workloads[$i]}"
    read -r fk_s fk_n < <(run_fairykit "$fen" "$depth")
    read -r sf_s sf_n < <(run_stockfish "$fen" "$depth")
    if [[ $fk_n == "?" || $fk_n != "$sf_n" ]]; then
      echo "perft-vs-stockfish.sh: NODE COUNTS DIFFER on $name depth $depth:" \
        "fairykit $fk_n, stockfish $sf_n" >&2
      exit 1
    fi
    if [[ -n $baseline ]]; then
      read -r base_s base_n < <(run_fairykit "$fen" "$depth" "$baseline/fairy-perft")
      if [[ $base_n != "$fk_n" ]]; then
        echo "perft-vs-stockfish.sh: NODE COUNTS DIFFER on $name depth $depth:" \
          "fairykit $fk_n, baseline $base_n" >&2
        exit 1
      fi
      echo "$base_s" >>"$tmp/base.$i"
      printf 'round %d/%d  %-15s baseline %8.3f s\n' "$r" "$rounds" "$name" "$base_s" >&2
    fi
    echo "$fk_s" >>"$tmp/fk.$i"
    echo "$sf_s" >>"$tmp/sf.$i"
    echo "$fk_n" >"$tmp/nodes.$i"
    printf 'round %d/%d  %-15s fairykit %8.3f s   stockfish %8.3f s\n' "$r" "$rounds" "$name" "$fk_s" "$sf_s" >&2
  done
done

echo
printf '%-15s %5s %11s | %10s %9s | %10s %9s | %6s\n' position depth nodes \
  "fairykit s" "Mnodes/s" "stockfish s" "Mnodes/s" ratio
printf '%s\n' "----------------------------------------------------------------------------------------------"
for i in "${!workloads[@]}"; do
  IFS='|' read -r name depth fen <<<"${workloads[$i]}"
  nodes=$(cat "$tmp/nodes.$i")
  fk_med=$(median <"$tmp/fk.$i")
  sf_med=$(median <"$tmp/sf.$i")
  awk -v name="$name" -v d="$depth" -v n="$nodes" -v f="$fk_med" -v s="$sf_med" 'BEGIN {
    fn = n / f / 1e6; sn = n / s / 1e6
    printf "%-15s %5d %11d | %10.3f %9.1f | %11.3f %9.1f | %6.2f\n", name, d, n, f, fn, s, sn, fn / sn
  }'
done
echo
echo "ratio = fairykit nodes/s / stockfish nodes/s (medians; above 1: fairykit faster)"
if [[ -n $baseline ]]; then
  echo
  printf '%-15s %12s %12s %16s\n' position "baseline s" "fairykit s" "baseline / new"
  for i in "${!workloads[@]}"; do
    IFS='|' read -r name depth fen <<<"${workloads[$i]}"
    awk -v name="$name" -v b="$(median <"$tmp/base.$i")" -v f="$(median <"$tmp/fk.$i")" \
      'BEGIN { printf "%-15s %12.3f %12.3f %16.2f\n", name, b, f, b / f }'
  done
  echo "baseline / new: above 1, this checkout is faster than the baseline (medians)"
fi
