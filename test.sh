#!/usr/bin/env bash
# Set up, build in Release, then run the default test suite (the slow label is skipped;
# run it with: ctest --test-dir build -L slow).
set -euo pipefail
cd "$(dirname "$0")"
source cmake/bootstrap.sh
# The engines the tests compare fairy-perft with (--compare-with; Debian puts them in
# /usr/games): without them those tests are skipped.
fairykit_install_missing stockfish fairy-stockfish
# zsh and fish check the syntax of the made completions (without them those tests are skipped).
fairykit_install_missing zsh fish
fairykit_build
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE slow "$@"
