#include "analysis/checking/openings.h"

#include <algorithm>
#include <array>
#include <bit>
#include <fstream>
#include <iterator>
#include <memory>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "analysis/checking/openings_data.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

namespace {

// The fields of `text` between the `sep` characters, empty ones included. (Abseil's
// StrSplit takes an absl::string_view, which is not std::string_view in every build.)
void split(std::string_view text, char sep, std::vector<std::string_view>& fields) {
  fields.clear();
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(sep, at);
    fields.push_back(text.substr(at, end - at));
    if (end == std::string_view::npos) return;
    at = end + 1;
  }
}
std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> fields;
  split(text, sep, fields);
  return fields;
}

// "b.tsv:12: what".
absl::Status line_error(std::string_view file, int line, std::string_view what) {
  return absl::InvalidArgumentError(std::string(file) + ":" + std::to_string(line) + ": " +
                                    std::string(what));
}

std::string_view message(const absl::Status& s) { return {s.message().data(), s.message().size()}; }

bool is_eco(std::string_view eco) {
  return eco.size() == 3 && eco[0] >= 'A' && eco[0] <= 'E' && eco[1] >= '0' && eco[1] <= '9' &&
         eco[2] >= '0' && eco[2] <= '9';
}

// Plays the moves of `pgn` ("1. e4 e5 2. Nf3") from the start position on `game`, which
// stands after the moves `played` (those of the previous line): the moves the two lines
// share are kept, the others taken back (the files list lines that share their first moves
// one after the other, so most lines play only their last few moves). `played` becomes
// the moves of `pgn` (views into its text). The number of moves, or why one could not be
// played.
// `tokens` and `moves` are scratch space.
absl::StatusOr<int> play_line(AnyGame& game, std::string_view pgn,
                              std::vector<std::string_view>& played,
                              std::vector<std::string_view>& tokens,
                              std::vector<std::string_view>& moves,
                              absl::flat_hash_set<Key>& passed) {
  moves.clear();
  split(pgn, ' ', tokens);
  for (std::string_view token : tokens) {
    // A move number ("12." or "12...") before the move, alone or joined to it.
    std::size_t i = 0;
    while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
    if (i > 0) {
      std::size_t dots = i;
      while (dots < token.size() && token[dots] == '.') ++dots;
      if (dots > i) token.remove_prefix(dots);
    }
    if (!token.empty()) moves.push_back(token);
  }
  if (moves.empty()) return absl::InvalidArgumentError("no moves");
  std::size_t common = 0;
  while (common < played.size() && common < moves.size() && played[common] == moves[common])
    ++common;
  for (; played.size() > common; played.pop_back()) game.undo();
  for (std::size_t i = common; i < moves.size(); ++i) {
    if (absl::Status s = game.play_move(moves[i]); !s.ok())
      return absl::InvalidArgumentError("move " + std::to_string(i + 1) + ": " +
                                        std::string(message(s)));
    played.push_back(moves[i]);
    passed.insert(game.key());
  }
  return int(moves.size());
}

}  // namespace

absl::StatusOr<OpeningBook> OpeningBook::parse(std::span<const OpeningsFile> files) {
  const VariantInfo* chess = find_variant("chess");
  absl::StatusOr<std::unique_ptr<AnyGame>> game = AnyGame::create(*chess);
  if (!game.ok()) return game.status();

  OpeningBook book;
  book.start_key_ = (*game)->key();
  std::vector<std::string_view> played;  // the moves on `game`, those of the last line
  std::vector<std::string_view> fields, tokens, moves;  // scratch
  std::size_t lines = 0;
  for (const OpeningsFile& file : files)
    lines += std::size_t(std::count(file.text.begin(), file.text.end(), '\n'));
  book.openings_.reserve(lines);
  book.index_.reserve(lines);
  for (const OpeningsFile& file : files) {
    std::string_view text = file.text;
    if (text.empty()) return absl::InvalidArgumentError(file.name + ": empty file");
    if (text.back() == '\n') text.remove_suffix(1);  // the end of the last line
    int line_number = 0;
    for (std::string_view line : split(text, '\n')) {
      ++line_number;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line_number == 1) {
        if (line != "eco\tname\tpgn")
          return line_error(file.name, 1,
                            "the header is not \"eco<TAB>name<TAB>pgn\" (not an opening file?)");
        continue;
      }
      split(line, '\t', fields);
      if (fields.size() != 3)
        return line_error(file.name, line_number,
                          "expected 3 fields separated by tabs (eco, name, pgn), found " +
                              std::to_string(fields.size()));
      if (!is_eco(fields[0]))
        return line_error(file.name, line_number,
                          "ECO code \"" + parsers::message_text(fields[0]) +
                              "\" is not a letter A-E and two digits");
      if (fields[1].empty()) return line_error(file.name, line_number, "empty name");

      absl::StatusOr<int> plies =
          play_line(**game, fields[2], played, tokens, moves, book.on_lines_);
      if (!plies.ok()) return line_error(file.name, line_number, message(plies.status()));
      const Key key = (*game)->key();
      const auto index = std::uint32_t(book.openings_.size());
      book.openings_.push_back(Opening{.eco = std::string(fields[0]),
                                       .name = std::string(fields[1]),
                                       .pgn = std::string(fields[2]),
                                       .plies = *plies,
                                       .key = key});
      // The first line to reach a position names it.
      bool named = false;
      book.add_key(key, index, named);
      if (named) ++book.positions_;
    }
  }
  return book;
}

void OpeningBook::add_key(Key key, std::uint32_t index, bool& named) {
  named = index_.try_emplace(key, index).second;
  const std::size_t bit = std::size_t(key >> (64 - kFilterBits));
  filter_[bit / 64] |= std::uint64_t(1) << (bit % 64);
}

absl::StatusOr<OpeningBook> OpeningBook::load(const std::filesystem::path& dir) {
  std::error_code ec;
  std::vector<std::filesystem::path> paths;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".tsv") paths.push_back(it->path());
  if (ec)
    return absl::NotFoundError(dir.string() + ": cannot read the directory (" + ec.message() + ")");
  if (paths.empty()) return absl::NotFoundError(dir.string() + ": no opening file (*.tsv)");
  std::sort(paths.begin(), paths.end());

  std::vector<OpeningsFile> files;
  for (const std::filesystem::path& p : paths) {
    std::ifstream in(p, std::ios::binary);
    if (!in.is_open()) return absl::NotFoundError(p.string() + ": cannot open");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return absl::DataLossError(p.string() + ": cannot read");
    files.push_back({p.filename().string(), std::move(text)});
  }
  return parse(files);
}

const absl::StatusOr<OpeningBook>& OpeningBook::builtin() {
  static const absl::StatusOr<OpeningBook> book = [] {
    std::vector<OpeningsFile> files;
    for (const openings_data::File& f : openings_data::files()) {
      OpeningsFile& file = files.emplace_back();
      file.name = std::string(f.name);
      for (std::string_view piece : f.pieces) file.text.append(piece);
    }
    return parse(files);
  }();
  return book;
}

std::optional<OpeningMatch> OpeningBook::classify(std::span<const Key> keys, int max_plies) const {
  const int n = std::min(int(keys.size()), std::max(max_plies, 0));
  int i = n;
  // Above 64 plies one by one; then the filter's answers for the first 64 gathered without
  // a branch (a mispredicted one per ply costs more than the test), and only the plies it
  // lets through looked up, from the last.
  for (; i > 64; --i)
    if (const Opening* o = find(keys[std::size_t(i - 1)])) return OpeningMatch{o, i};
  std::uint64_t maybe = 0;
  for (int k = 0; k < i; ++k) {
    const std::size_t bit = std::size_t(keys[std::size_t(k)] >> (64 - kFilterBits));
    maybe |= (filter_[bit / 64] >> (bit % 64) & 1) << k;
  }
  while (maybe) {
    const int k = 63 - std::countl_zero(maybe);
    maybe &= ~(std::uint64_t(1) << k);
    if (const Opening* o = find(keys[std::size_t(k)])) return OpeningMatch{o, k + 1};
  }
  return std::nullopt;
}

std::optional<OpeningMatch> OpeningBook::classify(const GameRecord& record, int max_plies) const {
  if (!variant_info(record.variant).eco_openings || !record.set_up ||
      record.start_key != start_key_)
    return std::nullopt;
  // A record without items (RecordOptions::items off) keeps the keys of its main line.
  if (record.items.empty()) return classify(std::span<const Key>(record.line_keys), max_plies);
  for (auto it = record.items.rbegin(); it != record.items.rend(); ++it) {
    if (it->kind != RecordItem::kMove || it->depth != 0 || it->ply > max_plies) continue;
    if (const Opening* o = find(it->key)) return OpeningMatch{o, it->ply};
  }
  return std::nullopt;
}

std::optional<OpeningMatch> OpeningBook::classify_first(const GameRecord& record,
                                                        int max_plies) const {
  if (!variant_info(record.variant).eco_openings || !record.set_up ||
      record.start_key != start_key_)
    return std::nullopt;
  std::optional<OpeningMatch> named;
  // False once the game has left the book's lines.
  const auto at = [&](Key key, int ply) {
    if (ply > max_plies || !on_lines_.contains(key)) return false;
    if (const Opening* o = find(key)) named = OpeningMatch{o, ply};
    return true;
  };
  if (record.items.empty()) {
    for (std::size_t i = 0; i < record.line_keys.size(); ++i)
      if (!at(record.line_keys[i], int(i) + 1)) break;
  } else {
    for (const RecordItem& it : record.items)
      if (it.kind == RecordItem::kMove && it.depth == 0 && !at(it.key, it.ply)) break;
  }
  if (!named) return classify(record, max_plies);  // out of the book from the first move
  return named;
}

}  // namespace fairykit::analysis
