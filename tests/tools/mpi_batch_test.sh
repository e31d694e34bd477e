#!/usr/bin/env bash
# The game tools under MPI (FAIRYKIT_MPI=ON): mpirun -np 1, 2 and 4 (oversubscribed
# on this machine) write exactly what one process writes (standard output, standard error,
# the side files, the exit status) on the corpus and every sample, in every output format,
# for several inputs at once, compressed inputs, and inputs made to trip the byte-range
# split (an "[Event" line inside a comment, CRLF and lone-CR line ends, a byte order mark, a
# game over --max-game-size), seekable zstd; a rank that cannot read its input and a killed rank make the
# run fail with a message naming the rank and its bytes, and put no output in place.
# fairy-analyze --engine with the tests' fake engine (deterministic) writes the records of one
# process at 1, 2 and 3 ranks, keeps its cache on rank 0 (a second run searches nothing), and
# fails as one process does when an engine fails.
# Usage: mpi_batch_test.sh MPIEXEC MPI_BIN_DIR [REFERENCE_BIN_DIR]
#   MPI_BIN_DIR: the tools built with FAIRYKIT_MPI; REFERENCE_BIN_DIR: the same tools built
#   without it (default: those of MPI_BIN_DIR, run without mpirun). fake-uci-engine is taken
#   from REFERENCE_BIN_DIR, else MPI_BIN_DIR. Run from the source tree.
set -uo pipefail
mpiexec=${1:?usage: mpi_batch_test.sh MPIEXEC MPI_BIN_DIR [REFERENCE_BIN_DIR]}
bin=${2:?usage: mpi_batch_test.sh MPIEXEC MPI_BIN_DIR [REFERENCE_BIN_DIR]}
ref=${3:-$bin}
cd "$(dirname "$0")/../.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_pml=ob1
failures=0
checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same TOOL ARGS...: one process (reference build) against 1, 2 and 4 ranks ($nps when set).
# Side files are named by "@OUT1" and "@OUT2" in ARGS and compared too.
same() {
  local tool=$1
  shift
  local args=("$@") np
  run() {  # run DIR PREFIX...: into $tmp/$DIR.{out,err,status,o1,o2}
    local d=$1
    shift
    rm -f "$tmp/$d".*
    local a=("${args[@]//@OUT1/$tmp/$d.o1}")
    a=("${a[@]//@OUT2/$tmp/$d.o2}")
    "$@" "${a[@]}" <"${stdin:-/dev/null}" >"$tmp/$d.out" 2>"$tmp/$d.err"
    echo $? >"$tmp/$d.status"
  }
  run want "$ref/$tool"
  for np in ${nps:-1 2 4}; do
    run got "$mpiexec" --quiet --oversubscribe -np "$np" "$bin/$tool"
    # Open MPI 4.1's mpirun itself can crash forwarding standard input as the job ends
    # (SIGSEGV in orte_iof_hnp_read_local_handler, open-mpi/ompi issue 7483): run again.
    local tries=0
    while [[ -n ${stdin:-} && $(cat "$tmp/got.status") == 139 ]] && ((++tries <= 2)); do
      echo "note: mpirun crashed forwarding standard input (Open MPI issue 7483): run again"
      run got "$mpiexec" --quiet --oversubscribe -np "$np" "$bin/$tool"
    done
    checks=$((checks + 1))
    local part bad=
    for part in out err status o1 o2; do
      [[ -e $tmp/want.$part || -e $tmp/got.$part ]] || continue
      cmp -s "$tmp/want.$part" "$tmp/got.$part" || bad+=" $part"
    done
    [[ -z $bad ]] || {
      fail "-np $np differs in:$bad: $tool ${args[*]}"
      for part in $bad; do  # what differs, for a run that cannot be repeated (CI)
        [[ $part == status ]] && echo "  status: $(cat "$tmp/want.status") vs $(cat "$tmp/got.status")"
        [[ $part == err ]] && diff "$tmp/want.err" "$tmp/got.err" | head -6 | sed 's/^/  /'
      done
    }
  done
}

mapfile -t pgns < <(find tests/data/corpus samples -name '*.pgn' | sort)
[[ ${#pgns[@]} -gt 10 ]] || fail "found only ${#pgns[@]} PGN files"

# Inputs made for the split.
tw=tests/data/corpus/standard/twic0920.pgn
{
  printf '[Event "a"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 {'
  for i in $(seq 20000); do printf 'a long comment\n\n[Event of the year %d, not a tag pair\n' "$i"; done
  printf '} e5 *\n\n'
  head -c 20000 "$tw"
} >"$tmp/comment-events.pgn"
sed 's/$/\r/' "$tw" >"$tmp/crlf.pgn"
tr '\n' '\r' <"$tw" >"$tmp/cr.pgn"
{ printf '\xEF\xBB\xBF'; cat "$tw"; } >"$tmp/bom.pgn"
{
  head -c 300000 "$tw"
  printf '\n\n[Event "big"]\n\n1. e4 {'
  head -c 2000000 /dev/zero | tr '\0' 'x'
  printf '} *\n\n'
  cat "$tw"
} >"$tmp/oversize.pgn"
gzip -c "$tw" >"$tmp/twic.pgn.gz"
zstd -q -c "samples/standard/"*.pgn >"$tmp/samples.pgn.zst" 2>/dev/null || cp "$tw" "$tmp/samples.pgn.zst"
made=("$tmp/comment-events.pgn" "$tmp/crlf.pgn" "$tmp/cr.pgn" "$tmp/bom.pgn")
# Seekable zstd (tools/fairy-seekable-zstd), shared by byte ranges of the decompressed text:
# frames smaller than the shares, and larger ones; wrong guesses inside a comment.
seekable=()
if command -v zstd >/dev/null; then
  tools/fairy-seekable-zstd --frame 64K --level 1 "$tw" "$tmp/twic.seek.zst" 2>/dev/null
  tools/fairy-seekable-zstd --frame 1M --level 1 "$tmp/crlf.pgn" "$tmp/crlf.seek.zst" 2>/dev/null
  tools/fairy-seekable-zstd --frame 20K --level 1 "$tmp/comment-events.pgn" "$tmp/comment.seek.zst" 2>/dev/null
  seekable=("$tmp/twic.seek.zst" "$tmp/crlf.seek.zst" "$tmp/comment.seek.zst")
else
  fail "the zstd command is missing (Debian: zstd): seekable zstd is not tested"
fi

# fairy-validate
if [[ -x $bin/fairy-validate ]]; then
  for f in "${pgns[@]}" "${made[@]}" "${seekable[@]}"; do
    same fairy-validate --valid-out @OUT1 --invalid-out @OUT2 "$f"
  done
  same fairy-validate --max-game-size 1 "$tmp/oversize.pgn"
  same fairy-validate --format jsonl --show-position "${pgns[@]:0:12}"
  same fairy-validate --format json -q "$tw" "$tmp/twic.pgn.gz" "$tmp/samples.pgn.zst" "${made[@]}"
  same fairy-validate -j 2 --invalid-out @OUT1 "${pgns[@]}"
  same fairy-validate "$tw" missing-file.pgn "$tmp/crlf.pgn"
  same fairy-validate --valid-out "$tw" "$tw"
  stdin=$tw same fairy-validate -

  # A rank that cannot read its input (a node without its copy): rank 1 is given a name
  # that does not exist there.
  out=$("$mpiexec" --oversubscribe -np 1 "$bin/fairy-validate" --valid-out "$tmp/v.pgn" "$tw" \
    : -np 1 "$bin/fairy-validate" --valid-out "$tmp/v.pgn" "$tmp/nowhere/twic0920.pgn" 2>&1)
  status=$?
  checks=$((checks + 1))
  [[ $status -eq 2 ]] || fail "a rank without its input: exit $status, want 2"
  grep -q "rank 1: $tmp/nowhere/twic0920.pgn: cannot open file" <<<"$out" ||
    fail "a rank without its input: no message naming rank 1: $out"
  [[ ! -e $tmp/v.pgn ]] || fail "a rank without its input: --valid-out was put in place"

  # The same for a compressed input, which one rank reads whole (here the second: rank 1).
  cp "$tmp/twic.pgn.gz" "$tmp/second.pgn.gz"
  out=$("$mpiexec" --oversubscribe -np 1 "$bin/fairy-validate" -q "$tmp/twic.pgn.gz" "$tmp/second.pgn.gz" \
    : -np 1 "$bin/fairy-validate" -q "$tmp/twic.pgn.gz" "$tmp/nowhere/second.pgn.gz" 2>&1)
  status=$?
  checks=$((checks + 1))
  [[ $status -eq 2 ]] || fail "a rank without its compressed input: exit $status, want 2"
  want="rank 1 of 2 failed: $tmp/nowhere/second.pgn.gz: cannot open file: No such file or directory (rank 1 of 2, all of $tmp/second.pgn.gz)"
  grep -qF "$want" <<<"$out" || fail "a rank without its compressed input: no message naming rank 1: $out"

  if ((${#seekable[@]})); then
    # Rank 1's copy of a seekable file is not seekable: the plan fails, naming it.
    zstd -q -c "$tw" >"$tmp/unseekable.zst"
    out=$("$mpiexec" --oversubscribe -np 1 "$bin/fairy-validate" --valid-out "$tmp/v.pgn" "$tmp/twic.seek.zst" \
      : -np 1 "$bin/fairy-validate" --valid-out "$tmp/v.pgn" "$tmp/unseekable.zst" 2>&1)
    status=$?
    checks=$((checks + 1))
    [[ $status -eq 2 ]] || fail "a rank whose copy is not seekable: exit $status, want 2"
    want="rank 1: $tmp/unseekable.zst: not the seekable zstd file rank 0 read ($(stat -c %s "$tw") bytes decompressed)"
    grep -qF "$want" <<<"$out" || fail "a rank whose copy is not seekable: $out"
    [[ ! -e $tmp/v.pgn ]] || fail "a rank whose copy is not seekable: --valid-out was put in place"
    # A seek table that does not match its frames (frame 2 said one byte longer, frame 3
    # one shorter): one process ignores the table, the ranks stop at the frame.
    tools/fairy-seekable-zstd --frame 640K --level 1 "$tw" "$tmp/lying.seek.zst" 2>/dev/null
    size=$(stat -c %s "$tmp/lying.seek.zst")
    for k in 1 2; do  # the low byte of the decompressed size of frames 2 and 3
      at=$((size - 9 - 3 * 8 + 8 * k + 4))
      byte=$(od -An -tu1 -j "$at" -N1 "$tmp/lying.seek.zst" | tr -d ' ')
      printf "$(printf '\\%03o' $(((byte + (k == 1 ? 1 : 255)) & 255)))" |
        dd of="$tmp/lying.seek.zst" bs=1 seek="$at" conv=notrunc status=none
    done
    out=$("$mpiexec" --quiet --oversubscribe -np 2 "$bin/fairy-validate" --valid-out "$tmp/v.pgn" "$tmp/lying.seek.zst" 2>&1)
    status=$?
    checks=$((checks + 1))
    [[ $status -eq 2 ]] || fail "a lying seek table: exit $status, want 2"
    grep -qF "corrupt zstd data (frame 2 of 3 holds 655360 bytes, its seek table entry says 655361)" <<<"$out" ||
      fail "a lying seek table: $out"
    [[ ! -e $tmp/v.pgn ]] || fail "a lying seek table: --valid-out was put in place"
  fi

  # A killed rank: the job fails, rank 0 names the shares, no output is put in place. Rank 1
  # is killed once it has used 0.2 s of CPU time: past MPI_Init and the plan (about 0.03 s),
  # early in its share (about 0.9 s of work on one core here). A kill after a fixed wall time
  # came after the end of the job on a faster machine.
  for i in $(seq 100); do cat "$tw"; done >"$tmp/big.pgn"
  "$mpiexec" --oversubscribe -np 2 "$bin/fairy-validate" --valid-out "$tmp/k.pgn" "$tmp/big.pgn" \
    >"$tmp/k.out" 2>"$tmp/k.err" &
  job=$!
  victim=
  for i in $(seq 3000); do
    sleep 0.01
    for p in $(pgrep -f "fairy-validate --valid-out $tmp/k.pgn"); do
      tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' && victim=$p
    done
    [[ -n $victim ]] && break
  done
  checks=$((checks + 1))
  if [[ -z $victim ]]; then
    fail "a killed rank: rank 1 not found"
  else
    ticks=$(getconf CLK_TCK)
    for i in $(seq 3000); do
      cpu=$(awk '{print $14 + $15}' "/proc/$victim/stat" 2>/dev/null) || break
      ((cpu * 5 >= ticks)) && break
      sleep 0.01
    done
    kill -9 "$victim"
  fi
  wait "$job"
  status=$?
  [[ $status -ne 0 ]] || fail "a killed rank: exit 0"
  grep -q "rank 1" "$tmp/k.err" || fail "a killed rank: no message naming rank 1: $(cat "$tmp/k.err")"
  grep -q "big.pgn shared out: rank 0 bytes 0 to" "$tmp/k.err" ||
    fail "a killed rank: the shares are not named: $(cat "$tmp/k.err")"
  [[ ! -e $tmp/k.pgn ]] || fail "a killed rank: --valid-out was put in place"
  ls -a "$tmp" | grep -q fairykit && fail "a killed rank: a temporary file is left: $(ls -a "$tmp")"
fi

# fairy-convert
if [[ -x $bin/fairy-convert ]]; then
  for f in "${pgns[@]}" "${made[@]}" "${seekable[@]}"; do
    same fairy-convert --to json -o @OUT1 --invalid-out @OUT2 "$f"
  done
  same fairy-convert "$tw" "$tmp/crlf.pgn"
  same fairy-convert --to jsonl --with-fen "${pgns[@]:0:12}" "$tmp/twic.pgn.gz"
  same fairy-convert --to json "${pgns[@]}" "$tmp/samples.pgn.zst" "${made[@]}"
  same fairy-convert --to json --from pgn "$tmp/twic.pgn.gz" "$tw"
  same fairy-convert --to csv -j 2 "${pgns[@]}"
  same fairy-convert --to fen --fen-dialect shredder "$tw" "$tmp/comment-events.pgn"
  same fairy-convert --notation uci --fix-result -o @OUT1 "${pgns[@]}"
  same fairy-convert --to csv --positions --every 7 "$tw" "$tmp/bom.pgn"
  same fairy-convert --max-game-size 1 "$tmp/oversize.pgn"
  stdin=$tw same fairy-convert --to jsonl -
  # What is not shared out yet is refused under 2 ranks or more.
  for what in "--to sqlite -o $tmp/x.db" "--to svg" "--dedupe"; do
    out=$("$mpiexec" --quiet --oversubscribe -np 2 "$bin/fairy-convert" $what "$tw" 2>&1 >/dev/null)
    status=$?
    checks=$((checks + 1))
    [[ $status -eq 2 && $out == *"under MPI (2 ranks) ${what%% -o*} is not shared out: run it with one rank"* ]] ||
      fail "$what under 2 ranks: exit $status, $out"
  done
fi

# fairy-analyze
if [[ -x $bin/fairy-analyze ]]; then
  export SOURCE_DATE_EPOCH=0  # the HTML report's date
  for f in "${pgns[@]}"; do
    same fairy-analyze --format json --tree 4 --group-by Event "$f"
  done
  same fairy-analyze "$tw" "$tmp/crlf.pgn" "$tmp/twic.pgn.gz" "${made[@]}" "${seekable[@]}"
  same fairy-analyze --format csv --tree 6 --tree-min 2 --top 50 -o @OUT1 --html @OUT2 "${pgns[@]}"
  same fairy-analyze --find-wins 3 --win-nodes 20000 -v samples/*.pgn
  same fairy-analyze --positions "$tw" "$tmp/bom.pgn" samples/*.pgn
  same fairy-analyze --positions --format csv --perft 1 -o @OUT1 "${pgns[@]:0:20}"
  stdin=$tw same fairy-analyze --format json -

  # --engine: the distinct positions gathered by rank 0 in input order, searched by every
  # rank's pool, the evaluations gathered by rank 0: the records of one process at any number
  # of ranks, --engines and -j (the fake engine of the tests is deterministic).
  fake=
  for d in "$ref" "$bin"; do
    [[ -x $d/fake-uci-engine ]] && { fake=$d/fake-uci-engine; break; }
  done
  if [[ -z $fake ]]; then
    fail "fake-uci-engine not found in $ref or $bin (a build with FAIRYKIT_BUILD_TESTS): --engine is not tested"
  else
    awk '/^\[Event /{n++} n<=60' "$tw" >"$tmp/twic60.pgn"
    # -q: the summary names the ranks (below); the errors of the engines are said all the same.
    nps="1 2 3" same fairy-analyze -q --engine "$fake" --nodes 7 "$tmp/twic60.pgn" samples/*.pgn samples/*.epd
    nps="1 2 3" same fairy-analyze -q --engine "$fake" --depth 3 --engines 2 -j 2 "$tmp/twic60.pgn" "$tmp/bom.pgn"
    nps="2 3" stdin=$tmp/twic60.pgn same fairy-analyze -q --engine "$fake" --nodes 5 --engines 3 -o @OUT1 -
    # The moves judged on rank 0 from the games' facts the ranks send with their positions.
    nps="1 3" same fairy-analyze -q --engine "$fake" --nodes 5 --report moves "$tmp/twic60.pgn" samples/chess960.pgn
    nps="3" same fairy-analyze -q --engine "$fake" --nodes 5 --report tables --format json --html @OUT1 "$tmp/twic60.pgn"
    # Engines that fail: one that dies on every search of a position (tried again, then the
    # position's error), one that cannot be started; exit status 3 either way.
    nps="1 3" same fairy-analyze -q --engine "$fake --bug crash-go-fen --crash-on rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" \
      --nodes 5 --engines 2 samples/classics.pgn "$tmp/twic60.pgn"
    checks=$((checks + 1))
    [[ $(cat "$tmp/want.status") == 3 ]] && grep -q '"error":"the engine' "$tmp/want.out" ||
      fail "an engine that dies on the start position: exit $(cat "$tmp/want.status"), no error record"
    nps="1 3" same fairy-analyze -q --engine no-such-engine-of-fairykit --nodes 5 samples/chess.epd
    # A cache that cannot be opened: the run stops before anything is read, on every rank.
    nps="2" same fairy-analyze --engine "$fake" --nodes 5 --eval-cache "$tmp/nowhere/c.db" samples/chess.epd

    # The summary: the counts of one process, the engines of every rank.
    "$ref/fairy-analyze" --engine "$fake" --nodes 7 --engines 2 "$tmp/twic60.pgn" >/dev/null 2>"$tmp/e1.err"
    "$mpiexec" --quiet --oversubscribe -np 3 "$bin/fairy-analyze" --engine "$fake" --nodes 7 --engines 2 \
      "$tmp/twic60.pgn" >/dev/null 2>"$tmp/e3.err"
    checks=$((checks + 1))
    want=$(grep '^engine ' "$tmp/e1.err" | sed 's/, 2 engines: /, E: /')
    got=$(grep '^engine ' "$tmp/e3.err" | sed 's/, 6 engines on 3 ranks: /, E: /')
    [[ -n $want && $want == "$got" ]] || fail "--engine summary at 3 ranks: '$got', want '$want'"

    # The cache under MPI: rank 0 alone reads and writes it. A first run at 3 ranks fills it
    # and writes what one process writes; a second at 2 ranks sends no position to an engine.
    "$ref/fairy-analyze" -q --engine "$fake" --nodes 6 "$tmp/twic60.pgn" >"$tmp/c0.out"
    "$mpiexec" --quiet --oversubscribe -np 3 "$bin/fairy-analyze" --engine "$fake" --nodes 6 \
      --eval-cache "$tmp/c.db" "$tmp/twic60.pgn" >"$tmp/c1.out" 2>"$tmp/c1.err"
    status=$?
    checks=$((checks + 1))
    [[ $status -eq 0 ]] && cmp -s "$tmp/c0.out" "$tmp/c1.out" ||
      fail "--eval-cache at 3 ranks: exit $status, or not the records of one process: $(tail -n 2 "$tmp/c1.err")"
    grep -q ' 0 from the cache, ' "$tmp/c1.err" || fail "--eval-cache at 3 ranks, a new cache: $(cat "$tmp/c1.err")"
    rm -f "$tmp/searches.txt"
    "$mpiexec" --quiet --oversubscribe -np 2 "$bin/fairy-analyze" --engine "$fake --log $tmp/searches.txt" \
      --nodes 6 --eval-cache "$tmp/c.db" "$tmp/twic60.pgn" >"$tmp/c2.out" 2>"$tmp/c2.err"
    status=$?
    checks=$((checks + 1))
    [[ $status -eq 0 ]] && cmp -s "$tmp/c0.out" "$tmp/c2.out" ||
      fail "--eval-cache again at 2 ranks: exit $status, or not the records of one process"
    grep -q ': 0 analysed, [1-9][0-9]* from the cache, ' "$tmp/c2.err" ||
      fail "--eval-cache again at 2 ranks: not everything from the cache: $(cat "$tmp/c2.err")"
    grep -q '^go ' "$tmp/searches.txt" 2>/dev/null && fail "--eval-cache again at 2 ranks: the engine searched"
  fi
fi

echo "$checks checks, $failures failures"
[[ $failures -eq 0 ]]
