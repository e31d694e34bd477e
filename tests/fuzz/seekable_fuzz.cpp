// The seekable zstd reader (parsers/input.h: read_zstd_seek_table, open_zstd_from) over any
// file. Invariants:
//   * a seek table that is accepted describes the file exactly: its frames follow one
//     another from byte 0, their compressed sizes and the table frame add up to the file's
//     size, and the decompressed offsets add up to decompressed_size;
//   * reading from byte 0 through the table either fails or gives exactly what the plain
//     zstd reader (open_input) gives for the whole file, decompressed_size bytes;
//   * reading from a byte chosen by the input gives the end of that from that byte on, or
//     fails; it never gives other bytes.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "parsers/input.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace fairykit;

absl::StatusOr<std::string> read_all(parsers::ByteSource& source) {
  std::string out;
  char buffer[4096];
  for (;;) {
    absl::StatusOr<std::size_t> n = source.read(buffer, sizeof buffer);
    if (!n.ok()) return n.status();
    if (*n == 0) return out;
    out.append(buffer, *n);
  }
}

// The one file of this process, removed when it exits.
const std::string& temp_path() {
  struct File {
    std::string path = (std::filesystem::temp_directory_path() /
                        ("fairykit-seekable-fuzz-" + std::to_string(::getpid()) + ".zst"))
                           .string();
    ~File() { std::remove(path.c_str()); }
  };
  static const File file;
  return file.path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = temp_path();
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    FUZZ_CHECK(f != nullptr, "cannot write %s", path.c_str());
    if (size > 0) std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  absl::StatusOr<std::optional<parsers::ZstdSeekTable>> table = parsers::read_zstd_seek_table(path);
  FUZZ_CHECK(table.ok(), "a regular file's table cannot be read: %s",
             std::string(table.status().message()).c_str());
  if (!table->has_value()) return 0;
  const parsers::ZstdSeekTable& t = **table;
  std::uint64_t compressed = 0, decompressed = 0;
  for (const parsers::ZstdSeekFrame& f : t.frames) {
    FUZZ_CHECK(f.compressed_offset == compressed && f.decompressed_offset == decompressed,
               "frames do not follow one another");
    compressed += f.compressed_size;
    decompressed += f.decompressed_size;
  }
  FUZZ_CHECK(decompressed == t.decompressed_size, "decompressed_size is not the sum");
  FUZZ_CHECK(compressed + 8 + 9 <= size, "the frames leave no room for the table");
  if (t.frames.empty()) return 0;

  auto shared = std::make_shared<const parsers::ZstdSeekTable>(t);
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> from0 =
      parsers::open_zstd_from(path, shared, 0);
  FUZZ_CHECK(from0.ok(), "cannot open from byte 0: %s",
             std::string(from0.status().message()).c_str());
  absl::StatusOr<std::string> seekable = read_all(**from0);
  if (!seekable.ok()) return 0;
  FUZZ_CHECK(seekable->size() == t.decompressed_size, "read %zu bytes, the table says %llu",
             seekable->size(), static_cast<unsigned long long>(t.decompressed_size));
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> whole = parsers::open_input(path);
  FUZZ_CHECK(whole.ok(), "open_input fails");
  absl::StatusOr<std::string> plain = read_all(**whole);
  FUZZ_CHECK(plain.ok() && *plain == *seekable,
             "the plain reader gives other bytes (or fails: %s) than the seek table's frames",
             plain.ok() ? "no" : std::string(plain.status().message()).c_str());
  const std::uint64_t begin = t.decompressed_size == 0 ? 0 : data[0] % (t.decompressed_size + 1);
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> from =
      parsers::open_zstd_from(path, shared, begin);
  FUZZ_CHECK(from.ok(), "cannot open from byte %llu", static_cast<unsigned long long>(begin));
  absl::StatusOr<std::string> tail = read_all(**from);
  FUZZ_CHECK(tail.ok() && *tail == seekable->substr(std::size_t(begin)),
             "from byte %llu: not the end of the text", static_cast<unsigned long long>(begin));
  return 0;
}
