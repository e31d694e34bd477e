# fish completion for fairy-perft (fairykit). Install as
# ~/.config/fish/completions/fairy-perft.fish (or a vendor_completions.d directory).
# Keep the flags in step with `fairy-perft --help`: tests/tools/completions_test.cpp checks.

# The variants of the fairy-perft being completed, with their descriptions
# (--list-variants); the built-in names when that program cannot be run.
function __fairy_perft_variants
    set -l cmd (commandline -opc)[1]
    set cmd (string replace -r '^~/' "$HOME/" -- $cmd)
    set -l variants
    if command -q $cmd
        set variants ($cmd --list-variants 2>/dev/null | string replace -r '^(\S+)\s+' '$1\t')
    end
    set -q variants[1]; or set variants chess chess960 cwda superchess interweave fluidity
    printf '%s\n' $variants
end

# Suite files: *.epd and *.perft first, then directories and any other file (use with -k).
function __fairy_perft_suite_files
    set -l files (__fish_complete_suffix .epd)
    set -l ordered
    for f in (string match -r -- '^.*\.(?:epd|perft)$' $files) $files
        contains -- $f $ordered; or set -a ordered $f
    end
    printf '%s\n' $ordered
end

# Positional arguments are suite files.
complete -c fairy-perft -f -k -a '(__fairy_perft_suite_files)'

# Position
complete -c fairy-perft -s v -l variant -x -a '(__fairy_perft_variants)' -d 'Variant of the positions'
complete -c fairy-perft -s f -l fen -x -a startpos -d 'Position to count (FEN or startpos)'
complete -c fairy-perft -l armies -x -a 'FF FC FN FR CF CC CN CR NF NC NN NR RF RC RN RR' -d 'cwda: the armies, White then Black'
complete -c fairy-perft -l shuffle -x -a random -d 'chess960, superchess: start array number, or random'
complete -c fairy-perft -l seed -x -d 'With --shuffle random or --make-suite: the seed'
complete -c fairy-perft -l amazon-promotes -d 'superchess: Amazons may be promoted to'
complete -c fairy-perft -s s -l suite -x -k -a '(__fairy_perft_suite_files)' -d 'Suite file'

# Depth (numbers: nothing to complete)
complete -c fairy-perft -s d -l depth -x -d 'Count at depth N only'
complete -c fairy-perft -s m -l max-depth -x -d 'Count every depth up to N'
complete -c fairy-perft -l max-nodes -x -d 'Skip expected counts larger than N nodes'

# Making a suite
complete -c fairy-perft -l make-suite -x -d 'Write a suite of N positions from random playouts'
complete -c fairy-perft -l bias -x -a 'captures promotions castling captures,promotions,castling' -d 'Favour these kinds of move'
complete -c fairy-perft -l fen-dialect -x -a 'native vchess xogo pychess xboard' -d 'FEN dialect of the suite or the engine'
complete -c fairy-perft -s o -l output -r -F -d 'Suite file to write'

# Comparing with another engine
complete -c fairy-perft -l compare-with -x -a '(__fish_complete_command)' -d 'Compare with a UCI engine'
complete -c fairy-perft -l engine-timeout -x -d 'Longest wait for a line of the engine, in seconds'
complete -c fairy-perft -l engine-variant -x -a 'cwda superchess interweave fluidity' -d 'The UCI_Variant value'
complete -c fairy-perft -l engine-option -x -a 'Threads= Hash= VariantPath=' -d 'setoption NAME=VALUE'

# Output
complete -c fairy-perft -l divide -d 'Count below each root move, then the total'
complete -c fairy-perft -l format -x -a 'text\t"plain text (default)" json\t"one JSON document" perft\t"--make-suite: .perft (default)" epd\t"--make-suite: EPD"' -d 'Output format'
complete -c fairy-perft -s q -l quiet -d 'Print only failures and the summary'
complete -c fairy-perft -s j -l jobs -x -d 'Number of threads'
complete -c fairy-perft -l hash -x -d 'Hash table size in MiB (0: none)'
complete -c fairy-perft -l list-variants -d 'List the variants and exit'
complete -c fairy-perft -s h -l help -d 'Show the help and exit'
complete -c fairy-perft -l version -d 'Show the version and exit'
