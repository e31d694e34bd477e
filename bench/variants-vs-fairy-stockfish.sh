#!/usr/bin/env bash
# Times fairy-perft against Fairy-Stockfish (Debian's fairy-stockfish package, 11.1, at
# /usr/games/fairy-stockfish) on two variant start positions at depth 5, single-threaded:
# Chess with Different Armies, Clobberers v Nutty Knights (CN), and Superchess (XBoard
# start array 0). Fairy-Stockfish learns both from data/engines/fairy-stockfish-variants.ini and
# gets pychess-lettered FENs; fairy-perft gets its native FENs. Runs alternate (fairykit,
# Fairy-Stockfish, ...) for N rounds; each time is the wall time of the whole process. Both
# programs must report the oracle's node count (tests/data/oracles). The same run times
# fairykit's standard chess (startpos perft 6) for the target: at least 4x Fairy-Stockfish,
# and at least half of fairykit's own standard-chess speed. A row whose variant one program
# lacks is timed for the other program only, with a note: fairy-perft without superchess,
# or a Fairy-Stockfish without custom pieces (11.1 has none, so it cannot play CwDA; point
# FAIRY_STOCKFISH=/path/to/newer/fairy-stockfish at a newer build to get the CwDA ratio).
#
# Usage: bench/variants-vs-fairy-stockfish.sh [--rounds N]     (default 5 rounds)
set -euo pipefail

cd "$(dirname "$0")/.."
name=variants-vs-fairy-stockfish.sh
rounds=5
usage_lines=2,15
source bench/common.sh
parse_rounds "$@"
require_fairy_perft
debian_fsf=/usr/games/fairy-stockfish
fsf=${FAIRY_STOCKFISH:-$debian_fsf}
ini=$PWD/data/engines/fairy-stockfish-variants.ini

if [[ $fsf == "$debian_fsf" && ! -x $fsf ]]; then
  echo "== $fsf missing: installing Debian's fairy-stockfish package" >&2
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get install -y fairy-stockfish >&2 ||
    { "${sudo[@]}" apt-get update >&2 && "${sudo[@]}" apt-get install -y fairy-stockfish >&2; }
fi
[[ -x $fsf ]] || { echo "$name: Fairy-Stockfish not found at $fsf" >&2; exit 1; }
[[ -r $ini ]] || { echo "$name: $ini missing" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Workloads: label|depth|expected nodes|fairykit variant|fairykit FEN|FSF variant|FSF FEN
# (FSF variant "-": fairykit only). Expected counts: tests/data/oracles/*.perft.
workloads=(
  "CwDA CN|5|21053431|cwda|gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN|cwda-clobberers-knights|gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1"
  "Superchess|5|14025820|superchess|avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1|superchess|avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1"
  "chess (own)|6|119060324|chess|startpos|-|-"
)

# Which side of each row can run: fairykit needs the variant in --list-variants,
# Fairy-Stockfish needs custom pieces for CwDA (the binary names the customPiece option).
fk_variants=$("$fk" --list-variants | awk '{ print $1 }')
fsf_custom=no
grep -a -q customPiece "$fsf" && fsf_custom=yes
declare -A fk_on fsf_on
notes=()
for i in "${!workloads[@]}"; do
  IFS='|' read -r label depth expect fkv fkfen fsv fsfen <<<"${workloads[$i]}"
  fk_on[$i]=yes fsf_on[$i]=yes
  if ! grep -qx "$fkv" <<<"$fk_variants"; then
    fk_on[$i]=no
    notes+=("$label: fairy-perft has no '$fkv' variant yet (--list-variants); Fairy-Stockfish timed alone")
  fi
  if [[ $fsv == - ]]; then
    fsf_on[$i]=no
  elif [[ $fkv == cwda && $fsf_custom == no ]]; then
    fsf_on[$i]=no
    notes+=("$label: this Fairy-Stockfish has no custom pieces (customPiece, newer than 11.1), so it cannot play CwDA; fairykit timed alone")
  fi
done

fail() { echo "$name: $*" >&2; exit 1; }

# seconds T0 T1 -> T1 - T0
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }

# run_fairykit VARIANT FEN DEPTH -> prints "seconds nodes"
run_fairykit() {
  local variant=$1 fen=$2 depth=$3 t0 t1 nodes
  t0=$(now)
  "$fk" --variant "$variant" --fen "$fen" --depth "$depth" -j 1 --quiet >"$tmp/out" 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; fail "fairy-perft failed on $variant '$fen' depth $depth"; }
  t1=$(now)
  nodes=$(awk '/^Nodes searched:/ { print $3 }' "$tmp/out")
  echo "$(seconds "$t0" "$t1") ${nodes:-?}"
}

# run_fsf VARIANT FEN DEPTH -> prints "seconds nodes"; UCI commands on standard input.
run_fsf() {
  local variant=$1 fen=$2 depth=$3 t0 t1 nodes
  t0=$(now)
  printf 'uci\nsetoption name Threads value 1\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nquit\n' \
    "$ini" "$variant" "$fen" "$depth" | "$fsf" >"$tmp/out" 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; fail "Fairy-Stockfish failed on $variant '$fen' depth $depth"; }
  t1=$(now)
  nodes=$(awk '/^Nodes searched:/ { print $3 }' "$tmp/out")
  echo "$(seconds "$t0" "$t1") ${nodes:-?}"
}

# check LABEL PROGRAM NODES EXPECTED: the oracle's count, or a loud failure.
check() {
  [[ $3 == "$4" ]] ||
    fail "NODE COUNT WRONG on $1: $2 reports ${3:-nothing}, the oracle says $4" \
      "(both programs: fairykit and Fairy-Stockfish must agree with it)"
}

echo "CPU:             $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "fairykit:        $("$fk" --version)"
echo "Fairy-Stockfish: $(echo quit | "$fsf" | head -n 1) ($fsf; custom pieces: $fsf_custom)"
echo "variants file:   data/engines/fairy-stockfish-variants.ini"
echo "rounds:          $rounds, alternating fairykit / Fairy-Stockfish, 1 thread each, wall time per process"
echo "load:            $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; other work skews the times)"
for note in "${notes[@]}"; do echo "note:            $note"; done
echo

for ((r = 1; r <= rounds; ++r)); do
  for i in "${!workloads[@]}"; do
    IFS='|' read -r label depth expect fkv fkfen fsv fsfen <<<"${workloads[$i]}"
    fk_s=- sf_s=-
    if [[ ${fk_on[$i]} == yes ]]; then
      read -r fk_s fk_n < <(run_fairykit "$fkv" "$fkfen" "$depth")
      check "$label depth $depth" fairykit "$fk_n" "$expect"
      echo "$fk_s" >>"$tmp/fk.$i"
    fi
    if [[ ${fsf_on[$i]} == yes ]]; then
      read -r sf_s sf_n < <(run_fsf "$fsv" "$fsfen" "$depth")
      check "$label depth $depth" Fairy-Stockfish "$sf_n" "$expect"
      echo "$sf_s" >>"$tmp/sf.$i"
    fi
    printf 'round %d/%d  %-12s fairykit %9s s   Fairy-Stockfish %9s s\n' "$r" "$rounds" "$label" "$fk_s" "$sf_s" >&2
  done
done

# Medians; "-" where a side did not run.
med() { if [[ -s $1 ]]; then median <"$1"; else echo -; fi; }
std_i=$((${#workloads[@]} - 1))
std_med=$(med "$tmp/fk.$std_i")
IFS='|' read -r _ _ std_nodes _ <<<"${workloads[$std_i]}"

echo
printf '%-12s %5s %10s | %10s %8s | %10s %8s | %7s %9s\n' position depth nodes \
  "fairykit s" "Mnodes/s" "FSF s" "Mnodes/s" ratio "of chess"
printf '%s\n' "------------------------------------------------------------------------------------------------"
for i in "${!workloads[@]}"; do
  IFS='|' read -r label depth expect _ <<<"${workloads[$i]}"
  awk -v name="$label" -v d="$depth" -v n="$expect" -v f="$(med "$tmp/fk.$i")" \
    -v s="$(med "$tmp/sf.$i")" -v sf="$std_med" -v sn="$std_nodes" -v own=$((i == std_i)) 'BEGIN {
    fn = (f == "-") ? "-" : sprintf("%.1f", n / f / 1e6)
    fsn = (s == "-") ? "-" : sprintf("%.1f", n / s / 1e6)
    ratio = (f == "-" || s == "-") ? "-" : sprintf("%.2f", (n / f) / (n / s))
    frac = (f == "-" || sf == "-" || own) ? "-" : sprintf("%.2f", (n / f) / (sn / sf))
    fs = (f == "-") ? "-" : sprintf("%.3f", f)
    ss = (s == "-") ? "-" : sprintf("%.3f", s)
    printf "%-12s %5d %10d | %10s %8s | %10s %8s | %7s %9s\n", name, d, n, fs, fn, ss, fsn, ratio, frac
  }'
done
echo
echo "ratio    = fairykit nodes/s / Fairy-Stockfish nodes/s (medians; target >= 4)"
echo "of chess = fairykit nodes/s on the variant / on standard chess (startpos perft 6; target >= 0.5)"
echo "Wall time includes process start-up, which weighs more on short runs."
