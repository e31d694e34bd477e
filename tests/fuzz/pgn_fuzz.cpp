// The PGN splitter, reader and validator over any bytes (plain, or gzip / bzip2 / zstd when
// the input starts with their magic bytes). Invariants:
//   * no game is lost or invented: the texts of the games put together are the input
//     (less a leading byte-order mark) when it is plain and could be read to its end (an
//     input of blank lines only holds no game); with
//     games over the size limit (a third of the runs use 256 bytes), the bytes kept and
//     the bytes skipped add up to the input;
//   * games are numbered 1, 2, 3... and every report counts its error diagnostics;
//   * validation is a pure function of the game: a second run gives the same report;
//   * the fast count of the MPI plan (parsers::plain_game_extent) gives each game of a plain
//     input exactly as the splitter cuts it, or declines it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/checking/validate.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

bool same(const fairykit::analysis::GameReport& a, const fairykit::analysis::GameReport& b) {
  if (a.errors != b.errors || a.warnings != b.warnings || a.plies != b.plies ||
      a.diagnostics.size() != b.diagnostics.size())
    return false;
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
    const auto &x = a.diagnostics[i], &y = b.diagnostics[i];
    if (x.message != y.message || x.line != y.line || x.column != y.column || x.ply != y.ply)
      return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fairykit;
  const std::string input(reinterpret_cast<const char*>(data), size);
  auto source = parsers::memory_input(input, "fuzz.pgn");
  bool plain = source->compression() == parsers::Compression::kNone;
  parsers::SplitterOptions limits;
  if (size % 3 == 0) limits.max_game_bytes = 256;  // games over the limit, skipped whole
  // Plain games cut in one pass (as the tools run) for some inputs, line by line for the
  // others (fast_count_fuzz compares the two game by game).
  limits.plain_games_fast = size % 4 >= 2;
  parsers::GameSplitter splitter(*source, limits);
  std::uint64_t skipped = 0;
  parsers::RawGame game;
  std::string joined;
  std::int64_t games = 0;
  analysis::ValidateOptions options;
  options.positions = size % 2 == 1;  // both with and without --show-position
  for (;;) {
    absl::StatusOr<bool> got = splitter.next(game);
    if (!got.ok()) {
      plain = false;  // a read error: the rest is not delivered
      break;
    }
    if (!*got) break;
    ++games;
    FUZZ_CHECK(game.index == games, "game %lld numbered %lld", (long long)games,
               (long long)game.index);
    joined += game.text;
    skipped += game.skipped;
    if (plain && game.offset <= input.size()) {
      // The fast count of the MPI plan takes this game exactly as the splitter did, or
      // declines it.
      const std::optional<parsers::PlainGameExtent> fast = parsers::plain_game_extent(
          std::string_view(input).substr(std::size_t(game.offset)), limits.max_game_bytes);
      if (fast) {
        FUZZ_CHECK(game.skipped == 0 && fast->size == game.text.size() &&
                       fast->line_ends == std::count(game.text.begin(), game.text.end(), '\n'),
                   "game %lld: the fast count gives %zu bytes and %lld line ends, the splitter "
                   "%zu bytes (%llu skipped)",
                   (long long)games, fast->size, (long long)fast->line_ends, game.text.size(),
                   (unsigned long long)game.skipped);
      }
    }
    FUZZ_CHECK(game.skipped == 0 || game.text.empty(), "game %lld: skipped and kept",
               (long long)games);
    const analysis::GameReport report = analysis::validate_game(game, options);
    int errors = 0;
    for (const auto& d : report.diagnostics) errors += d.severity == parsers::Severity::kError;
    FUZZ_CHECK(errors == report.errors, "game %lld: %d errors counted, %d listed", (long long)games,
               report.errors, errors);
    if (game.text.size() < 1024)  // (twice the work: small games only)
      FUZZ_CHECK(same(report, analysis::validate_game(game, options)),
                 "game %lld: two validations differ", (long long)games);
  }
  if (plain) {
    const bool bom = input.rfind("\xEF\xBB\xBF", 0) == 0;
    const std::string content = bom ? input.substr(3) : input;
    if (games == 0) {
      // No game: only blank lines, which belong to no game (blank: spaces, tabs, vertical
      // tabs, form feeds and line ends, as the splitter reads them).
      FUZZ_CHECK(content.find_first_not_of(" \t\r\n\v\f") == std::string::npos,
                 "%zu bytes of input and no game", content.size());
    } else if (skipped == 0) {
      FUZZ_CHECK(joined == content, "the games' texts (%zu bytes) are not the input (%zu bytes)",
                 joined.size(), content.size());
    } else {
      FUZZ_CHECK(joined.size() + skipped == content.size(),
                 "%zu bytes kept + %llu skipped, input %zu bytes", joined.size(),
                 (unsigned long long)skipped, content.size());
    }
  }
  return 0;
}
