# Shared by the bench/ scripts (sourced, not run). The caller sets `name` (for messages),
# `rounds` (the default) and `usage_lines` (the header lines of its own comment to print
# for --help), then calls parse_rounds "$@". `--baseline DIR` sets `baseline` to a folder
# holding the same tools built from another commit (e.g. the commit before a change), which
# the script then runs alternately with this checkout's, in the same rounds: "before and
# after in one run".

usage() {
  sed -n "${usage_lines}p" "$0" | sed 's/^# \{0,1\}//'
}

parse_rounds() {
  while (($#)); do
    case $1 in
      --rounds) rounds=${2:?--rounds needs a number}; shift 2 ;;
      --rounds=*) rounds=${1#*=}; shift ;;
      --baseline) baseline=${2:?--baseline needs a folder}; shift 2 ;;
      --baseline=*) baseline=${1#*=}; shift ;;
      -h | --help) usage; exit 0 ;;
      *) echo "$name: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
  done
  [[ $rounds =~ ^[1-9][0-9]*$ ]] ||
    { echo "$name: --rounds wants a positive number, not '$rounds'" >&2; exit 2; }
  if [[ -n ${baseline:-} ]]; then
    [[ -d $baseline ]] || { echo "$name: --baseline '$baseline' is not a folder" >&2; exit 2; }
    baseline=$(cd "$baseline" && pwd)
  fi
}

baseline=

# The fairy-perft binary of this checkout, or a clear error.
require_fairy_perft() {
  fk=build/bin/fairy-perft
  if [[ ! -x $fk ]]; then
    echo "$name: $fk not found; run ./run.sh first to build it" >&2
    exit 1
  fi
}

now() { date +%s.%N; }

# The median of the numbers on standard input, one per line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Debian's pgn-extract as $pe, installed when missing.
require_pgn_extract() {
  pe=/usr/games/pgn-extract
  if [[ ! -x $pe ]]; then
    echo "== $pe missing: installing Debian's pgn-extract package" >&2
    local sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get install -y pgn-extract >&2 ||
      { "${sudo[@]}" apt-get update >&2 && "${sudo[@]}" apt-get install -y pgn-extract >&2; }
  fi
}

# TWIC 920 (tests/data/corpus/standard/twic0920.pgn, 2,245 games) repeated $1 times (107:
# about 200 MB) in a new temporary folder, removed on exit. Sets src, copies, tmp, archive,
# bytes and games.
twic_archive() {
  copies=$1
  src=tests/data/corpus/standard/twic0920.pgn
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  archive=$tmp/twic0920x$copies.pgn
  for ((i = 0; i < copies; ++i)); do cat "$src"; done >"$archive"
  bytes=$(stat -c %s "$archive")
  games=$((2245 * copies))
}

# run LABEL CMD...: runs CMD once, appends "seconds maxrss_kb" (wall time, max RSS) to
# $tmp/LABEL and prints them with the round $r of $rounds on standard error. Its standard
# error goes to $tmp/err.LABEL, its standard output to $tmp/out.LABEL when keep_output is
# set, else to /dev/null. The wall time is taken to the microsecond around /usr/bin/time
# (whose own %e has 10 ms steps: 1% of a one-second run, more than the differences the
# scaling benchmarks look at); /usr/bin/time gives the max RSS. With stop_on_failure set, a
# run that fails stops the script (its figures would not be the script's).
keep_output=
stop_on_failure=
run() {
  local label=$1 out=/dev/null t0 t1
  shift
  [[ -z $keep_output ]] || out=$tmp/out.$label
  t0=$EPOCHREALTIME
  if ! /usr/bin/time -f "%M" -o "$tmp/time" "$@" >"$out" 2>"$tmp/err.$label" &&
    [[ -n $stop_on_failure ]]; then
    echo "$name: $label failed: $(tail -n 3 "$tmp/err.$label")" >&2
    exit 1
  fi
  t1=$EPOCHREALTIME
  local secs
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
  local rss
  rss=$(tail -n 1 "$tmp/time")
  echo "$secs $rss" >>"$tmp/$label"
  printf 'round %d/%d  %-14s %8.3f s  %8d KB\n' "$r" "$rounds" "$label" "$secs" "$rss" >&2
}

# Of the runs of LABEL (see run): the median wall time into $s, the largest max RSS (KB)
# into $m, and secs[LABEL]=$s (the caller declares the array: declare -A secs).
summarize() {
  s=$(cut -d' ' -f1 "$tmp/$1" | median)
  m=$(cut -d' ' -f2 "$tmp/$1" | sort -n | tail -n 1)
  secs[$1]=$s
}

# chessops 0.15.1 (npm, the lichess library) installed into $tmp, for the chessops scripts
# copied there; node and npm must be there (network: the npm registry). Never into the
# repository.
require_chessops() {
  command -v node >/dev/null && command -v npm >/dev/null ||
    { echo "$name: node and npm are needed (Debian: apt-get install nodejs npm)" >&2; exit 1; }
  (cd "$tmp" && npm install --silent --no-audit --no-fund chessops@0.15.1 >/dev/null) ||
    { echo "$name: npm could not install chessops" >&2; exit 1; }
}
