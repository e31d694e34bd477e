#!/usr/bin/env bash
# Times hashed fairy-perft against MPerft (github.com/abulmo/MPerft, Richard Delorme's
# single-file C perft with a hash table), like for like: one thread each, the same table
# size (256 MiB: fairy-perft --hash 256, mperft -h 256), bulk counting at the last ply
# (mperft -b; fairy-perft always). Workloads: the start position at depth 7 and 8 and
# Kiwipete at depth 6. Each round runs, per workload, fairy-perft -j 1, mperft, and
# fairy-perft -j 2 (the same table shared by the two threads) one after the other, so that
# all see the same machine conditions; each time is the wall time of the whole process
# (start-up and the table's pages included). Every run must report the same node count.
# The tables show the medians, the ratio to MPerft and the speed-up of -j 2 over -j 1.
#
# MPerft is not part of fairykit and is never built by this script: build it yourself
# outside the repository (its README: make, or CC=clang make pgo) and give its path with
# --mperft PATH or MPERFT=PATH. Without it the MPerft runs are skipped (with a message) and
# the rest still runs. Build it with clang, the compiler its Makefile picks: GCC's build is
# about 28% slower on Kiwipete, and a comparison with it flatters fairy-perft. Debian 12
# has no <stdbit.h> and no -std=c23: compile with -std=c2x, -include stdalign.h and a small
# header of your own that defines the four stdc_* functions it uses (README, Speed).
#
# With --baseline DIR (a folder with a fairy-perft built from another commit, e.g. the one
# before hashed perft), that binary and this checkout's also count without a table, in the
# same rounds (the start position at depth 7, Kiwipete at depth 5): "nothing slows down".
#
# Usage: bench/perft-vs-mperft.sh [--rounds N] [--mperft PATH] [--baseline DIR]   (default 3)
set -euo pipefail

cd "$(dirname "$0")/.."
name=perft-vs-mperft.sh
rounds=3
usage_lines=2,24
source bench/common.sh
mperft=${MPERFT:-}
args=()
while (($#)); do
  case $1 in
    --mperft) mperft=${2:?--mperft needs a path}; shift 2 ;;
    --mperft=*) mperft=${1#*=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
parse_rounds "${args[@]+"${args[@]}"}"
require_fairy_perft
if [[ -n $baseline && ! -x $baseline/fairy-perft ]]; then
  echo "$name: $baseline/fairy-perft not found" >&2
  exit 2
fi
if [[ -z $mperft ]]; then
  echo "$name: no MPerft given (--mperft PATH or MPERFT=PATH): skipping the MPerft runs" >&2
elif [[ ! -x $mperft ]]; then
  echo "$name: MPerft '$mperft' is not an executable file: skipping the MPerft runs" >&2
  mperft=
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# Workloads: name|depth|FEN ("startpos" = the standard start position).
hashed=(
  "start position|7|startpos"
  "start position|8|startpos"
  "Kiwipete|6|$kiwipete"
)
unhashed=(
  "start position|7|startpos"
  "Kiwipete|5|$kiwipete"
)

# seconds T0 T1 -> the difference, to the microsecond
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }

# run_fairykit BINARY FEN DEPTH [FLAGS...] -> prints "seconds nodes"
run_fairykit() {
  local bin=$1 fen=$2 depth=$3 t0 t1 nodes
  shift 3
  t0=$(now)
  if ! "$bin" --fen "$fen" --depth "$depth" --quiet "$@" >"$tmp/out" 2>"$tmp/err"; then
    echo "$name: $bin failed on '$fen' depth $depth $*:" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
  t1=$(now)
  nodes=$(awk '/^Nodes searched:/ { print $3 }' "$tmp/out")
  echo "$(seconds "$t0" "$t1") ${nodes:-?}"
}

# run_mperft FEN DEPTH -> prints "seconds nodes": bulk counting, a 256 MB table, one thread
# (MPerft has no threads).
run_mperft() {
  local fen=$1 depth=$2 t0 t1 nodes position=()
  [[ $fen == startpos ]] || position=(-f "$fen")
  t0=$(now)
  if ! "$mperft" "${position[@]+"${position[@]}"}" -d "$depth" -b -h 256 >"$tmp/out" 2>"$tmp/err"; then
    echo "$name: mperft failed on '$fen' depth $depth:" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
  t1=$(now)
  nodes=$(awk '$1 == "perft" { print $4 }' "$tmp/out")
  echo "$(seconds "$t0" "$t1") ${nodes:-?}"
}

# check_nodes WHAT EXPECTED GOT
check_nodes() {
  if [[ $3 == "?" || $3 != "$2" ]]; then
    echo "$name: NODE COUNTS DIFFER on $1: $2 and $3" >&2
    exit 1
  fi
}

echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "fairykit:    $("$fk" --version)"
[[ -z $baseline ]] || echo "baseline:    $("$baseline/fairy-perft" --version) ($baseline)"
if [[ -n $mperft ]]; then
  echo "mperft:      $("$mperft" --help 2>&1 | head -n 1) ($mperft)"
  # The compiler, from the binary's .comment section (clang's build names clang there).
  compiler=$(readelf -p .comment "$mperft" 2>/dev/null | grep -o -m 1 'clang version [0-9.]*' ||
    readelf -p .comment "$mperft" 2>/dev/null | grep -o -m 1 'GCC: .*' || echo unknown)
  echo "             compiled by $compiler"
  [[ $compiler == clang* ]] ||
    echo "$name: note: mperft was not compiled by clang; its GCC build is slower" >&2
fi
echo "hashed:      $fk --hash 256 -j 1 and -j 2; mperft -b -h 256"
echo "rounds:      $rounds, runs in turn, wall time per process"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; other work skews the times)"
echo

for ((r = 1; r <= rounds; ++r)); do
  for i in "${!hashed[@]}"; do
    IFS='|' read -r what depth fen <<<"${hashed[$i]}"
    read -r j1_s j1_n < <(run_fairykit "$fk" "$fen" "$depth" --hash 256 -j 1)
    [[ $j1_n != "?" ]] || { echo "$name: no node count from fairy-perft" >&2; exit 1; }
    echo "$j1_s" >>"$tmp/j1.$i"
    echo "$j1_n" >"$tmp/nodes.$i"
    line=$(printf 'round %d/%d  %-15s d%d  -j 1 %8.3f s' "$r" "$rounds" "$what" "$depth" "$j1_s")
    if [[ -n $mperft ]]; then
      read -r mp_s mp_n < <(run_mperft "$fen" "$depth")
      check_nodes "$what depth $depth (fairy-perft, mperft)" "$j1_n" "$mp_n"
      echo "$mp_s" >>"$tmp/mp.$i"
      line+=$(printf '   mperft %8.3f s' "$mp_s")
    fi
    read -r j2_s j2_n < <(run_fairykit "$fk" "$fen" "$depth" --hash 256 -j 2)
    check_nodes "$what depth $depth (-j 1, -j 2)" "$j1_n" "$j2_n"
    echo "$j2_s" >>"$tmp/j2.$i"
    printf '%s   -j 2 %8.3f s\n' "$line" "$j2_s" >&2
  done
  if [[ -n $baseline ]]; then
    for i in "${!unhashed[@]}"; do
      IFS='|' read -r what depth fen <<<"${unhashed[$i]}"
      read -r new_s new_n < <(run_fairykit "$fk" "$fen" "$depth" -j 1)
      read -r base_s base_n < <(run_fairykit "$baseline/fairy-perft" "$fen" "$depth" -j 1)
      check_nodes "$what depth $depth without a table (this checkout, baseline)" "$new_n" "$base_n"
      echo "$new_s" >>"$tmp/new.$i"
      echo "$base_s" >>"$tmp/base.$i"
      echo "$new_n" >"$tmp/plain.$i"
      printf 'round %d/%d  %-15s d%d  no table: this %8.3f s   baseline %8.3f s\n' \
        "$r" "$rounds" "$what" "$depth" "$new_s" "$base_s" >&2
    done
  fi
done

echo "Hashed, 256 MiB, medians:"
printf '%-15s %5s %12s | %10s %9s | %10s %9s | %6s | %10s %8s\n' position depth nodes \
  "-j 1 s" "Mnodes/s" "mperft s" "Mnodes/s" ratio "-j 2 s" "-j2/-j1"
printf '%s\n' "--------------------------------------------------------------------------------------------------------------"
for i in "${!hashed[@]}"; do
  IFS='|' read -r what depth fen <<<"${hashed[$i]}"
  mp_med=-
  [[ -z $mperft ]] || mp_med=$(median <"$tmp/mp.$i")
  awk -v name="$what" -v d="$depth" -v n="$(cat "$tmp/nodes.$i")" -v f="$(median <"$tmp/j1.$i")" \
    -v m="$mp_med" -v t="$(median <"$tmp/j2.$i")" 'BEGIN {
    if (m == "-") mp = sprintf("%10s %9s | %6s", "-", "-", "-")
    else mp = sprintf("%10.3f %9.1f | %6.2f", m, n / m / 1e6, m / f)
    printf "%-15s %5d %12s | %10.3f %9.1f | %s | %10.3f %8.2f\n", name, d, n, f, n / f / 1e6, mp, t, f / t
  }'
done
echo
echo "ratio = mperft time / fairy-perft -j 1 time (above 1: fairy-perft faster);"
echo "-j2/-j1 = fairy-perft -j 1 time / -j 2 time (the table shared by both threads)"
if [[ -n $baseline ]]; then
  echo
  echo "Without a table (-j 1), medians:"
  printf '%-15s %5s %12s | %12s %12s %16s\n' position depth nodes "baseline s" "this s" \
    "baseline / this"
  for i in "${!unhashed[@]}"; do
    IFS='|' read -r what depth fen <<<"${unhashed[$i]}"
    awk -v name="$what" -v d="$depth" -v n="$(cat "$tmp/plain.$i")" \
      -v b="$(median <"$tmp/base.$i")" -v f="$(median <"$tmp/new.$i")" \
      'BEGIN { printf "%-15s %5d %12s | %12.3f %12.3f %16.2f\n", name, d, n, b, f, b / f }'
  done
  echo "baseline / this: above 1, this checkout is faster than the baseline"
fi
echo
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
