#!/usr/bin/env bash
# Shared set-up for ./run.sh and ./test.sh: install the missing Debian packages,
# then configure and build fairykit in Release into build/.
set -euo pipefail

FAIRYKIT_PACKAGES=(cmake ninja-build g++ libboost-dev libabsl-dev libgtest-dev zlib1g-dev libbz2-dev libzstd-dev libsqlite3-dev sqlite3 nlohmann-json3-dev librsvg2-bin fonts-dejavu-core python3)

fairykit_install_missing() {
  local missing=()
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing missing packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

fairykit_build() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  fairykit_install_missing "${FAIRYKIT_PACKAGES[@]}"
  local jobs
  jobs=$(nproc 2>/dev/null || echo 2)
  cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build" -j "$jobs"
}
