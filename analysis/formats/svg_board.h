// Board diagrams as SVG, for every variant: the position of a game, with marked squares,
// arrows and the moves of one piece (the diagrams of the rules pages), for print and the web.
//
//   absl::StatusOr<std::string> svg = render_svg(game, {.moves_of = "e5", .coordinates = true});
//
// Style: light and dark squares in two browns inside a thin frame. The FIDE pieces are the
// Unicode chess figures (U+2654..U+265F) as text, White's a white silhouette under the
// outlined figure, Black's the solid figure, in the first available of DejaVu Sans (Debian's
// fonts-dejavu-core), Noto Sans Symbols 2, Segoe UI Symbol, FreeSerif. Every other piece (a
// piece type outside the FIDE six, or one of them under another name: rules/game/board_pieces.h)
// is a disc with a short label taken from its name ("Am" Amazon, "CR" Charging Rook, "FAD"),
// white with a black rim for White and black with white letters for Black; the legend under
// the board names each one shown. Marks tint the square blue; the moves of a piece highlight its
// square in yellow and mark each destination with a dot, green for a quiet move and red for a move
// that captures (a red ring when the victim stands on the destination itself), and each
// remote victim (a piece the move takes on another square: en passant, approach, custodian,
// leap and removal captures, dissection) with a red cross; arrows are green. The same input
// gives the same bytes.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

struct SvgOptions {
  std::vector<std::string> marks;   // squares tinted: "d6", "f6"
  std::vector<std::string> arrows;  // moves in long algebraic notation: "e2e4"; a chain
                                    // ("a1a5c5") is an arrow per step, a step that
                                    // stays ("e4e4", a Remover) a circle; promotion letters
                                    // ("e7e8q", "c6c8ne8") are ignored
  // A square: the destinations of the legal moves of the piece on it (and what they take).
  // When the piece belongs to the side not to move, its moves are those of the same position
  // with the turn passed to it (the FEN's side to move flipped, its en passant field cleared);
  // it is an error when that position is not legal (say a King left in check). The moves are
  // those of a game set up from game.fen() alone: options given to AnyGame::create beyond
  // the FEN (Amazon promotion) are not carried over, which changes only the promotions.
  std::string moves_of;
  bool flip = false;         // Black at the bottom
  bool coordinates = false;  // file letters under the board, rank numbers to its left
  bool legend = true;        // the names of the pieces drawn as discs (none on a FIDE board)
  std::string caption;       // a line of text under the board (and legend)
  int square_size = 45;      // pixels (user units) per square; 360 for the board
};

// The position of `game` as a standalone SVG document (UTF-8, ending in a newline). Errors
// name the bad option and its text: `mark "d9": not a square (a1 to h8)`,
// `arrow "e2": not a move in long algebraic notation (e2e4, a1a5c5)`,
// `moves of "e5": no piece on e5`.
absl::StatusOr<std::string> render_svg(const AnyGame& game, const SvgOptions& options);

// The errors of render_svg that do not depend on the position (a mark, an arrow or the
// square of moves_of that cannot be read, the square size), for a tool to refuse the options
// once before drawing anything. What is left to fail then is moves_of in a position that
// cannot show them (no piece on the square, or its side cannot be to move there).
absl::Status check_svg_options(const SvgOptions& options);

}  // namespace fairykit::analysis
