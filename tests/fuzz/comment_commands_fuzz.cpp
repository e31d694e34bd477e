// The reader of comment commands ([%clk], [%emt], [%eval]: parsers/comment_commands.h). Input:
// the text of a comment. Invariants: the values are in range; every problem points at a "[%"
// of the text; reading without collecting problems gives the same values; the usual forms and
// the general reader agree (a second space after each command's name sends every command
// through the general reader), and so does the PGN reader's one-pass form of a whole
// comment; a clock, and an evaluation in centipawns, written back as a
// command read again give the same value.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/comment_commands.h"
#include "parsers/detail/comment_scan.h"

namespace {

using fairykit::parsers::CommentCommands;

bool same(const CommentCommands& a, const CommentCommands& b) {
  return a.clock_ms == b.clock_ms && a.elapsed_ms == b.elapsed_ms && a.has_eval == b.has_eval &&
         (!a.has_eval || (a.mate == b.mate && a.eval == b.eval && a.depth == b.depth));
}

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "comment_commands_fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fairykit::parsers;
  if (size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  CommentCommands c;
  std::vector<CommandProblem> problems;
  const bool any = read_comment_commands(text, c, &problems);
  if (c.any() && !any) fail("values without a command");
  constexpr std::int64_t kMaxMs = 596LL * 3600 * 1000;
  for (const std::int32_t ms : {c.clock_ms, c.elapsed_ms})
    if (ms != CommentCommands::kNone && (ms < 0 || ms >= kMaxMs)) fail("a time out of range");
  if (c.has_eval && c.depth < -1) fail("a depth below -1");
  for (const CommandProblem& p : problems)
    if (p.offset + 1 >= text.size() || text.substr(p.offset, 2) != "[%" || p.message.empty())
      fail("a problem not at a command");
  CommentCommands quiet;
  if (read_comment_commands(text, quiet, nullptr) != any || !same(c, quiet))
    fail("the values depend on collecting problems");
  // Every command through the general reader.
  std::string general(text);
  for (const char* name : {"[%clk ", "[%emt ", "[%eval "})
    for (std::size_t at = 0; (at = general.find(name, at)) != std::string::npos; at += 2)
      general.insert(at + std::string_view(name).size(), " ");
  CommentCommands slow;
  read_comment_commands(general, slow, nullptr);
  if (!same(c, slow)) fail("the usual forms and the general reader disagree");
  // The PGN reader's one-pass form of a whole comment, when it reads: the same values.
  const std::string braced = std::string(text) + "}";
  CommentCommands whole;
  if (const char* close =
          detail::read_usual_comment(braced.data(), braced.data() + braced.size(), whole)) {
    if (text.find('}') < std::size_t(close - braced.data())) fail("read past a '}'");
    if (close == braced.data() + text.size() && !same(c, whole))
      fail("the reader's one-pass form and read_comment_commands disagree");
  }
  // Written back and read again.
  if (c.clock_ms != CommentCommands::kNone) {
    CommentCommands again;
    read_comment_commands("[%clk " + clock_text(c.clock_ms) + "]", again, nullptr);
    if (again.clock_ms != c.clock_ms) fail("a clock written back reads differently");
  }
  if (c.has_eval && !c.mate) {
    const std::int32_t cp = c.eval < 0 ? -c.eval : c.eval;
    char pawns[32];
    std::snprintf(pawns, sizeof pawns, "%s%d.%02d", c.eval < 0 ? "-" : "", cp / 100, cp % 100);
    CommentCommands again;
    read_comment_commands(std::string("[%eval ") + pawns + "]", again, nullptr);
    if (!again.has_eval || again.mate || again.eval != c.eval) fail("an evaluation written back");
  }
  return 0;
}
