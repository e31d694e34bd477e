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
  local pgo=(-DFAIRYKIT_PGO=off)
  if [ "${FAIRYKIT_PGO:-1}" != 0 ] && fairykit_pgo_profile "$root" "$jobs"; then
    pgo=(-DFAIRYKIT_PGO=use "-DFAIRYKIT_PGO_DIR=$root/build/pgo-profile")
  fi
  # FAIRYKIT_MPI=1: fairy-perft for mpirun (Open MPI from Debian) and its tests.
  local mpi=(-DFAIRYKIT_MPI=OFF)
  if [ "${FAIRYKIT_MPI:-0}" = 1 ]; then
    fairykit_install_missing openmpi-bin libopenmpi-dev zstd
    mpi=(-DFAIRYKIT_MPI=ON)
  fi
  cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${pgo[@]}" "${mpi[@]}" \
    >/dev/null
  cmake --build "$root/build" -j "$jobs"
}

# The profile of the profile-guided build (GCC only; FAIRYKIT_PGO=0 skips it): the three
# tools whose speed is measured, built instrumented in build/pgo-gen, run on the training
# work (cmake/pgo-train.sh); the profile goes to build/pgo-profile. It is made again only
# when an instrumented tool was rebuilt. False (and a message) when it cannot be made:
# the build then goes on without it.
fairykit_pgo_profile() {
  local root=$1 jobs=$2
  local gen=$root/build/pgo-gen profile=$root/build/pgo-profile
  c++ --version 2>/dev/null | grep -q 'Free Software Foundation' || return 1
  echo "== profile-guided build: instrumented tools in build/pgo-gen (FAIRYKIT_PGO=0 skips this)"
  if ! cmake -S "$root" -B "$gen" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFAIRYKIT_BUILD_TESTS=OFF \
      -DFAIRYKIT_PGO=generate "-DFAIRYKIT_PGO_DIR=$profile" >/dev/null ||
    ! cmake --build "$gen" -j "$jobs" --target fairy-perft fairy-validate fairy-analyze; then
    echo "== the instrumented build failed: building without a profile" >&2
    return 1
  fi
  local stamp=$profile/trained
  if [ ! -e "$stamp" ] || [ -n "$(find "$gen/bin" -newer "$stamp" -print -quit)" ]; then
    echo "== training run (cmake/pgo-train.sh)"
    rm -rf "$profile"
    mkdir -p "$profile"
    "$root/cmake/pgo-train.sh" "$gen/bin"
    touch "$stamp"
  fi
}
