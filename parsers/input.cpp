// Byte input: one raw reader (a file descriptor or a string) with one fixed input buffer,
// and four sources over it (plain, gzip, bzip2, zstd).
//
// Why it is built this way:
//  * Memory stays flat: the only buffers are the 256 KiB raw buffer and the decoder's own
//    state (a 32 KiB zlib window, bzip2's block of at most 900 kB (3.7 MB of decoder state),
//    a zstd window as the frame declares: 8 MiB for zstd -19, up to 2 GiB for
//    `zstd --long=31`, the format's largest on 64-bit machines). Decoded bytes go straight
//    into the caller's buffer; nothing grows with the input.
//  * Sniffing works on pipes: the first bytes are read into the raw buffer and stay there,
//    so the decoder (or the plain copy) starts from them. Nothing ever seeks.
//  * Speed: read(2) straight into the caller's buffer for plain input when the caller asks
//    for a large block, so a plain file is read with no copy at all; one virtual call per
//    block, never per byte.
//  * A stream that ends inside a member or frame is an error ("truncated"), never a silent
//    end of input: a half-downloaded archive must not look like a complete one.
#include "parsers/input.h"

#include <bzlib.h>
#include <errno.h>
#include <fcntl.h>
#include <lzma.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"

namespace fairykit::parsers {
namespace {

// The raw input buffer. 256 KiB keeps syscalls few (zstd recommends >= 128 KiB input
// blocks) while staying well inside L2 on most machines.
constexpr std::size_t kRawBufferSize = std::size_t{256} << 10;
// A plain read at least this large bypasses the raw buffer: read(2) writes the caller's
// buffer directly. Smaller reads go through the buffer so that tiny reads stay cheap.
constexpr std::size_t kDirectReadMin = std::size_t{64} << 10;
// zlib and libbz2 count in 32-bit unsigned ints; larger requests are served in parts.
constexpr std::size_t kMaxChunk = std::size_t{1} << 30;

// ---------------------------------------------------------------------------------------
// RawInput: the compressed (or plain) bytes, with the one input buffer.

class RawInput {
 public:
  // A file descriptor; `owned` closes it at the end (not so for standard input).
  RawInput(int fd, bool owned, std::string name, std::uint64_t size)
      : fd_(fd),
        owned_(owned),
        name_(std::move(name)),
        size_(size),
        buffer_(new char[kRawBufferSize]),
        base_(buffer_.get()),
        capacity_(kRawBufferSize) {}

  // Bytes in memory: they are the buffer, already full, and the end of input is known.
  RawInput(std::string data, std::string name)
      : name_(std::move(name)), size_(data.size()), memory_(std::move(data)) {
    base_ = memory_.data();
    capacity_ = memory_.size();
    end_ = memory_.size();
    total_ = memory_.size();
    eof_ = true;
  }

  // Bytes delivered by a function (stream_input), read through the buffer as a file is.
  RawInput(StreamRead read, std::string name)
      : name_(std::move(name)),
        stream_(std::move(read)),
        buffer_(new char[kRawBufferSize]),
        base_(buffer_.get()),
        capacity_(kRawBufferSize) {}

  RawInput(const RawInput&) = delete;
  RawInput& operator=(const RawInput&) = delete;

  ~RawInput() {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }

  const std::string& name() const { return name_; }
  std::uint64_t size() const { return size_; }
  // Bytes handed to the decoder so far (read from the file less what still waits here).
  std::uint64_t consumed() const { return total_ - available(); }

  const char* data() const { return base_ + pos_; }
  std::size_t available() const { return end_ - pos_; }
  void consume(std::size_t n) { pos_ += n; }
  // True once the file has reported its end; what is still buffered remains available.
  bool eof() const { return eof_; }
  // No byte buffered and none to come.
  bool exhausted() const { return eof_ && pos_ == end_; }

  // One read(2) into the free part of the buffer, after moving what is left to the front.
  // At the end of the file, sets eof(). Errors: "x.pgn: cannot read file: Is a directory".
  absl::Status refill() {
    if (eof_) return absl::OkStatus();
    if (pos_ > 0) {
      std::memmove(buffer_.get(), buffer_.get() + pos_, end_ - pos_);
      end_ -= pos_;
      pos_ = 0;
    }
    if (end_ == capacity_) return absl::OkStatus();
    absl::StatusOr<std::size_t> n = read_fd(buffer_.get() + end_, capacity_ - end_);
    if (!n.ok()) return n.status();
    end_ += *n;
    return absl::OkStatus();
  }

  // Reads until `n` bytes are buffered or the input ends (a pipe may deliver one byte at a
  // time). Used for the magic bytes; `n` is small.
  absl::Status ensure(std::size_t n) {
    while (available() < n && !eof_) {
      if (absl::Status s = refill(); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  // Plain input only, with the buffer empty: read(2) straight into `out`. 0 = end of input.
  absl::StatusOr<std::size_t> read_direct(char* out, std::size_t size) {
    if (eof_) return std::size_t{0};
    return read_fd(out, size);
  }

 private:
  absl::StatusOr<std::size_t> read_fd(char* out, std::size_t size) {
    if (stream_) {
      absl::StatusOr<std::size_t> n = stream_(out, size);
      if (!n.ok()) return n.status();
      if (*n == 0) eof_ = true;
      total_ += *n;
      return n;
    }
    for (;;) {
      const ssize_t n = ::read(fd_, out, size);
      if (n > 0) {
        total_ += static_cast<std::uint64_t>(n);
        return static_cast<std::size_t>(n);
      }
      if (n == 0) {
        eof_ = true;
        return std::size_t{0};
      }
      if (errno == EINTR) continue;
      return absl::ErrnoToStatus(errno, absl::StrCat(name_, ": cannot read file"));
    }
  }

  int fd_ = -1;
  bool owned_ = false;
  std::string name_;
  std::uint64_t size_ = 0;
  std::string memory_;              // memory input only
  StreamRead stream_;               // stream input only
  std::unique_ptr<char[]> buffer_;  // file input only
  char* base_ = nullptr;            // memory_.data() or buffer_.get()
  std::size_t capacity_ = 0;
  std::size_t pos_ = 0;  // first unconsumed byte
  std::size_t end_ = 0;  // one past the last buffered byte
  std::uint64_t total_ = 0;
  bool eof_ = false;
};

// ---------------------------------------------------------------------------------------
// The sources.

class SourceBase : public ByteSource {
 public:
  explicit SourceBase(std::unique_ptr<RawInput> raw) : raw_(std::move(raw)) {}

  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) final {
    if (!error_.ok()) return error_;
    if (done_ || size == 0) return std::size_t{0};
    absl::StatusOr<std::size_t> n = read_some(buffer, std::min(size, kMaxChunk));
    if (!n.ok()) {
      error_ = n.status();  // sticky: a broken stream stays broken
    } else if (*n == 0) {
      done_ = true;
    }
    return n;
  }

  const std::string& name() const final { return raw_->name(); }
  std::uint64_t raw_bytes_read() const final { return raw_->consumed(); }
  std::uint64_t raw_size() const final { return raw_->size(); }

  // A failure found before the first read (a decoder that cannot start).
  void set_error(absl::Status status) { error_ = std::move(status); }

 protected:
  // At most `size` (> 0, <= kMaxChunk) bytes; 0 only at the end of input.
  virtual absl::StatusOr<std::size_t> read_some(char* buffer, std::size_t size) = 0;

  absl::Status corrupt(std::string_view detail) const {
    return absl::DataLossError(absl::StrCat(name(), ": corrupt ",
                                            std::string(compression_name(compression())), " data (",
                                            std::string(detail), ")"));
  }
  absl::Status truncated() const {
    return absl::DataLossError(absl::StrCat(name(), ": truncated ",
                                            std::string(compression_name(compression())), " data"));
  }

  std::unique_ptr<RawInput> raw_;

 private:
  absl::Status error_;
  bool done_ = false;
};

class PlainSource final : public SourceBase {
 public:
  using SourceBase::SourceBase;
  Compression compression() const override { return Compression::kNone; }

 protected:
  absl::StatusOr<std::size_t> read_some(char* buffer, std::size_t size) override {
    if (raw_->available() == 0) {
      if (raw_->eof()) return std::size_t{0};
      if (size >= kDirectReadMin) return raw_->read_direct(buffer, size);
      // A read(2) may legitimately return 0 bytes only at the end, so one refill suffices.
      if (absl::Status s = raw_->refill(); !s.ok()) return s;
    }
    const std::size_t n = std::min(size, raw_->available());
    std::memcpy(buffer, raw_->data(), n);
    raw_->consume(n);
    return n;
  }
};

// The decoding loop shared by the three formats. The codec-specific `step` runs the
// library once over what is buffered and reports how far it got. The loop returns as soon
// as any byte is produced; it fails as "truncated" when the input has ended inside a
// member/frame and the library can make no more progress without input. When the library
// finds damaged data in a call that also produced bytes (libbz2 decodes up to 1 MiB of good
// blocks in the call that then meets a bad one), those bytes are delivered first and the
// error by the next read, so that what precedes the damage is never lost.
struct Step {
  std::size_t consumed = 0;
  std::size_t produced = 0;
  bool member_end = false;  // the member / stream / frame has ended cleanly
  absl::Status error;       // damaged data, after the `produced` bytes
};

template <class Codec>
class DecoderSource final : public SourceBase {
 public:
  explicit DecoderSource(std::unique_ptr<RawInput> raw) : SourceBase(std::move(raw)) {
    if (absl::Status s = codec_.start(*this); !s.ok()) set_error(std::move(s));
  }
  Compression compression() const override { return Codec::kCompression; }

  absl::Status corrupt_error(std::string_view detail) const { return corrupt(detail); }
  // "x.zst: unsupported zstd data (detail)".
  absl::Status error(std::string_view what, std::string_view detail) const {
    return absl::DataLossError(absl::StrCat(name(), ": ", std::string(what), " ",
                                            std::string(compression_name(compression())), " data (",
                                            std::string(detail), ")"));
  }

 protected:
  absl::StatusOr<std::size_t> read_some(char* buffer, std::size_t size) override {
    if (!pending_.ok()) return pending_;
    int stalls = 0;
    for (;;) {
      if (between_members_) {
        // Concatenated members: another one starts if any byte follows.
        if (raw_->available() == 0) {
          if (absl::Status s = raw_->refill(); !s.ok()) return s;
          if (raw_->available() == 0) return std::size_t{0};
        }
        if (absl::Status s = codec_.restart(*this); !s.ok()) return s;
        between_members_ = false;
      }
      if (raw_->available() == 0 && !raw_->eof()) {
        if (absl::Status s = raw_->refill(); !s.ok()) return s;
      }
      const bool at_end = raw_->exhausted();
      const Step result = codec_.step(*this, *raw_, buffer, size);
      raw_->consume(result.consumed);
      if (!result.error.ok()) {
        if (result.produced == 0) return result.error;
        pending_ = result.error;
        return result.produced;
      }
      if (result.member_end) between_members_ = true;
      if (result.produced > 0) return result.produced;
      if (result.member_end || result.consumed > 0) {
        stalls = 0;
        continue;
      }
      // No progress. With input still to come, the library wants more of it; at the end
      // of the input (asked twice, in case a call only moved internal state) the stream
      // is cut short.
      if (at_end && ++stalls >= 2) return truncated();
    }
  }

 private:
  Codec codec_;
  bool between_members_ = false;
  absl::Status pending_;  // damaged data met after bytes that were delivered
};

// gzip through zlib: windowBits 15+32 reads the gzip header (and would read a zlib one).
struct GzipCodec {
  static constexpr Compression kCompression = Compression::kGzip;
  z_stream z{};
  bool live = false;

  GzipCodec() = default;
  GzipCodec(const GzipCodec&) = delete;
  GzipCodec& operator=(const GzipCodec&) = delete;
  ~GzipCodec() {
    if (live) inflateEnd(&z);
  }

  template <class Source>
  absl::Status start(const Source& source) {
    if (inflateInit2(&z, 15 + 32) != Z_OK) return source.corrupt_error("cannot start zlib");
    live = true;
    return absl::OkStatus();
  }
  template <class Source>
  absl::Status restart(const Source& source) {
    if (inflateReset(&z) != Z_OK) return source.corrupt_error("cannot restart zlib");
    return absl::OkStatus();
  }
  template <class Source>
  Step step(const Source& source, const RawInput& raw, char* out, std::size_t size) {
    const auto in_size = static_cast<uInt>(std::min(raw.available(), kMaxChunk));
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
    z.avail_in = in_size;
    z.next_out = reinterpret_cast<Bytef*>(out);
    z.avail_out = static_cast<uInt>(size);
    const int ret = inflate(&z, Z_NO_FLUSH);
    Step result{in_size - z.avail_in, size - z.avail_out, ret == Z_STREAM_END, {}};
    // Z_BUF_ERROR only says "no progress possible": the loop decides if input is missing.
    if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR) {
      result.member_end = false;
      result.error = ret == Z_MEM_ERROR
                         ? source.corrupt_error("out of memory")
                         : source.corrupt_error(z.msg != nullptr ? z.msg : zError(ret));
    }
    return result;
  }
};

// bzip2 through libbz2: a finished stream is ended and a new one started for the next.
struct Bzip2Codec {
  static constexpr Compression kCompression = Compression::kBzip2;
  bz_stream bz{};
  bool live = false;

  Bzip2Codec() = default;
  Bzip2Codec(const Bzip2Codec&) = delete;
  Bzip2Codec& operator=(const Bzip2Codec&) = delete;
  ~Bzip2Codec() {
    if (live) BZ2_bzDecompressEnd(&bz);
  }

  template <class Source>
  absl::Status start(const Source& source) {
    bz = bz_stream{};
    if (BZ2_bzDecompressInit(&bz, /*verbosity=*/0, /*small=*/0) != BZ_OK) {
      return source.corrupt_error("cannot start libbz2");
    }
    live = true;
    return absl::OkStatus();
  }
  template <class Source>
  absl::Status restart(const Source& source) {
    if (live) BZ2_bzDecompressEnd(&bz);
    live = false;
    return start(source);
  }
  template <class Source>
  Step step(const Source& source, const RawInput& raw, char* out, std::size_t size) {
    const auto in_size = static_cast<unsigned>(std::min(raw.available(), kMaxChunk));
    bz.next_in = const_cast<char*>(raw.data());
    bz.avail_in = in_size;
    bz.next_out = out;
    bz.avail_out = static_cast<unsigned>(size);
    const int ret = BZ2_bzDecompress(&bz);
    Step result{in_size - bz.avail_in, size - bz.avail_out, ret == BZ_STREAM_END, {}};
    switch (ret) {
      case BZ_OK:
      case BZ_STREAM_END:
        break;
      case BZ_DATA_ERROR:
        result.error = source.corrupt_error("data integrity error");
        break;
      case BZ_DATA_ERROR_MAGIC:
        result.error = source.corrupt_error("bad stream header");
        break;
      case BZ_MEM_ERROR:
        result.error = source.corrupt_error("out of memory");
        break;
      default:
        result.error = source.corrupt_error(absl::StrCat("libbz2 error ", ret));
        break;
    }
    return result;
  }
};

// xz through liblzma: one decoder a stream, started again for the next stream of the file.
struct XzCodec {
  static constexpr Compression kCompression = Compression::kXz;
  lzma_stream xz = LZMA_STREAM_INIT;
  bool live = false;

  XzCodec() = default;
  XzCodec(const XzCodec&) = delete;
  XzCodec& operator=(const XzCodec&) = delete;
  ~XzCodec() {
    if (live) lzma_end(&xz);
  }

  template <class Source>
  absl::Status start(const Source& source) {
    xz = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&xz, UINT64_MAX, 0) != LZMA_OK)
      return source.corrupt_error("cannot start liblzma");
    live = true;
    return absl::OkStatus();
  }
  template <class Source>
  absl::Status restart(const Source& source) {
    if (live) lzma_end(&xz);
    live = false;
    return start(source);
  }
  template <class Source>
  Step step(const Source& source, const RawInput& raw, char* out, std::size_t size) {
    const std::size_t in_size = std::min(raw.available(), kMaxChunk);
    xz.next_in = reinterpret_cast<const std::uint8_t*>(raw.data());
    xz.avail_in = in_size;
    xz.next_out = reinterpret_cast<std::uint8_t*>(out);
    xz.avail_out = size;
    const lzma_ret ret = lzma_code(&xz, LZMA_RUN);
    Step result{in_size - xz.avail_in, size - xz.avail_out, ret == LZMA_STREAM_END, {}};
    switch (ret) {
      case LZMA_OK:
      case LZMA_STREAM_END:
      case LZMA_BUF_ERROR:  // no progress possible: the loop decides if input is missing
        break;
      case LZMA_MEM_ERROR:
        result.error = source.corrupt_error("out of memory");
        break;
      case LZMA_FORMAT_ERROR:
        result.error = source.corrupt_error("not xz data");
        break;
      case LZMA_OPTIONS_ERROR:
        result.error = source.corrupt_error("unsupported xz options");
        break;
      case LZMA_DATA_ERROR:
        result.error = source.corrupt_error("data integrity error");
        break;
      default:
        result.error = source.corrupt_error(absl::StrCat("liblzma error ", int(ret)));
        break;
    }
    return result;
  }
};

// The window a zstd frame declares (RFC 8878, 3.1.1.1), from its first bytes: the window
// descriptor, or for a single-segment frame its content size; 0 when the bytes do not tell.
std::uint64_t zstd_frame_window(std::string_view h) {
  if (h.size() < 6) return 0;
  const auto fhd = static_cast<unsigned char>(h[4]);
  if ((fhd & 0x20) == 0) {
    const auto wd = static_cast<unsigned char>(h[5]);
    const std::uint64_t base = std::uint64_t{1} << (10 + (wd >> 3));
    return base + base / 8 * (wd & 7u);
  }
  constexpr std::size_t kDictIdBytes[] = {0, 1, 2, 4};
  constexpr std::size_t kSizeBytes[] = {1, 2, 4, 8};
  const std::size_t at = 5 + kDictIdBytes[fhd & 3u];
  const std::size_t n = kSizeBytes[fhd >> 6];
  if (h.size() < at + n) return 0;
  std::uint64_t size = 0;
  for (std::size_t i = n; i-- > 0;) size = size << 8 | static_cast<unsigned char>(h[at + i]);
  return n == 2 ? size + 256 : size;
}

std::string Mebibytes(std::uint64_t bytes) {
  return absl::StrCat((bytes + (std::uint64_t{1} << 20) - 1) >> 20, " MiB");
}

// zstd through libzstd: the stream API starts the next frame by itself; a return of 0
// means a frame has ended and everything it holds has been flushed. The window may be as
// large as the format allows on this machine (2 GiB on 64-bit, as `zstd --long=31`
// writes), not only libzstd's default of 128 MiB: such files are valid, and the memory
// they need is the window they declare. The first bytes of each frame are kept, so that a
// frame that cannot be decoded says what window it asks for.
struct ZstdCodec {
  static constexpr Compression kCompression = Compression::kZstd;
  static constexpr std::size_t kHeaderMax = 18;  // ZSTD_FRAMEHEADERSIZE_MAX
  ZSTD_DStream* ds = nullptr;
  int window_log_max = 0;
  std::string header;             // the current frame's first bytes (up to kHeaderMax)
  std::uint64_t frame_bytes = 0;  // bytes of the current frame consumed

  ZstdCodec() = default;
  ZstdCodec(const ZstdCodec&) = delete;
  ZstdCodec& operator=(const ZstdCodec&) = delete;
  ~ZstdCodec() { ZSTD_freeDStream(ds); }

  template <class Source>
  absl::Status start(const Source& source) {
    ds = ZSTD_createDStream();
    if (ds == nullptr) return source.corrupt_error("cannot start libzstd");
    std::size_t r = ZSTD_initDStream(ds);
    if (ZSTD_isError(r)) return source.corrupt_error(ZSTD_getErrorName(r));
    window_log_max = ZSTD_dParam_getBounds(ZSTD_d_windowLogMax).upperBound;
    r = ZSTD_DCtx_setParameter(ds, ZSTD_d_windowLogMax, window_log_max);
    if (ZSTD_isError(r)) return source.corrupt_error(ZSTD_getErrorName(r));
    return absl::OkStatus();
  }
  template <class Source>
  absl::Status restart(const Source&) {
    return absl::OkStatus();  // the next frame starts on its own
  }
  template <class Source>
  Step step(const Source& source, const RawInput& raw, char* out, std::size_t size) {
    if (header.size() < kHeaderMax && raw.available() > header.size() - frame_bytes) {
      const std::size_t skip = static_cast<std::size_t>(header.size() - frame_bytes);
      header.append(raw.data() + skip,
                    std::min(raw.available() - skip, kHeaderMax - header.size()));
    }
    ZSTD_inBuffer in{raw.data(), raw.available(), 0};
    ZSTD_outBuffer output{out, size, 0};
    const std::size_t r = ZSTD_decompressStream(ds, &output, &in);
    frame_bytes += in.pos;
    if (ZSTD_isError(r)) return {in.pos, output.pos, false, error(source, r)};
    if (r == 0) {
      header.clear();
      frame_bytes = 0;
    }
    return {in.pos, output.pos, r == 0, {}};
  }

  template <class Source>
  absl::Status error(const Source& source, std::size_t r) const {
    const std::uint64_t window = zstd_frame_window(header);
    const ZSTD_ErrorCode code = ZSTD_getErrorCode(r);
    if (window != 0 && code == ZSTD_error_frameParameter_windowTooLarge) {
      return source.error(
          "unsupported",
          absl::StrCat("frame needs a window of ", Mebibytes(window), ", more than the ",
                       Mebibytes(std::uint64_t{1} << window_log_max), " zstd allows"));
    }
    if (window != 0 && code == ZSTD_error_memory_allocation) {
      return source.error("cannot decode", absl::StrCat("frame needs a window of ",
                                                        Mebibytes(window), ": out of memory"));
    }
    return source.corrupt_error(ZSTD_getErrorName(r));
  }
};

// Chooses the source from the first bytes, which stay in the raw buffer.
std::unique_ptr<ByteSource> make_source(std::unique_ptr<RawInput> raw) {
  const auto* b = reinterpret_cast<const unsigned char*>(raw->data());
  const std::size_t n = raw->available();
  if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
    return std::make_unique<DecoderSource<GzipCodec>>(std::move(raw));
  }
  // "BZh" and the block size digit: a text that merely begins "BZh" stays text.
  if (n >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9') {
    return std::make_unique<DecoderSource<Bzip2Codec>>(std::move(raw));
  }
  // A zstd frame, or a zstd skippable frame (50..5f 2a 4d 18), as pzstd writes first.
  if (n >= 4 && ((b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd) ||
                 ((b[0] & 0xf0) == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18))) {
    return std::make_unique<DecoderSource<ZstdCodec>>(std::move(raw));
  }
  if (n >= 6 && std::memcmp(b,
                            "\xfd"
                            "7zXZ\0",
                            6) == 0) {
    return std::make_unique<DecoderSource<XzCodec>>(std::move(raw));
  }
  return std::make_unique<PlainSource>(std::move(raw));
}

// The compressed or archive format fairykit does not read that the first bytes show, or
// nullptr: such input is refused by name rather than read as text that is no PGN.
const char* unread_format(const RawInput& raw) {
  const auto* b = reinterpret_cast<const unsigned char*>(raw.data());
  const std::size_t n = raw.available();
  const auto starts = [&](std::string_view magic) {
    return n >= magic.size() && std::memcmp(b, magic.data(), magic.size()) == 0;
  };
  if (starts("PK\x03\x04") || starts("PK\x05\x06") || starts("PK\x07\x08")) return "zip";
  if (starts("7z\xbc\xaf\x27\x1c")) return "7z";
  if (starts("\x04\x22\x4d\x18")) return "lz4";
  if (starts("Rar!\x1a\x07")) return "rar";
  if (starts("\x1f\x9d")) return "compress (.Z)";
  return nullptr;
}

}  // namespace

std::string_view compression_name(Compression c) {
  switch (c) {
    case Compression::kNone:
      return "none";
    case Compression::kGzip:
      return "gzip";
    case Compression::kBzip2:
      return "bzip2";
    case Compression::kZstd:
      return "zstd";
    case Compression::kXz:
      return "xz";
  }
  return "none";
}

// The source of `raw` once its first bytes are known not to be an archive or compression
// fairykit does not read (such input is refused by name rather than read as text).
absl::StatusOr<std::unique_ptr<ByteSource>> checked_source(std::unique_ptr<RawInput> raw) {
  if (absl::Status s = raw->ensure(6); !s.ok()) return s;
  if (const char* format = unread_format(*raw))
    return absl::InvalidArgumentError(
        absl::StrCat(raw->name(), ": ", format,
                     " data: fairykit reads plain text and gzip, bzip2, zstd or xz "
                     "compression; extract the games first"));
  return make_source(std::move(raw));
}

absl::StatusOr<std::unique_ptr<ByteSource>> open_input(const std::string& path) {
  const bool is_stdin = path == "-";
  std::string name = is_stdin ? std::string("<stdin>") : path;
  int fd = STDIN_FILENO;
  if (!is_stdin) {
    do {
      fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat(name, ": cannot open file"));
  }
  // The raw size for progress: regular files only, less what standard input has already
  // been read past. A directory fails here rather than at the first read.
  std::uint64_t size = 0;
  struct stat st {};
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      if (!is_stdin) ::close(fd);
      return absl::ErrnoToStatus(EISDIR, absl::StrCat(name, ": cannot open file"));
    }
    if (S_ISREG(st.st_mode)) {
      const off_t at = ::lseek(fd, 0, SEEK_CUR);
      size = static_cast<std::uint64_t>(st.st_size - (at > 0 && at <= st.st_size ? at : 0));
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    }
  }
  auto raw = std::make_unique<RawInput>(fd, /*owned=*/!is_stdin, std::move(name), size);
  return checked_source(std::move(raw));
}

namespace {

// A regular file opened for reading, and its size. Errors: "x.pgn: cannot open file: ...",
// "x: cannot read file: Is a directory".
absl::StatusOr<int> open_regular(const std::string& path, std::uint64_t& size) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat(path, ": cannot open file"));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const int err = errno ? errno : EINVAL;
    ::close(fd);
    return absl::ErrnoToStatus(err, absl::StrCat(path, ": cannot read file"));
  }
  size = std::uint64_t(st.st_size);
  return fd;
}

}  // namespace

absl::StatusOr<std::unique_ptr<ByteSource>> open_plain_from(const std::string& path,
                                                            std::uint64_t begin) {
  std::uint64_t size = 0;
  absl::StatusOr<int> fd = open_regular(path, size);
  if (!fd.ok()) return fd.status();
  if (size < begin || ::lseek(*fd, static_cast<off_t>(begin), SEEK_SET) < 0) {
    const int err = size < begin ? EINVAL : errno;
    ::close(*fd);
    return absl::ErrnoToStatus(err, absl::StrCat(path, ": cannot read from byte ", begin));
  }
  ::posix_fadvise(*fd, static_cast<off_t>(begin), 0, POSIX_FADV_SEQUENTIAL);
  auto raw = std::make_unique<RawInput>(*fd, /*owned=*/true, path, size - begin);
  return std::unique_ptr<ByteSource>(std::make_unique<PlainSource>(std::move(raw)));
}

namespace {

constexpr std::uint32_t kSeekableMagic = 0x8F92EAB1;
constexpr std::uint32_t kSkippableMagic = 0x184D2A5E;  // the seek table's frame
constexpr std::size_t kSeekFooter = 9;                 // frames (4), descriptor (1), magic (4)

std::uint32_t le32(const unsigned char* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}

// pread of exactly `size` bytes (short only at the end of the file).
absl::StatusOr<std::size_t> pread_all(int fd, char* out, std::size_t size, std::uint64_t at,
                                      const std::string& name) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd, out + done, size - done, off_t(at + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::ErrnoToStatus(errno, absl::StrCat(name, ": cannot read file"));
    if (n == 0) break;
    done += std::size_t(n);
  }
  return done;
}

// Frames decoded one by one with pread at the offsets of the seek table: each is given
// exactly its compressed bytes, so a frame longer or shorter than its entry cannot go
// unnoticed.
class SeekableZstdSource final : public ByteSource {
 public:
  SeekableZstdSource(int fd, std::string name, std::shared_ptr<const ZstdSeekTable> table,
                     std::size_t first, std::uint64_t skip)
      : fd_(fd),
        name_(std::move(name)),
        keep_(std::move(table)),
        table_(*keep_),
        frame_(first),
        skip_(skip) {
    const ZstdSeekFrame& f = table_.frames[first];
    const ZstdSeekFrame& last = table_.frames.back();
    raw_size_ = last.compressed_offset + last.compressed_size - f.compressed_offset;
    ds_ = ZSTD_createDStream();
    if (ds_ == nullptr) {
      error_ = corrupt("cannot start libzstd");
      return;
    }
    ZSTD_DCtx_setParameter(ds_, ZSTD_d_windowLogMax,
                           ZSTD_dParam_getBounds(ZSTD_d_windowLogMax).upperBound);
  }
  ~SeekableZstdSource() override {
    ZSTD_freeDStream(ds_);
    ::close(fd_);
  }
  SeekableZstdSource(const SeekableZstdSource&) = delete;
  SeekableZstdSource& operator=(const SeekableZstdSource&) = delete;

  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) override {
    if (!error_.ok()) return error_;
    if (skip_ > 0) {  // the bytes before `begin`
      std::string scratch(kRawBufferSize, '\0');
      while (skip_ > 0) {
        absl::StatusOr<std::size_t> n =
            decode(scratch.data(), std::size_t(std::min<std::uint64_t>(skip_, scratch.size())));
        if (!n.ok()) return error_ = n.status();
        if (*n == 0) break;
        skip_ -= *n;
      }
    }
    if (size == 0) return std::size_t{0};
    absl::StatusOr<std::size_t> n = decode(buffer, std::min(size, kMaxChunk));
    if (!n.ok()) error_ = n.status();
    return n;
  }
  const std::string& name() const override { return name_; }
  Compression compression() const override { return Compression::kZstd; }
  std::uint64_t raw_bytes_read() const override { return raw_read_; }
  std::uint64_t raw_size() const override { return raw_size_; }

 private:
  absl::Status corrupt(std::string_view detail) const {
    return absl::DataLossError(
        absl::StrCat(name_, ": corrupt zstd data (", std::string(detail), ")"));
  }
  std::string frame_name() const {
    return absl::StrCat("frame ", frame_ + 1, " of ", table_.frames.size());
  }

  // Decoded bytes of the current frame and those after it; 0 at the end of the last.
  absl::StatusOr<std::size_t> decode(char* out, std::size_t size) {
    for (;;) {
      if (frame_ >= table_.frames.size()) return std::size_t{0};
      const ZstdSeekFrame& f = table_.frames[frame_];
      if (in_pos_ == in_.size() && in_read_ < f.compressed_size) {
        in_.resize(std::min<std::size_t>(kRawBufferSize, f.compressed_size - in_read_));
        absl::StatusOr<std::size_t> n =
            pread_all(fd_, in_.data(), in_.size(), f.compressed_offset + in_read_, name_);
        if (!n.ok()) return n.status();
        if (*n < in_.size())
          return absl::DataLossError(absl::StrCat(name_, ": truncated zstd data (", frame_name(),
                                                  " ends past the end of the file)"));
        in_read_ += *n;
        in_pos_ = 0;
      }
      ZSTD_inBuffer in{in_.data(), in_.size(), in_pos_};
      ZSTD_outBuffer o{out, size, 0};
      const std::size_t r = ZSTD_decompressStream(ds_, &o, &in);
      raw_read_ += in.pos - in_pos_;
      in_pos_ = in.pos;
      if (ZSTD_isError(r)) return corrupt(absl::StrCat(frame_name(), ": ", ZSTD_getErrorName(r)));
      produced_ += o.pos;
      if (produced_ > f.decompressed_size)
        return corrupt(absl::StrCat(frame_name(), " holds more than the ", f.decompressed_size,
                                    " bytes its seek table entry says"));
      const bool input_done = in_pos_ == in_.size() && in_read_ == f.compressed_size;
      if (r == 0) {  // the frame has ended and is flushed
        if (!input_done)
          return corrupt(absl::StrCat(frame_name(), " ends before the ", f.compressed_size,
                                      " bytes its seek table entry says"));
        if (produced_ != f.decompressed_size)
          return corrupt(absl::StrCat(frame_name(), " holds ", produced_,
                                      " bytes, its seek table entry says ", f.decompressed_size));
        ++frame_;
        in_.clear();
        in_pos_ = 0;
        in_read_ = 0;
        produced_ = 0;
        ZSTD_DCtx_reset(ds_, ZSTD_reset_session_only);
      } else if (input_done && o.pos < size) {
        return corrupt(absl::StrCat(frame_name(), " does not end within the ", f.compressed_size,
                                    " bytes its seek table entry says"));
      }
      if (o.pos > 0) return o.pos;
    }
  }

  int fd_;
  std::string name_;
  std::shared_ptr<const ZstdSeekTable> keep_;
  const ZstdSeekTable& table_;
  std::size_t frame_;
  std::uint64_t skip_;
  ZSTD_DStream* ds_ = nullptr;
  absl::Status error_;
  std::string in_;              // compressed bytes of the current frame, a piece at a time
  std::size_t in_pos_ = 0;      // first byte of in_ not given to libzstd
  std::uint64_t in_read_ = 0;   // bytes of the current frame read into in_ so far
  std::uint64_t produced_ = 0;  // decompressed bytes of the current frame
  std::uint64_t raw_read_ = 0;
  std::uint64_t raw_size_ = 0;
};

}  // namespace

std::size_t ZstdSeekTable::frame_at(std::uint64_t at) const {
  // The frames wholly before `at` (ending at or before it, starting before it) come first.
  auto it = std::partition_point(frames.begin(), frames.end(), [at](const ZstdSeekFrame& f) {
    return f.decompressed_offset < at && f.decompressed_offset + f.decompressed_size <= at;
  });
  if (it == frames.end()) return frames.empty() ? 0 : frames.size() - 1;
  return std::size_t(it - frames.begin());
}

absl::StatusOr<std::optional<ZstdSeekTable>> read_zstd_seek_table(const std::string& path) {
  std::uint64_t size = 0;
  absl::StatusOr<int> fd = open_regular(path, size);
  if (!fd.ok()) return fd.status();
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{*fd};
  std::optional<ZstdSeekTable> none;
  if (size < 8 + kSeekFooter) return none;
  unsigned char footer[kSeekFooter];
  absl::StatusOr<std::size_t> n =
      pread_all(*fd, reinterpret_cast<char*>(footer), kSeekFooter, size - kSeekFooter, path);
  if (!n.ok()) return n.status();
  if (*n != kSeekFooter || le32(footer + 5) != kSeekableMagic) return none;
  const std::uint64_t frames = le32(footer);
  const unsigned descriptor = footer[4];
  if ((descriptor & 0x7c) != 0) return none;  // reserved bits set: a format we do not know
  const std::uint64_t entry = (descriptor & 0x80) ? 12 : 8;
  const std::uint64_t table_bytes = 8 + frames * entry + kSeekFooter;
  if (table_bytes > size) return none;
  std::string table(std::size_t(table_bytes - kSeekFooter), '\0');
  n = pread_all(*fd, table.data(), table.size(), size - table_bytes, path);
  if (!n.ok()) return n.status();
  const auto* t = reinterpret_cast<const unsigned char*>(table.data());
  if (*n != table.size() || le32(t) != kSkippableMagic || le32(t + 4) != table_bytes - 8)
    return none;
  ZstdSeekTable out;
  out.frames.resize(std::size_t(frames));
  std::uint64_t compressed = 0;
  for (std::uint64_t i = 0; i < frames; ++i) {
    const unsigned char* e = t + 8 + i * entry;
    ZstdSeekFrame& f = out.frames[std::size_t(i)];
    f.compressed_offset = compressed;
    f.decompressed_offset = out.decompressed_size;
    f.compressed_size = le32(e);
    f.decompressed_size = le32(e + 4);
    compressed += f.compressed_size;
    out.decompressed_size += f.decompressed_size;
  }
  if (compressed + table_bytes != size) return none;
  return std::optional<ZstdSeekTable>(std::move(out));
}

absl::StatusOr<std::unique_ptr<ByteSource>> open_zstd_from(
    const std::string& path, std::shared_ptr<const ZstdSeekTable> seek_table, std::uint64_t begin) {
  const ZstdSeekTable& table = *seek_table;
  std::uint64_t size = 0;
  absl::StatusOr<int> fd = open_regular(path, size);
  if (!fd.ok()) return fd.status();
  if (table.frames.empty() || begin > table.decompressed_size) {
    ::close(*fd);
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read from byte ", begin));
  }
  const std::size_t first = table.frame_at(begin);  // the last frame when `begin` is the end
  ::posix_fadvise(*fd, off_t(table.frames[first].compressed_offset), 0, POSIX_FADV_SEQUENTIAL);
  return std::unique_ptr<ByteSource>(std::make_unique<SeekableZstdSource>(
      *fd, path, std::move(seek_table), first, begin - table.frames[first].decompressed_offset));
}

std::unique_ptr<ByteSource> memory_input(std::string data, std::string name) {
  return make_source(std::make_unique<RawInput>(std::move(data), std::move(name)));
}

absl::StatusOr<std::unique_ptr<ByteSource>> stream_input(StreamRead read, std::string name) {
  auto raw = std::make_unique<RawInput>(std::move(read), std::move(name));
  return checked_source(std::move(raw));
}

}  // namespace fairykit::parsers
