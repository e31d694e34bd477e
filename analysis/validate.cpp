#include "analysis/validate.h"

#include <memory>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "rules/game.h"
#include "parsers/message_text.h"
#include "rules/fen.h"
#include "rules/game_end.h"
#include "rules/game_start.h"
#include "rules/san.h"
#include "rules/state_stack.h"

namespace fairykit::analysis {

namespace {

using parsers::PgnLocation;
using parsers::Severity;

// What playing one move said: nothing on the common path (no allocation per move); an
// error or notes about the notation otherwise.
struct PlayResult {
  std::string error;  // set when the move could not be played
  SanQuirks quirks;   // how the notation departs from SAN, when it was played
  void clear() {
    error.clear();
    quirks = {};
  }
};

// Quirks of style: reported once per game (an archive in long algebraic notation is one
// fact, not one per move). The others (check marks, capture marks, disambiguation) are
// reported at each move.
constexpr std::uint32_t kStyleQuirks =
    std::uint32_t(SanQuirk::kZeroCastling) | std::uint32_t(SanQuirk::kLowercaseCastling) |
    std::uint32_t(SanQuirk::kCastlingAsKingMove) |
    std::uint32_t(SanQuirk::kPromotionWithoutEquals) |
    std::uint32_t(SanQuirk::kLowercasePromotion) | std::uint32_t(SanQuirk::kEnPassantMarker) |
    std::uint32_t(SanQuirk::kLongAlgebraic);

// Replays the moves of one game in one variant; type-erased so that the visitor (which
// learns the variant from the tags) can drive any Position<V>.
class Replayer {
 public:
  virtual ~Replayer() = default;
  // Reads and plays one move; false (and r.error set) when it cannot be played. `r` is
  // cleared by the caller and reused from move to move.
  virtual bool play(std::string_view text, PlayResult& r) = 0;
  // Steps back before the last move of the current line so that a variation can replace
  // it; false when the current line has no move yet.
  virtual bool begin_variation() = 0;
  virtual void end_variation() = 0;
  virtual GameState state() const = 0;
  virtual std::string fen() const = 0;
  virtual int ply() const = 0;  // half-moves from the start position along the current line
  virtual bool has_legal_move() const = 0;
  // Whether the position is dead by its material (the game is over: FIDE 5.2.2).
  virtual bool dead_position() const = 0;
};

template <class V>
class ReplayerOf final : public Replayer {
 public:
  // Starts a new game (the object is reused from game to game, keeping its memory).
  absl::Status init(const Setup& setup) {
    reset();
    return pos_.set(setup, states_.push());
  }
  // Starts a new game from the variant's start position (checked once per thread).
  void init_start() {
    if (!start_ready_) {
      (void)start_.set(*setup_from_fen(V::kStartFen, fen_dialect<V>()), start_root_);
      start_ready_ = true;
    }
    reset();
    pos_.assign(start_, states_.push());
  }

  bool play(std::string_view text, PlayResult& r) override {
    if (is_null_move(text)) {
      // A "pass" (analysis programs write them in variations to show a threat).
      if (frames_.empty()) {
        r.error = absl::StrCat("null move \"", parsers::MessageText(text), "\" in the main line");
        return false;
      }
      if (pos_.in_check()) {
        r.error = absl::StrCat("null move \"", parsers::MessageText(text), "\" while in check");
        return false;
      }
      pos_.do_null_move(states_.push());
      line_.push_back(Move::null());
      return true;
    }
    SanRead read;
    const SanResolution res = read_san(pos_, text, read, SanSyntax::kArchive);
    if (res != SanResolution::kOk) {
      r.error = describe_failure(text, res, san_error(pos_, text, SanSyntax::kArchive));
      return false;
    }
    pos_.do_move(read.move, states_.push());
    line_.push_back(read.move);
    // Notation quirks (long algebraic, 0-0, a wrong or missing check mark...) are warnings.
    r.quirks = read.quirks | check_mark_quirks(pos_, read.check);
    // Long algebraic (UCI) text has no check marks by definition.
    if (r.quirks.has(SanQuirk::kLongAlgebraic) && read.check == 0)
      r.quirks = r.quirks.without(SanQuirk::kCheckMarkMissing | SanQuirk::kMateMarkMissing);
    return true;
  }

  bool begin_variation() override {
    const std::size_t base = frames_.empty() ? 0 : frames_.back().base;
    if (line_.size() <= base) return false;
    const Move last = line_.back();
    undo(last);
    states_.pop();
    line_.pop_back();
    frames_.push_back({last, line_.size()});
    return true;
  }

  void end_variation() override {
    const Frame f = frames_.back();
    frames_.pop_back();
    while (line_.size() > f.base) {
      undo(line_.back());
      states_.pop();
      line_.pop_back();
    }
    if (f.undone == Move::null())
      pos_.do_null_move(states_.push());
    else
      pos_.do_move(f.undone, states_.push());
    line_.push_back(f.undone);
  }

  GameState state() const override { return game_state(pos_); }
  std::string fen() const override { return to_fen(pos_); }
  int ply() const override { return int(line_.size()); }
  bool has_legal_move() const override { return count_legal(pos_) != 0; }
  bool dead_position() const override { return insufficient_material(pos_); }

 private:
  struct Frame {
    Move undone;       // the move the variation replaces
    std::size_t base;  // line_ size at the variation's start
  };

  void undo(Move m) {
    if (m == Move::null())
      pos_.undo_null_move();
    else
      pos_.undo_move(m);
  }

  // "--" (most programs), "Z0" (ChessBase), "0000" (UCI), "@@@@".
  static bool is_null_move(std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
    return t == "--" || t == "Z0" || t == "0000" || t == "@@@@";
  }

  std::string describe_failure(std::string_view text, SanResolution res,
                               const absl::Status& s) const {
    const std::string t = parsers::MessageText(text);
    if (count_legal(pos_) == 0) {
      const bool mate = pos_.checkers() != 0;
      return absl::StrCat("move \"", t, "\" after the game ended in ",
                          mate ? "checkmate" : "stalemate");
    }
    const std::string_view msg(s.message().data(), s.message().size());
    if (res == SanResolution::kBadSan) return absl::StrCat("unreadable move \"", t, "\"");
    if (res == SanResolution::kAmbiguous) {
      const std::size_t colon = msg.rfind(": ");  // the candidates follow the last one
      return absl::StrCat("ambiguous move \"", t, "\"",
                          colon == std::string_view::npos
                              ? std::string()
                              : absl::StrCat(" (", std::string(msg.substr(colon + 2)), ")"));
    }
    return absl::StrCat("illegal move \"", t, "\"");
  }

  void reset() {
    states_.clear();
    line_.clear();
    frames_.clear();
  }

  Position<V> start_;
  StateInfo start_root_;
  bool start_ready_ = false;
  Position<V> pos_;
  StateStack states_;
  std::vector<Move> line_;  // moves from the start position to the current one
  std::vector<Frame> frames_;
};

// Replays the moves of one game of a variant with an engine of its own (rules/game_engine.h:
// Interweave, Fluidity). The engine reads every notation the variant accepts and keeps the
// history itself; notation quirks are not reported for these variants.
template <class G>
class EngineReplayer final : public Replayer {
 public:
  // Starts a new game; an engine that reads castling rights drops those the position cannot
  // have, into `dropped` (rules/setup_options.h).
  absl::Status init(std::string_view fen, DroppedCastlingRights& dropped) {
    line_.clear();
    frames_.clear();
    if constexpr (requires { g_.set_fen(fen, SetupOptions{}, &dropped); })
      return g_.set_fen(fen, {.drop_invalid_castling_rights = true}, &dropped);
    else
      return g_.set_fen(fen);
  }

  bool play(std::string_view text, PlayResult& r) override {
    absl::StatusOr<typename G::Move> m = g_.parse_move(text);
    if (!m.ok()) {
      const GameState st = g_.state();
      if (st.over() && g_.count_legal() == 0)
        r.error = absl::StrCat("move \"", parsers::MessageText(text), "\" after the game ended (",
                               std::string(describe(st.end)), ")");
      else
        r.error = std::string(m.status().message());
      return false;
    }
    g_.do_move(*m);
    line_.push_back(*m);
    return true;
  }

  bool begin_variation() override {
    const std::size_t base = frames_.empty() ? 0 : frames_.back().base;
    if (line_.size() <= base) return false;
    g_.undo_move();
    frames_.push_back({line_.back(), line_.size() - 1});
    line_.pop_back();
    return true;
  }

  void end_variation() override {
    Frame f = std::move(frames_.back());
    frames_.pop_back();
    while (line_.size() > f.base) {
      g_.undo_move();
      line_.pop_back();
    }
    g_.do_move(f.undone);
    line_.push_back(std::move(f.undone));
  }

  const std::vector<std::string>& fen_warnings() const { return g_.fen_warnings(); }
  GameState state() const override { return g_.state(); }
  std::string fen() const override { return g_.fen(); }
  int ply() const override { return int(line_.size()); }
  bool has_legal_move() const override { return g_.count_legal() != 0; }
  bool dead_position() const override {
    if constexpr (requires { g_.insufficient_material(); })
      return g_.insufficient_material();
    else
      return false;  // Interweave: Kings capture, no position is dead (interweave.md 1.7)
  }

 private:
  struct Frame {
    typename G::Move undone;  // the move the variation replaces
    std::size_t base;         // line_ size at the variation's start
  };
  G g_;
  std::vector<typename G::Move> line_;
  std::vector<Frame> frames_;
};

// The seven-tag roster, in its PGN order.
constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};

class GameChecker final : public parsers::PgnVisitor {
 public:
  GameChecker(const parsers::RawGame& game, const ValidateOptions& options)
      : game_(game), options_(options) {
    report_.index = game.index;
    report_.first_line = game.first_line;
  }

  void tag(std::string_view name, std::string_view value, PgnLocation where) override {
    for (int i = 0; i < 7; ++i)
      if (name == kRoster[i]) roster_ |= 1u << i;
    if (name == "White")
      report_.white = std::string(value);
    else if (name == "Black")
      report_.black = std::string(value);
    else if (name == "Result") {
      report_.result_tag = std::string(value);
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
    // The variant and the position from the tags (rules/game_start.h).
    const GameStart start = game_start_from_tags(tags_, options_.default_variant);
    if (start.variant)
      for (const VariantInfo& v : all_variants())
        if (v.id == *start.variant) report_.variant = std::string(v.name);
    for (const StartNote& n : start.notes)
      add(n.error ? Severity::kError : Severity::kWarning, where_of(n.tag), 0, n.message);
    if (!start.ok()) return;
    const VariantId variant = *start.variant;
    const bool has_fen = start.fen.has_value();
    const std::string fen = start.fen.value_or("");
    // Castling rights the position cannot have are dropped with a warning (archives carry
    // them: lichess studies), as python-chess and lichess do; what the FEN reader accepted
    // leniently (a fullmove number of 0) is a warning too.
    DroppedCastlingRights dropped;
    std::vector<std::string> fen_warnings;
    absl::Status status;
    if (!in_position_family(variant)) {
      // Interweave, Fluidity: engines of their own; one replayer per thread and variant.
      status = visit_own_engine(variant, [&]<class G>() -> absl::Status {
        thread_local EngineReplayer<G> replayer;
        if (absl::Status s = replayer.init(has_fen ? std::string_view(fen) : G::kStartFen, dropped);
            !s.ok())
          return s;
        fen_warnings = replayer.fen_warnings();
        replayer_ = &replayer;
        return absl::OkStatus();
      });
    } else {
      status = visit_variant(variant, [&]<class V>() -> absl::Status {
        // One replayer per thread and variant, reused from game to game.
        thread_local ReplayerOf<V> replayer;
        if (!has_fen) {
          replayer.init_start();
        } else {
          absl::StatusOr<Setup> setup = setup_from_fen(
              fen, fen_dialect<V>(), {.drop_invalid_castling_rights = true}, &dropped);
          if (!setup.ok()) return setup.status();
          if (absl::Status s = replayer.init(*setup); !s.ok()) return s;
          fen_warnings = std::move(setup->warnings);
        }
        replayer_ = &replayer;
        return absl::OkStatus();
      });
    }
    if (!status.ok()) {
      add(Severity::kError, fen_where_, 0,
          absl::StrCat("invalid FEN tag \"", fen_tag_echo(tags_.fen.value_or("")),
                       "\": ", std::string(status.message())));
      return;
    }
    for (const DroppedCastlingRight& d : dropped)
      add(Severity::kWarning, fen_where_, 0,
          absl::StrCat("FEN castling right '", std::string(1, d.letter), "' dropped: ", d.reason));
    for (const std::string& w : fen_warnings)
      add(Severity::kWarning, fen_where_, 0,
          absl::StrCat("FEN tag \"", fen_tag_echo(tags_.fen.value_or("")), "\": ", w));
  }

  void move(std::string_view text, PgnLocation where) override {
    if (!checking()) return;
    std::string before;
    if (options_.positions) before = replayer_->fen();
    const int ply = replayer_->ply() + 1;
    // FIDE 5.2.2: a dead position ends the game at once; moves played after it are legal
    // but do not count. One warning per game, at the first such move of the main line.
    const bool after_dead = depth_ == 0 && !dead_reported_ && replayer_->dead_position();
    PlayResult& r = play_result_;
    r.clear();
    if (!replayer_->play(text, r)) {
      add(Severity::kError, where, ply, std::move(r.error), std::move(before));
      if (depth_ == 0)
        stopped_ = true;
      else
        dead_depth_ = depth_;
      return;
    }
    if (after_dead) {
      dead_reported_ = true;
      add(Severity::kWarning, where, ply,
          absl::StrCat("move \"", parsers::MessageText(text),
                       "\" after the game ended in a dead position (insufficient material)"),
          before);
    }
    if (!r.quirks.empty()) report_quirks(text, r.quirks, where, ply, before);
    if (depth_ == 0) report_.plies = ply;
  }

  void begin_variation(PgnLocation where) override {
    ++depth_;
    bool active = false;
    if (checking()) {
      active = replayer_->begin_variation();
      if (!active) {
        add(Severity::kError, where, 0, "variation without a move before it");
        dead_depth_ = depth_;
      }
    }
    active_.push_back(active);
  }

  void end_variation(PgnLocation) override {
    if (active_.empty()) return;
    if (active_.back()) replayer_->end_variation();
    active_.pop_back();
    --depth_;
    if (dead_depth_ > depth_) dead_depth_ = -1;
  }

  void result(std::string_view text, PgnLocation where) override {
    report_.result_marker = std::string(text);
    marker_where_ = where;
  }

  void problem(Severity severity, std::string_view message, PgnLocation where) override {
    if (severity == Severity::kError) broken_ = true;
    add(severity, where, 0, std::string(message));
  }

  GameReport finish() {
    if (!broken_) check_result();
    return std::move(report_);
  }

 private:
  bool checking() const {
    if (!replayer_ || stopped_ || broken_) return false;
    if (depth_ > 0 && !options_.variations) return false;
    return dead_depth_ < 0 || depth_ < dead_depth_;
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

  void report_quirks(std::string_view text, SanQuirks quirks, PgnLocation where, int ply,
                     const std::string& before) {
    for (const SanQuirkInfo& q : kSanQuirks) {
      if (!quirks.has(q.quirk)) continue;
      const std::uint32_t bit = std::uint32_t(q.quirk);
      std::string message =
          absl::StrCat("move \"", parsers::MessageText(text), "\": ", std::string(q.description));
      if (bit & kStyleQuirks) {
        if (style_reported_ & bit) continue;
        style_reported_ |= bit;
        message += " (reported once per game)";
      }
      add(Severity::kWarning, where, ply, std::move(message), before);
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
    } else if (!tag.empty() && tag != marker) {
      add(Severity::kError, marker_where_, 0,
          absl::StrCat("the termination marker \"", parsers::MessageText(marker),
                       "\" differs from the Result tag \"", parsers::MessageText(tag), "\""));
    }
    if (!replayer_ || stopped_ || depth_ != 0) return;
    const std::string& claimed = marker.empty() ? tag : marker;
    const PgnLocation where = marker.empty() ? end_of_game() : marker_where_;
    if (claimed.empty()) return;
    const GameState st = replayer_->state();
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
                       parsers::MessageText(claimed), "\""),
          options_.positions ? replayer_->fen() : std::string());
    } else if (st.end == GameEnd::kFivefoldRepetition || st.end == GameEnd::kSeventyFiveMoveRule) {
      if (claimed != "1/2-1/2" && claimed != "*")
        add(Severity::kWarning, where, 0,
            absl::StrCat("the final position is drawn by the ", std::string(describe(st.end)),
                         " but the result is \"", parsers::MessageText(claimed), "\""));
    }
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
  Replayer* replayer_ = nullptr;  // thread-local, see end_tags()
  PlayResult play_result_;
  std::uint32_t style_reported_ = 0;  // style quirks already reported in this game
  bool dead_reported_ = false;        // a move after a dead position was reported
  int depth_ = 0;
  int dead_depth_ = -1;       // moves at this variation depth or deeper are not checked
  bool stopped_ = false;      // an illegal main-line move: no further move is checked
  bool broken_ = false;       // the reader gave up on the game
  std::vector<bool> active_;  // per open variation: whether the replayer entered it
};

}  // namespace

GameReport validate_game(const parsers::RawGame& game, const ValidateOptions& options) {
  GameChecker checker(game, options);
  parsers::parse_game(game, checker);
  return checker.finish();
}

std::string describe_game(const GameReport& report) {
  return absl::StrCat("game ", report.index, " (", parsers::MessageText(report.white), " - ",
                      parsers::MessageText(report.black), ")");
}

}  // namespace fairykit::analysis
