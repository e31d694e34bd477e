// GameFacts as bytes and back (analysis/statistics/stats.h), as the ranks of an MPI run send them
// to rank 0: every field comes back, and bytes that were not written whole are refused.
#include <gtest/gtest.h>

#include <string>

#include "analysis/checking/openings.h"
#include "analysis/statistics/stats.h"

namespace fairykit::analysis {
namespace {

GameFacts every_field(const StatsOptions& o) {
  GameFacts f;
  f.analysed = true;
  f.reason = "why";
  f.variant = VariantId::kInterweave;
  f.group = "Event X";
  f.pairing = "FIDE v Nutty Knights";
  f.start_array = "RAVQKESR";
  f.white = "White, W";
  f.black = "Black \xC3\xA9";
  f.white_elo = 2750;
  f.black_elo = 1234;
  f.result = 'b';
  f.termination = "checkmate";
  f.termination_tag = "GUI adjudication";  // both set: the codec keeps each
  f.termination_from = TerminationFrom::kBoard;
  f.plies = 77;
  f.start_side = BLACK;
  f.opening = &o.openings->at(17);
  f.tree = {"e4", "e5", "Nf3"};
  f.captures = {{KNIGHT, PAWN, CaptureMethod::kReplacement, 3},
                {ROOK, BISHOP, CaptureMethod::kWithdrawal, 1}};
  f.promotions = {QUEEN, KNIGHT};
  f.castling = {{{1, 0}, {0, 2}}};
  f.chains[0] = 5;
  f.chains[MoveFacts::kMaxCaptures] = 9;
  f.win_positions = 123456789012ull;
  WinFinding w;
  w.game = 42;
  w.ply = 31;
  w.fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
  w.side = BLACK;
  w.status = WinResult::kWin;
  w.plies = 3;
  w.line = {"Qh7+", "Kf8", "Qf7#"};
  w.nodes = 9999;
  w.played = "Kg2";
  w.move = WinFinding::Move::kMissed;
  f.wins = {w, WinFinding{}};
  return f;
}

TEST(FactsCodec, EveryFieldComesBack) {
  StatsOptions o;
  const absl::StatusOr<OpeningBook>& book = OpeningBook::builtin();
  ASSERT_TRUE(book.ok());
  o.openings = &*book;
  const GameFacts f = every_field(o);
  std::string bytes;
  encode_game_facts(f, o, bytes);
  GameFacts g;
  ASSERT_TRUE(decode_game_facts(bytes, o, g));
  EXPECT_EQ(g.analysed, f.analysed);
  EXPECT_EQ(g.reason, f.reason);
  EXPECT_EQ(g.variant, f.variant);
  EXPECT_EQ(g.group, f.group);
  EXPECT_EQ(g.pairing, f.pairing);
  EXPECT_EQ(g.start_array, f.start_array);
  EXPECT_EQ(g.white, f.white);
  EXPECT_EQ(g.black, f.black);
  EXPECT_EQ(g.white_elo, f.white_elo);
  EXPECT_EQ(g.black_elo, f.black_elo);
  EXPECT_EQ(g.result, f.result);
  EXPECT_EQ(g.termination, f.termination);
  EXPECT_EQ(g.termination_tag, f.termination_tag);
  EXPECT_EQ(g.termination_from, f.termination_from);
  EXPECT_EQ(g.plies, f.plies);
  EXPECT_EQ(g.start_side, f.start_side);
  EXPECT_EQ(g.opening, f.opening);
  EXPECT_EQ(g.tree, f.tree);
  ASSERT_EQ(g.captures.size(), f.captures.size());
  for (std::size_t i = 0; i < f.captures.size(); ++i) {
    EXPECT_EQ(g.captures[i].by, f.captures[i].by);
    EXPECT_EQ(g.captures[i].taken, f.captures[i].taken);
    EXPECT_EQ(g.captures[i].method, f.captures[i].method);
    EXPECT_EQ(g.captures[i].n, f.captures[i].n);
  }
  EXPECT_EQ(g.promotions, f.promotions);
  EXPECT_EQ(g.castling, f.castling);
  EXPECT_EQ(g.chains, f.chains);
  EXPECT_EQ(g.win_positions, f.win_positions);
  ASSERT_EQ(g.wins.size(), 2u);
  const WinFinding& w = g.wins[0];
  EXPECT_EQ(w.game, 42);
  EXPECT_EQ(w.ply, 31);
  EXPECT_EQ(w.fen, f.wins[0].fen);
  EXPECT_EQ(w.side, BLACK);
  EXPECT_EQ(w.status, WinResult::kWin);
  EXPECT_EQ(w.plies, 3);
  EXPECT_EQ(w.line, f.wins[0].line);
  EXPECT_EQ(w.nodes, 9999u);
  EXPECT_EQ(w.played, "Kg2");
  EXPECT_EQ(w.move, WinFinding::Move::kMissed);
  EXPECT_EQ(g.wins[1].move, WinFinding::Move::kNone);

  // The same figures from the facts and from their copy.
  CollectionStats a(o), b(o);
  a.add(f, "x.pgn");
  b.add(g, "x.pgn");
  std::string ta, tb;
  write_stats_json(a.tables(), ta);
  write_stats_json(b.tables(), tb);
  EXPECT_EQ(ta, tb);
}

TEST(FactsCodec, BytesNotWrittenWholeAreRefused) {
  StatsOptions o;  // no book: no opening
  GameFacts f;
  f.white = "A";
  f.termination = "resignation";
  std::string bytes;
  encode_game_facts(f, o, bytes);
  GameFacts g;
  ASSERT_TRUE(decode_game_facts(bytes, o, g));
  EXPECT_EQ(g.opening, nullptr);
  EXPECT_EQ(g.termination, "resignation");
  EXPECT_FALSE(decode_game_facts(std::string_view(bytes).substr(0, bytes.size() - 1), o, g));
  EXPECT_FALSE(decode_game_facts(bytes + "x", o, g));
  EXPECT_FALSE(decode_game_facts("", o, g));
}

}  // namespace
}  // namespace fairykit::analysis
