// The TSV files of data/openings/, embedded in the library at build time: the build runs
// cmake/EmbedOpenings.cmake, which writes them into a generated source file. Read by
// OpeningBook::builtin() (analysis/checking/openings.h) and nothing else.
#pragma once

#include <span>
#include <string_view>

namespace fairykit::analysis::openings_data {

// One file: its name ("a.tsv") and its bytes, in pieces (a string literal of ISO C++ may
// be limited to 65,536 characters), to be joined in order.
struct File {
  std::string_view name;
  std::span<const std::string_view> pieces;
};

// The files in order of name.
std::span<const File> files();

}  // namespace fairykit::analysis::openings_data
