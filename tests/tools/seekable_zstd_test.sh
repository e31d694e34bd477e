#!/usr/bin/env bash
# tools/fairy-seekable-zstd: what it writes is the input again for every zstd reader, with
# one frame per --frame bytes listed in a seek table that fairykit's reader accepts (the
# tools read it as they read the input); a bad option, a missing input and an output that
# is the input are refused with exit 2, and leave no file behind.
# Usage: seekable_zstd_test.sh FAIRY_VALIDATE. Run from anywhere.
set -uo pipefail
validate=${1:?usage: seekable_zstd_test.sh FAIRY_VALIDATE}
cd "$(dirname "$0")/../.."
script=tools/fairy-seekable-zstd
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v zstd >/dev/null || { echo "FAIL: the zstd command is missing (Debian: zstd)"; exit 1; }
tw=tests/data/corpus/standard/twic0920.pgn  # 1878400 bytes

le32_at() {  # le32_at FILE OFFSET: the little-endian 32-bit number there
  od -An -tu4 --endian=little -j "$2" -N4 "$1" | tr -d ' '
}

# 64 KiB frames: 29 frames, the last one 1878400 - 28 * 65536 = 43392 bytes.
"$script" --frame 64K --level 1 "$tw" "$tmp/s.zst" 2>"$tmp/err" || fail "exit $? on $tw"
[[ $(cat "$tmp/err") == "fairy-seekable-zstd: $tmp/s.zst: 29 frames of up to 65536 bytes, $(stat -c %s "$tmp/s.zst") bytes" ]] ||
  fail "message: $(cat "$tmp/err")"
zstd -q -d -c "$tmp/s.zst" | cmp -s - "$tw" || fail "zstd does not read the input back"
size=$(stat -c %s "$tmp/s.zst")
[[ $(le32_at "$tmp/s.zst" $((size - 4))) == $((0x8F92EAB1)) ]] || fail "no seekable magic at the end"
[[ $(le32_at "$tmp/s.zst" $((size - 9))) == 29 ]] || fail "the table does not list 29 frames"
[[ $(le32_at "$tmp/s.zst" $((size - 9 - 8 - 29 * 8))) == $((0x184D2A5E)) ]] ||
  fail "no skippable frame header before the table"
[[ $(le32_at "$tmp/s.zst" $((size - 9 - 4))) == 43392 ]] || fail "the last frame's size"
sum=0
for ((i = 0; i < 29; ++i)); do sum=$((sum + $(le32_at "$tmp/s.zst" $((size - 9 - 29 * 8 + 8 * i))))); done
[[ $((sum + 8 + 29 * 8 + 9)) == "$size" ]] || fail "the frames' compressed sizes do not add up to the file"

# Standard input; a size that is a multiple of --frame; the tools read it as the input.
head -c 131072 "$tw" >"$tmp/two.pgn"
"$script" --frame=64K --level=1 - "$tmp/two.zst" <"$tmp/two.pgn" 2>/dev/null || fail "standard input: exit $?"
size=$(stat -c %s "$tmp/two.zst")
[[ $(le32_at "$tmp/two.zst" $((size - 9))) == 2 ]] || fail "131072 bytes in 64K frames: not 2 frames"
zstd -q -d -c "$tmp/two.zst" | cmp -s - "$tmp/two.pgn" || fail "standard input: not read back"
cp "$tw" "$tmp/plain.pgn"
cp "$tmp/s.zst" "$tmp/plain.pgn.zst"
"$validate" "$tmp/plain.pgn" >"$tmp/want" 2>&1
"$validate" "$tmp/plain.pgn.zst" 2>&1 | sed "s|plain.pgn.zst|plain.pgn|g" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "fairy-validate reads it differently: $(diff "$tmp/want" "$tmp/got" | head -4)"

# Refusals: exit 2, a message, nothing written.
check_refused() {  # check_refused WANT_MESSAGE ARGS...
  local want=$1
  shift
  local out
  out=$("$script" "$@" 2>&1)
  local status=$?
  [[ $status -eq 2 && $out == "$want" ]] || fail "$*: exit $status, '$out' (want '$want')"
}
check_refused "fairy-seekable-zstd: --frame '0' is not a size between 1 and 4G-1" --frame 0 "$tw" "$tmp/x.zst"
check_refused "fairy-seekable-zstd: --frame '4G' is not a size between 1 and 4G-1" --frame 4G "$tw" "$tmp/x.zst"
check_refused "fairy-seekable-zstd: --level 'x' is not a number" --level x "$tw" "$tmp/x.zst"
check_refused "fairy-seekable-zstd: needs INPUT and OUTPUT (see --help)" "$tw"
check_refused "fairy-seekable-zstd: unknown option '--fast' (see --help)" --fast "$tw" "$tmp/x.zst"
check_refused "fairy-seekable-zstd: $tmp/missing.pgn: cannot open file" "$tmp/missing.pgn" "$tmp/x.zst"
[[ ! -e $tmp/x.zst ]] || fail "a refused run wrote its output"
# An output that cannot be written (its folder does not exist): exit 2, nothing left.
check_refused "fairy-seekable-zstd: $tmp/nowhere/x.zst: cannot create a temporary file beside it" "$tw" "$tmp/nowhere/x.zst"
# A write that fails midway (the file size limit stands in for a full disk): exit 2, the
# writer's reason, no output and no temporary file left.
out=$( (ulimit -f 64 && "$script" --frame 16K --level 1 "$tw" "$tmp/full.zst") 2>&1)
status=$?
want="fairy-seekable-zstd: $tmp/full.zst: cannot write (cat: write error: File too large)"
[[ $status -eq 2 && $out == "$want" ]] || fail "write past ulimit -f: exit $status, '$out' (want '$want')"
[[ ! -e $tmp/full.zst ]] || fail "a failed write left its output"
cp "$tw" "$tmp/same.pgn"
ln -s same.pgn "$tmp/link.pgn"
check_refused "fairy-seekable-zstd: OUTPUT '$tmp/link.pgn' is the input: refusing to overwrite it" "$tmp/same.pgn" "$tmp/link.pgn"
cmp -s "$tw" "$tmp/same.pgn" || fail "the input was damaged"
ls "$tmp" | grep -q '\.tmp\.' && fail "a temporary file is left: $(ls "$tmp")"
"$script" --help | grep -q "^Usage: fairy-seekable-zstd" || fail "--help"

echo "$failures failures"
[[ $failures -eq 0 ]]
