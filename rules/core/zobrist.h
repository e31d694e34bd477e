// Zobrist keys: one random 64-bit word per (piece, square), castling-rights set, en
// passant file and side to move. A position's key is the XOR of the words that describe
// it; Position keeps it up to date incrementally in do_move/undo_move.
#pragma once

#include "rules/core/types.h"

namespace fairykit {

namespace zobrist {
extern Key psq[PIECE_NB][SQUARE_NB];
extern Key castling[CASTLING_RIGHT_NB];
extern Key ep_file[8];
extern Key side;  // XORed in when Black is to move
}  // namespace zobrist

// Fills every table of the rules core (bitboards, attacks, Zobrist keys). Idempotent and
// thread-safe; every Position set-up calls it, tools may call it first.
void init_rules();

}  // namespace fairykit
