// fairy-convert --to sqlite from the outside: a hand-made PGN file into a database, then the
// database read with the SQLite C API: the five queries of docs/fairy-convert.md give the answers
// counted by hand; a second archive appends; what is not a fairykit database (or another schema
// version) is refused and left as it was; a failed run leaves the database as it was.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using fairykit::testing::slurp;
using fairykit::testing::ToolOutput;

// Six games (the seventh is rejected): Alice has White in games 1 and 3 (1-0, 0-1) and
// Black in games 2 and 4 (two draws). Games 3 and 4 reach the position after 1.e4 e5
// 2.Nf3 Nc6 (3 by transposition); game 5 is mated with '+' instead of '#' (a warning);
// game 6 is Chess960, unfinished; game 7 has an illegal move.
constexpr const char* kGames = R"([Event "Club"]
[Site "Here"]
[Date "2024.01.01"]
[Round "1"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "2100"]
[BlackElo "2000"]
[ECO "C20"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Club"]
[Site "Here"]
[Date "2024.01.02"]
[Round "2"]
[White "Bob"]
[Black "Alice"]
[Result "1/2-1/2"]
[ECO "D00"]

1. d4 d5 2. Nf3 Nf6 1/2-1/2

[Event "Club"]
[Site "Here"]
[Date "2024.01.03"]
[Round "3"]
[White "Alice"]
[Black "Carol"]
[Result "0-1"]
[WhiteElo "?"]
[ECO "C20"]
[Annotator "Dave"]

1. Nf3 Nc6 2. e4 e5 0-1

[Event "Club"]
[Site "Here"]
[Date "2024.01.04"]
[Round "4"]
[White "Carol"]
[Black "Alice"]
[Result "1/2-1/2"]
[ECO "C44"]

1. e4 e5 2. Nf3 Nc6 1/2-1/2

[Event "Club"]
[Site "Here"]
[Date "2024.01.05"]
[Round "5"]
[White "Bob"]
[Black "Carol"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4+ 0-1

[Event "Club 960"]
[Site "Here"]
[Date "2024.01.06"]
[Round "6"]
[White "Carol"]
[Black "Bob"]
[Result "*"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1"]

1. e4 e5 *

[Event "Club"]
[Site "Here"]
[Date "2024.01.07"]
[Round "7"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Ke3 1-0
)";

// The five queries of docs/fairy-convert.md (the player's name is the only change).
const std::string kScoreByColour = R"(
SELECT 'white' AS colour, count(*) AS games,
       total(CASE result WHEN '1-0' THEN 1 WHEN '1/2-1/2' THEN 0.5 END) AS score
  FROM games WHERE white = 'Alice' AND result != '*'
UNION ALL
SELECT 'black', count(*),
       total(CASE result WHEN '0-1' THEN 1 WHEN '1/2-1/2' THEN 0.5 END)
  FROM games WHERE black = 'Alice' AND result != '*';)";
const std::string kFirstMoves = R"(
SELECT g.variant, m.san, count(*) AS games
  FROM moves m JOIN games g ON g.id = m.game_id
 WHERE m.ply = 1
 GROUP BY g.variant, m.san ORDER BY games DESC, g.variant, m.san LIMIT 5;)";
std::string reaches(const std::string& key) {
  return R"(
SELECT g.date, g.white, g.black, g.result, min(m.ply) AS ply
  FROM moves m JOIN games g ON g.id = m.game_id
 WHERE m.key_after = )" +
         key + R"( AND g.variant = 'chess'
 GROUP BY g.id ORDER BY g.id;)";
}
const std::string kByEco = R"(
SELECT eco, count(*) AS games, sum(result = '1-0') AS white_wins,
       sum(result = '1/2-1/2') AS draws, sum(result = '0-1') AS black_wins
  FROM games WHERE eco IS NOT NULL
 GROUP BY eco ORDER BY games DESC, eco;)";
const std::string kByVariant = R"(
SELECT variant, count(*) AS games, round(avg(plies), 1) AS average_plies,
       sum(result IN ('1-0', '0-1')) AS decisive
  FROM games GROUP BY variant ORDER BY games DESC, variant;)";

const char* kAfterNc6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

// The rows of a query as the sqlite3 shell prints them ("a|b", NULL as ""), one a line;
// "error: ..." when the query fails.
std::string query(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  std::string out;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    out = std::string("error: ") + sqlite3_errmsg(db);
    sqlite3_close(db);
    return out;
  }
  const char* rest = sql.c_str();
  while (*rest) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, rest, -1, &st, &rest) != SQLITE_OK) {
      out += std::string("error: ") + sqlite3_errmsg(db);
      break;
    }
    if (!st) continue;  // trailing white space
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      for (int i = 0; i < sqlite3_column_count(st); ++i) {
        if (i) out += '|';
        if (const unsigned char* t = sqlite3_column_text(st, i))
          out += reinterpret_cast<const char*>(t);
      }
      out += '\n';
    }
    if (rc != SQLITE_DONE) out += std::string("error: ") + sqlite3_errmsg(db);
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return out;
}

// Runs SQL that changes the database (for the set-ups of the tests).
void execute(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << err;
  sqlite3_free(err);
  sqlite3_close(db);
}

class ConvertSqlite : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fairykit::testing::unique_temp("sqlite");
    fs::create_directories(dir_);
    std::ofstream(dir_ + "/club.pgn") << kGames;
    std::ofstream(dir_ + "/again.pgn") << kGames;
  }
  void TearDown() override { fs::remove_all(dir_); }

  ToolOutput convert(const std::string& args) const {
    return fairykit::testing::run_tool("fairy-convert", args, dir_);
  }
  std::string db() const { return dir_ + "/games.db"; }
  std::string q(const std::string& sql) const { return query(db(), sql); }
  std::string key(const std::string& fen) const {
    ToolOutput o = convert("--key '" + fen + "'");
    EXPECT_EQ(o.status, 0) << o.err;
    if (!o.out.empty() && o.out.back() == '\n') o.out.pop_back();
    return o.out;
  }

  std::string dir_;
};

TEST_F(ConvertSqlite, TheReadmeQueriesOnAHandMadeFile) {
  const ToolOutput o = convert("--to sqlite -o games.db club.pgn");
  EXPECT_EQ(o.status, 1);  // game 7 is rejected
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("club.pgn: 7 games read: 6 written, 0 filtered out, 1 rejected; "
                       "1 warning\n"),
            std::string::npos)
      << o.err;

  EXPECT_EQ(q(kScoreByColour), "white|2|1.0\nblack|2|1.0\n");
  EXPECT_EQ(q(kFirstMoves), "chess|e4|2\nchess|Nf3|1\nchess|d4|1\nchess|f3|1\nchess960|e4|1\n");
  EXPECT_EQ(q(reaches(key(kAfterNc6))),
            "2024.01.03|Alice|Carol|0-1|4\n2024.01.04|Carol|Alice|1/2-1/2|4\n");
  EXPECT_EQ(q(kByEco), "C20|2|1|0|1\nC44|1|0|1|0\nD00|1|0|1|0\n");
  EXPECT_EQ(q(kByVariant), "chess|5|4.6|3\nchess960|1|2.0|0\n");
}

TEST_F(ConvertSqlite, WhatEachTableHolds) {
  ASSERT_EQ(convert("--to sqlite -o games.db club.pgn").status, 1);
  EXPECT_EQ(q("SELECT name, value FROM meta ORDER BY name"),
            "format|fairykit-games\nschema_version|2\n");
  EXPECT_EQ(q("SELECT id, file, game_index, line, variant, white, black, result, white_elo, "
              "black_elo, eco, plies FROM games ORDER BY id"),
            "1|club.pgn|1|1|chess|Alice|Bob|1-0|2100|2000|C20|7\n"
            "2|club.pgn|2|14|chess|Bob|Alice|1/2-1/2|||D00|4\n"
            "3|club.pgn|3|25|chess|Alice|Carol|0-1|||C20|4\n"
            "4|club.pgn|4|38|chess|Carol|Alice|1/2-1/2|||C44|4\n"
            "5|club.pgn|5|49|chess|Bob|Carol|0-1||||4\n"
            "6|club.pgn|6|59|chess960|Carol|Bob|*||||2\n");
  // The tags without a column: an Elo that is not a number stays a tag.
  EXPECT_EQ(q("SELECT game_id, name, value FROM tags ORDER BY rowid"),
            "3|WhiteElo|?\n3|Annotator|Dave\n");
  EXPECT_EQ(q("SELECT count(*) FROM moves"), "25\n");
  EXPECT_EQ(q("SELECT ply, san, uci, fen_before IS NULL FROM moves WHERE game_id = 1"),
            "1|e4|e2e4|1\n2|e5|e7e5|1\n3|Bc4|f1c4|1\n4|Nc6|b8c6|1\n5|Qh5|d1h5|1\n6|Nf6|g8f6|1\n"
            "7|Qxf7#|h5f7|1\n");
  EXPECT_EQ(q("SELECT start_fen FROM games WHERE id = 6"),
            "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1\n");
  // The key stored after the last move of game 1 is the key --key computes.
  EXPECT_EQ(q("SELECT key_after FROM moves WHERE game_id = 1 AND ply = 7"),
            key("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4") + "\n");
  EXPECT_EQ(q("SELECT count(*) FROM games WHERE start_key = " + key("startpos")), "5\n");
  EXPECT_EQ(q("SELECT game_id, severity, line, \"column\", ply, message FROM diagnostics"),
            "5|warning|57|16|4|move \"Qh4+\": mate marked '+' instead of '#'\n");
}

// Every value of a repeated tag is stored: the first in its column (or, for Result,
// Variant, SetUp and FEN, read by the game), each repeat in `tags`, whatever its name, and
// the warning in `diagnostics`.
TEST_F(ConvertSqlite, RepeatedTagsAreAllStored) {
  std::ofstream(dir_ + "/dup.pgn")
      << "[White \"A\"]\n[Result \"1-0\"]\n[Variant \"chess\"]\n[White \"B\"]\n"
         "[Result \"0-1\"]\n[Variant \"fluidity\"]\n[Annotator \"x\"]\n[Annotator \"y\"]\n"
         "\n1. e4 1-0\n";
  ASSERT_EQ(convert("--to sqlite -o games.db dup.pgn").status, 0);
  EXPECT_EQ(q("SELECT white, result, variant FROM games"), "A|1-0|chess\n");
  EXPECT_EQ(q("SELECT name, value FROM tags ORDER BY rowid"),
            "White|B\nResult|0-1\nVariant|fluidity\nAnnotator|x\nAnnotator|y\n");
  EXPECT_EQ(q("SELECT line, \"column\", message FROM diagnostics WHERE message LIKE 'tag%'"),
            "4|1|tag White repeated (first at line 1): the game uses the first value\n"
            "5|1|tag Result repeated (first at line 2): the game uses the first value\n"
            "6|1|tag Variant repeated (first at line 3): the game uses the first value\n"
            "8|1|tag Annotator repeated (first at line 7): the game uses the first value\n");
}

TEST_F(ConvertSqlite, WithFenTheFenBeforeEachMove) {
  ASSERT_EQ(convert("--to sqlite --with-fen -o games.db club.pgn").status, 1);
  EXPECT_EQ(q("SELECT ply, fen_before FROM moves WHERE game_id = 2"),
            "1|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
            "2|rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
            "3|rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n"
            "4|rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2\n");
}

TEST_F(ConvertSqlite, TheSameDatabaseAtTwoThreads) {
  ASSERT_EQ(convert("--to sqlite -o games.db club.pgn").status, 1);
  ASSERT_EQ(convert("-j 2 --to sqlite -o other.db club.pgn").status, 1);
  for (const char* sql :
       {"SELECT * FROM games ORDER BY id", "SELECT * FROM moves ORDER BY game_id, ply",
        "SELECT * FROM tags ORDER BY rowid", "SELECT * FROM diagnostics ORDER BY rowid"})
    EXPECT_EQ(q(sql), query(dir_ + "/other.db", sql)) << sql;
}

TEST_F(ConvertSqlite, ASecondArchiveIsAppended) {
  ASSERT_EQ(convert("--to sqlite -o games.db club.pgn").status, 1);
  const ToolOutput o = convert("-q --to sqlite -o games.db again.pgn");
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_EQ(q("SELECT file, count(*), min(id), max(id) FROM games GROUP BY file ORDER BY file"),
            "again.pgn|6|7|12\nclub.pgn|6|1|6\n");
  EXPECT_EQ(q(kScoreByColour), "white|4|2.0\nblack|4|2.0\n");
  EXPECT_EQ(q(kFirstMoves), "chess|e4|4\nchess|Nf3|2\nchess|d4|2\nchess|f3|2\nchess960|e4|2\n");
  EXPECT_EQ(q(kByEco), "C20|4|2|0|2\nC44|2|0|2|0\nD00|2|0|2|0\n");
  EXPECT_EQ(q("SELECT count(*) FROM moves"), "50\n");
  EXPECT_EQ(q("SELECT count(*) FROM diagnostics"), "2\n");
  EXPECT_EQ(q("SELECT count(*) FROM meta"), "2\n");
}

TEST_F(ConvertSqlite, AFailedRunLeavesTheDatabaseAsItWas) {
  ASSERT_EQ(convert("--to sqlite -o games.db club.pgn").status, 1);
  const std::string before = slurp(db());
  // The second input cannot be opened: the games of the first are not added either.
  const ToolOutput o = convert("-q --to sqlite -o games.db again.pgn missing.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("fairy-convert: games.db: nothing added (the database is left as it "
                       "was)\n"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(slurp(db()), before);
  EXPECT_FALSE(fs::exists(db() + "-journal"));
  EXPECT_EQ(q("SELECT count(*) FROM games"), "6\n");
}

TEST_F(ConvertSqlite, AFailedRunCreatesNoDatabase) {
  const ToolOutput o = convert("-q --to sqlite -o new.db club.pgn missing.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_FALSE(fs::exists(dir_ + "/new.db"));
  EXPECT_FALSE(fs::exists(dir_ + "/new.db-journal"));
}

TEST_F(ConvertSqlite, AnotherDatabaseIsRefusedAndLeftAsItWas) {
  execute(db(), "CREATE TABLE players(name TEXT); INSERT INTO players VALUES('Alice');");
  const std::string before = slurp(db());
  const ToolOutput o = convert("--to sqlite -o games.db club.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: games.db: not a fairykit game database (it holds 1 table and no "
            "meta table) (the file is left as it was)\n");
  EXPECT_EQ(slurp(db()), before);
  EXPECT_EQ(q("SELECT name FROM sqlite_master"), "players\n");
}

TEST_F(ConvertSqlite, ADatabaseWithAnythingButNoTablesIsRefusedAndLeftAsItWas) {
  // A view alone, an index and a trigger on a table of someone else's: not empty, so not
  // a database to add fairykit's tables to; the file keeps every byte.
  struct Case {
    const char* sql;
    const char* holds;
  } const cases[] = {
      {"CREATE VIEW answer AS SELECT 42;", "1 view"},
      {"CREATE TABLE t(x); CREATE INDEX t_x ON t(x); CREATE TRIGGER t_ins AFTER INSERT ON t "
       "BEGIN SELECT 1; END; CREATE VIEW v AS SELECT x FROM t;",
       "1 index, 1 table, 1 trigger, 1 view"},
  };
  for (const Case& c : cases) {
    fs::remove(db());
    execute(db(), c.sql);
    const std::string before = slurp(db());
    const ToolOutput o = convert("--to sqlite -o games.db club.pgn");
    EXPECT_EQ(o.status, 2) << c.sql;
    EXPECT_EQ(o.err, std::string("fairy-convert: games.db: not a fairykit game database (it "
                                 "holds ") +
                         c.holds + " and no meta table) (the file is left as it was)\n");
    EXPECT_EQ(slurp(db()), before) << c.sql;
    EXPECT_FALSE(fs::exists(db() + "-journal"));
  }
  // A fairykit database to which its user added a view of their own stays fairykit's.
  fs::remove(db());
  ASSERT_EQ(convert("-q --to sqlite -o games.db club.pgn").status, 1);
  execute(db(), "CREATE VIEW alice AS SELECT * FROM games WHERE white = 'Alice';");
  EXPECT_EQ(convert("-q --to sqlite -o games.db again.pgn").status, 1);
  EXPECT_EQ(q("SELECT count(*) FROM alice"), "4\n");
}

TEST_F(ConvertSqlite, ANameTooLongForTheJournalIsRefused) {
  // SQLite's journal is NAME-journal: a database name of 248 bytes or more leaves it none.
  const std::string name = std::string(245, 'g') + ".db";
  const ToolOutput o = convert("--to sqlite -o " + name + " club.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "fairy-convert: " + name +
                       ": the name of SQLite's journal beside it would have 256 bytes, more "
                       "than the 255 of a name there: choose a shorter name (the file is left "
                       "as it was)\n");
  EXPECT_FALSE(fs::exists(dir_ + "/" + name));
  // One byte less: written.
  const std::string fits = std::string(244, 'g') + ".db";
  EXPECT_EQ(convert("-q --to sqlite -o " + fits + " club.pgn").status, 1);
  EXPECT_EQ(query(dir_ + "/" + fits, "SELECT count(*) FROM games"), "6\n");
}

TEST_F(ConvertSqlite, ALinkToADatabaseNotMadeYet) {
  // SQLite creates the file the link points to; a failed run removes that file, and the
  // link stays.
  fs::create_directories(dir_ + "/sub");
  fs::create_symlink("sub/new.db", dir_ + "/link.db");
  ToolOutput o = convert("-q --to sqlite -o link.db club.pgn missing.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(fs::is_symlink(dir_ + "/link.db"));
  EXPECT_FALSE(fs::exists(dir_ + "/sub/new.db"));
  EXPECT_FALSE(fs::exists(dir_ + "/sub/new.db-journal"));
  o = convert("-q --to sqlite -o link.db club.pgn");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(query(dir_ + "/sub/new.db", "SELECT count(*) FROM games"), "6\n");
}

TEST_F(ConvertSqlite, AnotherSchemaVersionIsRefused) {
  ASSERT_EQ(convert("--to sqlite -o games.db club.pgn").status, 1);
  execute(db(), "UPDATE meta SET value = '1' WHERE name = 'schema_version'");
  const std::string before = slurp(db());
  const ToolOutput o = convert("--to sqlite -o games.db club.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: games.db: fairykit game database schema version 1; this "
            "fairy-convert writes version 2 (the file is left as it was)\n");
  EXPECT_EQ(slurp(db()), before);
}

TEST_F(ConvertSqlite, AFileThatIsNotADatabaseIsRefused) {
  std::ofstream(db()) << "these are my notes, not a database\n";
  const std::string before = slurp(db());
  const ToolOutput o = convert("--to sqlite -o games.db club.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: games.db: not an SQLite database (the file is left as it was)\n");
  EXPECT_EQ(slurp(db()), before);
}

TEST_F(ConvertSqlite, AnInputIsNotADatabase) {
  const std::string before = slurp(dir_ + "/club.pgn");
  const ToolOutput o = convert("--to sqlite -o club.pgn club.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'club.pgn' is the input 'club.pgn': refusing to "
            "overwrite it\n");
  EXPECT_EQ(slurp(dir_ + "/club.pgn"), before);
}

TEST_F(ConvertSqlite, TheDatabaseIsAFile) {
  for (const char* args : {"--to sqlite club.pgn", "--to sqlite -o - club.pgn"}) {
    const ToolOutput o = convert(args);
    EXPECT_EQ(o.status, 2) << args;
    EXPECT_EQ(o.err,
              "fairy-convert: --to sqlite needs the database file: -o FILE (not standard "
              "output)\nTry 'fairy-convert --help' for more information.\n")
        << args;
    EXPECT_EQ(o.out, "") << args;
  }
}

TEST_F(ConvertSqlite, KeyPrintsThePositionKey) {
  const ToolOutput o = convert("--key startpos");
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out, key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") + "\n");
  // The counters are not part of the position.
  EXPECT_EQ(key(kAfterNc6),
            key("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"));
  const ToolOutput bad = convert("--key 'not a fen'");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
}

TEST_F(ConvertSqlite, OnePositionOneKeyWhateverTheDoubleStep) {
  // After 1. f4 the e4 pawn may not take en passant (the rook on h4 pins it to its king on
  // a4): plies 1, 5 and 9 are one position, with one key, that --key gives for the FEN
  // without the square and for the FEN with it.
  std::ofstream(dir_ + "/pin.pgn") << R"([Event "Pinned"]
[SetUp "1"]
[FEN "8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1. f4 Ka5 2. Ke2 Ka4 3. Ke1 Ka5 4. Ke2 Ka4 5. Ke1 1/2-1/2
)";
  ASSERT_EQ(convert("-q --to sqlite -o games.db pin.pgn").status, 0);
  const std::string k = key("8/8/8/8/k3pP1R/8/8/4K3 b - - 0 1");
  EXPECT_EQ(key("8/8/8/8/k3pP1R/8/8/4K3 b - f3 0 1"), k);
  EXPECT_EQ(q("SELECT ply FROM moves WHERE key_after = " + k + " ORDER BY ply"), "1\n5\n9\n");
}

// --fix: each repair a note of the game's diagnostics, with its place and ply, before the result
// corrected; an ambiguous date a warning.
TEST_F(ConvertSqlite, RepairsAreNotes) {
  std::ofstream(dir_ + "/fix.pgn") << R"([Event "Fix"]
[Date "5.1.2024"]
[Result "?"]

1. f3 e5 2. g4 Qh4+ 1/2-1/2
)";
  ASSERT_EQ(convert("-q --fix --to sqlite -o games.db fix.pgn").status, 0);
  EXPECT_EQ(q("SELECT severity, line, column, ply, message FROM diagnostics ORDER BY rowid"),
            "note|1|1|0|missing tags of the seven-tag roster added: Site \"?\", Round \"?\", "
            "White \"?\", Black \"?\"\n"
            "warning|2|1|0|Date \"5.1.2024\" left as it is: ambiguous, day 5 of month 1 or day "
            "1 of month 5\n"
            "note|5|16|4|move \"Qh4+\": mate marked '+' instead of '#'; written \"Qh4#\"\n"
            "note|5|21|0|Result tag \"?\" set to the termination marker \"1/2-1/2\"\n"
            "note|1|0|0|result \"1/2-1/2\" corrected to \"0-1\" (checkmate)\n");
}

}  // namespace
