# fish completion for fairy-analyze (fairykit). Install as
# ~/.config/fish/completions/fairy-analyze.fish (or a vendor_completions.d directory).
# Keep the flags in step with `fairy-analyze --help`: tests/tools/completions_test.cpp checks.

# The variants of the fairy-analyze being completed, with their descriptions
# (--list-variants); the built-in names when that program cannot be run.
function __fairy_analyze_variants
    set -l cmd (commandline -opc)[1]
    set cmd (string replace -r '^~/' "$HOME/" -- $cmd)
    set -l variants
    if command -q $cmd
        set variants ($cmd --list-variants 2>/dev/null | string replace -r '^(\S+)\s+' '$1\t')
    end
    set -q variants[1]; or set variants chess chess960 cwda superchess interweave fluidity
    printf '%s\n' $variants
end

# Inputs: game records and position lists (*.pgn, *.json, *.jsonl, *.fen, *.epd, each also
# as .gz, .bz2 or .zst) first, then directories, then any other file (use with -k; fish
# drops the repeats and keeps the first of each).
function __fairy_analyze_input_files
    set -l files (__fish_complete_suffix .pgn) (__fish_complete_suffix .json) \
        (__fish_complete_suffix .jsonl) (__fish_complete_suffix .fen) (__fish_complete_suffix .epd) \
        (__fish_complete_suffix .gz) (__fish_complete_suffix .bz2) (__fish_complete_suffix .zst)
    set -l input '^.*\.(?:pgn|json|jsonl|fen|epd)(?:\.(?:gz|bz2|zst))?$'
    string match -r -- $input $files
    string match -r -- '^.*/$' $files
    string match -rv -- $input $files | string match -rv -- '/$'
    return 0
end

# Positional arguments are input files.
complete -c fairy-analyze -f -k -a '(__fairy_analyze_input_files)'

# Input
complete -c fairy-analyze -l variant -x -a '(__fairy_analyze_variants)' -d 'Variant of games without a Variant tag'

# The tables
complete -c fairy-analyze -s o -l output -r -F -d 'Write to FILE (default standard output)'
complete -c fairy-analyze -l format -x -a 'text\t"tables for people (default)" json\t"the tables as JSON" csv\t"the tables in long form, or a row per position" jsonl\t"a JSON object per position (default with --positions)"' -d 'Output format'
complete -c fairy-analyze -l csv-raw -d 'csv: cells as they are (no quote before a formula-like cell)'
complete -c fairy-analyze -l group-by -x -d 'Results by the value of a tag'
complete -c fairy-analyze -l tree -x -d 'Opening tree of the first N plies (0-40)'
complete -c fairy-analyze -l tree-min -x -d 'Tree lines of at least G games (default 1)'
complete -c fairy-analyze -l top -x -d 'Rows of the players and openings tables (default 20)'
complete -c fairy-analyze -l no-openings -d 'No opening names'
complete -c fairy-analyze -l find-wins -x -d 'Search every position for a forced win within N plies (1-15)'
complete -c fairy-analyze -l win-nodes -x -d 'Positions one search may visit (default 1000000)'
complete -c fairy-analyze -l html -r -F -d 'Also write an HTML report to FILE'

# Per-position records
complete -c fairy-analyze -l positions -d 'One record per position instead of the tables'
complete -c fairy-analyze -l perft -x -d 'Add perft D (1-6) to the records'

# Other
complete -c fairy-analyze -s j -l jobs -x -d 'Number of threads'
complete -c fairy-analyze -s q -l quiet -d 'No progress bar, no summary'
complete -c fairy-analyze -s v -l verbose -d 'Print the diagnostics of rejected games'
complete -c fairy-analyze -l max-game-size -x -d 'Largest game read, in MiB (default 64)'
complete -c fairy-analyze -l list-variants -d 'List the variants and exit'
complete -c fairy-analyze -s h -l help -d 'Show the help and exit'
complete -c fairy-analyze -l version -d 'Show the version and exit'
