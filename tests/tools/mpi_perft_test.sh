#!/usr/bin/env bash
# fairy-perft under MPI (FAIRYKIT_MPI=ON): mpirun -np 1, 2 and 4 (oversubscribed on this
# machine) print exactly what one process prints, for every variant, with divide, several
# depths, a table and threads; the counts are the known ones; what is not shared out yet
# is refused with exit 2 and a message.
# Usage: mpi_perft_test.sh MPIEXEC FAIRY_PERFT
set -uo pipefail
mpiexec=${1:?usage: mpi_perft_test.sh MPIEXEC FAIRY_PERFT}
perft=${2:?usage: mpi_perft_test.sh MPIEXEC FAIRY_PERFT}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
cases=(
  "--fen startpos --depth 5 --divide"
  "--fen $kiwipete --max-depth 4"
  "--fen $kiwipete --depth 4 --divide --hash 8 -j 2"
  "--fen startpos --depth 0"
  "--fen startpos --depth 1 --divide"
  "--variant chess960 --fen startpos --depth 3 --divide"
  "--variant cwda --armies CN --fen startpos --depth 3 --divide"
  "--variant superchess --fen startpos --depth 3 --divide --hash 4"
  "--variant interweave --fen startpos --depth 3 --divide"
  "--variant fluidity --fen startpos --depth 3 --divide -j 2"
)
for c in "${cases[@]}"; do
  # (word splitting on purpose, except inside the FEN)
  if [[ $c == *"$kiwipete"* ]]; then
    rest=${c#--fen "$kiwipete" }
    args=(--fen "$kiwipete" $rest)
  else
    args=($c)
  fi
  want=$("$perft" -q "${args[@]}") || fail "one process: ${args[*]}"
  for np in 1 2 4; do
    got=$("$mpiexec" --oversubscribe -np "$np" "$perft" -q "${args[@]}")
    status=$?
    [[ $status -eq 0 ]] || fail "-np $np exit $status: ${args[*]}"
    [[ "$got" == "$want" ]] || fail "-np $np differs: ${args[*]}"$'\n'"$(diff <(echo "$want") <(echo "$got") | head -5)"
  done
done

# The counts themselves (independent: Stockfish, the chessprogramming wiki).
got=$("$mpiexec" --oversubscribe -np 4 "$perft" -q --fen startpos --depth 5)
[[ "$got" == "Nodes searched: 4865609" ]] || fail "startpos depth 5 at 4 ranks: $got"
got=$("$mpiexec" --oversubscribe -np 2 "$perft" -q --fen "$kiwipete" --depth 4 --hash 8)
[[ "$got" == "Nodes searched: 4085603" ]] || fail "Kiwipete depth 4 at 2 ranks: $got"

# Not shared out yet: refused, exit 2, one message (from rank 0 only).
err=$("$mpiexec" --oversubscribe -np 2 "$perft" --suite /dev/null --max-depth 1 2>&1 >/dev/null)
status=$?
[[ $status -eq 2 ]] || fail "suite at 2 ranks: exit $status"
[[ "$err" == *"under MPI (2 ranks) only one position (--fen) is shared out so far: run suites with one rank"* ]] ||
  fail "suite at 2 ranks: message: $err"
[[ $(grep -c "under MPI" <<<"$err") -eq 1 ]] || fail "the message comes more than once: $err"

echo "$failures failures"
[[ $failures -eq 0 ]]
