# fish completion for fairy-validate (fairykit). Install as
# ~/.config/fish/completions/fairy-validate.fish (or a vendor_completions.d directory).
# Keep the flags in step with `fairy-validate --help`: tests/tools/completions_test.cpp checks.

# The variants of the fairy-validate being completed, with their descriptions
# (--list-variants); the built-in names when that program cannot be run.
function __fairy_validate_variants
    set -l cmd (commandline -opc)[1]
    set cmd (string replace -r '^~/' "$HOME/" -- $cmd)
    set -l variants
    if command -q $cmd
        set variants ($cmd --list-variants 2>/dev/null | string replace -r '^(\S+)\s+' '$1\t')
    end
    set -q variants[1]; or set variants chess chess960 cwda superchess interweave fluidity
    printf '%s\n' $variants
end

# Inputs: PGN archives (*.pgn, *.pgn.gz, *.pgn.bz2, *.pgn.zst) first, then directories, then
# any other file (use with -k; fish drops the repeats and keeps the first of each).
function __fairy_validate_pgn_files
    set -l files (__fish_complete_suffix .pgn)
    set -l pgn '^.*\.pgn(?:\.(?:gz|bz2|zst))?$'
    string match -r -- $pgn $files
    string match -r -- '^.*/$' $files
    string match -rv -- $pgn $files | string match -rv -- '/$'
    return 0
end

# Positional arguments are input files.
complete -c fairy-validate -f -k -a '(__fairy_validate_pgn_files)'

# Checks
complete -c fairy-validate -l variant -x -a '(__fairy_validate_variants)' -d 'Variant of games without a Variant tag'
complete -c fairy-validate -l no-variations -d 'Do not check the moves of variations'
complete -c fairy-validate -l no-roster -d 'Do not warn about missing seven-tag roster tags'

# Output
complete -c fairy-validate -l format -x -a 'text\t"plain text (default)" json\t"one JSON document" jsonl\t"one JSON object per game, then the summary"' -d 'Output format'
complete -c fairy-validate -l show-position -d 'Add the position (FEN) to each diagnostic'
complete -c fairy-validate -l valid-out -r -F -d 'Write the valid games to FILE'
complete -c fairy-validate -l invalid-out -r -F -d 'Write the invalid games to FILE'
complete -c fairy-validate -s q -l quiet -d 'Print errors only (no warnings, no progress bar)'
complete -c fairy-validate -s j -l jobs -x -d 'Number of threads'
complete -c fairy-validate -l max-game-size -x -d 'Largest game read, in MiB (default 64)'
complete -c fairy-validate -l list-variants -d 'List the variants and exit'
complete -c fairy-validate -s h -l help -d 'Show the help and exit'
complete -c fairy-validate -l version -d 'Show the version and exit'
