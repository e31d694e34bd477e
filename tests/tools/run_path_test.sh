#!/usr/bin/env bash
# The run paths of the tools (CMakeLists.txt, "Run paths"): every directory of an RPATH or
# RUNPATH is absolute, none empty. The dynamic loader reads an empty entry ("a:" or ":a")
# as the current directory and a relative one from it, so that a tool started in a folder
# of untrusted files would load a library of the same name from there. Also checks that
# each tool starts in a folder holding a broken library of every name it needs: the loader
# must not even look there.
# Usage: run_path_test.sh TOOL...
set -uo pipefail
(($#)) || { echo "usage: run_path_test.sh TOOL..."; exit 2; }
command -v readelf >/dev/null || { echo "FAIL: readelf is missing (Debian: binutils)"; exit 1; }
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for tool in "$@"; do
  [[ -x $tool ]] || { fail "$tool: not an executable"; continue; }
  tool=$(realpath "$tool")
  while IFS= read -r paths; do
    IFS=: read -r -a dirs <<<"$paths:"  # the trailing ':' keeps a trailing empty entry
    # read -a drops one trailing empty field: the one added above.
    for d in "${dirs[@]}"; do
      [[ -n $d ]] || { fail "$tool: empty entry in its run path [$paths]"; continue; }
      [[ $d == /* || $d == '$ORIGIN'* ]] || fail "$tool: relative entry '$d' in its run path [$paths]"
    done
  done < <(readelf -d "$tool" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]$/\1/p')
  # Every library the tool needs, present here as an empty file: loading one fails.
  dir=$tmp/$(basename "$tool")
  mkdir -p "$dir"
  needed=$(readelf -d "$tool" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
  [[ -n $needed ]] || fail "$tool: readelf lists no library it needs"
  for lib in $needed; do : >"$dir/$lib"; done
  (cd "$dir" && "$tool" --version >/dev/null 2>"$tmp/err") ||
    fail "$tool: does not start in a folder of broken libraries: $(head -n 2 "$tmp/err")"
done
if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "run paths of $# tool(s): no empty or relative entry"
