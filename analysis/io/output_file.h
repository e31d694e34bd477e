// Output files that never damage what a user already has.
//
//  * check_outputs() refuses, before anything is opened, an output that is also an input
//    (the same file by device and inode, so through symbolic and hard links too, and
//    standard input or standard output when they are that file) and two outputs that name
//    the same file.
//  * check_output_dir() does the same for the files a tool names itself inside a directory
//    the user named (the diagrams of `fairy-convert --to svg -o DIR`), and refuses a
//    symbolic link at such a name: the tool chose that name, so a link there is never
//    followed.
//  * OutputFile writes to a temporary file beside the target and renames it over the
//    target only when every byte was written and the file closed without error, so a
//    failed or interrupted run leaves the old file as it was (and no temporary file: an
//    interrupt removes those of up to 4096 outputs at once). Targets that are not regular files
//    (/dev/null, a FIFO, a terminal) are written directly, with every write checked too. A symbolic
//    link that the user named is followed (the file it points to is replaced, the link stays), as a
//    shell's `>` follows it; the check above has refused it when it leads to an input.
//  * A name ending in ".gz" or ".zst" is written compressed (gzip, zstd with a checksum),
//    as the readers recognise it; any other name is written as it is.
//
// Every error names the file: "out.pgn: cannot write: No space left on device".
#pragma once

#include <cstddef>
#include <functional>
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

// Fails (InvalidArgument) when an output has an empty name ("--output wants a file name,
// not ''"), when an output is one of `inputs` ("-" is standard input), when
// two outputs are the same file, when standard output is one of the inputs (writing
// the report there would overwrite or grow what is being read) or one of the outputs.
// Examples:
//   "--valid-out 'games.pgn' is the input 'games.pgn': refusing to overwrite it"
//   "--valid-out 'x.pgn' and --invalid-out 'x.pgn' are the same file"
//   "standard output is the input 'games.pgn': refusing to overwrite it"
absl::Status check_outputs(const std::vector<std::string>& inputs,
                           const std::vector<OutputSpec>& outputs);

// Fails (InvalidArgument) when directory `dir` (named by `flag`) holds, under a name that
// `is_output_name` accepts (a name the tool may write), a symbolic link or one of `inputs`:
//   "--output 'svgs': 'svgs/1-game-1-ply-0.svg' is a symbolic link: refusing to write
//    through it"
//   "--output 'svgs/1-game-1-ply-0.svg' is the input 'svgs/1-game-1-ply-0.svg': refusing to
//    overwrite it"
absl::Status check_output_dir(const std::vector<std::string>& inputs, const std::string& flag,
                              const std::string& dir,
                              const std::function<bool(std::string_view)>& is_output_name);

// The longest name (in bytes) a file in directory `dir` may have (NAME_MAX there; 255 when
// the system does not say).
std::size_t max_name_length(const std::string& dir);

// A file descriptor for a spool (see OutputFile::spool): an unnamed temporary file opened
// for appending, so that it can stand in for standard output or error (dup2), and what
// has been written to it, handed to `sink` in pieces and removed (drain_spool).
absl::StatusOr<int> open_spool();
absl::Status drain_spool(int fd, const std::function<void(std::string_view)>& sink);

// What is written to standard error when an interrupt (SIGTERM...) ends the process while
// outputs are still under their temporary names (kept in a static buffer: the handler
// only calls write(2)); empty: nothing. An MPI run names its ranks' shares there, for when
// a failed rank brings the job down.
void set_interrupt_message(std::string_view message);

// What an output named `path` is compressed with: "gzip" for *.gz, "zstd" for *.zst, else
// "" (written as it is).
std::string_view output_compression(std::string_view path);

class OutputFile {
 public:
  // What open() does with a symbolic link at the target's name: kFollow replaces the file
  // it points to (the name the user gave); kRefuse fails ("x: is a symbolic link: refusing
  // to write through it"), and renames over the name itself, never through a link (a name
  // the tool chose).
  enum class Links { kFollow, kRefuse };
  // The compression of a *.gz or *.zst output (output_file.cpp).
  class Compressor;
  // Creates the temporary file beside `path` (its mode: the existing file's, or 0666 less
  // the umask for a new one; its name ".NAME.fairykit-XXXXXX", NAME shortened to keep within
  // the directory's limit on names). Fails when the directory cannot be written.
  // `buffer`: the bytes gathered before a write(2) (less for a tool that keeps many outputs
  // open at once).
  static absl::StatusOr<std::unique_ptr<OutputFile>> open(const std::string& path,
                                                          Links links = Links::kFollow,
                                                          std::size_t buffer = kBufferSize);
  static constexpr std::size_t kBufferSize = std::size_t{1} << 20;

  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Without a successful commit(), the temporary file is removed and the target is left
  // as it was.
  ~OutputFile();

  // Appends `bytes` (buffered). The first failure is kept; later writes do nothing.
  void write(std::string_view bytes);
  // The first write error, if any (OK otherwise).
  const absl::Status& status() const { return status_; }

  // A spool: an unnamed temporary file (in $TMPDIR, else /tmp), never put in place, that
  // holds what an MPI rank other than 0 writes to this output until drain() hands it on.
  // `shown` names it in errors.
  static absl::StatusOr<std::unique_ptr<OutputFile>> spool(const std::string& shown);
  // A spool's bytes, written so far, to `sink` in pieces of at most 4 MiB; then the spool
  // is empty again. Returns the first error (of a write before, or of reading back).
  absl::Status drain(const std::function<void(std::string_view)>& sink);

  // Closes the file for now and keeps its temporary file, so that a tool may hold more
  // outputs than it may keep open; resume() opens it again and appends. What a compressed
  // output holds so far ends as a whole gzip member or zstd frame (the readers read
  // concatenated ones as one stream). Nothing happens to a target written directly (not a
  // regular file): it stays open. Errors are kept as those of write().
  void suspend();
  void resume();
  bool suspended() const { return suspended_; }

  // Flushes, syncs and closes the temporary file, then renames it over the target.
  // Returns the first error of any step; then the target is untouched.
  absl::Status commit();

  const std::string& path() const { return path_; }

 private:
  OutputFile(std::string path, std::string temp, int fd, std::size_t buffer);
  void flush();
  void compress_as(std::string_view method);
  void finish_compression();
  // Writes `bytes` to the file, through the compressor when there is one.
  void put(std::string_view bytes);
  void write_fd(std::string_view bytes);
  void fail(const char* what, int err);
  void discard();

  std::string path_;   // the target as the user named it (for messages)
  std::string temp_;   // the temporary file ("" when the target is written directly)
  std::string final_;  // the file renamed over: the target with symbolic links resolved
  int fd_ = -1;
  int registration_ = -1;  // the slot of temp_ in the interrupt clean-up table
  std::string buffer_;
  std::size_t buffer_size_ = kBufferSize;
  std::string_view compression_;  // output_compression() of the target
  std::unique_ptr<Compressor> compressor_;
  absl::Status status_;
  bool committed_ = false;
  bool suspended_ = false;
};

}  // namespace fairykit::analysis
