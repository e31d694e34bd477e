# fish completion for fairy-convert (fairykit). Install as
# ~/.config/fish/completions/fairy-convert.fish (or a vendor_completions.d directory).
# Keep the flags in step with `fairy-convert --help`: tests/tools/completions_test.cpp checks.

# The variants of the fairy-convert being completed, with their descriptions
# (--list-variants); the built-in names when that program cannot be run.
function __fairy_convert_variants
    set -l cmd (commandline -opc)[1]
    set cmd (string replace -r '^~/' "$HOME/" -- $cmd)
    set -l variants
    if command -q $cmd
        set variants ($cmd --list-variants 2>/dev/null | string replace -r '^(\S+)\s+' '$1\t')
    end
    set -q variants[1]; or set variants chess chess960 cwda superchess interweave fluidity
    printf '%s\n' $variants
end

# Inputs: game records and position lists (*.pgn, *.fen, *.epd, *.json, *.jsonl, each also
# as .gz, .bz2 or .zst) first, then directories, then any other file (use with -k; fish
# drops the repeats and keeps the first of each).
function __fairy_convert_input_files
    set -l files (__fish_complete_suffix .pgn) (__fish_complete_suffix .fen) \
        (__fish_complete_suffix .epd) (__fish_complete_suffix .json) (__fish_complete_suffix .jsonl) \
        (__fish_complete_suffix .gz) (__fish_complete_suffix .bz2) (__fish_complete_suffix .zst)
    set -l input '^.*\.(?:pgn|fen|epd|json|jsonl)(?:\.(?:gz|bz2|zst))?$'
    string match -r -- $input $files
    string match -r -- '^.*/$' $files
    string match -rv -- $input $files | string match -rv -- '/$'
    return 0
end

# Positional arguments are input files.
complete -c fairy-convert -f -k -a '(__fairy_convert_input_files)'

# Input
complete -c fairy-convert -l from -x -a 'pgn\tPGN fen\t"FEN or EPD lines" json\t"fairy-convert JSON" jsonl\t"fairy-convert JSON Lines" vchess\t"vchess.club game records"' -d 'Input format'
complete -c fairy-convert -l variant -x -a '(__fairy_convert_variants)' -d 'Variant of games without a Variant tag'

# Output
complete -c fairy-convert -s o -l output -r -F -d 'Write to FILE (--to svg: or a directory)'
complete -c fairy-convert -l to -x -a 'pgn\t"PGN export format (default)" fen\t"one FEN per position" epd\t"one EPD line per position" json\t"one JSON array of games" jsonl\t"one JSON object per game" csv\t"one row per game" svg\tdiagrams' -d 'Output format'
complete -c fairy-convert -l notation -x -a 'san\t"standard algebraic (default)" lan\t"long algebraic (Ng1-f3)" uci\t"UCI (g1f3)"' -d 'Movetext notation'
complete -c fairy-convert -l no-comments -d 'Leave comments out'
complete -c fairy-convert -l no-nags -d 'Leave NAGs out'
complete -c fairy-convert -l no-variations -d 'Leave variations out'
complete -c fairy-convert -l add-fen-tags -d 'SetUp and FEN tags also for the standard start'
complete -c fairy-convert -l add-ply-count -d 'Add a PlyCount tag'
complete -c fairy-convert -l fix-result -d 'Correct a result that contradicts the final position'
complete -c fairy-convert -l every -x -d 'Positions: every Nth ply only'
complete -c fairy-convert -l final -d 'Positions: the final position only'
complete -c fairy-convert -l with-fen -d 'json/jsonl: the FEN after each move'
complete -c fairy-convert -l fen-dialect -x -a 'native\t"fairykit FEN (default)" vchess\tvchess.club xogo\txogo.fr pychess\tpychess.org xboard\tXBoard' -d 'Form of the FENs written'
complete -c fairy-convert -l fen-en-passant -x -a 'legal\t"only when a capture is legal (default)" always\t"after every double step"' -d 'En passant square of the FENs written'
complete -c fairy-convert -l uci-castling -x -a 'king-takes-rook\t"e1h1 (default)" king-to\t"e1g1 where the king moves two squares or more"' -d 'Chess960 castling in UCI text'
complete -c fairy-convert -l positions -d 'csv: one row per position'
complete -c fairy-convert -l csv-raw -d 'csv: cells as they are (no quote before a formula-like cell)'
complete -c fairy-convert -l line-length -x -d 'PGN line length (default 79, at least 20)'

# Selection
complete -c fairy-convert -l where -x -d 'Tag test (White=Carlsen, WhiteElo>=2700), repeatable'
complete -c fairy-convert -l min-plies -x -d 'Games of at least N plies'
complete -c fairy-convert -l max-plies -x -d 'Games of at most N plies'
complete -c fairy-convert -l ends-in -x -a 'checkmate stalemate insufficient-material fivefold-repetition seventy-five-move-rule threefold-repetition fifty-move-rule capture-of-a-King no-legal-move third-repetition twenty-five-move-rule none' -d 'How the main line ends, repeatable'
complete -c fairy-convert -l reaches -x -d 'Games whose main line reaches the FEN, repeatable'
complete -c fairy-convert -l dedupe -d 'Keep the first of games with the same start and moves'
complete -c fairy-convert -l duplicates-out -r -F -d 'Write the duplicates to FILE'
complete -c fairy-convert -l invalid-out -r -F -d 'Write the rejected games to FILE'

# Diagrams (--to svg)
complete -c fairy-convert -l mark -x -d 'Mark squares (d6,f6), repeatable'
complete -c fairy-convert -l arrows -x -d 'Draw moves as arrows (e2e4,g8f6), repeatable'
complete -c fairy-convert -l moves-of -x -d 'Mark the squares the piece on SQUARE can reach'
complete -c fairy-convert -l flip -d 'Black at the bottom'
complete -c fairy-convert -l coordinates -d 'File letters and rank numbers'
complete -c fairy-convert -l no-legend -d 'No legend naming the fairy pieces'
complete -c fairy-convert -l caption -x -d 'A line of text under the board'

# Other
complete -c fairy-convert -s j -l jobs -x -d 'Number of threads'
complete -c fairy-convert -s q -l quiet -d 'No diagnostics of rejected games, no progress bar'
complete -c fairy-convert -l max-game-size -x -d 'Largest game read, in MiB (default 64)'
complete -c fairy-convert -l key -x -a 'startpos' -d 'Print the position key of a FEN and exit'
complete -c fairy-convert -l list-variants -d 'List the variants and exit'
complete -c fairy-convert -s h -l help -d 'Show the help and exit'
complete -c fairy-convert -l version -d 'Show the version and exit'
