#include "parsers/input.h"

#include <bzlib.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "tests/parsers/compress.h"

namespace fairykit::parsers {
namespace {

const std::string kCorpus = std::string(FAIRYKIT_DATA_DIR) + "/corpus/standard/";

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteFile(const std::string& path, std::string_view data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  ASSERT_TRUE(out.good()) << path;
}

// A fresh directory for this test's files, removed when the process exits.
std::string TempDir() {
  struct Made {
    std::vector<std::string> dirs;
    ~Made() {
      std::error_code ignored;
      for (const std::string& d : dirs) std::filesystem::remove_all(d, ignored);
    }
  };
  static Made made;
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = info->name();  // "FileRoundTrip/0" for a test of a parameter
  std::replace(name.begin(), name.end(), '/', '_');
  std::string dir =
      ::testing::TempDir() + "fairykit_input_" + name + "_" + std::to_string(::getpid());
  std::string command = "rm -rf '" + dir + "' && mkdir -p '" + dir + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
  made.dirs.push_back(dir);
  return dir;
}

// Everything a source yields, read `chunk` bytes at a time; the status if a read fails.
absl::StatusOr<std::string> ReadAll(ByteSource& source, std::size_t chunk = 1 << 20) {
  std::string out;
  std::vector<char> buffer(chunk);
  for (;;) {
    absl::StatusOr<std::size_t> n = source.read(buffer.data(), buffer.size());
    if (!n.ok()) return n.status();
    if (*n == 0) return out;
    EXPECT_LE(*n, chunk);
    out.append(buffer.data(), *n);
  }
}

std::string ReadAllOk(ByteSource& source, std::size_t chunk = 1 << 20) {
  absl::StatusOr<std::string> all = ReadAll(source, chunk);
  EXPECT_TRUE(all.ok()) << all.status();
  return all.ok() ? *all : std::string();
}

std::string ErrorOf(ByteSource& source, std::size_t chunk = 1 << 20) {
  absl::StatusOr<std::string> all = ReadAll(source, chunk);
  if (all.ok()) return "<no error>";
  EXPECT_EQ(all.status().code(), absl::StatusCode::kDataLoss) << all.status();
  return std::string(all.status().message());
}

// --- compression in-process, with the same libraries (tests/parsers/compress.h) ---------

using test_data::Bzip2;
using test_data::Gzip;
using test_data::Xz;
using test_data::Zstd;

struct Format {
  const char* name;
  Compression compression;
  std::string (*compress)(std::string_view);
  const char* extension;
};

const Format kFormats[] = {
    {"gzip", Compression::kGzip, Gzip, ".gz"},
    {"bzip2", Compression::kBzip2, Bzip2, ".bz2"},
    {"zstd", Compression::kZstd, Zstd, ".zst"},
    {"xz", Compression::kXz, Xz, ".xz"},
};

class InputFormatTest : public ::testing::TestWithParam<Format> {};

INSTANTIATE_TEST_SUITE_P(Formats, InputFormatTest, ::testing::ValuesIn(kFormats),
                         [](const ::testing::TestParamInfo<Format>& param) {
                           return std::string(param.param.name);
                         });

// --- plain input -------------------------------------------------------------------------

TEST(InputTest, CompressionNames) {
  EXPECT_EQ(compression_name(Compression::kNone), "none");
  EXPECT_EQ(compression_name(Compression::kGzip), "gzip");
  EXPECT_EQ(compression_name(Compression::kBzip2), "bzip2");
  EXPECT_EQ(compression_name(Compression::kZstd), "zstd");
  EXPECT_EQ(compression_name(Compression::kXz), "xz");
}

// Archives and compressions fairykit does not read are refused by name, not read as text.
TEST(InputTest, FormatsNotReadAreRefusedByName) {
  const std::string dir = ::testing::TempDir();
  const struct {
    const char* name;
    std::string bytes;
  } kCases[] = {{"zip", std::string("PK\x03\x04\x14\0\0\0", 8) + "games.pgn"},
                {"7z", std::string("7z\xbc\xaf\x27\x1c\0\x04", 8)},
                {"lz4", std::string("\x04\x22\x4d\x18\x64\x40\xa7", 7)},
                {"rar", std::string("Rar!\x1a\x07\x01\0", 8)},
                {"compress (.Z)", std::string("\x1f\x9d\x90[Event", 8)}};
  for (const auto& c : kCases) {
    const std::string path = dir + "/refused-" + std::to_string(&c - kCases);
    std::ofstream(path, std::ios::binary) << c.bytes;
    absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
    ASSERT_FALSE(source.ok()) << c.name;
    EXPECT_EQ(source.status().message(),
              path + ": " + c.name +
                  " data: fairykit reads plain text and gzip, bzip2, zstd or xz compression; "
                  "extract the games first");
    std::remove(path.c_str());
  }
  // A text that merely begins like one stays text.
  const std::string text = dir + "/pk.pgn";
  std::ofstream(text, std::ios::binary) << "PK is no tag\n";
  EXPECT_TRUE(open_input(text).ok());
  std::remove(text.c_str());
}

TEST(InputTest, PlainFileReadsTheFileBytes) {
  const std::string path = kCorpus + "twic0920.pgn";
  const std::string expected = Slurp(path);
  ASSERT_GT(expected.size(), 1000000u);
  for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{4096}, std::size_t{7}}) {
    absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ((*source)->compression(), Compression::kNone);
    EXPECT_EQ((*source)->name(), path);
    EXPECT_EQ((*source)->raw_size(), expected.size());
    EXPECT_EQ(ReadAllOk(**source, chunk), expected) << "chunk " << chunk;
    EXPECT_EQ((*source)->raw_bytes_read(), expected.size());
    // The end stays the end.
    char c;
    absl::StatusOr<std::size_t> again = (*source)->read(&c, 1);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, 0u);
  }
}

TEST(InputTest, OneByteReadsOfAPlainFile) {
  const std::string path = kCorpus + "Carlsen.pgn";
  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_EQ(ReadAllOk(**source, 1), Slurp(path));
}

TEST(InputTest, EmptyAndShortInputsArePlain) {
  auto empty = memory_input("", "empty.pgn");
  EXPECT_EQ(empty->compression(), Compression::kNone);
  EXPECT_EQ(ReadAllOk(*empty), "");
  EXPECT_EQ(empty->raw_size(), 0u);

  // Fewer bytes than any magic, a lone gzip magic byte, text that starts like bzip2.
  for (std::string text : {std::string("1."), std::string("\x1f"), std::string("BZh 1. e4"),
                           std::string("BZ"), std::string("\x28\xb5\x2f")}) {
    auto source = memory_input(text, "short.pgn");
    EXPECT_EQ(source->compression(), Compression::kNone) << text;
    EXPECT_EQ(ReadAllOk(*source, 1), text);
    EXPECT_EQ(source->raw_bytes_read(), text.size());
  }

  const std::string dir = TempDir();
  WriteFile(dir + "/empty.pgn", "");
  absl::StatusOr<std::unique_ptr<ByteSource>> file = open_input(dir + "/empty.pgn");
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ((*file)->compression(), Compression::kNone);
  EXPECT_EQ(ReadAllOk(**file), "");
}

TEST(InputTest, MissingFileIsOneLineError) {
  const std::string path = TempDir() + "/nowhere/x.pgn";
  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(source.status().message(), path + ": cannot open file: No such file or directory");
}

TEST(InputTest, DirectoryIsAnError) {
  const std::string dir = TempDir();
  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(dir);
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().message(), dir + ": cannot open file: Is a directory");
}

// --- compressed input --------------------------------------------------------------------

TEST(InputTest, Bzip2CorpusFileHas685Games) {
  const std::string path = kCorpus + "chess_masters_WCC.pgn.bz2";
  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_EQ((*source)->compression(), Compression::kBzip2);
  const std::uint64_t size = Slurp(path).size();
  EXPECT_EQ((*source)->raw_size(), size);
  const std::string text = ReadAllOk(**source);
  EXPECT_GT(text.size(), size);
  std::istringstream lines(text);
  int events = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("[Event ", 0) == 0) ++events;
  }
  EXPECT_EQ(events, 685);
  EXPECT_EQ((*source)->raw_bytes_read(), size);
}

TEST_P(InputFormatTest, FileRoundTrip) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "twic0920.pgn");
  const std::string packed = format.compress(original);
  ASSERT_LT(packed.size(), original.size() / 2);
  const std::string path = TempDir() + "/games" + format.extension;
  WriteFile(path, packed);

  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_EQ((*source)->compression(), format.compression);
  EXPECT_EQ((*source)->raw_size(), packed.size());
  EXPECT_EQ((*source)->raw_bytes_read(), 0u);
  EXPECT_TRUE(ReadAllOk(**source) == original);
  EXPECT_EQ((*source)->raw_bytes_read(), packed.size());
}

TEST_P(InputFormatTest, NameDoesNotMatter) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "Carlsen.pgn");
  const std::string dir = TempDir();
  WriteFile(dir + "/games.txt", format.compress(original));
  WriteFile(dir + "/plain.gz", original);
  absl::StatusOr<std::unique_ptr<ByteSource>> packed = open_input(dir + "/games.txt");
  ASSERT_TRUE(packed.ok()) << packed.status();
  EXPECT_EQ((*packed)->compression(), format.compression);
  EXPECT_TRUE(ReadAllOk(**packed) == original);
  absl::StatusOr<std::unique_ptr<ByteSource>> plain = open_input(dir + "/plain.gz");
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ((*plain)->compression(), Compression::kNone);
  EXPECT_TRUE(ReadAllOk(**plain) == original);
}

TEST_P(InputFormatTest, TinyReadsGiveTheSameBytes) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "Carlsen.pgn").substr(0, 300000);
  const std::string packed = format.compress(original);
  for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{4093}}) {
    auto source = memory_input(packed, "tiny");
    EXPECT_TRUE(ReadAllOk(*source, chunk) == original) << "chunk " << chunk;
  }
}

// A function that hands out `data` at most `step` bytes a call, as a Python file object might.
StreamRead StepReader(std::string data, std::size_t step) {
  auto at = std::make_shared<std::size_t>(0);
  return [data = std::move(data), step, at](char* out, std::size_t size) {
    const std::size_t n = std::min({size, step, data.size() - *at});
    std::copy_n(data.data() + *at, n, out);
    *at += n;
    return absl::StatusOr<std::size_t>(n);
  };
}

TEST_P(InputFormatTest, StreamInputDecompressesWhateverTheStep) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "Carlsen.pgn").substr(0, 300000);
  const std::string packed = format.compress(original);
  for (std::size_t step : {std::size_t{1}, std::size_t{5}, std::size_t{65536}, packed.size()}) {
    absl::StatusOr<std::unique_ptr<ByteSource>> source =
        stream_input(StepReader(packed, step), "stream");
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ((*source)->name(), "stream");
    EXPECT_EQ((*source)->compression(), format.compression);
    EXPECT_EQ((*source)->raw_size(), 0u);
    EXPECT_TRUE(ReadAllOk(**source, step == 1 ? 3 : 1 << 16) == original) << "step " << step;
    EXPECT_EQ((*source)->raw_bytes_read(), packed.size());
  }
}

TEST_P(InputFormatTest, MemoryInputDecompresses) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "twic0920.pgn");
  const std::string packed = format.compress(original);
  auto source = memory_input(packed, "memory.pgn");
  EXPECT_EQ(source->name(), "memory.pgn");
  EXPECT_EQ(source->compression(), format.compression);
  EXPECT_EQ(source->raw_size(), packed.size());
  EXPECT_TRUE(ReadAllOk(*source) == original);
  EXPECT_EQ(source->raw_bytes_read(), packed.size());
}

TEST_P(InputFormatTest, ConcatenatedMembersAreReadInTurn) {
  const Format& format = GetParam();
  const std::string a = Slurp(kCorpus + "Carlsen.pgn");
  const std::string b = Slurp(kCorpus + "twic0920.pgn");
  const std::string c = "[Event \"tail\"]\n\n1. e4 *\n";
  // An empty member in the middle too: it must neither end the input nor fail.
  const std::string packed =
      format.compress(a) + format.compress("") + format.compress(b) + format.compress(c);
  const std::string expected = a + b + c;
  const std::string path = TempDir() + "/cat" + format.extension;
  WriteFile(path, packed);
  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input(path);
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_TRUE(ReadAllOk(**source) == expected);
  EXPECT_EQ((*source)->raw_bytes_read(), packed.size());

  auto tiny = memory_input(format.compress("ab") + format.compress("cd"), "m");
  EXPECT_EQ(ReadAllOk(*tiny, 1), "abcd");
}

TEST_P(InputFormatTest, TruncatedDataIsAnError) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "Carlsen.pgn");
  const std::string packed = format.compress(original);
  const std::string name = std::string("x.pgn") + format.extension;
  const std::string expected = name + ": truncated " + format.name + " data";
  // Cut in the middle, just after the header, one byte short of the end; and a complete
  // member followed by a cut one.
  for (const std::string& cut :
       {packed.substr(0, packed.size() / 2), packed.substr(0, 12),
        packed.substr(0, packed.size() - 1), packed + packed.substr(0, packed.size() / 3)}) {
    for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{7}}) {
      auto source = memory_input(cut, name);
      EXPECT_EQ(ErrorOf(*source, chunk), expected) << cut.size() << " bytes, chunk " << chunk;
    }
  }
  // From a file the same.
  const std::string dir = TempDir();
  WriteFile(dir + "/" + name, packed.substr(0, packed.size() * 2 / 3));
  absl::StatusOr<std::unique_ptr<ByteSource>> file = open_input(dir + "/" + name);
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(ErrorOf(**file), dir + "/" + expected);
}

TEST_P(InputFormatTest, ErrorsAreOneLineAndSticky) {
  const Format& format = GetParam();
  std::string packed = format.compress(Slurp(kCorpus + "Carlsen.pgn"));
  // Damage the middle of the data.
  for (std::size_t i = packed.size() / 2; i < packed.size() / 2 + 64; ++i) packed[i] ^= 0x5a;
  const std::string name = std::string("x.pgn") + format.extension;
  auto source = memory_input(packed, name);
  const std::string error = ErrorOf(*source);
  const std::string prefix = name + ": corrupt " + format.name + " data (";
  EXPECT_EQ(error.substr(0, prefix.size()), prefix) << error;
  EXPECT_EQ(error.back(), ')') << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  // Reading on gives the same error, never more data.
  char buffer[16];
  absl::StatusOr<std::size_t> again = source->read(buffer, sizeof buffer);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().message(), error);
}

TEST(InputTest, CorruptGzipNamesTheProblem) {
  std::string packed = Gzip(Slurp(kCorpus + "Carlsen.pgn"));
  // zlib writes a 10-byte header; bits 1-2 of the next byte are the first block's type,
  // and 11 is reserved.
  packed[10] = static_cast<char>(packed[10] | 0x06);
  auto source = memory_input(packed, "x.pgn.gz");
  EXPECT_EQ(ErrorOf(*source), "x.pgn.gz: corrupt gzip data (invalid block type)");

  // A damaged CRC in the trailer.
  std::string crc = Gzip("1. e4 e5 *\n");
  crc[crc.size() - 8] ^= 0x01;
  auto source2 = memory_input(crc, "y.pgn.gz");
  EXPECT_EQ(ErrorOf(*source2), "y.pgn.gz: corrupt gzip data (incorrect data check)");

  // Trailing garbage after a complete member is not silently dropped.
  auto source3 = memory_input(Gzip("1. e4 *\n") + "garbage", "z.pgn.gz");
  EXPECT_EQ(ErrorOf(*source3), "z.pgn.gz: corrupt gzip data (incorrect header check)");
}

TEST(InputTest, CorruptBzip2NamesTheProblem) {
  std::string packed = Bzip2(Slurp(kCorpus + "Carlsen.pgn"));
  for (std::size_t i = packed.size() / 2; i < packed.size() / 2 + 64; ++i) packed[i] ^= 0x5a;
  auto source = memory_input(packed, "x.pgn.bz2");
  EXPECT_EQ(ErrorOf(*source), "x.pgn.bz2: corrupt bzip2 data (data integrity error)");

  auto source2 = memory_input(Bzip2("1. e4 *\n") + "garbage", "z.pgn.bz2");
  EXPECT_EQ(ErrorOf(*source2), "z.pgn.bz2: corrupt bzip2 data (bad stream header)");
}

// A damaged bzip2 block: what was decoded before it is delivered,
// then the error, as for gzip and zstd (it was all dropped: 895 KB of good games).
TEST(InputTest, Bzip2DeliversWhatPrecedesADamagedBlock) {
  // PGN without four equal bytes in a row, so that each block of bzip2 -1 holds exactly
  // 99,981 bytes of it (100,000 less libbz2's margin of 19).
  constexpr std::size_t kBlock = 99981;
  std::string text;
  for (int i = 0; text.size() < 5 * kBlock; ++i)
    text += "[Event \"Game " + std::to_string(i % 1000) + "\"]\n[White \"" +
            std::to_string(i * 7 % 997) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
  for (std::size_t i = 3; i < text.size(); ++i)
    ASSERT_FALSE(text[i] == text[i - 1] && text[i] == text[i - 2] && text[i] == text[i - 3]);
  const std::string packed = Bzip2(text, 1);
  // Blocks are independent: the third starts where a stream of the first two would end
  // (less its 10-byte trailer), with the 48-bit block magic.
  const std::size_t third = Bzip2(text.substr(0, 2 * kBlock), 1).size() - 10;
  const std::size_t third_size = Bzip2(text.substr(2 * kBlock, kBlock), 1).size() - 14;
  // Damage in the block's magic is seen before the block is decoded: exactly the first two
  // blocks come out. Damage in its data may be seen only by the block's CRC, after the block
  // was decoded (libbz2 checks it at the end of the block, as gzip checks a member's): the
  // first two blocks come out whole, then what the decoder made of the third.
  for (const std::size_t at : {third + 2, third + third_size / 2}) {
    std::string damaged = packed;
    damaged[at] ^= 0x55;
    for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{4093}}) {
      SCOPED_TRACE(testing::Message() << at - third << " " << chunk);
      auto source = memory_input(damaged, "x.pgn.bz2");
      std::string got;
      std::vector<char> buffer(chunk);
      absl::StatusOr<std::size_t> n;
      while ((n = source->read(buffer.data(), buffer.size())).ok() && *n > 0)
        got.append(buffer.data(), *n);
      ASSERT_FALSE(n.ok());
      EXPECT_EQ(n.status().message(), "x.pgn.bz2: corrupt bzip2 data (data integrity error)");
      if (at == third + 2) {
        EXPECT_EQ(got.size(), 2 * kBlock);
      }
      ASSERT_GE(got.size(), 2 * kBlock);
      EXPECT_TRUE(text.compare(0, 2 * kBlock, got, 0, 2 * kBlock) == 0);
      // Sticky: the same error again, never more data.
      EXPECT_EQ(source->read(buffer.data(), buffer.size()).status(), n.status());
    }
  }
}

TEST(InputTest, CorruptZstdNamesTheProblem) {
  std::string packed = Zstd(Slurp(kCorpus + "Carlsen.pgn"));
  packed[packed.size() - 1] ^= 0x01;  // the content checksum
  auto source = memory_input(packed, "x.pgn.zst");
  EXPECT_EQ(ErrorOf(*source), std::string("x.pgn.zst: corrupt zstd data (") +
                                  ZSTD_getErrorString(ZSTD_error_checksum_wrong) + ")");
}

// A zstd frame with a window beyond libzstd's default limit of 128 MiB (as `zstd --long=31`
// writes; a reader with the default limit calls such files "corrupt zstd data"), made in the test
// as that command does: long-distance matching, a 2 GiB window, the size not known in advance
// (streamed).
std::string ZstdLongWindow(std::string_view data, int window_log) {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  EXPECT_FALSE(ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, window_log)));
  EXPECT_FALSE(ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_enableLongDistanceMatching, 1)));
  std::string out(ZSTD_compressBound(data.size()) + 1024, '\0');
  ZSTD_outBuffer output{out.data(), out.size(), 0};
  ZSTD_inBuffer input{data.data(), data.size(), 0};
  while (input.pos < input.size) {
    const std::size_t r = ZSTD_compressStream2(cctx, &output, &input, ZSTD_e_continue);
    EXPECT_FALSE(ZSTD_isError(r)) << ZSTD_getErrorName(r);
    if (ZSTD_isError(r)) break;
  }
  ZSTD_inBuffer none{nullptr, 0, 0};
  while (std::size_t left = ZSTD_compressStream2(cctx, &output, &none, ZSTD_e_end)) {
    EXPECT_FALSE(ZSTD_isError(left)) << ZSTD_getErrorName(left);
    if (ZSTD_isError(left)) break;
  }
  ZSTD_freeCCtx(cctx);
  out.resize(output.pos);
  return out;
}

TEST(InputTest, ZstdLongWindowIsRead) {
  const std::string original = Slurp(kCorpus + "Carlsen.pgn");
  for (int window_log : {28, 31}) {
    const std::string packed = ZstdLongWindow(original, window_log);
    // The frame header says so: no single-segment flag, window descriptor 8 * (log - 10).
    ASSERT_GE(packed.size(), 6u);
    EXPECT_EQ(packed[4] & 0x20, 0);
    EXPECT_EQ(static_cast<unsigned char>(packed[5]), (window_log - 10) << 3);
    auto source = memory_input(packed, "long.pgn.zst");
    EXPECT_EQ(source->compression(), Compression::kZstd);
    EXPECT_TRUE(ReadAllOk(*source) == original) << window_log;
  }
}

TEST(InputTest, ZstdWindowBeyondTheFormatIsNamed) {
  // A frame whose window descriptor asks for 2^32 bytes (exponent 22), more than libzstd
  // decodes on any machine; then a raw block of one byte.
  const std::string frame("\x28\xb5\x2f\xfd\x00\xb0\x09\x00\x00x", 10);
  auto source = memory_input(frame, "huge.pgn.zst");
  const int max_log = ZSTD_dParam_getBounds(ZSTD_d_windowLogMax).upperBound;
  EXPECT_EQ(ErrorOf(*source),
            "huge.pgn.zst: unsupported zstd data (frame needs a window of "
            "4096 MiB, more than the " +
                std::to_string((std::size_t{1} << max_log) >> 20) + " MiB zstd allows)");
}

// --- pipes and standard input ------------------------------------------------------------

// Writes `data` into a pipe from a thread, in pieces of 1, 2, 3, ... bytes at first so that
// the magic bytes arrive split over several reads, then in larger blocks.
class PipeWriter {
 public:
  explicit PipeWriter(std::string data) : data_(std::move(data)) {
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    read_fd_ = fds[0];
    write_fd_ = fds[1];
    thread_ = std::thread([this] {
      std::size_t at = 0;
      std::size_t piece = 1;
      while (at < data_.size()) {
        const std::size_t n = std::min(piece, data_.size() - at);
        const ssize_t w = ::write(write_fd_, data_.data() + at, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        at += static_cast<std::size_t>(w);
        piece = piece < 8 ? piece + 1 : 65536;
        if (at < 16) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
      ::close(write_fd_);
    });
  }
  ~PipeWriter() {
    if (thread_.joinable()) thread_.join();
    if (read_fd_ >= 0) ::close(read_fd_);
  }
  int read_fd() const { return read_fd_; }

 private:
  std::string data_;
  int read_fd_ = -1;
  int write_fd_ = -1;
  std::thread thread_;
};

// Points file descriptor 0 at `fd` for the life of the object, then restores it: the test
// never reads the real standard input of the test process (closed or empty in CI).
class StdinRedirect {
 public:
  explicit StdinRedirect(int fd) : saved_(::dup(STDIN_FILENO)) {
    EXPECT_EQ(::dup2(fd, STDIN_FILENO), STDIN_FILENO);
  }
  ~StdinRedirect() {
    if (saved_ >= 0) {
      ::dup2(saved_, STDIN_FILENO);
      ::close(saved_);
    } else {
      ::close(STDIN_FILENO);
    }
  }

 private:
  int saved_;
};

TEST_P(InputFormatTest, StandardInputThroughAPipe) {
  const Format& format = GetParam();
  const std::string original = Slurp(kCorpus + "twic0920.pgn");
  PipeWriter writer(format.compress(original));
  StdinRedirect redirect(writer.read_fd());
  absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input("-");
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_EQ((*source)->name(), "<stdin>");
  EXPECT_EQ((*source)->compression(), format.compression);
  EXPECT_EQ((*source)->raw_size(), 0u);
  EXPECT_TRUE(ReadAllOk(**source, 100000) == original);
}

// Seekable zstd: the seek table is read, and a source can start at any byte.
TEST(InputTest, SeekableZstdStartsAtAnyByte) {
  const std::string original = Slurp(kCorpus + "Carlsen.pgn");
  const std::string dir = TempDir();
  for (const bool checksums : {false, true}) {
    const std::string path = dir + (checksums ? "/sums.pgn.zst" : "/plain.pgn.zst");
    WriteFile(path, test_data::ZstdSeekable(original, 100000, checksums));
    absl::StatusOr<std::optional<ZstdSeekTable>> table = read_zstd_seek_table(path);
    ASSERT_TRUE(table.ok()) << table.status();
    ASSERT_TRUE(table->has_value());
    const std::size_t frames = (original.size() + 99999) / 100000;
    ASSERT_EQ((*table)->frames.size(), frames);
    EXPECT_EQ((*table)->decompressed_size, original.size());
    EXPECT_EQ((*table)->frames[2].decompressed_offset, 200000u);
    EXPECT_EQ((*table)->frames[1].compressed_offset, (*table)->frames[0].compressed_size);
    EXPECT_EQ((*table)->frame_at(0), 0u);
    EXPECT_EQ((*table)->frame_at(99999), 0u);
    EXPECT_EQ((*table)->frame_at(100000), 1u);
    EXPECT_EQ((*table)->frame_at(original.size()), frames - 1);
    // Every zstd reader reads it whole (the table is a skippable frame).
    absl::StatusOr<std::unique_ptr<ByteSource>> whole = open_input(path);
    ASSERT_TRUE(whole.ok()) << whole.status();
    EXPECT_TRUE(ReadAllOk(**whole) == original);
    auto shared = std::make_shared<const ZstdSeekTable>(**table);
    for (const std::uint64_t begin :
         {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{99999}, std::uint64_t{100000},
          std::uint64_t{250017}, std::uint64_t(original.size() - 1),
          std::uint64_t(original.size())}) {
      absl::StatusOr<std::unique_ptr<ByteSource>> from = open_zstd_from(path, shared, begin);
      ASSERT_TRUE(from.ok()) << from.status();
      EXPECT_EQ((*from)->compression(), Compression::kZstd);
      EXPECT_TRUE(ReadAllOk(**from, 4097) == original.substr(begin)) << begin;
      EXPECT_LE((*from)->raw_bytes_read(), (*from)->raw_size());
    }
    EXPECT_FALSE(open_zstd_from(path, shared, original.size() + 1).ok());
  }
}

// What is not a seek table that describes the file exactly is no seek table: the file is
// then read whole, as any zstd file.
TEST(InputTest, ZstdWithoutAnExactSeekTableIsNotSeekable) {
  const std::string original = Slurp(kCorpus + "Carlsen.pgn");
  const std::string packed = test_data::ZstdSeekable(original, 100000);
  const std::string dir = TempDir();
  const auto none = [&](const std::string& name, std::string_view bytes) {
    WriteFile(dir + "/" + name, bytes);
    absl::StatusOr<std::optional<ZstdSeekTable>> table = read_zstd_seek_table(dir + "/" + name);
    ASSERT_TRUE(table.ok()) << table.status();
    EXPECT_FALSE(table->has_value()) << name;
  };
  none("plain.zst", test_data::Zstd(original));
  none("text.pgn", original);
  none("short.zst", packed.substr(0, 12));
  std::string extra = test_data::Zstd("x") + packed;  // a frame the table does not list
  none("extra.zst", extra);
  std::string reserved = packed;  // a descriptor bit the format reserves
  reserved[reserved.size() - 5] = char(0x04);
  none("reserved.zst", reserved);
  std::string more = packed;  // a frame count the table frame has no room for
  more[more.size() - 9] = char(more[more.size() - 9] + 1);
  none("count.zst", more);
  const std::string missing = read_zstd_seek_table(dir + "/nowhere.zst").status().ToString();
  EXPECT_NE(missing.find("nowhere.zst: cannot open file"), std::string::npos) << missing;
}

// A frame that is not what its entry says is an error naming the frame, never wrong bytes.
TEST(InputTest, SeekableZstdFrameUnlikeItsEntryIsAnError) {
  const std::string original = Slurp(kCorpus + "Carlsen.pgn").substr(0, 300000);
  const std::string packed = test_data::ZstdSeekable(original, 100000);
  const std::string dir = TempDir();
  const std::size_t table_at = packed.size() - 9 - 3 * 8;  // the first entry
  const auto read_from = [&](const std::string& bytes, std::uint64_t begin) -> std::string {
    const std::string path = dir + "/x.pgn.zst";
    WriteFile(path, bytes);
    absl::StatusOr<std::optional<ZstdSeekTable>> table = read_zstd_seek_table(path);
    if (!table.ok() || !table->has_value()) return "no table";
    absl::StatusOr<std::unique_ptr<ByteSource>> from =
        open_zstd_from(path, std::make_shared<const ZstdSeekTable>(**table), begin);
    if (!from.ok()) return from.status().ToString();
    absl::StatusOr<std::string> all = ReadAll(**from);
    if (all.ok()) return "read " + std::to_string(all->size());
    std::string message(all.status().message());
    return message.rfind(dir + "/", 0) == 0 ? message.substr(dir.size() + 1) : message;
  };
  EXPECT_EQ(read_from(packed, 0), "read 300000");
  // Frame 2 said to hold one byte more, frame 3 one less: the sums still match.
  std::string sizes = packed;
  sizes[table_at + 8 + 4] = char(sizes[table_at + 8 + 4] + 1);
  sizes[table_at + 16 + 4] = char(sizes[table_at + 16 + 4] - 1);
  EXPECT_EQ(read_from(sizes, 0),
            "x.pgn.zst: corrupt zstd data (frame 2 of 3 holds 100000 bytes, its seek table "
            "entry says 100001)");
  // Frame 1 said to be one compressed byte longer, frame 2 one shorter.
  std::string bounds = packed;
  bounds[table_at] = char(bounds[table_at] + 1);
  bounds[table_at + 8] = char(bounds[table_at + 8] - 1);
  EXPECT_EQ(read_from(bounds, 0), "x.pgn.zst: corrupt zstd data (frame 1 of 3 ends before the " +
                                      std::to_string(std::uint8_t(bounds[table_at]) |
                                                     std::uint8_t(bounds[table_at + 1]) << 8 |
                                                     std::uint8_t(bounds[table_at + 2]) << 16) +
                                      " bytes its seek table entry says)");
  // Read from frame 2 on, the shortened frame 2 does not end.
  const std::string from_two = read_from(bounds, 150000);
  EXPECT_EQ(from_two.substr(0, 47), "x.pgn.zst: corrupt zstd data (frame 2 of 3: Unk") << from_two;
}

// Empty frames (zstd writes them for an empty input; other writers may list them anywhere):
// a reader from any byte gives the rest of the text. An entry that says 0 bytes for a frame
// that holds some is an error, also for a reader that starts where that frame is listed
// (the fuzz target found a reader from byte 0 that skipped such a frame: it started at the
// last frame listed at byte 0 and gave 700 bytes fewer than zstd).
TEST(InputTest, SeekableZstdEmptyFrames) {
  const std::string text = Slurp(kCorpus + "Carlsen.pgn").substr(0, 3000);
  const std::string_view t(text);
  const std::string dir = TempDir();
  const std::string path = dir + "/e.pgn.zst";
  const std::vector<std::vector<std::string_view>> shapes = {
      {"", t.substr(0, 1000), t.substr(1000)},
      {t.substr(0, 1000), "", "", t.substr(1000, 1000), t.substr(2000)},
      {t.substr(0, 1500), t.substr(1500), ""},
      {"", t, ""}};
  for (std::size_t s = 0; s < shapes.size(); ++s) {
    WriteFile(path, test_data::ZstdSeekablePieces(shapes[s]));
    absl::StatusOr<std::optional<ZstdSeekTable>> table = read_zstd_seek_table(path);
    ASSERT_TRUE(table.ok() && table->has_value()) << s;
    EXPECT_EQ((*table)->decompressed_size, text.size());
    auto shared = std::make_shared<const ZstdSeekTable>(**table);
    for (std::uint64_t begin = 0; begin <= text.size(); begin += 250) {
      absl::StatusOr<std::unique_ptr<ByteSource>> from = open_zstd_from(path, shared, begin);
      ASSERT_TRUE(from.ok()) << from.status();
      EXPECT_TRUE(ReadAllOk(**from, 97) == text.substr(begin)) << "shape " << s << ", " << begin;
    }
  }
  // Frames {compressed offset, decompressed offset, compressed size, decompressed size}.
  const ZstdSeekTable listed{
      {{0, 0, 10, 0}, {10, 0, 20, 1000}, {30, 1000, 10, 0}, {40, 1000, 20, 5}}, 1005};
  EXPECT_EQ(listed.frame_at(0), 0u);  // the empty frame listed at 0 first
  EXPECT_EQ(listed.frame_at(1), 1u);
  EXPECT_EQ(listed.frame_at(999), 1u);
  EXPECT_EQ(listed.frame_at(1000), 2u);  // the empty frame listed at 1000, then the next
  EXPECT_EQ(listed.frame_at(1004), 3u);
  EXPECT_EQ(listed.frame_at(1005), 3u);  // the end: the last frame

  // The first frame holds 1000 bytes, its entry says 0 (and the second's 3000, not 2000, so
  // that the sizes still add up to the text's).
  std::string lying = test_data::ZstdSeekablePieces({t.substr(0, 1000), t.substr(1000)});
  const std::size_t first_entry = lying.size() - 9 - 2 * 8;
  lying[first_entry + 4] = 0;
  lying[first_entry + 5] = 0;
  const std::size_t second = first_entry + 8 + 4;
  lying[second] = char(3000 & 0xff);
  lying[second + 1] = char(3000 >> 8);
  WriteFile(path, lying);
  absl::StatusOr<std::optional<ZstdSeekTable>> table = read_zstd_seek_table(path);
  ASSERT_TRUE(table.ok() && table->has_value());
  ASSERT_EQ((*table)->frames[0].decompressed_size, 0u);
  ASSERT_EQ((*table)->decompressed_size, text.size());
  absl::StatusOr<std::unique_ptr<ByteSource>> from =
      open_zstd_from(path, std::make_shared<const ZstdSeekTable>(**table), 0);
  ASSERT_TRUE(from.ok()) << from.status();
  absl::StatusOr<std::string> all = ReadAll(**from);
  ASSERT_FALSE(all.ok()) << "read " << all->size() << " bytes";
  EXPECT_EQ(all.status().message(),
            path +
                ": corrupt zstd data (frame 1 of 2 holds more than the 0 bytes its seek "
                "table entry says)");
}

TEST(InputTest, PlainStandardInputAndDevStdin) {
  const std::string original = Slurp(kCorpus + "Carlsen.pgn");
  {
    PipeWriter writer(original);
    StdinRedirect redirect(writer.read_fd());
    absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input("-");
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ((*source)->compression(), Compression::kNone);
    EXPECT_TRUE(ReadAllOk(**source) == original);
    EXPECT_EQ((*source)->raw_bytes_read(), original.size());
  }
  {
    PipeWriter writer(Zstd(original));
    StdinRedirect redirect(writer.read_fd());
    absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input("/dev/stdin");
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ((*source)->name(), "/dev/stdin");
    EXPECT_EQ((*source)->compression(), Compression::kZstd);
    EXPECT_TRUE(ReadAllOk(**source, 7) == original);
  }
  {
    PipeWriter writer("");  // an empty standard input is an empty input
    StdinRedirect redirect(writer.read_fd());
    absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input("-");
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ(ReadAllOk(**source), "");
  }
  {
    // A truncated stream on a pipe is reported, with the stdin name.
    const std::string packed = Gzip(original);
    PipeWriter writer(packed.substr(0, packed.size() / 2));
    StdinRedirect redirect(writer.read_fd());
    absl::StatusOr<std::unique_ptr<ByteSource>> source = open_input("-");
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ(ErrorOf(**source), "<stdin>: truncated gzip data");
  }
}

// --- files written by the command-line tools, read from a child process's pipe -----------

bool HaveCommand(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

TEST(InputTest, CommandLineToolsOutputThroughAPipe) {
  const std::string pgn = kCorpus + "Carlsen.pgn";
  const std::string original = Slurp(pgn);
  const std::string dir = TempDir();
  int tried = 0;
  for (const auto& [tool, compression] :
       {std::pair{"gzip", Compression::kGzip}, std::pair{"bzip2", Compression::kBzip2},
        std::pair{"zstd", Compression::kZstd}}) {
    if (!HaveCommand(tool)) continue;
    ++tried;
    // Two members/streams/frames, as `cat a.gz b.gz` makes.
    const std::string packed = dir + "/two." + tool;
    const std::string make = std::string(tool) + " -c -q < '" + pgn + "' > '" + packed + "' && " +
                             tool + " -c -q < '" + pgn + "' >> '" + packed + "'";
    ASSERT_EQ(std::system(make.c_str()), 0) << make;
    FILE* child = ::popen(("cat '" + packed + "'").c_str(), "r");
    ASSERT_NE(child, nullptr);
    absl::StatusOr<std::unique_ptr<ByteSource>> source =
        open_input("/dev/fd/" + std::to_string(::fileno(child)));
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ((*source)->compression(), compression) << tool;
    EXPECT_EQ((*source)->raw_size(), 0u);
    EXPECT_TRUE(ReadAllOk(**source) == original + original) << tool;
    source->reset();
    EXPECT_EQ(::pclose(child), 0);
  }
  if (tried == 0) GTEST_SKIP() << "no gzip, bzip2 or zstd command";
}

// What the function reports goes to the reader, after the bytes before it.
TEST(StreamInput, AnErrorOfTheFunctionIsTheReadersError) {
  int calls = 0;
  absl::StatusOr<std::unique_ptr<ByteSource>> source = stream_input(
      [&calls](char* out, std::size_t size) -> absl::StatusOr<std::size_t> {
        if (++calls > 1) return absl::UnavailableError("the socket closed");
        const std::string_view text = "1. e4 e5 ";
        const std::size_t n = std::min(size, text.size());
        std::copy_n(text.data(), n, out);
        return n;
      },
      "socket");
  ASSERT_TRUE(source.ok()) << source.status();
  char buffer[64];
  absl::StatusOr<std::size_t> first = (*source)->read(buffer, sizeof buffer);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(std::string_view(buffer, *first), "1. e4 e5 ");
  absl::StatusOr<std::size_t> second = (*source)->read(buffer, sizeof buffer);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().message(), "the socket closed");
}

TEST(StreamInput, UnreadFormatsAreRefusedByName) {
  absl::StatusOr<std::unique_ptr<ByteSource>> source =
      stream_input(StepReader(std::string("PK\x03\x04", 4) + std::string(60, '\0'), 3), "x");
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().message(),
            "x: zip data: fairykit reads plain text and gzip, bzip2, zstd or xz compression; "
            "extract the games first");
}

}  // namespace
}  // namespace fairykit::parsers
