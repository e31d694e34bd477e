// Fairy-Stockfish's definitions of the games fairykit plays that it does not know itself
// (data/engines/fairy-stockfish-variants.ini, built into the tools): Superchess, and CwDA as a
// section per pairing of armies. fairy-analyze --engine writes them to a temporary file and
// passes it to every engine that lists the VariantPath option (analysis/engine/engine_pool.h).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace fairykit::analysis {

// The file's text.
std::string_view fairy_stockfish_variants();

// How caches and reports name a variants file: "fairykit-variants-<16 hex digits>.ini", the
// digits a hash of its text (64-bit FNV-1a), so that a changed definition makes a different
// setting while the place of the temporary copy does not.
std::string variants_file_name(std::string_view text);

// A file holding `text` in the temporary directory ($TMPDIR, else /tmp), removed when the
// object ends (a process that is killed leaves it behind: a few kilobytes).
class TemporaryFile {
 public:
  // `stem` begins the file's name. Errors name the directory and why.
  static absl::StatusOr<std::unique_ptr<TemporaryFile>> create(std::string_view stem,
                                                               std::string_view text);
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  explicit TemporaryFile(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

}  // namespace fairykit::analysis
