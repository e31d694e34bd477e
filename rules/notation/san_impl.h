// The definitions of the SAN templates declared in rules/notation/san.h (the header comment there
// describes what they do and how fast).
//
// Include this only to instantiate them: rules/notation/san_read.cpp and
// rules/notation/san_write.cpp do for every variant of FAIRYKIT_FOR_EACH_POSITION_VARIANT
// (rules/core/variant.h), and a translation unit that reads or writes SAN for traits outside that
// family (a test's variant) includes it to instantiate them implicitly. Everyone else includes
// rules/notation/san.h alone.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/core/movegen.h"
#include "rules/notation/san.h"

namespace fairykit {

namespace san_detail {

// The piece type written with `letter` (upper case) among V's pieces, NO_PIECE_TYPE if
// none. A moving pawn has no letter in SAN ("Pe4" is not SAN): with_pawn = false then.
template <class V>
constexpr PieceType piece_from_letter(char letter, bool with_pawn) {
  for (PieceType pt : V::kPieceTypes)
    if ((with_pawn || pt != PAWN) && piece_info(pt).letter == letter) return pt;
  return NO_PIECE_TYPE;
}

// piece_from_letter(letter, false) for every byte, looked up: the loop's exit is a branch
// that a game's moves mispredict.
template <class V>
inline constexpr std::array<PieceType, 256> kPieceByLetter = [] {
  std::array<PieceType, 256> t{};
  for (int c = 0; c < 256; ++c) t[std::size_t(c)] = piece_from_letter<V>(char(c), false);
  return t;
}();

template <class V>
constexpr bool is_promotion_type(PieceType pt) {
  for (PieceType p : V::kPromotions)
    if (p == pt) return true;
  return false;
}

// The attacks of a non-pawn piece of type `pt` (one of V's, I onwards) and colour c
// standing on `s`: the compile-time tables of rules/core/pieces.h, chosen by a chain of tests
// over V's piece types that the compiler unrolls. The squares from which a piece of colour
// c attacks s are attacks_of(pt, ~c, s, occ) (rules/core/betza.h, attacks_reverse).
template <class V, std::size_t I = 0>
inline Bitboard attacks_of(PieceType pt, Color c, Square s, Bitboard occ) {
  if constexpr (I == V::kPieceTypes.size()) {
    return 0;
  } else {
    constexpr PieceType kType = V::kPieceTypes[I];
    if constexpr (kType != PAWN)
      if (pt == kType) return piece_attacks<kType>(c, s, occ);
    return attacks_of<V, I + 1>(pt, c, s, occ);
  }
}

// The moves of a variant whose pieces (the pawn aside) all move by the four FIDE components
// alone (no table-driven piece), as masks per piece type: all ones where the type has the
// component. origins_of() then needs no branch on the type.
struct FideComponentMasks {
  std::array<Bitboard, PIECE_TYPE_NB> knight{}, king{}, rook{}, bishop{};
};
template <class V>
inline constexpr bool kFideComponentsOnly = Position<V>::kTableDriven == 0;
template <class V>
inline constexpr FideComponentMasks kFideComponentMasks = [] {
  FideComponentMasks m;
  for (PieceType pt : V::kPieceTypes) {
    if (pt == PAWN) continue;
    const PieceInfo& info = piece_info(pt);
    m.knight[pt] = info.leaps_knight ? ~Bitboard(0) : 0;
    m.king[pt] = info.leaps_king ? ~Bitboard(0) : 0;
    m.rook[pt] = info.slides_rook ? ~Bitboard(0) : 0;
    m.bishop[pt] = info.slides_bishop ? ~Bitboard(0) : 0;
  }
  return m;
}();

// Our pieces of type `pt` (one of V's) on `ours` that reach `to` (occupancy occ), for the
// resolution of a written move: the same squares as attacks_of(pt, them, to, occ) & ours.
// A plain slider (no table-driven moves) is found without the slider attack tables: its
// candidates on the empty-board lines through `to`, then the squares between tested
// empty. A game record's moves touch the large rook table at random occupancies, a cache
// miss each; the few candidates cost less (the between table is small and hot).
template <class V, std::size_t I = 0>
inline Bitboard origins_of(PieceType pt, Color them, Square to, Bitboard occ, Bitboard ours) {
  if constexpr (I == 0 && kFideComponentsOnly<V>) {
    // The chain below without its branch on the type (an indirect jump that the moves of a
    // game mispredict): every component, masked by the type's.
    constexpr const FideComponentMasks& m = kFideComponentMasks<V>;
    const Bitboard leaps = (knight_attacks(to) & m.knight[pt]) | (king_attacks(to) & m.king[pt]);
    const Bitboard lines =
        (bb::tables.rook_pseudo[to] & m.rook[pt]) | (bb::tables.bishop_pseudo[to] & m.bishop[pt]);
    Bitboard found = ours & leaps;
    for (Bitboard b = ours & lines & ~leaps; b;) {
      const Square from = pop_lsb(b);
      if ((between_bb(to, from) & occ) == square_bb(from)) found |= square_bb(from);
    }
    (void)them;
    return found;
  } else if constexpr (I == V::kPieceTypes.size()) {
    return 0;
  } else {
    constexpr PieceType kType = V::kPieceTypes[I];
    if constexpr (kType != PAWN) {
      if (pt == kType) {
        constexpr const PieceInfo& info = piece_info(kType);
        if constexpr (!info.table_driven && (info.slides_rook || info.slides_bishop)) {
          Bitboard leaps = 0;
          if constexpr (info.leaps_knight) leaps |= knight_attacks(to);
          if constexpr (info.leaps_king) leaps |= king_attacks(to);
          Bitboard lines = 0;
          if constexpr (info.slides_rook) lines |= bb::tables.rook_pseudo[to];
          if constexpr (info.slides_bishop) lines |= bb::tables.bishop_pseudo[to];
          Bitboard found = ours & leaps;
          for (Bitboard b = ours & lines & ~leaps; b;) {
            const Square from = pop_lsb(b);
            // between_bb(to, from): the squares strictly between, plus `from` itself.
            if ((between_bb(to, from) & occ) == square_bb(from)) found |= square_bb(from);
          }
          return found;
        } else {
          return piece_attacks<kType>(them, to, occ) & ours;
        }
      }
    }
    return origins_of<V, I + 1>(pt, them, to, occ, ours);
  }
}

// The side to move's view of a position, for legality tests of single moves.
template <class V>
struct Mover {
  const Position<V>& pos;
  Color us, them;
  Square ksq;
  Bitboard occ;

  explicit Mover(const Position<V>& p)
      : pos(p), us(p.side_to_move()), them(~us), ksq(p.king_square(us)), occ(p.pieces()) {}

  // Whether the non-king, non-en-passant move from -> to leaves our king unattacked: the
  // occupancy after the move against every enemy piece but the one taken on `to`.
  bool safe(Square from, Square to) const {
    // Out of check, a move can only uncover a slider's line through `from` to the king
    // (pieces attack along rook and bishop lines only, rules/core/pieces.h): a piece off every
    // line through the king, or one that stays on its line, is safe.
    if (!pos.checkers()) {
      // Most pieces are off the king's lines: told by the small empty-board tables first
      // (line_bb's table is large: a cache miss each when SAN is read at random squares).
      if (!((bb::tables.rook_pseudo[ksq] | bb::tables.bishop_pseudo[ksq]) & square_bb(from)))
        return true;
      const Bitboard line = line_bb(ksq, from);
      // A table-driven piece may leap along its line past the pinner: replayed below.
      if (line & square_bb(to)) {
        if constexpr (Position<V>::kTableDriven == 0) return true;
        if (!piece_info(type_of(pos.piece_on(from))).table_driven) return true;
      }
    }
    const Bitboard occ2 = (occ ^ square_bb(from)) | square_bb(to);
    return !(pos.attackers_by_lines(ksq, occ2, them) & ~square_bb(to));
  }
  bool safe_en_passant(Square from, Square to) const {
    const Square capsq = Square(us == WHITE ? to - 8 : to + 8);
    const Bitboard occ2 = (occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(to);
    return !(pos.attackers_by_lines(ksq, occ2, them) & ~square_bb(capsq));
  }
  // Whether the king may step to `to` (the king lifted, so that a slider's ray through
  // its square counts).
  bool safe_king_step(Square to) const {
    return !pos.attackers_by_lines(to, occ ^ square_bb(ksq), them);
  }
  // The origins among `origins` (our pieces of type pt) from which moving to `to` is legal.
  Bitboard legal_origins(PieceType pt, Bitboard origins, Square to) const {
    if (pt == KING) return origins && safe_king_step(to) ? origins : 0;
    Bitboard legal = 0;
    for (Bitboard b = origins; b;) {
      const Square from = pop_lsb(b);
      if (safe(from, to)) legal |= square_bb(from);
    }
    return legal;
  }
  // The legal castling move of the given side, or Move::none(); by the generator's own
  // castling code (rights, empty path, no attacked square, not in check).
  Move castling(bool king_side) const {
    const int index = castling_index(us, king_side);
    if (!(pos.castling_rights() & (1 << index))) return Move::none();
    if (pos.checkers()) return Move::none();
    MovesTo sink(SQ_NONE);
    // No king step tested here: the generator tests every square of the path.
    if (us == WHITE)
      MoveGenerator<V, WHITE, MovesTo>::generate_castling(pos, sink, ksq, occ, 0, 0);
    else
      MoveGenerator<V, BLACK, MovesTo>::generate_castling(pos, sink, ksq, occ, 0, 0);
    for (Move m : sink)
      if ((m.to() > m.from()) == king_side) return m;
    return Move::none();
  }
};

// The outcome of resolving a token.
struct Resolved {
  SanResolution result = SanResolution::kIllegal;
  Move move = Move::none();
  SanQuirks quirks;
  Bitboard matches = 0;  // kAmbiguous: the origins of the candidates (all to token.to)
};

// The capture-mark quirks of a resolved move.
inline SanQuirks capture_quirks(const SanToken& t, bool is_capture) {
  if (t.capture && !is_capture) return SanQuirk::kCaptureMarkWrong;
  // UCI text marks nothing: only SAN forms and the '-' form promise "no capture".
  if (!t.capture && is_capture && (t.kind != SanToken::Kind::kSquareMove || t.dash))
    return SanQuirk::kCaptureMarkMissing;
  return {};
}

// Castling written as a king move to `to`: onto a castling rook, else to the king's
// castling destination (not the king's own square: "Kg1" with the king on g1 moves
// nothing). Move::none() when neither is legal.
template <class V>
Move castling_by_king_move(const Mover<V>& mv, Square to) {
  const Move sides[2] = {mv.castling(true), mv.castling(false)};
  for (Move m : sides)
    if (m != Move::none() && m.to() == to) return m;
  if (to == mv.ksq) return Move::none();
  for (Move m : sides)
    if (m != Move::none() &&
        mv.pos.castling_king_to(castling_index(mv.us, m.to() > m.from())) == to)
      return m;
  return Move::none();
}

template <class V>
Resolved resolve_castling_by_king_move(const Mover<V>& mv, const SanToken& t) {
  Resolved r;
  if (!t.archive) return r;
  if ((t.file >= 0 && t.file != file_of(mv.ksq)) || (t.rank >= 0 && t.rank != rank_of(mv.ksq)))
    return r;
  const Move m = castling_by_king_move(mv, t.to);
  if (m == Move::none()) return r;
  r.result = SanResolution::kOk;
  r.move = m;
  r.quirks = t.quirks;
  // UCI writes castling as a king move by definition: long_algebraic says it all there.
  if (t.kind == SanToken::Kind::kPieceMove) r.quirks |= SanQuirk::kCastlingAsKingMove;
  return r;
}

// A move of a non-pawn piece of type pt.
template <class V>
Resolved resolve_piece(const Mover<V>& mv, const SanToken& t, PieceType pt) {
  Resolved r;
  const Position<V>& pos = mv.pos;
  const Square to = t.to;
  if (pos.pieces(mv.us) & square_bb(to))
    return pt == KING ? resolve_castling_by_king_move(mv, t) : r;
  // Our pieces of type pt that reach `to`: those a pt on `to` would attack.
  const Bitboard origins = origins_of<V>(pt, mv.them, to, mv.occ, pos.pieces(mv.us, pt));
  Bitboard written = ~Bitboard(0);
  if (t.file >= 0) written &= file_bb(t.file);
  if (t.rank >= 0) written &= rank_bb(t.rank);
  const Bitboard matches = mv.legal_origins(pt, origins & written, to);
  if (!matches) return pt == KING ? resolve_castling_by_king_move(mv, t) : r;
  if (more_than_one(matches)) {
    r.result = SanResolution::kAmbiguous;
    r.matches = matches;
    r.move = Move(lsb(matches), to);
    return r;
  }
  const Square from = lsb(matches);
  r.result = SanResolution::kOk;
  r.move = Move(from, to);
  r.quirks = t.quirks | capture_quirks(t, pos.pieces(mv.them) & square_bb(to));
  const int letters = (t.file >= 0) + (t.rank >= 0);
  if (letters && t.kind == SanToken::Kind::kPieceMove && !t.dash) {
    // The rivals: the other legal moves of the same type to the same square, all outside
    // the written file/rank (the move is the only match inside).
    const Bitboard rivals = mv.legal_origins(pt, origins & ~written, to);
    int needed = 0;
    if (rivals)
      needed = !(rivals & file_bb(file_of(from))) || !(rivals & rank_bb(rank_of(from))) ? 1 : 2;
    if (letters > needed) r.quirks |= SanQuirk::kSuperfluousDisambiguation;
  }
  return r;
}

// A pawn move: SAN (origin file for captures) or long algebraic (origin square).
template <class V>
Resolved resolve_pawn(const Mover<V>& mv, const SanToken& t) {
  Resolved r;
  const Position<V>& pos = mv.pos;
  const Color us = mv.us;
  const Square to = t.to;
  const int up = us == WHITE ? 8 : -8;
  const int to_rank = relative_rank(us, to);
  if (to_rank < RANK_3 || (pos.pieces(us) & square_bb(to))) return r;
  const Piece our_pawn = make_piece(us, PAWN);
  const int file = t.file >= 0 ? t.file : file_of(to);
  Square from = SQ_NONE;
  MoveKind kind = NORMAL;
  if (file == file_of(to)) {
    // A push (exe5, a pawn capture that is not one, reads as a push with a wrong 'x').
    const Square one = Square(to - up);
    if (!pos.empty(to)) return r;
    if (pos.piece_on(one) == our_pawn)
      from = one;
    else if (to_rank == RANK_4 && pos.empty(one) && pos.piece_on(Square(to - 2 * up)) == our_pawn)
      from = Square(to - 2 * up);
  } else if (file == file_of(to) - 1 || file == file_of(to) + 1) {
    const Square f = make_square(file, rank_of(Square(to - up)));
    if (pos.piece_on(f) == our_pawn) {
      if (pos.pieces(mv.them) & square_bb(to))
        from = f;
      else if (to == pos.ep_square()) {
        from = f;
        kind = EN_PASSANT;
      }
    }
  }
  if (from == SQ_NONE || (t.rank >= 0 && rank_of(from) != t.rank)) return r;
  PieceType promo = NO_PIECE_TYPE;
  if (to_rank == RANK_8) {
    promo = t.promotion ? piece_from_letter<V>(t.promotion, true) : NO_PIECE_TYPE;
    bool allowed = false;
    for (PieceType p : pos.promotion_types()) allowed |= p == promo;
    if (!allowed) return r;
    kind = PROMOTION;
  } else if (t.promotion) {
    return r;
  }
  if (t.ep_marker && kind != EN_PASSANT) return r;
  if (!(kind == EN_PASSANT ? mv.safe_en_passant(from, to) : mv.safe(from, to))) return r;
  r.result = SanResolution::kOk;
  r.move = Move::make(from, to, kind, promo);
  r.quirks =
      t.quirks | capture_quirks(t, kind == EN_PASSANT || (pos.pieces(mv.them) & square_bb(to)));
  return r;
}

template <class V>
Resolved resolve(const Position<V>& pos, const SanToken& t) {
  Resolved r;
  // A promotion letter must name one of the variant's pieces ("e8=Z" is bad SAN; "e8=K"
  // names a piece and is an illegal move).
  if (t.promotion && piece_from_letter<V>(t.promotion, true) == NO_PIECE_TYPE) {
    r.result = SanResolution::kBadSan;
    return r;
  }
  const Mover<V> mv(pos);
  switch (t.kind) {
    case SanToken::Kind::kCastleKingSide:
    case SanToken::Kind::kCastleQueenSide: {
      const Move m = mv.castling(t.kind == SanToken::Kind::kCastleKingSide);
      if (m == Move::none()) return r;
      r.result = SanResolution::kOk;
      r.move = m;
      r.quirks = t.quirks;
      return r;
    }
    case SanToken::Kind::kPieceMove: {
      const PieceType pt = kPieceByLetter<V>[static_cast<unsigned char>(t.piece)];
      if (pt == NO_PIECE_TYPE) {
        r.result = SanResolution::kBadSan;
        return r;
      }
      return resolve_piece(mv, t, pt);
    }
    case SanToken::Kind::kPawnMove:
      return resolve_pawn(mv, t);
    case SanToken::Kind::kSquareMove: {
      const Piece pc = pos.piece_on(make_square(t.file, t.rank));
      if (pc == NO_PIECE || color_of(pc) != mv.us) return r;
      if (type_of(pc) == PAWN) return resolve_pawn(mv, t);
      if (t.promotion) return r;
      return resolve_piece(mv, t, type_of(pc));
    }
  }
  return r;
}

// The SAN body of `m` (no suffix) into `buf`; returns its length (at most 7 for the FIDE
// pieces: "Qh4xe1", "bxa8=N").
template <class V>
std::size_t write_san(const Position<V>& pos, Move m, char* buf) {
  std::size_t n = 0;
  const Square from = m.from(), to = m.to();
  auto put_square = [&](Square s) {
    buf[n++] = char('a' + file_of(s));
    buf[n++] = char('1' + rank_of(s));
  };
  if (m.kind() == CASTLING) {
    const std::string_view s = to > from ? "O-O" : "O-O-O";
    for (char c : s) buf[n++] = c;
    return n;
  }
  const PieceType pt = type_of(pos.piece_on(from));
  const bool capture = m.kind() == EN_PASSANT || !pos.empty(to);
  if (pt == PAWN) {
    if (capture) {
      buf[n++] = char('a' + file_of(from));
      buf[n++] = 'x';
    }
    put_square(to);
    if (m.kind() == PROMOTION) {
      buf[n++] = '=';
      buf[n++] = piece_info(m.promotion()).letter;
    }
    return n;
  }
  buf[n++] = piece_info(pt).letter;
  if (pt != KING) {
    // Disambiguation among the other legal moves of the same piece type to the same square
    // (legal ones only: a pinned piece does not count).
    const Mover<V> mv(pos);
    Bitboard rivals =
        origins_of<V>(pt, mv.them, to, mv.occ, pos.pieces(mv.us, pt) & ~square_bb(from));
    if (rivals) rivals = mv.legal_origins(pt, rivals, to);
    if (rivals) {
      if (!(rivals & file_bb(file_of(from)))) {
        buf[n++] = char('a' + file_of(from));
      } else if (!(rivals & rank_bb(rank_of(from)))) {
        buf[n++] = char('1' + rank_of(from));
      } else {
        put_square(from);
      }
    }
  }
  if (capture) buf[n++] = 'x';
  put_square(to);
  return n;
}

}  // namespace san_detail

template <class V>
bool gives_check(const Position<V>& pos, Move m) {
  using P = Position<V>;
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(~us);
  const Square from = m.from(), to = m.to();
  Bitboard occ, gone;  // the occupancy after the move; our squares left
  if (m.kind() == CASTLING) {
    const int index = castling_index(us, to > from);
    const Square rto = pos.castling_rook_to(index);
    occ = (pos.pieces() ^ square_bb(from) ^ square_bb(to)) |
          square_bb(pos.castling_king_to(index)) | square_bb(rto);
    gone = square_bb(from) | square_bb(to);
    if (san_detail::attacks_of<V>(type_of(pos.piece_on(to)), us, rto, occ) & square_bb(ksq))
      return true;
  } else {
    occ = (pos.pieces() ^ square_bb(from)) | square_bb(to);
    if (m.kind() == EN_PASSANT) occ ^= square_bb(Square(us == WHITE ? to - 8 : to + 8));
    gone = square_bb(from);
    const PieceType moved = m.kind() == PROMOTION ? m.promotion() : type_of(pos.piece_on(from));
    const Bitboard direct =
        moved == PAWN ? pawn_attacks_bb(us, to) : san_detail::attacks_of<V>(moved, us, to, occ);
    if (direct & square_bb(ksq)) return true;
  }
  // Discovered checks: only a slider's line can open (no other piece of ours attacked the
  // king before the move, the opponent not being in check).
  if constexpr (P::kTableDriven != 0) return (pos.attackers_to(ksq, occ, us) & ~gone) != 0;
  Bitboard sliders = 0;
  if constexpr (P::kRookSliders != 0)
    sliders |= rook_attacks(ksq, occ) & pos.template pieces_of_types<P::kRookSliders>();
  if constexpr (P::kBishopSliders != 0)
    sliders |= bishop_attacks(ksq, occ) & pos.template pieces_of_types<P::kBishopSliders>();
  return sliders & pos.pieces(us) & ~gone;
}

namespace san_detail {

// Whether the side to move of `pos`, in check, is mated: no legal move (has_legal_move
// tests the king's steps to unattacked squares first, the usual answer).
template <class V>
bool is_mated(const Position<V>& pos) {
  return !has_legal_move(pos);
}

}  // namespace san_detail

template <class V>
std::string_view check_suffix(const Position<V>& pos_after_move) {
  if (!pos_after_move.in_check()) return "";
  return san_detail::is_mated(pos_after_move) ? "#" : "+";
}

namespace san_detail {

// Whether, after the legal move `m`, the opponent's king can step to a square that no piece
// of ours attacks: a legal reply, so a check by `m` is no mate. Computed from the occupancy
// after the move, without making it: the board's bitboards still list our moved piece(s)
// on the old square(s), hence the mask and the moved pieces' attacks added one by one.
template <class V>
bool king_can_step_after(const Position<V>& pos, Move m) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square eksq = pos.king_square(them);
  const Square from = m.from(), to = m.to();
  Bitboard occ = pos.pieces(), ours_gone = square_bb(from), theirs_gone = 0;
  std::array<std::pair<PieceType, Square>, 2> moved{};
  std::size_t n_moved = 0;
  if (m.kind() == CASTLING) {
    const int index = castling_index(us, to > from);
    const Square kto = pos.castling_king_to(index), rto = pos.castling_rook_to(index);
    occ = (occ ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
    ours_gone |= square_bb(to);
    moved[n_moved++] = {KING, kto};
    moved[n_moved++] = {type_of(pos.piece_on(to)), rto};
  } else {
    occ = (occ ^ square_bb(from)) | square_bb(to);
    if (m.kind() == EN_PASSANT) {
      const Square capsq = Square(us == WHITE ? to - 8 : to + 8);
      occ ^= square_bb(capsq);
      theirs_gone = square_bb(capsq);
    } else {
      theirs_gone = pos.pieces(them) & square_bb(to);
    }
    moved[n_moved++] = {m.kind() == PROMOTION ? m.promotion() : type_of(pos.piece_on(from)), to};
  }
  const Bitboard occ2 = occ ^ square_bb(eksq);  // the king lifted: no hiding behind itself
  for (Bitboard flights = king_attacks(eksq) & ~(pos.pieces(them) & ~theirs_gone); flights;) {
    const Square s = pop_lsb(flights);
    if (pos.attackers_to(s, occ2, us) & ~ours_gone) continue;
    bool attacked = false;
    for (std::size_t i = 0; i < n_moved && !attacked; ++i) {
      const auto [pt, at] = moved[i];
      if (at == s) continue;  // the king takes it
      const Bitboard a = pt == PAWN ? pawn_attacks_bb(us, at) : attacks_of<V>(pt, us, at, occ2);
      attacked = (a & square_bb(s)) != 0;
    }
    if (!attacked) return true;
  }
  return false;
}

}  // namespace san_detail

template <class V>
std::string_view san_check_suffix(const Position<V>& pos, Move m) {
  if (!gives_check(pos, m)) return "";
  // Most checks leave the king a flight square; only the others need the move made (on a
  // scratch copy: Position is not copyable) and the replies counted.
  if (san_detail::king_can_step_after(pos, m)) return "+";
  StateInfo root, st;
  Position<V> after;
  if (!after.set(pos.setup(), root).ok()) return "+";  // cannot happen: pos is valid
  after.do_move(m, st);
  return count_legal(after) == 0 ? "#" : "+";  // no flight square: is_mated would not help
}

template <class V>
void append_san(const Position<V>& pos, Move m, std::string& out) {
  char buf[16];
  out.append(buf, san_detail::write_san(pos, m, buf));
}

template <class V>
std::string san_without_suffix(const Position<V>& pos, Move m) {
  char buf[16];
  return std::string(buf, san_detail::write_san(pos, m, buf));
}

template <class V>
std::string move_to_san(const Position<V>& pos, Move m) {
  char buf[16];
  std::size_t n = san_detail::write_san(pos, m, buf);
  for (char c : san_check_suffix(pos, m)) buf[n++] = c;
  return std::string(buf, n);
}

template <class V>
SanResolution resolve_san(const Position<V>& pos, const SanToken& token, SanRead& read) {
  const san_detail::Resolved r = san_detail::resolve(pos, token);
  read.move = r.move;
  read.quirks = r.quirks;
  read.check = token.check;
  return r.result;
}

template <class V>
SanResolution resolve_san(const Position<V>& pos, const SanToken& token, Move& move) {
  const san_detail::Resolved r = san_detail::resolve(pos, token);
  move = r.move;
  return r.result;
}

template <class V>
SanResolution read_san(const Position<V>& pos, std::string_view text, SanRead& read,
                       SanSyntax syntax) {
  SanToken token;
  if (!parse_san_token(text, token, syntax)) return SanResolution::kBadSan;
  return resolve_san(pos, token, read);
}

template <class V>
absl::Status san_error(const Position<V>& pos, std::string_view text, SanSyntax syntax) {
  SanToken token;
  if (!parse_san_token(text, token, syntax))
    return absl::InvalidArgumentError(absl::StrCat("bad SAN '", parsers::message_text(text), "'"));
  const san_detail::Resolved r = san_detail::resolve(pos, token);
  switch (r.result) {
    case SanResolution::kOk:
      return absl::OkStatus();
    case SanResolution::kBadSan:
      return absl::InvalidArgumentError(
          absl::StrCat("bad SAN '", parsers::message_text(text), "'"));
    case SanResolution::kIllegal:
      return absl::InvalidArgumentError(
          absl::StrCat("illegal move '", parsers::message_text(text), "'"));
    case SanResolution::kAmbiguous:
      break;
  }
  // Name the candidates, each in its own (disambiguated) SAN.
  std::vector<std::string> names;
  for (Bitboard b = r.matches; b;)
    names.push_back(san_without_suffix(pos, Move(pop_lsb(b), r.move.to())));
  std::sort(names.begin(), names.end());
  std::string list;
  for (const std::string& n : names) absl::StrAppend(&list, list.empty() ? "" : ", ", n);
  return absl::InvalidArgumentError(
      absl::StrCat("ambiguous move '", parsers::message_text(text), "': ", list));
}

template <class V>
absl::StatusOr<SanRead> read_san(const Position<V>& pos, std::string_view text, SanSyntax syntax) {
  SanRead read;
  if (read_san(pos, text, read, syntax) == SanResolution::kOk) return read;
  return san_error(pos, text, syntax);
}

template <class V>
absl::StatusOr<Move> move_from_san(const Position<V>& pos, std::string_view san) {
  SanRead read;
  if (read_san(pos, san, read, SanSyntax::kStrict) == SanResolution::kOk) return read.move;
  return san_error(pos, san, SanSyntax::kStrict);
}

template <class V>
CheckMark check_mark(const Position<V>& pos_after_move) {
  if (!pos_after_move.in_check()) return CheckMark::kNone;
  return san_detail::is_mated(pos_after_move) ? CheckMark::kMate : CheckMark::kCheck;
}

template <class V>
SanQuirks check_mark_quirks(const Position<V>& pos_after_move, char written_mark) {
  if (!pos_after_move.in_check())
    return written_mark ? SanQuirks(SanQuirk::kCheckMarkWrong) : SanQuirks();
  if (!written_mark) return SanQuirk::kCheckMarkMissing;
  const bool mate = san_detail::is_mated(pos_after_move);
  if (written_mark == '+') return mate ? SanQuirks(SanQuirk::kMateMarkMissing) : SanQuirks();
  return mate ? SanQuirks() : SanQuirks(SanQuirk::kCheckMarkWrong);
}

}  // namespace fairykit
