// Compression in-process with the libraries the readers use (zlib, libbz2, liblzma, libzstd), for
// the tests that make compressed inputs.
#pragma once

#include <bzlib.h>
#include <gtest/gtest.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fairykit::test_data {

inline std::string Gzip(std::string_view data) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// Blocks of `block_100k` x 100 kB (bzip2 -1 ... -9).
inline std::string Bzip2(std::string_view data, int block_100k) {
  std::string out(data.size() + data.size() / 50 + 1024, '\0');
  auto size = static_cast<unsigned>(out.size());
  EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(data.data()),
                                     static_cast<unsigned>(data.size()), block_100k, 0, 0),
            BZ_OK);
  out.resize(size);
  return out;
}

inline std::string Bzip2(std::string_view data) { return Bzip2(data, 9); }

inline std::string Zstd(std::string_view data) {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 3);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const std::size_t n = ZSTD_compress2(cctx, out.data(), out.size(), data.data(), data.size());
  EXPECT_FALSE(ZSTD_isError(n)) << ZSTD_getErrorName(n);
  ZSTD_freeCCtx(cctx);
  out.resize(ZSTD_isError(n) ? 0 : n);
  return out;
}

inline std::string Xz(std::string_view data) {
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  std::size_t n = 0;
  EXPECT_EQ(lzma_easy_buffer_encode(0, LZMA_CHECK_CRC64, nullptr,
                                    reinterpret_cast<const std::uint8_t*>(data.data()), data.size(),
                                    reinterpret_cast<std::uint8_t*>(out.data()), &n, out.size()),
            LZMA_OK);
  out.resize(n);
  return out;
}

inline void AppendLe32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char(v >> (8 * i) & 0xff));
}

// A seekable zstd file (zstd's contrib/seekable_format): `data` in frames of `frame_bytes`
// decompressed bytes each, then the seek table (entries of 12 bytes with `checksums`, the
// low 32 bits of each frame's XXH64 left 0 here: readers may ignore them).
// Seekable zstd of the given pieces, one frame each (an empty piece gives an empty frame).
inline std::string ZstdSeekablePieces(const std::vector<std::string_view>& pieces) {
  std::string out, table;
  for (std::string_view piece : pieces) {
    const std::string frame = Zstd(piece);
    out += frame;
    AppendLe32(table, std::uint32_t(frame.size()));
    AppendLe32(table, std::uint32_t(piece.size()));
  }
  AppendLe32(table, std::uint32_t(pieces.size()));
  table.push_back(char(0));
  AppendLe32(table, 0x8F92EAB1u);
  AppendLe32(out, 0x184D2A5Eu);
  AppendLe32(out, std::uint32_t(table.size()));
  return out + table;
}

inline std::string ZstdSeekable(std::string_view data, std::size_t frame_bytes,
                                bool checksums = false) {
  std::string out, table;
  std::uint32_t frames = 0;
  for (std::size_t at = 0; at < data.size(); at += frame_bytes, ++frames) {
    const std::string frame = Zstd(data.substr(at, frame_bytes));
    out += frame;
    AppendLe32(table, std::uint32_t(frame.size()));
    AppendLe32(table, std::uint32_t(std::min(frame_bytes, data.size() - at)));
    if (checksums) AppendLe32(table, 0);
  }
  AppendLe32(table, frames);
  table.push_back(checksums ? char(0x80) : char(0));
  AppendLe32(table, 0x8F92EAB1u);
  AppendLe32(out, 0x184D2A5Eu);
  AppendLe32(out, std::uint32_t(table.size()));
  return out + table;
}

}  // namespace fairykit::test_data
