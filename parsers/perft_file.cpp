// The `.perft` format is line-oriented and tiny, so plain C++ reads it: no grammar buys
// anything here, and the 60,000-line random suite parses in a few milliseconds.
//
// Line rules: a line that is empty or only whitespace ends the current record; a line whose
// first non-blank character is '#' is a comment and is skipped without ending the record
// (fluidity.perft comments inside a record); a '#' preceded by whitespace starts a trailing
// comment. A '#' inside a word (`id pos#3`) is kept.
//
// Depths and node counts go through from_chars on digits only: a number that does not fit
// is an "out of range" error, never an exception or a wrapped value.
#include "parsers/perft_file.h"

#include "parsers/message_text.h"

#include <charconv>
#include <cstdint>
#include <map>
#include <optional>
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

std::string_view strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || detail::is_space(line[i - 1]))) return line.substr(0, i);
  }
  return line;
}

// Splits off the first word; the rest is trimmed.
std::pair<std::string_view, std::string_view> split_word(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && !detail::is_space(s[i])) ++i;
  return {s.substr(0, i), detail::Trim(s.substr(i))};
}

enum class NumberResult { kOk, kNotANumber, kOutOfRange };

template <class T>
NumberResult parse_number(std::string_view s, T& value) {
  if (!detail::is_all_digits(s)) return NumberResult::kNotANumber;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range) return NumberResult::kOutOfRange;
  return ec == std::errc() && end == s.data() + s.size() ? NumberResult::kOk
                                                         : NumberResult::kNotANumber;
}

// The next line of `text` without its line end (LF, CR LF or CR); `text` keeps the rest.
std::string_view next_line(std::string_view& text) {
  std::size_t i = 0;
  while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
  const std::string_view line = text.substr(0, i);
  if (i < text.size()) i += text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
  text.remove_prefix(i);
  return line;
}

}  // namespace

absl::StatusOr<int> read_perft_depth(std::string_view text) {
  int depth = 0;
  const NumberResult r = parse_number(text, depth);
  if (r == NumberResult::kNotANumber)
    return absl::InvalidArgumentError(
        absl::StrFormat("perft depth '%s' is not a number", message_text(text)));
  if (r == NumberResult::kOutOfRange || depth < kMinPerftDepth || depth > kMaxPerftDepth) {
    return absl::InvalidArgumentError(absl::StrFormat("perft depth '%s' is out of range (%d to %d)",
                                                      message_text(text), kMinPerftDepth,
                                                      kMaxPerftDepth));
  }
  return depth;
}

absl::StatusOr<std::uint64_t> read_perft_nodes(std::string_view text) {
  std::uint64_t nodes = 0;
  switch (parse_number(text, nodes)) {
    case NumberResult::kOk:
      return nodes;
    case NumberResult::kNotANumber:
      return absl::InvalidArgumentError(
          absl::StrFormat("perft node count '%s' is not a number", message_text(text)));
    case NumberResult::kOutOfRange:
      break;
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("perft node count '%s' is out of range", message_text(text)));
}

PerftFileReader::PerftFileReader(std::string file, bool keep_other)
    : file_(std::move(file)), keep_other_(keep_other) {}

absl::Status PerftFileReader::Error(int line_no, std::string_view what) const {
  if (file_.empty())
    return absl::InvalidArgumentError(absl::StrFormat("line %d: %s", line_no, what));
  return absl::InvalidArgumentError(absl::StrFormat("%s:%d: %s", file_, line_no, what));
}

absl::StatusOr<std::optional<PerftRecord>> PerftFileReader::Close() {
  in_record_ = false;
  const PerftRecord& r = pending_.record;
  if (r.fen_line == 0) return Error(r.line, "the record has no fen or epd line");
  if (r.counts.empty()) return Error(r.line, "the record has no perft line");
  std::optional<PerftRecord> done = std::move(pending_.record);
  pending_ = Pending{};
  return done;
}

absl::Status PerftFileReader::read_line(int line_no, std::string_view keyword,
                                        std::string_view value) {
  Pending& p = pending_;
  PerftRecord& r = p.record;
  auto needs_value = [&]() {
    return Error(line_no, absl::StrFormat("%s line needs a value", keyword));
  };
  if (keyword == "id" || keyword == "variant") {
    const bool is_id = keyword == "id";
    int& seen = is_id ? p.id_line : p.variant_line;
    if (seen != 0) {
      return Error(line_no, absl::StrFormat("the record already has %s (line %d)",
                                            is_id ? "an id" : "a variant", seen));
    }
    if (value.empty()) return needs_value();
    seen = line_no;
    (is_id ? r.id : r.variant) = std::string(value);
  } else if (keyword == "fen" || keyword == "epd") {
    if (r.fen_line != 0) {
      return Error(line_no,
                   absl::StrFormat("the record already has a position (line %d)", r.fen_line));
    }
    if (value.empty()) return needs_value();
    r.fen = std::string(value);
    r.is_epd = keyword == "epd";
    r.fen_line = line_no;
  } else if (keyword == "perft") {
    const auto [depth_text, rest] = split_word(value);
    const auto [nodes_text, extra] = split_word(rest);
    if (nodes_text.empty()) return Error(line_no, "perft line needs a depth and a node count");
    if (!extra.empty()) {
      return Error(line_no, absl::StrFormat("unexpected text '%s' after the perft node count",
                                            message_text(extra)));
    }
    const absl::StatusOr<int> depth = read_perft_depth(depth_text);
    if (!depth.ok()) return Error(line_no, std::string(depth.status().message()));
    const absl::StatusOr<std::uint64_t> nodes = read_perft_nodes(nodes_text);
    if (!nodes.ok()) return Error(line_no, std::string(nodes.status().message()));
    if (const auto [it, inserted] = p.depth_lines.emplace(*depth, line_no); !inserted) {
      return Error(line_no,
                   absl::StrFormat("perft depth %d already given at line %d", *depth, it->second));
    }
    r.counts.push_back({*depth, *nodes, line_no});
  } else if (keep_other_) {
    r.other.emplace_back(std::string(keyword), std::string(value));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::optional<PerftRecord>> PerftFileReader::Add(std::string_view line,
                                                                int line_no) {
  if (detail::Trim(line).empty()) {
    if (in_record_) return Close();
    return std::nullopt;
  }
  const std::string_view content = detail::Trim(strip_comment(line));
  if (content.empty()) return std::nullopt;  // a comment line: does not end the record

  if (!in_record_) {
    in_record_ = true;
    pending_.record.line = line_no;
  }
  const auto [keyword, value] = split_word(content);
  if (absl::Status s = read_line(line_no, keyword, value); !s.ok()) return s;
  return std::nullopt;
}

absl::StatusOr<std::optional<PerftRecord>> PerftFileReader::Finish() {
  if (in_record_) return Close();
  return std::nullopt;
}

absl::StatusOr<std::vector<PerftRecord>> parse_perft_file(std::string_view text) {
  std::vector<PerftRecord> records;
  PerftFileReader reader;
  for (int line_no = 1; !text.empty(); ++line_no) {
    absl::StatusOr<std::optional<PerftRecord>> done = reader.Add(next_line(text), line_no);
    if (!done.ok()) return done.status();
    if (*done) records.push_back(**std::move(done));
  }
  absl::StatusOr<std::optional<PerftRecord>> last = reader.Finish();
  if (!last.ok()) return last.status();
  if (*last) records.push_back(**std::move(last));
  return records;
}

}  // namespace fairykit::parsers
