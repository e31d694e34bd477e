#!/usr/bin/env bash
# Scaling under MPI: 2 ranks x 1 thread against 1 rank x 1 thread, both under
# mpirun, alternating, N rounds, medians of the wall time of the whole mpirun:
#   validate  fairy-validate -q on TWIC 920 x 107 (about 200 MB, 240,215 games)
#   perft     fairy-perft --fen startpos --depth 7 (no table)
#   launch    fairy-validate on an empty file: what starting and ending the MPI job costs
# Prints the ratios of the wall times, and the same less the launch time of each side (the
# part that grows with the work). Checks that 1 and 2 ranks print the same. Needs the tools
# built with FAIRYKIT_MPI (FAIRYKIT_MPI=1 ./test.sh builds them in build-mpi/) and Open MPI.
# Open MPI's UCX layer takes 0.2 s to start on a machine without a fast network, so the
# script sets OMPI_MCA_pml=ob1 (shared memory and TCP), as one does on a single node.
#
# Usage: bench/mpi-scaling.sh [--rounds N] [--bin DIR]     (default 3 rounds, build-mpi/bin)
set -euo pipefail

cd "$(dirname "$0")/.."
name=mpi-scaling.sh
rounds=3
usage_lines=2,13
bin=build-mpi/bin
args=()
while (($#)); do
  case $1 in
    --bin) bin=${2:?--bin needs a folder}; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
source bench/common.sh
parse_rounds "${args[@]+"${args[@]}"}"
for t in fairy-validate fairy-perft; do
  [[ -x $bin/$t ]] || { echo "$name: $bin/$t not found: build with -DFAIRYKIT_MPI=ON" >&2; exit 1; }
done
mpiexec=$(command -v mpiexec) || { echo "$name: mpiexec not found (Debian: openmpi-bin)" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_pml=ob1

twic_archive 107
: >"$tmp/empty.pgn"
echo "CPU:         $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) available)"
echo "MPI:         $("$mpiexec" --version | head -n 1)"
echo "archive:     $archive ($bytes bytes, $games games)"
echo "rounds:      $rounds, alternating 1 and 2 ranks, wall time of mpirun"
echo "load:        $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; other work skews the times)"
echo

keep_output=1
declare -A secs
for ((r = 1; r <= rounds; ++r)); do
  for np in 1 2; do
    run "launch-$np" "$mpiexec" --quiet -np "$np" "$bin/fairy-validate" -q "$tmp/empty.pgn"
    run "validate-$np" "$mpiexec" --quiet -np "$np" "$bin/fairy-validate" -q "$archive"
    run "perft-$np" "$mpiexec" --quiet -np "$np" "$bin/fairy-perft" -q --fen startpos --depth 7
  done
done
for job in validate perft; do
  cmp -s "$tmp/out.$job-1" "$tmp/out.$job-2" ||
    { echo "$name: $job: 1 and 2 ranks print different results" >&2; exit 1; }
done
for label in launch-1 launch-2 validate-1 validate-2 perft-1 perft-2; do summarize "$label"; done
printf '%-10s %10s %10s %8s %14s\n' job "1 rank" "2 ranks" ratio "less launch"
for job in validate perft; do
  awk -v a="${secs[$job-1]}" -v b="${secs[$job-2]}" -v la="${secs[launch-1]}" \
    -v lb="${secs[launch-2]}" -v j="$job" \
    'BEGIN { printf "%-10s %9.3fs %9.3fs %7.2fx %13.2fx\n", j, a, b, a / b, (a - la) / (b - lb) }'
done
printf '%-10s %9.3fs %9.3fs\n' launch "${secs[launch-1]}" "${secs[launch-2]}"
