// Lines of a ByteSource, one at a time, in bounded memory: the line-oriented formats (EPD
// and .perft suites) stream through it from a file, standard input or a compressed stream.
//
// A line ends at LF, at CR LF or at a lone CR (old Mac files), so the three conventions
// give the same lines and the same line numbers. The last line needs no line end.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "parsers/input.h"

namespace fairykit::parsers {

class LineReader {
 public:
  // Lines longer than `max_line` bytes (not counting the line end) are an error, so memory
  // stays within max_line plus one read block whatever the input holds.
  LineReader(std::unique_ptr<ByteSource> source, std::size_t max_line);

  // The next line without its line end, valid until the next call; nothing at the end of
  // the input. Errors: the source's, and "suite.epd:7: line longer than 1 MiB".
  absl::StatusOr<std::optional<std::string_view>> Next();

  // The 1-based number of the line Next() returned last (0 before the first).
  int line_number() const { return line_; }
  const ByteSource& source() const { return *source_; }

 private:
  // Reads one more block after the unread bytes (moved to the front). False at the end.
  absl::StatusOr<bool> Fill();

  std::unique_ptr<ByteSource> source_;
  std::size_t max_line_;
  std::string buffer_;
  std::size_t begin_ = 0;    // first unread byte
  std::size_t end_ = 0;      // end of the bytes read
  std::size_t scanned_ = 0;  // bytes after begin_ already known to hold no line end
  bool eof_ = false;
  bool skip_lf_ = false;  // the last line ended in CR: a LF right after it is part of that end
  int line_ = 0;
};

// A byte count as people read it: "1 MiB", "64 KiB", "100 bytes".
std::string size_text(std::size_t bytes);

}  // namespace fairykit::parsers
