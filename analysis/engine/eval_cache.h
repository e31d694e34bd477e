// The cache of engine evaluations (fairy-analyze --eval-cache FILE): an SQLite database that
// remembers every position an engine evaluated, so that a second run, or a run over an
// archive that grew, sends only the new positions to the engine.
//
// An evaluation is found again only under everything that could change it: the engine
// (its `id name`, which carries the version: "Stockfish 16"), the options it was sent, the
// search limit, the variant, its rule options (variant_options_text() of
// rules/game/variant_options.h: "armies=CN" for a CwDA position, "" for most) and the position
// key. The first three make a `settings` row; evaluations hang under it:
//
//   settings(id INTEGER PRIMARY KEY, engine TEXT, options TEXT, search_limit TEXT,
//            UNIQUE(engine, options, search_limit))
//   evals(setting INTEGER, variant TEXT, rules TEXT, key INTEGER, fen TEXT, cp INTEGER,
//         mate INTEGER, best TEXT, pv TEXT, depth INTEGER, nodes INTEGER,
//         PRIMARY KEY(setting, variant, rules, key)) WITHOUT ROWID
//   meta(name TEXT PRIMARY KEY, value TEXT)        -- "schema" = "2"
//
// A cache of schema 1 (no rules column; chess and Chess960 only) is upgraded when open() opens
// it (open_to_read() refuses it): its evaluations are kept, with rules "".
//
// key is the 64-bit position key read as a signed integer (SQLite's INTEGER); cp or mate is
// set, the other NULL, from White's view (analysis/engine/evaluation.h); pv is the line's
// moves separated by blanks; fen the position's native FEN, for people and for a check
// against a key collision. The database is in WAL mode, so that runs on one file at the same
// time are safe (SQLite's locking; a busy database is waited for 30 s) and a reader never
// blocks the writer; each store() is committed by the caller in small transactions, so that
// a killed run loses only the evaluations not yet committed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/engine/evaluation.h"
#include "rules/core/types.h"

struct sqlite3;
struct sqlite3_stmt;

namespace fairykit::analysis {

class EvalCache {
 public:
  // Opens FILE (created when absent). Errors name the file: it cannot be opened, or it is an
  // SQLite database of something else ("x.db: not an evaluation cache (it has a table evals
  // of other columns)").
  static absl::StatusOr<std::unique_ptr<EvalCache>> open(const std::string& path);
  // Opens an existing cache FILE to read it only (fairy-convert --annotate): nothing is
  // created or written there, so that a file that is not a cache is left as it was; store()
  // and settings() for new settings fail. Errors name the file: "x.db: no such file",
  // "x.db: not an evaluation cache (file is not a database)".
  static absl::StatusOr<std::unique_ptr<EvalCache>> open_to_read(const std::string& path);
  ~EvalCache();
  EvalCache(const EvalCache&) = delete;
  EvalCache& operator=(const EvalCache&) = delete;

  // The id of the settings (inserted when new).
  absl::StatusOr<std::int64_t> settings(std::string_view engine, std::string_view options,
                                        std::string_view limit);
  // A settings row: the engine's `id name`, its options and the search limit, as settings()
  // took them.
  struct Settings {
    std::int64_t id = 0;
    std::string engine, options, limit;
  };
  // Every settings row, in the order they were made.
  absl::StatusOr<std::vector<Settings>> all_settings();
  // The evaluation of the position, or nullopt. A row whose FEN differs from `fen` in its
  // first four fields (a key collision) is not found.
  absl::StatusOr<std::optional<Evaluation>> find(std::int64_t settings, std::string_view variant,
                                                 std::string_view rules, Key key,
                                                 std::string_view fen);
  // Keeps the evaluation (replacing one there).
  absl::Status store(std::int64_t settings, std::string_view variant, std::string_view rules,
                     Key key, std::string_view fen, const Evaluation& e);
  // A transaction around many find() or store() calls (far faster than one each); `write`:
  // one that will store (it takes the write lock at once, so that two runs wait for each
  // other instead of failing).
  absl::Status begin(bool write);
  absl::Status commit();

  const std::string& path() const { return path_; }

 private:
  explicit EvalCache(std::string path) : path_(std::move(path)) {}
  absl::Status error(std::string_view what) const;
  absl::Status exec(const char* sql);
  // After the database is open and set up: it must be a cache of this schema; its statements
  // are prepared.
  absl::Status check_and_prepare();
  // The value of the schema row of the meta table; none when the database has no such table.
  std::optional<std::string> schema();

  std::string path_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* find_ = nullptr;
  sqlite3_stmt* store_ = nullptr;
  sqlite3_stmt* select_settings_ = nullptr;
  sqlite3_stmt* insert_settings_ = nullptr;
};

}  // namespace fairykit::analysis
