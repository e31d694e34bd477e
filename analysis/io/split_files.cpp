#include "analysis/io/split_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"

namespace fairykit::analysis {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxSafeBytes = 100;

// The code point of the UTF-8 sequence at `s[i]` and its length; length 0 when the bytes
// there are no valid sequence (a stray continuation byte, an overlong form, a surrogate,
// beyond U+10FFFF, cut short).
std::pair<char32_t, std::size_t> utf8_at(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return {0, 0};
  char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return {0, 0};
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kLeast[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0, 0};
  return {cp, n};
}

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_at(s, i).second;
    if (n == 0) return false;
    i += n;
  }
  return true;
}

bool kept_ascii(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' ||
         c == '-';
}

// Characters that look like nothing, or like a space, or turn the text around on a screen:
// a file name holding them cannot be told from another one.
bool kept_wide(char32_t cp) {
  return cp >= 0xA1 && !(cp >= 0x2000 && cp <= 0x206F) && cp != 0xFEFF;
}

std::string games(std::uint64_t n) { return absl::StrCat(n, n == 1 ? " game" : " games"); }

}  // namespace

absl::StatusOr<SplitPattern> SplitPattern::parse(std::string_view flag, std::string_view pattern) {
  SplitPattern p;
  p.text_ = std::string(pattern);
  auto error = [&](std::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat(std::string(flag), " '", std::string(pattern), "': ", std::string(what)));
  };
  const std::size_t slash = pattern.rfind('/');
  std::string_view name = pattern;
  if (slash != std::string_view::npos) {
    p.directory_ = std::string(pattern.substr(0, slash == 0 ? 1 : slash));
    name = pattern.substr(slash + 1);
    if (p.directory_.find_first_of("{}") != std::string::npos)
      return error("a field may only be in the file name, not in its directories");
  }
  if (name.empty()) return error("no file name (the pattern ends in '/' or is empty)");
  std::string text;
  auto flush_text = [&] {
    if (!text.empty()) p.pieces_.push_back(Piece{Piece::kText, std::exchange(text, ""), 0});
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '}') {
      if (i + 1 < name.size() && name[i + 1] == '}') {
        text += '}';
        ++i;
        continue;
      }
      return error("'}' without '{' (write }} for a brace)");
    }
    if (c != '{') {
      text += c;
      continue;
    }
    if (i + 1 < name.size() && name[i + 1] == '{') {
      text += '{';
      ++i;
      continue;
    }
    const std::size_t close = name.find('}', i + 1);
    if (close == std::string_view::npos) return error("'{' without '}' (write {{ for a brace)");
    const std::string_view field = name.substr(i + 1, close - i - 1);
    flush_text();
    if (field == "value") {
      p.pieces_.push_back(Piece{Piece::kValue, "", 0});
      p.has_value_ = true;
    } else if (field == "n" || field.starts_with("n:")) {
      int width = 4;
      if (field.size() > 1) {
        const std::string_view w = field.substr(2);
        const bool digits =
            !w.empty() && w.size() <= 2 &&
            std::all_of(w.begin(), w.end(), [](char d) { return d >= '0' && d <= '9'; });
        width = digits ? std::stoi(std::string(w)) : 0;
        if (width < 1 || width > 20)
          return error(
              absl::StrCat("{n:WIDTH} wants a width from 1 to 20, not '", std::string(w), "'"));
      }
      p.pieces_.push_back(Piece{Piece::kNumber, "", width});
      p.has_number_ = true;
    } else {
      return error(absl::StrCat("unknown field {", parsers::message_text(field),
                                "} (known: {n}, {n:WIDTH}, {value})"));
    }
    i = close;
  }
  flush_text();
  return p;
}

std::string SplitPattern::expand(std::uint64_t n, std::string_view value) const {
  std::string name;
  for (const Piece& piece : pieces_) {
    switch (piece.kind) {
      case Piece::kText:
        name += piece.text;
        break;
      case Piece::kValue:
        name += value;
        break;
      case Piece::kNumber: {
        const std::string digits = std::to_string(n);
        if (digits.size() < std::size_t(piece.width)) name.append(piece.width - digits.size(), '0');
        name += digits;
        break;
      }
    }
  }
  if (directory_.empty()) return name;
  return directory_.ends_with('/') ? directory_ + name : absl::StrCat(directory_, "/", name);
}

std::string safe_file_value(std::string_view value) {
  std::string out;
  const bool utf8 = valid_utf8(value);
  for (std::size_t i = 0; i < value.size();) {
    const auto [cp, n] = utf8 ? utf8_at(value, i) : std::pair<char32_t, std::size_t>{0, 1};
    const std::string_view piece = value.substr(i, n);
    const bool keep = n == 1 ? kept_ascii(value[i]) : kept_wide(cp);
    if (out.size() + (keep ? piece.size() : 1) > kMaxSafeBytes) break;
    if (keep)
      out += piece;
    else
      out += '_';
    i += n;
  }
  if (out.empty()) return "_";
  if (out[0] == '.' || out[0] == '-') out[0] = '_';
  return out;
}

absl::StatusOr<std::unique_ptr<SplitFiles>> SplitFiles::make(std::string_view flag,
                                                             SplitPattern pattern,
                                                             SplitOptions options,
                                                             std::vector<std::string> inputs,
                                                             std::vector<OutputSpec> others) {
  if (!pattern.directory().empty()) {
    std::error_code ec;
    const fs::file_status st = fs::status(pattern.directory(), ec);
    if (!fs::exists(st))
      return absl::InvalidArgumentError(absl::StrCat(std::string(flag), " '", pattern.text(),
                                                     "': the directory '", pattern.directory(),
                                                     "' does not exist"));
    if (!fs::is_directory(st))
      return absl::InvalidArgumentError(absl::StrCat(std::string(flag), " '", pattern.text(),
                                                     "': '", pattern.directory(),
                                                     "' is not a directory"));
  }
  if (options.max_open < 1) options.max_open = 1;
  auto files = std::unique_ptr<SplitFiles>(new SplitFiles(std::string(flag), std::move(pattern),
                                                          std::move(options), std::move(inputs),
                                                          std::move(others)));
  // The records without a value keep their name whatever values come first.
  if (files->options_.records_per_file == 0 && files->pattern_.has_value()) {
    const std::string& missing = files->options_.missing_name;
    files->taken_[absl::AsciiStrToLower(missing)] = Taken{1, files->pattern_.expand(0, missing)};
  }
  return files;
}

void SplitFiles::name(File& f, const std::optional<std::string_view>& value) {
  const std::uint64_t n = files_.size();
  if (!pattern_.has_value()) {
    f.path = pattern_.expand(n, "");
    return;
  }
  if (!value) {
    f.path = pattern_.expand(n, options_.missing_name);
    return;
  }
  const std::string safe = safe_file_value(*value);
  // With {n} in the name too, every name is apart already.
  if (pattern_.has_number()) {
    f.path = pattern_.expand(n, safe);
    return;
  }
  Taken& t = taken_[absl::AsciiStrToLower(safe)];
  if (++t.times == 1) {
    f.path = pattern_.expand(n, safe);
    t.first = f.path;
    return;
  }
  // '~' is no character of a safe name: "NAME~2" is never the safe name of another value.
  f.path = pattern_.expand(n, absl::StrCat(safe, "~", t.times));
  notes_.push_back(absl::StrCat(options_.value_of, " \"", parsers::message_text(*value, 100),
                                "\" goes to '", f.path, "': '", t.first,
                                "' is the file of another value"));
}

void SplitFiles::make_room() {
  if (open_files_.size() < options_.max_open) return;
  auto oldest = std::min_element(open_files_.begin(), open_files_.end(),
                                 [](File* a, File* b) { return a->last_use < b->last_use; });
  File& old = **oldest;
  open_files_.erase(oldest);
  old.open = false;
  old.out->suspend();
  if (!old.out->status().ok()) fail(old, old.out->status());
}

SplitFiles::File* SplitFiles::make_file(const std::optional<std::string_view>& value) {
  auto owned = std::make_unique<File>();
  File& f = *owned;
  files_.push_back(std::move(owned));
  if (options_.records_per_file == 0) {
    if (value)
      by_value_.emplace(std::string(*value), &f);
    else
      missing_ = &f;
    f.value = value ? std::optional<std::string>(std::string(*value)) : std::nullopt;
  }
  name(f, value);
  f.last_use = ++clock_;
  std::vector<OutputSpec> outputs = others_;
  outputs.push_back({flag_, f.path});
  if (absl::Status st = check_outputs(inputs_, outputs); !st.ok()) {
    fail(f, std::move(st));
    return &f;
  }
  make_room();
  absl::StatusOr<std::unique_ptr<OutputFile>> out =
      OutputFile::open(f.path, OutputFile::Links::kRefuse, options_.buffer);
  if (!out.ok()) {
    fail(f, out.status());
    return &f;
  }
  f.out = std::move(*out);
  f.open = true;
  open_files_.push_back(&f);
  f.out->write(options_.head);
  return &f;
}

bool SplitFiles::ready(File& f) {
  if (f.failed || f.done) return false;
  f.last_use = ++clock_;
  if (f.open) return true;
  make_room();
  f.out->resume();
  if (!f.out->status().ok()) {
    fail(f, f.out->status());
    return false;
  }
  f.open = true;
  open_files_.push_back(&f);
  return true;
}

bool SplitFiles::add(const std::optional<std::string_view>& value, std::string_view record) {
  File* f = nullptr;
  if (options_.records_per_file > 0) {
    if (!current_) current_ = make_file(std::nullopt);
    f = current_;
  } else if (!value) {
    f = missing_ ? missing_ : make_file(std::nullopt);
  } else if (auto it = by_value_.find(std::string(*value)); it != by_value_.end()) {
    f = it->second;
  } else {
    f = make_file(value);
  }
  ++f->records;
  ++records_;
  if (options_.records_per_file > 0 && f->records == options_.records_per_file) current_ = nullptr;
  if (!ready(*f)) return false;
  if (f->records > 1) f->out->write(options_.separator);
  f->out->write(record);
  if (!f->out->status().ok()) {
    fail(*f, f->out->status());
    return false;
  }
  if (options_.records_per_file > 0 && f->records == options_.records_per_file) {
    finish(*f);
    return !f->failed;
  }
  return true;
}

void SplitFiles::finish(File& f) {
  if (f.done || f.failed) return;
  // A suspended file is committed as it is when there is no tail to write: opened again, a
  // compressed one would end with an empty member.
  if (!options_.tail.empty()) {
    if (!ready(f)) return;
    f.out->write(options_.tail);
  }
  std::erase(open_files_, &f);
  f.open = false;
  if (absl::Status st = f.out->commit(); !st.ok()) {
    fail(f, std::move(st));
    return;
  }
  f.out.reset();
  f.done = true;
}

void SplitFiles::fail(File& f, absl::Status st) {
  if (f.failed) return;
  f.failed = true;
  errors_.push_back(std::move(st));
  std::erase(open_files_, &f);
  f.open = false;
  f.out.reset();  // the temporary file removed, the target left as it was
}

std::vector<std::string> SplitFiles::take_notes() { return std::exchange(notes_, {}); }

std::vector<absl::Status> SplitFiles::commit() {
  for (const std::unique_ptr<File>& f : files_) finish(*f);
  return std::exchange(errors_, {});
}

std::string SplitFiles::summary() const {
  std::string s = absl::StrCat("split: ", games(records_), " in ", files_.size(),
                               files_.size() == 1 ? " file\n" : " files\n");
  for (const std::unique_ptr<File>& f : files_) {
    absl::StrAppend(&s, "  ", f->path, ": ", games(f->records));
    if (options_.records_per_file == 0) {
      if (f->value)
        absl::StrAppend(&s, " (", options_.value_of, " \"", parsers::message_text(*f->value, 100),
                        "\")");
      else
        absl::StrAppend(&s, " (no ", options_.value_of, ")");
    }
    if (f->failed) s += " (not written)";
    s += '\n';
  }
  return s;
}

}  // namespace fairykit::analysis
