#include "parsers/records.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "parsers/line_reader.h"

namespace fairykit::parsers {

namespace {

// A source whose first bytes were read to tell its format: they are handed out again.
class SniffedSource final : public ByteSource {
 public:
  SniffedSource(std::unique_ptr<ByteSource> inner, std::string prefix)
      : inner_(std::move(inner)), prefix_(std::move(prefix)) {}
  absl::StatusOr<std::size_t> read(char* buffer, std::size_t size) override {
    if (pos_ < prefix_.size()) {
      const std::size_t n = std::min(size, prefix_.size() - pos_);
      std::memcpy(buffer, prefix_.data() + pos_, n);
      pos_ += n;
      return n;
    }
    return inner_->read(buffer, size);
  }
  const std::string& name() const override { return inner_->name(); }
  Compression compression() const override { return inner_->compression(); }
  std::uint64_t raw_bytes_read() const override { return inner_->raw_bytes_read(); }
  std::uint64_t raw_size() const override { return inner_->raw_size(); }

 private:
  std::unique_ptr<ByteSource> inner_;
  std::string prefix_;
  std::size_t pos_ = 0;
};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::optional<RecordFormat> format_by_name(std::string_view path) {
  for (std::string_view z : {".gz", ".bz2", ".zst", ".zstd", ".xz"})
    if (ends_with(path, z)) path.remove_suffix(z.size());
  if (ends_with(path, ".pgn")) return RecordFormat::kPgn;
  if (ends_with(path, ".fen") || ends_with(path, ".epd")) return RecordFormat::kPositions;
  if (ends_with(path, ".jsonl") || ends_with(path, ".ndjson")) return RecordFormat::kJsonl;
  if (ends_with(path, ".json")) return RecordFormat::kJson;
  return std::nullopt;
}

RecordFormat format_by_content(std::string_view s) {
  if (s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);
  std::size_t i = 0;
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < s.size() && space(s[i])) ++i;
  if (i == s.size()) return RecordFormat::kPgn;
  if (s[i] == '{') return RecordFormat::kJsonl;
  if (s[i] == '[') {
    std::size_t j = i + 1;
    while (j < s.size() && space(s[j])) ++j;
    if (j < s.size() && (s[j] == '{' || s[j] == ']')) return RecordFormat::kJson;
    return RecordFormat::kPgn;
  }
  // A position list: the first line's first field has seven '/'.
  const std::size_t end = std::min(s.find_first_of(" \t\r\n", i), s.size());
  if (std::count(s.begin() + std::ptrdiff_t(i), s.begin() + std::ptrdiff_t(end), '/') == 7)
    return RecordFormat::kPositions;
  return RecordFormat::kPgn;
}

class PgnRecords final : public RecordReader {
 public:
  PgnRecords(std::unique_ptr<ByteSource> source, const SplitterOptions& options)
      : source_(std::move(source)), splitter_(*source_, options) {}
  absl::StatusOr<bool> next(RawGame& game) override { return splitter_.next(game); }
  std::uint64_t raw_bytes_read() const override { return splitter_.raw_bytes_read(); }

 private:
  std::unique_ptr<ByteSource> source_;
  GameSplitter splitter_;
};

void reset(RawGame& game, RecordFormat format) {
  game.text.clear();
  game.notes.clear();
  game.skipped = 0;
  game.first_column = 1;
  game.format = format;
}

// One record per line that is not blank and not a '#' comment.
class LineRecords final : public RecordReader {
 public:
  LineRecords(std::unique_ptr<ByteSource> source, RecordFormat format,
              const SplitterOptions& options)
      : reader_(std::move(source), options.max_game_bytes), format_(format) {}
  absl::StatusOr<bool> next(RawGame& game) override {
    for (;;) {
      absl::StatusOr<std::optional<std::string_view>> line = reader_.Next();
      if (!line.ok()) return line.status();
      if (!line->has_value()) return false;
      std::string_view l = **line;
      if (reader_.line_number() == 1 && l.substr(0, 3) == "\xEF\xBB\xBF") l.remove_prefix(3);
      std::size_t i = 0;
      while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
      if (i == l.size() || l[i] == '#') continue;
      reset(game, format_);
      game.text.assign(l);
      game.index = ++count_;
      game.first_line = reader_.line_number();
      game.offset = 0;
      return true;
    }
  }
  std::uint64_t raw_bytes_read() const override { return reader_.source().raw_bytes_read(); }

 private:
  LineReader reader_;
  RecordFormat format_;
  std::int64_t count_ = 0;
};

// The elements of a JSON array, each as its own text, found by a scan that follows strings
// and nesting (no parse here: the tool parses each element in parallel). The array itself
// is held to JSON's grammar: elements are objects separated by single commas.
class JsonArrayRecords final : public RecordReader {
 public:
  JsonArrayRecords(std::unique_ptr<ByteSource> source, const SplitterOptions& options)
      : source_(std::move(source)), options_(options), bom_(options.first_offset == 0 ? 0 : 3) {}

  absl::StatusOr<bool> next(RawGame& game) override {
    reset(game, RecordFormat::kJson);
    bool in_element = false;
    std::int64_t element_line = 0, element_column = 0;
    std::uint64_t element_size = 0;
    for (;;) {
      if (pos_ == size_) {
        if (eof_) break;
        absl::StatusOr<std::size_t> n = source_->read(buffer_, sizeof buffer_);
        if (!n.ok()) return n.status();
        if (*n == 0) {
          eof_ = true;
          break;
        }
        size_ = *n;
        pos_ = 0;
      }
      const char c = buffer_[pos_++];
      if (bom_ < 3) {
        // A byte order mark at the start of the input is skipped, as the PGN reader does.
        if (c == "\xEF\xBB\xBF"[bom_]) {
          ++bom_;
          continue;
        }
        if (bom_ != 0) return bad(game, "a JSON array of games was expected");
        bom_ = 3;
      }
      if (c == '\n') {
        ++line_;
        column_ = 0;
      } else {
        ++column_;
      }
      if (in_element) {
        ++element_size;
        if (element_size <= options_.max_game_bytes)
          game.text += c;
        else if (!game.text.empty())
          std::string().swap(game.text);
      }
      if (in_string_) {
        if (escape_)
          escape_ = false;
        else if (c == '\\')
          escape_ = true;
        else if (c == '"')
          in_string_ = false;
        continue;
      }
      if (c == '"') {
        in_string_ = true;
      } else if (c == '[' || c == '{') {
        if (depth() == 0 && done_) return bad(game, "text after the end of the JSON array");
        if (depth() == 0 && c != '[') return bad(game, "a JSON array of games was expected");
        if (depth() == 1 && c != '{')
          return bad(game, "an element of the games array is not an object");
        if (depth() == 1 && after_ == kElement)
          return bad(game, "a ',' is missing between two games of the JSON array");
        if (depth() == 0) opened_ = true;
        if (depth() == 1) {
          in_element = true;
          element_line = line_;
          element_column = column_;
          element_size = 1;
          game.text.assign(1, c);
        }
        open_.push_back(c == '{');
      } else if (c == ']' || c == '}') {
        if (depth() == 0) return bad(game, "unexpected closing bracket");
        if (open_.back() != (c == '}'))
          return bad(game, c == '}' ? "'}' closes a '['" : "']' closes a '{'");
        if (depth() == 1 && after_ == kComma)
          return bad(game, "a ',' after the last game of the JSON array");
        open_.pop_back();
        if (depth() == 1 && in_element) {
          after_ = kElement;
          return element(game, element_line, element_column, element_size);
        }
        if (depth() == 0) done_ = true;
      } else if (depth() == 1 && !in_element && c == ',') {
        if (after_ != kElement) return bad(game, "a ',' where a game object was expected");
        after_ = kComma;
      } else if (depth() == 1 && !in_element && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        return bad(game, "an element of the games array is not an object");
      } else if (depth() == 0 && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        return bad(game, done_ ? "text after the end of the JSON array"
                               : "a JSON array of games was expected");
      }
    }
    ++column_;  // the errors at the end point just past the last byte
    if (bom_ != 0 && bom_ < 3) return bad(game, "a JSON array of games was expected");
    if (in_element || (opened_ && !done_)) return bad(game, "the JSON array is not closed");
    return false;
  }
  std::uint64_t raw_bytes_read() const override { return source_->raw_bytes_read(); }

 private:
  std::size_t depth() const { return open_.size(); }
  absl::StatusOr<bool> element(RawGame& game, std::int64_t line, std::int64_t column,
                               std::uint64_t size) {
    game.index = ++count_;
    game.first_line = line;
    game.first_column = column;
    if (size > options_.max_game_bytes) {
      game.text.clear();
      game.skipped = size;
      game.notes.push_back(
          {Severity::kError,
           absl::StrCat("game exceeds the ", size_text(options_.max_game_bytes), " limit",
                        options_.limit_flag.empty() ? "" : " (" + options_.limit_flag + ")", ": ",
                        size, " bytes skipped"),
           {line, column}});
    }
    return true;
  }
  // An error that ends the reading of this input: one record carries it, at the byte read
  // last.
  absl::StatusOr<bool> bad(RawGame& game, const char* what) {
    if (failed_) return false;
    failed_ = true;
    eof_ = true;
    pos_ = size_;
    reset(game, RecordFormat::kJson);
    game.index = ++count_;
    game.first_line = line_;
    game.first_column = std::max<std::int64_t>(column_, 1);
    game.notes.push_back({Severity::kError, what, {line_, game.first_column}});
    return true;
  }

  std::unique_ptr<ByteSource> source_;
  SplitterOptions options_;
  char buffer_[1 << 16];
  std::size_t pos_ = 0, size_ = 0;
  bool eof_ = false, in_string_ = false, escape_ = false, done_ = false, opened_ = false,
       failed_ = false;
  int bom_;  // bytes of a byte order mark read so far; 3: none is looked for any more
  // What the last thing read at the array's level was: its '[', an element, a ','.
  enum { kOpen, kElement, kComma } after_ = kOpen;
  std::vector<bool> open_;  // the brackets open, outermost first: true for '{', false for '['
  std::int64_t line_ = 1;
  std::int64_t column_ = 0;  // of the byte read last (0: none yet on this line)
  std::int64_t count_ = 0;
};

}  // namespace

std::string_view record_format_name(RecordFormat f) {
  switch (f) {
    case RecordFormat::kPgn:
      return "pgn";
    case RecordFormat::kPositions:
      return "fen";
    case RecordFormat::kJson:
      return "json";
    case RecordFormat::kJsonl:
      return "jsonl";
  }
  return "pgn";
}

std::optional<RecordFormat> find_record_format(std::string_view name) {
  if (name == "pgn") return RecordFormat::kPgn;
  if (name == "fen" || name == "epd") return RecordFormat::kPositions;
  if (name == "json") return RecordFormat::kJson;
  if (name == "jsonl" || name == "ndjson") return RecordFormat::kJsonl;
  return std::nullopt;
}

absl::StatusOr<RecordFormat> detect_format(const std::string& path,
                                           std::unique_ptr<ByteSource>& source) {
  if (std::optional<RecordFormat> f = format_by_name(path)) return *f;
  std::string prefix(4096, '\0');
  std::size_t got = 0;
  while (got < prefix.size()) {
    absl::StatusOr<std::size_t> n = source->read(prefix.data() + got, prefix.size() - got);
    if (!n.ok()) return n.status();
    if (*n == 0) break;
    got += *n;
  }
  prefix.resize(got);
  const RecordFormat f = format_by_content(prefix);
  source = std::make_unique<SniffedSource>(std::move(source), std::move(prefix));
  return f;
}

std::unique_ptr<RecordReader> make_record_reader(std::unique_ptr<ByteSource> source,
                                                 RecordFormat format,
                                                 const SplitterOptions& options) {
  switch (format) {
    case RecordFormat::kPgn:
      return std::make_unique<PgnRecords>(std::move(source), options);
    case RecordFormat::kPositions:
    case RecordFormat::kJsonl:
      return std::make_unique<LineRecords>(std::move(source), format, options);
    case RecordFormat::kJson:
      return std::make_unique<JsonArrayRecords>(std::move(source), options);
  }
  return nullptr;
}

}  // namespace fairykit::parsers
