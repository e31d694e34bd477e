#!/usr/bin/env bash
# Regenerates the golden outputs of fairy-validate over tests/data/corpus/edge-cases and
# misc (tests/tools/fairy_validate_cli_test.cpp compares against them). Review the diff
# before committing: each file is a statement of what fairy-validate says about an input.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/build/bin/fairy-validate
out=$root/tests/golden/validate
cd "$root/tests/data/corpus"
for f in edge-cases/*.pgn misc/*.pgn; do
  name=$out/$(dirname "$f")__$(basename "$f" .pgn).txt
  status=0
  "$bin" "$f" >"$out/stdout.tmp" 2>"$out/stderr.tmp" || status=$?
  { echo "exit: $status"; echo "--- stdout"; cat "$out/stdout.tmp"; echo "--- stderr"; cat "$out/stderr.tmp"; } >"$name"
done
rm -f "$out/stdout.tmp" "$out/stderr.tmp"
echo "updated $(ls "$out"/*.txt | wc -l) golden files in $out"
