#!/usr/bin/env bash
# An installed fairykit, used as another project would use it: installs the build into a
# temporary prefix, builds tests/install/consumer against it with find_package(fairykit), and
# again with the flags of pkg-config's fairykit.pc, and runs both: perft 3 of every variant's
# start position must be the oracles' count. The consumer builds with the compiler of the build
# (its OpenMP runtime is the archives').
# Usage: install_test.sh CMAKE BUILD_DIR CONSUMER_DIR CXX GENERATOR MAKE_PROGRAM [LAUNCHER]
set -euo pipefail
(($# >= 6)) || { echo "usage: install_test.sh CMAKE BUILD_DIR CONSUMER_DIR CXX GENERATOR MAKE_PROGRAM [LAUNCHER]"; exit 2; }
cmake=$1 build=$2 consumer=$3 cxx=$4 generator=$5 make_program=$6 launcher=${7:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

# The start positions of rules/game/registry.cpp at depth 3, as tests/data/oracles counts them:
# chess-standard.epd (chess; Chess960's start array 518 and CwDA's FIDE armies are the same
# position, and no castling fits in three plies), superchess.perft (superchess-xboard-0),
# interweave.perft (interweave-start), fluidity.perft (fluidity-start).
expected='chess 8902
chess960 8902
cwda 8902
superchess 15173
interweave 26318
fluidity 87437'

fail() {
  echo "FAIL: $*"
  exit 1
}
# Runs a command, its output to LOG; on failure shows the log.
logged() {
  local log=$1
  shift
  local rc=0
  "$@" >"$log" 2>&1 || rc=$?
  ((rc == 0)) || { cat "$log"; fail "$* (exit $rc)"; }
}
# Fails when a compiler warning is in LOG: the public headers compile cleanly for others too.
no_warnings() {
  ! grep -i 'warning' "$1" || fail "warnings building the consumer ($2)"
}
check_counts() {
  local out
  out=$("$1") || fail "$1 failed: $out"
  [[ $out == "$expected" ]] || fail "$2: perft 3 counts differ
expected:
$expected
got:
$out"
  echo "$2: perft 3 of all $(wc -l <<<"$out") variants as the oracles count"
}

logged "$tmp/install.log" "$cmake" --install "$build" --prefix "$prefix"
for header in rules/game/game.h rules/game/any_game.h rules/game/registry.h rules/interweave/position.h \
  parsers/fen.h parsers/detail/text.h analysis/perft/perft.h; do
  [[ -f $prefix/include/fairykit/$header ]] || fail "include/fairykit/$header not installed"
done
# The variants file fairy-analyze --engine passes to Fairy-Stockfish, for other programs.
cmp -s "$prefix/share/fairykit/fairy-stockfish-variants.ini" \
  "$(dirname "$0")/../../data/engines/fairy-stockfish-variants.ini" ||
  fail "share/fairykit/fairy-stockfish-variants.ini not installed as data/engines has it"
config=$(find "$prefix" -name fairykitConfig.cmake)
[[ -n $config && -f $(dirname "$config")/fairykitConfigVersion.cmake ]] ||
  fail "fairykitConfig.cmake and fairykitConfigVersion.cmake not installed"
# The installed files name nothing of the build tree: the project is found from the prefix.
! grep -rl -F "$(cd "$build" && pwd)" "$prefix/include" "$(dirname "$config")" ||
  fail "installed files name the build folder"

# find_package(fairykit), the compiler of the build.
configure=("$cmake" -S "$consumer" -B "$tmp/consumer" -G "$generator"
  "-DCMAKE_MAKE_PROGRAM=$make_program" -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_CXX_COMPILER=$cxx" "-DCMAKE_PREFIX_PATH=$prefix")
[[ -n $launcher ]] && configure+=("-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher")
logged "$tmp/configure.log" "${configure[@]}"
! grep -A4 'CMake Warning' "$tmp/configure.log" || fail "warnings configuring the consumer"
grep -q -F "from $(dirname "$config")" "$tmp/configure.log" ||
  fail "find_package(fairykit) did not find the installed package: $(grep 'fairykit' "$tmp/configure.log")"
logged "$tmp/build.log" "$cmake" --build "$tmp/consumer"
no_warnings "$tmp/build.log" "find_package"
check_counts "$tmp/consumer/perft3" "find_package(fairykit)"

# The Python module, when the build has it: imported from where it was installed (the
# interpreter of the build, its path given as the prefix's packages folder), the same counts.
if compgen -G "$build/python/fairykit/_fairykit*.so" >/dev/null; then
  python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
  module=$(find "$prefix" -name '_fairykit*.so')
  [[ -n $module && -f $(dirname "$module")/__init__.py ]] || fail "the Python package not installed"
  out=$(cd "$tmp" && PYTHONPATH=$(dirname "$(dirname "$module")") "$python" -c '
import fairykit
for v in fairykit.variants():
    print(v, fairykit.Position(v).perft(3))') || fail "the installed Python module: $out"
  [[ $out == "$expected" ]] || fail "the installed Python module counts $out"
  [[ $(dirname "$module") == "$tmp/prefix/lib/python3."*/*-packages/fairykit ]] ||
    fail "the Python package is not in lib/python3.X/*-packages: $module"
  echo "Python module: perft 3 of all variants as the oracles count"
fi

# pkg-config --cflags --libs fairykit, the same program in one compiler command.
if ! command -v pkg-config >/dev/null; then
  echo "pkg-config not found: fairykit.pc not checked"
  exit 0
fi
pc=$(find "$prefix" -name fairykit.pc)
[[ -n $pc ]] || fail "fairykit.pc not installed"
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs fairykit) ||
  fail "pkg-config --cflags --libs fairykit: $flags"
[[ $flags == *"-I$prefix/include/fairykit"* ]] || [[ $flags == *"-I$(dirname "$pc")/"* ]] ||
  fail "pkg-config --cflags gives no include folder of the prefix: $flags"
# shellcheck disable=SC2086  # the flags are words
logged "$tmp/pc-build.log" $launcher "$cxx" -std=c++20 -O2 -Wall -Wextra "$consumer/main.cpp" \
  -o "$tmp/perft3-pc" $flags
no_warnings "$tmp/pc-build.log" "pkg-config"
check_counts "$tmp/perft3-pc" "pkg-config fairykit"
