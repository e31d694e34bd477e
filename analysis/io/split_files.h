// One output split into many files (fairy-convert --split N, --split-by TAG): each record
// goes to a file named by a pattern, by its number or by a value of the record.
//
//  * Every file is an OutputFile: written under a temporary name beside its target and
//    renamed when complete: a file of N records as soon as it is full, a file of a value at
//    the end of the run (a later record may have the same value). An output that is an
//    input, one of the run's other outputs, or a symbolic link at a name the pattern made is
//    refused, as each file is made.
//  * Nothing is lost or merged: a record without a value goes to a file of its own
//    ("unknown" for {value}); two values whose safe names are the same (safe_file_value) get
//    names of their own ("~2", "~3"... after the later one's), and the summary names each
//    file with its value and its count of records.
//  * At most `max_open` files are open at once: the least recently written is suspended
//    (closed, its temporary file kept) and opened again to append when a record comes for it,
//    so the number of values is limited by nothing but the disk.
//
// The caller gives the records in their order (the files are the same at any number of
// threads when the records are).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/io/output_file.h"

namespace fairykit::analysis {

// The name of the split files: a path whose last part (the file name) may hold
//   {n}       the file's number, from 1, with zeros before it up to 4 digits (more when
//             needed); {n:W}: up to W digits (1 to 20; {n:1}: no zeros)
//   {value}   the value the records are split by, made safe for a file name
//   {{ }}     a brace
class SplitPattern {
 public:
  // Errors name `flag` and the pattern:
  //   "--output 'g-{x}.pgn': unknown field {x} (known: {n}, {n:WIDTH}, {value})"
  static absl::StatusOr<SplitPattern> parse(std::string_view flag, std::string_view pattern);

  bool has_number() const { return has_number_; }
  bool has_value() const { return has_value_; }
  const std::string& text() const { return text_; }
  // The directory part ("" when the pattern names a file in the current directory).
  const std::string& directory() const { return directory_; }
  // The path of file `n` (from 1) for the safe value `value`.
  std::string expand(std::uint64_t n, std::string_view value) const;

 private:
  struct Piece {
    enum Kind { kText, kNumber, kValue } kind = kText;
    std::string text;
    int width = 4;
  };
  std::string text_;
  std::string directory_;
  std::vector<Piece> pieces_;
  bool has_number_ = false;
  bool has_value_ = false;
};

// `value` as a part of a file name. Kept: ASCII letters, digits, '.', '_', '+' and '-', and,
// when the value is valid UTF-8, its characters from U+00A1 on but for U+2000 to U+206F
// (spaces, invisible and direction marks) and U+FEFF; every other byte (a space, '/', '\',
// ':', '~', a control, a byte of invalid UTF-8) becomes '_'. A '.' or '-' at the start
// becomes '_' (no hidden name, no "." or "..", no name read as an option); the result is
// cut to 100 bytes (at a character's start). "" -> "_".
std::string safe_file_value(std::string_view value);

struct SplitOptions {
  std::uint64_t records_per_file = 0;  // N records a file (--split N); 0: a file per value
  // Written at the start of each file, between two of its records, and at its end (a CSV
  // header; a JSON array's brackets and commas).
  std::string head, separator, tail;
  // What the values are ("Event", "Date:year"), for the summary: (Event "Tal"), (no Event).
  std::string value_of;
  // The {value} of the records without a value; no value's safe name takes it.
  std::string missing_name = "unknown";
  std::size_t max_open = 32;                   // files open at once
  std::size_t buffer = std::size_t(64) << 10;  // bytes buffered per open file
};

class SplitFiles {
 public:
  // Fails when the pattern's directory does not exist or is no directory:
  //   "--output 'out/g-{n}.pgn': the directory 'out' does not exist"
  // `inputs` and `others` (the run's other outputs) are checked against each file made.
  static absl::StatusOr<std::unique_ptr<SplitFiles>> make(std::string_view flag,
                                                          SplitPattern pattern,
                                                          SplitOptions options,
                                                          std::vector<std::string> inputs,
                                                          std::vector<OutputSpec> others);
  SplitFiles(const SplitFiles&) = delete;
  SplitFiles& operator=(const SplitFiles&) = delete;

  // Appends a record to its file: the current one (records_per_file), else the one of
  // `value` (nullopt: the record has none). False when that file could not be made or
  // written (the caller stops the run; commit() returns the error).
  bool add(const std::optional<std::string_view>& value, std::string_view record);

  // What was said about names as files were made ("a value's name was taken by another"),
  // one line each, since the last call.
  std::vector<std::string> take_notes();

  // Puts the files not yet in place in place. Returns every error (of a file that could not
  // be made, written or renamed; such a file is not in place).
  std::vector<absl::Status> commit();

  // "split: 250 games in 3 files\n" and a line per file, in the order they were made:
  // "  out/g-0001.pgn: 100 games\n" (with a value: ... (Event "Tal")); a file that could not
  // be put in place: "... (not written)".
  std::string summary() const;

  std::uint64_t files() const { return files_.size(); }
  std::uint64_t records() const { return records_; }

 private:
  struct File {
    std::string path;
    std::optional<std::string> value;  // --split-by: the value (nullopt: the records without)
    std::unique_ptr<OutputFile> out;
    std::uint64_t records = 0;
    std::uint64_t last_use = 0;
    bool open = false;  // not suspended
    bool done = false;  // committed (or failed)
    bool failed = false;
  };

  SplitFiles(std::string flag, SplitPattern pattern, SplitOptions options,
             std::vector<std::string> inputs, std::vector<OutputSpec> others)
      : flag_(std::move(flag)),
        pattern_(std::move(pattern)),
        options_(std::move(options)),
        inputs_(std::move(inputs)),
        others_(std::move(others)) {}

  // The file of a new value (or of the next number): its name found and the file opened.
  File* make_file(const std::optional<std::string_view>& value);
  // Sets the path of `f` (the last file made) for `value`, apart from every name taken so far.
  void name(File& f, const std::optional<std::string_view>& value);
  // Suspends the least recently written file when max_open are open.
  void make_room();
  bool ready(File& f);  // opened again if it was suspended; false on an error
  void finish(File& f);
  void fail(File& f, absl::Status st);

  std::string flag_;
  SplitPattern pattern_;
  SplitOptions options_;
  std::vector<std::string> inputs_;
  std::vector<OutputSpec> others_;
  std::vector<std::unique_ptr<File>> files_;
  std::unordered_map<std::string, File*> by_value_;
  File* missing_ = nullptr;  // the file of the records without a value
  File* current_ = nullptr;  // records_per_file: the file being filled
  // A safe name in lower case (so that names stay apart on file systems that ignore case
  // too) -> the names made from it so far and the path of the first.
  struct Taken {
    int times = 0;
    std::string first;
  };
  std::unordered_map<std::string, Taken> taken_;
  std::vector<File*> open_files_;  // at most options_.max_open
  std::uint64_t clock_ = 0;
  std::uint64_t records_ = 0;
  std::vector<absl::Status> errors_;
  std::vector<std::string> notes_;
};

}  // namespace fairykit::analysis
