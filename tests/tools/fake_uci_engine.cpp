// fake-uci-engine: a small UCI engine for the tests of fairy-perft --compare-with and
// fairy-analyze --engine. It counts perft with fairykit's own rules, so it agrees with
// fairy-perft, and searches by a rule simple enough to check by hand (below), except where
// --bug plants one rule wrong (or a way to fail):
//
//   none                        no bug: the rules of fairykit
//   no-en-passant               chess: en passant captures are missing
//   castling-through-check      chess: castling is allowed through, out of and into check
//                               (the King and Rook on their squares, the squares between empty)
//   cwda-own-army-promotion     CWDA: a Pawn promotes only to its own army's pieces (XBoard's
//                               reading, cwda.md C1), not to the other army's
//   superchess-amazon-promotes  Superchess: the Amazon is a promotion choice too (the S1
//                               option, superchess.md 2.6)
//   interweave-short-chains     Interweave: a capturing piece stops after its first capture
//   fluidity-queen-dissects-3   Fluidity: the Queen dissects at most 3 pieces, not 6 (the
//                               reading of rev 10819, fluidity.md 3.1)
//   hang-uci                    never answers "uci"
//   hang-perft                  never answers "go perft"
//   crash-perft                 aborts (SIGABRT) on "go perft"
//   crash-perft-3               aborts on "go perft N" for N of 3 or more
//   exit-perft                  exits with status 0 on "go perft", answering nothing
//   bad-total                   its "Nodes searched" is one more than its divide adds up to
//   flood                       answers "go perft" with --lines N made-up moves ("m1: 1",
//                               ... "mN: 1"; N 1,000,000 by default) and their total
//   trickle-perft               answers "go perft" with "info string counting" every 0.1 s,
//                               never ending the answer
//   escape-perft                adds a move written with a terminal escape sequence and a
//                               raw control byte ("\x1b[2J\x07z9: 1") to its divide
//   crash-go                    aborts (SIGABRT) on every search ("go nodes N" ...)
//   crash-go-once               aborts on its first search when the file of --state does not
//                               exist (creating it): an engine that dies once and then works
//   crash-go-fen                aborts on a search of a position whose FEN holds --crash-on
//   hang-go                     never answers a search
//   illegal-best                answers every search with the best move a1b4 (never legal)
//   no-score                    answers a search with its best move and no info line
//
// Searches (`go nodes N`, `go depth D`, `go movetime MS`: the limit changes only what is
// reported) give exact, hand-checkable answers. When a legal move checkmates, the first such
// move in text order is best, with "score mate 1"; otherwise the best move is the first
// legal move in text order and the score the material of the side to move minus the
// opponent's (pawn 100, knight and bishop 300, rook 500, queen 900) in centipawns. The line
// is the best move and the first reply in text order. Reported: "info depth D" (D of go depth,
// else 1), "nodes N" (N of go nodes, else the number of legal moves), first a lowerbound
// score of 9999 that a reader must pass over, then the exact score with its line.
//
// --scores FILE chooses the score of given positions: each line of FILE is the first four
// fields of a FEN (board, side to move, castling, en passant as fairykit writes them) and a
// score as UCI gives it, from the side to move's view ("cp -55", "mate 2"); '#' starts a
// comment. A position found there is answered with that score, the best move and line chosen
// as above, so that a test can put a move's evaluations on either side of a threshold.
//
// Variants, as Fairy-Stockfish offers them: --variants LIST (comma-separated; "none": no
// UCI_Variant option at all, as Stockfish) sets the choices of its UCI_Variant option
// (default chess,cwda,superchess,interweave,fluidity). With --variant-path it lists the
// option VariantPath too: `setoption name VariantPath value FILE` reads FILE and adds each
// section's name ([name:parent]) to the choices, as Fairy-Stockfish does, writing
// "# VariantPath: N sections: NAME..." to the log. A choice named "cwda-..." is CwDA (the
// armies from the FEN's back ranks or pieces, in either order); --refuse NAME lists NAME but
// is killed by SIGSEGV on any position under it (Fairy-Stockfish 11.1 with a section of
// custom pieces), --refuse-moves NAME leaves out the first move of its divide under NAME.
//
// --log FILE appends every line the engine reads to FILE, so that a test can check the
// dialogue; --delay MS makes each search take MS milliseconds (a run to interrupt). A move the bug
// adds (an illegal one) is counted as one node whatever the depth: the engine cannot play it, and
// any count shows the difference. Positions come as `position fen F [moves ...]` (or `position
// startpos`) in any dialect fairykit reads; the variant from `setoption name UCI_Variant` (chess,
// cwda or cwda-..., superchess, interweave, fluidity) and `setoption name UCI_Chess960 value
// true` (chess960). Moves are read and written in the dialect of the FEN (CWDA: pychess letters
// for a pychess FEN).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game/any_game.h"
#include "rules/game/fen_dialect.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"
#include "rules/notation/cwda_fen.h"

namespace {

using namespace fairykit;

constexpr std::string_view kBugs[] = {"none",
                                      "no-en-passant",
                                      "castling-through-check",
                                      "cwda-own-army-promotion",
                                      "superchess-amazon-promotes",
                                      "interweave-short-chains",
                                      "fluidity-queen-dissects-3",
                                      "hang-uci",
                                      "hang-perft",
                                      "crash-perft",
                                      "crash-perft-3",
                                      "exit-perft",
                                      "bad-total",
                                      "flood",
                                      "trickle-perft",
                                      "escape-perft",
                                      "crash-go",
                                      "crash-go-once",
                                      "crash-go-fen",
                                      "hang-go",
                                      "illegal-best",
                                      "no-score"};

[[noreturn]] void hang() {
  for (;;) pause();
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::vector<std::string> fields(const std::string& fen) { return words(fen); }

// The piece on `square` ("e1") of a FEN board, '.' when empty.
char piece_at(const std::string& board, std::string_view square) {
  const int file = square[0] - 'a', rank = square[1] - '1';
  int r = 7, f = 0;
  for (char c : board) {
    if (c == '/') {
      --r;
      f = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      f += c - '0';
    } else {
      if (r == rank && f == file) return c;
      ++f;
    }
  }
  return '.';
}

struct Entry {
  std::string uci;  // in the FEN's dialect
  int legal = -1;   // index into the legal moves; -1: a move the bug adds
};

class Fake {
 public:
  Fake(std::string bug, const VariantInfo& variant, FenDialectId dialect)
      : bug_(std::move(bug)), variant_(variant), dialect_(dialect) {}

  // The engine's moves at the current position of `g`.
  template <class G>
  std::vector<Entry> moves(G& g, typename G::MoveList& legal) const {
    g.generate_legal(legal);
    std::vector<Entry> out;
    std::vector<std::string> added;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const auto& m = legal[i];
      MoveFacts f;
      g.move_facts(m, f);
      const std::string uci = uci_move_to_dialect(variant_, g.to_uci(m), dialect_);
      if (bug_ == "no-en-passant" && has_method(f, CaptureMethod::kEnPassant)) continue;
      if (bug_ == "cwda-own-army-promotion" && f.promotion != NO_PIECE_TYPE &&
          !own_army_piece(g.fen(), g.to_uci(m).back()))
        continue;
      if (bug_ == "fluidity-queen-dissects-3" && f.moved == QUEEN && f.captures > 3) continue;
      if (bug_ == "interweave-short-chains" && f.steps > 1) {
        // The chain's first step: origin, first square, its promotion letter if any.
        std::string first = uci.substr(0, 4);
        if (uci.size() > 4 && std::isalpha(static_cast<unsigned char>(uci[4])) &&
            !(uci.size() > 5 && std::isdigit(static_cast<unsigned char>(uci[5]))))
          first += uci[4];
        add_once(out, added, first);
        continue;
      }
      out.push_back({uci, int(i)});
    }
    if (bug_ == "castling-through-check") {
      const std::vector<std::string> f = fields(g.fen());
      const bool white = f[1] == "w";
      const std::string rank = white ? "1" : "8";
      const char king = white ? 'K' : 'k', rook = white ? 'R' : 'r';
      auto at = [&](const char* file) { return piece_at(f[0], std::string(file) + rank); };
      if (at("e") == king) {
        if (f[2].find(white ? 'K' : 'k') != std::string::npos && at("h") == rook &&
            at("f") == '.' && at("g") == '.')
          add_once(out, added, "e" + rank + "g" + rank);
        if (f[2].find(white ? 'Q' : 'q') != std::string::npos && at("a") == rook &&
            at("b") == '.' && at("c") == '.' && at("d") == '.')
          add_once(out, added, "e" + rank + "c" + rank);
      }
    }
    return out;
  }

  template <class G>
  std::uint64_t perft(G& g, int depth) const {
    if (depth <= 0) return 1;
    typename G::MoveList legal;
    const std::vector<Entry> list = moves(g, legal);
    if (depth == 1) return list.size();
    std::uint64_t n = 0;
    for (const Entry& e : list) n += count(g, legal, e, depth);
    return n;
  }

  // The count below one of the engine's moves.
  template <class G>
  std::uint64_t count(G& g, const typename G::MoveList& legal, const Entry& e, int depth) const {
    if (e.legal < 0 || depth <= 1) return 1;
    g.do_move(legal[std::size_t(e.legal)]);
    const std::uint64_t n = perft(g, depth - 1);
    g.undo_move();
    return n;
  }

 private:
  static bool has_method(const MoveFacts& f, CaptureMethod method) {
    for (int i = 0; i < f.captures; ++i)
      if (f.captured[std::size_t(i)].method == method) return true;
    return false;
  }
  // Whether the native letter `promo` (a UCI move's last character) is a piece of the
  // mover's army, from the native FEN's armies field.
  static bool own_army_piece(const std::string& native_fen, char promo) {
    const std::vector<std::string> f = fields(native_fen);
    const char army = f[6][f[1] == "w" ? 0 : 1];
    const std::string_view letters = army == 'F'   ? "RNBQ"
                                     : army == 'C' ? "DWFC"
                                     : army == 'N' ? "GITL"
                                                   : "SYHO";
    return letters.find(char(std::toupper(static_cast<unsigned char>(promo)))) !=
           std::string_view::npos;
  }
  static void add_once(std::vector<Entry>& out, std::vector<std::string>& added,
                       const std::string& uci) {
    for (const std::string& a : added)
      if (a == uci) return;
    for (const Entry& e : out)
      if (e.uci == uci) return;
    added.push_back(uci);
    out.push_back({uci, -1});
  }

  std::string bug_;
  const VariantInfo& variant_;
  FenDialectId dialect_;
};

struct State {
  std::string bug = "none";
  std::string uci_variant = "chess";
  std::vector<std::string> variants = {"chess", "cwda", "superchess", "interweave", "fluidity"};
  bool has_variants = true;  // lists UCI_Variant at all
  bool variant_path = false;
  std::string refuse, refuse_moves;
  bool chess960 = false;
  std::string fen = "startpos";
  std::vector<std::string> moves;
  long lines = 1000000;    // flood: the moves of the divide
  std::string state_file;  // crash-go-once
  std::string crash_on;    // crash-go-fen
  long delay_ms = 0;       // --delay: each search takes this long
  // --scores: the first four fields of a FEN -> its score ("cp N" or "mate N")
  std::vector<std::pair<std::string, std::string>> scores;
};

[[noreturn]] void fail(const std::string& why) {
  std::cerr << "fake-uci-engine: " << why << '\n';
  std::exit(1);
}

// The fairykit variant of the UCI_Variant value (a "cwda-..." section is CwDA).
const VariantInfo* variant_of(const State& s) {
  if (s.uci_variant == "chess" && s.chess960) return find_variant("chess960");
  if (s.uci_variant.rfind("cwda-", 0) == 0) return find_variant("cwda");
  return find_variant(s.uci_variant);
}

// The game of the position sent, its moves played, and the dialect its FEN is in. A pychess
// CwDA FEN names no armies: under a "cwda-..." section those of the section, in either order
// (a section names the pair, not who has which); under "cwda", those of the back ranks.
std::unique_ptr<AnyGame> set_up(const State& s, const VariantInfo& variant, FenDialectId& dialect,
                                VariantOptions options = {}) {
  if (s.uci_variant == s.refuse) raise(SIGSEGV);
  dialect = FenDialectId::kNative;
  if (variant.id == VariantId::kCwda && s.fen != "startpos") {
    absl::StatusOr<CwdaFenDialect> d = detect_cwda_dialect(s.fen);
    if (d.ok() && *d == CwdaFenDialect::kPychess) dialect = FenDialectId::kPychess;
  }
  absl::StatusOr<std::unique_ptr<AnyGame>> game = absl::InvalidArgumentError("no armies");
  std::vector<std::string> pairings;
  if (dialect == FenDialectId::kPychess && s.uci_variant.rfind("cwda-", 0) == 0) {
    // The section's armies ("cwda-clobberers-knights": C and N), in either order.
    std::string letters;
    for (const auto& [name, letter] : {std::pair{"fide", 'F'}, std::pair{"clobberers", 'C'},
                                       std::pair{"knights", 'N'}, std::pair{"rookies", 'R'}})
      if (s.uci_variant.find(name) != std::string::npos) letters += letter;
    if (letters.size() == 1) letters += letters;
    if (letters.size() == 2) pairings = {letters, {letters[1], letters[0]}};
  } else {
    game = AnyGame::create(variant, s.fen, options);
  }
  for (const std::string& armies : pairings) {
    if (game.ok()) break;
    options.armies = armies;
    game = AnyGame::create(variant, s.fen, options);
  }
  if (!game.ok()) fail("position fen " + s.fen + ": " + std::string(game.status().message()));
  for (const std::string& m : s.moves)
    if (absl::StatusOr<AnyGame::Played> p =
            (*game)->play(uci_move_from_dialect(variant, m, dialect));
        !p.ok())
      fail("move " + m + ": " + std::string(p.status().message()));
  return *std::move(game);
}

void go_perft(const State& s, int depth) {
  const VariantInfo* variant = variant_of(s);
  if (!variant) fail("unknown UCI_Variant " + s.uci_variant);
  FenDialectId dialect = FenDialectId::kNative;
  VariantOptions options;
  options.amazon_promotes = s.bug == "superchess-amazon-promotes";
  std::unique_ptr<AnyGame> game = set_up(s, *variant, dialect, options);
  const Fake fake(s.bug, *variant, dialect);
  game->visit([&]<class G>(G& g) {
    typename G::MoveList legal;
    std::vector<Entry> list = fake.moves(g, legal);
    if (s.uci_variant == s.refuse_moves && !list.empty()) list.erase(list.begin());
    std::uint64_t total = 0;
    for (const Entry& e : list) {
      const std::uint64_t n = fake.count(g, legal, e, depth);
      total += n;
      std::cout << e.uci << ": " << n << '\n';
    }
    if (s.bug == "bad-total") ++total;
    if (s.bug == "escape-perft") {
      std::cout << "\x1b[2J\x07z9: 1\n";
      ++total;
    }
    std::cout << "\nNodes searched: " << total << "\n\n" << std::flush;
  });
}

// The material of the side to move minus the opponent's, from a FEN's first two fields.
int material(const std::string& fen) {
  const std::vector<std::string> f = fields(fen);
  int white = 0;
  for (char c : f[0]) {
    const char p = char(std::tolower(static_cast<unsigned char>(c)));
    const int v = p == 'p' ? 100 : p == 'n' || p == 'b' ? 300 : p == 'r' ? 500 : p == 'q' ? 900 : 0;
    white += std::isupper(static_cast<unsigned char>(c)) ? v : -v;
  }
  return f.size() > 1 && f[1] == "b" ? -white : white;
}

void go_search(const State& s, const std::vector<std::string>& w) {
  if (s.bug == "crash-go") std::abort();
  if (s.bug == "crash-go-fen" && !s.crash_on.empty() && s.fen.find(s.crash_on) != std::string::npos)
    std::abort();
  if (s.bug == "crash-go-once" && !s.state_file.empty()) {
    std::ifstream seen(s.state_file);
    if (!seen) {
      std::ofstream(s.state_file) << "crashed\n";
      std::abort();
    }
  }
  if (s.bug == "hang-go") hang();
  if (s.delay_ms > 0) usleep(useconds_t(s.delay_ms) * 1000);
  long long depth = 1, nodes = -1;
  for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
    if (w[i] == "depth") depth = std::atoll(w[i + 1].c_str());
    if (w[i] == "nodes") nodes = std::atoll(w[i + 1].c_str());
  }
  const VariantInfo* variant = variant_of(s);
  if (!variant) fail("unknown UCI_Variant " + s.uci_variant);
  FenDialectId dialect = FenDialectId::kNative;
  std::unique_ptr<AnyGame> game = set_up(s, *variant, dialect);
  AnyGame& g = *game;
  std::vector<std::string> legal = g.legal_moves_uci();
  std::sort(legal.begin(), legal.end());
  if (nodes < 0) nodes = (long long)legal.size();
  std::string best, score;
  for (const std::string& m : legal) {
    if (!g.play(m).ok()) fail("move " + m);
    const bool mate = g.state().end == GameEnd::kCheckmate;
    g.undo();
    if (mate) {
      best = m;
      score = "mate 1";
      break;
    }
  }
  if (best.empty() && !legal.empty()) {
    best = legal.front();
    score = "cp " + std::to_string(material(g.fen()));
  }
  if (best.empty()) {
    std::cout << "info depth 0 score " << (g.state().end == GameEnd::kCheckmate ? "mate 0" : "cp 0")
              << "\nbestmove (none)\n"
              << std::flush;
    return;
  }
  if (!s.scores.empty()) {
    const std::vector<std::string> f = fields(g.fen());
    const std::string key = f[0] + " " + f[1] + " " + f[2] + " " + f[3];
    for (const auto& [fen, chosen] : s.scores)
      if (fen == key) score = chosen;
  }
  std::string pv = best;
  if (!g.play(best).ok()) fail("move " + best);
  std::vector<std::string> replies = g.legal_moves_uci();
  std::sort(replies.begin(), replies.end());
  if (!replies.empty()) pv += " " + replies.front();
  g.undo();
  // In the dialect of the position (CwDA promotions in pychess letters).
  best = uci_move_to_dialect(*variant, best, dialect);
  if (pv.find(' ') != std::string::npos)
    pv = best + " " + uci_move_to_dialect(*variant, pv.substr(pv.find(' ') + 1), dialect);
  else
    pv = best;
  if (s.bug == "illegal-best") best = pv = "a1b4";
  if (s.bug == "no-score") {
    std::cout << "bestmove " << best << "\n" << std::flush;
    return;
  }
  std::cout << "info string fake search\n"
            << "info depth " << depth << " nodes " << nodes << " score cp 9999 lowerbound\n"
            << "info depth " << depth << " seldepth " << depth << " multipv 1 score " << score
            << " nodes " << nodes << " nps 1000 pv " << pv << "\n"
            << "bestmove " << best << "\n"
            << std::flush;
}

}  // namespace

int main(int argc, char** argv) {
  State s;
  std::ofstream log;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--log" && i + 1 < argc) {
      log.open(argv[++i], std::ios::app);
      if (!log) fail(std::string("cannot open ") + argv[i]);
    } else if (arg == "--state" && i + 1 < argc) {
      s.state_file = argv[++i];
    } else if (arg == "--delay" && i + 1 < argc) {
      s.delay_ms = std::atol(argv[++i]);
    } else if (arg == "--scores" && i + 1 < argc) {
      std::ifstream in(argv[++i]);
      if (!in) fail(std::string("cannot open ") + argv[i]);
      for (std::string line; std::getline(in, line);) {
        const std::vector<std::string> w = words(line.substr(0, line.find('#')));
        if (w.empty()) continue;
        if (w.size() != 6 || (w[4] != "cp" && w[4] != "mate"))
          fail("--scores: a line is a FEN's first four fields and cp N or mate N, not '" + line +
               "'");
        s.scores.emplace_back(w[0] + " " + w[1] + " " + w[2] + " " + w[3], w[4] + " " + w[5]);
      }
    } else if (arg == "--crash-on" && i + 1 < argc) {
      s.crash_on = argv[++i];
    } else if (arg == "--lines" && i + 1 < argc) {
      s.lines = std::atol(argv[++i]);
    } else if (arg == "--variants" && i + 1 < argc) {
      s.variants.clear();
      s.has_variants = std::string_view(argv[++i]) != "none";
      if (s.has_variants) {
        std::istringstream list(argv[i]);
        for (std::string v; std::getline(list, v, ',');) s.variants.push_back(v);
      }
    } else if (arg == "--variant-path") {
      s.variant_path = true;
    } else if (arg == "--refuse" && i + 1 < argc) {
      s.refuse = argv[++i];
    } else if (arg == "--refuse-moves" && i + 1 < argc) {
      s.refuse_moves = argv[++i];
    } else if (arg == "--bug" && i + 1 < argc) {
      s.bug = argv[++i];
      bool known = false;
      for (std::string_view b : kBugs) known |= b == s.bug;
      if (!known) fail("unknown bug " + s.bug);
    } else {
      fail(
          "usage: fake-uci-engine [--bug NAME] [--lines N] [--log FILE] [--state FILE] "
          "[--crash-on TEXT] [--delay MS] [--scores FILE] [--variants LIST|none] "
          "[--variant-path] [--refuse NAME] [--refuse-moves NAME]");
    }
  }
  for (std::string line; std::getline(std::cin, line);) {
    if (log.is_open()) log << line << std::endl;
    const std::vector<std::string> w = words(line);
    if (w.empty()) continue;
    if (w[0] == "uci") {
      if (s.bug == "hang-uci") hang();
      std::cout << "id name fake-uci-engine (bug " << s.bug << ")\n"
                << "id author fairykit tests\n";
      if (s.has_variants) {
        std::cout << "option name UCI_Variant type combo default chess";
        for (const std::string& v : s.variants) std::cout << " var " << v;
        std::cout << "\n";
      }
      if (s.variant_path) std::cout << "option name VariantPath type string default <empty>\n";
      std::cout << "option name UCI_Chess960 type check default false\n"
                << "uciok\n"
                << std::flush;
    } else if (w[0] == "isready") {
      std::cout << "readyok\n" << std::flush;
    } else if (w[0] == "setoption" && w.size() >= 5 && w[1] == "name" && w[3] == "value") {
      if (w[2] == "UCI_Variant") s.uci_variant = w[4];
      if (w[2] == "VariantPath" && s.variant_path) {
        // The path is the rest of the line (it may hold blanks).
        const std::string path = line.substr(line.find(" value ") + 7);
        std::ifstream in(path);
        if (!in) fail("cannot read VariantPath " + path);
        std::vector<std::string> sections;
        for (std::string l; std::getline(in, l);)
          if (l.size() > 2 && l[0] == '[' && l.back() == ']')
            sections.push_back(l.substr(1, std::min(l.find(':'), l.size() - 1) - 1));
        for (const std::string& name : sections)
          if (std::find(s.variants.begin(), s.variants.end(), name) == s.variants.end())
            s.variants.push_back(name);
        if (log.is_open()) {
          log << "# VariantPath: " << sections.size() << " sections:";
          for (const std::string& name : sections) log << ' ' << name;
          log << std::endl;
        }
      }
      if (w[2] == "UCI_Chess960") s.chess960 = w[4] == "true";
    } else if (w[0] == "position" && w.size() >= 2) {
      std::size_t i = 2;
      if (w[1] == "startpos") {
        s.fen = "startpos";
      } else {
        s.fen.clear();
        for (; i < w.size() && w[i] != "moves"; ++i) s.fen += (s.fen.empty() ? "" : " ") + w[i];
      }
      s.moves.clear();
      if (i < w.size() && w[i] == "moves") s.moves.assign(w.begin() + long(i) + 1, w.end());
    } else if (w[0] == "go" && w.size() == 3 && w[1] == "perft") {
      if (s.bug == "hang-perft") hang();
      if (s.bug == "crash-perft" || (s.bug == "crash-perft-3" && std::atoi(w[2].c_str()) >= 3))
        std::abort();
      if (s.bug == "exit-perft") return 0;
      if (s.bug == "flood") {
        std::string out;
        for (long i = 1; i <= s.lines; ++i) out += "m" + std::to_string(i) + ": 1\n";
        std::cout << out << "\nNodes searched: " << s.lines << "\n\n" << std::flush;
        continue;
      }
      if (s.bug == "trickle-perft") {
        for (;;) {
          std::cout << "info string counting" << std::endl;
          usleep(100000);
        }
      }
      go_perft(s, std::atoi(w[2].c_str()));
    } else if (w[0] == "go" && w.size() >= 3 &&
               (w[1] == "nodes" || w[1] == "depth" || w[1] == "movetime")) {
      go_search(s, w);
    } else if (w[0] == "quit") {
      return 0;
    }
  }
  return 0;
}
