// What a move did, for statistics (fairy-analyze): the piece that moved, what it captured
// and how, promotion, castling, en passant, the length of an Interweave chain. Filled by
// AnyGame::play_move from the position before the move, for every variant.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "rules/core/types.h"

namespace fairykit {

// How a piece was captured.
enum class CaptureMethod : std::uint8_t {
  kReplacement,  // the capturing piece moves onto the victim (chess and most variants)
  kEnPassant,    // chess en passant (and Interweave's Pawn en passant by short leap)
  kApproach,     // Interweave Smasher: the victim next to where the move ends
  kWithdrawal,   // moving away from the victim (no variant of fairykit has it yet)
  kLeap,         // Interweave Leaper: jumped over (long leap or double knight)
  kShortLeap,    // Interweave King and Pawn: jumped over by a short leap
  kCustodian,    // Interweave Pawn: the victim enclosed between two Pawns
  kRemoval,      // Interweave Remover: removed without moving
  kDissection,   // Fluidity: passed through on the way
};
inline constexpr int kCaptureMethods = 9;

// "replacement", "en passant", "approach", "withdrawal", "leap", "short leap", "custodian",
// "removal", "dissection".
constexpr std::string_view describe(CaptureMethod m) {
  constexpr std::string_view kNames[kCaptureMethods] = {"replacement", "en passant", "approach",
                                                        "withdrawal",  "leap",       "short leap",
                                                        "custodian",   "removal",    "dissection"};
  return kNames[static_cast<int>(m)];
}

struct MoveFacts {
  struct Capture {
    PieceType type = NO_PIECE_TYPE;  // the captured piece's type
    CaptureMethod method = CaptureMethod::kReplacement;
  };
  static constexpr int kMaxCaptures = 16;  // a side has at most 16 pieces

  PieceType moved = NO_PIECE_TYPE;      // the moving piece's type before the move
  PieceType promotion = NO_PIECE_TYPE;  // the type it promoted to, if it did
  // The promotion chose a piece worth less (the engine's piece_value()) than the most
  // valuable type the pawn could have become in that position: chess, Chess960 a Q; CwDA
  // the queen-equivalent of either army in the game; Superchess the most valuable type in
  // the side's pool. Interweave's pieces are all worth the same, so none is ever set there.
  bool underpromotion = false;
  std::int8_t castling = 0;   // 0: none, 1: king side (O-O), 2: queen side (O-O-O)
  bool null_move = false;     // "--" in a variation (nothing else is set)
  std::uint8_t steps = 1;     // the steps of the turn (an Interweave chain: > 1)
  std::uint8_t captures = 0;  // entries of `captured` in use
  std::array<Capture, kMaxCaptures> captured{};

  // Empty again, as MoveFacts{} reads (the entries of `captured` past `captures` are left
  // as they are: they are never read; a move's facts are cleared once per move).
  void clear() {
    moved = promotion = NO_PIECE_TYPE;
    underpromotion = false;
    castling = 0;
    null_move = false;
    steps = 1;
    captures = 0;
  }
  void add_capture(PieceType type, CaptureMethod method) {
    if (captures < kMaxCaptures) captured[captures++] = {type, method};
  }
};

}  // namespace fairykit
