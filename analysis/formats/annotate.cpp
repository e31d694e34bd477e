#include "analysis/formats/annotate.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "analysis/engine/judgement.h"
#include "rules/game/any_game.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

void LinePositions::position(AnyGame& game, int ply) {
  // validate_game shows the positions in ply order from 0; kept so, positions[p] is the
  // position after p plies whatever happens.
  if (std::size_t(ply) != out_.size()) return;
  LinePosition& p = out_.emplace_back();
  p.key = game.key();
  p.fen = game.fen();
  p.side = game.side_to_move();
  // Only a position without a legal move asks for the state (it looks at the history).
  if (game.count_legal() == 0) p.end = game.state().end;
}

std::string AnnotationCache::describe(const EvalCache::Settings& s) {
  return absl::StrCat("\"", s.engine, "\" (", s.limit, s.options.empty() ? "" : "; ", s.options,
                      ")");
}

absl::StatusOr<std::unique_ptr<AnnotationCache>> AnnotationCache::open(
    const std::string& path, const std::optional<std::string>& engine) {
  absl::StatusOr<std::unique_ptr<EvalCache>> cache = EvalCache::open_to_read(path);
  if (!cache.ok()) return cache.status();
  absl::StatusOr<std::vector<EvalCache::Settings>> all = (*cache)->all_settings();
  if (!all.ok()) return all.status();
  if (all->empty())
    return absl::NotFoundError(absl::StrCat(path, ": the cache holds no evaluations"));
  auto listing = [&](const std::vector<const EvalCache::Settings*>& list) {
    std::string text;
    for (const EvalCache::Settings* s : list) absl::StrAppend(&text, "\n  ", describe(*s));
    return text;
  };
  std::vector<const EvalCache::Settings*> every;
  for (const EvalCache::Settings& s : *all) every.push_back(&s);
  const EvalCache::Settings* chosen = nullptr;
  if (!engine) {
    if (all->size() > 1)
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": the cache holds evaluations under ", all->size(),
                       " settings: choose one with --annotate-engine TEXT (a part of its line):",
                       listing(every)));
    chosen = every[0];
  } else {
    // The whole line first, so that a line that is a part of another can be chosen.
    const std::string wanted = absl::AsciiStrToLower(*engine);
    std::vector<const EvalCache::Settings*> matches;
    for (const EvalCache::Settings* s : every) {
      const std::string line = absl::AsciiStrToLower(describe(*s));
      if (line == wanted) {
        matches.assign(1, s);
        break;
      }
      if (absl::StrContains(line, wanted)) matches.push_back(s);
    }
    if (matches.size() != 1)
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": --annotate-engine '", *engine, "' ",
          matches.empty()
              ? "is a part of none of the settings the cache holds:"
              : absl::StrCat("is a part of ", matches.size(),
                             " of the settings the cache holds (give more of the line):"),
          listing(matches.empty() ? every : matches)));
    chosen = matches[0];
  }
  std::unique_ptr<AnnotationCache> a(new AnnotationCache(path, *chosen));
  a->idle_.push_back(*std::move(cache));
  return a;
}

absl::StatusOr<std::unique_ptr<EvalCache>> AnnotationCache::borrow() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      std::unique_ptr<EvalCache> c = std::move(idle_.back());
      idle_.pop_back();
      return c;
    }
  }
  // A thread's first game: a connection of its own, kept for its next games.
  return EvalCache::open_to_read(path_);
}

void AnnotationCache::give_back(std::unique_ptr<EvalCache> c) {
  std::lock_guard<std::mutex> lock(mutex_);
  idle_.push_back(std::move(c));
}

void AnnotationCache::failed(const absl::Status& s) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (status_.ok()) status_ = s;
}

absl::Status AnnotationCache::status() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return status_;
}

void AnnotationCache::evaluate(const VariantInfo& variant,
                               const std::vector<LinePosition>& positions,
                               std::vector<std::optional<Evaluation>>& out) {
  out.assign(positions.size(), std::nullopt);
  bool any = false;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const LinePosition& p = positions[i];
    if (p.end == GameEnd::kCheckmate || p.end == GameEnd::kStalemate) {
      // The rules know these, and fairy-analyze never sends them to an engine.
      Evaluation e;
      e.mate = p.end == GameEnd::kCheckmate;
      out[i] = e;
    } else {
      any = true;
    }
  }
  if (!any) return;
  absl::StatusOr<std::unique_ptr<EvalCache>> cache = borrow();
  if (!cache.ok()) {
    failed(cache.status());
    return;
  }
  // One read transaction for the game: a consistent view, and far fewer locks taken.
  absl::Status s = (*cache)->begin(false);
  for (std::size_t i = 0; s.ok() && i < positions.size(); ++i) {
    if (out[i]) continue;
    // The rule options as fairy-analyze keys the position (engine_analysis.cpp): a CwDA
    // position's armies, read from its FEN.
    const std::string rules =
        variant.takes_armies ? variant_options_text(fen_variant_options(variant, positions[i].fen))
                             : std::string();
    absl::StatusOr<std::optional<Evaluation>> found =
        (*cache)->find(settings_.id, variant.name, rules, positions[i].key, positions[i].fen);
    if (!found.ok())
      s = found.status();
    else
      out[i] = std::move(*found);
  }
  if (absl::Status c = (*cache)->commit(); s.ok()) s = c;
  if (!s.ok()) failed(s);
  give_back(*std::move(cache));
}

std::string eval_command_value(const Evaluation& e) {
  if (e.mate) return e.score == 0 ? std::string() : absl::StrCat("#", e.score);
  const int a = std::abs(e.score);
  return absl::StrCat(e.score < 0 ? "-" : "", a / 100, ".", a % 100 < 10 ? "0" : "", a % 100);
}

namespace {

// The NAG of a move-quality glyph (PGN standard 10): "!" $1 ... "?!" $6.
int glyph_nag(std::string_view glyph) {
  constexpr std::string_view kGlyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
  for (int i = 0; i < 6; ++i)
    if (glyph == kGlyphs[i]) return i + 1;
  return 0;
}

bool is_main_move(const RecordItem& it) { return it.kind == RecordItem::kMove && it.depth == 0; }

// Where the first [%eval ...] command of `text` at or after `from` is: [begin, end) with its
// brackets; begin npos when there is none.
std::pair<std::size_t, std::size_t> find_eval(std::string_view text, std::size_t from = 0) {
  constexpr std::string_view kOpen = "[%eval";
  for (std::size_t at = text.find(kOpen, from); at != std::string_view::npos;
       at = text.find(kOpen, at + 1)) {
    const std::size_t after = at + kOpen.size();
    // "[%eval" and a blank: not a command whose name only starts with eval.
    if (after >= text.size() || !absl::ascii_isspace(static_cast<unsigned char>(text[after])))
      continue;
    const std::size_t close = text.find(']', after);
    if (close == std::string_view::npos) break;
    return {at, close + 1};
  }
  return {std::string_view::npos, 0};
}

// Takes every [%eval] command out of a comment, with a blank beside it, so that
// "{ [%eval 0.5] [%clk 0:01:00] }" keeps its shape.
void strip_evals(std::string& text) {
  for (auto [b, e] = find_eval(text); b != std::string::npos; std::tie(b, e) = find_eval(text, b)) {
    if (e < text.size() && text[e] == ' ')
      ++e;
    else if (b > 0 && text[b - 1] == ' ')
      --b;
    text.erase(b, e - b);
  }
}

bool blank(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return absl::ascii_isspace(static_cast<unsigned char>(c)); });
}

// The engine's line from the position before the move at ply `ply` as the items of a variation
// (empty when its first move is not legal or is the move played).
std::vector<RecordItem> best_line(const GameRecord& r, const std::vector<LinePosition>& positions,
                                  int ply, const Evaluation& before, const AnnotateOptions& o) {
  std::vector<RecordItem> line;
  std::vector<std::string> moves = before.pv;
  if (moves.empty() && !before.best.empty()) moves.push_back(before.best);
  if (moves.empty()) return line;
  AnyGame& g = thread_game(variant_info(r.variant));
  g.set_uci_castling(o.uci_castling);
  if (!g.set_up(positions[std::size_t(ply - 1)].fen).ok()) return line;
  line.push_back({.kind = RecordItem::kBeginVariation, .depth = 1});
  for (std::size_t i = 0; i < moves.size(); ++i) {
    absl::StatusOr<AnyGame::Played> played = g.play(moves[i]);
    if (!played.ok()) break;
    if (i == 0 && g.key() == positions[std::size_t(ply)].key) return {};
    RecordItem& m = line.emplace_back();
    m.kind = RecordItem::kMove;
    m.ply = ply + int(i);
    m.depth = 1;
    if (o.san) m.san = std::move(played->san);
    if (o.uci) m.uci = std::move(played->uci);
  }
  if (line.size() == 1) return {};
  line.push_back({.kind = RecordItem::kEndVariation, .depth = 1});
  return line;
}

// Whether the block of a move (its items up to the next main-line move) holds a variation of
// the same moves as `line`.
bool holds_variation(const std::vector<RecordItem>& items, std::size_t begin, std::size_t end,
                     const std::vector<RecordItem>& line) {
  for (std::size_t k = begin; k < end; ++k) {
    if (items[k].kind != RecordItem::kBeginVariation || items[k].depth != 1) continue;
    std::size_t m = 1, j = k + 1;
    bool same = true;
    for (; j < end && !(items[j].kind == RecordItem::kEndVariation && items[j].depth == 1); ++j) {
      const RecordItem& it = items[j];
      if (it.kind != RecordItem::kMove || it.depth != 1) continue;
      if (m + 1 >= line.size() || it.san != line[m].san || it.uci != line[m].uci) same = false;
      ++m;
    }
    if (same && m + 1 == line.size()) return true;
    k = j;
  }
  return false;
}

// Sets the evaluation of `ply` in the commands the record keeps (in ply order).
void set_command(GameRecord& r, int ply, const Evaluation& e) {
  auto it = std::lower_bound(r.commands.begin(), r.commands.end(), ply,
                             [](const GameRecord::PlyCommands& c, int p) { return c.ply < p; });
  if (it == r.commands.end() || it->ply != ply) it = r.commands.insert(it, {ply, {}});
  it->commands.has_eval = true;
  it->commands.mate = e.mate;
  it->commands.eval = e.score;
  it->commands.depth = -1;
}

}  // namespace

void annotate_game(GameRecord& r, const std::vector<LinePosition>& positions,
                   const std::vector<std::optional<Evaluation>>& evals, const AnnotateOptions& o,
                   AnnotateCounts& counts) {
  std::vector<RecordItem>& items = r.items;
  std::vector<RecordItem> out;
  out.reserve(items.size() + items.size() / 2 + 8);
  std::size_t i = 0;
  while (i < items.size() && !is_main_move(items[i])) out.push_back(std::move(items[i++]));
  while (i < items.size()) {
    // The move's block: its NAGs, comments and variations, up to the next main-line move.
    std::size_t end = i + 1;
    while (end < items.size() && !is_main_move(items[end])) ++end;
    const int ply = items[i].ply;
    const std::size_t p = std::size_t(ply);
    const bool known = ply >= 1 && p < evals.size() && p < positions.size() && evals[p];
    if (!known) {
      ++counts.unevaluated;
      for (; i < end; ++i) out.push_back(std::move(items[i]));
      continue;
    }
    ++counts.annotated;
    const Evaluation& after = *evals[p];
    const std::string value = eval_command_value(after);
    int nag = 0;
    std::vector<RecordItem> line;
    if (const std::optional<Evaluation>& before = evals[p - 1]) {
      const bool white = positions[p - 1].side == WHITE;
      const MoveJudgement j =
          judge_move(judged_centipawns(*before, white),
                     judged_centipawns(after, positions[p].side == WHITE), white);
      nag = glyph_nag(move_class_nag(j.move_class));
      if (nag != 0 && o.variations) {
        line = best_line(r, positions, ply, *before, o);
        if (!line.empty() && holds_variation(items, i + 1, end, line)) line.clear();
      }
    }
    // The comment that takes the evaluation: the first that holds one (replaced where it
    // is), else the first right after the move (before its variations), else a new one.
    std::size_t target = end;
    bool in_place = false;
    std::size_t lead_end = i + 1;  // the items before the move's first variation
    while (lead_end < end && items[lead_end].kind != RecordItem::kBeginVariation) ++lead_end;
    if (!value.empty()) {
      for (std::size_t k = i + 1; k < end && !in_place; ++k)
        if (items[k].kind == RecordItem::kComment && items[k].depth == 0 &&
            find_eval(items[k].san).first != std::string::npos) {
          target = k;
          in_place = true;
        }
      for (std::size_t k = i + 1; k < lead_end && target == end; ++k)
        if (items[k].kind == RecordItem::kComment) target = k;
    }
    const std::string command = absl::StrCat("[%eval ", value, "]");
    out.push_back(std::move(items[i]));
    if (nag != 0) out.push_back({.kind = RecordItem::kNag, .nag = nag});
    for (std::size_t k = i + 1; k < end; ++k) {
      RecordItem& it = items[k];
      if (k == lead_end) {
        if (!value.empty() && target == end)
          out.push_back({.kind = RecordItem::kComment, .san = command});
        for (RecordItem& m : line) out.push_back(std::move(m));
      }
      if (it.depth == 0 && it.kind == RecordItem::kNag && nag != 0 && it.nag >= 1 && it.nag <= 6)
        continue;
      if (it.depth == 0 && it.kind == RecordItem::kComment && !value.empty()) {
        std::string& text = it.san;
        if (k == target && in_place) {
          const auto [b, e] = find_eval(text);
          text.replace(b, e - b, command);
          std::string rest = text.substr(b + command.size());
          strip_evals(rest);
          text.resize(b + command.size());
          text += rest;
        } else if (k == target) {
          // (It holds no [%eval]: one that does is the target in place.)
          if (text.empty())
            text = command;
          else
            text.insert(text[0] == ' ' ? 1 : 0, absl::StrCat(command, " "));
        } else if (find_eval(text).first != std::string::npos) {
          strip_evals(text);
          if (blank(text)) continue;  // it held the old evaluation only
        }
      }
      out.push_back(std::move(it));
    }
    if (lead_end == end) {
      if (!value.empty() && target == end)
        out.push_back({.kind = RecordItem::kComment, .san = command});
      for (RecordItem& m : line) out.push_back(std::move(m));
    }
    if (o.commands && !value.empty()) set_command(r, ply, after);
    i = end;
  }
  items = std::move(out);
}

}  // namespace fairykit::analysis
