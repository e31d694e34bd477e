// The `.perft` format is line-oriented and tiny, so plain C++ reads it: no grammar buys
// anything here, and the 60,000-line random suite parses in a few milliseconds.
//
// Line rules: a line that is empty or only whitespace ends the current record; a line whose
// first non-blank character is '#' is a comment and is skipped without ending the record
// (fluidity.perft comments inside a record); a '#' preceded by whitespace starts a trailing
// comment. A '#' inside a word (`id pos#3`) is kept.
#include "parsers/perft_file.h"

#include <charconv>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "parsers/detail/text.h"

namespace fairykit::parsers {
namespace {

absl::Status LineError(int line, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrFormat("line %d: %s", line, what));
}

std::string_view StripComment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || detail::IsSpace(line[i - 1]))) return line.substr(0, i);
  }
  return line;
}

// Splits off the first word; the rest is trimmed.
std::pair<std::string_view, std::string_view> SplitWord(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && !detail::IsSpace(s[i])) ++i;
  return {s.substr(0, i), detail::Trim(s.substr(i))};
}

enum class NumberResult { kOk, kNotANumber, kOutOfRange };

template <class T>
NumberResult ParseNumber(std::string_view s, T& value) {
  if (!detail::IsAllDigits(s)) return NumberResult::kNotANumber;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range) return NumberResult::kOutOfRange;
  return ec == std::errc() && end == s.data() + s.size() ? NumberResult::kOk
                                                         : NumberResult::kNotANumber;
}

// "perft depth 'x' is not a number", "perft node count '99...9' is out of range".
template <class T>
absl::Status ReadNumber(int line_no, std::string_view what, std::string_view text, T& value) {
  switch (ParseNumber(text, value)) {
    case NumberResult::kOk:
      return absl::OkStatus();
    case NumberResult::kNotANumber:
      return LineError(line_no, absl::StrFormat("%s '%s' is not a number", what, text));
    case NumberResult::kOutOfRange:
      break;
  }
  return LineError(line_no, absl::StrFormat("%s '%s' is out of range", what, text));
}

// The record being read, with the lines needed for its diagnostics.
struct Pending {
  PerftRecord record;
  int id_line = 0;
  int variant_line = 0;
  std::map<int, int> depth_lines;  // depth -> line
};

absl::Status Finish(Pending& pending, std::vector<PerftRecord>& out) {
  const PerftRecord& r = pending.record;
  if (r.fen_line == 0) return LineError(r.line, "the record has no fen or epd line");
  if (r.counts.empty()) return LineError(r.line, "the record has no perft line");
  out.push_back(std::move(pending.record));
  pending = Pending{};
  return absl::OkStatus();
}

absl::Status ReadLine(int line_no, std::string_view keyword, std::string_view value, Pending& p) {
  PerftRecord& r = p.record;
  auto needs_value = [&]() {
    return LineError(line_no, absl::StrFormat("%s line needs a value", keyword));
  };
  if (keyword == "id" || keyword == "variant") {
    const bool is_id = keyword == "id";
    int& seen = is_id ? p.id_line : p.variant_line;
    if (seen != 0) {
      return LineError(line_no, absl::StrFormat("the record already has %s (line %d)",
                                                is_id ? "an id" : "a variant", seen));
    }
    if (value.empty()) return needs_value();
    seen = line_no;
    (is_id ? r.id : r.variant) = std::string(value);
  } else if (keyword == "fen" || keyword == "epd") {
    if (r.fen_line != 0) {
      return LineError(line_no,
                       absl::StrFormat("the record already has a position (line %d)", r.fen_line));
    }
    if (value.empty()) return needs_value();
    r.fen = std::string(value);
    r.is_epd = keyword == "epd";
    r.fen_line = line_no;
  } else if (keyword == "perft") {
    const auto [depth_text, rest] = SplitWord(value);
    const auto [nodes_text, extra] = SplitWord(rest);
    if (nodes_text.empty()) {
      return LineError(line_no, "perft line needs a depth and a node count");
    }
    if (!extra.empty()) {
      return LineError(line_no,
                       absl::StrFormat("unexpected text '%s' after the perft node count", extra));
    }
    PerftCount count;
    count.line = line_no;
    if (absl::Status s = ReadNumber(line_no, "perft depth", depth_text, count.depth); !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadNumber(line_no, "perft node count", nodes_text, count.nodes);
        !s.ok()) {
      return s;
    }
    if (const auto [it, inserted] = p.depth_lines.emplace(count.depth, line_no); !inserted) {
      return LineError(line_no, absl::StrFormat("perft depth %d already given at line %d",
                                                count.depth, it->second));
    }
    r.counts.push_back(count);
  } else {
    r.other.emplace_back(std::string(keyword), std::string(value));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<PerftRecord>> ParsePerftFile(std::string_view text) {
  std::vector<PerftRecord> records;
  Pending pending;
  bool in_record = false;
  int line_no = 0;
  while (!text.empty() || line_no == 0) {
    const std::size_t newline = text.find('\n');
    const std::string_view raw = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    ++line_no;

    if (detail::Trim(raw).empty()) {
      if (in_record) {
        if (absl::Status s = Finish(pending, records); !s.ok()) return s;
        in_record = false;
      }
      continue;
    }
    const std::string_view content = detail::Trim(StripComment(raw));
    if (content.empty()) continue;  // a comment line: does not end the record

    if (!in_record) {
      in_record = true;
      pending.record.line = line_no;
    }
    const auto [keyword, value] = SplitWord(content);
    if (absl::Status s = ReadLine(line_no, keyword, value, pending); !s.ok()) return s;
  }
  if (in_record) {
    if (absl::Status s = Finish(pending, records); !s.ok()) return s;
  }
  return records;
}

}  // namespace fairykit::parsers
