# fish completion for fairy-seekable-zstd (fairykit). Install as
# ~/.config/fish/completions/fairy-seekable-zstd.fish (or a vendor_completions.d directory).
# Keep the flags in step with `fairy-seekable-zstd --help`: tests/tools/completions_test.cpp
# checks.

# Positional arguments: INPUT and OUTPUT files.
complete -c fairy-seekable-zstd -F

complete -c fairy-seekable-zstd -l frame -x -a '1M 4M 16M 64M' -d 'Bytes of input per frame (default 4M)'
complete -c fairy-seekable-zstd -l level -x -a '3 9 19' -d 'zstd compression level (default 9)'
complete -c fairy-seekable-zstd -s h -l help -d 'Show the help and exit'
complete -c fairy-seekable-zstd -l version -d 'Show the version and exit'
