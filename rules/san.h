// Standard Algebraic Notation (SAN), as PGN writes it: "Nbd2", "R1a3", "Qh4e1", "exd6",
// "e8=Q+", "bxa8=N", "O-O-O", "Qxf7#". Chess960 castling is "O-O" (the king-side right:
// the rook on the king's h-file side) and "O-O-O", wherever king and rook start.
//
// Reading is the two steps of the design guide, kept apart so that later readers can widen
// the first without touching the second:
//   parse_san_token(text)       syntax only, no position: text -> SanToken, or "bad SAN";
//   resolve_san(pos, token)     meaning: the one legal move the token names, or "illegal" /
//                               "ambiguous".
// move_from_san() is the two in a row. Neither allocates on success: the candidate moves
// live on the stack (MovesTo) and the token is a few bytes. Only error messages allocate.
//
// What the strict reader accepts (anything else is a syntax error):
//   castling     O-O, O-O-O, and the zero forms 0-0, 0-0-0
//   piece move   a piece letter of the variant (upper case, not P), an optional origin
//                file and/or rank, an optional 'x', the destination: Nf3, Nbd2, R1a3,
//                Qh4xe1. Superfluous disambiguation is accepted while the move stays unique.
//   pawn move    e4, exd5 (a capture names the origin file and has the 'x'), promotions
//                with or without '=': e8=Q, e8Q, exd8=N.
//   suffixes     an optional '+' or '#', then an optional annotation: ! ? !! ?? !? ?!
// What it does not check (recorded in the token for callers that want to warn): whether
// '+'/'#' and 'x' tell the truth. python-chess and chess-library ignore them as well; a
// wrong suffix never makes a move fail. Archive quirks ("Pe4", "ed5", lower-case piece
// letters, "e.p.", long algebraic "Ng1-f3", null moves "--") are not accepted here: they
// belong in parse_san_token (or a lenient variant of it) and need no change in resolve_san.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "rules/movegen.h"

namespace fairykit {

// ---------------------------------------------------------------------------------------
// Writing.

// Whether the move `m` (legal in `pos`) checks the opponent, without making it. Castling is
// answered by making the move on a scratch copy (rare, and two pieces move).
template <class V>
bool gives_check(const Position<V>& pos, Move m);

// "", "+" or "#": the suffix SAN writes after the legal move `m` of `pos`. A checking move
// is made on a scratch copy of `pos` (Position::set from pos.setup()) to count the replies;
// `pos` itself is never modified, so concurrent readers of one position are safe.
template <class V>
std::string_view san_check_suffix(const Position<V>& pos, Move m);

// The SAN of the legal move `m` of `pos`, with its check/mate suffix. `m` must be legal
// (from legal_moves(pos)); anything else is a precondition violation.
template <class V>
std::string move_to_san(const Position<V>& pos, Move m);

// The SAN of the legal move `m` of `pos` without the check/mate suffix.
template <class V>
std::string san_without_suffix(const Position<V>& pos, Move m);

// A sink for generate_legal() (rules/movegen.h) that keeps only the legal moves landing on
// one square, castling excepted (its Move names the rook's square) — or, built with
// SQ_NONE, only the castling moves. SAN never needs more: disambiguation looks at the
// moves to the same square, reading at the moves to the written square. It spares the
// full MoveList (1 KiB, zeroed on construction) and the walk over every move.
class MovesTo {
 public:
  static constexpr bool kCountOnly = false;
  explicit MovesTo(Square to) : to_(to), mask_(to == SQ_NONE ? 0 : square_bb(to)) {}

  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  std::size_t size() const { return size_; }

  void add(Move m) {
    if (to_ == SQ_NONE ? m.kind() == CASTLING : m.to() == to_ && m.kind() != CASTLING) push(m);
  }
  void add_targets(Square from, Bitboard targets) {
    if (targets & mask_) push(Move(from, to_));
  }
  void add_pawn_moves(Bitboard targets, int delta) {
    if (targets & mask_) push(Move(Square(to_ - delta), to_));
  }
  template <class V>
  void add_promotions(Bitboard targets, int delta) {
    if (targets & mask_)
      for (PieceType pt : V::kPromotions) push(Move::make(Square(to_ - delta), to_, PROMOTION, pt));
  }

 private:
  // At most 8 sliders, 8 knights, a king and 3 pawns with their promotions reach a square;
  // castling gives at most 2 moves.
  static constexpr std::size_t kCapacity = 64;
  void push(Move m) {
    if (size_ < kCapacity) moves_[size_++] = m;
  }
  Square to_;
  Bitboard mask_;
  std::size_t size_ = 0;
  std::array<Move, kCapacity> moves_;
};

// ---------------------------------------------------------------------------------------
// Reading.

// One SAN move as written, before any position is consulted.
struct SanToken {
  enum class Kind : std::uint8_t { kPieceMove, kPawnMove, kCastleKingSide, kCastleQueenSide };
  Kind kind = Kind::kPawnMove;
  char piece = 0;         // kPieceMove: the piece letter as written (upper case)
  std::int8_t file = -1;  // origin file 0-7 if written (pawn captures always), else -1
  std::int8_t rank = -1;  // origin rank 0-7 if written, else -1
  bool capture = false;   // an 'x' was written (not checked against the position)
  Square to = SQ_NONE;    // destination (not used for castling)
  char promotion = 0;     // kPawnMove: the promotion letter as written, 0 if none
  char check = 0;         // '+' or '#' as written, 0 if none (not checked)
};

// Syntax only: whether `text` is a SAN move of the grammar above, filling `token` if so.
constexpr bool parse_san_token(std::string_view text, SanToken& token);

enum class SanResolution : std::uint8_t { kOk, kBadSan, kIllegal, kAmbiguous };

// Meaning: the legal move of `pos` that `token` names, in `move`. kBadSan when the token
// uses a piece letter the variant does not have (or 'P' for the moving piece); kIllegal when
// no legal move matches; kAmbiguous when several do (`move` is then the first of them).
template <class V>
SanResolution resolve_san(const Position<V>& pos, const SanToken& token, Move& move);

// Reads a SAN move and checks it is legal in `pos`. Errors (InvalidArgument):
//   "bad SAN 'Zf3'"                        syntax, or a piece the variant does not have
//   "illegal move 'Nf6'"                   no legal move matches
//   "ambiguous move 'Nd2': Nbd2, Nfd2"     several match; the candidates in SAN, sorted
template <class V>
absl::StatusOr<Move> move_from_san(const Position<V>& pos, std::string_view san);

// ---------------------------------------------------------------------------------------
// Implementation.

namespace san_detail {

// The piece type written with `letter` (upper case) among V's pieces, NO_PIECE_TYPE if
// none. A moving pawn has no letter in SAN ("Pe4" is not SAN): with_pawn = false then.
template <class V>
constexpr PieceType piece_from_letter(char letter, bool with_pawn) {
  for (PieceType pt : V::kPieceTypes)
    if ((with_pawn || pt != PAWN) && piece_info(pt).letter == letter) return pt;
  return NO_PIECE_TYPE;
}

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }
constexpr bool is_piece_letter(char c) { return c >= 'A' && c <= 'Z'; }

}  // namespace san_detail

constexpr bool parse_san_token(std::string_view text, SanToken& token) {
  using san_detail::is_file;
  using san_detail::is_piece_letter;
  using san_detail::is_rank;
  SanToken t;
  // Suffixes, from the right: an annotation (! ? !! ?? !? ?!), then '+' or '#'.
  auto is_note = [](char c) { return c == '!' || c == '?'; };
  for (int i = 0; i < 2 && text.size() > 1 && is_note(text.back()); ++i) text.remove_suffix(1);
  if (!text.empty() && (text.back() == '+' || text.back() == '#')) {
    t.check = text.back();
    text.remove_suffix(1);
  }
  if (text == "O-O" || text == "0-0") {
    t.kind = SanToken::Kind::kCastleKingSide;
    token = t;
    return true;
  }
  if (text == "O-O-O" || text == "0-0-0") {
    t.kind = SanToken::Kind::kCastleQueenSide;
    token = t;
    return true;
  }
  if (text.size() < 2) return false;

  if (is_file(text[0])) {
    // Pawn: [file 'x'] square [['='] letter]
    t.kind = SanToken::Kind::kPawnMove;
    std::size_t i = 0;
    if (text.size() >= 4 && text[1] == 'x') {
      t.file = std::int8_t(text[0] - 'a');
      t.capture = true;
      i = 2;
    }
    if (text.size() < i + 2 || !is_file(text[i]) || !is_rank(text[i + 1])) return false;
    t.to = make_square(text[i] - 'a', text[i + 1] - '1');
    i += 2;
    if (i < text.size() && text[i] == '=') ++i;
    if (i < text.size()) {
      if (!is_piece_letter(text[i]) || i + 1 != text.size()) return false;
      t.promotion = text[i];
    } else if (text.back() == '=') {
      return false;  // "e8=" without a piece
    }
    token = t;
    return true;
  }

  if (!is_piece_letter(text[0]) || text[0] == 'O') return false;
  // Piece: letter [file] [rank] ['x'] square
  t.kind = SanToken::Kind::kPieceMove;
  t.piece = text[0];
  std::string_view rest = text.substr(1);
  if (rest.size() < 2 || !is_file(rest[rest.size() - 2]) || !is_rank(rest.back())) return false;
  t.to = make_square(rest[rest.size() - 2] - 'a', rest.back() - '1');
  rest.remove_suffix(2);
  if (!rest.empty() && rest.back() == 'x') {
    t.capture = true;
    rest.remove_suffix(1);
  }
  if (!rest.empty() && is_file(rest.front())) {
    t.file = std::int8_t(rest.front() - 'a');
    rest.remove_prefix(1);
  }
  if (!rest.empty() && is_rank(rest.front())) {
    t.rank = std::int8_t(rest.front() - '1');
    rest.remove_prefix(1);
  }
  if (!rest.empty()) return false;
  token = t;
  return true;
}

template <class V>
bool gives_check(const Position<V>& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(~us);
  const Square from = m.from(), to = m.to();
  if (m.kind() == CASTLING) {
    StateInfo root, st;
    Position<V> after;
    if (!after.set(pos.setup(), root).ok()) return false;  // cannot happen: pos is valid
    after.do_move(m, st);
    return after.in_check();
  }
  Bitboard occ = (pos.pieces() ^ square_bb(from)) | square_bb(to);
  if (m.kind() == EN_PASSANT) occ ^= square_bb(Square(to + (us == WHITE ? -8 : 8)));
  const PieceType moved = m.kind() == PROMOTION ? m.promotion() : type_of(pos.piece_on(from));
  // Direct check by the moved piece, then discovered checks by the others (the board's
  // bitboards still hold the piece on `from`, hence the mask).
  if (piece_attacks(moved, us, to, occ) & square_bb(ksq)) return true;
  return pos.attackers_to(ksq, occ) & pos.pieces(us) & ~square_bb(from);
}

template <class V>
std::string_view san_check_suffix(const Position<V>& pos, Move m) {
  if (!gives_check(pos, m)) return "";
  StateInfo root, st;
  Position<V> after;
  if (!after.set(pos.setup(), root).ok()) return "+";  // cannot happen: pos is valid
  after.do_move(m, st);
  return count_legal(after) == 0 ? "#" : "+";
}

namespace san_detail {

// The SAN body of `m` (no suffix) into `s`.
template <class V>
void write_san(const Position<V>& pos, Move m, std::string& s) {
  const Square from = m.from(), to = m.to();
  if (m.kind() == CASTLING) {
    s += to > from ? "O-O" : "O-O-O";
    return;
  }
  const PieceType pt = type_of(pos.piece_on(from));
  const bool capture = m.kind() == EN_PASSANT || !pos.empty(to);
  if (pt == PAWN) {
    if (capture) {
      s += char('a' + file_of(from));
      s += 'x';
    }
    s += square_name(to);
    if (m.kind() == PROMOTION) {
      s += '=';
      s += piece_info(m.promotion()).letter;
    }
    return;
  }
  s += piece_info(pt).letter;
  // Disambiguation among the other legal moves of the same piece type to the same square
  // (legal ones only: a pinned piece does not count).
  MovesTo rivals(to);
  generate_legal(pos, rivals);
  bool others = false, same_file = false, same_rank = false;
  for (Move o : rivals) {
    if (o.from() == from || type_of(pos.piece_on(o.from())) != pt) continue;
    others = true;
    same_file |= file_of(o.from()) == file_of(from);
    same_rank |= rank_of(o.from()) == rank_of(from);
  }
  if (others) {
    if (!same_file) {
      s += char('a' + file_of(from));
    } else if (!same_rank) {
      s += char('1' + rank_of(from));
    } else {
      s += square_name(from);
    }
  }
  if (capture) s += 'x';
  s += square_name(to);
}

// The piece type a token names: the moving piece (piece moves) or the promotion piece
// (pawn moves; NO_PIECE_TYPE when none is written). False when the letter is not one of
// the variant's.
template <class V>
constexpr bool token_piece(const SanToken& t, PieceType& pt) {
  pt = NO_PIECE_TYPE;
  if (t.kind == SanToken::Kind::kPieceMove) {
    pt = piece_from_letter<V>(t.piece, false);
    return pt != NO_PIECE_TYPE;
  }
  if (t.kind == SanToken::Kind::kPawnMove && t.promotion) {
    // "e8=P" and "e8=K" name pieces of the variant: illegal moves rather than bad SAN.
    pt = piece_from_letter<V>(t.promotion, true);
    return pt != NO_PIECE_TYPE;
  }
  return true;
}

// Whether the legal move `m` is one that `t` names (`pt` from token_piece).
template <class V>
bool token_matches(const Position<V>& pos, const SanToken& t, PieceType pt, Move m) {
  switch (t.kind) {
    case SanToken::Kind::kCastleKingSide:
      return m.kind() == CASTLING && m.to() > m.from();
    case SanToken::Kind::kCastleQueenSide:
      return m.kind() == CASTLING && m.to() < m.from();
    case SanToken::Kind::kPawnMove: {
      // Without an origin file the pawn pushes on the destination's file.
      const int file = t.file >= 0 ? t.file : file_of(t.to);
      if (m.to() != t.to || m.kind() == CASTLING || file_of(m.from()) != file) return false;
      if (t.rank >= 0 && rank_of(m.from()) != t.rank) return false;
      if (type_of(pos.piece_on(m.from())) != PAWN) return false;
      return m.kind() == PROMOTION ? m.promotion() == pt : pt == NO_PIECE_TYPE;
    }
    case SanToken::Kind::kPieceMove:
      if (m.to() != t.to || m.kind() == CASTLING) return false;
      if (t.file >= 0 && file_of(m.from()) != t.file) return false;
      if (t.rank >= 0 && rank_of(m.from()) != t.rank) return false;
      return type_of(pos.piece_on(m.from())) == pt;
  }
  return false;
}

}  // namespace san_detail

namespace san_detail {

// The legal moves a token may name: those landing on its square, or the castling moves.
template <class V>
MovesTo candidates(const Position<V>& pos, const SanToken& t) {
  const bool castling =
      t.kind == SanToken::Kind::kCastleKingSide || t.kind == SanToken::Kind::kCastleQueenSide;
  MovesTo moves(castling ? SQ_NONE : t.to);
  generate_legal(pos, moves);
  return moves;
}

}  // namespace san_detail

template <class V>
std::string san_without_suffix(const Position<V>& pos, Move m) {
  std::string s;  // at most 7 characters: the small-string buffer, no allocation
  san_detail::write_san(pos, m, s);
  return s;
}

template <class V>
std::string move_to_san(const Position<V>& pos, Move m) {
  std::string s;
  san_detail::write_san(pos, m, s);
  s += san_check_suffix(pos, m);
  return s;
}

template <class V>
SanResolution resolve_san(const Position<V>& pos, const SanToken& t, Move& move) {
  PieceType pt;
  if (!san_detail::token_piece<V>(t, pt)) return SanResolution::kBadSan;
  int found = 0;
  for (Move m : san_detail::candidates(pos, t)) {
    if (!san_detail::token_matches(pos, t, pt, m)) continue;
    if (found++ == 0) move = m;
  }
  if (found == 0) return SanResolution::kIllegal;
  return found == 1 ? SanResolution::kOk : SanResolution::kAmbiguous;
}

template <class V>
absl::StatusOr<Move> move_from_san(const Position<V>& pos, std::string_view san) {
  SanToken token;
  if (!parse_san_token(san, token))
    return absl::InvalidArgumentError(absl::StrCat("bad SAN '", std::string(san), "'"));
  Move move;
  switch (resolve_san(pos, token, move)) {
    case SanResolution::kOk:
      return move;
    case SanResolution::kBadSan:
      return absl::InvalidArgumentError(absl::StrCat("bad SAN '", std::string(san), "'"));
    case SanResolution::kIllegal:
      return absl::InvalidArgumentError(absl::StrCat("illegal move '", std::string(san), "'"));
    case SanResolution::kAmbiguous:
      break;
  }
  // Name the candidates, each in its own (disambiguated) SAN.
  PieceType pt;
  san_detail::token_piece<V>(token, pt);
  std::vector<std::string> names;
  for (Move m : san_detail::candidates(pos, token))
    if (san_detail::token_matches(pos, token, pt, m)) names.push_back(san_without_suffix(pos, m));
  std::sort(names.begin(), names.end());
  std::string list;
  for (const std::string& n : names) absl::StrAppend(&list, list.empty() ? "" : ", ", n);
  return absl::InvalidArgumentError(
      absl::StrCat("ambiguous move '", std::string(san), "': ", list));
}

}  // namespace fairykit
