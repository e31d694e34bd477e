#!/usr/bin/env bash
# Set up, build in Release, then run the default test suite (the slow label is skipped;
# run it with: ctest --test-dir build -L slow).
set -euo pipefail
cd "$(dirname "$0")"
source cmake/bootstrap.sh
fairykit_build
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE slow "$@"
