#include "analysis/engine/eval_cache.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace fairykit::analysis {

namespace {

// Schema 2 keys an evaluation by the variant's rule options too (variant_options_text() of
// rules/game/variant_options.h: a CwDA position's armies). Schema 1 had no such column and held
// chess and Chess960 only, which have no rule options: its rows are kept with rules ''.
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO meta(name, value) VALUES('schema', '2');
CREATE TABLE IF NOT EXISTS settings(
  id INTEGER PRIMARY KEY,
  engine TEXT NOT NULL,
  options TEXT NOT NULL,
  search_limit TEXT NOT NULL,
  UNIQUE(engine, options, search_limit));
CREATE TABLE IF NOT EXISTS evals(
  setting INTEGER NOT NULL REFERENCES settings(id),
  variant TEXT NOT NULL,
  rules TEXT NOT NULL,
  key INTEGER NOT NULL,
  fen TEXT NOT NULL,
  cp INTEGER,
  mate INTEGER,
  best TEXT NOT NULL,
  pv TEXT NOT NULL,
  depth INTEGER NOT NULL,
  nodes INTEGER NOT NULL,
  PRIMARY KEY(setting, variant, rules, key)) WITHOUT ROWID;
)sql";

// Schema 1 to 2, in one transaction (a run that opens the cache meanwhile waits for it; one
// that finds it done already changes nothing).
constexpr const char* kUpgrade1To2 = R"sql(
BEGIN IMMEDIATE;
CREATE TABLE evals_2(
  setting INTEGER NOT NULL REFERENCES settings(id),
  variant TEXT NOT NULL,
  rules TEXT NOT NULL,
  key INTEGER NOT NULL,
  fen TEXT NOT NULL,
  cp INTEGER,
  mate INTEGER,
  best TEXT NOT NULL,
  pv TEXT NOT NULL,
  depth INTEGER NOT NULL,
  nodes INTEGER NOT NULL,
  PRIMARY KEY(setting, variant, rules, key)) WITHOUT ROWID;
INSERT INTO evals_2(setting, variant, rules, key, fen, cp, mate, best, pv, depth, nodes)
  SELECT setting, variant, '', key, fen, cp, mate, best, pv, depth, nodes FROM evals;
DROP TABLE evals;
ALTER TABLE evals_2 RENAME TO evals;
UPDATE meta SET value = '2' WHERE name = 'schema';
COMMIT;
)sql";

// The fields that make the position (board, side, castling, en passant): the move counters
// differ between games that reach it.
std::vector<std::string_view> position_fields(std::string_view fen) {
  std::vector<std::string_view> f;
  for (absl::string_view w :
       absl::StrSplit(absl::string_view(fen.data(), fen.size()), ' ', absl::SkipEmpty())) {
    if (f.size() == 4) break;
    f.emplace_back(w.data(), w.size());
  }
  return f;
}

std::string_view column_text(sqlite3_stmt* st, int i) {
  const unsigned char* t = sqlite3_column_text(st, i);
  return t ? std::string_view(reinterpret_cast<const char*>(t),
                              std::size_t(sqlite3_column_bytes(st, i)))
           : std::string_view();
}

// Resets a statement when it goes out of scope: a statement left on a row keeps its read
// transaction open, and a write after another run's commit would then fail at once with
// "database is locked" (a stale snapshot cannot be upgraded) instead of waiting its turn.
class ResetAfter {
 public:
  explicit ResetAfter(sqlite3_stmt* st) : st_(st) { sqlite3_reset(st_); }
  ~ResetAfter() { sqlite3_reset(st_); }
  ResetAfter(const ResetAfter&) = delete;
  ResetAfter& operator=(const ResetAfter&) = delete;

 private:
  sqlite3_stmt* st_;
};

void bind_text(sqlite3_stmt* st, int i, std::string_view s) {
  sqlite3_bind_text(st, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
}

}  // namespace

absl::StatusOr<std::unique_ptr<EvalCache>> EvalCache::open(const std::string& path) {
  std::unique_ptr<EvalCache> c(new EvalCache(path));
  if (sqlite3_open_v2(path.c_str(), &c->db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK)
    return c->error("cannot open it");
  // Another run on the same file holds its lock for one small transaction at a time.
  sqlite3_busy_timeout(c->db_, 30000);
  // WAL: readers and one writer at once; NORMAL: a commit is not synced, which a killed
  // process does not lose (only a power cut may).
  // Two runs that open a new cache at once: switching it to WAL and making its tables take
  // locks that SQLite does not always wait for (it answers "database is locked" at once), so
  // the set-up is tried again for as long as a busy database is waited for.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    absl::Status s = c->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
    if (s.ok()) s = c->exec(kSchema);
    if (s.ok()) break;
    const int code = sqlite3_errcode(c->db_);
    if ((code != SQLITE_BUSY && code != SQLITE_LOCKED) ||
        std::chrono::steady_clock::now() >= give_up)
      return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  auto schema = [&] { return c->schema().value_or(""); };
  if (schema() == "1") {
    if (absl::Status s = c->exec(kUpgrade1To2); !s.ok()) {
      (void)c->exec("ROLLBACK");
      // Another run may have upgraded it between the look and the write.
      if (schema() != "2") return s;
    }
  }
  if (absl::Status s = c->check_and_prepare(); !s.ok()) return s;
  return c;
}

absl::StatusOr<std::unique_ptr<EvalCache>> EvalCache::open_to_read(const std::string& path) {
  // SQLite opens a missing file or a directory for reading without a word and fails at the
  // first query with "unable to open database file": said plainly here.
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(st))
    return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  if (std::filesystem::is_directory(st))
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": a directory, not an evaluation cache"));
  std::unique_ptr<EvalCache> c(new EvalCache(path));
  if (sqlite3_open_v2(path.c_str(), &c->db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
    return c->error("cannot open it");
  // A run of fairy-analyze may be writing to the cache: its transactions are short.
  sqlite3_busy_timeout(c->db_, 30000);
  // Read only, an older cache is not upgraded here: fairy-analyze does it when it opens it.
  if (c->schema() == std::optional<std::string>("1"))
    return absl::FailedPreconditionError(
        absl::StrCat(path,
                     ": an evaluation cache of an older fairykit: open it once with fairy-analyze "
                     "--eval-cache to bring it up to date"));
  if (absl::Status s = c->check_and_prepare(); !s.ok()) return s;
  return c;
}

std::optional<std::string> EvalCache::schema() {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT value FROM meta WHERE name = 'schema'", -1, &st, nullptr) !=
      SQLITE_OK)
    return std::nullopt;
  std::string value = sqlite3_step(st) == SQLITE_ROW ? std::string(column_text(st, 0)) : "";
  sqlite3_finalize(st);
  return value;
}

absl::Status EvalCache::check_and_prepare() {
  const std::optional<std::string> version = schema();
  if (!version) return error("not an evaluation cache");
  if (*version != "2")
    return absl::FailedPreconditionError(
        absl::StrCat(path_, ": not an evaluation cache of this fairykit (its schema differs)"));
  auto prepare = [&](const char* sql, sqlite3_stmt** st) {
    return sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, st, nullptr) == SQLITE_OK;
  };
  if (!prepare("SELECT fen, cp, mate, best, pv, depth, nodes FROM evals "
               "WHERE setting = ? AND variant = ? AND rules = ? AND key = ?",
               &find_) ||
      !prepare("INSERT OR REPLACE INTO evals(setting, variant, rules, key, fen, cp, mate, best, "
               "pv, depth, nodes) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               &store_) ||
      !prepare("SELECT id FROM settings WHERE engine = ? AND options = ? AND search_limit = ?",
               &select_settings_) ||
      !prepare("INSERT INTO settings(engine, options, search_limit) VALUES(?, ?, ?)",
               &insert_settings_))
    return absl::FailedPreconditionError(absl::StrCat(
        path_, ": not an evaluation cache (its tables have other columns): ", sqlite3_errmsg(db_)));
  return absl::OkStatus();
}

EvalCache::~EvalCache() {
  for (sqlite3_stmt* st : {find_, store_, select_settings_, insert_settings_}) sqlite3_finalize(st);
  if (db_) sqlite3_close(db_);
}

absl::Status EvalCache::error(std::string_view what) const {
  return absl::UnavailableError(absl::StrCat(path_, ": ", std::string(what), ": ",
                                             db_ ? sqlite3_errmsg(db_) : "out of memory"));
}

absl::Status EvalCache::exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) == SQLITE_OK) return absl::OkStatus();
  std::string text = message ? message : sqlite3_errmsg(db_);
  sqlite3_free(message);
  return absl::UnavailableError(absl::StrCat(path_, ": ", text));
}

absl::Status EvalCache::begin(bool write) { return exec(write ? "BEGIN IMMEDIATE" : "BEGIN"); }
absl::Status EvalCache::commit() { return exec("COMMIT"); }

absl::StatusOr<std::int64_t> EvalCache::settings(std::string_view engine, std::string_view options,
                                                 std::string_view limit) {
  ResetAfter reset_select(select_settings_), reset_insert(insert_settings_);
  for (sqlite3_stmt* st : {select_settings_, insert_settings_}) {
    bind_text(st, 1, engine);
    bind_text(st, 2, options);
    bind_text(st, 3, limit);
  }
  int rc = sqlite3_step(select_settings_);
  if (rc == SQLITE_ROW) return sqlite3_column_int64(select_settings_, 0);
  if (rc != SQLITE_DONE) return error("cannot read it");
  // Two runs may insert the same settings at once: the loser reads the winner's row.
  rc = sqlite3_step(insert_settings_);
  if (rc == SQLITE_DONE) return sqlite3_last_insert_rowid(db_);
  if (rc != SQLITE_CONSTRAINT) return error("cannot write to it");
  sqlite3_reset(select_settings_);
  if (sqlite3_step(select_settings_) == SQLITE_ROW)
    return sqlite3_column_int64(select_settings_, 0);
  return error("cannot read it");
}

absl::StatusOr<std::vector<EvalCache::Settings>> EvalCache::all_settings() {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT id, engine, options, search_limit FROM settings ORDER BY id",
                         -1, &st, nullptr) != SQLITE_OK)
    return error("cannot read it");
  std::vector<Settings> all;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW)
    all.push_back({sqlite3_column_int64(st, 0), std::string(column_text(st, 1)),
                   std::string(column_text(st, 2)), std::string(column_text(st, 3))});
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) return error("cannot read it");
  return all;
}

absl::StatusOr<std::optional<Evaluation>> EvalCache::find(std::int64_t settings,
                                                          std::string_view variant,
                                                          std::string_view rules, Key key,
                                                          std::string_view fen) {
  ResetAfter reset(find_);
  sqlite3_bind_int64(find_, 1, settings);
  bind_text(find_, 2, variant);
  bind_text(find_, 3, rules);
  sqlite3_bind_int64(find_, 4, static_cast<sqlite3_int64>(key));
  const int rc = sqlite3_step(find_);
  if (rc == SQLITE_DONE) return std::nullopt;
  if (rc != SQLITE_ROW) return error("cannot read it");
  if (position_fields(column_text(find_, 0)) != position_fields(fen)) return std::nullopt;
  Evaluation e;
  e.mate = sqlite3_column_type(find_, 2) != SQLITE_NULL;
  e.score = sqlite3_column_int(find_, e.mate ? 2 : 1);
  e.best = std::string(column_text(find_, 3));
  for (absl::string_view m :
       absl::StrSplit(absl::string_view(column_text(find_, 4).data(), column_text(find_, 4).size()),
                      ' ', absl::SkipEmpty()))
    e.pv.emplace_back(m);
  e.depth = sqlite3_column_int(find_, 5);
  e.nodes = std::uint64_t(sqlite3_column_int64(find_, 6));
  return e;
}

absl::Status EvalCache::store(std::int64_t settings, std::string_view variant,
                              std::string_view rules, Key key, std::string_view fen,
                              const Evaluation& e) {
  ResetAfter reset(store_);
  sqlite3_clear_bindings(store_);
  sqlite3_bind_int64(store_, 1, settings);
  bind_text(store_, 2, variant);
  bind_text(store_, 3, rules);
  sqlite3_bind_int64(store_, 4, static_cast<sqlite3_int64>(key));
  bind_text(store_, 5, fen);
  sqlite3_bind_int(store_, e.mate ? 7 : 6, e.score);
  bind_text(store_, 8, e.best);
  bind_text(store_, 9, absl::StrJoin(e.pv, " "));
  sqlite3_bind_int(store_, 10, e.depth);
  sqlite3_bind_int64(store_, 11, static_cast<sqlite3_int64>(e.nodes));
  if (sqlite3_step(store_) != SQLITE_DONE) return error("cannot write to it");
  return absl::OkStatus();
}

}  // namespace fairykit::analysis
