// Why it is built this way:
//  * One transaction per run rather than a copy of the database renamed over it: appending
//    to a large database costs what is added, not a copy of all of it, and SQLite's rollback
//    journal already gives all-or-nothing (also on a crash or an interrupt). The journal
//    mode is left as the database has it (rollback journal, "delete", for the databases
//    this writes) and synchronous stays FULL: the one commit of a run is the only sync
//    that matters. Pages past the old end of the file (almost all of an append) are not
//    journaled, so the journal stays small.
//  * BEGIN IMMEDIATE takes the write lock before the schema is read, so that two runs on
//    one file cannot both decide to create it; a busy database is waited for 5 seconds.
//  * Prepared statements, reset after each row; text is bound without a copy.
#include "analysis/formats/game_db.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "analysis/checking/online_game.h"

namespace fairykit::analysis {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT);
CREATE TABLE players(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE);
CREATE TABLE events(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE);
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  game_index INTEGER NOT NULL,
  line INTEGER NOT NULL,
  variant TEXT NOT NULL,
  event TEXT, site TEXT, date TEXT, round TEXT, white TEXT, black TEXT,
  result TEXT NOT NULL,
  white_elo INTEGER, black_elo INTEGER,
  eco TEXT, termination TEXT,
  plies INTEGER NOT NULL,
  start_fen TEXT NOT NULL,
  start_key INTEGER NOT NULL,
  time_control TEXT, speed TEXT, clock_base INTEGER, clock_increment INTEGER,
  white_rating_diff INTEGER, black_rating_diff INTEGER,
  date_iso TEXT, utc TEXT,
  white_id INTEGER REFERENCES players(id),
  black_id INTEGER REFERENCES players(id),
  event_id INTEGER REFERENCES events(id));
CREATE TABLE tags(
  game_id INTEGER NOT NULL REFERENCES games(id),
  name TEXT NOT NULL,
  value TEXT NOT NULL);
CREATE TABLE moves(
  game_id INTEGER NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  san TEXT NOT NULL,
  uci TEXT NOT NULL,
  fen_before TEXT,
  key_after INTEGER NOT NULL,
  clock REAL, elapsed REAL, spent REAL,
  eval_cp INTEGER, eval_mate INTEGER, eval_depth INTEGER,
  PRIMARY KEY(game_id, ply)) WITHOUT ROWID;
CREATE TABLE diagnostics(
  game_id INTEGER NOT NULL REFERENCES games(id),
  severity TEXT NOT NULL,
  line INTEGER, "column" INTEGER, ply INTEGER,
  message TEXT NOT NULL);
CREATE INDEX games_white ON games(white);
CREATE INDEX games_black ON games(black);
CREATE INDEX games_date ON games(date);
CREATE INDEX games_result ON games(result);
CREATE INDEX games_eco ON games(eco);
CREATE INDEX games_variant ON games(variant);
CREATE INDEX games_start_key ON games(start_key);
CREATE INDEX games_white_id ON games(white_id);
CREATE INDEX games_black_id ON games(black_id);
CREATE INDEX games_event_id ON games(event_id);
CREATE INDEX games_speed ON games(speed);
CREATE INDEX tags_game ON tags(game_id);
CREATE INDEX tags_name_value ON tags(name, value);
CREATE INDEX moves_key_after ON moves(key_after);
CREATE INDEX moves_ply_san ON moves(ply, san);
CREATE INDEX diagnostics_game ON diagnostics(game_id);
CREATE VIEW player_games AS
  SELECT g.id AS game_id, p.id AS player_id, p.name AS player, 'white' AS color,
         o.name AS opponent, g.white_elo AS elo, g.black_elo AS opponent_elo,
         g.white_rating_diff AS rating_diff,
         CASE g.result WHEN '1-0' THEN 1.0 WHEN '0-1' THEN 0.0 WHEN '1/2-1/2' THEN 0.5 END
           AS score,
         g.result, g.variant, g.speed, g.date_iso, g.event_id, g.plies
    FROM games g JOIN players p ON p.id = g.white_id LEFT JOIN players o ON o.id = g.black_id
  UNION ALL
  SELECT g.id, p.id, p.name, 'black', o.name, g.black_elo, g.white_elo, g.black_rating_diff,
         CASE g.result WHEN '0-1' THEN 1.0 WHEN '1-0' THEN 0.0 WHEN '1/2-1/2' THEN 0.5 END,
         g.result, g.variant, g.speed, g.date_iso, g.event_id, g.plies
    FROM games g JOIN players p ON p.id = g.black_id LEFT JOIN players o ON o.id = g.white_id;
CREATE VIEW player_summary AS
  SELECT player_id, player, count(*) AS games, count(score) AS scored,
         sum(score) AS points, avg(score) AS score, avg(elo) AS average_elo,
         min(date_iso) AS first_date, max(date_iso) AS last_date
    FROM player_games GROUP BY player_id;
CREATE VIEW event_standings AS
  SELECT e.id AS event_id, e.name AS event, pg.player_id, pg.player, count(*) AS games,
         sum(pg.score) AS points
    FROM player_games pg JOIN events e ON e.id = pg.event_id
    GROUP BY e.id, pg.player_id;
CREATE VIEW game_moves AS
  SELECT g.id AS game_id, g.variant, g.speed, g.white, g.black, g.white_elo, g.black_elo,
         g.result, m.ply,
         CASE WHEN (m.ply % 2 = 1) = (instr(g.start_fen, ' b ') = 0) THEN 'white' ELSE 'black'
         END AS mover,
         m.san, m.uci, m.clock, m.elapsed, m.spent, m.eval_cp, m.eval_mate, m.eval_depth
    FROM moves m JOIN games g ON g.id = m.game_id;
INSERT INTO meta VALUES('format', 'fairykit-games');
INSERT INTO meta VALUES('schema_version', '2');
)sql";

const char* severity_name(parsers::Severity s) {
  return s == parsers::Severity::kError ? "error" : "warning";
}

void bind_text(sqlite3_stmt* st, int i, std::string_view s) {
  sqlite3_bind_text(st, i, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
}
void bind_text(sqlite3_stmt* st, int i, const std::optional<std::string>& s) {
  if (s)
    bind_text(st, i, std::string_view(*s));
  else
    sqlite3_bind_null(st, i);
}
void bind_int(sqlite3_stmt* st, int i, const std::optional<std::int64_t>& n) {
  if (n)
    sqlite3_bind_int64(st, i, *n);
  else
    sqlite3_bind_null(st, i);
}

}  // namespace

void make_db_game(const GameRecord& record, const GameReport& report, const std::string& result,
                  bool with_fen, DbGame& out) {
  out = DbGame{};
  out.variant = std::string(variant_info(record.variant).name);
  out.result = result;
  out.plies = record.plies;
  out.start_fen = record.start_fen;
  out.start_key = db_key(record.start_key);
  struct Column {
    const char* tag;
    std::optional<std::string>* into;
  };
  const Column columns[] = {{"Event", &out.event},
                            {"Site", &out.site},
                            {"Date", &out.date},
                            {"Round", &out.round},
                            {"White", &out.white},
                            {"Black", &out.black},
                            {"ECO", &out.eco},
                            {"Termination", &out.termination},
                            {"TimeControl", &out.time_control}};
  // The tags of whole numbers: a column when the first one is a number, else kept in `tags`.
  struct NumberColumn {
    const char* tag;
    std::optional<std::int64_t>* into;
    bool seen = false;
  } numbers[] = {{"WhiteElo", &out.white_elo},
                 {"BlackElo", &out.black_elo},
                 {"WhiteRatingDiff", &out.white_rating_diff},
                 {"BlackRatingDiff", &out.black_rating_diff}};
  // Result, Variant, SetUp and FEN: the first is the game's (its columns result, variant,
  // start_fen); a repeat is kept in `tags`, as the repeats of every tag are.
  constexpr std::string_view kStart[4] = {"Result", "Variant", "SetUp", "FEN"};
  bool start_seen[4] = {};
  for (const auto& [name, value] : record.tags) {
    bool first_start = false;
    for (int k = 0; k < 4; ++k)
      if (name == kStart[k]) {
        first_start = !start_seen[k];
        start_seen[k] = true;
      }
    if (first_start) continue;
    bool taken = false;
    for (const Column& c : columns) {
      if (name == c.tag) {
        if (!*c.into) {
          *c.into = value;
          taken = true;
        }
        break;
      }
    }
    for (NumberColumn& c : numbers) {
      if (name != c.tag || c.seen) continue;
      c.seen = true;
      if (std::optional<std::int64_t> n = tag_number(value)) {
        *c.into = n;
        taken = true;
      }
    }
    if (!taken) out.tags.emplace_back(name, value);
  }
  const OnlineGame online = read_online_game(record);
  if (online.speed) out.speed = std::string(speed_name(*online.speed));
  out.clock_base = online.base_seconds();
  out.clock_increment = online.increment_seconds();
  if (!online.date.empty()) out.date_iso = online.date;
  if (!online.utc.empty()) out.utc = online.utc;
  std::vector<parsers::CommentCommands> commands;
  std::vector<std::int32_t> spent;
  if (!record.commands.empty()) {
    commands = commands_by_ply(record);
    spent = move_times(record, online);
  }
  const std::string* before = &record.start_fen;
  for (const RecordItem& item : record.items) {
    if (item.kind != RecordItem::kMove || item.depth != 0) continue;
    DbGame::Move& m = out.moves.emplace_back();
    m.san = item.san;
    m.uci = item.uci;
    if (with_fen) m.fen_before = *before;
    m.key_after = db_key(item.key);
    before = &item.fen;
    const std::size_t ply = out.moves.size();
    if (ply < commands.size()) {
      m.commands = commands[ply];
      m.spent_ms = spent[ply];
    }
  }
  for (const Diagnostic& d : report.diagnostics)
    out.diagnostics.push_back({severity_name(d.severity), d.line, d.column, d.ply, d.message});
}

namespace {

// The file SQLite opens for `path`: a symbolic link at the name followed (also one that
// leads to no file yet, which SQLite creates), as its unix VFS does.
std::string database_file(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p = path;
  for (int hops = 0; hops < 40; ++hops) {  // SQLite's own bound on links followed
    std::error_code ec;
    if (!fs::is_symlink(p, ec)) break;
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return p.string();
}

}  // namespace

std::vector<OutputSpec> db_side_files(const std::string& flag, const std::string& path) {
  const std::string base = database_file(path);
  return {{flag + "'s journal", base + "-journal"},
          {flag + "'s write-ahead log", base + "-wal"},
          {flag + "'s write-ahead log index", base + "-shm"}};
}

absl::StatusOr<std::unique_ptr<GameDb>> GameDb::open(const std::string& path) {
  // SQLite would open a temporary database, gone with the run.
  if (path.empty()) return absl::InvalidArgumentError("an SQLite database needs a file name");
  struct stat st {};
  for (const OutputSpec& f : db_side_files("", path)) {
    if (::lstat(f.path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
      return absl::InvalidArgumentError(
          absl::StrCat(f.path, ": a symbolic link where SQLite writes the ", f.flag.substr(3),
                       " of ", path, ": refusing to write through it"));
  }
  {
    // SQLite cannot make its journal then, and says only "unable to open database file".
    const std::filesystem::path journal(db_side_files("", path).front().path);
    const std::string dir = journal.has_parent_path() ? journal.parent_path().string() : ".";
    const std::size_t size = journal.filename().string().size(), limit = max_name_length(dir);
    if (size > limit)
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": the name of SQLite's journal beside it would have ", size,
                       " bytes, more than the ", limit, " of a name there: choose a shorter name"));
  }
  const bool existed = ::stat(path.c_str(), &st) == 0;
  if (existed && !S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(absl::StrCat(path, ": not a regular file"));
  std::unique_ptr<GameDb> db(new GameDb(path, !existed));
  db->file_ = database_file(path);
  if (sqlite3_open_v2(path.c_str(), &db->db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    absl::Status s = db->fail("cannot open");
    db->rollback();
    return s;
  }
  sqlite3_extended_result_codes(db->db_, 1);
  sqlite3_busy_timeout(db->db_, 5000);
  // A larger page cache: fewer spills of the transaction into the file before the commit.
  absl::Status s = db->exec("PRAGMA synchronous=FULL; PRAGMA cache_size=-65536");
  if (s.ok()) s = db->exec("BEGIN IMMEDIATE");
  if (!s.ok()) {
    db->rollback();
    return s;
  }
  db->in_transaction_ = true;
  // What the file holds: nothing yet (a new or empty database), or a fairykit database.
  // Every kind of schema object counts (a view, a trigger, an index alone): a database that
  // holds anything is someone's, and only fairykit's own is written to.
  sqlite3_stmt* q = nullptr;
  int objects = -1;
  bool has_meta = false;
  std::string held;  // "2 tables, 1 view"
  if (sqlite3_prepare_v2(db->db_,
                         "SELECT type, count(*), count(CASE WHEN type = 'table' AND name = 'meta' "
                         "THEN 1 END) FROM sqlite_master GROUP BY type ORDER BY type",
                         -1, &q, nullptr) == SQLITE_OK) {
    int rc;
    objects = 0;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
      const char* type = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
      const int n = sqlite3_column_int(q, 1);
      objects += n;
      has_meta = has_meta || sqlite3_column_int(q, 2) > 0;
      const std::string noun = type ? type : "object";
      absl::StrAppend(&held, held.empty() ? "" : ", ", n, " ", noun,
                      n == 1            ? ""
                      : noun == "index" ? "es"
                                        : "s");
    }
    if (rc != SQLITE_DONE) objects = -1;
  }
  sqlite3_finalize(q);
  if (objects < 0) {
    const int code = sqlite3_errcode(db->db_);
    s = code == SQLITE_NOTADB
            ? absl::InvalidArgumentError(absl::StrCat(path, ": not an SQLite database"))
            : db->fail("cannot read the schema");
    db->rollback();
    return s;
  }
  if (objects == 0) {
    s = db->exec(kSchema);
  } else if (!has_meta) {
    s = absl::InvalidArgumentError(absl::StrCat(path, ": not a fairykit game database (it holds ",
                                                held, " and no meta table)"));
  } else {
    std::string format, version;
    if (sqlite3_prepare_v2(db->db_, "SELECT name, value FROM meta", -1, &q, nullptr) == SQLITE_OK) {
      while (sqlite3_step(q) == SQLITE_ROW) {
        const char* name = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
        const char* value = reinterpret_cast<const char*>(sqlite3_column_text(q, 1));
        if (!name || !value) continue;
        if (std::string_view(name) == "format") format = value;
        if (std::string_view(name) == "schema_version") version = value;
      }
    }
    sqlite3_finalize(q);
    if (format != "fairykit-games")
      s = absl::InvalidArgumentError(absl::StrCat(
          path, ": not a fairykit game database (its meta table has no format 'fairykit-games')"));
    else if (version != std::to_string(kGameDbSchemaVersion))
      s = absl::InvalidArgumentError(absl::StrCat(path, ": fairykit game database schema version ",
                                                  version, "; this fairy-convert writes version ",
                                                  kGameDbSchemaVersion));
  }
  if (s.ok()) s = db->prepare();
  if (!s.ok()) {
    db->rollback();
    return s;
  }
  return db;
}

GameDb::~GameDb() {
  if (!committed_) rollback();
}

absl::Status GameDb::fail(std::string_view what) {
  return absl::InternalError(absl::StrCat(path_, ": ", std::string(what), ": ",
                                          db_ ? sqlite3_errmsg(db_) : "out of memory"));
}

absl::Status GameDb::exec(const char* sql) {
  char* err = nullptr;
  const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &err);
  if (rc == SQLITE_OK) return absl::OkStatus();
  if ((rc & 0xff) == SQLITE_NOTADB) {
    sqlite3_free(err);
    return absl::InvalidArgumentError(absl::StrCat(path_, ": not an SQLite database"));
  }
  absl::Status s = absl::InternalError(absl::StrCat(path_, ": ", err ? err : sqlite3_errmsg(db_)));
  sqlite3_free(err);
  return s;
}

absl::Status GameDb::prepare() {
  struct {
    sqlite3_stmt** into;
    const char* sql;
  } const statements[] = {
      {&game_,
       "INSERT INTO games(file, game_index, line, variant, event, site, date, round, white, "
       "black, result, white_elo, black_elo, eco, termination, plies, start_fen, start_key, "
       "time_control, speed, clock_base, clock_increment, white_rating_diff, "
       "black_rating_diff, date_iso, utc, white_id, black_id, event_id) "
       "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
       "?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29)"},
      {&tag_, "INSERT INTO tags(game_id, name, value) VALUES(?1, ?2, ?3)"},
      {&move_,
       "INSERT INTO moves(game_id, ply, san, uci, fen_before, key_after, clock, elapsed, spent, "
       "eval_cp, eval_mate, eval_depth) "
       "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"},
      {&find_player_, "SELECT id FROM players WHERE name = ?1"},
      {&add_player_, "INSERT INTO players(name) VALUES(?1)"},
      {&find_event_, "SELECT id FROM events WHERE name = ?1"},
      {&add_event_, "INSERT INTO events(name) VALUES(?1)"},
      {&diag_,
       "INSERT INTO diagnostics(game_id, severity, line, \"column\", ply, message) "
       "VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
  };
  for (const auto& s : statements)
    if (sqlite3_prepare_v3(db_, s.sql, -1, SQLITE_PREPARE_PERSISTENT, s.into, nullptr) != SQLITE_OK)
      return fail("cannot prepare a statement");
  return absl::OkStatus();
}

void GameDb::add(const DbGame& g, std::string_view file, std::int64_t index, std::int64_t line) {
  if (!status_.ok()) return;
  auto step = [&](sqlite3_stmt* st) {
    const int rc = sqlite3_step(st);
    sqlite3_reset(st);  // every parameter is bound again for the next row
    if (rc != SQLITE_DONE) {
      status_ = fail("cannot write");
      return false;
    }
    return true;
  };
  bind_text(game_, 1, file);
  sqlite3_bind_int64(game_, 2, index);
  sqlite3_bind_int64(game_, 3, line);
  bind_text(game_, 4, std::string_view(g.variant));
  bind_text(game_, 5, g.event);
  bind_text(game_, 6, g.site);
  bind_text(game_, 7, g.date);
  bind_text(game_, 8, g.round);
  bind_text(game_, 9, g.white);
  bind_text(game_, 10, g.black);
  bind_text(game_, 11, std::string_view(g.result));
  bind_int(game_, 12, g.white_elo);
  bind_int(game_, 13, g.black_elo);
  bind_text(game_, 14, g.eco);
  bind_text(game_, 15, g.termination);
  sqlite3_bind_int(game_, 16, g.plies);
  bind_text(game_, 17, std::string_view(g.start_fen));
  sqlite3_bind_int64(game_, 18, g.start_key);
  bind_text(game_, 19, g.time_control);
  bind_text(game_, 20, g.speed);
  bind_int(game_, 21, g.clock_base);
  bind_int(game_, 22, g.clock_increment);
  bind_int(game_, 23, g.white_rating_diff);
  bind_int(game_, 24, g.black_rating_diff);
  bind_text(game_, 25, g.date_iso);
  bind_text(game_, 26, g.utc);
  const std::optional<std::string>* named[3] = {&g.white, &g.black, &g.event};
  for (int k = 0; k < 3; ++k) {
    if (!*named[k]) {
      sqlite3_bind_null(game_, 27 + k);
      continue;
    }
    const std::optional<std::int64_t> id = name_id(k == 2, **named[k]);
    if (!id) return;
    sqlite3_bind_int64(game_, 27 + k, *id);
  }
  if (!step(game_)) return;
  const sqlite3_int64 id = sqlite3_last_insert_rowid(db_);
  for (const auto& [name, value] : g.tags) {
    sqlite3_bind_int64(tag_, 1, id);
    bind_text(tag_, 2, std::string_view(name));
    bind_text(tag_, 3, std::string_view(value));
    if (!step(tag_)) return;
  }
  int ply = 0;
  for (const DbGame::Move& m : g.moves) {
    sqlite3_bind_int64(move_, 1, id);
    sqlite3_bind_int(move_, 2, ++ply);
    bind_text(move_, 3, std::string_view(m.san));
    bind_text(move_, 4, std::string_view(m.uci));
    bind_text(move_, 5, m.fen_before);
    sqlite3_bind_int64(move_, 6, m.key_after);
    const parsers::CommentCommands& c = m.commands;
    int column = 7;
    for (std::int32_t ms : {c.clock_ms, c.elapsed_ms, m.spent_ms}) {
      if (ms == parsers::CommentCommands::kNone)
        sqlite3_bind_null(move_, column);
      else
        sqlite3_bind_double(move_, column, ms / 1000.0);
      ++column;
    }
    bind_int(move_, 10, c.has_eval && !c.mate ? std::optional<std::int64_t>(c.eval) : std::nullopt);
    bind_int(move_, 11, c.has_eval && c.mate ? std::optional<std::int64_t>(c.eval) : std::nullopt);
    bind_int(move_, 12,
             c.has_eval && c.depth >= 0 ? std::optional<std::int64_t>(c.depth) : std::nullopt);
    if (!step(move_)) return;
  }
  for (const DbGame::Note& d : g.diagnostics) {
    sqlite3_bind_int64(diag_, 1, id);
    bind_text(diag_, 2, std::string_view(d.severity));
    sqlite3_bind_int64(diag_, 3, d.line);
    sqlite3_bind_int64(diag_, 4, d.column);
    sqlite3_bind_int(diag_, 5, d.ply);
    bind_text(diag_, 6, std::string_view(d.message));
    if (!step(diag_)) return;
  }
  ++added_;
}

std::optional<std::int64_t> GameDb::name_id(bool event, const std::string& name) {
  auto& ids = event ? event_ids_ : player_ids_;
  if (const auto it = ids.find(name); it != ids.end()) return it->second;
  sqlite3_stmt* const find = event ? find_event_ : find_player_;
  sqlite3_stmt* const add = event ? add_event_ : add_player_;
  bind_text(find, 1, std::string_view(name));
  std::optional<std::int64_t> id;
  int rc = sqlite3_step(find);
  if (rc == SQLITE_ROW) id = sqlite3_column_int64(find, 0);
  sqlite3_reset(find);
  if (!id && (rc == SQLITE_ROW || rc == SQLITE_DONE)) {
    bind_text(add, 1, std::string_view(name));
    rc = sqlite3_step(add);
    sqlite3_reset(add);
    if (rc == SQLITE_DONE) id = sqlite3_last_insert_rowid(db_);
  }
  if (!id) {
    status_ = fail("cannot write");
    return std::nullopt;
  }
  ids.emplace(name, *id);
  return id;
}

absl::Status GameDb::commit() {
  if (!status_.ok()) {
    rollback();
    return status_;
  }
  if (absl::Status s = exec("COMMIT"); !s.ok()) {
    rollback();
    return s;
  }
  in_transaction_ = false;
  committed_ = true;
  close();
  return absl::OkStatus();
}

void GameDb::rollback() {
  if (in_transaction_) {
    exec("ROLLBACK").IgnoreError();
    in_transaction_ = false;
  }
  close();
  if (created_ && !committed_) {
    std::remove(file_.c_str());
    std::remove((file_ + "-journal").c_str());
    created_ = false;
  }
}

void GameDb::close() {
  for (sqlite3_stmt** st :
       {&game_, &tag_, &move_, &diag_, &find_player_, &add_player_, &find_event_, &add_event_}) {
    sqlite3_finalize(*st);
    *st = nullptr;
  }
  if (db_) sqlite3_close(db_);
  db_ = nullptr;
}

}  // namespace fairykit::analysis
