#include "analysis/checking/validate.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>
#include <string_view>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "analysis/checking/position_patterns.h"
#include "analysis/checking/termination.h"
#include "parsers/message_text.h"
#include "rules/game/any_game.h"
#include "rules/game/game_start.h"
#include "rules/notation/san.h"

namespace fairykit::analysis {

namespace {

using parsers::PgnLocation;
using parsers::Severity;

// Quirks of style: reported once per game (an archive in long algebraic notation is one
// fact, not one per move). The others (check marks, capture marks, disambiguation) are
// reported at each move.
constexpr std::uint32_t kStyleQuirks =
    std::uint32_t(SanQuirk::kZeroCastling) | std::uint32_t(SanQuirk::kLowercaseCastling) |
    std::uint32_t(SanQuirk::kCastlingAsKingMove) |
    std::uint32_t(SanQuirk::kPromotionWithoutEquals) |
    std::uint32_t(SanQuirk::kLowercasePromotion) | std::uint32_t(SanQuirk::kEnPassantMarker) |
    std::uint32_t(SanQuirk::kLongAlgebraic);

// The seven-tag roster, in its PGN order.
constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};

// The tag names of a game, for the warning about a repeated tag: looked through one by one
// while they are few (a game has a dozen tags), by hash beyond (a game may hold any number).
// A name is kept as a view into the game's text, where the reader's names lie (copied only
// when it does not), so that a tag costs no allocation. One per thread, reset for each game,
// so that its memory is reused.
class TagNames {
 public:
  void reset(std::string_view text) {
    text_ = text;
    few_count_ = 0;
    many_.clear();
    copies_.clear();
    seen_ = 0;
  }
  // Where `name` was first read, when it was; else nullptr, and `name` is noted at `where`.
  const PgnLocation* first(std::string_view name, const PgnLocation& where) {
    if (few_count_ < kFew && many_.empty()) [[likely]] {
      // A bit per (length, first and last byte) seen: a name whose bit is clear is new, which
      // is the usual answer, found without looking through the others.
      const std::uint64_t bit =
          name.empty() ? 1
                       : std::uint64_t{1}
                             << ((name.size() * 7 + static_cast<unsigned char>(name.front()) * 3 +
                                  static_cast<unsigned char>(name.back())) &
                                 63);
      if (seen_ & bit) {
        for (std::size_t i = 0; i < few_count_; ++i)
          if (few_[i].name.size() == name.size() && few_[i].name == name) return &few_[i].at;
      }
      seen_ |= bit;
      few_[few_count_++] = {kept(name), where};
      return nullptr;
    }
    return first_of_many(name, where);
  }

 private:
  // first() past kFew names: they go into the hash map.
  [[gnu::noinline]] const PgnLocation* first_of_many(std::string_view name,
                                                     const PgnLocation& where) {
    if (many_.empty()) {
      for (std::size_t i = 0; i < few_count_; ++i) many_.emplace(few_[i].name, few_[i].at);
    }
    if (const auto it = many_.find(name); it != many_.end()) return &it->second;
    many_.emplace(kept(name), where);
    return nullptr;
  }

  std::string_view kept(std::string_view name) {
    const auto at = reinterpret_cast<std::uintptr_t>(name.data());
    const auto begin = reinterpret_cast<std::uintptr_t>(text_.data());
    if (at >= begin && at - begin <= text_.size() && name.size() <= text_.size() - (at - begin))
      return name;
    return copies_.emplace_back(name);
  }

  static constexpr std::size_t kFew = 32;
  std::string_view text_;
  struct Name {
    std::string_view name;
    PgnLocation at;
  };
  std::uint64_t seen_ = 0;  // the bits of the names in few_
  std::array<Name, kFew> few_;
  std::size_t few_count_ = 0;
  absl::flat_hash_map<std::string_view, PgnLocation> many_;
  std::deque<std::string> copies_;  // (a deque: the views of its strings stay valid)
};

TagNames& thread_tag_names(std::string_view text) {
  thread_local TagNames names;
  names.reset(text);
  return names;
}

class GameChecker final : public parsers::PgnVisitor {
 public:
  GameChecker(const parsers::RawGame& game, const ValidateOptions& options,
              GameRecord* record = nullptr, const RecordOptions* record_options = nullptr)
      : game_(game),
        options_(options),
        record_(record),
        ro_(record_options),
        tag_names_(thread_tag_names(game.text)) {
    report_.index = game.index;
    report_.first_line = game.first_line;
  }

  void tag(std::string_view name, std::string_view value, const PgnLocation& where) override {
    if (record_ && (!ro_ || !ro_->only_tags || kept_tag(*ro_->only_tags, name))) {
      record_->tags.emplace_back(std::piecewise_construct, std::forward_as_tuple(name),
                                 std::forward_as_tuple(value));
      if (ro_ && ro_->tag_places) record_->tag_places.push_back({where.line, where.column});
    }
    // A repeated tag is kept in the record (the writers keep every value) but the game is
    // read from the first one, as GameRecord::tag() reads it.
    if (const PgnLocation* first = tag_names_.first(name, where)) [[unlikely]] {
      repeated_tag(name, where, *first);
      return;
    }
    if (options_.roster_warnings)
      for (int i = 0; i < 7; ++i)
        if (name == kRoster[i]) roster_ |= 1u << i;
    if (options_.termination && name == "Termination") termination_tag_.assign(value);
    // The tags read here are 3 to 9 letters long and start with one of "WBRVFAS".
    if (name.size() < 3 || name.size() > 9 || !std::strchr("WBRVFAS", name[0])) return;
    if (name == "White")
      report_.white.assign(value);
    else if (name == "Black")
      report_.black.assign(value);
    else if (name == "Result") {
      report_.result_tag.assign(value);
      result_tag_where_ = where;
    } else if (name == "Variant") {
      tags_.variant = std::string(value);
      variant_where_ = where;
    } else if (name == "FEN") {
      tags_.fen = std::string(value);
      fen_where_ = where;
    } else if (name == "Armies") {
      tags_.armies = std::string(value);
      armies_where_ = where;
    } else if (name == "WhiteArmy" || name == "BlackArmy") {
      (name == "WhiteArmy" ? tags_.white_army : tags_.black_army) = std::string(value);
      if (!tags_.armies) armies_where_ = where;
    } else if (name == "SetUp") {
      tags_.setup = std::string(value);
      setup_where_ = where;
    }
  }

  void end_tags() override {
    if (options_.roster_warnings && roster_ != 0x7f) {
      std::string missing;
      for (int i = 0; i < 7; ++i)
        if (!(roster_ & (1u << i)))
          absl::StrAppend(&missing, missing.empty() ? "" : ", ", std::string(kRoster[i]));
      add(Severity::kWarning, game_start(), 0,
          absl::StrCat("missing tags of the seven-tag roster: ", missing));
    }
    // The variant and the position from the tags (rules/game/game_start.h).
    const GameStart start = game_start_from_tags(tags_, options_.default_variant);
    if (start.variant) {
      report_.variant = std::string(variant_info(*start.variant).name);
      variant_ = *start.variant;
    }
    // A selection tests the tags of an invalid game too (analysis/checking/selection.h).
    if (record_) {
      record_->tags_read = true;
      if (start.variant) record_->variant = *start.variant;
    }
    for (const StartNote& n : start.notes) {
      add(n.error ? Severity::kError : Severity::kWarning, where_of(n.tag), 0, n.message);
      if (!n.error && n.tag == StartTag::kFen && tags_.fen && tags_.setup != "1")
        report_.diagnostics.back().fault = Fault::kFenWithoutSetUp;
    }
    if (!start.ok()) return;
    // Castling rights the position cannot have are dropped with a warning (archives carry
    // them: lichess studies), as python-chess and lichess do; what the FEN reader accepted
    // leniently (a fullmove number of 0) is a warning too.
    DroppedCastlingRights dropped;
    AnyGame& game = thread_game(variant_info(*start.variant));
    const absl::Status status =
        game.set_up(start.fen ? std::string_view(*start.fen) : std::string_view("startpos"), {},
                    {.drop_invalid_castling_rights = true}, &dropped);
    if (!status.ok()) {
      add(Severity::kError, fen_where_, 0,
          absl::StrCat("invalid FEN tag \"", fen_tag_echo(tags_.fen.value_or("")),
                       "\": ", std::string(status.message())));
      return;
    }
    for (const DroppedCastlingRight& d : dropped) {
      add(Severity::kWarning, fen_where_, 0,
          absl::StrCat("FEN castling right '", std::string(1, d.letter), "' dropped: ", d.reason));
      report_.diagnostics.back().fault = Fault::kFenReadAsWritten;
    }
    replay_ = &game;
    game.set_uci_castling(ro_ ? ro_->uci_castling : UciCastling::kKingTakesRook);
    if (record_) {
      record_->set_up = true;
      record_->variant = *start.variant;
      // The start position of the variant needs no FEN written again.
      const std::string_view standard = variant_info(*start.variant).start_fen;
      if (!start.fen && !standard.empty())
        record_->start_fen.assign(standard);
      else
        record_->start_fen = game.fen(ro_ ? ro_->ep_field : EpField::kLegalCapture);
      record_->start_key = game.key();
      record_->start_side = game.side_to_move();
      record_->start_move = fullmove_number(*start.variant, record_->start_fen);
    }
    for (const std::string& w : game.fen_warnings()) {
      add(Severity::kWarning, fen_where_, 0,
          absl::StrCat("FEN tag \"", fen_tag_echo(tags_.fen.value_or("")), "\": ", w));
      report_.diagnostics.back().fault = Fault::kFenReadAsWritten;
    }
    if (ro_) visitor_ = ro_->positions;
    if (ro_ && ro_->position_tests && record_) {
      position_tests_.begin(ro_->position_tests, visitor_, &record_->positions_met);
      visitor_ = &position_tests_;
    }
    if (visitor_) visitor_->position(game, 0);
    if (record_ && ro_->claims) note_claims(game, 0);
    lean_ = !options_.positions && !options_.move_warnings && !visitor_ &&
            (!record_ || (ro_ && !ro_->items));
  }

  void move(std::string_view text, PgnLocation where) override {
    // The main line's moves when nothing is written per move but the facts and keys
    // (fairy-analyze): about 80 instructions a move fewer than the general path below
    // (cachegrind). A move that fails there left the game as it was, and is played again
    // below, which reports it.
    if (lean_ && depth_ == 0 && !stopped_ && !broken_ && lean_move(text)) return;
    if (!checking()) return;
    std::string before;
    if (options_.positions) before = replay_->fen();
    const int ply = int(replay_->plies()) + 1;
    // FIDE 5.2.2: a dead position ends the game at once; moves played after it are legal
    // but do not count. One warning per game, at the first such move of the main line.
    const bool after_dead =
        options_.move_warnings && depth_ == 0 && !dead_reported_ && replay_->dead_position();
    SanQuirks quirks;
    const bool record = recording();
    // A recorded move is written straight into its item (taken back when it is illegal).
    RecordItem* item = record && ro_->items ? &record_->items.emplace_back() : nullptr;
    MoveFacts* facts = record && ro_->facts && depth_ == 0 ? &move_facts_ : nullptr;
    if (absl::Status s = replay_->play_move(text, options_.move_warnings ? &quirks : nullptr,
                                            item && ro_->san ? &item->san : nullptr,
                                            item && ro_->uci ? &item->uci : nullptr, facts);
        !s.ok()) {
      if (item) record_->items.pop_back();
      add(Severity::kError, where, ply, std::string(s.message()), std::move(before));
      if (depth_ == 0)
        stopped_ = true;
      else
        dead_depth_ = depth_;
      return;
    }
    if (after_dead) {
      dead_reported_ = true;
      add(Severity::kWarning, where, ply,
          absl::StrCat("move \"", parsers::message_text(text),
                       "\" after the game ended in a dead position (insufficient material)"),
          before);
    }
    if (!quirks.empty()) report_quirks(text, quirks, where, ply, before, item);
    if (depth_ == 0) report_.plies = ply;
    if (facts) keep_facts(*facts, ply);
    if (item)
      record_move(*item, ply);
    else if (record && ro_->keys && depth_ == 0 && ply <= ro_->key_plies)
      record_->line_keys.push_back(replay_->key());
    if (visitor_ && depth_ == 0) visitor_->position(*replay_, ply);
    if (record && ro_->claims && depth_ == 0) note_claims(*replay_, ply);
  }

  // RecordOptions::claims: the first ply of a repetition and of the move-count rule. The state
  // is asked only until both were seen.
  void note_claims(const AnyGame& game, int ply) {
    if (record_->repetition_ply >= 0 && record_->move_rule_ply >= 0) return;
    const GameState st = game.state();
    // repetitions, not threefold: Interweave's third occurrence ends the game (a loss) and
    // is counted there only.
    if (record_->repetition_ply < 0 && st.repetitions >= 3) record_->repetition_ply = ply;
    if (record_->move_rule_ply < 0 && st.fifty_moves) record_->move_rule_ply = ply;
  }

  [[gnu::noinline]] void repeated_tag(std::string_view name, const PgnLocation& where,
                                      const PgnLocation& first) {
    add(Severity::kWarning, where, 0,
        absl::StrCat("tag ", parsers::message_text(name), " repeated (first at line ", first.line,
                     "): the game uses the first value"));
  }

  // The facts of a move that captured, promoted, castled or passed go into the record.
  void keep_facts(const MoveFacts& facts, int ply) {
    if (facts.captures == 0 && facts.promotion == NO_PIECE_TYPE && !facts.castling &&
        !facts.null_move)
      return;
    // Copied into its place, not through a temporary: the temporary's copy read back a
    // stack slot that a wider store had just written, which stalls store forwarding.
    GameRecord::PlyFacts& kept = record_->facts.emplace_back();
    kept.ply = ply;
    kept.facts = facts;
  }

  // Whether `name` is one of `kept`: told apart by length and first letter before the
  // bytes are compared (most tags are not kept; "White" and "Black" have one length).
  static bool kept_tag(const std::vector<std::string_view>& kept, std::string_view name) {
    for (std::string_view k : kept)
      if (k.size() == name.size() && !k.empty() && k[0] == name[0] && k == name) return true;
    return false;
  }

  // move() when lean_: false when the move could not be played (the game unchanged).
  [[gnu::always_inline]] bool lean_move(std::string_view text) {
    MoveFacts* const facts = record_ && ro_->facts ? &move_facts_ : nullptr;
    if (!replay_->play_move(text, nullptr, nullptr, nullptr, facts).ok()) [[unlikely]]
      return false;
    const int ply = int(replay_->plies());
    report_.plies = ply;
    if (!record_) return true;
    if (facts) keep_facts(*facts, ply);
    if (ro_->keys && ply <= ro_->key_plies) record_->line_keys.push_back(replay_->key());
    if (ro_->claims) note_claims(*replay_, ply);
    return true;
  }

  void nag(int value, PgnLocation) override {
    if (!recording() || !ro_->items) return;
    RecordItem& item = record_->items.emplace_back();
    item.kind = RecordItem::kNag;
    item.nag = value;
    item.depth = depth_;
  }

  void comment(std::string_view text, PgnLocation where) override {
    if ((options_.move_warnings || (record_ && ro_->commands)) && !stopped_ && !broken_)
      read_commands(text, where);
    if (!recording() || !ro_->items) return;
    RecordItem& item = record_->items.emplace_back();
    item.kind = RecordItem::kComment;
    // A line break inside a comment is "\n" whatever the input wrote ("\r\n", or a lone
    // '\r' as the reader counts lines), so that a CRLF file and its LF copy give the same
    // comments in every output.
    if (text.find('\r') == std::string_view::npos) {
      item.san.assign(text);
    } else {
      item.san.reserve(text.size());
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') {
          item.san += text[i];
        } else {
          item.san += '\n';
          if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        }
      }
    }
    item.depth = depth_;
  }

  std::vector<parsers::PlyCommands>* comment_commands_list() override {
    if (options_.move_warnings || !record_ || !ro_->commands || ro_->items || !replay_ ||
        stopped_ || broken_)
      return nullptr;
    return &record_->commands;
  }
  // The entry of the current ply in the record's commands.
  GameRecord::PlyCommands& commands_entry() {
    return parsers::ply_commands_entry(record_->commands, report_.plies);
  }

  // The clk, emt and eval commands of a comment: kept for the main line's move before it
  // (RecordOptions::commands), and each malformed one a warning at its place (any line).
  void read_commands(std::string_view text, PgnLocation where) {
    if (!options_.move_warnings) {
      // Statistics: the values of the main line only, no warnings, read straight into the
      // move's entry (the reader fills only empty values: the merge of a move's comments).
      if (depth_ != 0 || !recording()) return;
      parsers::read_comment_commands(text, commands_entry().commands, nullptr);
      return;
    }
    parsers::CommentCommands commands;
    std::vector<parsers::CommandProblem> problems;
    parsers::read_comment_commands(text, commands, checking() ? &problems : nullptr);
    const int ply = depth_ == 0 ? report_.plies : 0;
    for (const parsers::CommandProblem& p : problems) {
      // The command's place: the comment starts at its '{' or ';', the text one byte later.
      PgnLocation at = where;
      std::size_t line_start = 0;
      for (std::size_t k = 0; k < p.offset; ++k)
        if (text[k] == '\n') {
          ++at.line;
          line_start = k + 1;
        }
      at.column = line_start == 0 ? where.column + 1 + std::int64_t(p.offset)
                                  : std::int64_t(p.offset - line_start) + 1;
      add(Severity::kWarning, at, ply, absl::StrCat("comment command ", p.message));
    }
    if (depth_ != 0 || !commands.any() || !recording() || !ro_->commands) return;
    keep_commands(commands);
  }
  void keep_commands(const parsers::CommentCommands& commands) {
    auto& kept = record_->commands;
    const int ply = report_.plies;
    if (!kept.empty() && kept.back().ply == ply)
      kept.back().commands.merge(commands);
    else
      kept.push_back({ply, commands});
  }

  void begin_variation(PgnLocation where) override {
    ++depth_;
    bool active = false;
    if (checking()) {
      active = replay_->enter_variation();
      if (!active) {
        add(Severity::kError, where, 0, "variation without a move before it");
        dead_depth_ = depth_;
      }
    }
    active_.push_back(active);
    if (recording() && ro_->items) {
      RecordItem& item = record_->items.emplace_back();
      item.kind = RecordItem::kBeginVariation;
      item.depth = depth_;
    }
  }

  void end_variation(PgnLocation) override {
    if (active_.empty()) return;
    if (recording() && ro_->items) {
      RecordItem& item = record_->items.emplace_back();
      item.kind = RecordItem::kEndVariation;
      item.depth = depth_;
    }
    if (active_.back()) replay_->leave_variation();
    active_.pop_back();
    --depth_;
    if (dead_depth_ > depth_) dead_depth_ = -1;
  }

  void result(std::string_view text, PgnLocation where) override {
    report_.result_marker = std::string(text);
    marker_where_ = where;
    if (record_) record_->result_marker = report_.result_marker;
  }

  void problem(Severity severity, std::string_view message, PgnLocation where) override {
    if (severity == Severity::kError) broken_ = true;
    add(severity, where, 0, std::string(message));
  }

  GameReport finish() {
    if (record_ && !record_->commands.empty()) {
      // The reader's entries for moves not played (comment_commands_list), and an entry left
      // without a value.
      auto& kept = record_->commands;
      while (!kept.empty() && kept.back().ply > report_.plies) kept.pop_back();
      if (!kept.empty() && !kept.back().commands.any()) kept.pop_back();
    }
    if (!broken_) check_result();
    if (options_.termination && replay_ && !stopped_ && depth_ == 0 && report_.valid()) {
      const std::string& result =
          report_.result_marker.empty() ? report_.result_tag : report_.result_marker;
      const Termination t =
          termination(final_state(), variant_, termination_tag_, result_code(result));
      report_.termination.assign(t.what);
      report_.termination_from.assign(describe(t.from));
    }
    if (record_ && replay_ && !stopped_ && depth_ == 0) {
      record_->plies = report_.plies;
      record_->final_state = final_state();
      // The final position's FEN, when the FENs of some plies only were kept.
      if (ro_->fens && ro_->fen_every > 1) {
        for (auto it = record_->items.rbegin(); it != record_->items.rend(); ++it) {
          if (it->kind != RecordItem::kMove || it->depth != 0) continue;
          if (it->fen.empty()) it->fen = replay_->fen(ro_->ep_field);
          break;
        }
      }
    }
    return std::move(report_);
  }

 private:
  bool checking() const {
    if (!replay_ || stopped_ || broken_) return false;
    if (depth_ > 0 && !options_.variations) return false;
    return dead_depth_ < 0 || depth_ < dead_depth_;
  }

  // Whether what the reader reports now goes into the record: moves that were played (a
  // variation that could not be entered records nothing), and variations when wanted.
  bool recording() const {
    if (!record_ || !replay_ || stopped_ || broken_) return false;
    if (depth_ > 0 && (!ro_->variations || !options_.variations)) return false;
    return dead_depth_ < 0 || depth_ < dead_depth_;
  }

  // Completes the item play_move() wrote the move into (still the last one: nothing is
  // recorded between the two).
  void record_move(RecordItem& item, int ply) {
    item.kind = RecordItem::kMove;
    item.ply = ply;
    item.depth = depth_;
    if (ro_->fens && (depth_ == 0 || ro_->all_fens) &&
        (depth_ > 0 || ro_->fen_every <= 1 || ply % ro_->fen_every == 0))
      item.fen = replay_->fen(ro_->ep_field);
    if (ro_->keys && depth_ == 0) item.key = replay_->key();
  }

  static int fullmove_number(VariantId id, std::string_view fen) {
    // The sixth field of a FIDE-shaped FEN, or the count of plies where the variant's FEN
    // has one instead.
    const VariantInfo& v = variant_info(id);
    const bool plies = v.fen_ply_field >= 0;
    const int field = plies ? v.fen_ply_field : 5;
    int f = 0;
    std::size_t i = 0;
    while (i < fen.size() && f < field) {
      if (fen[i] == ' ') {
        while (i < fen.size() && fen[i] == ' ') ++i;
        ++f;
      } else {
        ++i;
      }
    }
    if (f < field) return 1;
    long long n = 0;
    for (; i < fen.size() && fen[i] >= '0' && fen[i] <= '9' && n < 1000000000; ++i)
      n = n * 10 + (fen[i] - '0');
    if (plies) return int(n / 2 + 1);
    return n < 1 ? 1 : int(n);
  }

  PgnLocation game_start() const { return {game_.first_line, 1}; }

  // Where a note of game_start_from_tags() points.
  PgnLocation where_of(StartTag tag) const {
    switch (tag) {
      case StartTag::kGame:
        return game_start();
      case StartTag::kVariant:
        return variant_where_;
      case StartTag::kFen:
        return fen_where_;
      case StartTag::kSetUp:
        return setup_where_;
      case StartTag::kArmies:
        return armies_where_;
    }
    return game_start();
  }

  // `item`: the move as the record holds it (nullptr: not recorded).
  void report_quirks(std::string_view text, SanQuirks quirks, PgnLocation where, int ply,
                     const std::string& before, const RecordItem* item) {
    for (const SanQuirkInfo& q : kSanQuirks) {
      if (!quirks.has(q.quirk)) continue;
      const std::uint32_t bit = std::uint32_t(q.quirk);
      std::string message =
          absl::StrCat("move \"", parsers::message_text(text), "\": ", std::string(q.description));
      if ((bit & kStyleQuirks) && !options_.every_style_quirk) {
        if (style_reported_ & bit) continue;
        style_reported_ |= bit;
        message += " (reported once per game)";
      }
      add(Severity::kWarning, where, ply, std::move(message), before);
      Diagnostic& d = report_.diagnostics.back();
      d.fault = Fault::kMoveNotation;
      d.quirk = bit;
      if (item) d.written = item->san.empty() ? item->uci : item->san;
    }
  }

  void add(Severity s, PgnLocation where, int ply, std::string message, std::string fen = {}) {
    (s == Severity::kError ? report_.errors : report_.warnings)++;
    Diagnostic d;
    d.severity = s;
    d.line = where.line;
    d.column = where.column;
    d.ply = ply;
    d.message = std::move(message);
    if (options_.positions) d.fen = std::move(fen);
    report_.diagnostics.push_back(std::move(d));
  }

  void check_result() {
    const std::string& tag = report_.result_tag;
    const std::string& marker = report_.result_marker;
    if (marker.empty()) {
      add(Severity::kWarning, end_of_game(), 0, "the game has no termination marker");
      report_.diagnostics.back().fault = Fault::kNoMarker;
    } else if (!tag.empty() && tag != marker) {
      add(Severity::kError, marker_where_, 0,
          absl::StrCat("the termination marker \"", parsers::message_text(marker),
                       "\" differs from the Result tag \"", parsers::message_text(tag), "\""));
      report_.diagnostics.back().about_result = true;
      report_.diagnostics.back().fault = Fault::kResultMismatch;
    }
    if (!replay_ || stopped_ || depth_ != 0) return;
    const std::string& claimed = marker.empty() ? tag : marker;
    const PgnLocation where = marker.empty() ? end_of_game() : marker_where_;
    if (claimed.empty()) return;
    const GameState& st = final_state();
    const std::string_view implied = pgn_result(st);
    if (st.decisive() || st.end == GameEnd::kStalemate ||
        st.end == GameEnd::kInsufficientMaterial) {
      if (claimed == std::string(implied)) return;
      const std::string what = st.decisive()
                                   ? absl::StrCat(std::string(describe(st.end)), " (",
                                                  st.loser() == WHITE ? "Black" : "White", " wins)")
                                   : std::string(describe(st.end));
      add(claimed == "*" ? Severity::kWarning : Severity::kError, where, 0,
          absl::StrCat("the game ends in ", what, " but the result is \"",
                       parsers::message_text(claimed), "\""),
          options_.positions ? replay_->fen() : std::string());
      report_.diagnostics.back().about_result = true;
    } else if (st.end == GameEnd::kFivefoldRepetition || st.end == GameEnd::kSeventyFiveMoveRule) {
      if (claimed != "1/2-1/2" && claimed != "*")
        add(Severity::kWarning, where, 0,
            absl::StrCat("the final position is drawn by the ", std::string(describe(st.end)),
                         " but the result is \"", parsers::message_text(claimed), "\""));
      if (claimed != "1/2-1/2" && claimed != "*") report_.diagnostics.back().about_result = true;
    }
  }

  // How the game stands after its last move (asked once: both the result check and the
  // record want it).
  const GameState& final_state() {
    if (!final_state_) final_state_ = replay_->state();
    return *final_state_;
  }

  PgnLocation end_of_game() const {
    // The last line of the game that is not blank.
    std::int64_t line = game_.first_line, last = game_.first_line;
    bool content = false;
    for (char c : game_.text) {
      if (c == '\n') {
        if (content) last = line;
        ++line;
        content = false;
      } else if (c != ' ' && c != '\t' && c != '\r') {
        content = true;
      }
    }
    if (content) last = line;
    return {last, 1};
  }

  const parsers::RawGame& game_;
  const ValidateOptions& options_;
  GameReport report_;
  unsigned roster_ = 0;
  StartTags tags_;  // the tags that decide where the game starts
  PgnLocation variant_where_, fen_where_, setup_where_, result_tag_where_, marker_where_,
      armies_where_;
  GameRecord* record_ = nullptr;  // filled when not null (validate_game's second form)
  const RecordOptions* ro_ = nullptr;
  TagNames& tag_names_;                 // thread-local: the tags read so far
  AnyGame* replay_ = nullptr;           // thread-local, see end_tags()
  PositionVisitor* visitor_ = nullptr;  // RecordOptions::positions
  PositionTestRun position_tests_;      // RecordOptions::position_tests (passes on to visitor_)
  MoveFacts move_facts_;                // what the move being played did (RecordOptions::facts)
  std::uint32_t style_reported_ = 0;    // style quirks already reported in this game
  bool dead_reported_ = false;          // a move after a dead position was reported
  int depth_ = 0;
  int dead_depth_ = -1;       // moves at this variation depth or deeper are not checked
  bool stopped_ = false;      // an illegal main-line move: no further move is checked
  bool broken_ = false;       // the reader gave up on the game
  bool lean_ = false;         // main-line moves take lean_move() (set with replay_)
  std::vector<bool> active_;  // per open variation: whether the replayer entered it

  std::optional<GameState> final_state_;   // final_state(), once asked
  VariantId variant_ = VariantId::kChess;  // of the game, once its tags are read
  std::string termination_tag_;            // with ValidateOptions::termination
};

}  // namespace

GameReport validate_game(const parsers::RawGame& game, const ValidateOptions& options) {
  GameChecker checker(game, options);
  parsers::parse_game(game, checker);
  return checker.finish();
}

GameReport validate_game(const parsers::RawGame& game, const ValidateOptions& options,
                         GameRecord& record, const RecordOptions& record_options) {
  record.clear();
  GameChecker checker(game, options, &record, &record_options);
  parsers::parse_game(game, checker);
  return checker.finish();
}

std::string long_algebraic(std::string_view san, std::string_view uci, bool own_engine) {
  if (own_engine || san.empty() || san[0] == 'O' || san == "--" || uci.size() < 4)
    return std::string(san.empty() ? uci : san);
  std::string out;
  out.reserve(12);
  if (san[0] >= 'A' && san[0] <= 'Z') out += san[0];
  out.append(uci.substr(0, 2));
  out += san.find('x') != std::string_view::npos ? 'x' : '-';
  out.append(uci.substr(2, 2));
  if (const std::size_t eq = san.find('='); eq != std::string_view::npos && eq + 1 < san.size())
    out.append(san.substr(eq, 2));
  std::size_t end = san.size();
  while (end > 0 && (san[end - 1] == '+' || san[end - 1] == '#')) --end;
  out.append(san.substr(end));
  return out;
}

std::string describe_game(const GameReport& report) {
  return absl::StrCat("game ", report.index, " (", parsers::message_text(report.white), " - ",
                      parsers::message_text(report.black), ")");
}

}  // namespace fairykit::analysis
