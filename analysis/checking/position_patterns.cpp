#include "analysis/checking/position_patterns.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>

#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/core/bitboard.h"
#include "rules/game/any_game.h"
#include "rules/game/board_pieces.h"
#include "rules/game/game.h"

namespace fairykit::analysis {

namespace {

// Patterns are quoted whole in messages up to this length, so that a column can be counted
// (longer input is cut with "...").
constexpr std::size_t kQuoted = 120;

char upper(char c) { return char(std::toupper(static_cast<unsigned char>(c))); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// The piece of `variant` whose White letter is `letter` (upper case), or none.
const BoardPiece* piece_of(VariantId variant, char letter) {
  for (const BoardPiece& p : board_pieces(variant))
    if (p.letter == letter) return &p;
  return nullptr;
}

// Whether `letter` (upper case) names a piece in any variant.
bool piece_anywhere(char letter) {
  for (const VariantInfo& v : all_variants())
    if (piece_of(v.id, letter)) return true;
  return false;
}

// Where L stands for a minor piece (pgn-extract's Bishop or Knight): where no piece has it.
bool minor_letter(VariantId variant) { return piece_of(variant, 'L') == nullptr; }

}  // namespace

// --material

namespace {

// A term as written, before a variant gives its letters piece types.
struct RawTerm {
  char letter = 0;  // upper case
  MaterialPattern::Term term;
  bool counted = false;  // a count or a relation was written after the letter
  std::size_t column = 0;
};

class MaterialReader {
 public:
  MaterialReader(std::string_view text, bool colour_exact)
      : text_(text), flag_(colour_exact ? "--material-exact " : "--material ") {}

  absl::Status error(std::size_t at, const std::string& message) const {
    return absl::InvalidArgumentError(absl::StrCat(flag_, parsers::quote_text(text_, kQuoted),
                                                   ": column ", at + 1, ": ", message));
  }
  absl::Status error(const std::string& message) const {
    return absl::InvalidArgumentError(
        absl::StrCat(flag_, parsers::quote_text(text_, kQuoted), ": ", message));
  }

  // The words of the text and where each starts.
  std::vector<std::pair<std::string_view, std::size_t>> words() const {
    std::vector<std::pair<std::string_view, std::size_t>> out;
    std::size_t i = 0;
    while (i < text_.size()) {
      if (std::isspace(static_cast<unsigned char>(text_[i]))) {
        ++i;
        continue;
      }
      const std::size_t start = i;
      while (i < text_.size() && !std::isspace(static_cast<unsigned char>(text_[i]))) ++i;
      out.emplace_back(text_.substr(start, i - start), start);
    }
    return out;
  }

  // A number from text_[i] (i is left after it); nullopt when it is too large.
  std::optional<int> number(std::size_t& i) const {
    int n = 0;
    for (; i < text_.size() && is_digit(text_[i]); ++i) {
      n = n * 10 + (text_[i] - '0');
      if (n > 99) return std::nullopt;
    }
    return n;
  }

  // One side: the word at `start` of `size` characters (size 0: a bare King).
  absl::StatusOr<std::vector<RawTerm>> side(std::size_t start, std::size_t size) const {
    using Term = MaterialPattern::Term;
    std::vector<RawTerm> terms;
    std::size_t i = start;
    const std::size_t end = start + size;
    while (i < end) {
      const char c = text_[i];
      if (!is_letter(c))
        return error(i, absl::StrCat("expected a piece letter, not ", parsers::quote_char(c)));
      RawTerm t;
      t.letter = upper(c);
      t.column = i;
      if (t.letter != 'L' && !piece_anywhere(t.letter))
        return error(
            i, absl::StrCat(parsers::quote_char(c), " is the letter of no piece of any variant"));
      for (const RawTerm& before : terms) {
        if (before.letter == t.letter)
          return error(i, absl::StrCat(parsers::quote_char(c), " is written twice on one side (",
                                       std::string(1, t.letter), "2 is two of them)"));
        // L counts Bishops and Knights together: with B or N too, a piece would count twice.
        const std::string pair{before.letter, t.letter};
        if (pair == "LB" || pair == "LN" || pair == "BL" || pair == "NL")
          return error(i, "L (a minor piece, or CwDA's Colonel) on the side of a B or an N");
      }
      ++i;
      Term& term = t.term;
      std::optional<int> d;
      const std::size_t number_at = i;
      if (i < end && is_digit(text_[i])) {
        d = number(i);
        if (!d) return error(number_at, "a count above 99");
      }
      const char s = i < end ? text_[i] : '\0';
      const char s2 = i + 1 < end ? text_[i + 1] : '\0';
      t.counted = d.has_value() || std::string_view("*+-=#<>").find(s) != std::string_view::npos;
      if (s == '*' && !d) {
        term.low = 0, term.high = 1 << 20, ++i;
      } else if (s == '+') {
        term.low = d.value_or(1), term.high = 1 << 20, ++i;
      } else if (s == '-' && d) {
        term.low = 0, term.high = *d, ++i;
      } else if ((s == '=' || s == '#') && !d) {
        term.kind = s == '=' ? Term::kEqual : Term::kDiffer, ++i;
      } else if (s == '>' || s == '<') {
        const bool exactly = s2 == '=';
        term.kind = s == '>' ? (exactly ? Term::kExactlyMore : Term::kMore)
                             : (exactly ? Term::kExactlyFewer : Term::kFewer);
        term.low = d.value_or(1);
        i += exactly ? 2 : 1;
        if (term.low == 0) return error(number_at, "a difference of 0 (write = for as many)");
      } else if (d) {
        term.low = term.high = *d;
        if (s == '*' || s == '=' || s == '#')
          return error(i, absl::StrCat(parsers::quote_char(s), " after a count"));
      } else if (s == '-') {
        return error(i, absl::StrCat("'-' needs a count before it (", std::string(1, t.letter),
                                     "2- is two or fewer)"));
      }
      terms.push_back(t);
    }
    return terms;
  }

 private:
  std::string_view text_;
  const char* flag_;
};

}  // namespace

absl::StatusOr<MaterialPattern> MaterialPattern::parse(std::string_view text, bool colour_exact) {
  MaterialReader reader(text, colour_exact);
  MaterialPattern p;
  p.text_ = std::string(text);
  p.colour_exact_ = colour_exact;
  auto words = reader.words();
  if (words.empty())
    return reader.error("expected the pieces of each side: [PLIES] SIDE1 v SIDE2 (QR v Q)");
  if (std::all_of(words[0].first.begin(), words[0].first.end(), is_digit)) {
    std::size_t i = words[0].second;
    const std::optional<int> n = reader.number(i);
    if (!n || i != words[0].second + words[0].first.size())
      return reader.error(words[0].second, "the number of plies must be 0 to 99");
    p.plies_ = *n;
    words.erase(words.begin());
  }
  const auto separator = [](std::string_view w) { return w == "v" || w == "vs"; };
  // Where each side is written (start, size); a side left out is not tested.
  std::optional<std::pair<std::size_t, std::size_t>> sides[2];
  const auto at = [](const std::pair<std::string_view, std::size_t>& w) {
    return std::pair{w.second, w.first.size()};
  };
  if (words.size() == 3 && separator(words[1].first)) {
    sides[0] = at(words[0]), sides[1] = at(words[2]);
  } else if (words.size() == 2 && separator(words[1].first)) {
    sides[0] = at(words[0]);
  } else if (words.size() == 2 && !separator(words[0].first)) {
    sides[0] = at(words[0]), sides[1] = at(words[1]);
  } else if (words.size() == 1 && !separator(words[0].first)) {
    sides[0] = at(words[0]);
  } else {
    return reader.error(words.empty() ? text.size() : words[0].second,
                        "expected [PLIES] SIDE1 v SIDE2, as in 'QR v Q' or '10 R2P+ R=P*'");
  }
  std::vector<RawTerm> raw[2];
  bool tested[2] = {false, false};
  for (int s = 0; s < 2; ++s) {
    if (!sides[s]) continue;
    tested[s] = true;
    absl::StatusOr<std::vector<RawTerm>> terms = reader.side(sides[s]->first, sides[s]->second);
    if (!terms.ok()) return terms.status();
    raw[s] = *std::move(terms);
  }
  for (const VariantInfo& v : all_variants()) {
    Compiled& c = p.compiled_[std::size_t(v.id)];
    for (int s = 0; s < 2; ++s) {
      Side& side = c.side[s];
      std::uint32_t listed = 0;
      for (const RawTerm& r : raw[s]) {
        Term t = r.term;
        if (r.letter == 'L' && minor_letter(v.id)) {
          t.types = 1u << KNIGHT | 1u << BISHOP;
        } else if (const BoardPiece* piece = piece_of(v.id, r.letter)) {
          t.types = 1u << piece->type;
        }  // else no piece of the variant: it counts none there
        listed |= t.types;
        // A King without a count: allowed, not counted.
        if (t.types == 1u << KING && !r.counted) continue;
        side.terms.push_back(t);
      }
      if (tested[s])
        for (const BoardPiece& piece : board_pieces(v.id))
          if (piece.type != KING && !(listed & 1u << piece.type)) side.absent |= 1u << piece.type;
    }
  }
  return p;
}

bool MaterialPattern::side_holds(const Side& side,
                                 const std::array<std::uint8_t, PIECE_TYPE_NB>& own,
                                 const std::array<std::uint8_t, PIECE_TYPE_NB>& other) const {
  for (std::uint32_t a = side.absent; a; a &= a - 1)
    if (own[std::countr_zero(a)]) return false;
  for (const Term& t : side.terms) {
    int n = 0, m = 0;
    for (std::uint32_t b = t.types; b; b &= b - 1) {
      n += own[std::countr_zero(b)];
      m += other[std::countr_zero(b)];
    }
    switch (t.kind) {
      case Term::kRange:
        if (n < t.low || n > t.high) return false;
        break;
      case Term::kEqual:
        if (n != m) return false;
        break;
      case Term::kDiffer:
        if (n == m) return false;
        break;
      case Term::kMore:
        if (n < m + t.low) return false;
        break;
      case Term::kFewer:
        if (n > m - t.low) return false;
        break;
      case Term::kExactlyMore:
        if (n != m + t.low) return false;
        break;
      case Term::kExactlyFewer:
        if (n != m - t.low) return false;
        break;
    }
  }
  return true;
}

bool MaterialPattern::matches(VariantId variant, const MaterialCounts& counts) const {
  const Compiled& c = compiled_[std::size_t(variant)];
  if (side_holds(c.side[0], counts[WHITE], counts[BLACK]) &&
      side_holds(c.side[1], counts[BLACK], counts[WHITE]))
    return true;
  return !colour_exact_ && side_holds(c.side[0], counts[BLACK], counts[WHITE]) &&
         side_holds(c.side[1], counts[WHITE], counts[BLACK]);
}

// --board-pattern

absl::StatusOr<BoardPattern> BoardPattern::parse(std::string_view text) {
  const auto error = [&](std::size_t at, const std::string& message) {
    return absl::InvalidArgumentError(absl::StrCat("--board-pattern ",
                                                   parsers::quote_text(text, kQuoted), ": column ",
                                                   at + 1, ": ", message));
  };
  BoardPattern p;
  p.text_ = std::string(text);
  int rank = 0;
  int squares = 0;  // in the rank being read
  bool star = false;
  std::size_t rank_start = 0;
  // The rank just read must fill the board's width (at most, with a '*').
  const auto end_rank = [&]() -> absl::Status {
    if (squares > kFiles || (!star && squares < kFiles))
      return error(rank_start, absl::StrCat("rank ", kRanks - rank, " has ", squares, " square",
                                            squares == 1 ? "" : "s", star ? " besides its '*'" : "",
                                            ", the board ", kFiles, " (a '*' stands for any run)"));
    return absl::OkStatus();
  };
  const auto letter_ok = [&](std::size_t at, char c) -> absl::Status {
    if (!is_letter(c))
      return error(at, absl::StrCat("expected a piece letter, not ", parsers::quote_char(c)));
    if (!piece_anywhere(upper(c)))
      return error(
          at, absl::StrCat(parsers::quote_char(c), " is the letter of no piece of any variant"));
    return absl::OkStatus();
  };
  std::size_t i = 0;
  while (i <= text.size()) {
    if (i == text.size() || text[i] == '/') {
      if (absl::Status s = end_rank(); !s.ok()) return s;
      ++rank;
      if (i == text.size()) break;
      if (rank == kRanks)
        return error(i, absl::StrCat("more than ", kRanks, " ranks (the board has ", kRanks, ")"));
      ++i;
      squares = 0;
      star = false;
      rank_start = i;
      continue;
    }
    const char c = text[i];
    Spec spec;
    if (c == '*') {
      spec.star = star = true;
      ++i;
    } else if (c == '?') {
      spec.any = true;
      ++squares;
      ++i;
    } else if (is_digit(c)) {
      const std::size_t start = i;
      int n = 0;
      while (i < text.size() && is_digit(text[i]) && n <= kFiles) n = n * 10 + (text[i++] - '0');
      if (n == 0 || n > kFiles)
        return error(start, absl::StrCat("a run of ", std::string(text.substr(start, i - start)),
                                         " empty squares (1 to ", kFiles, ")"));
      spec.empty = true;
      for (int k = 0; k < n; ++k) p.specs_[rank].push_back(spec);
      squares += n;
      continue;
    } else {
      if (c == '!') {
        spec.negated = true;
        if (++i == text.size() || text[i] == '/')
          return error(i - 1, "'!' must be followed by a piece letter or a class: !Q, ![QR]");
      }
      if (text[i] == '[') {
        const std::size_t open = i;
        const std::size_t close = text.find(']', i);
        if (close == std::string_view::npos) return error(open, "a class '[' without its ']'");
        if (close == open + 1) return error(open, "an empty class '[]'");
        for (std::size_t k = open + 1; k < close; ++k) {
          if (absl::Status s = letter_ok(k, text[k]); !s.ok()) return s;
          spec.letters += text[k];
        }
        i = close + 1;
      } else {
        if (absl::Status s = letter_ok(i, text[i]); !s.ok()) return s;
        spec.letters += text[i++];
      }
      ++squares;
    }
    p.specs_[rank].push_back(spec);
  }
  if (rank != kRanks)
    return error(text.size() ? text.size() - 1 : 0,
                 absl::StrCat(rank, " rank", rank == 1 ? "" : "s", ", the board has ", kRanks,
                              " (ranks are separated by '/')"));
  for (const VariantInfo& v : all_variants())
    for (int r = 0; r < kRanks; ++r) {
      std::vector<Cell>& cells = p.cells_[std::size_t(v.id)][r];
      for (const Spec& s : p.specs_[r]) {
        Cell cell;
        cell.star = s.star;
        if (s.any) cell.allowed = ~std::uint64_t{0};
        if (s.empty) cell.allowed = std::uint64_t{1} << NO_PIECE;
        for (char letter : s.letters)
          if (const BoardPiece* piece = piece_of(v.id, upper(letter)))
            cell.allowed |=
                std::uint64_t{1} << make_piece(
                    std::isupper(static_cast<unsigned char>(letter)) ? WHITE : BLACK, piece->type);
        if (s.negated) cell.allowed = ~cell.allowed;
        // Two stars in a row are one.
        if (cell.star && !cells.empty() && cells.back().star) continue;
        cells.push_back(cell);
      }
    }
  return p;
}

bool BoardPattern::rank_matches(const std::vector<Cell>& cells, std::size_t i, const Piece* squares,
                                int file) {
  for (; i < cells.size(); ++i, ++file) {
    const Cell& c = cells[i];
    if (c.star) {
      if (i + 1 == cells.size()) return true;
      for (int f = file; f <= kFiles; ++f)
        if (rank_matches(cells, i + 1, squares, f)) return true;
      return false;
    }
    if (file >= kFiles || !(c.allowed >> squares[file] & 1)) return false;
  }
  return file == kFiles;
}

bool BoardPattern::matches(VariantId variant, const BoardSquares& board) const {
  const auto& ranks = cells_[std::size_t(variant)];
  for (int r = 0; r < kRanks; ++r)
    if (!rank_matches(ranks[r], 0, &board[(kRanks - 1 - r) * kFiles], 0)) return false;
  return true;
}

// The run over a game

void PositionTestRun::begin(const PositionTests* tests, PositionVisitor* next, std::uint64_t* met) {
  tests_ = tests;
  next_ = next;
  met_ = met;
  *met_ = 0;
  all_ = tests->material_bits() | tests->board_bits();
  run_.fill(0);
  counts_known_ = false;
}

void PositionTestRun::position(AnyGame& game, int ply) {
  if (*met_ != all_) test(game);
  if (next_) next_->position(game, ply);
}

std::uint64_t PositionTestRun::test_position(const PositionTests& tests, const AnyGame& game) {
  PositionTestRun run;
  std::uint64_t met = 0;
  run.begin(&tests, nullptr, &met);
  run.test(game);
  return met;
}

void PositionTestRun::test(const AnyGame& game) {
  const VariantId variant = game.variant().id;
  const std::uint64_t material = tests_->material_bits();
  if ((*met_ & material) != material) {
    MaterialCounts counts{};
    game.visit([&](const auto& g) {
      using G = std::decay_t<decltype(g)>;
      for (PieceType pt : G::kPieceTypes)
        for (Color c : {WHITE, BLACK}) counts[c][pt] = std::uint8_t(popcount(g.pieces(c, pt)));
    });
    // The material changes at a capture or a promotion only: most positions have that of the
    // one before, whose verdicts hold again (tests met since then are not looked at).
    if (!counts_known_ || counts != counts_) {
      counts_ = counts;
      counts_known_ = true;
      holds_ = 0;
      for (std::size_t i = 0; i < tests_->material.size(); ++i)
        if (!(*met_ >> i & 1) && tests_->material[i].matches(variant, counts_))
          holds_ |= std::uint64_t{1} << i;
    }
    for (std::size_t i = 0; i < tests_->material.size(); ++i) {
      if (*met_ >> i & 1) continue;
      const MaterialPattern& m = tests_->material[i];
      if (!(holds_ >> i & 1)) {
        run_[i] = 0;
      } else if (++run_[i] > (m.plies() >= 0 ? m.plies() : tests_->material_plies)) {
        *met_ |= std::uint64_t{1} << i;
      }
    }
  }
  const std::uint64_t boards = tests_->board_bits();
  if ((*met_ & boards) != boards) {
    board_.fill(NO_PIECE);
    game.visit([&](const auto& g) {
      using G = std::decay_t<decltype(g)>;
      for (PieceType pt : G::kPieceTypes)
        for (Color c : {WHITE, BLACK})
          for (Bitboard b = g.pieces(c, pt); b;) board_[pop_lsb(b)] = make_piece(c, pt);
    });
    const std::size_t first = tests_->material.size();
    for (std::size_t i = 0; i < tests_->boards.size(); ++i)
      if (!(*met_ >> (first + i) & 1) && tests_->boards[i].matches(variant, board_))
        *met_ |= std::uint64_t{1} << (first + i);
  }
}

}  // namespace fairykit::analysis
