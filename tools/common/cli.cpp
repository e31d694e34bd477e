#include "tools/common/cli.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <streambuf>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"

namespace fairykit::cli {

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

const std::vector<std::string>& Args::all(const std::string& name) const {
  static const std::vector<std::string> kEmpty;
  auto it = values.find(name);
  return it == values.end() ? kEmpty : it->second;
}

namespace {

// The edit distance of a and b, a swap of two neighbours counting as one edit (--fromat).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> nearest_flag(std::string_view name, const std::vector<FlagSpec>& specs) {
  // The nearest flag by edits, within a third of the name's length; else the flag that the
  // typed name begins (--form) or that begins the typed name (--to-csv), when only one does.
  const FlagSpec* prefix = nullptr;
  int prefixes = 0;
  const FlagSpec* nearest = nullptr;
  std::size_t best = 0;
  for (const FlagSpec& s : specs) {
    if (s.hidden || s.name.empty()) continue;
    if (name.size() >= 2 && (s.name.starts_with(name) || name.starts_with(s.name))) {
      prefix = &s;
      ++prefixes;
    }
    const std::size_t d = edit_distance(name, s.name);
    if (nearest == nullptr || d < best) {
      nearest = &s;
      best = d;
    }
  }
  if (nearest != nullptr && best <= std::max<std::size_t>(1, name.size() / 3)) return nearest->name;
  if (prefixes == 1) return prefix->name;
  return std::nullopt;
}

absl::StatusOr<Args> parse(int argc, char** argv, const std::vector<FlagSpec>& specs) {
  Args args;
  bool flags_done = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (flags_done || a.size() < 2 || a[0] != '-') {
      args.positional.emplace_back(a);
      continue;
    }
    if (a == "--") {
      flags_done = true;
      continue;
    }
    const FlagSpec* spec = nullptr;
    std::optional<std::string> inline_value;
    std::string shown;
    std::optional<std::string> suggestion;
    if (a.substr(0, 2) == "--") {
      std::string_view body = a.substr(2);
      std::size_t eq = body.find('=');
      std::string_view name = body.substr(0, eq);
      if (eq != std::string_view::npos) inline_value = std::string(body.substr(eq + 1));
      for (const FlagSpec& s : specs)
        if (s.name == name) spec = &s;
      shown = "--" + std::string(name);
      if (!spec) suggestion = nearest_flag(name, specs);
    } else {
      for (const FlagSpec& s : specs)
        if (s.short_name && s.short_name == a[1]) spec = &s;
      if (a.size() > 2) inline_value = std::string(a.substr(2));
      shown = std::string(a.substr(0, 2));
    }
    if (!spec)
      return absl::InvalidArgumentError(
          suggestion
              ? absl::StrCat("unknown option '", shown, "'; did you mean --", *suggestion, "?")
              : absl::StrCat("unknown option '", shown, "'"));
    std::string value;
    if (spec->takes_value) {
      if (inline_value) {
        value = *inline_value;
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrCat("option '", shown, "' needs a value"));
      }
    } else if (inline_value) {
      return absl::InvalidArgumentError(absl::StrCat("option '", shown, "' takes no value"));
    }
    auto& vals = args.values[spec->name];
    if (!spec->repeatable) vals.clear();
    vals.push_back(value);
  }
  return args;
}

absl::StatusOr<Args> parse(int argc, char** argv, const CommandLine& cl) {
  std::vector<FlagSpec> specs;
  for (const FlagSpec& f : cl.flags)
    if (!f.again) specs.push_back(f);
  specs.push_back({.name = "generate", .takes_value = true, .hidden = true});
  return parse(argc, argv, specs);
}

bool jobs_flag(const Args& args, std::string_view tool, int& into) {
  int jobs = into;
  if (!int_flag(args, tool, "jobs", 0, 1024, jobs)) return false;
  if (jobs == 0) jobs = int(std::clamp(std::thread::hardware_concurrency(), 1u, 1024u));
  into = jobs;
  return true;
}

std::vector<std::string> input_files(const Args& args, std::string_view tool) {
  if (!args.positional.empty()) return args.positional;
  if (::isatty(STDIN_FILENO) == 1)
    std::cerr << tool
              << ": reading games from the terminal: type or paste them and end with Ctrl-D, "
                 "or give FILE... (see --help)\n";
  return {"-"};
}

std::vector<std::string> fen_dialect_choices() {
  std::vector<std::string> names;
  for (const FenDialectInfo& d : all_fen_dialects()) names.emplace_back(d.name);
  return names;
}

int usage_error(std::string_view tool, const std::string& message) {
  std::cerr << tool << ": " << message << "\nTry '" << tool << " --help' for more information.\n";
  return 2;
}

const VariantInfo* variant_flag(const Args& args, std::string_view tool) {
  const std::string name = args.get("variant").value_or("chess");
  const VariantInfo* variant = find_variant(name);
  if (!variant)
    usage_error(tool, "unknown variant '" + name + "' (known: " + variant_names() + ")");
  return variant;
}

std::optional<int> handle_common_flags(const Args& args, const CommandLine& cl,
                                       std::string_view detail) {
  if (args.has("help")) {
    std::cout << help_text(cl);
    return 0;
  }
  if (args.has("version")) {
    std::cout << cl.tool << " (fairykit) " << kVersion;
    if (!detail.empty()) std::cout << " (" << detail << ")";
    std::cout << "\n";
    return 0;
  }
  if (args.has("list-variants")) {
    for (const VariantInfo& v : all_variants())
      std::cout << absl::StrFormat("%-10s %s\n", v.name, v.description);
    return 0;
  }
  if (std::optional<std::string> format = args.get("generate")) {
    std::optional<std::string> text = generate(cl, *format);
    if (!text) return usage_error(cl.tool, "--generate wants bash, zsh, fish, man or table");
    std::cout << *text;
    return 0;
  }
  return std::nullopt;
}

namespace {

// std::cout's buffer in run_main(): plain write(2) to descriptor 1, keeping the reason of
// the first failure (the C library's error flag would keep only that there was one).
// Line-buffered on a terminal, so that reports and the diagnostics on standard error
// appear in order there.
class StdoutBuffer final : public std::streambuf {
 public:
  StdoutBuffer() : line_buffered_(::isatty(STDOUT_FILENO) == 1) {
    setp(buffer_, buffer_ + sizeof buffer_);
  }
  // 0, or the errno of the first write that failed.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
      if (line_buffered_ && ch == '\n' && !drain()) return traits_type::eof();
    }
    return traits_type::not_eof(ch);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::streamsize done = std::streambuf::xsputn(s, n);
    if (line_buffered_ && std::char_traits<char>::find(s, std::size_t(done), '\n') != nullptr)
      drain();
    return done;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    std::size_t left = std::size_t(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(STDOUT_FILENO, p, left);
      if (n < 0) {
        if (errno != EINTR) error_ = errno;
        continue;
      }
      p += n;
      left -= std::size_t(n);
    }
    setp(buffer_, buffer_ + sizeof buffer_);  // after a failure the bytes are dropped
    return error_ == 0;
  }

  char buffer_[1 << 16];
  int error_ = 0;
  bool line_buffered_ = false;
};

// A closed standard descriptor would be taken by the next file the tool opens (an input,
// or the temporary file of an output, which the report would then be written into).
// Each one that is closed gets /dev/null opened read-only, so that writes to it fail
// (EBADF) and are reported instead of going anywhere. True when descriptor 1 was closed.
bool occupy_closed_std_descriptors() {
  bool stdout_closed = false;
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDOUT_FILENO) stdout_closed = true;
    const int got = ::open("/dev/null", O_RDONLY);
    if (got >= 0 && got != fd) {
      ::dup2(got, fd);
      ::close(got);
    }
  }
  return stdout_closed;
}

// Descriptor 1 was closed when the tool started (run_main): writes to it fail with EBADF.
bool g_stdout_closed = false;

}  // namespace

std::string stdout_error(int err) {
  return absl::StrCat("cannot write standard output: ",
                      g_stdout_closed ? "it is closed" : std::strerror(err));
}

int run_main(std::string_view tool, int argc, char** argv, int (*real_main)(int, char**)) {
  g_stdout_closed = occupy_closed_std_descriptors();
  StdoutBuffer buffer;
  std::streambuf* const original = std::cout.rdbuf(&buffer);
  int status = 2;
  try {
    status = real_main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << tool << ": internal error: " << e.what() << '\n';
    status = 2;
  } catch (...) {
    std::cerr << tool << ": internal error\n";
    status = 2;
  }
  std::cout.flush();
  std::cout.rdbuf(original);
  // What went through stdio (printf) rather than std::cout: its own error, with its errno.
  int err = buffer.error();
  if (err == 0) {
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) err = errno != 0 ? errno : EIO;
  }
  if (err != 0) {
    std::cerr << tool << ": " << stdout_error(err) << '\n';
    return 2;
  }
  if (std::fflush(stderr) != 0 || std::ferror(stderr)) return 2;  // nowhere left to say it
  return status;
}

absl::StatusOr<long long> parse_int(const std::string& flag, const std::string& text, long long lo,
                                    long long hi) {
  long long v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi)
    return absl::InvalidArgumentError(absl::StrCat("--", flag, " wants a whole number from ", lo,
                                                   " to ", hi, ", not '", text, "'"));
  return v;
}

}  // namespace fairykit::cli
