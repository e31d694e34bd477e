// Per-position records (fairy-analyze --positions): what each position of a game is (legal
// moves, captures, check, how the game stands, material, Interweave's compulsory capture and
// longest chain, perft), computed on the live engine while validate_game replays the game
// (a PositionVisitor, analysis/checking/game_record.h) and written as JSON Lines or CSV straight
// into the game's output string. No FEN is written and read again: the FEN written is the engine's
// own (AnyGame::fen()).
//
//   PositionWriter w(options);
//   w.begin_game(file, game_index, out);
//   record_options.positions = &w;              // then validate_game / read_game
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "analysis/checking/game_record.h"
#include "rules/core/game_state.h"
#include "rules/core/types.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

struct PositionFacts {
  VariantId variant = VariantId::kChess;
  Color side = WHITE;
  std::uint32_t legal = 0;       // legal moves (whole turns)
  std::uint32_t captures = 0;    // of them, those that capture something
  bool check = false;            // the side to move is in check (never in Interweave: no check)
  GameEnd end = GameEnd::kNone;  // how the game stands (state()); kNone when it goes on
  // Pieces on the board by colour and type (pools and hands are not counted).
  std::array<std::array<std::uint8_t, PIECE_TYPE_NB>, COLOR_NB> material{};
  int balance = 0;  // White's material minus Black's, by piece_value() (rules/game/registry.h)
  // Variants where capturing is compulsory and a turn is a chain of captures (Interweave):
  bool chains = false;
  bool compulsory = false;  // the side to move must capture (then every legal turn captures)
  int longest_chain = 0;    // the most steps of a legal capturing turn (0: none)
  std::uint64_t perft = 0;  // perft(depth) when asked for
};

// The facts of the game's current position; `perft_depth` > 0 adds perft(perft_depth) (the
// game is left as it was).
void position_facts(AnyGame& game, int perft_depth, PositionFacts& facts);

// The name of a piece type of `variant` as the records write it: JSON keys ("charging rook");
// with `csv`, CSV columns, '_' for blanks and hyphens ("charging_rook").
std::string record_piece_name(VariantId variant, PieceType pt, bool csv);

// Whether the variant has compulsory capture with chains (PositionFacts::chains).
bool has_chains(VariantId variant);

enum class PositionFormat { kJsonl, kCsv };

struct PositionOptions {
  PositionFormat format = PositionFormat::kJsonl;
  int perft_depth = 0;  // > 0: each record has perft(perft_depth)
  // CSV: the variant whose piece types are the material columns (and whose chains columns
  // are written when it has them).
  VariantId csv_variant = VariantId::kChess;
  bool csv_raw = false;  // CSV: cells as they are (csv_field in analysis/io/csv.h)
};

// CSV: the header line (with its line end):
//   file,game,ply,variant,fen,side,legal,captures,check,status,white_<piece>...,
//   black_<piece>...,balance[,compulsory,longest_chain][,perft]
// pieces named as in records with '_' for blanks and hyphens (white_charging_rook).
std::string positions_csv_header(const PositionOptions& options);
// CSV: whether positions of `variant` fit the material columns (each of its piece types
// has a column: chess and Fluidity fit Chess960's and the other way round).
bool csv_fits(const PositionOptions& options, VariantId variant);

// Writes one record per position it is shown. JSON Lines, one object a line:
//   {"file":"a.pgn","game":1,"ply":0,"variant":"chess","fen":"...","side":"white",
//    "legal":20,"captures":0,"check":false,"status":"",
//    "material":{"white":{"pawn":8,...},"black":{...}},"balance":0,
//    "compulsory":false,"longest_chain":0,   (variants with chains only)
//    "perft":400}                            (with a perft depth only)
// `material` lists the piece types present (count > 0); "status" is describe(GameEnd) ("" when
// the game goes on: "checkmate", "stalemate", "capture of a King", "threefold repetition"...).
// CSV: one row per position under positions_csv_header(); "true" / "false" for the flags.
class PositionWriter final : public PositionVisitor {
 public:
  explicit PositionWriter(const PositionOptions& options);

  // The game whose positions follow (`file` as messages name it, `game` its 1-based index
  // in the file) and the string the records are appended to.
  void begin_game(std::string_view file, std::int64_t game, std::string& out);
  void position(AnyGame& game, int ply) override;
  // Records written since begin_game.
  std::uint64_t records() const { return records_; }

 private:
  void write_record(const AnyGame& game, int ply);
  // The material part of the record of facts_ (JSON: "material":{...},"balance":N; CSV: the
  // material columns and the balance).
  const std::string& material_text();

  PositionOptions options_;
  std::string* out_ = nullptr;
  std::string prefix_;  // the start of each record of the game, up to the ply
  std::uint64_t records_ = 0;
  PositionFacts facts_;
  std::span<const PieceType> csv_types_;  // the CSV material columns
  bool csv_chains_ = false;               // the CSV has the chains columns
  // material_text() of the last material written.
  bool material_ready_ = false;
  VariantId material_variant_ = VariantId::kChess;
  std::array<std::array<std::uint8_t, PIECE_TYPE_NB>, COLOR_NB> material_{};
  std::string material_text_;
};

}  // namespace fairykit::analysis
