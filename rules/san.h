// Standard Algebraic Notation (SAN), as PGN writes it: "Nbd2", "R1a3", "Qh4e1", "exd6",
// "e8=Q+", "bxa8=N", "O-O-O", "Qxf7#". Chess960 castling is "O-O" (the king-side right:
// the rook on the king's h-file side) and "O-O-O", wherever king and rook start.
//
// Reading is the two steps of the design guide, kept apart:
//   parse_san_token(text, token, syntax)   syntax only, no position: text -> SanToken, or
//                                          "bad SAN";
//   resolve_san(pos, token, ...)           meaning: the one legal move the token names, or
//                                          "illegal" / "ambiguous".
// move_from_san() is the two in a row with the strict syntax; read_san() the two in a row
// with the archive syntax (by default), returning the move with its *quirks*: what the text
// does differently from the SAN the writer below would write. The caller (a validator)
// turns quirks into warnings; a quirk never makes a move fail. Nothing allocates on
// success; only error messages do.
//
// The strict syntax (SanSyntax::kStrict; anything else is "bad SAN"):
//   castling     O-O, O-O-O, and the zero forms 0-0, 0-0-0            (quirk: zero_castling)
//   piece move   a piece letter of the variant (upper case, not P), an optional origin
//                file and/or rank, an optional 'x', the destination: Nf3, Nbd2, R1a3,
//                Qh4xe1. Superfluous disambiguation is accepted while the move stays unique.
//   pawn move    e4, exd5 (a capture names the origin file and has the 'x'), promotions
//                with or without '=': e8=Q, e8Q (quirk: promotion_without_equals), exd8=N.
//   suffixes     an optional '+' or '#', then an optional annotation: ! ? !! ?? !? ?!
// The archive syntax (SanSyntax::kArchive) accepts besides what real archives hold:
//   o-o, o-o-o                  lower-case castling                 (lowercase_castling)
//   e8=q, e8q, exf8=n           a lower-case promotion letter      (lowercase_promotion)
//   e8/Q                        '/' for '='                   (promotion_without_equals)
//   exd6e.p., exd6e.p, exd6ep   an en passant marker, as the PGN layer hands "exd6 e.p."
//                               over (one token); before or after the '+'/'#'. Only for an
//                               en passant capture: on any other move it is an illegal
//                               move, not a quirk.                    (ep_marker)
//   ed5                         a pawn capture without 'x'          (capture_mark_missing)
//   e2e4 e7e8q e2-e4 e4xd5      long algebraic / UCI: origin square, optional '-' or 'x',
//   e7e8=Q Ng1-f3               destination, optional promotion in any of the forms above;
//                               a piece letter only with the '-' form (Ng1f3 and Ng1xf3
//                               are SAN with full disambiguation).  (long_algebraic)
//                               Castling in this form is the king's move: e1g1 (to its
//                               destination) or e1h1 (onto its rook, the Chess960 UCI
//                               form), in either variant; an ordinary king move to the
//                               same square wins (Chess960 f1g1 with the rook on h1).
//   Kg1, Kxh1, Kh1, Kc1         castling written as a king move: onto the castling rook's
//                               square (king takes own rook, as some Chess960 exporters
//                               write), or to the king's castling destination, when that
//                               is not an ordinary legal king move. The rook's square is
//                               tried first. Any variant.            (castling_as_king_move)
// Not accepted in either syntax: "Pe4" (a pawn letter), lower-case piece letters ("nf3":
// 'b' would clash with the b-file), "e8(Q)" (parentheses are PGN's variations, the PGN layer
// never hands them over), null moves "--" (the PGN layer's business, not a move of the
// position), an annotation before the check mark ("Nf3!+").
//
// Quirks found by the meaning step, in either syntax:
//   superfluous_disambiguation   more origin letters than SAN needs among the *legal* moves
//                                ("Ngf3" with one knight able to go; "Qd1d2" where "Qdd2"
//                                would do; "Nge2" where the c3 knight is pinned). Writing
//                                the rank where the file would do (N1d2 for Nbd2) is as
//                                short and is not a quirk. Not raised for long algebraic.
//   capture_mark_missing/wrong   no 'x' on a capture / an 'x' on a move that takes nothing.
//                                UCI text ("e4d5", no separator) marks no captures: neither
//                                is raised then; "e4-d5" on a capture is a missing mark.
// Check marks need the position after the move: the caller that replays a game does
// do_move anyway, and then asks check_mark_quirks(pos_after_move, read.check), which costs
// one attack test, and for a check with a mark written a look at the king's steps (and a
// count of the replies only when none is safe): check_mark_missing, mate_mark_missing for
// a mate written '+', check_mark_wrong.
// A validator's loop:
//   SanRead r;
//   if (read_san(pos, text, r) != SanResolution::kOk) return san_error(pos, text);
//   pos.do_move(r.move, states[ply]);
//   SanQuirks quirks = r.quirks | check_mark_quirks(pos, r.check);   // -> warnings
// A writer needs no move made: move_to_san() settles almost every check by a flight square
// of the king, found on the occupancy after the move (check_suffix(pos_after_move) serves
// a writer that has made the move anyway).
//
// Speed: a token is resolved without generating moves. The candidate origins are computed
// from the destination — our pieces of the named type that the same piece type standing
// on the destination would attack (reversing the move), our pawns from the push and capture
// geometry — filtered by the written file/rank, and only those are tested for legality by
// replaying the occupancy change against the king (pins, checks and the en passant
// horizontal pin all come out of one attackers_to). This relies on the non-pawn pieces
// of the catalog (rules/pieces.h) moving as they capture and symmetrically (a piece that
// goes from a to b also goes from b to a), true of every leaper and slider there; a piece
// with move-only or one-directional atoms would need its own reverse table. Castling is
// tested by the generator's own castling code. Writing finds rivals for the
// disambiguation the same way.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/movegen.h"

namespace fairykit {

// ---------------------------------------------------------------------------------------
// Quirks: how a move's text departs from the SAN that move_to_san writes.

enum class SanQuirk : std::uint32_t {
  kZeroCastling = 1u << 0,               // 0-0, 0-0-0
  kLowercaseCastling = 1u << 1,          // o-o, o-o-o
  kCastlingAsKingMove = 1u << 2,         // Kg1, Kxh1 for O-O
  kPromotionWithoutEquals = 1u << 3,     // e8Q, e8/Q
  kLowercasePromotion = 1u << 4,         // e8=q
  kEnPassantMarker = 1u << 5,            // exd6e.p., exd6ep
  kLongAlgebraic = 1u << 6,              // e2e4, e2-e4, Ng1-f3, e7e8q
  kSuperfluousDisambiguation = 1u << 7,  // Ngf3 when Nf3 is unique
  kCaptureMarkMissing = 1u << 8,         // Nf3 taking on f3, ed5
  kCaptureMarkWrong = 1u << 9,           // Nxf3 onto an empty f3
  kCheckMarkMissing = 1u << 10,          // a checking move without '+' or '#'
  kMateMarkMissing = 1u << 11,           // a mate written '+'
  kCheckMarkWrong = 1u << 12,            // '+'/'#' without check; '#' on a check, not mate
};

// A set of quirks.
class SanQuirks {
 public:
  constexpr SanQuirks() = default;
  // Implicit: a quirk is a set of one, so that SanRead::quirks = SanQuirk::kZeroCastling reads.
  // NOLINTNEXTLINE(google-explicit-constructor, hicpp-explicit-conversions)
  constexpr SanQuirks(SanQuirk q) : bits_(std::uint32_t(q)) {}
  constexpr bool has(SanQuirk q) const { return (bits_ & std::uint32_t(q)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint32_t bits() const { return bits_; }
  // This set less the quirks of `o`.
  constexpr SanQuirks without(SanQuirks o) const {
    SanQuirks r;
    r.bits_ = bits_ & ~o.bits_;
    return r;
  }
  constexpr SanQuirks& operator|=(SanQuirks o) {
    bits_ |= o.bits_;
    return *this;
  }
  friend constexpr SanQuirks operator|(SanQuirks a, SanQuirks b) { return a |= b; }
  constexpr bool operator==(const SanQuirks&) const = default;

 private:
  std::uint32_t bits_ = 0;
};
constexpr SanQuirks operator|(SanQuirk a, SanQuirk b) { return SanQuirks(a) | SanQuirks(b); }

// Every quirk with a stable name (for JSON/CSV reports) and a short description (for text
// warnings), in bit order.
struct SanQuirkInfo {
  SanQuirk quirk;
  std::string_view name;
  std::string_view description;
};
inline constexpr std::array<SanQuirkInfo, 13> kSanQuirks = {{
    {SanQuirk::kZeroCastling, "zero_castling", "castling written with zeros"},
    {SanQuirk::kLowercaseCastling, "lowercase_castling", "castling written with lower-case o"},
    {SanQuirk::kCastlingAsKingMove, "castling_as_king_move", "castling written as a king move"},
    {SanQuirk::kPromotionWithoutEquals, "promotion_without_equals", "promotion without '='"},
    {SanQuirk::kLowercasePromotion, "lowercase_promotion", "lower-case promotion letter"},
    {SanQuirk::kEnPassantMarker, "ep_marker", "en passant marker"},
    {SanQuirk::kLongAlgebraic, "long_algebraic", "long algebraic notation"},
    {SanQuirk::kSuperfluousDisambiguation, "superfluous_disambiguation",
     "superfluous disambiguation"},
    {SanQuirk::kCaptureMarkMissing, "capture_mark_missing", "capture without 'x'"},
    {SanQuirk::kCaptureMarkWrong, "capture_mark_wrong", "'x' on a move that captures nothing"},
    {SanQuirk::kCheckMarkMissing, "check_mark_missing", "check not marked"},
    {SanQuirk::kMateMarkMissing, "mate_mark_missing", "mate marked '+' instead of '#'"},
    {SanQuirk::kCheckMarkWrong, "check_mark_wrong", "wrong check or mate mark"},
}};

// The names of the quirks in `q`, in bit order, joined by ", " ("" when none).
inline std::string san_quirk_names(SanQuirks q) {
  std::string out;
  for (const SanQuirkInfo& info : kSanQuirks)
    if (q.has(info.quirk)) {
      if (!out.empty()) out += ", ";
      out += info.name;
    }
  return out;
}

// ---------------------------------------------------------------------------------------
// Writing.

// Whether the move `m` (legal in `pos`) checks the opponent, without making it.
template <class V>
bool gives_check(const Position<V>& pos, Move m);

// "", "+" or "#": the suffix SAN writes after the legal move `m` of `pos`. A check that
// leaves the king a flight square is "+" without more; otherwise the move is made on a
// scratch copy of `pos` (Position::set from pos.setup(): about 1% of the checks in games)
// to count the replies. `pos` itself is never modified, so concurrent readers of one
// position are safe.
template <class V>
std::string_view san_check_suffix(const Position<V>& pos, Move m);

// "", "+" or "#" for the move that led to `pos_after_move`.
template <class V>
std::string_view check_suffix(const Position<V>& pos_after_move);

// The SAN of the legal move `m` of `pos`, with its check/mate suffix. `m` must be legal
// (from legal_moves(pos)); anything else is a precondition violation.
template <class V>
std::string move_to_san(const Position<V>& pos, Move m);

// The SAN of the legal move `m` of `pos` without the check/mate suffix.
template <class V>
std::string san_without_suffix(const Position<V>& pos, Move m);

// Appends the SAN of the legal move `m` of `pos`, without the suffix, to `out` (for writers
// that fill one buffer, and add check_suffix() after their do_move).
template <class V>
void append_san(const Position<V>& pos, Move m, std::string& out);

// A sink for generate_legal() (rules/movegen.h) that keeps only the legal moves landing on
// one square, castling excepted (its Move names the rook's square) — or, built with
// SQ_NONE, only the castling moves. Reading and writing no longer generate moves but for
// castling; the sink stays for callers that want the moves to one square.
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
  template <class Promos>
  void add_promotions(Bitboard targets, int delta, const Promos& promos) {
    if (targets & mask_)
      for (PieceType pt : promos) push(Move::make(Square(to_ - delta), to_, PROMOTION, pt));
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

enum class SanSyntax : std::uint8_t { kStrict, kArchive };

// One move as written, before any position is consulted.
struct SanToken {
  enum class Kind : std::uint8_t {
    kPieceMove,        // Nf3, Qh4xe1, Ng1-f3
    kPawnMove,         // e4, exd5, e8=Q, ed5
    kCastleKingSide,   // O-O
    kCastleQueenSide,  // O-O-O
    kSquareMove,       // e2e4, e7e8q, e1g1: origin square (file, rank), no piece letter
  };
  Kind kind = Kind::kPawnMove;
  char piece = 0;          // kPieceMove: the piece letter as written (upper case)
  std::int8_t file = -1;   // origin file 0-7 if written (pawn captures always), else -1
  std::int8_t rank = -1;   // origin rank 0-7 if written, else -1
  bool capture = false;    // an 'x' was written (checked only as a quirk)
  bool dash = false;       // a '-' between origin and destination (long algebraic)
  bool ep_marker = false;  // "e.p." or "ep" after the move (archive syntax)
  bool archive = false;    // read with SanSyntax::kArchive: castling as a king move allowed
  Square to = SQ_NONE;     // destination (not used for castling)
  char promotion = 0;      // the promotion letter, upper case; 0 if none
  char check = 0;          // '+' or '#' as written, 0 if none (checked only as a quirk)
  SanQuirks quirks;        // the quirks visible in the text alone
};

// Syntax only: whether `text` is a move of the given syntax, filling `token` if so.
constexpr bool parse_san_token(std::string_view text, SanToken& token,
                               SanSyntax syntax = SanSyntax::kStrict);

enum class SanResolution : std::uint8_t { kOk, kBadSan, kIllegal, kAmbiguous };

// A move read from text, with the quirks of the text. `check` is the mark as written, for
// check_mark_quirks() after the caller's do_move.
struct SanRead {
  Move move = Move::none();
  SanQuirks quirks;
  char check = 0;
};

// Meaning: the legal move of `pos` that `token` names. kBadSan when the token uses a piece
// letter the variant does not have (or 'P' for the moving piece); kIllegal when no legal
// move matches; kAmbiguous when several do (the move is then one of them).
template <class V>
SanResolution resolve_san(const Position<V>& pos, const SanToken& token, SanRead& read);
template <class V>
SanResolution resolve_san(const Position<V>& pos, const SanToken& token, Move& move);

// Parse and resolve without building an error (the fast path of a game replay).
template <class V>
SanResolution read_san(const Position<V>& pos, std::string_view text, SanRead& read,
                       SanSyntax syntax = SanSyntax::kArchive);

// Parse and resolve, with the error of move_from_san when the text is not a legal move.
template <class V>
absl::StatusOr<SanRead> read_san(const Position<V>& pos, std::string_view text,
                                 SanSyntax syntax = SanSyntax::kArchive);

// The error for a text that read_san() did not read as a move of `pos`, one line:
//   "bad SAN 'Zf3'"                        syntax, or a piece the variant does not have
//   "illegal move 'Nf6'"                   no legal move matches
//   "ambiguous move 'Nd2': Nbd2, Nfd2"     several match; the candidates in SAN, sorted
// OK if the text does read as a move.
template <class V>
absl::Status san_error(const Position<V>& pos, std::string_view text,
                       SanSyntax syntax = SanSyntax::kArchive);

// Reads a SAN move of the strict syntax and checks it is legal in `pos`; the errors of
// san_error (InvalidArgument).
template <class V>
absl::StatusOr<Move> move_from_san(const Position<V>& pos, std::string_view san);

// What a move does to the opponent, and the quirks of a written mark ('+', '#' or 0)
// against it. Both take the position *after* the move. A check costs a look at the king's
// steps, and a count of the replies only when no step is safe; check_mark_quirks does not
// even look when no mark is written: a check without mark is check_mark_missing, mate or
// not.
enum class CheckMark : std::uint8_t { kNone, kCheck, kMate };
template <class V>
CheckMark check_mark(const Position<V>& pos_after_move);
template <class V>
SanQuirks check_mark_quirks(const Position<V>& pos_after_move, char written_mark);

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

template <class V>
constexpr bool is_promotion_type(PieceType pt) {
  for (PieceType p : V::kPromotions)
    if (p == pt) return true;
  return false;
}

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }
constexpr bool is_piece_letter(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower_letter(char c) { return c >= 'a' && c <= 'z'; }

// Removes `mark` from the end of `text` if what precedes it ends a square or is a check
// mark ("exd6e.p.", "exd6+e.p.").
constexpr bool strip_ep_marker(std::string_view& text, std::string_view mark) {
  if (text.size() <= mark.size() || !text.ends_with(mark)) return false;
  const char before = text[text.size() - mark.size() - 1];
  if (!is_rank(before) && before != '+' && before != '#') return false;
  text.remove_suffix(mark.size());
  return true;
}

}  // namespace san_detail

constexpr bool parse_san_token(std::string_view text, SanToken& token, SanSyntax syntax) {
  using san_detail::is_file;
  using san_detail::is_piece_letter;
  using san_detail::is_rank;
  const bool archive = syntax == SanSyntax::kArchive;
  SanToken t;
  t.archive = archive;
  // Suffixes, from the right: an annotation (! ? !! ?? !? ?!), then '+' or '#', and in
  // archives an en passant marker on either side of the '+'/'#'.
  auto is_note = [](char c) { return c == '!' || c == '?'; };
  for (int i = 0; i < 2 && text.size() > 1 && is_note(text.back()); ++i) text.remove_suffix(1);
  auto take_check = [&] {
    if (!text.empty() && (text.back() == '+' || text.back() == '#')) {
      t.check = text.back();
      text.remove_suffix(1);
    }
  };
  take_check();
  if (archive && !text.empty() && (text.back() == '.' || text.back() == 'p')) {
    t.ep_marker = san_detail::strip_ep_marker(text, "e.p.") ||
                  san_detail::strip_ep_marker(text, "e.p") ||
                  san_detail::strip_ep_marker(text, "ep");
    if (t.ep_marker) {
      t.quirks |= SanQuirk::kEnPassantMarker;
      if (!t.check) take_check();
    }
  }

  // Castling: one letter, all three (or five) the same, joined by '-'. ("Oe3" is a move of
  // a piece lettered O, such as the CwDA Chancellor.)
  if (text.size() >= 3 && text[1] == '-' &&
      (text[0] == 'O' || text[0] == '0' || (archive && text[0] == 'o'))) {
    const char c = text[0];
    const bool king_side = text.size() == 3 && text[1] == '-' && text[2] == c;
    const bool queen_side =
        text.size() == 5 && text[1] == '-' && text[2] == c && text[3] == '-' && text[4] == c;
    if (!king_side && !queen_side) return false;
    if (t.ep_marker) return false;
    t.kind = king_side ? SanToken::Kind::kCastleKingSide : SanToken::Kind::kCastleQueenSide;
    if (c == '0') t.quirks |= SanQuirk::kZeroCastling;
    if (c == 'o') t.quirks |= SanQuirk::kLowercaseCastling;
    token = t;
    return true;
  }
  if (text.size() < 2) return false;

  // The promotion after the destination at text[i], text[i + 1]: [ '=' | '/' ] letter.
  auto read_promotion = [&](std::size_t i) {
    std::string_view rest = text.substr(i);
    if (rest.empty()) return true;
    bool equals = false;
    if (rest[0] == '=' || (archive && rest[0] == '/')) {
      equals = rest[0] == '=';
      rest.remove_prefix(1);
    }
    if (rest.size() != 1) return false;
    char letter = rest[0];
    const bool square_move = t.kind == SanToken::Kind::kSquareMove;
    if (archive && san_detail::is_lower_letter(letter)) {
      letter = char(letter - 'a' + 'A');
      if (!square_move) t.quirks |= SanQuirk::kLowercasePromotion;
    } else if (!is_piece_letter(letter)) {
      return false;
    }
    if (!equals && !square_move) t.quirks |= SanQuirk::kPromotionWithoutEquals;
    t.promotion = letter;
    return true;
  };
  auto read_square = [&](std::size_t i, Square& s) {
    if (text.size() < i + 2 || !is_file(text[i]) || !is_rank(text[i + 1])) return false;
    s = make_square(text[i] - 'a', text[i + 1] - '1');
    return true;
  };

  if (is_file(text[0])) {
    std::size_t i = 0;  // where the destination starts
    if (text[1] == 'x') {
      // exd5: a pawn capture.
      t.kind = SanToken::Kind::kPawnMove;
      t.file = std::int8_t(text[0] - 'a');
      t.capture = true;
      i = 2;
    } else if (archive && is_rank(text[1]) && text.size() >= 4 &&
               (is_file(text[2]) || ((text[2] == '-' || text[2] == 'x') && is_file(text[3])))) {
      // e2e4, e2-e4, e4xd5: long algebraic.
      t.kind = SanToken::Kind::kSquareMove;
      t.file = std::int8_t(text[0] - 'a');
      t.rank = std::int8_t(text[1] - '1');
      t.quirks |= SanQuirk::kLongAlgebraic;
      i = 2;
      if (text[2] == '-' || text[2] == 'x') {
        t.dash = text[2] == '-';
        t.capture = text[2] == 'x';
        i = 3;
      }
    } else if (archive && is_file(text[1])) {
      // ed5: a pawn capture without the 'x'.
      if (text[1] == text[0]) return false;
      t.kind = SanToken::Kind::kPawnMove;
      t.file = std::int8_t(text[0] - 'a');
      i = 1;
    } else {
      t.kind = SanToken::Kind::kPawnMove;
    }
    if (!read_square(i, t.to) || !read_promotion(i + 2)) return false;
    // The e.p. marker belongs to pawn captures only.
    if (t.ep_marker && (t.file < 0 || t.file == file_of(t.to))) return false;
    token = t;
    return true;
  }

  if (!is_piece_letter(text[0]) || t.ep_marker) return false;
  // Piece: letter [file] [rank] ['x' | '-'] square; '-' only with the origin square.
  t.kind = SanToken::Kind::kPieceMove;
  t.piece = text[0];
  std::string_view rest = text.substr(1);
  if (rest.size() < 2 || !is_file(rest[rest.size() - 2]) || !is_rank(rest.back())) return false;
  t.to = make_square(rest[rest.size() - 2] - 'a', rest.back() - '1');
  rest.remove_suffix(2);
  if (!rest.empty() && rest.back() == 'x') {
    t.capture = true;
    rest.remove_suffix(1);
  } else if (archive && !rest.empty() && rest.back() == '-') {
    t.dash = true;
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
  if (t.dash) {
    if (t.file < 0 || t.rank < 0) return false;
    t.quirks |= SanQuirk::kLongAlgebraic;
  }
  token = t;
  return true;
}

namespace san_detail {

// The attacks of a non-pawn piece of type `pt` (one of V's, I onwards) and colour c
// standing on `s`: the compile-time tables of rules/pieces.h, chosen by a chain of tests
// over V's piece types that the compiler unrolls. The squares from which a piece of colour
// c attacks s are attacks_of(pt, ~c, s, occ) (rules/betza.h, attacks_reverse).
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
    // (pieces attack along rook and bishop lines only, rules/pieces.h): a piece off every
    // line through the king, or one that stays on its line, is safe.
    if (!pos.checkers()) {
      const Bitboard line = line_bb(ksq, from);
      if (!line) return true;
      // A table-driven piece may leap along its line past the pinner: replayed below.
      if (line & square_bb(to)) {
        if constexpr (Position<V>::kTableDriven == 0) return true;
        if (!piece_info(type_of(pos.piece_on(from))).table_driven) return true;
      }
    }
    const Bitboard occ2 = (occ ^ square_bb(from)) | square_bb(to);
    return !(pos.attackers_to(ksq, occ2, them) & ~square_bb(to));
  }
  bool safe_en_passant(Square from, Square to) const {
    const Square capsq = Square(us == WHITE ? to - 8 : to + 8);
    const Bitboard occ2 = (occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(to);
    return !(pos.attackers_to(ksq, occ2, them) & ~square_bb(capsq));
  }
  // Whether the king may step to `to` (the king lifted, so that a slider's ray through
  // its square counts).
  bool safe_king_step(Square to) const { return !pos.attackers_to(to, occ ^ square_bb(ksq), them); }
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
    if (us == WHITE)
      MoveGenerator<V, WHITE, MovesTo>::generate_castling(pos, sink, ksq, occ, pos.pieces(them));
    else
      MoveGenerator<V, BLACK, MovesTo>::generate_castling(pos, sink, ksq, occ, pos.pieces(them));
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
  const Bitboard origins = attacks_of<V>(pt, mv.them, to, mv.occ) & pos.pieces(mv.us, pt);
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
      const PieceType pt = piece_from_letter<V>(t.piece, false);
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
        attacks_of<V>(pt, mv.them, to, mv.occ) & pos.pieces(mv.us, pt) & ~square_bb(from);
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

// Whether the side to move of `pos`, in check, is mated: no step of the king to an
// unattacked square (the usual answer, tested first) and no legal move at all.
template <class V>
bool is_mated(const Position<V>& pos) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.pieces() ^ square_bb(ksq);
  for (Bitboard steps = king_attacks(ksq) & ~pos.pieces(us); steps;)
    if (!pos.attackers_to(pop_lsb(steps), occ, ~us)) return false;
  return count_legal(pos) == 0;
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
