#include "rules/notation/fen.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "parsers/message_text.h"

namespace fairykit {

char piece_letter(Piece pc) {
  PieceType pt = type_of(pc);
  if (pt >= kPieceCatalog.size() || pt == NO_PIECE_TYPE) return '?';
  char c = piece_info(pt).letter;  // an upper-case ASCII letter
  return color_of(pc) == WHITE ? c : char(c - 'A' + 'a');
}

namespace {

absl::Status field_error(std::string_view field, int column, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrFormat("FEN %s field, column %d: %s", field, column, what));
}

// Resolves one castling letter to the rook square it names, or an error; `reason` then says
// why the position cannot have the right (the error without the letter).
absl::StatusOr<std::pair<int, Square>> resolve_castling(const parsers::CastlingToken& tok,
                                                        const Setup& s, std::string& reason) {
  const char ch = tok.letter;
  // "'K' but <why>", or `message` when it is given.
  auto fail = [&](std::string why, std::string message = {}) {
    reason = std::move(why);
    return field_error("castling", tok.column,
                       message.empty() ? absl::StrFormat("'%c' but %s", ch, reason) : message);
  };
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
  if (king_file < 0) return fail(absl::StrFormat("no %s king on rank %d", colour, back + 1));
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
      return fail(absl::StrFormat("no %s rook on the %s side of the king on rank %d", colour,
                                  king_side ? "king" : "queen", back + 1));
    return std::make_pair(castling_index(c, king_side), make_square(found, back));
  }
  // Shredder-FEN / X-FEN file letter.
  const int file = up - 'A';
  if (s.board[make_square(file, back)] != rook)
    return fail(absl::StrFormat("no %s rook on %c%d", colour, char('a' + file), back + 1));
  if (file == king_file)
    return fail("it names the king's file", absl::StrFormat("'%c' names the king's file", ch));
  return std::make_pair(castling_index(c, file > king_file), make_square(file, back));
}

// SetupOptions::drop_invalid_castling_rights: drops the resolved rights that
// Position<V>::set would reject (castling_problem: in standard chess, a king off e1/e8 or a
// rook off the corner), `letters` being the letter each right was written with.
void drop_unsound_castling(Setup& s, const FenDialect& dialect, const std::array<char, 4>& letters,
                           DroppedCastlingRights* dropped) {
  for (int i = 0; i < 4; ++i) {
    if (s.castling_rooks[i] == SQ_NONE) continue;
    const Color c = Color(i >> 1);
    Square king = SQ_NONE;
    int kings = 0;
    for (int sq = 0; sq < SQUARE_NB; ++sq)
      if (s.board[sq] == make_piece(c, KING) && kings++ == 0) king = Square(sq);
    if (kings != 1) continue;  // Position<V>::set reports the kings
    const PieceType partner = castling_partner(Army(s.armies[c]));
    if (std::optional<CastlingProblem> p =
            castling_problem(s.board, i, s.castling_rooks[i], king, partner, dialect.chess960)) {
      if (dropped) dropped->push_back({letters[i], std::move(p->reason)});
      s.castling_rooks[i] = SQ_NONE;
    }
  }
}

// The pool the board implies: per colour, per index of dialect.pool_types.
using PoolCounts = std::array<std::array<int, 8>, COLOR_NB>;
PoolCounts board_pools(const std::array<Piece, SQUARE_NB>& board, const FenDialect& dialect) {
  PoolCounts pools{};
  for (Color c : {WHITE, BLACK})
    for (std::size_t i = 0; i < dialect.pool_types.size() && i < 8; ++i) {
      int on_board = 0;
      for (Piece pc : board) on_board += pc == make_piece(c, dialect.pool_types[i]);
      pools[c][i] = std::max(0, int(dialect.pool_base[i]) - on_board);
    }
  return pools;
}

// XBoard's holdings slot order (PNBRQ..SE.......V.AK without P, A and K); other pool types
// would follow in the dialect's order.
constexpr std::string_view kHoldingsOrder = "NBRQSEV";

// The holdings text of both pools in XBoard's order ("NNBRnnbr"; "-" when both are empty).
std::string pools_text(const PoolCounts& pools, const FenDialect& dialect) {
  std::string out;
  for (Color c : {WHITE, BLACK}) {
    auto emit = [&](std::size_t i) {
      const Piece pc = make_piece(c, dialect.pool_types[i]);
      out.append(std::size_t(pools[c][i]), piece_letter(pc));
    };
    for (char letter : kHoldingsOrder)
      for (std::size_t i = 0; i < dialect.pool_types.size() && i < 8; ++i)
        if (piece_info(dialect.pool_types[i]).letter == letter) emit(i);
    for (std::size_t i = 0; i < dialect.pool_types.size() && i < 8; ++i)
      if (kHoldingsOrder.find(piece_info(dialect.pool_types[i]).letter) == std::string_view::npos)
        emit(i);
  }
  return out.empty() ? "-" : out;
}

// The pools a setup holds: what the board implies plus the bracket's offsets.
PoolCounts setup_pools(const Setup& s, const FenDialect& dialect) {
  PoolCounts pools = board_pools(s.board, dialect);
  for (int c = 0; c < COLOR_NB; ++c)
    for (std::size_t i = 0; i < 8; ++i)
      pools[c][i] = std::max(0, pools[c][i] + s.pool_offset[c][i]);
  return pools;
}

// A holdings bracket of a pool variant. The pools it names win over what the board implies
// (superchess.md 2.5: hand-made positions, three knights...); the difference is kept in
// Setup::pool_offset.
absl::Status read_holdings(const std::string& text, int column, Setup& s,
                           const FenDialect& dialect) {
  PoolCounts said{};
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char ch = text[k];
    const char up = char(std::toupper(static_cast<unsigned char>(ch)));
    if (ch == '-' || up == 'P' || up == 'A') continue;  // XBoard lists captured P and A too
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
    bool found = false;
    for (std::size_t i = 0; i < dialect.pool_types.size() && i < 8 && !found; ++i)
      if (piece_info(dialect.pool_types[i]).letter == up) {
        ++said[c][i];
        found = true;
      }
    if (!found)
      return field_error("board", column + int(k),
                         absl::StrFormat("'%c' in the holdings is not a promotion piece", ch));
  }
  const PoolCounts implied = board_pools(s.board, dialect);
  for (int c = 0; c < COLOR_NB; ++c)
    for (std::size_t i = 0; i < 8; ++i) {
      const int offset = said[c][i] - implied[c][i];
      if (offset < -64 || offset > 64) return field_error("board", column, "holdings too large");
      s.pool_offset[c][i] = std::int8_t(offset);
    }
  return absl::OkStatus();
}

// Puts `letter` on the index-th empty square ('.') of a back rank, counted from the a-file:
// how XBoard's Prelude() and Scharnagl's numbering place pieces.
void place_on_empty(std::string& rank, char letter, int index) {
  for (char& sq : rank)
    if (sq == '.' && index-- == 0) {
      sq = letter;
      return;
    }
}

// The FEN of a start array: `rank` for White, mirrored for Black, the pawns, White to move.
std::string start_array_fen(const std::string& rank, const std::string& castling) {
  std::string lower;
  for (char ch : rank) lower += char(std::tolower(static_cast<unsigned char>(ch)));
  return lower + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w " + castling + " - 0 1";
}

}  // namespace

std::string_view white_back_rank(std::string_view fen) {
  const std::size_t slash = fen.rfind('/');
  if (slash == std::string_view::npos) return {};
  const std::size_t end = fen.find_first_of(" [", slash);
  return fen.substr(slash + 1, end - slash - 1);
}

std::string superchess_start_fen(int n) {
  n = ((n % 1728) + 1728) % 1728;
  std::string rank = "RNBQKBNR";
  // Two of the queen wing (files a-d), two of the king wing (f-h) make room (XBoard's
  // Prelude(): the removed pieces go to both pools).
  const int j = n % 4;
  n /= 4;
  int j2 = n % 3;
  n /= 3;
  if (j2 >= j) ++j2;
  const int k = n % 3;
  n /= 3;
  int k2 = n % 2;
  n /= 2;
  if (k2 >= k) ++k2;
  for (int file : {j, j2, 5 + k, 5 + k2}) rank[std::size_t(file)] = '.';
  // Amazon, Veteran, Empress on the (n mod 4, 3, 2)-th empty square; the Princess last.
  auto place = [&](char letter, int index) { place_on_empty(rank, letter, index); };
  place('A', n % 4);
  n /= 4;
  place('V', n % 3);
  n /= 3;
  place('E', n % 2);
  place('S', 0);
  std::string castling;
  if (rank[7] == 'R') castling += 'K';
  if (rank[0] == 'R') castling += 'Q';
  for (std::size_t i = 0, w = castling.size(); i < w; ++i)
    castling += char(std::tolower(static_cast<unsigned char>(castling[i])));
  return start_array_fen(rank, castling.empty() ? "-" : castling);
}

std::string chess960_start_fen(int n) {
  n = ((n % 960) + 960) % 960;
  std::string rank = "........";
  rank[std::size_t(2 * (n % 4) + 1)] = 'B';  // light squares: b, d, f, h
  n /= 4;
  rank[std::size_t(2 * (n % 4))] = 'B';  // dark squares: a, c, e, g
  n /= 4;
  auto place = [&](char letter, int index) { place_on_empty(rank, letter, index); };
  place('Q', n % 6);
  n /= 6;
  // The Knights on two of the five squares left (Scharnagl's table, n = 0..9).
  static constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                          {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place('N', kKnights[n][1]);  // the later square first: placing it leaves the earlier index
  place('N', kKnights[n][0]);
  place('R', 0);
  place('K', 0);
  place('R', 0);
  return start_array_fen(rank, "KQkq");
}

absl::StatusOr<Setup> setup_from_fen(std::string_view fen, const FenDialect& dialect,
                                     const SetupOptions& options, DroppedCastlingRights* dropped) {
  parsers::FenSchema schema;
  if (dialect.armies_field) {
    schema.fields.push_back(parsers::FenFieldKind::kWord);
    schema.required_fields = int(schema.fields.size());
  }
  absl::StatusOr<parsers::FenAst> ast = parsers::parse_fen(fen, schema);
  if (!ast.ok()) return ast.status();
  return setup_from_fen_ast(*ast, dialect, options, dropped);
}

absl::Status fen_field_error(std::string_view field, int column, std::string_view what) {
  return field_error(field, column, what);
}

std::optional<std::string> fullmove_zero_warning(const parsers::FenAst& ast) {
  if (!ast.fullmove_number || ast.fullmove_number->number != 0) return std::nullopt;
  return absl::StrFormat("FEN fullmove number field, column %d: 0 is read as 1",
                         ast.fullmove_number->column);
}

absl::Status check_no_holdings(const parsers::FenBoard& board, std::string_view variant) {
  // A wrong number of ranks is board_from_fen_ast()'s to report.
  if (variant.empty() || !board.holdings || board.ranks.size() != 8) return absl::OkStatus();
  // Holdings written as a 9th rank are, to a variant without holdings, a 9th rank.
  if (board.holdings_as_rank)
    return field_error("board", board.column,
                       absl::StrFormat("%d ranks, expected 8", int(board.ranks.size()) + 1));
  return field_error("board", board.holdings_column,
                     absl::StrCat("pieces in hand are not part of ", std::string(variant)));
}

absl::StatusOr<std::array<Piece, SQUARE_NB>> board_from_fen_ast(
    const parsers::FenBoard& fen_board,
    absl::FunctionRef<absl::StatusOr<Piece>(char letter)> piece) {
  const auto& ranks = fen_board.ranks;
  if (ranks.size() != 8)
    return field_error("board", fen_board.column,
                       absl::StrFormat("%d ranks, expected 8", int(ranks.size())));
  std::array<Piece, SQUARE_NB> board{};
  for (std::size_t i = 0; i < 8; ++i) {
    const int rank = 7 - int(i);
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
      absl::StatusOr<Piece> pc = piece(item.letter);
      if (!pc.ok()) return field_error("board", item.column, std::string(pc.status().message()));
      board[make_square(file, rank)] = *pc;
      ++file;
    }
    if (file < 8) {
      const int col = ranks[i].empty() ? fen_board.column : ranks[i].back().column;
      return field_error("board", col,
                         absl::StrFormat("rank %d has %d squares, expected 8", rank + 1, file));
    }
  }
  return board;
}

absl::StatusOr<Setup> setup_from_fen_ast(const parsers::FenAst& ast, const FenDialect& dialect,
                                         const SetupOptions& options,
                                         DroppedCastlingRights* dropped) {
  Setup s;
  if (absl::Status st =
          check_no_holdings(ast.board, dialect.pool_types.empty() ? "this variant" : "");
      !st.ok())
    return st;
  absl::StatusOr<std::array<Piece, SQUARE_NB>> board =
      board_from_fen_ast(ast.board, [&](char letter) -> absl::StatusOr<Piece> {
        const char up = char(std::toupper(static_cast<unsigned char>(letter)));
        for (PieceType pt : dialect.piece_types)
          if (piece_info(pt).letter == up)
            return make_piece(std::isupper(static_cast<unsigned char>(letter)) ? WHITE : BLACK, pt);
        return absl::InvalidArgumentError(absl::StrFormat("unknown piece letter '%c'", letter));
      });
  if (!board.ok()) return board.status();
  s.board = *board;
  if (ast.board.holdings) {
    absl::Status status = read_holdings(*ast.board.holdings, ast.board.holdings_column, s, dialect);
    if (!status.ok()) return status;
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
                         absl::StrFormat("%s is not two army letters of %s (White, Black)",
                                         parsers::quote_text(f.text), std::string(kArmyLetters)));
    s.armies = {std::uint8_t(w), std::uint8_t(b)};
  }

  std::array<char, 4> letters{};  // the letter of each right, as written
  for (const parsers::CastlingToken& tok : ast.castling_tokens) {
    std::string reason;
    absl::StatusOr<std::pair<int, Square>> r = resolve_castling(tok, s, reason);
    if (!r.ok()) {
      if (!options.drop_invalid_castling_rights) return r.status();
      if (dropped) dropped->push_back({tok.letter, std::move(reason)});
      continue;
    }
    if (s.castling_rooks[r->first] != SQ_NONE)
      return field_error("castling", tok.column,
                         absl::StrFormat("'%c' repeats a castling right", tok.letter));
    s.castling_rooks[r->first] = r->second;
    letters[std::size_t(r->first)] = tok.letter;
  }
  if (options.drop_invalid_castling_rights) drop_unsound_castling(s, dialect, letters, dropped);
  if (ast.en_passant && ast.en_passant->text != "-") {
    const std::string& t = ast.en_passant->text;
    s.ep_square = make_square(t[0] - 'a', t[1] - '1');
  }
  // The parser checked the range of both (parsers::kMaxFenCounter).
  s.halfmove_clock = ast.halfmove_clock ? int(ast.halfmove_clock->number) : 0;
  s.fullmove_number = ast.fullmove_number ? int(ast.fullmove_number->number) : 1;
  if (std::optional<std::string> w = fullmove_zero_warning(ast)) {
    s.fullmove_number = 1;
    s.warnings.push_back(std::move(*w));
  }
  return s;
}

std::string setup_to_fen(const Setup& s, const FenDialect& dialect,
                         const FenWriteOptions& options) {
  std::string out;
  append_setup_fen(s, dialect, out, options);
  return out;
}

// On the path of every position fairy-analyze --positions writes: no string of its own, no
// locale-aware case conversion.
void append_setup_fen(const Setup& s, const FenDialect& dialect, std::string& out,
                      const FenWriteOptions& options) {
  char board[72];  // 64 squares and 7 slashes at most
  std::size_t n = 0;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece pc = s.board[make_square(file, rank)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) board[n++] = char('0' + empty);
      empty = 0;
      board[n++] = piece_letter(pc);
    }
    if (empty) board[n++] = char('0' + empty);
    if (rank) board[n++] = '/';
  }
  out.append(board, n);
  if (options.holdings && !dialect.pool_types.empty())
    absl::StrAppend(&out, "[", pools_text(setup_pools(s, dialect), dialect), "]");
  out += s.side_to_move == WHITE ? " w " : " b ";
  // Keep the conventional order (white before black, king side before queen side, which
  // for file letters means the higher file first).
  char castling[4];
  std::size_t rights = 0;
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
    castling[rights++] = c == WHITE ? letter : char(letter - 'A' + 'a');
  }
  if (rights)
    out.append(castling, rights);
  else
    out += '-';
  out += ' ';
  if (!is_ok(s.ep_square)) {
    out += '-';
  } else {
    out += char('a' + file_of(s.ep_square));
    out += char('1' + rank_of(s.ep_square));
  }
  char number[12];  // an int
  out += ' ';
  out.append(number, std::to_chars(number, number + sizeof number, s.halfmove_clock).ptr);
  out += ' ';
  out.append(number, std::to_chars(number, number + sizeof number, s.fullmove_number).ptr);
  if (dialect.armies_field) {
    out += ' ';
    out += kArmyLetters[s.armies[WHITE]];
    out += kArmyLetters[s.armies[BLACK]];
  }
}

}  // namespace fairykit
