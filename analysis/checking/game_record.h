// A game as the converting and analysing tools need it: what validation read and replayed,
// kept in order, with every move written again from the position (SAN with the right check
// and mate marks, UCI, long algebraic), so that a writer needs no rules of its own.
//
// validate_game(game, options, &record) fills it while it checks the game (analysis/
// validate.h): one replay for both. A record is complete only for a valid game; for an
// invalid one it holds what was read before the first error.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parsers/comment_commands.h"
#include "rules/core/game_engine.h"
#include "rules/core/game_state.h"
#include "rules/core/move_facts.h"
#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit {
class AnyGame;
}

namespace fairykit::analysis {

struct PositionTests;  // analysis/checking/position_patterns.h

// Sees every position of a game's main line while validate_game replays it: the start
// position (ply 0) once it is set up, then the position after each main-line move (ply =
// half-moves from the start), never the positions inside variations. The game is the live
// engine (no FEN written and read again); position() may run moves on it (perft) but must
// leave it as it found it. Called for a game that later turns out invalid too, up to its
// first error: the caller decides what to keep.
class PositionVisitor {
 public:
  virtual void position(AnyGame& game, int ply) = 0;

 protected:
  ~PositionVisitor() = default;
};

// What a record keeps besides the moves (each costs time: only what the output needs).
struct RecordOptions {
  bool fens = false;      // the FEN after each main-line move (RecordItem::fen) ...
  int fen_every = 1;      // ... whose ply is a multiple of this (and the final one always)
  bool all_fens = false;  // ... and after the moves of variations too
  // The en passant field of those FENs and of GameRecord::start_fen (keys always follow the
  // legal-capture rule).
  EpField ep_field = EpField::kLegalCapture;
  // How RecordItem::uci writes castling in Chess960.
  UciCastling uci_castling = UciCastling::kKingTakesRook;
  bool keys = false;        // the position key after each main-line move (RecordMove::key)
  int key_plies = 1 << 30;  // ... of the first key_plies moves only (GameRecord::line_keys)
  bool san = true;          // write SAN (RecordItem::san); off: left empty (UCI output)
  bool uci = true;          // write UCI (RecordItem::uci); off: left empty (statistics)
  bool facts = false;       // what each move did (GameRecord::facts: statistics)
  // The first main-line ply at which a draw by repetition or by the move-count rule could be
  // claimed (GameRecord::repetition_ply, ::move_rule_ply): the game's state asked after
  // every main-line move, which costs a test for a legal move per ply.
  bool claims = false;
  // The movetext items (moves, NAGs, comments, variations). Off (statistics): no items;
  // GameRecord::facts holds one entry per main-line move and ::line_keys the keys after
  // them (with ::keys).
  bool items = true;
  // The clk, emt and eval commands of the main line's comments (GameRecord::commands), also
  // when the items are off.
  bool commands = false;
  bool variations = true;  // keep the variations (their moves are checked either way unless
                           // ValidateOptions::variations is off)
  PositionVisitor* positions = nullptr;  // shown each main-line position (nullptr: none)
  // The tags kept in GameRecord::tags (nullptr: all of them; statistics keep the few they
  // read, which saves copying the others).
  const std::vector<std::string_view>* only_tags = nullptr;
  bool tag_places = false;  // where each tag was read (GameRecord::tag_places)
  // The selection's tests of the main line's positions (--material, --board-pattern): which
  // held is GameRecord::positions_met (nullptr: none).
  const PositionTests* position_tests = nullptr;
};

// One element of the movetext, in the order of the input.
struct RecordItem {
  enum Kind : std::uint8_t { kMove, kNag, kComment, kBeginVariation, kEndVariation };
  Kind kind = kMove;
  int ply = 0;      // kMove: half-moves from the start position to this move (1 = first)
  int nag = 0;      // kNag: the NAG number ($14; "!" is 1)
  std::string san;  // kMove: SAN (the variant's notation), with its check or win mark;
                    // kComment: the comment text
  std::string uci;  // kMove: UCI / the variant's long algebraic ("a1a5c5")
  std::string fen;  // kMove: the FEN after the move (RecordOptions::fens)
  Key key = 0;      // kMove: the position key after the move (RecordOptions::keys)
  int depth = 0;    // variation depth (0: the main line)
};

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // as read, in order
  // RecordOptions::tag_places: the line and column of each tag read, beside `tags` (a tag added
  // after the reading has none).
  struct Place {
    std::int64_t line = 0, column = 0;
  };
  std::vector<Place> tag_places;
  // The tag section was read to its end (also when the game then fails): the tags are all
  // there, and `variant` is that of the tags when they name one fairykit plays.
  bool tags_read = false;
  VariantId variant = VariantId::kChess;
  bool set_up = false;    // the start position was set up (false: the game broke before)
  std::string start_fen;  // native FEN of the start position
  Key start_key = 0;      // its position key
  Color start_side = WHITE;
  int start_move = 1;  // its fullmove number
  std::vector<RecordItem> items;
  // RecordOptions::facts: what the main-line moves did that statistics count (rules/
  // move_facts.h), for each move that captured, promoted, castled or passed, with its ply
  // (1: the first move); the other moves are counted by `plies` only.
  struct PlyFacts {
    int ply = 0;
    MoveFacts facts;
  };
  std::vector<PlyFacts> facts;
  // RecordOptions::items off and ::keys on: the position key after each main-line move
  // (up to RecordOptions::key_plies).
  std::vector<Key> line_keys;
  // RecordOptions::commands: the comment commands of the main line, one entry per ply whose
  // comments hold any (ply 0: before the first move), in ply order; a move's comments are
  // merged (the first value of each command is kept).
  using PlyCommands = parsers::PlyCommands;
  std::vector<PlyCommands> commands;
  // RecordOptions::claims: the first ply of the main line (0: the start position) whose
  // position occurs for the third time by the rules of the variant (the engine's repetition
  // count: board, side to move, castling and en passant rights, Interweave's pools), and the
  // first at which the variant's move-count rule can be claimed (50 moves; Fluidity 25);
  // -1 when there is none (or the claims were not asked for).
  int repetition_ply = -1;
  int move_rule_ply = -1;
  int plies = 0;              // main-line moves
  std::string result_marker;  // as written ("" when missing)
  GameState final_state;      // after the last main-line move
  // RecordOptions::position_tests: bit i is set when test i held on the main line.
  std::uint64_t positions_met = 0;

  // The value of a tag, or "" (the first one when a tag is repeated).
  std::string_view tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
      if (n == name) return v;
    return {};
  }
  bool has_tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
      if (n == name) return true;
    return false;
  }
  // Empties the record and keeps its memory for the next game.
  void clear() {
    tags.clear();
    tag_places.clear();
    tags_read = false;
    variant = VariantId::kChess;
    set_up = false;
    start_fen.clear();
    start_key = 0;
    start_side = WHITE;
    start_move = 1;
    items.clear();
    facts.clear();
    line_keys.clear();
    commands.clear();
    repetition_ply = move_rule_ply = -1;
    plies = 0;
    result_marker.clear();
    final_state = GameState{};
    positions_met = 0;
  }
};

}  // namespace fairykit::analysis
