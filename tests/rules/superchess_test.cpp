// Superchess, substitutes set I (rules: docs/rules/superchess.md): the four substitute
// pieces, XBoard's start-array numbering, the promotion pool (a function of the board),
// castling only with an original Rook, the holdings bracket in the FEN, the non-royal
// Veteran.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules/game/registry.h"
#include "tests/rules/board.h"

namespace fairykit {
namespace {

using B = testing::Board<SuperchessVariant>;

// The pool of colour c as piece letters, in kPromotions order with repeats ("QERBBNN").
std::string Pool(const Position<SuperchessVariant>& pos, Color c) {
  std::string out;
  for (std::size_t i = 0; i < SuperchessVariant::kPromotions.size(); ++i)
    out.append(std::size_t(pos.pool_count(c, i)),
               piece_info(SuperchessVariant::kPromotions[i]).letter);
  return out;
}

TEST(Superchess, RegistryAndStartFen) {
  const VariantInfo* v = find_variant("super");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->id, VariantId::kSuperchess);
  EXPECT_EQ(find_variant("Superchess"), v);
  EXPECT_EQ(v->start_fen, superchess_start_fen(0));
  B b(v->start_fen);
  EXPECT_EQ(to_fen(b.pos), v->start_fen);
  EXPECT_EQ(count_legal(b.pos), 23u);
  // The replaced pieces (a-rook, b-knight, f-bishop, g-knight) are both sides' pools.
  EXPECT_EQ(Pool(b.pos, WHITE), "RBNN");
  EXPECT_EQ(Pool(b.pos, BLACK), "RBNN");
}

TEST(Superchess, XboardNumberingExamples) {
  EXPECT_EQ(superchess_start_fen(0), "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1");
  EXPECT_EQ(superchess_start_fen(5), "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w KQkq - 0 1");
  EXPECT_EQ(superchess_start_fen(1727), "rnsekbva/pppppppp/8/8/8/8/PPPPPPPP/RNSEKBVA w Qq - 0 1");
  EXPECT_EQ(superchess_start_fen(1728), superchess_start_fen(0));
}

// Pawn moves plus the knight leaps to rank 3 of every back-rank piece with a knight
// component: nothing else can move in a start array (rank 1 full, rank 2 all pawns).
int IndependentStartCount(const std::string& back_rank) {
  int n = 16;
  for (int f = 0; f < 8; ++f) {
    const char c = back_rank[std::size_t(f)];
    if (c == 'N' || c == 'A' || c == 'E' || c == 'S' || c == 'V') n += (f > 0) + (f < 7);
  }
  return n;
}

// All 1728 numbers against docs/rules/superchess_start_arrays.txt (the first number of
// each of the 432 arrays, with XBoard's holdings), each array from exactly 4 numbers.
TEST(Superchess, StartArraysMatchTheTable) {
  std::map<std::string, std::vector<int>> numbers;  // array FEN -> its numbers
  for (int n = 0; n < 1728; ++n) numbers[superchess_start_fen(n)].push_back(n);
  EXPECT_EQ(numbers.size(), 432u);
  for (const auto& [fen, ns] : numbers) EXPECT_EQ(ns.size(), 4u) << fen;

  std::ifstream in(std::string(FAIRYKIT_SOURCE_DIR) + "/docs/rules/superchess_start_arrays.txt");
  ASSERT_TRUE(in) << "superchess_start_arrays.txt";
  const FenDialect dialect = fen_dialect<SuperchessVariant>();
  std::set<std::string> seen;
  std::string line;
  int rows = 0, both_rooks = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    int n = -1;
    std::string back_rank;
    ls >> n >> back_rank;
    std::string file_fen;
    std::getline(ls >> std::ws, file_fen);
    ++rows;
    const std::string fen = superchess_start_fen(n);
    // The table's FEN is ours with the holdings bracket after the board.
    const std::size_t bracket = file_fen.find('[');
    ASSERT_NE(bracket, std::string::npos) << line;
    const std::size_t close = file_fen.find(']');
    EXPECT_EQ(file_fen.substr(0, bracket) + file_fen.substr(close + 1), fen) << n;
    EXPECT_EQ(fen.substr(fen.find(' ') - 8, 8), back_rank) << n;
    EXPECT_EQ(numbers[fen].front(), n) << "not the first number of " << back_rank;
    seen.insert(fen);
    // The bracket is read, agrees with the board, and is written back the same.
    absl::StatusOr<fairykit::Setup> s = setup_from_fen(file_fen, dialect);
    ASSERT_TRUE(s.ok()) << file_fen << ": " << s.status();
    EXPECT_EQ(setup_to_fen(*s, dialect, {.holdings = true}), file_fen);
    // Every array sets up; its move count is the independent one (20..30).
    B b(fen);
    const std::uint64_t moves = count_legal(b.pos);
    EXPECT_EQ(moves, legal_moves(b.pos).size()) << fen;
    EXPECT_EQ(moves, std::uint64_t(IndependentStartCount(back_rank))) << fen;
    EXPECT_GE(moves, 20u);
    EXPECT_LE(moves, 30u);
    both_rooks += back_rank[0] == 'R' && back_rank[7] == 'R';
  }
  EXPECT_EQ(rows, 432);
  EXPECT_EQ(seen.size(), 432u);
  EXPECT_EQ(both_rooks, 72);  // superchess.md 2.3
  // The three arrays of the oracle file.
  EXPECT_EQ(count_legal(B(superchess_start_fen(0)).pos), 23u);
  EXPECT_EQ(count_legal(B(superchess_start_fen(5)).pos), 24u);
  EXPECT_EQ(count_legal(B(superchess_start_fen(1727)).pos), 25u);
}

TEST(Superchess, SubstitutesMoveAsCompounds) {
  // Lone pieces on d4: Amazon Q + N 27 + 8, Empress R + N 14 + 8, Princess B + N 13 + 8,
  // Veteran K + N 8 + 8.
  auto count_from_d4 = [](const std::string& fen) {
    const std::string moves = B(fen).MovesFrom("d4");
    return moves.empty() ? 0u : std::size_t(std::count(moves.begin(), moves.end(), ' ')) + 1;
  };
  EXPECT_EQ(count_from_d4("8/8/8/8/3A4/7k/8/7K w - - 0 1"), 35u);
  EXPECT_EQ(count_from_d4("8/8/8/8/3E4/7k/8/7K w - - 0 1"), 22u);
  EXPECT_EQ(count_from_d4("8/8/8/8/3S4/7k/8/7K w - - 0 1"), 21u);
  EXPECT_EQ(B("7k/8/8/8/3V4/8/8/K7 w - - 0 1").MovesFrom("d4"),
            "d4b3 d4b5 d4c2 d4c3 d4c4 d4c5 d4c6 d4d3 d4d5 d4e2 d4e3 d4e4 d4e5 d4e6 d4f3 d4f5");
  // SAN letters.
  B b("7k/8/8/8/3V4/8/8/K7 w - - 0 1");
  EXPECT_EQ(b.San("d4e6"), "Ve6");
  EXPECT_EQ(b.ReadSan("Vc6"), "d4c6");
}

TEST(Superchess, CastlingOnlyWithTheOriginalRook) {
  // Both rooks original: both castles.
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").MovesFrom("e1"),
            "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  // A substitute on a1 (here an Empress, also a rook mover) never castles, and the FEN
  // castling field cannot give it a right.
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/E3K2R w K - 0 1").MovesFrom("e1"), "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  const FenDialect dialect = fen_dialect<SuperchessVariant>();
  EXPECT_FALSE(setup_from_fen("4k3/8/8/8/8/8/8/E3K2R w KQ - 0 1", dialect).ok());
  EXPECT_FALSE(setup_from_fen("4k3/8/8/8/8/8/8/R3K2A w K - 0 1", dialect).ok());
  // The xboard-0 array: only the h-rook castles, for both sides.
  B b("avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1");
  EXPECT_EQ(b.pos.castling_rights(), WHITE_OO | BLACK_OO);
  // Castling with the Rook once the way is clear.
  B c("a3k2r/8/8/8/8/8/8/A3K2R w Kk - 0 1");
  EXPECT_EQ(c.MovesFrom("e1"), "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  EXPECT_EQ(c.San("e1g1"), "O-O");
  EXPECT_FALSE(move_from_san(c.pos, "O-O-O").ok());
}

TEST(Superchess, PromotionOffersExactlyThePool) {
  // The promo-bare oracle position: White has R and V on the board, so the pool is
  // Q E S R B B N N (no V).
  B b("4k3/1P6/8/8/8/8/8/R3K1V1 w Q - 0 1");
  EXPECT_EQ(Pool(b.pos, WHITE), "QESRBBNN");
  EXPECT_EQ(b.MovesFrom("b7"), "b7b8b b7b8e b7b8n b7b8q b7b8r b7b8s");
  EXPECT_EQ(b.San("b7b8e"), "b8=E+");  // the Empress checks along rank 8
  EXPECT_EQ(b.ReadSan("b8=S"), "b7b8s");
  EXPECT_NE(b.ReadSan("b8=V"), "b7b8v");  // no Veteran in the pool
  EXPECT_NE(b.ReadSan("b8=A"), "b7b8a");  // Amazons are never promoted to
  // Promoting takes the piece from the pool.
  StateInfo st;
  const Move m = b.Uci("b7b8q");
  b.pos.do_move(m, st);
  EXPECT_EQ(Pool(b.pos, WHITE), "ESRBBNN");
  b.pos.undo_move(m);
  EXPECT_EQ(Pool(b.pos, WHITE), "QESRBBNN");
}

TEST(Superchess, CapturingAnEmpressPutsItInTheOpponentsPool) {
  // Black: King, Empress a8 and a pawn on g2 (pool Q S R R B B N N V, no E while the
  // Empress stands). White takes the Empress on a8 with promotion.
  B b("e3k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1");
  EXPECT_EQ(Pool(b.pos, BLACK), "QSRRBBNNV");
  StateInfo st;
  b.pos.do_move(b.Uci("b7a8n"), st);
  EXPECT_EQ(Pool(b.pos, BLACK), "QESRRBBNNV");
  EXPECT_EQ(Pool(b.pos, WHITE), "QESRRBBNV");
  B after(to_fen(b.pos));
  EXPECT_EQ(after.MovesFrom("g2"), "g2g1b g2g1e g2g1n g2g1q g2g1r g2g1s g2g1v");
}

TEST(Superchess, EmptyPoolForbidsTheLastRank) {
  // White has every base piece on the board (and no Amazon, which is never in the pool):
  // the b7 pawn can neither advance nor capture.
  const std::string fen = "n1n4k/1P4pp/8/8/8/8/2ESV3/RNBQKBNR w KQ - 0 1";
  B b(fen);
  EXPECT_EQ(Pool(b.pos, WHITE), "");
  EXPECT_EQ(b.MovesFrom("b7"), "");
  // One knight fewer: exactly the knight, on all three squares.
  B n("n1n4k/1P4pp/8/8/8/8/2ESV3/RNBQKB1R w KQ - 0 1");
  EXPECT_EQ(n.MovesFrom("b7"), "b7a8n b7b8n b7c8n");
}

// superchess.md 2.6 S1: with Setup::amazon_promotes the Amazon joins the pool (base 1).
// Black's knight takes White's Amazon on a1, then the a7 pawn promotes: to an Amazon only
// with the switch. The FEN is the same either way; the switch survives setup()/assign().
TEST(Superchess, AmazonPromotesSwitchPutsTheCapturedAmazonInThePool) {
  const std::string fen = "4k3/P7/8/8/8/1n6/8/A3K3 b - - 0 1";
  for (const bool allow : {false, true}) {
    SCOPED_TRACE(allow ? "amazon_promotes" : "default");
    absl::StatusOr<fairykit::Setup> setup = setup_from_fen(fen, fen_dialect<SuperchessVariant>());
    ASSERT_TRUE(setup.ok()) << setup.status();
    setup->amazon_promotes = allow;
    Position<SuperchessVariant> pos;
    StateInfo root, st;
    ASSERT_TRUE(pos.set(*setup, root).ok());
    EXPECT_EQ(pos.setup().amazon_promotes, allow);
    // The Amazon still stands: not in the pool, switch or not.
    for (PieceType pt : pos.pool_types(WHITE)) EXPECT_NE(pt, AMAZON);
    absl::StatusOr<Move> take = move_from_uci(pos, "b3a1");
    ASSERT_TRUE(take.ok()) << take.status();
    pos.do_move(*take, st);
    EXPECT_EQ(to_fen(pos), "4k3/P7/8/8/8/8/8/n3K3 w - - 0 2");
    std::vector<std::string> promotions;
    for (Move m : legal_moves(pos))
      if (move_to_uci(pos, m).starts_with("a7")) promotions.push_back(move_to_uci(pos, m));
    std::sort(promotions.begin(), promotions.end());
    std::string joined;
    for (const std::string& m : promotions) joined += (joined.empty() ? "" : " ") + m;
    EXPECT_EQ(joined, allow ? "a7a8a a7a8b a7a8e a7a8n a7a8q a7a8r a7a8s a7a8v"
                            : "a7a8b a7a8e a7a8n a7a8q a7a8r a7a8s a7a8v");
    absl::StatusOr<Move> amazon = move_from_san(pos, "a8=A");
    EXPECT_EQ(amazon.ok(), allow);
    if (amazon.ok()) {
      EXPECT_EQ(move_to_san(pos, *amazon), "a8=A+");
    }
    // A copy through assign() (as fairy-validate makes) keeps the switch.
    Position<SuperchessVariant> copy;
    StateInfo copy_root;
    copy.assign(pos, copy_root);
    EXPECT_EQ(copy.promotion_types().size(), allow ? 8u : 7u);
    EXPECT_EQ(copy.setup().amazon_promotes, allow);
  }
  // Other variants ignore the switch.
  absl::StatusOr<fairykit::Setup> chess =
      setup_from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", fen_dialect<ChessVariant>());
  ASSERT_TRUE(chess.ok());
  chess->amazon_promotes = true;
  Position<ChessVariant> pos;
  StateInfo root;
  ASSERT_TRUE(pos.set(*chess, root).ok());
  EXPECT_FALSE(pos.setup().amazon_promotes);
}

TEST(Superchess, VeteranIsNotRoyal) {
  // A Veteran attacked by a rook is no check, and may be left en prise.
  B b("4k3/8/8/8/8/8/8/r3V1K1 w - - 0 1");
  EXPECT_FALSE(b.pos.in_check());
  EXPECT_NE(b.Moves().find("g1h1"), std::string::npos);
  // Black may take it.
  B c("4k3/8/8/8/8/8/8/r3V1K1 b - - 0 1");
  EXPECT_NE(c.Moves().find("a1e1"), std::string::npos);
  // Two Veterans per side, no king-like limits: they may stand next to each other and to
  // the enemy king's attacks.
  B d("4k3/8/8/8/3vV3/8/8/6K1 w - - 0 1");
  EXPECT_FALSE(d.pos.in_check());
  EXPECT_NE(d.Moves().find("e4d4"), std::string::npos);
  // A Veteran does give check (by its knight leap or its king step).
  EXPECT_TRUE(B("4k3/8/3V4/8/8/8/8/6K1 b - - 0 1").pos.in_check());
  EXPECT_TRUE(B("4k3/4V3/8/8/8/8/8/6K1 b - - 0 1").pos.in_check());
  // A pinned Veteran may step along its pin line (and only there).
  EXPECT_EQ(B("4r1k1/8/8/8/8/8/4V3/4K3 w - - 0 1").MovesFrom("e2"), "e2e3");
  EXPECT_EQ(B("6k1/8/8/b7/8/2V5/8/4K3 w - - 0 1").MovesFrom("c3"), "c3b4 c3d2");
}

TEST(Superchess, FenLettersAndHoldings) {
  const FenDialect dialect = fen_dialect<SuperchessVariant>();
  // 'S' is the Princess here and the Short Rook in CwDA.
  absl::StatusOr<fairykit::Setup> s = setup_from_fen("4k3/8/8/8/8/8/8/S3K3 w - - 0 1", dialect);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->board[SQ_A1], make_piece(WHITE, PRINCESS));
  // The bracket round-trips, "[-]" when both pools are empty; P and A in it are ignored.
  const std::string start = "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR[NNBRnnbr] w Kk - 0 1";
  s = setup_from_fen(start, dialect);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(setup_to_fen(*s, dialect, {.holdings = true}), start);
  EXPECT_EQ(setup_to_fen(*s, dialect), superchess_start_fen(0));
  EXPECT_TRUE(setup_from_fen("avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR[NNBRPAnnbrpa] w Kk - 0 1",
                             dialect)
                  .ok());
  const std::string full = "rnbqkbnr/ppppppp1/esv5/8/8/5VSE/1PPPPPPP/RNBQKBNR[-] w KQkq - 0 1";
  s = setup_from_fen(full, dialect);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(setup_to_fen(*s, dialect, {.holdings = true}), full);
  // A bracket that disagrees with the board wins (superchess.md 2.5) and is written back.
  const std::string odd = "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR[NNBQnnbr] w Kk - 0 1";
  absl::StatusOr<fairykit::Setup> odd_setup = setup_from_fen(odd, dialect);
  ASSERT_TRUE(odd_setup.ok()) << odd_setup.status();
  EXPECT_EQ(setup_to_fen(*odd_setup, dialect, {.holdings = true}), odd);
  EXPECT_FALSE(
      setup_from_fen("avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR[NNBRnnbrK] w Kk - 0 1", dialect)
          .ok());
  // The promotion choices follow the bracket: the board implies a full pool for White, the
  // bracket says two knights only (and nothing for Black).
  B bracket("4k3/P7/8/8/8/8/8/4K3[NN] w - - 0 1");
  EXPECT_EQ(bracket.MovesFrom("a7"), "a7a8n");
  EXPECT_EQ(to_fen(bracket.pos, {.holdings = true}), "4k3/P7/8/8/8/8/8/4K3[NN] w - - 0 1");
  B implied("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(implied.MovesFrom("a7"), "a7a8b a7a8e a7a8n a7a8q a7a8r a7a8s a7a8v");
  // Other variants still refuse holdings.
  EXPECT_FALSE(
      setup_from_fen("4k3/8/8/8/8/8/8/4K3[-] w - - 0 1", fen_dialect<ChessVariant>()).ok());
  // Position round trip through the bracket.
  B b(start);
  EXPECT_EQ(to_fen(b.pos, {.holdings = true}), start);
  // Too many knights on the board: the pool clamps at 0.
  B k("4k3/8/8/8/8/8/8/NNN1K3 w - - 0 1");
  EXPECT_EQ(Pool(k.pos, WHITE), "QESRRBBV");
}

}  // namespace
}  // namespace fairykit
