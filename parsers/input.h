// Byte input for every reader: a file, standard input ("-"), or a compressed stream read
// directly. Compression is recognised by the magic bytes, never by the file name:
//   gzip  1f 8b          (zlib; concatenated members are read one after the other)
//   bzip2 "BZh"          (libbz2; concatenated streams too)
//   zstd  28 b5 2f fd    (libzstd; concatenated frames too)
// Anything else is read as it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace fairykit::parsers {

enum class Compression { kNone, kGzip, kBzip2, kZstd, kXz };

std::string_view compression_name(Compression c);  // "none", "gzip", "bzip2", "zstd", "xz"

class ByteSource {
 public:
  virtual ~ByteSource() = default;

  // Reads up to `size` decompressed bytes into `buffer`. Returns the number read; 0 means
  // end of input. Errors name the input: "games.pgn.gz: corrupt gzip data (...)".
  virtual absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) = 0;

  // The name used in messages ("<stdin>" for standard input).
  virtual const std::string& name() const = 0;
  virtual Compression compression() const = 0;
  // Bytes consumed from the underlying file so far (compressed bytes), for progress bars.
  virtual std::uint64_t raw_bytes_read() const = 0;
  // The size of the underlying file in bytes, or 0 when unknown (pipes, stdin).
  virtual std::uint64_t raw_size() const = 0;
};

// Opens `path` ("-" = standard input) and sniffs the compression. Errors:
// "games.pgn: cannot open file: No such file or directory".
absl::StatusOr<std::unique_ptr<ByteSource>> open_input(const std::string& path);

// The bytes of the file `path` from offset `begin` on, read as they are (no compression is
// looked for: the caller knows the file is plain). raw_size() is the size of that part.
// For the shares of an MPI run, which read parts of one file. Errors as open_input's.
absl::StatusOr<std::unique_ptr<ByteSource>> open_plain_from(const std::string& path,
                                                            std::uint64_t begin);

// The frames of a seekable zstd file: zstd frames followed by a seek table, a skippable
// frame that lists each frame's compressed and decompressed size (the "seekable format" of
// zstd's contrib/seekable_format, as t2sz and zstd_seekable_compress write it). Such a
// file is an ordinary zstd file to every zstd reader; the table lets a reader start at any
// frame, so that MPI ranks can share one compressed file by byte ranges.
struct ZstdSeekFrame {
  std::uint64_t compressed_offset = 0;    // where the frame starts in the file
  std::uint64_t decompressed_offset = 0;  // where its bytes start in the decompressed data
  std::uint32_t compressed_size = 0;
  std::uint32_t decompressed_size = 0;
};
struct ZstdSeekTable {
  std::vector<ZstdSeekFrame> frames;
  std::uint64_t decompressed_size = 0;  // of the whole file
  // The index of the frame a reader from decompressed byte `at` starts with: the first
  // frame that is not wholly before `at`, so the one that holds `at`, or an empty frame
  // listed at `at` before it (decoded too: what it really holds is checked); the last
  // frame when `at` is the end; 0 for an empty table.
  std::size_t frame_at(std::uint64_t at) const;
};

// The seek table of the file `path`, or nullopt when the file does not end with one or
// when the table does not describe the file exactly (its frames and the table frame must
// cover the file, no more and no less): such a file is read whole, as any zstd file. An
// error only when the file cannot be opened or read.
absl::StatusOr<std::optional<ZstdSeekTable>> read_zstd_seek_table(const std::string& path);

// The decompressed bytes of the seekable zstd file `path` from decompressed offset `begin`
// on: decoding starts at the frame that holds `begin`, and the bytes before `begin` are
// dropped. A frame that is not what the table says (its compressed or decompressed size)
// is an error: "x.pgn.zst: corrupt zstd data (frame 3 of 12 holds 1000 bytes, its seek
// table entry says 1024)". raw_size() is the compressed size from that frame to the end.
absl::StatusOr<std::unique_ptr<ByteSource>> open_zstd_from(
    const std::string& path, std::shared_ptr<const ZstdSeekTable> table, std::uint64_t begin);

// A source over bytes already in memory (tests, and data handed over by other readers);
// compressed data is recognised and decompressed the same way.
std::unique_ptr<ByteSource> memory_input(std::string data, std::string name);

// Bytes from a function that fills `buffer` with up to `size` bytes and returns how many (0:
// the end), or an error that the reader passes on: a source that is neither a file nor in
// memory (a Python file object). Compression and unread formats are recognised as open_input
// does; raw_size() is 0 (unknown).
using StreamRead = std::function<absl::StatusOr<std::size_t>(char* buffer, std::size_t size)>;
absl::StatusOr<std::unique_ptr<ByteSource>> stream_input(StreamRead read, std::string name);

}  // namespace fairykit::parsers
