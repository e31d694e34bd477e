// Fluidity Chess: FEN, move notation and the game state (fluidity.md §3.6, §3.8).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "parsers/fen.h"
#include "parsers/message_text.h"
#include "rules/core/bitboard.h"
#include "rules/core/zobrist.h"
#include "rules/fluidity/position.h"
#include "rules/notation/fen.h"

namespace fairykit::fluidity {

namespace {

constexpr std::string_view kLetters = "NBRQK";  // index + KNIGHT = the piece type

absl::Status field_error(std::string_view field, int column, const std::string& what) {
  return fen_field_error(field, column, what);
}

char letter_of(Piece pc) {
  const char up = kLetters[std::size_t(type_of(pc) - KNIGHT)];
  return color_of(pc) == WHITE ? up : char(std::tolower(static_cast<unsigned char>(up)));
}

std::string squares_text(Bitboard b) {
  std::string out;
  while (b) {
    if (!out.empty()) out += ',';
    out += square_name(pop_lsb(b));
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

}  // namespace

absl::Status Position::set_fen(std::string_view text) { return set_fen(text, {}, nullptr); }

absl::Status Position::set_fen(std::string_view text, const SetupOptions& options,
                               DroppedCastlingRights* dropped) {
  absl::StatusOr<parsers::FenAst> ast = parsers::parse_fen(text);
  if (!ast.ok()) return ast.status();
  if (absl::Status st = check_no_holdings(ast->board, "Fluidity"); !st.ok()) return st;
  absl::StatusOr<std::array<Piece, SQUARE_NB>> placed =
      board_from_fen_ast(ast->board, [](char letter) -> absl::StatusOr<Piece> {
        const char up = char(std::toupper(static_cast<unsigned char>(letter)));
        if (up == 'P')
          return absl::InvalidArgumentError(absl::StrFormat("'%c': Fluidity has no pawns", letter));
        const std::size_t index = kLetters.find(up);
        if (index == std::string_view::npos)
          return absl::InvalidArgumentError(absl::StrFormat("unknown piece letter '%c'", letter));
        const Color c = std::isupper(static_cast<unsigned char>(letter)) ? WHITE : BLACK;
        return make_piece(c, PieceType(KNIGHT + int(index)));
      });
  if (!placed.ok()) return placed.status();
  const std::array<Piece, SQUARE_NB>& board = *placed;
  // Castling (§3.5): KQkq, or the X-FEN / Shredder letters of the corner files (H A h a).
  std::uint8_t castling = 0;
  for (const parsers::CastlingToken& tok : ast->castling_tokens) {
    const char ch = tok.letter;
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? WHITE : BLACK;
    const char up = char(std::toupper(static_cast<unsigned char>(ch)));
    const char* colour = c == WHITE ? "white" : "black";
    const bool king_side = up == 'K' || up == 'H';
    if (!king_side && up != 'Q' && up != 'A')
      return field_error("castling", tok.column,
                         absl::StrFormat("'%c': Fluidity castles only with the corner rooks", ch));
    const Square king = relative_square(c, SQ_E1);
    const Square rook = relative_square(c, king_side ? SQ_H1 : SQ_A1);
    std::string missing;  // why the position cannot have the right
    if (board[king] != make_piece(c, KING))
      missing = absl::StrFormat("no %s king on %s", colour, square_name(king));
    else if (board[rook] != make_piece(c, ROOK))
      missing = absl::StrFormat("no %s rook on %s", colour, square_name(rook));
    if (!missing.empty()) {
      if (!options.drop_invalid_castling_rights)
        return field_error("castling", tok.column, absl::StrFormat("'%c' but %s", ch, missing));
      if (dropped) dropped->push_back({ch, std::move(missing)});
      continue;
    }
    const std::uint8_t right = castling_right(c, king_side);
    if (castling & right)
      return field_error("castling", tok.column,
                         absl::StrFormat("'%c' repeats a castling right", ch));
    castling |= right;
  }
  if (ast->en_passant && ast->en_passant->text != "-")
    return field_error("en passant", ast->en_passant->column,
                       absl::StrFormat("'%c': Fluidity has no en passant, expected '-'",
                                       ast->en_passant->text[0]));

  std::vector<std::string> problems;
  int kings[COLOR_NB] = {0, 0};
  for (Piece pc : board)
    if (pc != NO_PIECE && type_of(pc) == KING) ++kings[color_of(pc)];
  for (Color c : {WHITE, BLACK})
    if (kings[c] > 1)
      problems.push_back(absl::StrCat(kings[c], " ", c == WHITE ? "white" : "black", " kings"));
  if (kings[WHITE] == 0 && kings[BLACK] == 0) problems.push_back("no king on the board");

  Position p{Blank{}};
  for (int s = 0; s < 64; ++s)
    if (board[std::size_t(s)] != NO_PIECE) p.put(board[std::size_t(s)], Square(s));
  p.side_ = ast->side.text == "b" ? BLACK : WHITE;
  p.castling_ = castling;
  // The parser checked the range of both (parsers::kMaxFenCounter); 0 is read as 1.
  p.rule50_ = ast->halfmove_clock ? int(ast->halfmove_clock->number) : 0;
  p.fullmove_ = ast->fullmove_number ? std::max(1, int(ast->fullmove_number->number)) : 1;
  std::optional<std::string> warning = fullmove_zero_warning(*ast);
  p.key_ = p.compute_key();
  // Unlike chess, the side not to move may stand in check: the oracle position
  // fluidity-x-queen-6 does, and no rule depends on it not being so.
  if (!problems.empty()) {
    std::string msg;
    for (auto& pr : problems) msg += (msg.empty() ? "" : "; ") + pr;
    return absl::InvalidArgumentError(msg);
  }
  board_ = p.board_;
  by_color_ = p.by_color_;
  by_type_ = p.by_type_;
  side_ = p.side_;
  castling_ = p.castling_;
  rule50_ = p.rule50_;
  fullmove_ = p.fullmove_;
  key_ = p.key_;
  history_.clear();
  history_.reserve(256);
  fen_warnings_.clear();
  if (warning) fen_warnings_.push_back(std::move(*warning));
  return absl::OkStatus();
}

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece pc = board_[make_square(file, rank)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += letter_of(pc);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == WHITE ? " w " : " b ";
  std::string castling;
  if (castling_ & WHITE_OO) castling += 'K';
  if (castling_ & WHITE_OOO) castling += 'Q';
  if (castling_ & BLACK_OO) castling += 'k';
  if (castling_ & BLACK_OOO) castling += 'q';
  out += castling.empty() ? "-" : castling;
  absl::StrAppend(&out, " - ", rule50_, " ", fullmove_);
  return out;
}

std::string Position::to_uci(Move m) const { return square_name(m.from()) + square_name(m.to()); }

std::string Position::san_body(Move m) const {
  if (m.is_castling()) return file_of(m.to()) == FILE_G ? "O-O" : "O-O-O";
  const Piece pc = board_[m.from()];
  std::string out(1, kLetters[std::size_t(type_of(pc) - KNIGHT)]);
  if (type_of(pc) != KING) {
    MoveList list;
    generate_legal(list);
    bool other = false, same_file = false, same_rank = false;
    for (const Move o : list) {
      if (o.is_castling() || o.to() != m.to() || o.from() == m.from() || board_[o.from()] != pc)
        continue;
      other = true;
      same_file |= file_of(o.from()) == file_of(m.from());
      same_rank |= rank_of(o.from()) == rank_of(m.from());
    }
    if (other) {
      if (!same_file)
        out += char('a' + file_of(m.from()));
      else if (!same_rank)
        out += char('1' + rank_of(m.from()));
      else
        out += square_name(m.from());
    }
  }
  if (victims(m)) out += 'x';
  out += square_name(m.to());
  return out;
}

std::string Position::to_san(Move m) const {
  std::string out = san_body(m);
  if (victims(m) & pieces(~side_, KING)) return out + '#';  // §3.8: the King is captured
  Position after = scratch();
  after.do_move(m);
  if (after.checkers()) out += after.count_legal() == 0 ? '#' : '+';
  return out;
}

absl::StatusOr<Move> Position::parse_move(std::string_view text) const {
  const std::string_view whole = trim(text);
  std::string_view s = whole;
  auto unreadable = [&] {
    return absl::InvalidArgumentError(
        absl::StrCat("unreadable move \"", parsers::message_text(whole), "\""));
  };
  // The optional victim annotation, "{b2,b3}" (docs/rules/README.md, decision 3).
  std::optional<std::string_view> annotation;
  if (const std::size_t brace = s.find('{'); brace != std::string_view::npos) {
    if (s.back() != '}') return unreadable();
    annotation = s.substr(brace + 1, s.size() - brace - 2);
    s = trim(s.substr(0, brace));
  }
  const std::string_view move_text = s;
  while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
    s.remove_suffix(1);
  if (s.empty()) return unreadable();

  MoveList list;
  generate_legal(list);
  std::vector<Move> found;
  if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
    const bool king_side = s.size() == 3;
    for (const Move m : list)
      if (m.is_castling() && (file_of(m.to()) == FILE_G) == king_side) found.push_back(m);
  } else {
    PieceType piece = NO_PIECE_TYPE;
    if (const std::size_t i = kLetters.find(s.front()); i != std::string_view::npos) {
      piece = PieceType(KNIGHT + int(i));
      s.remove_prefix(1);
    }
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back())) return unreadable();
    const Square to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
    s.remove_suffix(2);
    char separator = 0;
    if (!s.empty() && (s.back() == '-' || s.back() == 'x')) {
      separator = s.back();
      s.remove_suffix(1);
    }
    int file = -1, rank = -1;
    if (!s.empty() && is_file(s.front())) {
      file = s.front() - 'a';
      s.remove_prefix(1);
    }
    if (!s.empty() && is_rank(s.front())) {
      rank = s.front() - '1';
      s.remove_prefix(1);
    }
    if (!s.empty()) return unreadable();
    const bool full_origin = file >= 0 && rank >= 0;
    if (separator == '-' && !full_origin) return unreadable();
    // Without a piece letter only a long-algebraic move names a piece (there are no pawns).
    if (piece != NO_PIECE_TYPE || full_origin)
      for (const Move m : list) {
        if (m.to() != to) continue;
        if (file >= 0 && file_of(m.from()) != file) continue;
        if (rank >= 0 && rank_of(m.from()) != rank) continue;
        if (piece != NO_PIECE_TYPE && type_of(board_[m.from()]) != piece) continue;
        // Castling is read from SAN as O-O; from squares only as the King's step (e1g1).
        if (m.is_castling() && !full_origin) continue;
        found.push_back(m);
      }
  }
  if (found.empty())
    return absl::InvalidArgumentError(
        absl::StrCat("illegal move \"", parsers::message_text(whole), "\""));
  if (found.size() > 1) {
    std::string names;
    for (const Move m : found) absl::StrAppend(&names, names.empty() ? "" : ", ", san_body(m));
    return absl::InvalidArgumentError(
        absl::StrCat("ambiguous move \"", parsers::message_text(whole), "\" (", names, ")"));
  }
  const Move m = found.front();
  if (annotation) {
    Bitboard said = 0;
    std::string_view rest = *annotation;
    while (!trim(*annotation).empty()) {  // "{}" says: no victims
      const std::size_t comma = rest.find(',');
      const std::string_view item = trim(rest.substr(0, comma));
      if (item.size() != 2 || !is_file(item[0]) || !is_rank(item[1]))
        return absl::InvalidArgumentError(
            absl::StrCat("unreadable victims \"{", parsers::message_text(*annotation), "}\" in \"",
                         parsers::message_text(whole), "\""));
      said |= square_bb(make_square(item[0] - 'a', item[1] - '1'));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    const Bitboard real = victims(m);
    if (said != real)
      return absl::InvalidArgumentError(absl::StrCat(
          "wrong victims {", parsers::message_text(*annotation), "} for \"",
          parsers::message_text(move_text), "\" (",
          real ? "captures " + squares_text(real) : std::string("captures nothing"), ")"));
  }
  return m;
}

bool Position::insufficient_material() const {
  const Bitboard others = pieces() & ~(by_type_[KING]);
  return !others || (!more_than_one(others) && (others & by_type_[BISHOP]));  // §3.6
}

void Position::count_turns(TurnCounts& c) const {
  MoveList list;
  generate_legal(list);
  c.legal = std::uint32_t(list.size());
  c.captures = 0;
  for (const Move m : list)
    if (victims(m)) ++c.captures;
  c.longest_chain = 0;
  c.check = in_check();
  c.end = state().end;
}

GameState Position::state() const {
  GameState st;
  st.side_to_move = side_;
  // Repetitions: the positions with the same side to move since the last capture (a
  // capture cannot be undone; a change of castling rights changes the key).
  const int plies = int(history_.size());
  for (int back = 2; back <= std::min(rule50_, plies); back += 2)
    if (history_[std::size_t(plies - back)].key == key_) ++st.repetitions;
  st.threefold = st.repetitions >= 3;
  st.fifty_moves = rule50_ >= 50;  // F11: 25 full moves
  if (!pieces(WHITE, KING) || !pieces(BLACK, KING)) {
    st.end = GameEnd::kKingCaptured;
    st.side_to_move = pieces(side_, KING) ? ~side_ : side_;
    return st;
  }
  if (count_legal() == 0) {  // §3.6: stalemate loses too
    st.end = in_check() ? GameEnd::kCheckmate : GameEnd::kNoLegalMove;
    return st;
  }
  if (insufficient_material()) {
    st.end = GameEnd::kInsufficientMaterial;
    return st;
  }
  if (st.threefold)
    st.end = GameEnd::kThreefoldRepetition;
  else if (st.fifty_moves)
    st.end = GameEnd::kTwentyFiveMoveRule;
  return st;
}

}  // namespace fairykit::fluidity
