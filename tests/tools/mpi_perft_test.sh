#!/usr/bin/env bash
# fairy-perft under MPI (FAIRYKIT_MPI=ON): mpirun -np 1, 2 and 4 (oversubscribed on this
# machine) print exactly what one process prints, for every variant, with divide, several
# depths, a table and threads, and for every oracle suite (shared out by position); the
# counts are the known ones; --make-suite (rank 0 alone) makes the same suite.
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

# Suites, shared out by position: every oracle suite prints at 1, 2 and 4 ranks exactly what
# one process prints (text and JSON, less the timing and the table's statistics: each rank
# has its own table, which sees other positions before), every count passes; a suite a rank
# cannot read is one error.
oracles=$(cd "$(dirname "$0")/../data/oracles" && pwd)
strip() { sed -E 's/"seconds":[0-9.e+-]+,"nps":[0-9]+/T/g; s/"hash":\{[^}]*\}/H/g; s/^time .*//'; }
for suite in "$oracles"/*.epd "$oracles"/*.perft; do
  v=
  [[ $suite == *chess960* ]] && v="--variant chess960"
  for extra in "--max-depth 3 $v" "--max-depth 2 --format json --hash 4 -j 2 $v"; do
    want=$("$perft" --suite "$suite" $extra 2>/dev/null | strip)
    wstatus=$?
    for np in 1 2 4; do
      got=$("$mpiexec" --quiet --oversubscribe -np "$np" "$perft" --suite "$suite" $extra 2>/dev/null | strip)
      [[ "$got" == "$want" ]] ||
        fail "-np $np differs: --suite $suite $extra"$'\n'"$(diff <(echo "$want") <(echo "$got") | head -5)"
    done
    [[ "$want" == *" 0 failed"* || "$want" == *'"failed":0'* ]] || fail "$suite $extra: a count failed"
  done
done
got=$("$mpiexec" --quiet --oversubscribe -np 2 "$perft" --suite "$oracles/chess-standard.epd" --suite "$oracles/cwda.perft" --max-depth 2 2>/dev/null | strip)
want=$("$perft" --suite "$oracles/chess-standard.epd" --suite "$oracles/cwda.perft" --max-depth 2 2>/dev/null | strip)
[[ "$got" == "$want" ]] || fail "two suites at 2 ranks differ"
err=$("$mpiexec" --quiet --oversubscribe -np 2 "$perft" --suite /nonexistent.epd --max-depth 1 2>&1 >/dev/null)
status=$?
[[ $status -eq 2 ]] || fail "a missing suite at 2 ranks: exit $status"
[[ $(grep -c "nonexistent.epd" <<<"$err") -eq 1 ]] || fail "a missing suite at 2 ranks: $err"

# --make-suite: made by rank 0 alone, the same bytes as one process.
want=$("$perft" --make-suite 4 --seed 7 --depth 3 --variant fluidity)
got=$("$mpiexec" --quiet --oversubscribe -np 2 "$perft" --make-suite 4 --seed 7 --depth 3 --variant fluidity)
[[ -n "$want" && "$got" == "$want" ]] || fail "--make-suite at 2 ranks differs"

echo "$failures failures"
[[ $failures -eq 0 ]]
