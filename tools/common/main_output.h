// Where the main output of a tool that reads game archives goes: the -o file the batch
// opened (analysis::OutputFile, written under a temporary name), or standard output.
// Standard output is gathered in a buffer and written with write(2) 64 KB at a time: a call
// per game costs more than the work on a short one, and stdio would copy the bytes once
// more. Every write is checked; after a failure nothing more is written to standard output.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/batch/game_batch.h"
#include "tools/common/cli.h"

namespace fairykit::cli {

class MainOutput {
 public:
  // `file`: the batch's output (nullptr: standard output).
  MainOutput(analysis::GameBatch& batch, analysis::OutputFile* file) : batch_(batch), file_(file) {}
  MainOutput(const MainOutput&) = delete;
  MainOutput& operator=(const MainOutput&) = delete;

  void write(std::string_view bytes) {
    if (bytes.empty()) return;
    if (file_) {
      batch_.write(file_, bytes);
    } else if (!stdout_failed_) {
      if (bytes.size() >= kChunk) {  // large enough to be written as it is, without a copy
        flush();
        write_stdout(bytes);
        return;
      }
      buffer_.append(bytes);
      if (buffer_.size() >= kChunk) flush();
    }
  }
  // Writes what standard output has buffered (call it before the summary and the exit).
  void flush() {
    write_stdout(buffer_);
    buffer_.clear();
  }
  // Whether a write to standard output failed (the tool says so and exits 2).
  bool stdout_failed() const { return stdout_failed_; }
  // "cannot write standard output: No space left on device" (after a failure).
  std::string stdout_error() const { return cli::stdout_error(stdout_errno_); }

 private:
  void write_stdout(std::string_view bytes) {
    const char* p = bytes.data();
    std::size_t n = bytes.size();
    while (n > 0 && !stdout_failed_) {
      const ssize_t w = ::write(STDOUT_FILENO, p, n);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        stdout_failed_ = true;
        stdout_errno_ = w < 0 ? errno : EIO;
        break;
      }
      p += w;
      n -= std::size_t(w);
    }
  }

  static constexpr std::size_t kChunk = std::size_t(64) << 10;
  analysis::GameBatch& batch_;
  analysis::OutputFile* file_;
  std::string buffer_;
  bool stdout_failed_ = false;
  int stdout_errno_ = 0;
};

}  // namespace fairykit::cli
