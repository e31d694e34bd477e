# bash completion for fairy-validate (fairykit)                 -*- shell-script -*-
#
# Source this file, or install it as `fairy-validate` in a bash-completion directory
# (e.g. /usr/share/bash-completion/completions/fairy-validate). Works with or without the
# bash-completion package; with it, `--flag=value` words are completed too.
# Keep the flags in step with `fairy-validate --help`: tests/tools/completions_test.cpp checks.

# The variant names of the fairy-validate being completed (first column of
# --list-variants); the built-in list when that program cannot be run.
_fairy_validate_variants() {
  local cmd=$1 names=
  # shellcheck disable=SC2088  # a literal "~/" as typed on the command line
  [[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
  if type -P "$cmd" >/dev/null 2>&1; then
    names=$("$cmd" --list-variants 2>/dev/null | awk 'NF { print $1 }')
  fi
  printf '%s\n' "${names:-chess chess960 cwda superchess interweave fluidity}"
}

# Any file name (the --valid-out and --invalid-out files).
_fairy_validate_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
    return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -A file -- "$cur")
}

# Inputs: PGN archives (*.pgn, *.pgn.gz, *.pgn.bz2, *.pgn.zst) and directories first;
# any file when none match.
_fairy_validate_pgn_files() {
  if declare -F _filedir >/dev/null; then
    _filedir '@(pgn|pgn.gz|pgn.bz2|pgn.zst)'
    ((${#COMPREPLY[@]})) || _filedir
    return
  fi
  local f
  local -a all pgns=()
  compopt -o filenames 2>/dev/null
  mapfile -t all < <(compgen -A file -- "$cur")
  for f in "${all[@]}"; do
    [[ -d $f || $f == *.pgn || $f == *.pgn.gz || $f == *.pgn.bz2 || $f == *.pgn.zst ]] &&
      pgns+=("$f")
  done
  if ((${#pgns[@]})); then
    COMPREPLY=("${pgns[@]}")
  else
    COMPREPLY=("${all[@]}")
  fi
}

_fairy_validate() {
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
    # Without bash-completion, '=' is a word of its own: `--format=j` is "--format" "=" "j".
    if [[ $cur == = ]]; then
      cur=
    elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
      prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
  fi

  # After `--` every word is an input file.
  local i
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} == -- ]]; then
      _fairy_validate_pgn_files
      return
    fi
  done

  case $prev in
    --variant)
      mapfile -t COMPREPLY < <(compgen -W "$(_fairy_validate_variants "${COMP_WORDS[0]}")" -- "$cur")
      return
      ;;
    --format)
      mapfile -t COMPREPLY < <(compgen -W 'text json jsonl' -- "$cur")
      return
      ;;
    --valid-out | --invalid-out)
      _fairy_validate_files
      return
      ;;
    -j | --jobs | --max-game-size)
      # a number: nothing to offer
      return
      ;;
  esac
  $split && return

  if [[ $cur == -* ]]; then
    local opts="--variant --no-variations --no-roster --format --show-position --valid-out
      --invalid-out -q --quiet -j --jobs --max-game-size --list-variants -h --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  _fairy_validate_pgn_files
}

complete -F _fairy_validate fairy-validate
