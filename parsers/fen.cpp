// FEN syntax with Boost.Spirit X3.
//
// The text is first cut into whitespace-separated fields by hand (that is all "field"
// means in FEN), then each field is matched whole by its own small X3 grammar. Matching
// field by field keeps every diagnostic local: the failure point of a field's grammar is
// the offending character, and its offset in the original text is the column we report.
//
// Semantic actions write straight into the FenBoard through a state object injected with
// x3::with<>; that keeps the AST free of Fusion adaptation and lets each item carry its
// column without a position cache.
#include "parsers/fen.h"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <exception>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "parsers/detail/text.h"
#include "parsers/message_text.h"

namespace fairykit::parsers {
namespace {

namespace x3 = boost::spirit::x3;
using Iter = const char*;

// ---------------------------------------------------------------------------------------
// Board grammar

struct BoardState {
  Iter base = nullptr;  // start of the whole text: columns count from here
  FenBoard* board = nullptr;
  std::vector<Iter> rank_starts;
  bool in_holdings = false;
  // Set by an action that rejects what the grammar matched (an oversized count).
  std::string error;
  Iter error_at = nullptr;

  int Column(Iter p) const { return static_cast<int>(p - base) + 1; }
};
struct board_state_tag;

template <class Context>
BoardState& State(const Context& ctx) {
  return x3::get<board_state_tag>(ctx);
}

const auto begin_rank = [](auto& ctx) {
  BoardState& s = State(ctx);
  s.board->ranks.emplace_back();
  s.rank_starts.push_back(x3::_where(ctx).begin());
};

const auto add_piece = [](auto& ctx) {
  BoardState& s = State(ctx);
  const auto& range = x3::_attr(ctx);
  FenBoardItem item;
  item.kind = FenBoardItem::kPiece;
  item.letter = *range.begin();
  item.promoted = range.size() == 2;
  item.column = s.Column(range.begin());
  s.board->ranks.back().push_back(item);
};

const auto add_empty = [](auto& ctx) {
  BoardState& s = State(ctx);
  const auto& range = x3::_attr(ctx);
  int count = 0;
  const auto [end, ec] = std::from_chars(range.begin(), range.end(), count);
  if (ec != std::errc() || end != range.end()) {
    s.error = absl::StrFormat("empty-square count %s is too large",
                              std::string(range.begin(), range.end()));
    s.error_at = range.begin();
    x3::_pass(ctx) = false;
    return;
  }
  FenBoardItem item;
  item.kind = FenBoardItem::kEmpty;
  item.empty_count = count;
  item.column = s.Column(range.begin());
  s.board->ranks.back().push_back(item);
};

const auto open_holdings = [](auto& ctx) { State(ctx).in_holdings = true; };

const auto set_holdings = [](auto& ctx) {
  BoardState& s = State(ctx);
  const auto& range = x3::_attr(ctx);
  std::string text(range.begin(), range.end());
  if (text == "-") text.clear();
  s.board->holdings = std::move(text);
  s.board->holdings_column = s.Column(range.begin());
};

// A piece is any ASCII letter, optionally marked promoted; an empty run is a count that
// does not start with '0' (so "0" and "08" are rejected, "10" is accepted).
const auto piece = x3::raw[x3::ascii::alpha >> -x3::lit('~')][add_piece];
const auto empty_run = x3::raw[x3::char_('1', '9') >> *x3::ascii::digit][add_empty];
const auto rank_items = +(piece | empty_run);
const auto first_rank = x3::eps[begin_rank] >> rank_items;
// Only the last rank may be empty: "RNBQKBNR/" is crazyhouse's empty 9th-rank holdings.
const auto next_rank = x3::eps[begin_rank] >> (rank_items | &x3::eoi);
const auto holdings_bracket =
    x3::lit('[')[open_holdings] > x3::raw[x3::lit('-') | *x3::ascii::alpha][set_holdings] > ']';
const auto board_grammar = first_rank >> *('/' > next_rank) >> -holdings_bracket;

// ---------------------------------------------------------------------------------------
// Grammars of the other fields

struct TokenState {
  Iter base = nullptr;
  std::vector<CastlingToken>* tokens = nullptr;
};
struct token_state_tag;

const auto add_castling = [](auto& ctx) {
  TokenState& s = x3::get<token_state_tag>(ctx);
  const auto& range = x3::_attr(ctx);
  s.tokens->push_back(CastlingToken{*range.begin(), static_cast<int>(range.begin() - s.base) + 1});
};

const auto side_grammar = x3::lit('w') | x3::lit('b');
const auto castling_grammar = x3::lit('-') | +x3::raw[x3::char_("KQkqA-Ha-h")][add_castling];
const auto en_passant_grammar = x3::lit('-') | (x3::char_('a', 'h') > x3::char_('1', '8'));
const auto digits_grammar = +x3::ascii::digit;

// Where a grammar stopped: `ok` when it matched the whole field.
struct Match {
  bool ok = false;
  Iter where = nullptr;
};

template <class Parser>
Match match_whole(Iter first, Iter last, const Parser& parser) {
  Iter it = first;
  try {
    const bool ok = x3::parse(it, last, parser);
    if (ok && it == last) return {true, last};
    return {false, it};
  } catch (const x3::expectation_failure<Iter>& e) {
    return {false, e.where()};
  }
}

// ---------------------------------------------------------------------------------------
// Fields and diagnostics

struct Field {
  Iter begin = nullptr;
  Iter end = nullptr;
};

std::vector<Field> split_fields(std::string_view text) {
  std::vector<Field> fields;
  Iter p = text.data();
  Iter const end = text.data() + text.size();
  while (p != end) {
    while (p != end && detail::is_space(*p)) ++p;
    if (p == end) break;
    Iter const start = p;
    while (p != end && !detail::is_space(*p)) ++p;
    fields.push_back({start, p});
  }
  return fields;
}

const char* kind_name(FenFieldKind kind) {
  switch (kind) {
    case FenFieldKind::kCastling:
      return "castling";
    case FenFieldKind::kEnPassant:
      return "en passant";
    case FenFieldKind::kHalfmove:
      return "halfmove clock";
    case FenFieldKind::kFullmove:
      return "fullmove number";
    case FenFieldKind::kWord:
      break;
  }
  return nullptr;
}

// "castling field" or, for a schema word, "field 7" (1-based among all the FEN's fields).
std::string field_label(FenFieldKind kind, int field_number) {
  if (const char* name = kind_name(kind)) return absl::StrFormat("%s field", name);
  return absl::StrFormat("field %d", field_number);
}

absl::Status syntax_error(std::string_view label, int column, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrFormat("FEN %s, column %d: %s", label, column, what));
}

// What went wrong at `where` when a field's grammar stopped there.
std::string Unexpected(Iter where, Iter field_end) {
  if (where == field_end) return "unexpected end of field";
  return "unexpected character " + detail::quote_char(*where);
}

absl::Status parse_board(Iter base, Field field, FenBoard& board) {
  BoardState state;
  state.base = base;
  state.board = &board;
  board.column = state.Column(field.begin);
  const Match m =
      match_whole(field.begin, field.end, x3::with<board_state_tag>(state)[board_grammar]);
  if (!m.ok) {
    if (!state.error.empty()) {
      return syntax_error("board field", state.Column(state.error_at), state.error);
    }
    std::string what;
    if (m.where == field.end) {
      what = state.in_holdings ? "missing ']' after the holdings" : "unexpected end of field";
    } else if (state.in_holdings) {
      what = Unexpected(m.where, field.end);
    } else if (*m.where == '0') {
      what = "empty-square count cannot start with '0'";
    } else if (*m.where == '~') {
      what = "'~' must follow a piece letter";
    } else {
      what = Unexpected(m.where, field.end);
    }
    return syntax_error("board field", state.Column(m.where), what);
  }

  auto& ranks = board.ranks;
  // Holdings written as a 9th rank of letters only (no '~', no digits), crazyhouse style.
  if (!board.holdings && ranks.size() == 9 &&
      std::all_of(ranks.back().begin(), ranks.back().end(), [](const FenBoardItem& item) {
        return item.kind == FenBoardItem::kPiece && !item.promoted;
      })) {
    std::string letters;
    for (const FenBoardItem& item : ranks.back()) letters += item.letter;
    board.holdings = std::move(letters);
    board.holdings_as_rank = true;
    board.holdings_column =
        ranks.back().empty() ? state.Column(state.rank_starts.back()) : ranks.back().front().column;
    ranks.pop_back();
  }
  if (!ranks.empty() && ranks.back().empty()) {
    return syntax_error("board field", state.Column(state.rank_starts.back()),
                        absl::StrFormat("rank %d is empty", static_cast<int>(ranks.size())));
  }
  return absl::OkStatus();
}

FenField make_field(Iter base, Field field) {
  return FenField{std::string(field.begin, field.end), static_cast<int>(field.begin - base) + 1};
}

absl::StatusOr<FenAst> parse_fen_impl(std::string_view text, const FenSchema& schema) {
  const std::vector<Field> fields = split_fields(text);
  if (fields.empty()) return absl::InvalidArgumentError("empty FEN");
  Iter const base = text.data();
  auto column_of = [base](Iter p) { return static_cast<int>(p - base) + 1; };

  const int total = static_cast<int>(fields.size());
  const int schema_size = static_cast<int>(schema.fields.size());
  const int required = std::clamp(schema.required_fields, 0, schema_size);
  if (total < 2 + required) {
    // Fields are numbered from 1; the first missing one is field total + 1.
    const std::string missing =
        total == 1 ? std::string("the side to move field")
        : kind_name(schema.fields[total - 2]) != nullptr
            ? absl::StrFormat("the %s field", kind_name(schema.fields[total - 2]))
            : absl::StrFormat("field %d", total + 1);
    return absl::InvalidArgumentError(
        absl::StrFormat("FEN has %d field%s; %s is missing (column %d)", total,
                        total == 1 ? "" : "s", missing, column_of(fields.back().end)));
  }
  if (!schema.allow_extra && total > 2 + schema_size) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FEN has too many fields: %d, at most %d expected (field %d at column %d)", total,
        2 + schema_size, 3 + schema_size, column_of(fields[2 + schema_size].begin)));
  }

  FenAst ast;
  if (absl::Status s = parse_board(base, fields[0], ast.board); !s.ok()) return s;

  const Field side = fields[1];
  if (const Match m = match_whole(side.begin, side.end, side_grammar); !m.ok) {
    const std::string what =
        m.where == side.begin
            ? absl::StrFormat("expected 'w' or 'b', found %s", detail::quote_char(*side.begin))
            : Unexpected(m.where, side.end);
    return syntax_error("side to move field", column_of(m.where), what);
  }
  ast.side = make_field(base, side);

  for (int i = 2; i < total; ++i) {
    const Field field = fields[i];
    if (i - 2 >= schema_size) {
      ast.extra.push_back(make_field(base, field));
      continue;
    }
    const FenFieldKind kind = schema.fields[i - 2];
    Match m{true, field.end};
    switch (kind) {
      case FenFieldKind::kCastling: {
        std::vector<CastlingToken> tokens;
        TokenState state{base, &tokens};
        m = match_whole(field.begin, field.end, x3::with<token_state_tag>(state)[castling_grammar]);
        if (m.ok) {
          ast.castling = make_field(base, field);
          ast.castling_tokens = std::move(tokens);
        }
        break;
      }
      case FenFieldKind::kEnPassant:
        m = match_whole(field.begin, field.end, en_passant_grammar);
        if (m.ok) ast.en_passant = make_field(base, field);
        break;
      case FenFieldKind::kHalfmove:
      case FenFieldKind::kFullmove: {
        m = match_whole(field.begin, field.end, digits_grammar);
        if (!m.ok) break;
        FenField f = make_field(base, field);
        f.number = fen_counter_value(f.text);
        if (f.number < 0)
          return syntax_error(field_label(kind, i + 1), f.column, fen_counter_range_error(f.text));
        (kind == FenFieldKind::kHalfmove ? ast.halfmove_clock : ast.fullmove_number) = std::move(f);
        break;
      }
      case FenFieldKind::kWord:
        ast.extra.push_back(make_field(base, field));
        break;
    }
    if (!m.ok) {
      return syntax_error(field_label(kind, i + 1), column_of(m.where),
                          Unexpected(m.where, field.end));
    }
  }
  return ast;
}

}  // namespace

std::int64_t fen_counter_value(std::string_view digits) {
  std::int64_t v = 0;
  for (const char c : digits) {
    v = v * 10 + (c - '0');
    if (v > kMaxFenCounter) return -1;
  }
  return v;
}

std::string fen_counter_range_error(std::string_view digits) {
  return absl::StrFormat("%s is out of range (at most %d)", message_text(digits, 20),
                         kMaxFenCounter);
}

absl::StatusOr<FenAst> parse_fen(std::string_view text, const FenSchema& schema) {
  // No exception leaves the parser layer (DESIGN.md, principle 8). Expectation failures
  // are caught where they are thrown; this is the net for anything else (bad_alloc).
  try {
    return parse_fen_impl(text, schema);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrFormat("FEN parser failure: %s", e.what()));
  }
}

}  // namespace fairykit::parsers
