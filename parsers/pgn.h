// PGN syntax, in two steps:
//
// 1. GameSplitter cuts a byte stream into games (plain C++, one pass, no allocation per
//    token). A game is its tag section and its movetext, up to and including the line with
//    its termination marker at the top level, or up to the next tag section. The bytes are
//    kept verbatim (RawGame::text) so that tools can write games out unchanged. Memory stays
//    flat: only the current game is held, whatever the size of the input, and a game larger
//    than SplitterOptions::max_game_bytes is not held at all (it is skipped, and reported).
// 2. parse_game() reads one game (Boost.Spirit X3 for tag pairs and movetext tokens) and
//    reports what it holds to a visitor, in order. Games are independent, so step 2 runs in
//    parallel while step 1 reads on.
//
// No legality here: a move is reported as the text written (rules/ reads it).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "parsers/comment_commands.h"
#include "parsers/input.h"

namespace fairykit::parsers {

// A place in the input: 1-based line and column (columns count bytes; both 64-bit, for a
// line can be longer than 2 GiB).
struct PgnLocation {
  std::int64_t line = 0;
  std::int64_t column = 0;
};

enum class Severity { kWarning, kError };

// Something the splitter noticed while cutting a game out (e.g. an unterminated comment it
// resynchronised after).
struct SplitNote {
  Severity severity = Severity::kWarning;
  std::string message;
  PgnLocation where;
};

// What a record of the input holds (RawGame::format): a PGN game, a line of a FEN or EPD
// list, or a game object of fairy-convert's JSON (parsers/records.h).
enum class RecordFormat : std::uint8_t { kPgn, kPositions, kJson, kJsonl };

// How deep variations may nest: a '(' that would open one deeper makes the game invalid
// ("variations nested more than 200 deep"), in PGN as in fairy-convert's JSON, so every game
// a tool reads can be written in every format and read back. (The JSON form of a game nests
// three levels per variation: analysis/formats/json_read.h reads it with a bound of its own.)
inline constexpr int kMaxVariationDepth = 200;

// The NAGs of the PGN standard ($0 to $255); a larger one makes the game invalid, in PGN as
// in JSON.
inline constexpr int kMaxNag = 255;

struct RawGame {
  // The game's bytes exactly as in the input (CRLF and Latin-1 kept), from its first line
  // up to the first line of the next game: blank lines after it are included, so writing
  // the texts of all games one after the other reproduces the input (less a leading BOM),
  // except for games over the size limit, whose bytes are not kept.
  std::string text;
  std::int64_t index = 0;         // 1-based number of the game in the input
  std::int64_t first_line = 0;    // input line of the game's first byte
  std::int64_t first_column = 1;  // and its column (a JSON array's element may start mid-line)
  std::uint64_t offset = 0;       // byte offset of the game's first byte in the (decompressed)
                                  // input
  // A game longer than SplitterOptions::max_game_bytes: its size in bytes (text is then
  // empty and notes hold the error); 0 for every other game.
  std::uint64_t skipped = 0;
  std::vector<SplitNote> notes;
  RecordFormat format = RecordFormat::kPgn;
};

// A reader of records, one at a time (GameSplitter for PGN; parsers/records.h for the others).
class RecordReader {
 public:
  virtual ~RecordReader() = default;
  // Fills `game` with the next record and returns true, or false at the end of the input.
  virtual absl::StatusOr<bool> next(RawGame& game) = 0;
  // Input bytes consumed so far (compressed bytes), for progress.
  virtual std::uint64_t raw_bytes_read() const = 0;
};

struct SplitterOptions {
  // A game longer than this is one invalid game: its bytes are skipped up to where the game
  // ends (as if there were no limit, see pgn_splitter.cpp), without being held in memory,
  // and it is delivered with an empty text, its size in RawGame::skipped and an error note naming
  // the byte range: "game exceeds the 64 MiB limit (--max-game-size): bytes 0 to 70254591
  // of the input skipped (70254592 bytes, not kept, so not in any output)". The splitter
  // holds a game and a read chunk (before a game of the plain shape, up to 5 x 64 KiB read
  // ahead), and at worst twice this limit (a game just under it followed by a line longer
  // than it), even for an input with no game boundaries at all; the copy of a game in
  // RawGame::text comes on top.
  std::size_t max_game_bytes = 64u << 20;
  std::size_t read_chunk = 1u << 20;
  // Named in that message when not empty: the option that sets the limit.
  std::string limit_flag = {};
  // Where the source starts in the input, when it is a part of it (a share of an MPI run,
  // read from a game boundary on): the byte offset, line and number of games before it, so
  // that RawGame::offset, first_line, index and every location are those of the whole
  // input. A byte order mark is looked for only at offset 0.
  std::uint64_t first_offset = 0;
  std::int64_t first_line = 1;
  std::int64_t games_before = 0;
  // Games of the plain shape (plain_game_extent below) are cut by that function, in one
  // pass over their bytes, instead of line by line; every other game line by line, as
  // always. The games are the same either way (the tests and the fuzz targets split with
  // it off and on and compare). Off: the line-by-line splitter alone, the reference.
  bool plain_games_fast = true;
};

class GameSplitter final : public RecordReader {
 public:
  explicit GameSplitter(ByteSource& source, SplitterOptions options = {});
  ~GameSplitter();
  GameSplitter(const GameSplitter&) = delete;
  GameSplitter& operator=(const GameSplitter&) = delete;
  // Fills `game` with the next game and returns true, or returns false at the end of the
  // input. Read errors (a corrupt compressed stream) are returned as a status; the games
  // before the error have been delivered.
  absl::StatusOr<bool> next(RawGame& game) override;
  // Input bytes consumed so far (compressed bytes), for progress.
  std::uint64_t raw_bytes_read() const override;
  // Bytes looked at so far by the searches that may run past the current line (line ends,
  // tag names already in the game): a linear splitter looks at each input byte a bounded
  // number of times, whatever the shape of the input. For tests.
  std::uint64_t bytes_scanned() const { return scanned_; }

 private:
  // (Private members are the implementation's to choose.)
  // What the splitter knows about the current game while it reads it line by line.
  struct ScanState {
    enum Mode { kStart, kTags, kMovetext };
    Mode mode = kStart;    // nothing yet / in the tag section / in the movetext
    bool content = false;  // a line other than a blank one was read
    bool in_comment = false;
    bool done = false;           // the termination marker was read: blank, ;-comment and
                                 // %-escape lines may follow
    bool tag_open = false;       // a tag pair continues on the next line
    int blank_lines = 0;         // blank lines since the last tag line
    std::int64_t depth = 0;      // variation depth (64-bit: a game over 2 GiB may open more)
    PgnLocation comment_open;    // where the open {comment} started
    PgnLocation variation_open;  // where the outermost open variation started
  };
  enum class Verdict { kTake, kEndBefore, kResyncComment, kResyncVariation };
  // Where the next occurrence of a byte is, so that a line end is found without scanning
  // the same bytes twice (lone-CR files have no '\n' at all).
  struct ByteCache {
    std::size_t lo = 0, hi = 0;  // no occurrence in [lo, hi); one at hi when `found`
    bool found = false;
  };

  struct TagNames;
  // `line_number` rather than a PgnLocation: a seventh argument goes on the stack, and a
  // struct built there and read back whole stalled the store forwarding at every line.
  Verdict scan_line(ScanState& s, std::string_view game, const char* line, const char* end,
                    std::int64_t line_number);
  static Verdict scan_movetext(ScanState& s, const char* line, const char* p, const char* end,
                               PgnLocation where);
  absl::Status Fill(std::size_t& scan);
  void Drop(std::size_t to, std::int64_t line);
  void take_text(RawGame& game, std::size_t end);
  std::string oversize_message(std::uint64_t from, std::uint64_t to) const;
  std::size_t Find(ByteCache& cache, char byte, std::size_t from);
  std::size_t find_line_end(std::size_t from);

  ByteSource& source_;
  SplitterOptions options_;
  // The read buffer: anonymous memory that grows and shrinks in place (mremap on Linux), so
  // that a large game is not copied while it grows, and its memory goes back once it is
  // gone (a std::string's growth held the old and the new copy at once).
  class Buffer {
   public:
    Buffer() = default;
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    char* data() const { return data_; }
    std::size_t capacity() const { return capacity_; }
    // Sets the capacity to at least `n` bytes (rounded up to pages), keeping the first
    // min(n, capacity()) bytes. Aborts like operator new when memory runs out.
    void Resize(std::size_t n);

   private:
    char* data_ = nullptr;
    std::size_t capacity_ = 0;
  };
  // Bytes [0, size_) hold input; the current game starts at pos_ (for a game over the
  // limit, pos_ follows the scan: the bytes before it are dropped).
  Buffer buffer_;
  std::size_t size_ = 0;
  std::size_t pos_ = 0;
  bool eof_ = false;
  bool started_ = false;
  absl::Status status_;    // a read error: returned once the games read before it are out
  std::int64_t line_ = 1;  // line and byte offset of buffer_[pos_], a line start
  std::uint64_t offset_ = 0;
  std::int64_t games_ = 0;
  bool skipping_ = false;  // the current game is over the limit: its bytes are dropped
  ByteCache lf_, cr_;
  std::unique_ptr<TagNames> names_;  // the tag names of the current game
  std::uint64_t scanned_ = 0;
  // SplitterOptions::plain_games_fast: games still to split line by line before the fast
  // cut is tried again, and the pause after the next miss (doubled at each miss in a row,
  // up to 64 games: an archive of variations does not scan each game twice).
  int fast_wait_ = 0;
  int fast_pause_ = 0;
};

// The games of plain text counted fast (the counting pass of an MPI run's plan,
// analysis/batch/pgn_shares.h): where the game that starts at text[0] ends, when it has the plain
// shape of most archives, decided by exactly the rules of GameSplitter. `text` starts where
// GameSplitter starts a game (at a game boundary, after any byte order mark) and runs to
// the end of the input. The game must start with a tag line and have: one-line tag pairs,
// '\n' line ends (no '\r' in it, nor in the line after it), no line longer than
// `max_game_bytes` and no more bytes in all, no variation, no %-escape line in the tag
// section, no line starting with '[' inside a {comment} and no tag line after a blank line
// before its movetext; and a line must follow it. Anything else is nullopt (not an error:
// the caller asks GameSplitter). The size is the game's bytes with the blank lines
// after it (RawGame::text), and `line_ends` the '\n' bytes in them.
struct PlainGameExtent {
  std::size_t size = 0;
  std::int64_t line_ends = 0;
};
std::optional<PlainGameExtent> plain_game_extent(std::string_view text, std::size_t max_game_bytes);

class PgnVisitor {
 public:
  virtual ~PgnVisitor() = default;
  // A tag pair, in order. The value is unescaped (\" and \\); it is only valid during the
  // call. (`where` by reference: a seventh argument, it would be copied through the stack,
  // and the copy stalled the store forwarding at every tag.)
  virtual void tag(std::string_view name, std::string_view value, const PgnLocation& where) {
    (void)name, (void)value, (void)where;
  }
  // After the last tag pair, before the first movetext token (also for games without tags
  // or without movetext).
  virtual void end_tags() {}
  // A move as written, without its move number and without suffix annotations such as
  // "!?" (reported as nag()); check marks are kept: "Nf3", "exd6", "e8=Q#", "O-O+",
  // "0-0-0", "e2e4", "e7e8q", "exd6e.p." (an "e.p." written apart is folded into the move).
  virtual void move(std::string_view text, PgnLocation where) { (void)text, (void)where; }
  // "$14", or a suffix annotation mapped to its NAG: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6.
  virtual void nag(int value, PgnLocation where) { (void)value, (void)where; }
  // A {...} or ;... comment, without its delimiters.
  virtual void comment(std::string_view text, PgnLocation where) { (void)text, (void)where; }
  // When, of this game's comments, the visitor wants only the values of their clk, emt and
  // eval commands on the main line (statistics of online play): the list they go into. Asked
  // once a game, at its first comment. The reader then reads each {comment} made of those
  // commands only (the form of online archives) itself, into
  // ply_commands_entry(list, ply) with ply its own count of the main line's moves (only the
  // values still empty are filled: the first of a move's comments wins); the other comments
  // still come as comment(). Since the reader counts every move it reads, the visitor drops
  // the entries past the last move it could play. nullptr (the default): every comment comes
  // as comment().
  virtual std::vector<PlyCommands>* comment_commands_list() { return nullptr; }
  virtual void begin_variation(PgnLocation where) { (void)where; }
  virtual void end_variation(PgnLocation where) { (void)where; }
  // The termination marker: "1-0", "0-1", "1/2-1/2" or "*". Not called when it is missing.
  virtual void result(std::string_view text, PgnLocation where) { (void)text, (void)where; }
  // A syntax problem. After a warning the reader goes on; after an error the rest of the
  // game is not reported (the tools count the game as invalid).
  virtual void problem(Severity severity, std::string_view message, PgnLocation where) {
    (void)severity, (void)message, (void)where;
  }
};

// Whether `line` (without its line end), met inside a {comment}, is a whole tag-pair line
// that the splitter takes for the start of the next game (the comment then counts as
// unterminated): '[' in column 1, a tag name, optional blanks, a quoted value and ']' ending
// the line. Writers of comments keep such lines out of a comment in braces.
bool is_tag_pair_line(std::string_view line);

// Whether parse_game reads `text`, standing alone in movetext, as one move() and nothing else
// (not a result, a move number, a NAG or a suffix annotation, not two tokens).
bool is_one_move(std::string_view text);

// Reads one game and reports it to `visitor`. The splitter's notes are reported first,
// as problem() calls.
void parse_game(const RawGame& game, PgnVisitor& visitor);

}  // namespace fairykit::parsers
