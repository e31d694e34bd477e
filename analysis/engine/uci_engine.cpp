#include "analysis/engine/uci_engine.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <thread>

#include "absl/container/flat_hash_set.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "parsers/message_text.h"

extern char** environ;

namespace fairykit::analysis {

namespace {

constexpr std::size_t kMaxLine = std::size_t{1} << 20;
constexpr std::size_t kMaxLinesPerAnswer = 1000000;

using Clock = std::chrono::steady_clock;

// A command or an engine's line quoted in a message, at most 200 characters.
std::string quote_text(std::string_view text) {
  return absl::StrCat("\"", parsers::message_text(text, 200), "\"");
}

// std::string_view and Abseil's string_view are different types in this Abseil.
absl::string_view av(std::string_view s) { return absl::string_view(s.data(), s.size()); }
std::string_view sv(absl::string_view s) { return std::string_view(s.data(), s.size()); }

std::string errno_text(int e) { return std::strerror(e); }

// "60 s", "0.5 s".
std::string seconds_text(double s) { return absl::StrFormat("%g s", s); }

// How a process ended, from waitpid's status.
std::string exit_text(int status) {
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    std::string text = absl::StrCat("exited with status ", code);
    // The shell's own codes: sh -c could not run the command at all.
    if (code == 127) absl::StrAppend(&text, " (the shell found no such command)");
    if (code == 126) absl::StrAppend(&text, " (the shell could not execute the command)");
    // A shell that ran the engine as its child reports the engine's death by signal N so.
    if (code > 128 && code < 128 + 65) {
      const char* name = strsignal(code - 128);
      absl::StrAppend(&text, " (a shell's status for a command killed by signal ", code - 128,
                      name ? absl::StrCat(", ", name) : "", ")");
    }
    return text;
  }
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return absl::StrCat("was killed by signal ", sig, name ? absl::StrCat(" (", name, ")") : "");
  }
  return "stopped";
}

// Whether `line` begins with `word` followed by the end or a blank.
bool starts_with_word(std::string_view line, std::string_view word) {
  return line.substr(0, word.size()) == word &&
         (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t');
}

// The process groups of the engines running, so that they end with this process on every
// path: a signal that ends it (the engine, in a group of its own, does not get the
// terminal's SIGINT), exit() from anywhere, and the normal paths (stop(), kill_now()).
// Room for fairy-analyze's largest pool (--engines) and a spare.
constexpr int kGroupSlots = 80;
std::array<std::atomic<pid_t>, kGroupSlots> g_groups{};
constexpr int kFatalSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ, SIGABRT};
std::array<struct sigaction, std::size(kFatalSignals)> g_previous{};
std::once_flag g_installed;

void kill_groups() {
  for (auto& slot : g_groups)
    if (const pid_t g = slot.load(); g > 0) ::kill(-g, SIGKILL);
}

// Async-signal-safe: kill(2), sigaction(2), raise(2). The handler that was there before
// (fairy-convert's removal of temporary files, say) runs after it, else the default action.
extern "C" void kill_engines_on_signal(int sig) {
  kill_groups();
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    if (kFatalSignals[i] != sig) continue;
    const struct sigaction& prev = g_previous[i];
    if (!(prev.sa_flags & SA_SIGINFO) && prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
      prev.sa_handler(sig);
      return;
    }
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_group_killers() {
  std::call_once(g_installed, [] {
    for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
      struct sigaction old {};
      if (::sigaction(kFatalSignals[i], nullptr, &old) != 0) continue;
      // An ignored signal does not end this process: nothing to do then.
      if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN) continue;
      g_previous[i] = old;
      struct sigaction sa {};
      sa.sa_handler = kill_engines_on_signal;
      ::sigemptyset(&sa.sa_mask);
      ::sigaction(kFatalSignals[i], &sa, nullptr);
    }
    std::atexit(kill_groups);
  });
}

void register_group(pid_t group) {
  install_group_killers();
  for (auto& slot : g_groups) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, group)) return;
  }
}

void unregister_group(pid_t group) {
  for (auto& slot : g_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

}  // namespace

absl::StatusOr<std::unique_ptr<UciEngine>> UciEngine::start(const Options& options) {
  std::unique_ptr<UciEngine> engine(new UciEngine(options));
  if (absl::Status s = engine->spawn(); !s.ok()) return s;
  if (absl::Status s = engine->handshake(); !s.ok()) return s;
  return engine;
}

absl::Status UciEngine::list_options() { return handshake(); }

absl::Status UciEngine::handshake() {
  const std::string_view asked = "\"uci\"";
  const Deadline deadline = this->deadline();
  if (absl::Status s = send("uci", asked, deadline); !s.ok()) return s;
  options_listed_.clear();
  for (std::size_t lines = 0;; ++lines) {
    if (lines >= kMaxLinesPerAnswer)
      return failure(absl::StrCat("sent more than ", kMaxLinesPerAnswer, " lines"), asked);
    absl::StatusOr<std::string> line = read_line(asked, deadline);
    if (!line.ok()) return line.status();
    const std::string_view l = sv(absl::StripAsciiWhitespace(*line));
    if (l == "uciok") break;
    if (starts_with_word(l, "id")) {
      const std::string_view rest = sv(absl::StripLeadingAsciiWhitespace(av(l.substr(2))));
      if (starts_with_word(rest, "name"))
        name_ = std::string(absl::StripAsciiWhitespace(av(rest.substr(4))));
    } else if (starts_with_word(l, "option")) {
      // option name NAME (words) type T [default D] [var V]... (a combo's choices)
      const std::vector<absl::string_view> words =
          absl::StrSplit(av(l), absl::ByAnyChar(" \t"), absl::SkipWhitespace());
      Option option;
      enum { kNone, kName, kType, kVar } in = kNone;
      for (absl::string_view w : words) {
        if (w == "name" && in == kNone && option.name.empty()) {
          in = kName;
        } else if (w == "type" && in == kName) {
          in = kType;
        } else if (w == "var" && (in == kType || in == kVar)) {
          in = kVar;
          option.choices.emplace_back();
        } else if (in == kName) {
          absl::StrAppend(&option.name, option.name.empty() ? "" : " ", w);
        } else if (in == kVar) {
          std::string& choice = option.choices.back();
          absl::StrAppend(&choice, choice.empty() ? "" : " ", w);
        }
      }
      if (!option.name.empty()) options_listed_.push_back(std::move(option));
    }
  }
  return absl::OkStatus();
}

UciEngine::~UciEngine() { stop(); }

bool UciEngine::has_option(std::string_view name) const {
  for (const Option& o : options_listed_)
    if (absl::EqualsIgnoreCase(o.name, av(name))) return true;
  return false;
}

std::vector<std::string> UciEngine::option_choices(std::string_view name) const {
  for (const Option& o : options_listed_)
    if (absl::EqualsIgnoreCase(o.name, av(name))) return o.choices;
  return {};
}

absl::Status UciEngine::spawn() {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0)
    return absl::UnavailableError(absl::StrCat("cannot make a pipe: ", errno_text(errno)));
  if (pipe2(out, O_CLOEXEC) != 0) {
    const int e = errno;
    close(in[0]);
    close(in[1]);
    return absl::UnavailableError(absl::StrCat("cannot make a pipe: ", errno_text(e)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // A process group of its own (killed as a whole), default SIGPIPE and no blocked signal
  // whatever this process does with them.
  sigset_t none, pipe_signal;
  sigemptyset(&none);
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &pipe_signal);
  std::string sh = "sh", dash_c = "-c", command = options_.command;
  char* argv[] = {sh.data(), dash_c.data(), command.data(), nullptr};
  const int rc = posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(in[0]);
  close(out[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    pid_ = -1;
    return absl::UnavailableError(absl::StrCat("cannot start the engine ",
                                               quote_text(options_.command), ": ", errno_text(rc)));
  }
  register_group(pid_);
  to_engine_ = in[1];
  from_engine_ = out[0];
  fcntl(to_engine_, F_SETFL, fcntl(to_engine_, F_GETFL) | O_NONBLOCK);
  fcntl(from_engine_, F_SETFL, fcntl(from_engine_, F_GETFL) | O_NONBLOCK);
  return absl::OkStatus();
}

UciEngine::Deadline UciEngine::deadline() const {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(options_.timeout_seconds));
}

std::string UciEngine::timeout_text() const {
  return absl::StrCat("did not complete its answer in ", seconds_text(options_.timeout_seconds),
                      " (the timeout)");
}

absl::Status UciEngine::send(std::string_view line, std::string_view asked, Deadline deadline) {
  if (pid_ < 0) return absl::UnavailableError("the engine is not running");
  const std::string text = std::string(line) + "\n";
  // SIGPIPE blocked while writing, so that an engine gone away is EPIPE here, not the end of
  // this process; a SIGPIPE left pending is taken before the mask is restored.
  sigset_t pipe_signal, old;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
  std::size_t done = 0;
  int error = 0;
  while (done < text.size()) {
    const ssize_t n = write(to_engine_, text.data() + done, text.size() - done);
    if (n > 0) {
      done += std::size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {  // the engine is not reading: wait, within the timeout
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) {
        error = ETIMEDOUT;
        break;
      }
      pollfd p{to_engine_, POLLOUT, 0};
      poll(&p, 1, int(std::min<long long>(left.count() + 1, 1 << 30)));
      continue;
    }
    error = n < 0 ? errno : EIO;
    break;
  }
  if (error == EPIPE) {
    const timespec zero{0, 0};
    sigtimedwait(&pipe_signal, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (error == ETIMEDOUT) return failure(timeout_text(), asked);
  if (error != 0) return failure("closed its input", asked, /*ended=*/true);
  return absl::OkStatus();
}

absl::StatusOr<std::string> UciEngine::read_line(std::string_view asked, Deadline deadline) {
  if (pid_ < 0) return absl::UnavailableError("the engine is not running");
  for (;;) {
    // The lines are taken from `start_` on, and the buffer compacted only when a read comes:
    // each byte is moved at most once, whatever the number of lines in a chunk.
    const std::size_t nl = buffer_.find('\n', start_);
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(start_, nl - start_);
      start_ = nl + 1;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    buffer_.erase(0, start_);
    start_ = 0;
    if (buffer_.size() > kMaxLine) return failure("sent a line longer than 1 MiB", asked);
    if (eof_) {
      if (!buffer_.empty()) {  // a last line without its newline
        std::string line;
        line.swap(buffer_);
        return line;
      }
      return failure("closed its output", asked, /*ended=*/true);
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return failure(timeout_text(), asked);
    pollfd p{from_engine_, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left.count() + 1, 1 << 30)));
    if (ready < 0 && errno != EINTR)
      return absl::UnavailableError(
          absl::StrCat("cannot wait for the engine: ", errno_text(errno)));
    if (ready <= 0) continue;
    char chunk[65536];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n > 0)
      buffer_.append(chunk, std::size_t(n));
    else if (n == 0)
      eof_ = true;
    else if (errno != EINTR && errno != EAGAIN)
      eof_ = true;
  }
}

absl::Status UciEngine::failure(std::string_view what, std::string_view asked, bool ended) {
  std::string how(what), after;
  if (pid_ > 0) {
    // When the engine closed a pipe it is probably exiting: a second lets it finish, so that
    // its status is known. Otherwise (or when it does not exit) it is stopped here.
    if (const std::optional<int> status = end_process(std::chrono::seconds(ended ? 1 : 0)))
      how = exit_text(*status);
    else
      after = "; it was stopped";
  }
  kill_now();
  return absl::UnavailableError(absl::StrCat("the engine ", quote_text(options_.command), " ", how,
                                             " while answering ", av(asked), after));
}

absl::Status UciEngine::bad_answer(std::string_view what, std::string_view asked) {
  kill_now();
  return absl::UnavailableError(absl::StrCat("the engine ", quote_text(options_.command), " ",
                                             av(what), " in answer to ", av(asked),
                                             "; it was stopped"));
}

std::optional<int> UciEngine::end_process(Clock::duration grace) {
  // The leader is waited for without being reaped (WNOWAIT): while it is a zombie its
  // process id, the group's id, cannot be given to another process, so the group can be
  // killed safely afterwards, taking the processes the engine or its shell left behind.
  const auto deadline = Clock::now() + grace;
  bool exited = false;
  for (;;) {
    siginfo_t info{};
    if (waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) {
      exited = true;
      break;
    }
    if (Clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  unregister_group(pid_);
  pid_ = -1;
  if (!exited) return std::nullopt;
  return status;
}

void UciEngine::kill_now() {
  if (pid_ > 0) end_process(Clock::duration::zero());
  if (to_engine_ >= 0) close(to_engine_);
  if (from_engine_ >= 0) close(from_engine_);
  to_engine_ = from_engine_ = -1;
}

absl::Status UciEngine::wait_for(std::string_view expected, std::string_view asked,
                                 Deadline deadline) {
  for (std::size_t lines = 0;; ++lines) {
    if (lines >= kMaxLinesPerAnswer)
      return failure(absl::StrCat("sent more than ", kMaxLinesPerAnswer, " lines"), asked);
    absl::StatusOr<std::string> line = read_line(asked, deadline);
    if (!line.ok()) return line.status();
    if (absl::StripAsciiWhitespace(*line) == av(expected)) return absl::OkStatus();
  }
}

absl::Status UciEngine::set_option(std::string_view name, std::string_view value) {
  const std::string command = absl::StrCat("setoption name ", av(name), " value ", av(value));
  return send(command, quote_text(command), deadline());
}

absl::Status UciEngine::new_game() {
  const Deadline d = deadline();
  if (absl::Status s = send("ucinewgame", "\"ucinewgame\"", d); !s.ok()) return s;
  if (absl::Status s = send("isready", "\"isready\"", d); !s.ok()) return s;
  return wait_for("readyok", "\"isready\"", d);
}

std::string UciEngine::position_command(std::string_view fen,
                                        const std::vector<std::string>& moves) {
  std::string command = absl::StrCat("position fen ", av(fen));
  if (!moves.empty()) absl::StrAppend(&command, " moves ", absl::StrJoin(moves, " "));
  return command;
}

absl::StatusOr<UciEngine::Divide> UciEngine::perft(std::string_view fen,
                                                   const std::vector<std::string>& moves,
                                                   int depth) {
  const std::string position = position_command(fen, moves);
  const std::string go = absl::StrCat("go perft ", depth);
  const std::string asked = absl::StrCat(quote_text(go), " (after ", quote_text(position), ")");
  // The timeout bounds the whole answer, however the engine spreads its lines.
  const Deadline deadline = this->deadline();
  if (absl::Status s = send(position, asked, deadline); !s.ok()) return s;
  if (absl::Status s = send(go, asked, deadline); !s.ok()) return s;
  Divide d;
  std::uint64_t sum = 0;
  bool overflow = false;
  absl::flat_hash_set<std::string> seen;
  for (std::size_t lines = 0;; ++lines) {
    if (lines >= kMaxLinesPerAnswer)
      return failure(absl::StrCat("sent more than ", kMaxLinesPerAnswer, " lines"), asked);
    absl::StatusOr<std::string> line = read_line(asked, deadline);
    if (!line.ok()) return line.status();
    const std::string_view l = sv(absl::StripAsciiWhitespace(*line));
    const std::size_t colon = l.find(':');
    if (colon == std::string_view::npos || colon == 0) continue;
    const std::string_view key = l.substr(0, colon);
    const std::string_view value = sv(absl::StripAsciiWhitespace(av(l.substr(colon + 1))));
    const bool digits =
        !value.empty() && value.find_first_not_of("0123456789") == std::string_view::npos;
    if (key == "Nodes searched") {
      if (!digits || !absl::SimpleAtoi(av(value), &d.total))
        return bad_answer(absl::StrCat("sent ", quote_text(l), ", not a count below 2^64,"), asked);
      break;
    }
    // A divide entry: one word (no blank), a colon, a count.
    if (!digits || key.find_first_of(" \t") != std::string_view::npos) continue;
    std::uint64_t n = 0;
    if (!absl::SimpleAtoi(av(value), &n))
      return bad_answer(absl::StrCat("sent ", quote_text(l), ", a count beyond 2^64,"), asked);
    if (!seen.emplace(key).second) return bad_answer("listed " + quote_text(key) + " twice", asked);
    d.moves.emplace_back(key);
    d.counts.push_back(n);
    overflow |= sum + n < sum;
    sum += n;
  }
  if (overflow || sum != d.total)
    return bad_answer(absl::StrCat("sent a divide that adds up to ",
                                   overflow ? "more than 2^64" : absl::StrCat(sum),
                                   " and Nodes searched: ", d.total, ","),
                      asked);
  return d;
}

std::string UciEngine::Limit::text() const {
  switch (kind) {
    case Kind::kNodes:
      return absl::StrCat("nodes ", value);
    case Kind::kDepth:
      return absl::StrCat("depth ", value);
    case Kind::kMovetime:
      return absl::StrCat("movetime ", value);
  }
  return "";
}

std::string UciEngine::Limit::go_command() const { return absl::StrCat("go ", text()); }

absl::StatusOr<UciEngine::Search> UciEngine::search(std::string_view fen, const Limit& limit) {
  const std::string position = position_command(fen, {});
  const std::string go = limit.go_command();
  const std::string asked = absl::StrCat(quote_text(go), " (after ", quote_text(position), ")");
  const Deadline deadline = this->deadline();
  if (absl::Status s = send(position, asked, deadline); !s.ok()) return s;
  if (absl::Status s = send(go, asked, deadline); !s.ok()) return s;
  Search result;
  for (std::size_t lines = 0;; ++lines) {
    if (lines >= kMaxLinesPerAnswer)
      return failure(absl::StrCat("sent more than ", kMaxLinesPerAnswer, " lines"), asked);
    absl::StatusOr<std::string> line = read_line(asked, deadline);
    if (!line.ok()) return line.status();
    const std::vector<absl::string_view> w =
        absl::StrSplit(av(*line), absl::ByAnyChar(" \t"), absl::SkipWhitespace());
    if (w.empty()) continue;
    if (w[0] == "bestmove") {
      if (w.size() < 2)
        return bad_answer(absl::StrCat("sent ", quote_text(*line), ", a bestmove without a move,"),
                          asked);
      if (w[1] != "(none)" && w[1] != "0000") result.best = std::string(w[1]);
      return result;
    }
    if (w[0] != "info") continue;
    // One info line: its fields, of which only an exact score of the first PV is kept.
    bool has_score = false, mate = false, bound = false;
    int score = 0, multipv = 1;
    std::vector<std::string> pv;
    bool has_pv = false;
    auto unreadable = [&] {
      return bad_answer(
          absl::StrCat("sent ", quote_text(*line), ", an info line that cannot be read,"), asked);
    };
    for (std::size_t i = 1; i < w.size(); ++i) {
      const absl::string_view field = w[i];
      if (field == "string") break;  // free text up to the end of the line
      if (field == "depth" && i + 1 < w.size()) {
        if (!absl::SimpleAtoi(w[++i], &result.depth)) return unreadable();
      } else if (field == "nodes" && i + 1 < w.size()) {
        if (!absl::SimpleAtoi(w[++i], &result.nodes)) return unreadable();
      } else if (field == "multipv" && i + 1 < w.size()) {
        if (!absl::SimpleAtoi(w[++i], &multipv)) return unreadable();
      } else if (field == "score" && i + 2 < w.size()) {
        if (w[i + 1] != "cp" && w[i + 1] != "mate") return unreadable();
        mate = w[i + 1] == "mate";
        if (!absl::SimpleAtoi(w[i + 2], &score)) return unreadable();
        has_score = true;
        i += 2;
        if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound")) {
          bound = true;
          ++i;
        }
      } else if (field == "pv") {
        has_pv = true;
        for (++i; i < w.size(); ++i) pv.emplace_back(w[i]);
      }
    }
    if (has_score && !bound && multipv == 1) {
      result.has_score = true;
      result.mate = mate;
      result.score = score;
      if (has_pv)
        result.pv = std::move(pv);
      else
        result.pv.clear();
    }
  }
}

void UciEngine::stop() {
  if (pid_ > 0) {
    sigset_t pipe_signal, old;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
    const char quit[] = "quit\n";
    if (write(to_engine_, quit, sizeof quit - 1) < 0 && errno == EPIPE) {
      const timespec zero{0, 0};
      sigtimedwait(&pipe_signal, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
  if (to_engine_ >= 0) close(to_engine_);
  to_engine_ = -1;
  // A second to quit; then it is killed, and with it (either way) whatever of its process
  // group is left.
  if (pid_ > 0) end_process(std::chrono::seconds(1));
  if (from_engine_ >= 0) close(from_engine_);
  from_engine_ = -1;
}

}  // namespace fairykit::analysis
