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
// of the catalog (rules/core/pieces.h) moving as they capture and symmetrically (a piece that
// goes from a to b also goes from b to a), true of every leaper and slider there; a piece
// with move-only or one-directional atoms would need its own reverse table. Castling is
// tested by the generator's own castling code. Writing finds rivals for the
// disambiguation the same way.
//
// Where the code is. This header declares the templates; rules/notation/san_impl.h defines them,
// and rules/notation/san_read.cpp (reading, errors, check marks) and rules/notation/san_write.cpp
// (writing, check suffixes) compile them once for each variant of
// FAIRYKIT_FOR_EACH_POSITION_VARIANT (rules/core/variant.h), so that an includer parses the
// declarations alone. A variant outside that family (a test's traits) includes
// rules/notation/san_impl.h as well and instantiates them itself. What stays defined here does for
// a reason: the quirk set and table are constexpr values; parse_san_token (with its character
// tests) is constexpr, and a constexpr function must be defined where it is used: tests check it in
// static_assert; MovesTo is a class that callers hand to generate_legal (rules/core/movegen.h),
// complete where it is used.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/core/movegen.h"

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
std::string san_quirk_names(SanQuirks q);

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

// A sink for generate_legal() (rules/core/movegen.h) that keeps only the legal moves landing on
// one square, castling excepted (its Move names the rook's square) — or, built with
// SQ_NONE, only the castling moves. SAN reading and writing generate moves only for
// castling; the sink serves callers that want the moves to one square.
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

namespace san_detail {

// Whether, after the legal move `m` of `pos`, the opponent's king can step to a square that
// no piece of ours attacks: san_check_suffix's shortcut. Declared here for
// bench/san_bench.cpp, which counts the checks without a flight square.
template <class V>
bool king_can_step_after(const Position<V>& pos, Move m);

}  // namespace san_detail

// ---------------------------------------------------------------------------------------
// Token syntax, defined here: constexpr (see the top of this file).

namespace san_detail {

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

namespace san_detail {

// Any text parse_san_token() reads, its shapes tried one after the other.
constexpr bool parse_any_san(std::string_view text, SanToken& token, SanSyntax syntax) {
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

// The shapes of most moves in games, told apart by their length alone: a pawn's step
// ("e4"), a pawn's capture ("exd5") and a piece's move ("Nf3", "Nxf3", "Nbd2", "N1d2"),
// each with or without '+' or '#'. Fills `token` as parse_any_san() does and returns true;
// false (token untouched) for any other text, which parse_any_san() then reads. (It reads
// these as well, a few tests at a time: about a third of the work of reading a game's SAN.)
constexpr bool parse_common_san(std::string_view text, SanToken& token, SanSyntax syntax) {
  std::size_t n = text.size();
  if (n < 2 || n > 5) return false;
  char check = 0;
  if (text[n - 1] == '+' || text[n - 1] == '#') check = text[--n];
  if (n < 2 || !is_rank(text[n - 1]) || !is_file(text[n - 2])) return false;
  SanToken t;
  t.archive = syntax == SanSyntax::kArchive;
  t.check = check;
  t.to = make_square(text[n - 2] - 'a', text[n - 1] - '1');
  const char first = text[0];
  if (n == 2) {
    t.kind = SanToken::Kind::kPawnMove;
  } else if (!is_piece_letter(first)) {
    if (n != 4 || !is_file(first) || text[1] != 'x') return false;
    t.kind = SanToken::Kind::kPawnMove;
    t.file = std::int8_t(first - 'a');
    t.capture = true;
  } else {
    t.kind = SanToken::Kind::kPieceMove;
    t.piece = first;
    if (n == 4) {
      const char middle = text[1];
      if (middle == 'x')
        t.capture = true;
      else if (is_file(middle))
        t.file = std::int8_t(middle - 'a');
      else if (is_rank(middle))
        t.rank = std::int8_t(middle - '1');
      else
        return false;
    } else if (n != 3) {
      return false;
    }
  }
  token = t;
  return true;
}

}  // namespace san_detail

constexpr bool parse_san_token(std::string_view text, SanToken& token, SanSyntax syntax) {
  return san_detail::parse_common_san(text, token, syntax) ||
         san_detail::parse_any_san(text, token, syntax);
}

}  // namespace fairykit
