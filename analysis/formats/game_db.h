// fairy-convert --to sqlite: checked games (analysis/checking/game_record.h) into an SQLite
// database that a user queries with sqlite3 or any SQLite client.
//
// Schema (version 2, in the `meta` table as format = 'fairykit-games', schema_version = 2):
//
//   games(id INTEGER PRIMARY KEY, file, game_index, line, variant, event, site, date, round,
//         white, black, result, white_elo INTEGER, black_elo INTEGER, eco, termination,
//         plies, start_fen, start_key INTEGER, time_control, speed, clock_base INTEGER,
//         clock_increment INTEGER, white_rating_diff INTEGER, black_rating_diff INTEGER,
//         date_iso, utc, white_id, black_id, event_id)
//     one row per game written. file, game_index and line: where the game was read (its
//     input as messages name it, its 1-based number there, its first line). variant: the
//     canonical variant name ("chess", "chess960", ...). The tag columns (event ... termination,
//     time_control) hold the tag as read (NULL when the game has none; the first one when
//     repeated); result is the result written (the termination marker, else the Result tag,
//     else "*"; --fix-result applied). white_elo, black_elo and the rating diffs: the tag
//     when it is a whole number ("+7" is 7), else NULL (and the tag is kept in `tags`).
//     start_fen: the native FEN of the start position; start_key its key. Read from the tags
//     (analysis/checking/online_game.h): speed, clock_base and clock_increment (the first
//     period of TimeControl, seconds), date_iso (ISO 8601 of UTCDate, else Date; "2024-01"
//     when the day is unknown) and utc ("2024-01-15T12:34:56Z"). white_id, black_id and
//     event_id: the rows of players and events named by White, Black and Event.
//   players(id INTEGER PRIMARY KEY, name UNIQUE), events(id INTEGER PRIMARY KEY, name UNIQUE)
//     one row per distinct name, shared by every run that appends to the database.
//   tags(game_id, name, value)
//     every other tag, in input order (the columns' tags, Variant, SetUp and FEN are not
//     repeated here, except a repeat of a tag, which is kept here whatever its name, and an
//     Elo that is not a number).
//   moves(game_id, ply, san, uci, fen_before, key_after INTEGER, clock REAL, elapsed REAL,
//         spent REAL, eval_cp INTEGER, eval_mate INTEGER, eval_depth INTEGER)
//     PRIMARY KEY (game_id, ply): the main line, ply 1 is the first move. san in the variant's
//     notation with check and mate marks; uci the variant's long algebraic; fen_before the
//     FEN of the position the move is played from (NULL unless --with-fen); key_after the
//     position key after the move, the engine's 64-bit key read as a signed integer
//     (`fairy-convert --key FEN` prints the same number for a position). From the comments
//     after the move: clock ([%clk], seconds left), elapsed ([%emt]), eval_cp or eval_mate
//     ([%eval], from White's side) and eval_depth; spent: the time the move took by
//     consecutive clocks and the increment (online_game.h move_times). NULL when unknown.
//   diagnostics(game_id, severity, line, column, ply, message)
//     what validation said about the game: warnings ("warning"), and "note" for a result
//     corrected by --fix-result. Rejected games are not in the database.
//   meta(name TEXT PRIMARY KEY, value)
//
//   Indexes: games(white), games(black), games(date), games(result), games(eco),
//   games(variant), games(start_key), games(white_id), games(black_id), games(event_id),
//   games(speed), moves(key_after), moves(ply, san), tags(name, value), diagnostics(game_id).
//   Views: player_games (a row per game and player: colour, opponent, elo, opponent_elo,
//   rating_diff, score 1/0.5/0 or NULL, result, variant, speed, date_iso, event_id, plies),
//   player_summary (per player: games, points, score, average_elo, first and last date),
//   event_standings (per event and player: games, points), game_moves (moves with their
//   game's players, ratings, speed and the mover's colour).
//
// Safety: the files SQLite writes beside the database (db_side_files) are outputs too: the
// tool checks them against its inputs, and open() refuses a symbolic link at their names.
// Everything a run adds is one transaction (BEGIN IMMEDIATE ... COMMIT) in SQLite's
// default rollback-journal mode with synchronous=FULL: until commit() the file's content is
// the old one for every reader, a rollback (or a crash, or an interrupt: SQLite rolls the
// hot journal back when the file is next opened) leaves it exactly as it was. A database
// file that did not exist before the run and is not committed is removed. Opening a file
// that is not an SQLite database, an SQLite database that holds anything (a table, a view,
// an index, a trigger) and is not a fairykit game database, or one of another schema
// version, fails without writing to it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/validate.h"
#include "analysis/io/output_file.h"

struct sqlite3;
struct sqlite3_stmt;

namespace fairykit::analysis {

inline constexpr int kGameDbSchemaVersion = 2;

// A position key as the database stores it: the same 64 bits as a signed integer.
inline std::int64_t db_key(Key key) { return static_cast<std::int64_t>(key); }

// The rows of one game, made from its record in the worker threads (the record is reused
// there), inserted later in input order.
struct DbGame {
  std::string variant;
  // event, site, date, round, white, black, eco, termination (nullopt: no such tag).
  // time_control (the TimeControl tag).
  std::optional<std::string> event, site, date, round, white, black, eco, termination, time_control;
  std::string result;
  std::optional<std::int64_t> white_elo, black_elo, white_rating_diff, black_rating_diff;
  // Read from the tags (analysis/checking/online_game.h).
  std::optional<std::string> speed, date_iso, utc;
  std::optional<std::int64_t> clock_base, clock_increment;
  int plies = 0;
  std::string start_fen;
  std::int64_t start_key = 0;
  std::vector<std::pair<std::string, std::string>> tags;  // the others
  struct Move {
    std::string san, uci;
    std::optional<std::string> fen_before;
    std::int64_t key_after = 0;
    parsers::CommentCommands commands;  // of the comments after the move
    std::int32_t spent_ms = parsers::CommentCommands::kNone;
  };
  std::vector<Move> moves;
  struct Note {
    std::string severity;  // "warning", "error", "note"
    std::int64_t line = 0, column = 0;
    int ply = 0;
    std::string message;
  };
  std::vector<Note> diagnostics;
};

// The rows of a game: `record` read with RecordOptions::keys (and ::fens for `with_fen`),
// `result` the result written, `report` its diagnostics.
void make_db_game(const GameRecord& record, const GameReport& report, const std::string& result,
                  bool with_fen, DbGame& out);

// The files SQLite may write beside the database `path` that output `flag` names: its
// rollback journal (PATH-journal), and for a database in WAL mode the log (PATH-wal) and its
// index (PATH-shm). SQLite names them after the database with its symbolic links resolved,
// and so does this. Each `flag` reads "--output's journal" and so on, for check_outputs().
std::vector<OutputSpec> db_side_files(const std::string& flag, const std::string& path);

class GameDb {
 public:
  // Opens or creates the database at `path` and begins the run's transaction (creating the
  // schema in it for a new or empty database). Errors name the file:
  //   "x.db: not a fairykit game database (it holds 1 view and no meta table)"
  //   "x.db-journal: a symbolic link where SQLite writes the journal of x.db: refusing to
  //    write through it"
  //   "x.db: fairykit game database schema version 1; this fairy-convert writes version 2"
  static absl::StatusOr<std::unique_ptr<GameDb>> open(const std::string& path);

  GameDb(const GameDb&) = delete;
  GameDb& operator=(const GameDb&) = delete;
  // Without a successful commit(), rolls back (and removes a file this run created).
  ~GameDb();

  // Inserts a game read from `file` (game `index`, first line `line`). The first error is
  // kept (status()); later calls do nothing.
  void add(const DbGame& game, std::string_view file, std::int64_t index, std::int64_t line);
  const absl::Status& status() const { return status_; }
  std::uint64_t games_added() const { return added_; }

  // Commits the run's games. On an error the database is left as it was.
  absl::Status commit();
  // Rolls back: the database is left as it was (a file this run created is removed).
  void rollback();

  const std::string& path() const { return path_; }

 private:
  GameDb(std::string path, bool created) : path_(std::move(path)), created_(created) {}
  absl::Status fail(std::string_view what);
  absl::Status exec(const char* sql);
  absl::Status prepare();
  void close();
  // The id of a player (or event) of that name, added to its table when new; nullopt after an
  // error (kept in status_).
  std::optional<std::int64_t> name_id(bool event, const std::string& name);

  std::string path_;
  bool created_ = false;  // the file did not exist before
  std::string file_;      // the file SQLite writes: path_ with symbolic links followed
  sqlite3* db_ = nullptr;
  bool in_transaction_ = false;
  bool committed_ = false;
  absl::Status status_;
  std::uint64_t added_ = 0;
  sqlite3_stmt *game_ = nullptr, *tag_ = nullptr, *move_ = nullptr, *diag_ = nullptr;
  sqlite3_stmt *find_player_ = nullptr, *add_player_ = nullptr, *find_event_ = nullptr,
               *add_event_ = nullptr;
  // The ids of the players and events met: the only state that grows with the input (with the
  // number of distinct names).
  absl::flat_hash_map<std::string, std::int64_t> player_ids_, event_ids_;
};

}  // namespace fairykit::analysis
