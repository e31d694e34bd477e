// Interweave: FEN and move notation (§1.11). The FEN is read by hand rather than through
// parsers/fen.h, because the vchess fields (plies, `c3,d` en passant, a six-digit pool) are
// not FIDE fields; the wording of errors follows rules/notation/fen.cpp.
#include <algorithm>
#include <cctype>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "parsers/fen.h"
#include "parsers/message_text.h"
#include "rules/interweave/internal.h"
#include "rules/interweave/position.h"

namespace fairykit::interweave {

using namespace detail;

namespace {

absl::Status field_error(std::string_view field, std::size_t column, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrFormat("FEN %s field, column %d: %s", field, column, what));
}

// A character of the FEN as its messages quote it: 'x', or '\x01' for a byte that is not
// printable.
std::string quote(char c) { return parsers::quote_char(c); }

char letter(PieceType pt) {
  switch (pt) {
    case PAWN:
      return 'P';
    case SMASHER:
      return 'R';
    case LEAPER:
      return 'N';
    case REMOVER:
      return 'B';
    case KING:
      return 'K';
    default:
      return '?';
  }
}

PieceType from_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'P':
      return PAWN;
    case 'R':
      return SMASHER;
    case 'N':
      return LEAPER;
    case 'B':
      return REMOVER;
    case 'K':
      return KING;
    default:
      return NO_PIECE_TYPE;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }
bool is_square_at(std::string_view t, std::size_t i) {
  return i + 1 < t.size() && is_file(t[i]) && is_rank(t[i + 1]);
}
Square square_at(std::string_view t, std::size_t i) {
  return make_square(t[i] - 'a', t[i + 1] - '1');
}

std::string set_name(Bitboard b) {
  std::vector<std::string> names;
  while (b) names.push_back(square_name(pop_lsb(b)));
  return absl::StrCat("{", absl::StrJoin(names, ","), "}");
}

// Reads a decimal field of 0 to parsers::kMaxFenCounter.
absl::StatusOr<int> read_number(std::string_view field, std::string_view text, std::size_t column) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(text[i])))
      return field_error(field, column + i, quote(text[i]) + " is not a digit");
  const std::int64_t v = parsers::fen_counter_value(text);
  if (v < 0) return field_error(field, column, parsers::fen_counter_range_error(text));
  return int(v);
}

}  // namespace

absl::Status Position::set_fen(std::string_view text) {
  detail::init();
  warnings_.clear();
  // Fields and their 1-based columns.
  std::size_t i = 0;
  while (i < text.size() && text[i] == ' ') ++i;
  if (text.substr(i, 4) == "fen:") i += 4;
  std::vector<std::pair<std::string_view, std::size_t>> fields;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' &&
           text[i] != '\r')
      ++i;
    fields.emplace_back(text.substr(start, i - start), start + 1);
  }
  if (fields.empty()) return absl::InvalidArgumentError("empty FEN");
  if (fields.size() != 1 && fields.size() != 5 && fields.size() != 6)
    return absl::InvalidArgumentError(absl::StrFormat(
        "FEN has %d fields; expected the board alone or 5 or 6 fields (board turn plies ep "
        "pool [halfmove])",
        fields.size()));

  // Board (§1.11): K R N B P, k r n b p.
  std::array<Piece, SQUARE_NB> board{};
  {
    const auto [f, col] = fields[0];
    int rank = 7, file = 0;
    for (std::size_t k = 0; k < f.size(); ++k) {
      const char c = f[k];
      const std::size_t column = col + k;
      if (c == '/') {
        if (file != 8)
          return field_error("board", column,
                             absl::StrFormat("rank %d has %d squares", rank + 1, file));
        if (--rank < 0) return field_error("board", column, "more than 8 ranks");
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8)
          return field_error("board", column,
                             absl::StrFormat("rank %d has more than 8 squares", rank + 1));
      } else if (const PieceType pt = from_letter(c);
                 pt != NO_PIECE_TYPE &&
                 std::string_view("KRNBPkrnbp").find(c) != std::string_view::npos) {
        if (file >= 8)
          return field_error("board", column,
                             absl::StrFormat("rank %d has more than 8 squares", rank + 1));
        board[make_square(file, rank)] =
            make_piece(std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK, pt);
        ++file;
      } else {
        return field_error("board", column,
                           quote(c) + " is not a piece letter (K R N B P, k r n b p)");
      }
    }
    if (rank != 0)
      return field_error("board", col, absl::StrFormat("8 ranks expected, found %d", 8 - rank));
    if (file != 8)
      return field_error("board", col + f.size(), absl::StrFormat("rank 1 has %d squares", file));
    for (Color c : {WHITE, BLACK}) {
      int n = 0;
      for (Piece pc : board) n += pc != NO_PIECE && color_of(pc) == c;
      if (n > 16)
        return field_error("board", col,
                           absl::StrFormat("%d %s pieces, more than an army's 16", n,
                                           c == WHITE ? "White" : "Black"));
    }
    for (Color c : {WHITE, BLACK}) {
      const int kings = int(std::count(board.begin(), board.end(), make_piece(c, KING)));
      if (kings > kArmyCount)
        return field_error("board", col,
                           absl::StrFormat("%d %s Kings, more than the %d a side starts with",
                                           kings, c == WHITE ? "White" : "Black", kArmyCount));
    }
  }

  Color side = WHITE;
  int plies = 0, halfmove = 0;
  Square ep_mid = SQ_NONE, ep_to = SQ_NONE;
  std::vector<std::string> warnings;
  std::array<std::array<std::uint8_t, 3>, 2> pool{};
  if (fields.size() >= 5) {
    {
      const auto [f, col] = fields[1];
      if (f[0] != 'w' && f[0] != 'b')
        return field_error("turn", col, quote(f[0]) + " is not w or b");
      if (f.size() > 1) return field_error("turn", col + 1, "unexpected " + quote(f[1]));
      side = f[0] == 'w' ? WHITE : BLACK;
    }
    {
      const auto [f, col] = fields[2];
      absl::StatusOr<int> v = read_number("plies", f, col);
      if (!v.ok()) return v.status();
      plies = *v;
    }
    {
      const auto [f, col] = fields[3];
      if (f != "-") {
        if (!is_file(f[0])) return field_error("en passant", col, quote(f[0]) + " is not a file");
        if (f.size() < 2 || !is_rank(f[1]))
          return field_error("en passant", col + 1,
                             f.size() < 2 ? std::string("the midpoint has no rank")
                                          : quote(f[1]) + " is not a rank");
        if (f.size() < 3 || f[2] != ',')
          return field_error("en passant", col + 2,
                             f.size() < 3 ? std::string("',' and the arrival file are missing")
                                          : quote(f[2]) + " where ',' was expected");
        if (f.size() < 4 || !is_file(f[3]))
          return field_error("en passant", col + 3,
                             f.size() < 4 ? std::string("the arrival file is missing")
                                          : quote(f[3]) + " is not a file");
        if (f.size() > 4) return field_error("en passant", col + 4, "unexpected " + quote(f[4]));
        const Color mover = ~side;
        ep_mid = square_at(f, 0);
        if (relative_rank(mover, ep_mid) != RANK_3)
          return field_error("en passant", col,
                             absl::StrFormat("%s is not on rank %d, where a %s double step passes",
                                             square_name(ep_mid), mover == WHITE ? 3 : 6,
                                             mover == WHITE ? "White" : "Black"));
        const int af = f[3] - 'a';
        if (af != file_of(ep_mid) - 1 && af != file_of(ep_mid) + 1)
          return field_error("en passant", col + 3,
                             "arrival file " + quote(f[3]) + " is not next to the midpoint's");
        ep_to = make_square(af, rank_of(ep_mid) + (mover == WHITE ? 1 : -1));
        if (board[ep_mid] != NO_PIECE)
          return field_error("en passant", col,
                             absl::StrFormat("the midpoint %s is occupied", square_name(ep_mid)));
        if (board[ep_to] != make_piece(mover, PAWN))
          return field_error("en passant", col + 3,
                             absl::StrFormat("no %s Pawn on %s", mover == WHITE ? "White" : "Black",
                                             square_name(ep_to)));
      }
    }
    {
      const auto [f, col] = fields[4];
      for (std::size_t k = 0; k < f.size() && k < 6; ++k)
        if (!std::isdigit(static_cast<unsigned char>(f[k])))
          return field_error("pool", col + k, quote(f[k]) + " is not a digit");
      if (f.size() != 6)
        return field_error("pool", col, absl::StrFormat("6 digits expected, found %d", f.size()));
      for (int k = 0; k < 6; ++k) {
        int count = f[std::size_t(k)] - '0';
        // A11: a pool holds at most what a side starts with of the type. vchess's counter
        // never goes down (and counts some captures twice), so its FENs carry higher digits:
        // read as the most a pool can hold, with a warning, so that its positions are read.
        if (count > kArmyCount) {
          warnings.push_back(absl::StrFormat(
              "FEN pool field, column %d: %d %s %s in the pool, more than the %d a side starts "
              "with; read as %d",
              col + std::size_t(k), count, k < 3 ? "White" : "Black",
              std::array{"Smashers", "Leapers", "Removers"}[std::size_t(k % 3)], kArmyCount,
              kArmyCount));
          count = kArmyCount;
        }
        pool[std::size_t(k / 3)][std::size_t(k % 3)] = std::uint8_t(count);
      }
    }
    if (fields.size() == 6) {
      const auto [f, col] = fields[5];
      absl::StatusOr<int> v = read_number("halfmove", f, col);
      if (!v.ok()) return v.status();
      halfmove = *v;
    }
  }

  board_ = {};
  by_color_ = {};
  by_type_ = {};
  for (int s = 0; s < 64; ++s)
    if (board[s] != NO_PIECE) put(board[s], Square(s));
  side_ = side;
  plies_ = plies;
  halfmove_ = halfmove;
  pool_ = pool;
  // The right is kept only when the capture can be made (the key and the FEN written depend on
  // it); EpField::kAfterDoubleStep still writes the double step the FEN gave.
  root_ep_mid_ = ep_mid;
  root_ep_to_ = ep_to;
  ep_mid_ = ep_to_ = SQ_NONE;
  if (ep_mid != SQ_NONE && ep_capture_possible(ep_mid)) {
    ep_mid_ = ep_mid;
    ep_to_ = ep_to;
  }
  history_.clear();
  history_.reserve(256);
  key_ = compute_key();
  warnings_ = std::move(warnings);
  return absl::OkStatus();
}

std::string Position::fen(EpField field) const {
  Square ep_mid = ep_mid_, ep_to = ep_to_;
  if (field == EpField::kAfterDoubleStep) {
    if (history_.empty()) {
      ep_mid = root_ep_mid_;
      ep_to = root_ep_to_;
    } else {
      const Undo& u = history_.back();
      const Move& m = u.move;
      if (type_of(u.moved) == PAWN && !m.is_capture() && m.size() == 1 &&
          distance(m.from(), m.to()) == 2) {
        ep_mid = Square((m.from() + m.to()) / 2);
        ep_to = m.to();
      }
    }
  }
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const Piece pc = board_[make_square(f, r)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      const char c = letter(type_of(pc));
      out += color_of(pc) == WHITE ? c : char(std::tolower(static_cast<unsigned char>(c)));
    }
    if (empty) out += char('0' + empty);
    if (r) out += '/';
  }
  absl::StrAppend(&out, side_ == WHITE ? " w " : " b ", plies_, " ");
  if (ep_mid == SQ_NONE)
    out += '-';
  else
    absl::StrAppend(&out, square_name(ep_mid), ",", std::string(1, char('a' + file_of(ep_to))));
  out += ' ';
  for (const auto& side : pool_)
    for (std::uint8_t v : side) out += char('0' + v);  // at most kArmyCount
  if (halfmove_) absl::StrAppend(&out, " ", halfmove_);
  return out;
}

std::string Position::to_uci(const Move& m) const {
  std::string out = square_name(m.from());
  for (int i = 0; i < m.size(); ++i) {
    out += square_name(m.step_to(i));
    if (m.promotion(i))
      out += char(std::tolower(static_cast<unsigned char>(letter(m.promotion(i)))));
  }
  return out;
}

std::string Position::to_san(const Move& m) const {
  std::string out;
  const PieceType pt = type_of(board_[m.from()]);
  if (pt != PAWN) out += letter(pt);
  out += square_name(m.from());
  for (int i = 0; i < m.size(); ++i) {
    out += i == 0 && !m.is_capture() ? '-' : 'x';
    if (!(i == 0 && m.step_to(0) == m.from())) out += square_name(m.step_to(i));
    if (m.promotion(i)) {
      out += '=';
      out += letter(m.promotion(i));
    }
  }
  if (m.captured() & by_type_[KING] & by_color_[~side_]) out += '#';
  return out;
}

std::string Position::to_vchess(const Move& m) const {
  std::vector<std::string> parts;
  PieceType pt = type_of(board_[m.from()]);
  for (int i = 0; i < m.size(); ++i) {
    const Square to = m.step_to(i);
    if (pt == REMOVER && to == m.step_from(i)) {
      parts.push_back(absl::StrCat(square_name(to), "R"));
      continue;
    }
    if (m.promotion(i)) pt = m.promotion(i);
    parts.push_back(
        absl::StrCat(std::string(1, letter(pt)), square_name(to), m.is_capture() ? "X" : ""));
  }
  return absl::StrJoin(parts, ",");
}

std::vector<Bitboard> Position::step_captures(const Move& m) const {
  std::vector<Bitboard> out;
  Sets b = sets();
  PieceType pt = type_of(board_[m.from()]);
  Square s = m.from();
  CapStep steps[kMaxCaptureSteps];
  for (int i = 0; i < m.size(); ++i) {
    const int n = piece_captures(b, side_, s, pt, i == 0 ? ep_mid_ : SQ_NONE,
                                 i == 0 ? ep_to_ : SQ_NONE, available(), steps);
    const CapStep* found = nullptr;
    for (int k = 0; k < n; ++k)
      if (steps[k].to == m.step_to(i) && steps[k].promo == m.promotion(i)) found = &steps[k];
    if (!found) {  // a quiet move
      out.push_back(0);
      break;
    }
    out.push_back(found->captured);
    b = apply(b, side_, s, pt, *found);
    s = found->to;
    if (found->promo) pt = found->promo;
  }
  return out;
}

void Position::move_facts(const Move& m, MoveFacts& f) const {
  f.clear();
  PieceType pt = type_of(board_[m.from()]);
  f.moved = pt;
  f.promotion = m.promotion();
  // f.underpromotion stays false: every Interweave piece is worth the same (piece_value()),
  // and the pool of captured pieces, not a preference, decides what a Pawn can become.
  f.steps = std::uint8_t(m.size());
  const std::vector<Bitboard> caps = step_captures(m);
  for (int i = 0; i < int(caps.size()); ++i) {
    const Square from = m.step_from(i), to = m.step_to(i);
    for (Bitboard b = caps[std::size_t(i)]; b; b &= b - 1) {
      const Square victim = Square(__builtin_ctzll(b));
      // By the piece: Smasher approach, Leaper leap, Remover removal, King short leap.
      CaptureMethod how = pt == SMASHER   ? CaptureMethod::kApproach
                          : pt == LEAPER  ? CaptureMethod::kLeap
                          : pt == REMOVER ? CaptureMethod::kRemoval
                                          : CaptureMethod::kShortLeap;
      if (pt == PAWN) {
        // Jumped over (the midpoint of the step): a short leap; the Pawn that has just
        // double-stepped, taken by the first step leaping over the empty midpoint of that
        // double step: en passant; otherwise enclosed: custodian. (That Pawn can also be
        // leaped over, or enclosed, like any other.)
        const auto midpoint = [&](Square s) {
          return file_of(s) * 2 == file_of(from) + file_of(to) &&
                 rank_of(s) * 2 == rank_of(from) + rank_of(to);
        };
        if (i == 0 && ep_mid_ != SQ_NONE && victim == ep_to_ && midpoint(ep_mid_))
          how = CaptureMethod::kEnPassant;
        else
          how = midpoint(victim) ? CaptureMethod::kShortLeap : CaptureMethod::kCustodian;
      }
      f.add_capture(type_of(board_[victim]), how);
    }
    if (m.promotion(i) != NO_PIECE_TYPE) pt = m.promotion(i);
  }
}

std::vector<Move> Position::vchess_matches(std::string_view text) const {
  std::vector<Move> out;
  MoveList list;
  generate_legal(list);
  for (const Move& m : list)
    if (to_vchess(m) == text) out.push_back(m);
  return out;
}

namespace {

struct StepToken {
  char sep = 0;  // '-', 'x' or 0
  std::optional<Square> to;
  PieceType promo = NO_PIECE_TYPE;
  std::optional<Bitboard> annotation;
};

struct SanToken {
  PieceType piece = NO_PIECE_TYPE;
  Square from = SQ_NONE;
  std::vector<StepToken> steps;
};

// The SAN-like and UCI-like forms: [piece] square ([-x] [square] [=X | x] [{..}])+.
std::optional<SanToken> read_san(std::string_view t) {
  SanToken out;
  std::size_t i = 0;
  if (i < t.size() && std::string_view("KRNBP").find(t[i]) != std::string_view::npos) {
    out.piece = from_letter(t[i]);
    ++i;
  }
  if (!is_square_at(t, i)) return std::nullopt;
  out.from = square_at(t, i);
  i += 2;
  while (i < t.size()) {
    StepToken st;
    if (t[i] == '-' || t[i] == 'x') st.sep = t[i++];
    if (is_square_at(t, i)) {
      st.to = square_at(t, i);
      i += 2;
    } else if (st.sep != 'x') {
      return std::nullopt;  // only a Remover's "x" may omit the square
    }
    if (i + 1 < t.size() && t[i] == '=' && from_letter(t[i + 1]) != NO_PIECE_TYPE) {
      st.promo = from_letter(t[i + 1]);
      i += 2;
    } else if (i < t.size() && std::string_view("rnbRNB").find(t[i]) != std::string_view::npos &&
               !(i + 1 < t.size() && is_rank(t[i + 1]))) {
      st.promo = from_letter(t[i]);
      ++i;
    }
    if (i < t.size() && t[i] == '{') {
      Bitboard ann = 0;
      ++i;
      while (i < t.size() && t[i] != '}') {
        if (t[i] == ',' || t[i] == ' ') {
          ++i;
        } else if (is_square_at(t, i)) {
          ann |= square_bb(square_at(t, i));
          i += 2;
        } else {
          return std::nullopt;
        }
      }
      if (i >= t.size()) return std::nullopt;
      ++i;
      st.annotation = ann;
    }
    out.steps.push_back(st);
  }
  if (out.steps.empty()) return std::nullopt;
  return out;
}

// vchess: sub-moves "<L><square>[X]" or "<square>R", joined by commas.
bool is_vchess(std::string_view t) {
  if (t.empty()) return false;
  std::size_t i = 0;
  while (true) {
    if (is_square_at(t, i) && i + 2 < t.size() && t[i + 2] == 'R') {
      i += 3;
    } else if (i < t.size() && std::string_view("PRNBK").find(t[i]) != std::string_view::npos &&
               is_square_at(t, i + 1)) {
      i += 3;
      if (i < t.size() && t[i] == 'X') ++i;
    } else {
      return false;
    }
    if (i == t.size()) return true;
    if (t[i] != ',') return false;
    ++i;
  }
}

}  // namespace

absl::StatusOr<Move> Position::parse_move(std::string_view text) const {
  const std::string quoted = absl::StrCat("\"", parsers::message_text(text), "\"");
  std::string_view t = text;
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && std::string_view("#+!? ").find(t.back()) != std::string_view::npos)
    t.remove_suffix(1);

  MoveList list;
  generate_legal(list);
  if (std::optional<SanToken> tok = read_san(t)) {
    const Move* found = nullptr;
    for (const Move& m : list) {
      if (m.from() != tok->from || m.size() != int(tok->steps.size())) continue;
      bool same = true;
      for (int i = 0; i < m.size() && same; ++i) {
        const StepToken& st = tok->steps[std::size_t(i)];
        const Square want = st.to ? *st.to : m.step_from(i);  // "Be4x": the Remover stays
        same = m.step_to(i) == want && m.promotion(i) == st.promo;
      }
      if (same) found = &m;
    }
    if (!found) return absl::InvalidArgumentError(absl::StrCat("illegal move ", quoted));
    const Move& m = *found;
    if (tok->piece != NO_PIECE_TYPE && tok->piece != type_of(board_[m.from()]))
      return absl::InvalidArgumentError(absl::StrCat("illegal move ", quoted));
    for (const StepToken& st : tok->steps)
      if ((st.sep == '-' && m.is_capture()) || (st.sep == 'x' && !m.is_capture()))
        return absl::InvalidArgumentError(absl::StrCat("illegal move ", quoted));
    bool annotated = false;
    for (const StepToken& st : tok->steps) annotated |= st.annotation.has_value();
    if (annotated) {
      const std::vector<Bitboard> caps = step_captures(m);
      for (std::size_t i = 0; i < tok->steps.size(); ++i) {
        const StepToken& st = tok->steps[i];
        if (st.annotation && *st.annotation != caps[i])
          return absl::InvalidArgumentError(absl::StrFormat(
              "wrong captured squares %s for %s (the step to %s captures %s)",
              set_name(*st.annotation), quoted, square_name(m.step_to(int(i))), set_name(caps[i])));
      }
    }
    return m;
  }
  if (is_vchess(t)) {
    std::vector<Move> matches;
    for (const Move& m : list)
      if (to_vchess(m) == t) matches.push_back(m);
    if (matches.empty()) return absl::InvalidArgumentError(absl::StrCat("illegal move ", quoted));
    if (matches.size() > 1) {
      std::vector<std::string> names;
      for (const Move& m : matches) names.push_back(to_san(m));
      std::sort(names.begin(), names.end());
      return absl::InvalidArgumentError(
          absl::StrCat("ambiguous move ", quoted, " (", absl::StrJoin(names, ", "), ")"));
    }
    return matches[0];
  }
  return absl::InvalidArgumentError(absl::StrCat("unreadable move ", quoted));
}

}  // namespace fairykit::interweave
