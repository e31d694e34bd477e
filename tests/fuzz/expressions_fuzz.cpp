// The small languages of the command lines and of --fix: --material (MaterialPattern),
// --board-pattern (BoardPattern), the split file pattern (SplitPattern, safe_file_value) and
// the dates --fix reads (normalise_date). The first byte picks the reader, the rest is the
// text. Invariants: an error names the flag and a column or a field and is never empty; a
// pattern that reads matches or not on any board and any material without fault, and reading
// its own text again gives a pattern that decides the same; a split name has the directory of
// the pattern and no '/' coming from the value; a safe value is never empty, never starts
// with '.' or '-', has no '/' and is at most 100 bytes; a normalised date is YYYY.MM.DD with
// '?' for unknown parts and reads again as itself.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/checking/position_patterns.h"
#include "analysis/checking/repair.h"
#include "analysis/io/split_files.h"
#include "rules/game/registry.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace fairykit;
using namespace fairykit::analysis;

// Material and a board from the bytes of the text itself (deterministic, varied).
MaterialCounts material_from(std::string_view text, std::size_t salt) {
  MaterialCounts m{};
  for (std::size_t c = 0; c < m.size(); ++c)
    for (std::size_t t = 0; t < m[c].size(); ++t) {
      const std::size_t i = c * m[c].size() + t + salt;
      m[c][t] = text.empty() ? 0 : std::uint8_t(std::uint8_t(text[i % text.size()]) % 4);
    }
  return m;
}

BoardSquares board_from(std::string_view text, std::size_t salt) {
  BoardSquares b;
  b.fill(NO_PIECE);
  for (std::size_t s = 0; s < b.size() && !text.empty(); ++s) {
    const std::uint8_t byte = std::uint8_t(text[(s + salt) % text.size()]);
    if (byte % 3 == 0) continue;
    const Color c = byte % 2 ? WHITE : BLACK;
    const PieceType t = PieceType(1 + (byte / 7) % (PIECE_TYPE_NB - 1));
    b[s] = make_piece(c, t);
  }
  return b;
}

void material(std::string_view text, bool exact) {
  const absl::StatusOr<MaterialPattern> p = MaterialPattern::parse(text, exact);
  if (!p.ok()) {
    FUZZ_CHECK(!p.status().message().empty(), "an empty error");
    return;
  }
  const absl::StatusOr<MaterialPattern> again = MaterialPattern::parse(p->text(), exact);
  FUZZ_CHECK(again.ok(), "its own text does not read: %s", p->text().c_str());
  FUZZ_CHECK(p->plies() >= -1 && p->plies() <= 99, "plies %d", p->plies());
  for (const VariantInfo& v : all_variants())
    for (std::size_t salt = 0; salt < 3; ++salt) {
      const MaterialCounts m = material_from(text, salt);
      FUZZ_CHECK(p->matches(v.id, m) == again->matches(v.id, m), "read again, decides otherwise");
    }
}

void board(std::string_view text) {
  const absl::StatusOr<BoardPattern> p = BoardPattern::parse(text);
  if (!p.ok()) {
    FUZZ_CHECK(!p.status().message().empty(), "an empty error");
    return;
  }
  const absl::StatusOr<BoardPattern> again = BoardPattern::parse(p->text());
  FUZZ_CHECK(again.ok(), "its own text does not read: %s", p->text().c_str());
  for (const VariantInfo& v : all_variants())
    for (std::size_t salt = 0; salt < 3; ++salt) {
      const BoardSquares b = board_from(text, salt);
      FUZZ_CHECK(p->matches(v.id, b) == again->matches(v.id, b), "read again, decides otherwise");
    }
}

void safe_value(std::string_view text) {
  const std::string safe = safe_file_value(text);
  FUZZ_CHECK(!safe.empty() && safe.size() <= 100, "size %zu", safe.size());
  FUZZ_CHECK(safe[0] != '.' && safe[0] != '-', "starts with %c", safe[0]);
  FUZZ_CHECK(safe.find('/') == std::string::npos && safe.find('\0') == std::string::npos,
             "a '/' or a NUL kept");
  FUZZ_CHECK(safe_file_value(safe) == safe, "not safe when made safe again");
}

void split(std::string_view text) {
  // The text up to the first NUL is the pattern, the rest a value.
  const std::size_t cut = text.find('\0');
  const std::string_view pattern = text.substr(0, cut);
  const std::string_view value = cut == std::string_view::npos ? "" : text.substr(cut + 1);
  safe_value(value);
  const absl::StatusOr<SplitPattern> p = SplitPattern::parse("--output", pattern);
  if (!p.ok()) {
    FUZZ_CHECK(p.status().message().find("--output") != std::string_view::npos,
               "an error without the flag");
    return;
  }
  const std::string safe = safe_file_value(value);
  for (const std::uint64_t n : {std::uint64_t(1), std::uint64_t(12345), UINT64_MAX}) {
    const std::string path = p->expand(n, safe);
    FUZZ_CHECK(!path.empty(), "an empty path");
    FUZZ_CHECK(path.compare(0, p->directory().size(), p->directory()) == 0, "'%s' is not in '%s'",
               path.c_str(), p->directory().c_str());
    const std::size_t slashes = std::size_t(std::count(path.begin(), path.end(), '/'));
    FUZZ_CHECK(
        slashes == std::size_t(std::count(p->directory().begin(), p->directory().end(), '/')) +
                       (p->directory().empty() || p->directory().back() == '/' ? 0 : 1),
        "a '/' in the file name of '%s'", path.c_str());
  }
}

void date(std::string_view text) {
  const DateReading d = normalise_date(text);
  switch (d.kind) {
    case DateReading::Kind::kNormalised: {
      const std::string& v = d.value;
      FUZZ_CHECK(v.size() == 10 && v[4] == '.' && v[7] == '.', "'%s'", v.c_str());
      for (const std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        FUZZ_CHECK(v[i] == '?' || (v[i] >= '0' && v[i] <= '9'), "'%s'", v.c_str());
      const DateReading again = normalise_date(v);
      FUZZ_CHECK(again.kind == DateReading::Kind::kAsIs ||
                     (again.kind == DateReading::Kind::kNormalised && again.value == v),
                 "'%s' read again changes", v.c_str());
      break;
    }
    case DateReading::Kind::kAmbiguous:
    case DateReading::Kind::kUnreadable:
      FUZZ_CHECK(!d.why.empty(), "no reason given for '%.*s'", int(text.size()), text.data());
      break;
    case DateReading::Kind::kAsIs:
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 1024) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 6) {
    case 0:
      material(text, false);
      break;
    case 1:
      material(text, true);
      break;
    case 2:
      board(text);
      break;
    case 3:
      split(text);
      break;
    case 4:
      safe_value(text);
      break;
    case 5:
      date(text);
      break;
  }
  return 0;
}
