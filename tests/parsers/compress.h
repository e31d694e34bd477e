// Compression in-process with the libraries the readers use (zlib, libbz2, libzstd), for
// the tests that make compressed inputs.
#pragma once

#include <bzlib.h>
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <string>
#include <string_view>

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

}  // namespace fairykit::test_data
