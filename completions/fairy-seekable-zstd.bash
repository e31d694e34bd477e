# bash completion for fairy-seekable-zstd (fairykit)           -*- shell-script -*-
#
# Source this file, or install it as `fairy-seekable-zstd` in a bash-completion directory
# (e.g. /usr/share/bash-completion/completions/fairy-seekable-zstd). Works with or without
# the bash-completion package.
# Keep the flags in step with `fairy-seekable-zstd --help`: tests/tools/completions_test.cpp
# checks.

# Any file name: the input (a PGN file, plain; "-" for standard input) and the output.
_fairy_seekable_zstd_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
    return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -A file -- "$cur")
}

_fairy_seekable_zstd() {
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
    # Without bash-completion, '=' is a word of its own: `--frame=4` is "--frame" "=" "4".
    if [[ $cur == = ]]; then
      cur=
    elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
      prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
  fi

  # After `--` every word is a file.
  local i
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} == -- ]]; then
      _fairy_seekable_zstd_files
      return
    fi
  done

  case $prev in
    --frame)
      mapfile -t COMPREPLY < <(compgen -W '1M 4M 16M 64M' -- "$cur")
      return
      ;;
    --level)
      mapfile -t COMPREPLY < <(compgen -W '3 9 19' -- "$cur")
      return
      ;;
  esac
  $split && return

  if [[ $cur == -* ]]; then
    local opts="--frame --level -h --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  _fairy_seekable_zstd_files
}

complete -F _fairy_seekable_zstd fairy-seekable-zstd
