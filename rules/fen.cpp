#include "rules/fen.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace fairykit {

char piece_letter(Piece pc) {
  PieceType pt = type_of(pc);
  if (pt >= kPieceCatalog.size() || pt == NO_PIECE_TYPE) return '?';
  char c = piece_info(pt).letter;
  return color_of(pc) == WHITE ? c : char(std::tolower(static_cast<unsigned char>(c)));
}

namespace {

absl::Status field_error(std::string_view field, int column, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrFormat("FEN %s field, column %d: %s", field, column, what));
}

// Resolves one castling letter to the rook square it names, or an error.
absl::StatusOr<std::pair<int, Square>> resolve_castling(const parsers::CastlingToken& tok,
                                                        const Setup& s) {
  const char ch = tok.letter;
  const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
  const char up = char(std::toupper(static_cast<unsigned char>(ch)));
  const int back = c == WHITE ? RANK_1 : RANK_8;
  const Piece king = make_piece(c, KING);
  // The castling partner: the rook, or the army's rook-equivalent.
  const Piece rook = make_piece(c, castling_partner(Army(s.armies[c])));
  const char* colour = c == WHITE ? "white" : "black";
  int king_file = -1;
  for (int f = 0; f < 8; ++f)
    if (s.board[make_square(f, back)] == king) king_file = f;
  if (king_file < 0)
    return field_error("castling", tok.column,
                       absl::StrFormat("'%c' but no %s king on rank %d", ch, colour, back + 1));
  if (up == 'K' || up == 'Q') {
    const bool king_side = up == 'K';
    // X-FEN: the outermost rook on that side of the king.
    int found = -1;
    if (king_side) {
      for (int f = 7; f > king_file && found < 0; --f)
        if (s.board[make_square(f, back)] == rook) found = f;
    } else {
      for (int f = 0; f < king_file && found < 0; ++f)
        if (s.board[make_square(f, back)] == rook) found = f;
    }
    if (found < 0)
      return field_error(
          "castling", tok.column,
          absl::StrFormat("'%c' but no %s rook on the %s side of the king on rank %d", ch, colour,
                          king_side ? "king" : "queen", back + 1));
    return std::make_pair(castling_index(c, king_side), make_square(found, back));
  }
  // Shredder-FEN / X-FEN file letter.
  const int file = up - 'A';
  if (s.board[make_square(file, back)] != rook)
    return field_error(
        "castling", tok.column,
        absl::StrFormat("'%c' but no %s rook on %c%d", ch, colour, char('a' + file), back + 1));
  if (file == king_file)
    return field_error("castling", tok.column, absl::StrFormat("'%c' names the king's file", ch));
  return std::make_pair(castling_index(c, file > king_file), make_square(file, back));
}

}  // namespace

absl::StatusOr<Setup> setup_from_fen(std::string_view fen, const FenDialect& dialect) {
  parsers::FenSchema schema;
  if (dialect.armies_field) {
    schema.fields.push_back(parsers::FenFieldKind::kWord);
    schema.required_fields = int(schema.fields.size());
  }
  absl::StatusOr<parsers::FenAst> ast = parsers::ParseFen(fen, schema);
  if (!ast.ok()) return ast.status();
  return setup_from_fen_ast(*ast, dialect);
}

absl::StatusOr<Setup> setup_from_fen_ast(const parsers::FenAst& ast, const FenDialect& dialect) {
  Setup s;
  const auto& ranks = ast.board.ranks;
  if (ranks.size() != 8)
    return field_error("board", ast.board.column,
                       absl::StrFormat("%d ranks, expected 8", int(ranks.size())));
  if (ast.board.holdings)
    return field_error("board", ast.board.holdings_column,
                       "pieces in hand are not part of this variant");
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;
    int file = 0;
    for (const parsers::FenBoardItem& item : ranks[i]) {
      if (item.kind == parsers::FenBoardItem::kEmpty) {
        file += item.empty_count;
        if (file > 8)
          return field_error("board", item.column,
                             absl::StrFormat("rank %d has more than 8 squares", rank + 1));
        continue;
      }
      if (file >= 8)
        return field_error("board", item.column,
                           absl::StrFormat("rank %d has more than 8 squares", rank + 1));
      if (item.promoted)
        return field_error("board", item.column,
                           "'~' (promoted piece) is not part of this variant");
      const char up = char(std::toupper(static_cast<unsigned char>(item.letter)));
      PieceType found = NO_PIECE_TYPE;
      for (PieceType pt : dialect.piece_types)
        if (piece_info(pt).letter == up) found = pt;
      if (found == NO_PIECE_TYPE)
        return field_error("board", item.column,
                           absl::StrFormat("unknown piece letter '%c'", item.letter));
      const Color c = std::isupper(static_cast<unsigned char>(item.letter)) ? WHITE : BLACK;
      s.board[make_square(file, rank)] = make_piece(c, found);
      ++file;
    }
    if (file < 8) {
      int col = ranks[i].empty() ? ast.board.column : ranks[i].back().column;
      return field_error("board", col,
                         absl::StrFormat("rank %d has %d squares, expected 8", rank + 1, file));
    }
  }
  s.side_to_move = ast.side.text == "b" ? BLACK : WHITE;

  if (dialect.armies_field) {
    // Read before the castling field, whose letters name the armies' castling partners.
    if (ast.extra.empty())
      return absl::InvalidArgumentError("FEN has no armies field (e.g. \"FC\" after the clocks)");
    const parsers::FenField& f = ast.extra.front();
    const std::size_t w = f.text.size() == 2 ? kArmyLetters.find(f.text[0]) : std::string::npos;
    const std::size_t b = f.text.size() == 2 ? kArmyLetters.find(f.text[1]) : std::string::npos;
    if (w == std::string::npos || b == std::string::npos)
      return field_error("armies", f.column,
                         absl::StrFormat("'%s' is not two army letters of %s (White, Black)",
                                         f.text, std::string(kArmyLetters)));
    s.armies = {std::uint8_t(w), std::uint8_t(b)};
  }

  for (const parsers::CastlingToken& tok : ast.castling_tokens) {
    absl::StatusOr<std::pair<int, Square>> r = resolve_castling(tok, s);
    if (!r.ok()) return r.status();
    if (s.castling_rooks[r->first] != SQ_NONE)
      return field_error("castling", tok.column,
                         absl::StrFormat("'%c' repeats a castling right", tok.letter));
    s.castling_rooks[r->first] = r->second;
  }
  if (ast.en_passant && ast.en_passant->text != "-") {
    const std::string& t = ast.en_passant->text;
    s.ep_square = make_square(t[0] - 'a', t[1] - '1');
  }
  auto number = [](const std::optional<parsers::FenField>& f, int fallback) {
    if (!f) return fallback;
    long v = 0;
    for (char ch : f->text) {
      v = v * 10 + (ch - '0');
      if (v > 1000000) break;
    }
    return int(v);
  };
  s.halfmove_clock = number(ast.halfmove_clock, 0);
  s.fullmove_number = number(ast.fullmove_number, 1);
  if (ast.fullmove_number && s.fullmove_number == 0) s.fullmove_number = 1;  // a common slip
  return s;
}

std::string setup_to_fen(const Setup& s, const FenDialect& dialect,
                         const FenWriteOptions& options) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece pc = s.board[make_square(file, rank)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_letter(pc);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += s.side_to_move == WHITE ? " w " : " b ";
  std::string castling;
  for (int i = 0; i < 4; ++i) {
    const Square rook = s.castling_rooks[i];
    if (rook == SQ_NONE) continue;
    const Color c = Color(i >> 1);
    const bool king_side = (i & 1) == 0;
    const Piece rook_piece = make_piece(c, castling_partner(Army(s.armies[c])));
    char letter = king_side ? 'K' : 'Q';
    if (dialect.chess960) {
      bool outermost = true;
      const int back = rank_of(rook);
      for (int f = king_side ? file_of(rook) + 1 : 0; f < (king_side ? 8 : file_of(rook)); ++f)
        if (s.board[make_square(f, back)] == rook_piece) outermost = false;
      if (options.castling == CastlingStyle::kShredder || !outermost)
        letter = char('A' + file_of(rook));
    }
    castling += c == WHITE ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
  }
  // Keep the conventional order (white before black, king side before queen side, which
  // for file letters means the higher file first).
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += square_name(s.ep_square);
  absl::StrAppend(&out, " ", s.halfmove_clock, " ", s.fullmove_number);
  if (dialect.armies_field) {
    out += ' ';
    out += kArmyLetters[s.armies[WHITE]];
    out += kArmyLetters[s.armies[BLACK]];
  }
  return out;
}

}  // namespace fairykit
