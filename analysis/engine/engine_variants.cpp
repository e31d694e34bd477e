#include "analysis/engine/engine_variants.h"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace fairykit::analysis {

std::string variants_file_name(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h ^= std::uint64_t(static_cast<unsigned char>(c));
    h *= 0x100000001b3ULL;
  }
  return absl::StrFormat("fairykit-variants-%016x.ini", h);
}

absl::StatusOr<std::unique_ptr<TemporaryFile>> TemporaryFile::create(std::string_view stem,
                                                                     std::string_view text) {
  const char* env = std::getenv("TMPDIR");
  const std::string dir = env && *env ? env : "/tmp";
  std::string name = absl::StrCat(dir, "/", std::string(stem), "-XXXXXX");
  std::vector<char> buf(name.begin(), name.end());
  buf.push_back('\0');
  const int fd = ::mkstemp(buf.data());
  if (fd < 0)
    return absl::UnavailableError(
        absl::StrCat("cannot make a temporary file in ", dir, ": ", std::strerror(errno)));
  std::unique_ptr<TemporaryFile> file(new TemporaryFile(buf.data()));
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = errno;
      ::close(fd);
      return absl::UnavailableError(
          absl::StrCat("cannot write ", file->path(), ": ", std::strerror(e)));
    }
    done += std::size_t(n);
  }
  if (::close(fd) != 0)
    return absl::UnavailableError(
        absl::StrCat("cannot write ", file->path(), ": ", std::strerror(errno)));
  return file;
}

TemporaryFile::~TemporaryFile() { ::unlink(path_.c_str()); }

}  // namespace fairykit::analysis
