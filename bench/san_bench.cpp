// Micro-benchmark of SAN reading and writing (rules/notation/san.h). Not built by default:
// configure with -DFAIRYKIT_BUILD_BENCH=ON, then from the source tree
//
//   cmake -S . -B build -DFAIRYKIT_BUILD_BENCH=ON && cmake --build build --target san_bench
//   build/bin/san_bench [data-dir [positions|games]]   (default tests/data: oracles, corpus)
//
// Compiled with -DSAN_BENCH_OLD_API and an older san.h first on the include path, it measures
// that one (only move_from_san / move_to_san are timed then).
//
// Two workloads:
//  1. every legal move of every position of oracles/chess-standard.epd (as chess) and
//     oracles/chess960-fischer.epd (as chess960) and of the positions reached by random
//     legal playouts from them (fixed seed): write = move_to_san, read = move_from_san of
//     the written SAN (and the archive reader of the SAN and of the UCI text);
//  2. the games of corpus/standard/twic0920.pgn (movetext split by a crude tokenizer, not
//     timed), replayed from the start position: do_move alone, then read + do_move, and
//     write + do_move; the differences are the per-move cost of reading and writing.
// Every figure is the best of five runs (SAN_BENCH_RUNS=n for n), in ns of the thread's CPU
// time per move.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/movegen.h"
#include "rules/notation/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"

using namespace fairykit;

namespace {

std::uint64_t g_sink = 0;  // keeps the optimiser from dropping the timed work

struct Rng {
  std::uint64_t s = 0x9E3779B97F4A7C15ULL;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
};

int g_runs = 5;  // best of; SAN_BENCH_RUNS overrides

// The thread's CPU time in ns: time slices lost to other processes on a shared machine do
// not count (their cache pollution still does).
double cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

template <class F>
double best_ns(std::uint64_t n, F&& f) {
  double best = 1e300;
  for (int run = 0; run < g_runs; ++run) {
    const double t0 = cpu_ns();
    f();
    best = std::min(best, cpu_ns() - t0);
  }
  return best / double(n);
}

std::vector<std::string> read_fens(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    std::size_t semi = line.find(';');
    std::string fen = line.substr(0, semi);
    while (!fen.empty() && (fen.back() == ' ' || fen.back() == '\r')) fen.pop_back();
    if (!fen.empty()) out.push_back(fen);
  }
  return out;
}

template <class V>
struct Entry {
  StateInfo root;
  Position<V> pos;
  std::vector<Move> moves;
  std::vector<std::string> sans, ucis;
};

template <class V>
std::vector<std::unique_ptr<Entry<V>>> build(const std::vector<std::string>& fens, int playouts,
                                             int plies, Rng& rng) {
  std::vector<std::unique_ptr<Entry<V>>> out;
  auto add = [&](const Setup& s) {
    auto e = std::make_unique<Entry<V>>();
    if (!e->pos.set(s, e->root).ok()) return;
    for (Move m : legal_moves(e->pos)) {
      e->moves.push_back(m);
      e->sans.push_back(move_to_san(e->pos, m));
      e->ucis.push_back(move_to_uci(e->pos, m));
    }
    out.push_back(std::move(e));
  };
  for (const std::string& fen : fens) {
    StateInfo root;
    Position<V> start;
    if (!set_from_fen(start, fen, root).ok()) continue;
    const Setup s0 = start.setup();
    add(s0);
    for (int p = 0; p < playouts; ++p) {
      StateInfo r;
      Position<V> walk;
      if (!walk.set(s0, r).ok()) continue;
      std::vector<StateInfo> states(std::size_t(plies) + 1);
      for (int ply = 0; ply < plies; ++ply) {
        const MoveList moves = legal_moves(walk);
        if (moves.empty()) break;
        walk.do_move(moves[rng.next() % moves.size()], states[std::size_t(ply)]);
        add(walk.setup());
      }
    }
  }
  return out;
}

template <class V>
void bench_positions(const char* name, const std::vector<std::string>& fens, int playouts,
                     int plies, Rng& rng) {
  const auto entries = build<V>(fens, playouts, plies, rng);
  std::uint64_t n = 0;
  for (const auto& e : entries) n += e->moves.size();
  std::printf("%s: %zu positions, %llu moves\n", name, entries.size(),
              static_cast<unsigned long long>(n));

  const double write = best_ns(n, [&] {
    for (const auto& e : entries)
      for (Move m : e->moves) g_sink += move_to_san(e->pos, m).size();
  });
  const double write_body = best_ns(n, [&] {
    for (const auto& e : entries)
      for (Move m : e->moves) g_sink += san_without_suffix(e->pos, m).size();
  });
  const double read = best_ns(n, [&] {
    for (const auto& e : entries)
      for (const std::string& s : e->sans) g_sink += move_from_san(e->pos, s)->raw();
  });
  std::printf("  move_to_san            %7.1f ns/move\n", write);
  std::printf("  san_without_suffix     %7.1f ns/move\n", write_body);
  std::printf("  move_from_san          %7.1f ns/move\n", read);
#ifndef SAN_BENCH_OLD_API
  const double read_archive = best_ns(n, [&] {
    for (const auto& e : entries)
      for (const std::string& s : e->sans) {
        SanRead r;
        if (read_san(e->pos, s, r) == SanResolution::kOk) g_sink += r.move.raw() + r.quirks.bits();
      }
  });
  const double read_lan = best_ns(n, [&] {
    for (const auto& e : entries)
      for (const std::string& s : e->ucis) {
        SanRead r;
        if (read_san(e->pos, s, r) == SanResolution::kOk) g_sink += r.move.raw() + r.quirks.bits();
      }
  });
  std::printf("  read_san (archive)     %7.1f ns/move\n", read_archive);
  std::printf("  read_san of UCI text   %7.1f ns/move\n", read_lan);
#endif
  // The check/mate suffix of the checking moves alone: san_check_suffix (a flight square of
  // the king settles most; the others are made on a scratch copy, Position being copyable
  // only through set(setup())), and do_move + check_suffix + undo_move on the position
  // itself (what a cheap Position copy would cost, but for the copy).
  std::vector<std::pair<Entry<V>*, Move>> checks;
  for (const auto& e : entries)
    for (Move m : e->moves)
      if (gives_check(e->pos, m)) checks.emplace_back(e.get(), m);
  const double suffix_const = best_ns(checks.size(), [&] {
    for (auto& [e, m] : checks) g_sink += san_check_suffix(e->pos, m).size();
  });
#ifndef SAN_BENCH_OLD_API
  std::size_t no_flight = 0;
  for (auto& [e, m] : checks) no_flight += !san_detail::king_can_step_after(e->pos, m);
  const double suffix_in_place = best_ns(checks.size(), [&] {
    for (auto& [e, m] : checks) {
      StateInfo st;
      e->pos.do_move(m, st);
      g_sink += check_suffix(e->pos).size();
      e->pos.undo_move(m);
    }
  });
  std::printf(
      "  checking moves: %zu (%.1f%% of the moves; %zu without a flight square)\n"
      "    san_check_suffix       %7.1f ns/check\n"
      "    do/check_suffix/undo   %7.1f ns/check\n",
      checks.size(), 100.0 * double(checks.size()) / double(n), no_flight, suffix_const,
      suffix_in_place);
#else
  std::printf("  checking moves: %zu\n    san_check_suffix       %7.1f ns/check\n", checks.size(),
              suffix_const);
#endif
  const double uci = best_ns(n, [&] {
    for (const auto& e : entries)
      for (const std::string& s : e->ucis) g_sink += move_from_uci(e->pos, s)->raw();
  });
  std::printf("  move_from_uci (ref.)   %7.1f ns/move\n", uci);
}

// Movetext tokens of each game; games with a FEN tag are skipped (none in twic0920).
std::vector<std::vector<std::string>> read_games(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  std::vector<std::vector<std::string>> games;
  std::vector<std::string> cur;
  bool skip = false;
  int depth = 0;
  std::size_t i = 0;
  auto flush = [&] {
    if (!cur.empty() && !skip) games.push_back(cur);
    cur.clear();
    skip = false;
  };
  while (i < text.size()) {
    char c = text[i];
    if (c == '[' && depth == 0 && (i == 0 || text[i - 1] == '\n')) {
      std::size_t eol = text.find('\n', i);
      if (!cur.empty()) flush();
      if (text.compare(i, 5, "[FEN ") == 0) skip = true;
      i = eol == std::string::npos ? text.size() : eol + 1;
      continue;
    }
    if (c == '{') {
      std::size_t close = text.find('}', i);
      i = close == std::string::npos ? text.size() : close + 1;
      continue;
    }
    if (c == ';') {
      std::size_t eol = text.find('\n', i);
      i = eol == std::string::npos ? text.size() : eol + 1;
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == '(' || c == ')' || c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && std::string(" \n\r\t(){;").find(text[j]) == std::string::npos) ++j;
    std::string tok = text.substr(i, j - i);
    i = j;
    if (depth > 0) continue;
    std::size_t k = 0;
    while (k < tok.size() && tok[k] >= '0' && tok[k] <= '9') ++k;
    if (k < tok.size() && tok[k] == '.') {  // move number, maybe glued to the move
      while (k < tok.size() && tok[k] == '.') ++k;
      tok = tok.substr(k);
    }
    if (tok.empty() || tok[0] == '$') continue;
    if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") {
      flush();
      continue;
    }
    cur.push_back(tok);
  }
  flush();
  return games;
}

void bench_games(const std::string& path) {
  const auto games = read_games(path);
  absl::StatusOr<Setup> start =
      setup_from_fen(ChessVariant::kStartFen, fen_dialect<ChessVariant>());
  std::vector<std::vector<Move>> moves(games.size());
  std::uint64_t n = 0;
  std::size_t bad = 0;
  std::vector<StateInfo> states(1024);
  Position<ChessVariant> pos;
  StateInfo root;
  for (std::size_t g = 0; g < games.size(); ++g) {
    (void)pos.set(*start, root);
    for (std::size_t p = 0; p < games[g].size() && p < 1000; ++p) {
      absl::StatusOr<Move> m = move_from_san(pos, games[g][p]);
      if (!m.ok()) {
        ++bad;
        break;
      }
      moves[g].push_back(*m);
      pos.do_move(*m, states[p]);
    }
    n += moves[g].size();
  }
  std::printf("%s: %zu games, %llu moves (%zu games stop early at an unreadable move)\n",
              path.c_str(), games.size(), static_cast<unsigned long long>(n), bad);

  const double base = best_ns(n, [&] {
    for (std::size_t g = 0; g < games.size(); ++g) {
      (void)pos.set(*start, root);
      for (std::size_t p = 0; p < moves[g].size(); ++p) pos.do_move(moves[g][p], states[p]);
      g_sink += pos.key();
    }
  });
  const double read = best_ns(n, [&] {
    for (std::size_t g = 0; g < games.size(); ++g) {
      (void)pos.set(*start, root);
      for (std::size_t p = 0; p < moves[g].size(); ++p)
        pos.do_move(*move_from_san(pos, games[g][p]), states[p]);
      g_sink += pos.key();
    }
  });
  const double write = best_ns(n, [&] {
    for (std::size_t g = 0; g < games.size(); ++g) {
      (void)pos.set(*start, root);
      for (std::size_t p = 0; p < moves[g].size(); ++p) {
        g_sink += move_to_san(pos, moves[g][p]).size();
        pos.do_move(moves[g][p], states[p]);
      }
    }
  });
  std::printf("  set + do_move                       %7.1f ns/move\n", base);
  std::printf("  set + move_from_san + do_move       %7.1f ns/move  (read %.1f)\n", read,
              read - base);
  std::printf("  set + move_to_san + do_move         %7.1f ns/move  (write %.1f)\n", write,
              write - base);
#ifndef SAN_BENCH_OLD_API
  const double archive = best_ns(n, [&] {
    for (std::size_t g = 0; g < games.size(); ++g) {
      (void)pos.set(*start, root);
      for (std::size_t p = 0; p < moves[g].size(); ++p) {
        SanRead r;
        (void)read_san(pos, games[g][p], r);
        pos.do_move(r.move, states[p]);
        g_sink += r.quirks.bits() + check_mark_quirks(pos, r.check).bits();
      }
    }
  });
  const double write_split = best_ns(n, [&] {
    std::string s;
    for (std::size_t g = 0; g < games.size(); ++g) {
      (void)pos.set(*start, root);
      for (std::size_t p = 0; p < moves[g].size(); ++p) {
        s.clear();
        append_san(pos, moves[g][p], s);
        pos.do_move(moves[g][p], states[p]);
        s += check_suffix(pos);
        g_sink += s.size();
      }
    }
  });
  std::printf(
      "  set + read_san + do_move + check_mark_quirks  %7.1f ns/move  (%.1f; %.0f games/s)\n",
      archive, archive - base, 1e9 / (archive * double(n) / double(games.size())));
  std::printf("  set + append_san + do_move + check_suffix     %7.1f ns/move  (%.1f)\n",
              write_split, write_split - base);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  const std::string data = argc > 1 ? argv[1] : "tests/data";
  const std::string only = argc > 2 ? argv[2] : "";  // "positions" or "games"
  if (const char* runs = std::getenv("SAN_BENCH_RUNS")) g_runs = std::max(1, std::atoi(runs));
  Rng rng;
  if (only != "games") {
    bench_positions<ChessVariant>("chess-standard.epd + playouts",
                                  read_fens(data + "/oracles/chess-standard.epd"), 8, 40, rng);
    bench_positions<Chess960Variant>("chess960-fischer.epd + playouts",
                                     read_fens(data + "/oracles/chess960-fischer.epd"), 1, 40, rng);
  }
  if (only != "positions") bench_games(data + "/corpus/standard/twic0920.pgn");
  std::printf("(sink %llu)\n", static_cast<unsigned long long>(g_sink % 10));
  return 0;
}
