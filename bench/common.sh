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
