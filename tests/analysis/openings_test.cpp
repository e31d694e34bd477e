// Opening names by position (analysis/checking/openings.h): the embedded lichess data set loads
// whole, games are named by the last book position they reach (transpositions included),
// en passant squares count only when a capture is legal, and a broken opening file is
// reported with its name and line. Expected names were looked up by hand in
// data/openings/*.tsv.
#include "analysis/checking/openings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/openings_data.h"
#include "analysis/checking/validate.h"
#include "parsers/pgn.h"
#include "rules/game/any_game.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

const std::filesystem::path kDataDir = std::filesystem::path(FAIRYKIT_SOURCE_DIR) / "data/openings";

const OpeningBook& Book() {
  const absl::StatusOr<OpeningBook>& book = OpeningBook::builtin();
  EXPECT_TRUE(book.ok()) << book.status();
  return *book;
}

// The keys after each move of `moves` (SAN separated by spaces, no move numbers), played
// from the standard start position.
std::vector<Key> KeysOf(std::string_view moves) {
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(*find_variant("chess"));
  EXPECT_TRUE(game.ok()) << game.status();
  std::vector<Key> keys;
  while (!moves.empty()) {
    const std::size_t space = moves.find(' ');
    const std::string_view move = moves.substr(0, space);
    const absl::Status s = (*game)->play_move(move);
    EXPECT_TRUE(s.ok()) << move << ": " << s;
    keys.push_back((*game)->key());
    moves = space == std::string_view::npos ? std::string_view() : moves.substr(space + 1);
  }
  return keys;
}

// "C60 Ruy Lopez @5", or "none".
std::string Describe(const std::optional<OpeningMatch>& m) {
  if (!m) return "none";
  return m->opening->eco + " " + m->opening->name + " @" + std::to_string(m->ply);
}

std::string Classify(std::string_view moves, int max_plies = OpeningBook::kMaxPlies) {
  return Describe(Book().classify(KeysOf(moves), max_plies));
}

GameRecord RecordOf(std::string pgn) {
  parsers::RawGame raw;
  raw.text = std::move(pgn);
  raw.index = 1;
  raw.first_line = 1;
  GameRecord record;
  RecordOptions ro;
  ro.keys = true;
  const GameReport report = validate_game(raw, {}, record, ro);
  EXPECT_TRUE(report.valid()) << (report.diagnostics.empty() ? "" : report.diagnostics[0].message);
  return record;
}

std::string ClassifyRecord(std::string pgn) {
  return Describe(Book().classify(RecordOf(std::move(pgn))));
}

absl::StatusOr<OpeningBook> ParseOne(std::string name, std::string text) {
  const OpeningsFile files[] = {{std::move(name), std::move(text)}};
  return OpeningBook::parse(files);
}

std::string ErrorOf(std::string text) {
  absl::StatusOr<OpeningBook> book = ParseOne("x.tsv", std::move(text));
  if (book.ok()) return "<parsed>";
  EXPECT_EQ(book.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(book.status().message());
}

constexpr std::string_view kHeader = "eco\tname\tpgn\n";

// The five files: 3,812 lines, 5 of them headers, so 3,807 openings (checked with wc -l).
TEST(OpeningsData, EveryLineOfTheDataSetLoads) {
  EXPECT_EQ(Book().size(), 3807u);
  // No two lines of the data set reach the same position (the rule for those that do is
  // tested below, on a book of its own).
  EXPECT_EQ(Book().positions(), 3807u);
  EXPECT_EQ(Book().at(0).eco, "A00");
  EXPECT_EQ(Book().at(0).name, "Amar Opening");
  EXPECT_EQ(Book().at(0).pgn, "1. Nh3");
  EXPECT_EQ(Book().at(0).plies, 1);
  const Opening& last = Book().at(Book().size() - 1);
  EXPECT_EQ(last.eco, "E99");
  EXPECT_EQ(last.plies, 20);
}

// The embedded copy is the files of data/openings byte for byte, and loading the directory
// at run time gives the same book.
TEST(OpeningsData, EmbeddedCopyEqualsTheFiles) {
  ASSERT_EQ(openings_data::files().size(), 5u);
  for (const openings_data::File& f : openings_data::files()) {
    std::string text;
    for (std::string_view piece : f.pieces) text.append(piece);
    EXPECT_EQ(text, testing::read_file(kDataDir / std::string(f.name))) << f.name;
  }
  absl::StatusOr<OpeningBook> loaded = OpeningBook::load(kDataDir);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  ASSERT_EQ(loaded->size(), Book().size());
  for (std::size_t i = 0; i < Book().size(); ++i) {
    EXPECT_EQ(loaded->at(i).eco, Book().at(i).eco);
    EXPECT_EQ(loaded->at(i).name, Book().at(i).name);
    EXPECT_EQ(loaded->at(i).key, Book().at(i).key);
  }
}

TEST(OpeningsClassify, ExactLines) {
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5"), "C60 Ruy Lopez @5");
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5 a6"), "C70 Ruy Lopez: Morphy Defense @6");
  EXPECT_EQ(Classify("Nh3"), "A00 Amar Opening @1");
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6"), "C44 King's Knight Opening: Normal Variation @4");
  // The longest line of the data set (36 plies), whole.
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 O-O c3 d5 exd5 Nxd5 Nxe5 "
                     "Nxe5 Rxe5 c6 d4 Bd6 Re1 Qh4 g3 Qh3 Be3 Bg4 Qd3 Rae8 Nd2 Re6 a4 Qh5"),
            "C89 Ruy Lopez: Marshall Attack, Main Line, Spassky Variation @36");
}

// A game that leaves the book is named by the last book position it reached.
TEST(OpeningsClassify, LastBookPositionNamesTheGame) {
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5 Rb8 Ke2 Ra8 Ke1"), "C60 Ruy Lopez @5");
  EXPECT_EQ(Classify("a4 h5 Ra3 Rh6 Rb3 Rb6"), "A00 Ware Opening @1");
  // Every first move is named; only a game without moves, or keys of no book position, is not.
  EXPECT_EQ(Describe(Book().classify(std::vector<Key>{})), "none");
  EXPECT_EQ(Describe(Book().classify(std::vector<Key>{0x1234})), "none");
}

// Only the first max_plies positions count.
TEST(OpeningsClassify, PlyLimit) {
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5", 4), "C44 King's Knight Opening: Normal Variation @4");
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5", 0), "none");
  EXPECT_EQ(Classify("e4 e5 Nf3 Nc6 Bb5", -3), "none");
  // A book position reached again after the limit does not count: the game is named by
  // the last one before it.
  std::string moves = "e4 e5 Nf3 Nc6";
  for (int i = 0; i < 10; ++i) moves += " Ng1 Nb8 Nf3 Nc6";  // 40 more plies
  moves += " Bb5";                                           // ply 45: the Ruy Lopez again
  EXPECT_EQ(Classify(moves), "C44 King's Knight Opening: Normal Variation @40");
  EXPECT_EQ(Classify(moves, 45), "C60 Ruy Lopez @45");
}

// Transpositions: the position counts, not the move order.
TEST(OpeningsClassify, TranspositionsAreNamed) {
  // The pair of the issue reaches one position with one key. The data set names neither
  // that position nor 1. d4 e6 2. c4, so each game keeps the name of an earlier ply.
  EXPECT_EQ(KeysOf("d4 Nf6 c4 e6").back(), KeysOf("c4 e6 d4 Nf6").back());
  EXPECT_EQ(Classify("d4 Nf6 c4 e6"), "A50 Indian Defense: Normal Variation @3");
  EXPECT_EQ(Classify("c4 e6 d4 Nf6"), "A13 English Opening: Agincourt Defense @2");
  // One move more, and both are the Nimzo-Indian (E20, "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4").
  EXPECT_EQ(Classify("d4 Nf6 c4 e6 Nc3 Bb4"), "E20 Nimzo-Indian Defense @6");
  EXPECT_EQ(Classify("c4 e6 Nc3 Nf6 d4 Bb4"), "E20 Nimzo-Indian Defense @6");
  // E21, "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Nf3", reached from the other side.
  EXPECT_EQ(Classify("Nf3 Nf6 c4 e6 Nc3 Bb4 d4"),
            "E21 Nimzo-Indian Defense: Three Knights Variation @7");
  // The Ruy Lopez by another move order.
  EXPECT_EQ(Classify("Nf3 Nc6 e4 e5 Bb5"), "C60 Ruy Lopez @5");
}

// A line that transposes into a position an earlier line named gets the earlier name: the
// first in the order of the files and lines.
TEST(OpeningsClassify, FirstLineNamesASharedPosition) {
  absl::StatusOr<OpeningBook> book =
      ParseOne("x.tsv", std::string(kHeader) +
                            "A00\tFirst\t1. d4 Nf6 2. c4 e6\nA01\tSecond\t1. c4 e6 2. d4 Nf6\n");
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_EQ(book->size(), 2u);
  EXPECT_EQ(book->positions(), 1u);
  EXPECT_EQ(book->at(0).key, book->at(1).key);
  EXPECT_EQ(Describe(book->classify(KeysOf("c4 e6 d4 Nf6"))), "A00 First @4");
}

// An en passant square counts only when the capture is legal, in the book and in every key
// of a game. After line A, exf6 e.p. would open the e-file to the Queen on e7: the same
// position as after line B, which reaches it without a double step.
constexpr std::string_view kPinnedA = "1. e4 d5 2. exd5 e5 3. d4 Qe7 4. dxe5 f5";
constexpr std::string_view kPinnedB =
    "1. e4 d5 2. exd5 e5 3. d4 Qe7 4. dxe5 f6 5. Qd3 f5 6. Qd2 Nf6 7. Qd1 Ng8";
// After C, exd6 e.p. is legal; D reaches the same squares without it: another position.
constexpr std::string_view kLegalC = "1. e4 Nf6 2. e5 d5";
constexpr std::string_view kLegalD = "1. e4 Nf6 2. e5 d6 3. Qf3 d5 4. Qe2 Nc6 5. Qd1 Nb8";

std::string MovesOf(std::string_view pgn) {  // without the move numbers
  std::string out;
  for (std::size_t at = 0; at < pgn.size();) {
    std::size_t end = pgn.find(' ', at);
    if (end == std::string_view::npos) end = pgn.size();
    const std::string_view token = pgn.substr(at, end - at);
    if (token.back() != '.') {
      if (!out.empty()) out += ' ';
      out += token;
    }
    at = end + 1;
  }
  return out;
}

// Whether a book of `book_line` alone names the last position of `game_line`.
bool Names(std::string_view book_line, std::string_view game_line) {
  absl::StatusOr<OpeningBook> book =
      ParseOne("ep.tsv", std::string(kHeader) + "A00\tLine\t" + std::string(book_line) + "\n");
  EXPECT_TRUE(book.ok()) << book.status();
  return book.ok() && book->find(KeysOf(MovesOf(game_line)).back()) != nullptr;
}

TEST(OpeningsEnPassant, OnlyALegalCaptureCounts) {
  // One position, one key...
  EXPECT_EQ(KeysOf(MovesOf(kPinnedA)).back(), KeysOf(MovesOf(kPinnedB)).back());
  // ... so the book knows it whichever line reached it.
  EXPECT_TRUE(Names(kPinnedA, kPinnedB));
  EXPECT_TRUE(Names(kPinnedB, kPinnedA));
  EXPECT_TRUE(Names(kPinnedA, kPinnedA));
  EXPECT_TRUE(Names(kPinnedB, kPinnedB));
  // A legal en passant capture makes another position.
  EXPECT_TRUE(Names(kLegalC, kLegalC));
  EXPECT_TRUE(Names(kLegalD, kLegalD));
  EXPECT_FALSE(Names(kLegalC, kLegalD));
  EXPECT_FALSE(Names(kLegalD, kLegalC));
}

TEST(OpeningsRecord, MainLineOfAGameRecord) {
  EXPECT_EQ(ClassifyRecord("[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Rb8 4. Ke2 *\n"),
            "C60 Ruy Lopez @5");
  // Variations are not the game.
  EXPECT_EQ(ClassifyRecord("[Event \"t\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 *\n"),
            "C60 Ruy Lopez @5");
  EXPECT_EQ(ClassifyRecord("[Event \"t\"]\n\n1. Nh3 (1. e4 e5 2. Nf3 Nc6 3. Bb5) *\n"),
            "A00 Amar Opening @1");
  // Set up from the standard start position: the same game.
  EXPECT_EQ(ClassifyRecord("[Event \"t\"]\n[SetUp \"1\"]\n[FEN "
                           "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n"
                           "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n"),
            "C60 Ruy Lopez @5");
  // With the keys of the record, not recomputed: a record without them names nothing.
  GameRecord bare = RecordOf("[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
  for (RecordItem& item : bare.items) item.key = 0;
  EXPECT_EQ(Describe(Book().classify(bare)), "none");
}

std::string ClassifyFirst(std::string pgn) {
  return Describe(Book().classify_first(RecordOf(std::move(pgn))));
}

TEST(OpeningsRecord, FirstNamesWhereTheMovesLeaveTheBook) {
  // 2. Ng1 leaves the book (no line passes through it); 3. e4 comes back to the position
  // after 1. e4 (Black to move, the same castling rights): the deepest named position, but
  // not where the moves left the book.
  const std::string back = "[Event \"t\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *\n";
  EXPECT_EQ(ClassifyRecord(back), "B00 King's Pawn Game @5");
  EXPECT_EQ(ClassifyFirst(back), "A05 Zukertort Opening @2");
  // A position the book passes through without naming it does not stop the walk: after
  // 3. d4 (unnamed) the line goes on to the Scheveningen's English Attack with 7. f3.
  const std::string sicilian =
      "[Event \"t\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e6 7. f3 b5 "
      "8. Qd2 Nbd7 *\n";
  EXPECT_EQ(ClassifyFirst(sicilian),
            "B90 Sicilian Defense: Scheveningen Variation, English Attack, with f3 @13");
  EXPECT_EQ(ClassifyRecord(sicilian), ClassifyFirst(sicilian));
  // Out of the book after the first move: the first move's name, both ways. Other starts
  // and variants have no name either way.
  const std::string short_stay = "[Event \"t\"]\n\n1. Nh3 e5 2. Ng1 *\n";
  EXPECT_EQ(ClassifyFirst(short_stay), "A00 Amar Opening @1");
  EXPECT_EQ(ClassifyRecord(short_stay), "A00 Amar Opening @1");
  EXPECT_EQ(ClassifyFirst("[Event \"t\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN "
                          "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n"
                          "1. e4 e5 *\n"),
            "none");
}

TEST(OpeningsRecord, OtherStartsAndVariantsHaveNoName) {
  // From another position, even one that later reaches a book position.
  EXPECT_EQ(ClassifyRecord("[Event \"t\"]\n[SetUp \"1\"]\n[FEN "
                           "\"rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1\"]\n\n"
                           "1... e5 2. Ng1 e4 *\n"),
            "none");
  // Chess960 from the standard array (518) plays the same moves, but is not chess.
  EXPECT_EQ(ClassifyRecord("[Event \"t\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN "
                           "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n"
                           "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n"),
            "none");
}

TEST(OpeningsErrors, MalformedLinesNameFileAndLine) {
  const std::string ok = std::string(kHeader) + "A00\tAmar Opening\t1. Nh3\n";
  EXPECT_EQ(ErrorOf(ok + "A00\tBroken 1. Nh3\n"),
            "x.tsv:3: expected 3 fields separated by tabs (eco, name, pgn), found 2");
  EXPECT_EQ(ErrorOf(ok + "A00\tA\tB\t1. e4\n"),
            "x.tsv:3: expected 3 fields separated by tabs (eco, name, pgn), found 4");
  EXPECT_EQ(ErrorOf(ok + "\n" + "A00\tAmar Opening\t1. Nh3\n"),
            "x.tsv:3: expected 3 fields separated by tabs (eco, name, pgn), found 1");
  EXPECT_EQ(ErrorOf(ok + "F00\tX\t1. e4\n"),
            "x.tsv:3: ECO code \"F00\" is not a letter A-E and two digits");
  EXPECT_EQ(ErrorOf(ok + "A0\tX\t1. e4\n"),
            "x.tsv:3: ECO code \"A0\" is not a letter A-E and two digits");
  EXPECT_EQ(ErrorOf(ok + "A00\t\t1. e4\n"), "x.tsv:3: empty name");
  EXPECT_EQ(ErrorOf(ok + "A00\tX\t\n"), "x.tsv:3: no moves");
  EXPECT_EQ(ErrorOf(ok + "A00\tX\t1. e4 e4\n"), "x.tsv:3: move 2: illegal move \"e4\"");
  EXPECT_EQ(ErrorOf(ok + "A00\tX\t1. e4 e5 2. Nf9\n"), "x.tsv:3: move 3: unreadable move \"Nf9\"");
  EXPECT_EQ(ErrorOf("eco\tname\n"),
            "x.tsv:1: the header is not \"eco<TAB>name<TAB>pgn\" (not an opening file?)");
  EXPECT_EQ(ErrorOf(""), "x.tsv: empty file");
  // Without a final line end, and with CRLF line ends, the lines are read the same.
  EXPECT_EQ(ErrorOf(std::string(kHeader) + "A00\tAmar Opening\t1. Nh3"), "<parsed>");
  EXPECT_EQ(ErrorOf("eco\tname\tpgn\r\nA00\tAmar Opening\t1. Nh3\r\n"), "<parsed>");
}

class OpeningsLoad : public testing::TempDirTest {};

TEST_F(OpeningsLoad, ErrorsNameTheFile) {
  std::ofstream(dir_ / "a.tsv") << kHeader << "A00\tAmar Opening\t1. Nh3\n";
  std::ofstream(dir_ / "b.tsv") << kHeader << "B00\tOwen Defense\t1. e4 b6\n"
                                << "B00\tBad\t1. e4 b6 2. Bb7\n";
  absl::StatusOr<OpeningBook> book = OpeningBook::load(dir_);
  ASSERT_FALSE(book.ok());
  EXPECT_EQ(book.status().message(), "b.tsv:3: move 3: illegal move \"Bb7\"");

  std::filesystem::remove(dir_ / "b.tsv");
  std::ofstream(dir_ / "notes.txt") << "not read\n";
  book = OpeningBook::load(dir_);
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_EQ(book->size(), 1u);

  std::filesystem::remove(dir_ / "a.tsv");
  book = OpeningBook::load(dir_);
  ASSERT_FALSE(book.ok());
  EXPECT_EQ(book.status().message(), dir_.string() + ": no opening file (*.tsv)");
  EXPECT_FALSE(OpeningBook::load(dir_ / "missing").ok());
}

}  // namespace
}  // namespace fairykit::analysis
