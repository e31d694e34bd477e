// The fast count of the MPI plan (parsers::plain_game_extent) against GameSplitter, on any
// bytes read as plain text. Byte 0 sets the game size limit (0: 64 MiB, else 16 x byte 0
// bytes, so that games and lines over the limit are common). Invariants:
//   * at every game boundary GameSplitter finds (line by line, plain_games_fast off),
//     plain_game_extent gives that game exactly (its bytes with the blank lines after it,
//     and the '\n' in them) or declines it;
//   * GameSplitter with plain_games_fast on (as the tools run it), reading 64 bytes at a
//     time, gives the same games;
//   * at every other offset of a small input it reads nothing outside the input (the
//     sanitizers watch) and gives at most the rest of the input.
// (pgn_fuzz checks the same at every game, among its slower checks.)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "parsers/input.h"
#include "parsers/pgn.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fairykit;
  if (size == 0) return 0;
  const std::size_t max = data[0] == 0 ? std::size_t(64) << 20 : std::size_t(data[0]) * 16;
  // The text after byte 0, in a buffer of exactly its size, so that a read past it is
  // caught.
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto source = parsers::memory_input(std::string(text), "fuzz.pgn");
  if (source->compression() != parsers::Compression::kNone) return 0;  // not plain text
  parsers::SplitterOptions options;
  options.max_game_bytes = max;
  options.plain_games_fast = false;  // the reference: line by line
  parsers::GameSplitter splitter(*source, options);
  // The splitter as the tools run it (plain games cut by plain_game_extent), read in small
  // chunks so that games straddle its reads: the same games.
  auto source2 = parsers::memory_input(std::string(text), "fuzz.pgn");
  options.plain_games_fast = true;
  options.read_chunk = 64;
  parsers::GameSplitter fast_splitter(*source2, options);
  parsers::RawGame game, fast_game;
  for (;;) {
    absl::StatusOr<bool> more = splitter.next(game);
    FUZZ_CHECK(more.ok(), "a read error from memory: %s",
               std::string(more.status().message()).c_str());
    absl::StatusOr<bool> fast_more = fast_splitter.next(fast_game);
    FUZZ_CHECK(fast_more.ok() && *fast_more == *more, "plain_games_fast: %s after game %lld",
               fast_more.ok() ? "another number of games" : "a read error", (long long)game.index);
    if (*more)
      FUZZ_CHECK(fast_game.text == game.text && fast_game.index == game.index &&
                     fast_game.first_line == game.first_line && fast_game.offset == game.offset &&
                     fast_game.skipped == game.skipped &&
                     fast_game.notes.size() == game.notes.size(),
                 "plain_games_fast: game %lld differs (%zu bytes at %llu against %zu at %llu)",
                 (long long)game.index, fast_game.text.size(), (unsigned long long)fast_game.offset,
                 game.text.size(), (unsigned long long)game.offset);
    if (!*more) break;
    FUZZ_CHECK(game.offset <= text.size(), "game %lld at %llu of %zu bytes", (long long)game.index,
               (unsigned long long)game.offset, text.size());
    const std::optional<parsers::PlainGameExtent> fast =
        parsers::plain_game_extent(text.substr(std::size_t(game.offset)), max);
    if (!fast) continue;
    FUZZ_CHECK(game.skipped == 0 && fast->size == game.text.size() &&
                   fast->line_ends == std::count(game.text.begin(), game.text.end(), '\n'),
               "game %lld at byte %llu: the fast count gives %zu bytes and %lld line ends, the "
               "splitter %zu bytes (%llu skipped)",
               (long long)game.index, (unsigned long long)game.offset, fast->size,
               (long long)fast->line_ends, game.text.size(), (unsigned long long)game.skipped);
  }
  if (text.size() <= 512) {
    for (std::size_t at = 0; at <= text.size(); ++at) {
      const std::optional<parsers::PlainGameExtent> any =
          parsers::plain_game_extent(text.substr(at), max);
      if (any)
        FUZZ_CHECK(any->size > 0 && any->size <= text.size() - at,
                   "at byte %zu: a game of %zu bytes in %zu", at, any->size, text.size() - at);
    }
  }
  return 0;
}
