// One buffer, refilled block by block: the unread tail of a line moves to the front before
// each read, and the search for a line end resumes where it stopped (`scanned_`), so every
// byte is looked at once whatever the block boundaries. The buffer never holds more than
// max_line + one block: a longer line is an error as soon as it is seen, before the rest of
// it is read (a stream of zero bytes costs 1 MiB, not the machine's memory).
#include "parsers/line_reader.h"

#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace fairykit::parsers {
namespace {

constexpr std::size_t kBlock = std::size_t{64} << 10;

}  // namespace

std::string size_text(std::size_t bytes) {
  constexpr std::size_t kKiB = 1024;
  if (bytes >= kKiB * kKiB && bytes % (kKiB * kKiB) == 0)
    return absl::StrCat(bytes / (kKiB * kKiB), " MiB");
  if (bytes >= kKiB && bytes % kKiB == 0) return absl::StrCat(bytes / kKiB, " KiB");
  return absl::StrCat(bytes, bytes == 1 ? " byte" : " bytes");
}

LineReader::LineReader(std::unique_ptr<ByteSource> source, std::size_t max_line)
    : source_(std::move(source)), max_line_(max_line) {}

absl::StatusOr<bool> LineReader::Fill() {
  if (eof_) return false;
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() < end_ + kBlock) buffer_.resize(end_ + kBlock);
  absl::StatusOr<std::size_t> n = source_->read(buffer_.data() + end_, kBlock);
  if (!n.ok()) return n.status();
  if (*n == 0) {
    eof_ = true;
    return false;
  }
  end_ += *n;
  return true;
}

absl::StatusOr<std::optional<std::string_view>> LineReader::Next() {
  while (true) {
    if (skip_lf_ && begin_ < end_) {
      if (buffer_[begin_] == '\n') ++begin_;
      skip_lf_ = false;
    }
    const char* const base = buffer_.data() + begin_;
    const std::size_t available = end_ - begin_;
    for (std::size_t i = scanned_; i < available; ++i) {
      const char c = base[i];
      if (c != '\n' && c != '\r') continue;
      if (i > max_line_) break;  // reported below, with the line's number
      skip_lf_ = c == '\r';
      begin_ += i + 1;
      scanned_ = 0;
      ++line_;
      return std::string_view(base, i);
    }
    scanned_ = available;
    if (scanned_ > max_line_) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s:%d: line longer than %s", source_->name(), line_ + 1, size_text(max_line_)));
    }
    absl::StatusOr<bool> more = Fill();
    if (!more.ok()) return more.status();
    if (*more) continue;
    // The end of the input: what is left is the last line, without a line end.
    if (begin_ == end_) return std::nullopt;
    const std::string_view last(buffer_.data() + begin_, end_ - begin_);
    begin_ = end_;
    scanned_ = 0;
    ++line_;
    return last;
  }
}

}  // namespace fairykit::parsers
