// Why it is built this way:
//  * Identity by device and inode, not by name: "games.pgn", "./games.pgn", a symbolic link
//    and a hard link to it are one file. Names are compared too (made absolute and free of
//    "..", links resolved where they exist) for outputs that do not exist yet.
//  * Only regular files (and names that do not exist yet) can be damaged: two outputs to
//    /dev/null, or an input and an output that are the same terminal, are left alone.
//  * The temporary file lives in the target's own directory, so that rename(2) replaces
//    the target in one step on the same file system, and is fsync'ed first, so that a crash
//    right after the rename cannot leave an empty file where the old one was.
//  * An interrupt (SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ with their default action)
//    removes the temporary files before the process dies; the handler only calls unlink(2)
//    and raise(2), which are async-signal-safe.
#include "analysis/io/output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <utility>

#include <zlib.h>
#include <zstd.h>

#include "absl/strings/str_cat.h"

namespace fairykit::analysis {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------
// Identity of files.

struct FileId {
  dev_t dev = 0;
  ino_t ino = 0;
  bool regular = false;
  bool operator==(const FileId& o) const { return dev == o.dev && ino == o.ino; }
};

std::optional<FileId> id_of_path(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileId{st.st_dev, st.st_ino, S_ISREG(st.st_mode)};
}

std::optional<FileId> id_of_fd(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return std::nullopt;
  return FileId{st.st_dev, st.st_ino, S_ISREG(st.st_mode)};
}

// The name made absolute, with "." and ".." removed and the links of its existing part
// resolved: two spellings of a file that does not exist yet compare equal.
std::string normal_name(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? path : p.string();
}

// A file the program reads or writes, as far as damage is concerned.
struct Named {
  std::string shown;  // "--valid-out 'x.pgn'", "the input 'x.pgn'", "standard output"
  std::optional<FileId> id;
  std::string name;  // normal_name(); empty for standard input/output
};

Named named_path(std::string shown, const std::string& path) {
  return Named{std::move(shown), id_of_path(path), normal_name(path)};
}

// True when writing `b` could damage `a` (or the other way round): the same regular file,
// or the same name where no file exists yet.
bool same_file(const Named& a, const Named& b) {
  if (a.id && b.id) return *a.id == *b.id && a.id->regular;
  if (a.id || b.id) return false;  // one exists, the other not: different files
  return !a.name.empty() && a.name == b.name;
}

std::string quoted(const std::string& path) { return absl::StrCat("'", path, "'"); }

// ---------------------------------------------------------------------------------------
// Temporary files to remove on an interrupt.

// Enough for the files of a split run (fairy-convert --split-by) on usual archives; beyond it
// the temporary files of an interrupted run are left (named .NAME.fairykit-XXXXXX).
constexpr int kSlots = 4096;
std::array<std::atomic<const char*>, kSlots> g_temps{};
std::atomic<bool> g_handlers_installed{false};

char g_message[4096];
std::atomic<std::size_t> g_message_size{0};

extern "C" void remove_temps_and_die(int sig) {
  for (auto& slot : g_temps) {
    if (const char* p = slot.load()) ::unlink(p);
  }
  if (const std::size_t n = g_message_size.load(); n > 0) {
    [[maybe_unused]] const ssize_t w = ::write(STDERR_FILENO, g_message, n);
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_handlers() {
  if (g_handlers_installed.exchange(true)) return;
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ}) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
    struct sigaction sa {};
    sa.sa_handler = remove_temps_and_die;
    ::sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
}

int register_temp(const char* path) {
  install_handlers();
  for (int i = 0; i < kSlots; ++i) {
    const char* expected = nullptr;
    if (g_temps[i].compare_exchange_strong(expected, path)) return i;
  }
  return -1;  // more than kSlots outputs at once: still removed on every normal path
}

void unregister_temp(int slot) {
  if (slot >= 0) g_temps[slot].store(nullptr);
}

constexpr std::size_t kDrainPiece = std::size_t(4) << 20;

}  // namespace

std::size_t max_name_length(const std::string& dir) {
  const long limit = ::pathconf(dir.empty() ? "." : dir.c_str(), _PC_NAME_MAX);
  return limit > 0 ? std::size_t(limit) : 255;  // no limit known: the common one
}

void set_interrupt_message(std::string_view message) {
  g_message_size.store(0);
  const std::size_t n = std::min(message.size(), sizeof g_message);
  std::memcpy(g_message, message.data(), n);
  g_message_size.store(n);
  if (n > 0) install_handlers();
}

absl::StatusOr<int> open_spool() {
  const char* dir = std::getenv("TMPDIR");
  std::string name = absl::StrCat(dir && *dir ? dir : "/tmp", "/fairykit-spool-XXXXXX");
  const int fd = ::mkostemp(name.data(), O_CLOEXEC | O_APPEND);
  if (fd < 0)
    return absl::ErrnoToStatus(errno, absl::StrCat("cannot create a temporary file ", name));
  ::unlink(name.c_str());  // unnamed: gone with the process, whatever ends it
  return fd;
}

absl::Status drain_spool(int fd, const std::function<void(std::string_view)>& sink) {
  std::string piece(kDrainPiece, '\0');
  off_t at = 0;
  for (;;) {
    const ssize_t n = ::pread(fd, piece.data(), piece.size(), at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::ErrnoToStatus(errno, "cannot read back a temporary file");
    if (n == 0) break;
    sink(std::string_view(piece.data(), std::size_t(n)));
    at += n;
  }
  if (::ftruncate(fd, 0) != 0) return absl::ErrnoToStatus(errno, "cannot empty a temporary file");
  return absl::OkStatus();
}

namespace {

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// The name of a temporary file for `name` in `dir`, a template for mkostemp:
// ".NAME.fairykit-XXXXXX", with NAME cut (at a character boundary of UTF-8) so that the
// whole fits the directory's limit on names: a target of the longest legal name still gets
// its temporary file beside it.
std::string temp_name(const std::string& dir, std::string_view name) {
  constexpr std::string_view kSuffix = ".fairykit-XXXXXX";
  const std::size_t limit = max_name_length(dir);
  const std::size_t room = limit > kSuffix.size() + 1 ? limit - kSuffix.size() - 1 : 0;
  if (name.size() > room) {
    std::size_t cut = room;  // back to the first byte of the character it falls in
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name = name.substr(0, cut);
  }
  return "." + std::string(name) + std::string(kSuffix);
}

}  // namespace

absl::Status check_outputs(const std::vector<std::string>& inputs,
                           const std::vector<OutputSpec>& outputs) {
  std::vector<Named> in;
  for (const std::string& path : inputs) {
    if (path == "-") {
      in.push_back(Named{"standard input", id_of_fd(STDIN_FILENO), ""});
    } else {
      in.push_back(named_path(absl::StrCat("the input ", quoted(path)), path));
    }
  }
  std::vector<Named> out;
  for (const OutputSpec& o : outputs) {
    if (o.path.empty()) return absl::InvalidArgumentError(o.flag + " wants a file name, not ''");
    out.push_back(named_path(absl::StrCat(o.flag, " ", quoted(o.path)), o.path));
  }

  for (std::size_t i = 0; i < out.size(); ++i) {
    for (const Named& input : in) {
      if (same_file(out[i], input))
        return absl::InvalidArgumentError(
            absl::StrCat(out[i].shown, " is ", input.shown, ": refusing to overwrite it"));
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (same_file(out[j], out[i]))
        return absl::InvalidArgumentError(
            absl::StrCat(out[j].shown, " and ", out[i].shown, " are the same file"));
    }
  }
  const Named stdout_file{"standard output", id_of_fd(STDOUT_FILENO), ""};
  if (stdout_file.id && stdout_file.id->regular) {
    for (const Named& input : in) {
      if (same_file(stdout_file, input))
        return absl::InvalidArgumentError(
            absl::StrCat("standard output is ", input.shown, ": refusing to overwrite it"));
    }
    // The report would go to a file that the output then replaces.
    for (const Named& output : out) {
      if (same_file(output, stdout_file))
        return absl::InvalidArgumentError(
            absl::StrCat(output.shown, " is standard output: the two would overwrite each other"));
    }
  }
  return absl::OkStatus();
}

absl::Status check_output_dir(const std::vector<std::string>& inputs, const std::string& flag,
                              const std::string& dir,
                              const std::function<bool(std::string_view)>& is_output_name) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!is_output_name(name)) continue;
    const std::string path = it->path().string();
    if (it->is_symlink(ec))
      return absl::InvalidArgumentError(
          absl::StrCat(flag, " ", quoted(dir), ": ", quoted(path),
                       " is a symbolic link: refusing to write through it"));
    if (absl::Status s = check_outputs(inputs, {{flag, path}}); !s.ok()) return s;
  }
  if (ec)
    return absl::ErrnoToStatus(ec.value(), absl::StrCat(flag, " ", quoted(dir), ": cannot read"));
  return absl::OkStatus();
}

std::string_view output_compression(std::string_view path) {
  if (path.ends_with(".gz")) return "gzip";
  if (path.ends_with(".zst")) return "zstd";
  return "";
}

// The bytes of an output compressed as they are written: add() appends what `in` gives so
// far to `out`, finish() the end of the stream. False on a library error.
class OutputFile::Compressor {
 public:
  virtual ~Compressor() = default;
  virtual bool add(std::string_view in, std::string& out) = 0;
  virtual bool finish(std::string& out) = 0;
};

namespace {

constexpr std::size_t kPackChunk = 64 << 10;

class GzipCompressor final : public OutputFile::Compressor {
 public:
  GzipCompressor() {
    ok_ = deflateInit2(&z_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
  }
  ~GzipCompressor() override { deflateEnd(&z_); }
  bool add(std::string_view in, std::string& out) override { return run(in, Z_NO_FLUSH, out); }
  bool finish(std::string& out) override { return run({}, Z_FINISH, out); }

 private:
  bool run(std::string_view in, int mode, std::string& out) {
    if (!ok_) return false;
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z_.avail_in = static_cast<uInt>(in.size());
    for (;;) {
      const std::size_t at = out.size();
      out.resize(at + kPackChunk);
      z_.next_out = reinterpret_cast<Bytef*>(out.data() + at);
      z_.avail_out = static_cast<uInt>(kPackChunk);
      const int r = deflate(&z_, mode);
      out.resize(at + kPackChunk - z_.avail_out);
      if (r == Z_STREAM_END) return true;
      if (r != Z_OK && r != Z_BUF_ERROR) return ok_ = false;
      if (mode == Z_NO_FLUSH && z_.avail_in == 0 && z_.avail_out != 0) return true;
    }
  }
  z_stream z_{};
  bool ok_ = false;
};

class ZstdCompressor final : public OutputFile::Compressor {
 public:
  ZstdCompressor() : cctx_(ZSTD_createCCtx()) {
    ok_ = cctx_ != nullptr &&
          !ZSTD_isError(ZSTD_CCtx_setParameter(cctx_, ZSTD_c_compressionLevel, 3)) &&
          !ZSTD_isError(ZSTD_CCtx_setParameter(cctx_, ZSTD_c_checksumFlag, 1));
  }
  ~ZstdCompressor() override { ZSTD_freeCCtx(cctx_); }
  bool add(std::string_view in, std::string& out) override { return run(in, ZSTD_e_continue, out); }
  bool finish(std::string& out) override { return run({}, ZSTD_e_end, out); }

 private:
  bool run(std::string_view in, ZSTD_EndDirective mode, std::string& out) {
    if (!ok_) return false;
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    for (;;) {
      const std::size_t at = out.size();
      out.resize(at + kPackChunk);
      ZSTD_outBuffer output{out.data() + at, kPackChunk, 0};
      const std::size_t left = ZSTD_compressStream2(cctx_, &output, &input, mode);
      out.resize(at + output.pos);
      if (ZSTD_isError(left)) return ok_ = false;
      if (mode == ZSTD_e_end ? left == 0 : input.pos == input.size) return true;
    }
  }
  ZSTD_CCtx* cctx_;
  bool ok_ = false;
};

}  // namespace

absl::StatusOr<std::unique_ptr<OutputFile>> OutputFile::open(const std::string& path, Links links,
                                                             std::size_t buffer) {
  if (path.empty()) return absl::InvalidArgumentError("an output file needs a name, not ''");
  struct stat st {};
  if (links == Links::kRefuse && ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": is a symbolic link: refusing to write through it"));
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    return absl::FailedPreconditionError(absl::StrCat(path, ": cannot write: Is a directory"));
  if (exists && !S_ISREG(st.st_mode)) {
    // A device, a FIFO, a terminal: nothing to replace, so write it directly.
    int fd;
    do {
      fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat(path, ": cannot open for writing"));
    auto direct = std::unique_ptr<OutputFile>(new OutputFile(path, "", fd, buffer));
    direct->compress_as(output_compression(path));
    return direct;
  }
  // The file renamed over: through a symbolic link, the file it points to (the link stays);
  // with Links::kRefuse the name itself, so that a link made after the check above is
  // replaced, never followed.
  std::string target = path;
  if (exists && links == Links::kFollow) {
    std::error_code ec;
    fs::path resolved = fs::canonical(path, ec);
    if (!ec) target = resolved.string();
  }
  const fs::path tp(target);
  const std::string dir = tp.has_parent_path() ? tp.parent_path().string() : ".";
  std::string temp = absl::StrCat(dir, "/", temp_name(dir, tp.filename().string()));
  const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0)
    return absl::ErrnoToStatus(
        errno, absl::StrCat(path, ": cannot create a temporary file in ", quoted(dir)));
  ::fchmod(fd, exists ? (st.st_mode & 07777) : new_file_mode());
  auto file = std::unique_ptr<OutputFile>(new OutputFile(path, std::move(temp), fd, buffer));
  file->final_ = std::move(target);
  file->compress_as(output_compression(path));
  return file;
}

absl::StatusOr<std::unique_ptr<OutputFile>> OutputFile::spool(const std::string& shown) {
  absl::StatusOr<int> fd = open_spool();
  if (!fd.ok())
    return absl::Status(fd.status().code(), absl::StrCat(shown, ": ", fd.status().message()));
  return std::unique_ptr<OutputFile>(new OutputFile(shown, "", *fd, kBufferSize));
}

absl::Status OutputFile::drain(const std::function<void(std::string_view)>& sink) {
  if (fd_ < 0) return status_;
  flush();
  if (!status_.ok()) return status_;
  return drain_spool(fd_, sink);
}

OutputFile::OutputFile(std::string path, std::string temp, int fd, std::size_t buffer)
    : path_(std::move(path)), temp_(std::move(temp)), fd_(fd), buffer_size_(buffer) {
  if (!temp_.empty()) registration_ = register_temp(temp_.c_str());
  buffer_.reserve(buffer_size_);
}

OutputFile::~OutputFile() {
  if (!committed_) discard();
}

void OutputFile::fail(const char* what, int err) {
  if (status_.ok()) status_ = absl::ErrnoToStatus(err, absl::StrCat(path_, ": ", what));
}

void OutputFile::write(std::string_view bytes) {
  if (!status_.ok() || fd_ < 0) return;
  if (buffer_.size() + bytes.size() <= buffer_size_) {
    buffer_.append(bytes);
    return;
  }
  flush();
  if (bytes.size() < buffer_size_) {
    buffer_.append(bytes);
    return;
  }
  // A large block goes out as it is, without a copy.
  put(bytes);
}

void OutputFile::flush() {
  put(buffer_);
  buffer_.clear();
}

void OutputFile::compress_as(std::string_view method) {
  compression_ = method;
  if (method == "gzip") compressor_ = std::make_unique<GzipCompressor>();
  if (method == "zstd") compressor_ = std::make_unique<ZstdCompressor>();
}

void OutputFile::finish_compression() {
  if (!compressor_ || !status_.ok()) return;
  std::string tail;
  if (!compressor_->finish(tail)) fail("cannot compress", EIO);
  write_fd(tail);
}

// The buffer and the compressor's state are let go too: a suspended output costs its name.
void OutputFile::suspend() {
  if (suspended_ || committed_ || fd_ < 0 || temp_.empty()) return;
  flush();
  finish_compression();
  compressor_.reset();
  std::string().swap(buffer_);
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) fail("cannot write", errno);
  suspended_ = true;
}

void OutputFile::resume() {
  if (!suspended_) return;
  suspended_ = false;
  if (!status_.ok()) return;
  do {
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  } while (fd_ < 0 && errno == EINTR);
  if (fd_ < 0) return fail("cannot open again for writing", errno);
  buffer_.reserve(buffer_size_);
  compress_as(compression_);
}

void OutputFile::put(std::string_view bytes) {
  if (bytes.empty() || !status_.ok()) return;
  if (!compressor_) return write_fd(bytes);
  std::string packed;
  if (!compressor_->add(bytes, packed)) return fail("cannot compress", EIO);
  write_fd(packed);
}

void OutputFile::write_fd(std::string_view bytes) {
  std::string_view rest = bytes;
  while (!rest.empty() && status_.ok()) {
    const ssize_t n = ::write(fd_, rest.data(), rest.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write", errno);
    } else {
      rest.remove_prefix(std::size_t(n));
    }
  }
}

absl::Status OutputFile::commit() {
  if (committed_) return status_;
  if (suspended_ && status_.ok()) {  // opened again for the sync below
    do {
      fd_ = ::open(temp_.c_str(), O_WRONLY | O_CLOEXEC);
    } while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) fail("cannot write", errno);
  }
  suspended_ = false;
  if (fd_ >= 0) {
    flush();
    finish_compression();
    if (status_.ok() && !temp_.empty() && ::fsync(fd_) != 0) fail("cannot write", errno);
    const int closed = ::close(fd_);
    fd_ = -1;
    if (closed != 0) fail("cannot write", errno);
  }
  if (status_.ok() && !temp_.empty() && ::rename(temp_.c_str(), final_.c_str()) != 0)
    fail("cannot replace the file", errno);
  if (!status_.ok()) {
    discard();
    return status_;
  }
  unregister_temp(registration_);
  registration_ = -1;
  committed_ = true;
  return status_;
}

void OutputFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  unregister_temp(registration_);
  registration_ = -1;
}

}  // namespace fairykit::analysis
