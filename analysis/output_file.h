// Output files that never damage what a user already has.
//
//  * check_outputs() refuses, before anything is opened, an output that is also an input
//    (the same file by device and inode, so through symbolic and hard links too, and
//    standard input or standard output when they are that file) and two outputs that name
//    the same file.
//  * OutputFile writes to a temporary file beside the target and renames it over the
//    target only when every byte was written and the file closed without error, so a
//    failed or interrupted run leaves the old file as it was (and no temporary file: an
//    interrupt removes it). Targets that are not regular files (/dev/null, a FIFO, a
//    terminal) are written directly, with every write checked too.
//
// Every error names the file: "out.pgn: cannot write: No space left on device".
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace fairykit::analysis {

// An output named on the command line: the flag that named it ("--valid-out") and its path.
struct OutputSpec {
  std::string flag;
  std::string path;
};

// Fails (InvalidArgument) when an output is one of `inputs` ("-" is standard input), when
// two outputs are the same file, when standard output is one of the inputs (writing
// the report there would overwrite or grow what is being read) or one of the outputs.
// Examples:
//   "--valid-out 'games.pgn' is the input 'games.pgn': refusing to overwrite it"
//   "--valid-out 'x.pgn' and --invalid-out 'x.pgn' are the same file"
//   "standard output is the input 'games.pgn': refusing to overwrite it"
absl::Status check_outputs(const std::vector<std::string>& inputs,
                           const std::vector<OutputSpec>& outputs);

class OutputFile {
 public:
  // Creates the temporary file beside `path` (its mode: the existing file's, or 0666 less
  // the umask for a new one). Fails when the directory cannot be written.
  static absl::StatusOr<std::unique_ptr<OutputFile>> open(const std::string& path);

  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Without a successful commit(), the temporary file is removed and the target is left
  // as it was.
  ~OutputFile();

  // Appends `bytes` (buffered). The first failure is kept; later writes do nothing.
  void write(std::string_view bytes);
  // The first write error, if any (OK otherwise).
  const absl::Status& status() const { return status_; }

  // Flushes, syncs and closes the temporary file, then renames it over the target.
  // Returns the first error of any step; then the target is untouched.
  absl::Status commit();

  const std::string& path() const { return path_; }

 private:
  OutputFile(std::string path, std::string temp, int fd);
  void flush();
  void fail(const char* what, int err);
  void discard();

  std::string path_;   // the target as the user named it (for messages)
  std::string temp_;   // the temporary file ("" when the target is written directly)
  std::string final_;  // the file renamed over: the target with symbolic links resolved
  int fd_ = -1;
  int registration_ = -1;  // the slot of temp_ in the interrupt clean-up table
  std::string buffer_;
  absl::Status status_;
  bool committed_ = false;
};

}  // namespace fairykit::analysis
