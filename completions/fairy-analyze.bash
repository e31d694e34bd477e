# bash completion for fairy-analyze (fairykit)                  -*- shell-script -*-
#
# Source this file, or install it as `fairy-analyze` in a bash-completion directory
# (e.g. /usr/share/bash-completion/completions/fairy-analyze). Works with or without the
# bash-completion package; with it, `--flag=value` words are completed too.
# Keep the flags in step with `fairy-analyze --help`: tests/tools/completions_test.cpp checks.

# The variant names of the fairy-analyze being completed (first column of
# --list-variants); the built-in list when that program cannot be run.
_fairy_analyze_variants() {
  local cmd=$1 names=
  # shellcheck disable=SC2088  # a literal "~/" as typed on the command line
  [[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
  if type -P "$cmd" >/dev/null 2>&1; then
    names=$("$cmd" --list-variants 2>/dev/null | awk 'NF { print $1 }')
  fi
  printf '%s\n' "${names:-chess chess960 cwda superchess interweave fluidity}"
}

# Any file name (the output and the HTML report).
_fairy_analyze_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
    return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -A file -- "$cur")
}

# Inputs: game records and position lists (*.pgn, *.json, *.jsonl, *.fen, *.epd, each also
# as .gz, .bz2 or .zst) and directories first; any file when none match.
_fairy_analyze_input_files() {
  if declare -F _filedir >/dev/null; then
    _filedir '@(pgn|json|jsonl|fen|epd)?(.gz|.bz2|.zst)'
    ((${#COMPREPLY[@]})) || _filedir
    return
  fi
  local f base
  local -a all inputs=()
  compopt -o filenames 2>/dev/null
  mapfile -t all < <(compgen -A file -- "$cur")
  for f in "${all[@]}"; do
    base=${f%.gz}
    base=${base%.bz2}
    base=${base%.zst}
    [[ -d $f || $base == *.pgn || $base == *.json || $base == *.jsonl || $base == *.fen ||
      $base == *.epd ]] && inputs+=("$f")
  done
  if ((${#inputs[@]})); then
    COMPREPLY=("${inputs[@]}")
  else
    COMPREPLY=("${all[@]}")
  fi
}

_fairy_analyze() {
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
      _fairy_analyze_input_files
      return
    fi
  done

  case $prev in
    --variant)
      mapfile -t COMPREPLY < <(compgen -W "$(_fairy_analyze_variants "${COMP_WORDS[0]}")" -- "$cur")
      return
      ;;
    --format)
      mapfile -t COMPREPLY < <(compgen -W 'text json csv jsonl' -- "$cur")
      return
      ;;
    -o | --output | --html)
      _fairy_analyze_files
      return
      ;;
    -j | --jobs | --max-game-size | --group-by | --tree | --tree-min | --top | --find-wins | \
      --win-nodes | --perft)
      # a number or a tag name: nothing to offer
      return
      ;;
  esac
  $split && return

  if [[ $cur == -* ]]; then
    local opts="--variant -o --output --format --csv-raw --group-by --tree --tree-min --top --no-openings
      --find-wins --win-nodes --html --positions --perft -j --jobs -q --quiet -v --verbose
      --max-game-size --list-variants -h --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  _fairy_analyze_input_files
}

complete -F _fairy_analyze fairy-analyze
