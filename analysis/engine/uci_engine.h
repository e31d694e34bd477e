// A UCI engine run as a child process, for fairy-perft --compare-with and fairy-analyze
// --engine: the command is run by `/bin/sh -c COMMAND` (so that it may carry arguments,
// variables, redirections), its standard input and output are pipes, its standard error is
// ours. The engine is asked for perft divides in Stockfish's shape, and for searches:
//
//   > uci                          < id name ... / option name X type ... / uciok
//   > setoption name X value Y     (no answer)
//   > isready                      < readyok
//   > position fen F [moves ...]
//   > go perft N                   < e2e4: 20 / ... / Nodes searched: 400
//   > go nodes N | depth D | movetime MS
//                                  < info depth 1 ... score cp 20 ... pv e2e4 ... / bestmove e2e4
//
// Never a hang: every answer is read with a timeout (the longest time from sending a command
// to the end of its answer, however the engine spreads its lines); an engine that takes
// longer, exits, crashes or closes its output is an error that names the command, what it
// was asked and what happened, and the engine is stopped. The engine runs in a process group
// of its own, which is killed (SIGKILL) whenever the engine ends: after `quit`, when it is
// stopped, at exit() and on a signal that ends this process (SIGINT, SIGTERM, SIGHUP,
// SIGQUIT, SIGPIPE, SIGXFSZ, SIGABRT; the handler that was there before runs after), so that
// nothing the engine or its shell started outlives this process.
//
// Limits of an answer, each an error when passed: a line of at most 1 MiB, at most 1,000,000
// lines to one command; reading an answer takes time in proportion to its size. Linux and
// other POSIX systems only.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace fairykit::analysis {

class UciEngine {
 public:
  struct Options {
    std::string command;          // shell text, e.g. "stockfish" or "./engine --uci"
    double timeout_seconds = 60;  // the longest wait for a whole answer (> 0)
  };

  // Starts the engine and completes the handshake (`uci` ... `uciok`). Errors: the process
  // cannot be started, or the engine exits, crashes or stays silent before `uciok`
  // ("the engine \"./x\" exited with status 127 (the shell found no such command) while
  // answering \"uci\"").
  static absl::StatusOr<std::unique_ptr<UciEngine>> start(const Options& options);

  // Sends `quit`, closes its input and waits a second for it to exit; then kills it.
  ~UciEngine();
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  const std::string& command() const { return options_.command; }
  // From `id name ...`; empty when the engine sent none.
  const std::string& name() const { return name_; }
  // Whether the engine listed the option (`option name NAME type ...`), ignoring case.
  bool has_option(std::string_view name) const;
  // The choices of a combo option (`option name NAME type combo default D var A var B`), in
  // the engine's order; empty when it lists none or no such option.
  std::vector<std::string> option_choices(std::string_view name) const;
  // Asks for the options again (`uci` ... `uciok`): after an option that changes the others
  // (Fairy-Stockfish's VariantPath adds its variants to UCI_Variant's choices). Errors: the
  // engine fails as in start().
  absl::Status list_options();

  // `setoption name NAME value VALUE` (no answer is read).
  absl::Status set_option(std::string_view name, std::string_view value);
  // `ucinewgame`, then `isready` and the wait for `readyok`.
  absl::Status new_game();

  // The engine's divide of the position `fen` after `moves` (UCI text as the engine reads
  // it) at `depth`: its root moves with their counts, in the engine's order, and the total.
  struct Divide {
    std::vector<std::string> moves;
    std::vector<std::uint64_t> counts;
    std::uint64_t total = 0;  // from "Nodes searched: N"
  };
  // Sends `position fen FEN [moves M...]` and `go perft DEPTH` and reads lines up to
  // "Nodes searched: N". A line "MOVE: N" (one word, a colon, a count) is a divide entry;
  // other lines ("info string ...") are passed over. Errors: the engine fails as above, or
  // its answer cannot be read ("lists e2e4 twice", "a count beyond 2^64", "its divide adds
  // up to 21 but it reports Nodes searched: 20").
  absl::StatusOr<Divide> perft(std::string_view fen, const std::vector<std::string>& moves,
                               int depth);

  // What a search is stopped by (`go nodes N`, `go depth D`, `go movetime MS`).
  struct Limit {
    enum class Kind { kNodes, kDepth, kMovetime };
    Kind kind = Kind::kNodes;
    std::uint64_t value = 1;
    // "go nodes 5000".
    std::string go_command() const;
    // "nodes 5000": the limit as caches and reports name it.
    std::string text() const;
  };
  // The result of a search, as the engine gave it: from the side to move's view.
  struct Search {
    bool has_score = false;       // the engine sent an exact score (not a bound) in an info line
    bool mate = false;            // score is "mate N": mates in N moves (negative: is mated)
    int score = 0;                // centipawns, or N
    std::string best;             // bestmove; empty for "(none)" and "0000"
    std::vector<std::string> pv;  // the principal variation of the last exact score
    int depth = 0;                // of the last info line that has one
    std::uint64_t nodes = 0;      // of the last info line that has one
  };
  // Sends `position fen FEN` and the go command of `limit`, and reads lines up to "bestmove".
  // Of the info lines, those with a score that is neither a lowerbound nor an upperbound and
  // of the first PV (no multipv, or multipv 1) give the score and PV; the last one wins, as
  // GUIs read it. Errors: the engine fails as above, or sends an info score or a bestmove
  // that cannot be read ("sent \"info score cp x\", not a score").
  absl::StatusOr<Search> search(std::string_view fen, const Limit& limit);

  // The `position` command perft() sends, for messages and reports.
  static std::string position_command(std::string_view fen, const std::vector<std::string>& moves);

 private:
  explicit UciEngine(const Options& options) : options_(options) {}

  using Clock = std::chrono::steady_clock;
  using Deadline = Clock::time_point;
  // When an answer asked now must be complete (options_.timeout_seconds from now).
  Deadline deadline() const;
  // "did not complete its answer in 60 s (the timeout)".
  std::string timeout_text() const;

  absl::Status spawn();
  // Sends `uci` and reads the name and options up to `uciok`.
  absl::Status handshake();
  absl::Status send(std::string_view line, std::string_view asked, Deadline deadline);
  // The next line of the engine's output, by `deadline`. `asked` is what the engine is
  // answering, for messages ("go perft 3 (after position fen ...)").
  absl::StatusOr<std::string> read_line(std::string_view asked, Deadline deadline);
  // Gives the engine `grace` to exit, then kills its process group and reaps it; its wait
  // status when it exited by itself, nullopt when it had to be killed.
  std::optional<int> end_process(Clock::duration grace);
  // The error after the engine failed (`what` it did): how it ended, with the process reaped
  // (killed first when it is still running; `ended`: it closed a pipe, so it is given a
  // second to exit first).
  absl::Status failure(std::string_view what, std::string_view asked, bool ended = false);
  // The error of an answer that cannot be read; the engine is stopped.
  absl::Status bad_answer(std::string_view what, std::string_view asked);
  // Kills the engine's process group and reaps it, closes the pipes.
  void kill_now();
  absl::Status wait_for(std::string_view expected, std::string_view asked, Deadline deadline);
  void stop();

  Options options_;
  pid_t pid_ = -1;
  int to_engine_ = -1;    // the write end of the engine's standard input
  int from_engine_ = -1;  // the read end of its standard output
  std::string buffer_;    // read, not yet returned as lines from start_ on
  std::size_t start_ = 0;
  bool eof_ = false;
  std::string name_;
  struct Option {
    std::string name;
    std::vector<std::string> choices;  // of a combo
  };
  std::vector<Option> options_listed_;
};

}  // namespace fairykit::analysis
