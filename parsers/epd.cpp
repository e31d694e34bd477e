// EPD syntax: the FEN part goes through parse_fen, the operations through an X3 grammar.
//
// The FEN part is the first four whitespace-separated tokens (a token also ends at ';',
// which no FEN field contains), plus up to two all-digit tokens after them: the clocks of
// suites that write full FENs. An opcode starts with a letter, so a bare number there
// cannot be the first operation.
//
// The operations grammar reads `;` and operations in any order, which covers both the
// standard form (`id "x"; bm e4;`, ';' after each) and the perft-suite form (`;D1 20 ;D2
// 400`, ';' before each). Quoted strings swallow ';', so splitting happens outside them.
#include <boost/spirit/home/x3.hpp>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "parsers/detail/text.h"
#include "parsers/fen.h"

namespace fairykit::parsers {
namespace {

namespace x3 = boost::spirit::x3;
using Iter = const char*;

struct OpsState {
  Iter base = nullptr;  // start of the line
  std::vector<EpdOperation>* operations = nullptr;
};
struct ops_state_tag;

template <class Context>
OpsState& State(const Context& ctx) {
  return x3::get<ops_state_tag>(ctx);
}

const auto begin_operation = [](auto& ctx) {
  OpsState& s = State(ctx);
  const auto& range = x3::_attr(ctx);
  EpdOperation op;
  op.opcode.assign(range.begin(), range.end());
  op.column = static_cast<int>(range.begin() - s.base) + 1;
  s.operations->push_back(std::move(op));
};

const auto add_string = [](auto& ctx) {
  State(ctx).operations->back().operands.push_back(std::move(x3::_attr(ctx)));
};

const auto add_bare = [](auto& ctx) {
  const auto& range = x3::_attr(ctx);
  State(ctx).operations->back().operands.emplace_back(range.begin(), range.end());
};

// An opcode is a letter then letters, digits or '_', and must end at a separator.
const auto opcode_rule =
    x3::lexeme[x3::raw[x3::ascii::alpha >> *(x3::ascii::alnum | x3::char_('_'))] >
               &(x3::ascii::space | x3::lit(';') | x3::lit('"') | x3::eoi)];
// Only \" and \\ are escapes; any other backslash is kept as written.
// The rule fixes the attribute to std::string (the bare alternative would give variant<char,char>).
const auto quoted = x3::rule<struct quoted_class, std::string>{"string"} =
    x3::lexeme['"' >> *(('\\' >> x3::char_("\"\\")) | (x3::char_ - '"')) >> '"'];
const auto bare = x3::lexeme[x3::raw[+(x3::char_ - x3::ascii::space - ';' - '"')]];
const auto operand = quoted[add_string] | bare[add_bare];
const auto operation = opcode_rule[begin_operation] >> *operand;
const auto operations_grammar = *(x3::lit(';') | operation);

// Whether a '"' at `p` has a closing quote before `end` (honouring the escapes).
bool is_terminated(Iter p, Iter end) {
  for (++p; p != end; ++p) {
    if (*p == '\\' && p + 1 != end && (p[1] == '"' || p[1] == '\\')) {
      ++p;
    } else if (*p == '"') {
      return true;
    }
  }
  return false;
}

absl::Status parse_operations(Iter base, Iter first, Iter last, std::vector<EpdOperation>& out) {
  OpsState state{base, &out};
  auto column_of = [base](Iter p) { return static_cast<int>(p - base) + 1; };
  Iter it = first;
  try {
    x3::phrase_parse(it, last, x3::with<ops_state_tag>(state)[operations_grammar],
                     x3::ascii::space);
  } catch (const x3::expectation_failure<Iter>& e) {
    return absl::InvalidArgumentError(
        absl::StrFormat("EPD operation, column %d: unexpected character %s in opcode",
                        column_of(e.where()), detail::quote_char(*e.where())));
  }
  if (it == last) return absl::OkStatus();
  // The kleene stopped where neither ';' nor an operation starts. An operand never fails
  // (it just ends the operation), so this is an opcode position, or a string with no end.
  const std::string what = *it == '"' && !is_terminated(it, last)
                               ? std::string("unterminated string")
                               : "expected an opcode, found " + detail::quote_char(*it);
  return absl::InvalidArgumentError(
      absl::StrFormat("EPD operation, column %d: %s", column_of(it), what));
}

// End of the FEN part of an EPD line (see the file comment).
Iter fen_part_end(Iter first, Iter last) {
  Iter p = first;
  Iter fen_end = first;
  int tokens = 0;
  while (true) {
    while (p != last && detail::is_space(*p)) ++p;
    if (p == last || *p == ';') break;
    Iter const start = p;
    while (p != last && !detail::is_space(*p) && *p != ';') ++p;
    if (tokens >= 4 && (tokens >= 6 || !detail::is_all_digits(std::string_view(start, p - start))))
      break;
    ++tokens;
    fen_end = p;
  }
  return fen_end;
}

absl::StatusOr<EpdRecord> parse_epd_impl(std::string_view line) {
  if (detail::Trim(line).empty()) return absl::InvalidArgumentError("empty EPD line");
  Iter const base = line.data();
  Iter const last = base + line.size();
  Iter const fen_end = fen_part_end(base, last);

  EpdRecord record;
  absl::StatusOr<FenAst> fen = parse_fen(std::string_view(base, fen_end - base), FenSchema{});
  if (!fen.ok()) return fen.status();
  record.position = *std::move(fen);
  if (absl::Status s = parse_operations(base, fen_end, last, record.operations); !s.ok()) return s;
  return record;
}

}  // namespace

const EpdOperation* EpdRecord::Find(std::string_view opcode) const {
  for (const EpdOperation& op : operations) {
    if (op.opcode == opcode) return &op;
  }
  return nullptr;
}

absl::StatusOr<EpdRecord> parse_epd(std::string_view line) {
  try {
    return parse_epd_impl(line);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrFormat("EPD parser failure: %s", e.what()));
  }
}

}  // namespace fairykit::parsers
