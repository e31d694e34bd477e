# bash completion for fairy-perft (fairykit)                    -*- shell-script -*-
#
# Source this file, or install it as `fairy-perft` in a bash-completion directory
# (e.g. /usr/share/bash-completion/completions/fairy-perft). Works with or without the
# bash-completion package; with it, `--flag=value` words are completed too.
# Keep the flags in step with `fairy-perft --help`: tests/tools/completions_test.cpp checks.

# The variant names of the fairy-perft being completed (first column of
# --list-variants); the built-in list when that program cannot be run.
_fairy_perft_variants() {
  local cmd=$1 names=
  # shellcheck disable=SC2088  # a literal "~/" as typed on the command line
  [[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
  if type -P "$cmd" >/dev/null 2>&1; then
    names=$("$cmd" --list-variants 2>/dev/null | awk 'NF { print $1 }')
  fi
  printf '%s\n' "${names:-chess chess960 cwda superchess interweave fluidity}"
}

# Suite files: *.epd and *.perft (and directories) first; any file when none match.
_fairy_perft_suite_files() {
  if declare -F _filedir >/dev/null; then
    _filedir '@(epd|perft)'
    ((${#COMPREPLY[@]})) || _filedir
    return
  fi
  local f
  local -a all suites=()
  compopt -o filenames 2>/dev/null
  mapfile -t all < <(compgen -A file -- "$cur")
  for f in "${all[@]}"; do
    [[ -d $f || $f == *.epd || $f == *.perft ]] && suites+=("$f")
  done
  if ((${#suites[@]})); then
    COMPREPLY=("${suites[@]}")
  else
    COMPREPLY=("${all[@]}")
  fi
}

_fairy_perft() {
  # shellcheck disable=SC2034  # words and cword are set by _init_completion
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    # Without bash-completion, '=' is a word of its own: `--format=j` is "--format" "=" "j".
    if [[ $cur == = ]]; then
      cur=
    elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
      prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
  fi

  case $prev in
    -v | --variant)
      mapfile -t COMPREPLY < <(compgen -W "$(_fairy_perft_variants "${COMP_WORDS[0]}")" -- "$cur")
      return
      ;;
    --format)
      mapfile -t COMPREPLY < <(compgen -W 'text json perft epd' -- "$cur")
      return
      ;;
    -f | --fen)
      mapfile -t COMPREPLY < <(compgen -W 'startpos' -- "$cur")
      return
      ;;
    -s | --suite)
      _fairy_perft_suite_files
      return
      ;;
    --armies)
      mapfile -t COMPREPLY < <(compgen -W 'FF FC FN FR CF CC CN CR NF NC NN NR RF RC RN RR' -- "$cur")
      return
      ;;
    --shuffle)
      mapfile -t COMPREPLY < <(compgen -W 'random' -- "$cur")
      return
      ;;
    --bias)
      mapfile -t COMPREPLY < <(compgen -W 'captures promotions castling captures,promotions,castling' -- "$cur")
      return
      ;;
    --fen-dialect)
      mapfile -t COMPREPLY < <(compgen -W 'native vchess xogo pychess xboard' -- "$cur")
      return
      ;;
    -o | --output)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
    --compare-with)
      # an engine command: a program on PATH or a file
      mapfile -t COMPREPLY < <(compgen -c -- "$cur")
      return
      ;;
    --engine-variant)
      mapfile -t COMPREPLY < <(compgen -W 'cwda superchess interweave fluidity' -- "$cur")
      return
      ;;
    --engine-option)
      mapfile -t COMPREPLY < <(compgen -W 'Threads= Hash= VariantPath=' -- "$cur")
      compopt -o nospace 2>/dev/null
      return
      ;;
    -d | --depth | -m | --max-depth | --max-nodes | -j | --jobs | --seed | --make-suite | --hash | --engine-timeout)
      # a number: nothing to offer
      return
      ;;
  esac
  $split && return

  if [[ $cur == -* ]]; then
    local opts="-v --variant -f --fen --armies --shuffle --seed --amazon-promotes -s --suite -d --depth -m --max-depth --max-nodes
      --make-suite --bias --fen-dialect -o --output --compare-with --engine-timeout --engine-variant --engine-option
      --divide --format -q --quiet -j --jobs --hash --list-variants -h --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  _fairy_perft_suite_files
}

complete -F _fairy_perft fairy-perft
