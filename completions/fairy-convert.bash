# bash completion for fairy-convert (fairykit)                  -*- shell-script -*-
#
# Source this file, or install it as `fairy-convert` in a bash-completion directory
# (e.g. /usr/share/bash-completion/completions/fairy-convert). Works with or without the
# bash-completion package; with it, `--flag=value` words are completed too.
# Keep the flags in step with `fairy-convert --help`: tests/tools/completions_test.cpp checks.

# The variant names of the fairy-convert being completed (first column of
# --list-variants); the built-in list when that program cannot be run.
_fairy_convert_variants() {
  local cmd=$1 names=
  # shellcheck disable=SC2088  # a literal "~/" as typed on the command line
  [[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
  if type -P "$cmd" >/dev/null 2>&1; then
    names=$("$cmd" --list-variants 2>/dev/null | awk 'NF { print $1 }')
  fi
  printf '%s\n' "${names:-chess chess960 cwda superchess interweave fluidity}"
}

# Any file name (the output, --invalid-out and --duplicates-out files; with --to svg the
# output may be a directory).
_fairy_convert_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
    return
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -A file -- "$cur")
}

# Inputs: game records and position lists (*.pgn, *.fen, *.epd, *.json, *.jsonl, each also
# as .gz, .bz2 or .zst) and directories first; any file when none match.
_fairy_convert_input_files() {
  if declare -F _filedir >/dev/null; then
    _filedir '@(pgn|fen|epd|json|jsonl)?(.gz|.bz2|.zst)'
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
    [[ -d $f || $base == *.pgn || $base == *.fen || $base == *.epd || $base == *.json ||
      $base == *.jsonl ]] && inputs+=("$f")
  done
  if ((${#inputs[@]})); then
    COMPREPLY=("${inputs[@]}")
  else
    COMPREPLY=("${all[@]}")
  fi
}

_fairy_convert() {
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
    # Without bash-completion, '=' is a word of its own: `--to=j` is "--to" "=" "j".
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
      _fairy_convert_input_files
      return
    fi
  done

  case $prev in
    --variant)
      mapfile -t COMPREPLY < <(compgen -W "$(_fairy_convert_variants "${COMP_WORDS[0]}")" -- "$cur")
      return
      ;;
    --from)
      mapfile -t COMPREPLY < <(compgen -W 'pgn fen json jsonl vchess' -- "$cur")
      return
      ;;
    --to)
      mapfile -t COMPREPLY < <(compgen -W 'pgn fen epd json jsonl csv svg' -- "$cur")
      return
      ;;
    --notation)
      mapfile -t COMPREPLY < <(compgen -W 'san lan uci' -- "$cur")
      return
      ;;
    --fen-dialect)
      mapfile -t COMPREPLY < <(compgen -W 'native vchess xogo pychess xboard' -- "$cur")
      return
      ;;
    --fen-en-passant)
      mapfile -t COMPREPLY < <(compgen -W 'legal always' -- "$cur")
      return
      ;;
    --uci-castling)
      mapfile -t COMPREPLY < <(compgen -W 'king-takes-rook king-to' -- "$cur")
      return
      ;;
    --ends-in)
      mapfile -t COMPREPLY < <(compgen -W 'checkmate stalemate insufficient-material
        fivefold-repetition seventy-five-move-rule threefold-repetition fifty-move-rule
        capture-of-a-King no-legal-move third-repetition twenty-five-move-rule none' -- "$cur")
      return
      ;;
    -o | --output | --invalid-out | --duplicates-out)
      _fairy_convert_files
      return
      ;;
    -j | --jobs | --max-game-size | --every | --line-length | --min-plies | --max-plies | \
      --where | --reaches | --key | --mark | --arrows | --moves-of | --caption)
      # a number, a tag test, a FEN, squares, moves or text: nothing to offer
      return
      ;;
  esac
  $split && return

  if [[ $cur == -* ]]; then
    local opts="--from --variant -o --output --to --notation --no-comments --no-nags
      --no-variations --add-fen-tags --add-ply-count --fix-result --every --final --with-fen
      --fen-dialect --fen-en-passant --uci-castling --positions --csv-raw --line-length
      --where --min-plies --max-plies --ends-in
      --reaches --dedupe --duplicates-out --invalid-out --mark --arrows --moves-of --flip
      --coordinates --no-legend --caption -j --jobs -q --quiet --max-game-size --key --list-variants
      -h --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  _fairy_convert_input_files
}

complete -F _fairy_convert fairy-convert
