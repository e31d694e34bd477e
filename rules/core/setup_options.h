// How a set-up (a FEN) is read: options a caller may choose, and what they changed.
// Readers are strict by default; an archive tool may choose leniency where the archives it
// reads are known to carry a fault that has one sensible repair, and reports each repair.
#pragma once

#include <string>
#include <vector>

namespace fairykit {

struct SetupOptions {
  // A castling right the position cannot have (no king or no rook where the right needs
  // them; in standard chess, a king off e1/e8 or a rook off the corner) is dropped instead
  // of rejecting the position, as python-chess and lichess do (shakmaty calls it
  // ignore_invalid_castling_rights). Each dropped right is reported. A malformed castling
  // field (a repeated letter, a letter that is not a castling letter) stays an error.
  bool drop_invalid_castling_rights = false;
};

// A castling right dropped under SetupOptions::drop_invalid_castling_rights.
struct DroppedCastlingRight {
  char letter = 0;     // as the FEN wrote it: 'K', 'q', 'H'...
  std::string reason;  // why the position cannot have it, e.g. "no white rook on the king
                       // side of the king on rank 1"
};

using DroppedCastlingRights = std::vector<DroppedCastlingRight>;

}  // namespace fairykit
