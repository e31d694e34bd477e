#!/usr/bin/env bash
# Shared set-up for ./run.sh and ./test.sh: install the missing Debian packages,
# then configure and build fairykit in Release into build/.
set -euo pipefail

FAIRYKIT_PACKAGES=(cmake ninja-build g++ clang llvm libomp-dev libboost-dev libabsl-dev libgtest-dev zlib1g-dev libbz2-dev liblzma-dev libzstd-dev libsqlite3-dev sqlite3 nlohmann-json3-dev librsvg2-bin fonts-dejavu-core python3 python3-dev pybind11-dev python3-pytest python3-numpy python3-pandas)

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

# The C++ compiler of build/: FAIRYKIT_CXX when set, else clang++ when it and llvm-profdata
# are there (its profile-guided build counts chess perft 10-17% faster than GCC's here),
# else c++ (GCC).
fairykit_cxx() {
  if [ -n "${FAIRYKIT_CXX:-}" ]; then
    echo "$FAIRYKIT_CXX"
  elif command -v clang++ >/dev/null && command -v llvm-profdata >/dev/null; then
    echo clang++
  else
    echo c++
  fi
}

# Configures DIR with compiler CXX and the cmake options that follow; a folder configured
# with another compiler is configured afresh (cmake keeps the first compiler of a cache).
fairykit_configure() {
  local root=$1 dir=$2 cxx=$3
  shift 3
  local cached
  cached=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$dir/CMakeCache.txt" 2>/dev/null || true)
  if [ -n "$cached" ] && [ "$cached" != "$(command -v "$cxx")" ]; then
    rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
  fi
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_COMPILER=$(command -v "$cxx")" "$@" >/dev/null
}

fairykit_build() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  fairykit_install_missing "${FAIRYKIT_PACKAGES[@]}"
  local jobs cxx
  jobs=$(nproc 2>/dev/null || echo 2)
  cxx=$(fairykit_cxx)
  # FAIRYKIT_MPI=1: fairy-perft for mpirun (Open MPI from Debian) and its tests.
  local mpi=(-DFAIRYKIT_MPI=OFF)
  if [ "${FAIRYKIT_MPI:-0}" = 1 ]; then
    fairykit_install_missing openmpi-bin libopenmpi-dev zstd
    mpi=(-DFAIRYKIT_MPI=ON)
  fi
  local pgo=(-DFAIRYKIT_PGO=off)
  if [ "${FAIRYKIT_PGO:-1}" != 0 ]; then
    local use=(-DFAIRYKIT_PGO=use "-DFAIRYKIT_PGO_DIR=$root/build/pgo-profile")
    # The test programs compile without the profile: their objects are compiled while the
    # profile is made, on what the instrumented build and the training leave of the cores
    # (nice: the profile comes first; the training runs one thread).
    fairykit_configure "$root" "$root/build" "$cxx" "${use[@]}" "${mpi[@]}"
    fairykit_early_objects "$root/build" "$jobs"
    if fairykit_pgo_profile "$root" "$jobs" "$cxx"; then
      pgo=("${use[@]}")
    fi
    fairykit_stop_early
  fi
  fairykit_configure "$root" "$root/build" "$cxx" "${pgo[@]}" "${mpi[@]}"
  cmake --build "$root/build" -j "$jobs"
}

# Starts compiling the objects of the test programs of the configured folder DIR in the
# background at the lowest priority, with JOBS jobs: those of the programs whose objects
# need nothing else built first (rules_tests, parsers_tests; the others wait for the
# libraries, through the opening names generated for analysis/). fairykit_stop_early ends
# that build.
FAIRYKIT_EARLY_PID=""
fairykit_early_objects() {
  local dir=$1 jobs=$2 objects=() object program commands checked=" "
  for object in $(ninja -C "$dir" -t targets all 2>/dev/null |
    sed -n 's|^\(tests/CMakeFiles/[^:]*\.o\): .*|\1|p'); do
    program=${object%%.dir/*}
    if [[ $checked != *" $program:"* ]]; then
      # Its own commands only (its precompiled header and the object), none elsewhere.
      commands=$(cd "$dir" && ninja -t commands "$object")
      if grep -qv -e " -o tests/CMakeFiles/" <<<"$commands"; then
        checked+="$program:no "
      else
        checked+="$program:yes "
      fi
    fi
    [[ $checked == *" $program:yes "* ]] && objects+=("$object")
  done
  [ ${#objects[@]} -gt 0 ] || return 0
  nice -n 19 ninja -C "$dir" -j "$jobs" "${objects[@]}" >"$dir/early-objects.log" 2>&1 &
  FAIRYKIT_EARLY_PID=$!
}

# Ends the background build of fairykit_early_objects, if any: what it compiled is kept
# (ninja removes an object it was writing), and the build of the folder compiles the rest.
# SIGTERM, which ninja passes on to its compilers (a background job of a script ignores
# SIGINT).
fairykit_stop_early() {
  [ -n "$FAIRYKIT_EARLY_PID" ] || return 0
  kill -TERM "$FAIRYKIT_EARLY_PID" 2>/dev/null || true
  wait "$FAIRYKIT_EARLY_PID" 2>/dev/null || true
  FAIRYKIT_EARLY_PID=""
}

# The profile of the profile-guided build (FAIRYKIT_PGO=0 skips it), with the compiler CXX
# (clang or GCC): the four tools whose speed is measured, built instrumented in
# build/pgo-gen, run on the training work (cmake/pgo-train.sh); the profile goes to
# build/pgo-profile (clang: merged into fairykit.profdata, and perft.profdata for the hashed
# perft kernels). It is made again only when an instrumented tool was rebuilt. False (and a
# message) when it cannot be made: the build then goes on without it.
fairykit_pgo_profile() {
  local root=$1 jobs=$2 cxx=$3
  local gen=$root/build/pgo-gen profile=$root/build/pgo-profile clang=0
  if "$cxx" --version 2>/dev/null | grep -q 'clang version'; then
    clang=1
  elif ! "$cxx" --version 2>/dev/null | grep -q 'Free Software Foundation'; then
    return 1
  fi
  echo "== profile-guided build ($cxx): instrumented tools in build/pgo-gen (FAIRYKIT_PGO=0 skips this)"
  # Clang counts the regions of the source (-fprofile-instr-generate), whatever the
  # optimisation of the instrumented build, so that it compiles at -O1: the same counts,
  # except where the work follows addresses (the statistics' hash tables), which differ as
  # between two folders. (GCC instruments after its early inlining, which follows the level:
  # its instrumented build stays at -O3.)
  local level=()
  [ "$clang" = 1 ] && level=("-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG")
  if ! fairykit_configure "$root" "$gen" "$cxx" -DFAIRYKIT_BUILD_TESTS=OFF \
      -DFAIRYKIT_PGO=generate "-DFAIRYKIT_PGO_DIR=$profile" "${level[@]}" ||
    ! cmake --build "$gen" -j "$jobs" --target fairy-perft fairy-validate fairy-analyze fairy-convert; then
    echo "== the instrumented build failed: building without a profile" >&2
    return 1
  fi
  local stamp=$profile/trained
  if [ ! -e "$stamp" ] || [ -n "$(find "$gen/bin" -newer "$stamp" -print -quit)" ]; then
    echo "== training run (cmake/pgo-train.sh)"
    rm -rf "$profile"
    mkdir -p "$profile"
    if [ "$clang" = 1 ]; then
      # Two profiles: fairykit.profdata for everything, perft.profdata (the same runs and a
      # deep hashed count) for the hashed perft kernels (analysis/perft/perft_hashed.cpp).
      mkdir -p "$profile/deep"
      "$root/cmake/pgo-train.sh" "$gen/bin" "$profile/deep"
      if ! llvm-profdata merge -output="$profile/fairykit.profdata" "$profile"/*.profraw ||
        ! llvm-profdata merge -output="$profile/perft.profdata" "$profile"/*.profraw \
          "$profile"/deep/*.profraw; then
        echo "== the profile could not be merged: building without it" >&2
        rm -rf "$profile"
        return 1
      fi
    else
      "$root/cmake/pgo-train.sh" "$gen/bin"
    fi
    touch "$stamp"
  fi
}
