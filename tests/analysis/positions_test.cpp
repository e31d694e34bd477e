// Per-position records (analysis/statistics/positions.h): the facts of positions of every variant
// counted by hand (legal moves, captures, check, status, material, balance, Interweave's
// compulsory capture and chains), the legal move count against every perft(1) of the oracle
// files, the capture count against what each legal move does (MoveFacts), perft, whole
// records in both formats, and the visitor hook of the replay (ply 0 and each main-line
// move, never a variation).
#include "analysis/statistics/positions.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/validate.h"
#include "parsers/pgn.h"
#include "rules/game/any_game.h"
#include "tests/analysis/oracles.h"

namespace fairykit::analysis {
namespace {

std::unique_ptr<AnyGame> game_of(std::string_view variant, std::string_view fen) {
  const VariantInfo* v = find_variant(variant);
  EXPECT_NE(v, nullptr) << variant;
  absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(*v, fen);
  EXPECT_TRUE(g.ok()) << fen << ": " << g.status();
  return g.ok() ? std::move(*g) : nullptr;
}

PositionFacts facts_of(std::string_view variant, std::string_view fen, int perft = 0) {
  PositionFacts f;
  std::unique_ptr<AnyGame> g = game_of(variant, fen);
  if (g) position_facts(*g, perft, f);
  return f;
}

int count(const PositionFacts& f, Color c, PieceType pt) { return f.material[c][pt]; }

// The captures among the legal moves, move by move through what each does.
std::uint32_t captures_by_move_facts(AnyGame& g) {
  std::uint32_t n = 0;
  for (const std::string& uci : g.legal_moves_uci()) {
    MoveFacts mf;
    EXPECT_TRUE(g.play_move(uci, nullptr, nullptr, nullptr, &mf).ok()) << uci;
    if (mf.captures > 0) ++n;
    g.undo();
  }
  return n;
}

// Positions whose moves were counted by hand (the comment says how).
struct Counted {
  const char* variant;
  const char* fen;
  std::uint32_t legal, captures;
  bool check;
  GameEnd end;
  int balance;
  const char* why;
};
constexpr Counted kCounted[] = {
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 48, 8, false,
     GameEnd::kNone, 0, "Kiwipete: the perft(1) breakdown of the CPW page"},
    {"chess", "8/8/8/3pP3/8/8/8/4K2k w - d6 0 1", 7, 1, false, GameEnd::kNone, 0,
     "Ke1 d1 d2 e2 f1 f2, e6, and en passant, a capture"},
    {"chess", "1n5k/P7/8/8/8/8/8/K7 w - - 0 1", 11, 4, false, GameEnd::kNone, 1 - 3,
     "four promotions on a8, four capturing on b8, Ka2 Kb1 Kb2"},
    {"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 0, true,
     GameEnd::kNone, 1, "in check from b6, six answers, none a capture (CPW position 4)"},
    {"chess960", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", 15, 0, false, GameEnd::kNone, 5,
     "castling is the King onto its own Rook: a move, never a capture"},
    {"chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 0, 0, true,
     GameEnd::kCheckmate, 0, "the fool's mate"},
    {"chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, 0, false, GameEnd::kStalemate, 9,
     "the Queen covers g8, g7 and h7"},
    {"chess", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", 5, 0, false, GameEnd::kInsufficientMaterial, 0,
     "two Kings"},
    {"chess", "8/8/8/4k3/8/8/8/R3K3 w - - 100 80", 15, 0, false, GameEnd::kFiftyMoveRule, 5,
     "Ra2-a8 (7), Rb1-d1 (3), Kd1 d2 e2 f1 f2 (5); the clock at 100 plies"},
    {"interweave", "k7/8/8/8/8/8/8/K6K b 0 - 000000", 0, 0, false, GameEnd::kKingCaptured, 0,
     "White has both Kings, Black one: Black has lost"},
    {"interweave", "k6k/3p4/8/3p4/3K4/8/7p/7K w 0 - 000000", 2, 2, false, GameEnd::kNone, -3,
     "Kd4 over d5 to d6, then over d7 to d8; Kh1 over h2 to h3; no quiet move (compulsory)"},
    {"fluidity", "8/8/8/8/8/8/8/R3K3 w - - 0 1", 0, 0, false, GameEnd::kKingCaptured, 5,
     "Black's King is gone"},
    {"fluidity", "4k3/8/8/8/8/8/8/Rn2K3 w - - 0 1", 13, 2, false, GameEnd::kNone, 5 - 3,
     "Ra1 through the Knight to c1 or d1, or up the file (7); Ke1 d1 e2 f1 f2 (d2 attacked)"},
    {"fluidity", "7k/8/8/8/8/8/K7/Qnbnbnb1 w - - 0 1", 8, 1, false, GameEnd::kNone, 9 - 18,
     "the Queen through six pieces to h1 or six steps up the diagonal; Kb3"},
    {"fluidity", "4r2k/8/8/8/8/8/8/4K3 w - - 0 1", 4, 0, true, GameEnd::kNone, -5,
     "the Rook checks along the e-file: Kd1 d2 f1 f2"},
};

TEST(PositionFacts, CountedByHand) {
  for (const Counted& c : kCounted) {
    const PositionFacts f = facts_of(c.variant, c.fen);
    EXPECT_EQ(f.legal, c.legal) << c.fen << " (" << c.why << ")";
    EXPECT_EQ(f.captures, c.captures) << c.fen;
    EXPECT_EQ(f.check, c.check) << c.fen;
    EXPECT_EQ(f.end, c.end) << c.fen << ": " << describe(f.end);
    EXPECT_EQ(f.balance, c.balance) << c.fen;
    EXPECT_EQ(f.side,
              std::string_view(c.fen).find(" b ") == std::string_view::npos ? WHITE : BLACK);
  }
  // Material by type.
  PositionFacts f =
      facts_of("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
  EXPECT_EQ(count(f, WHITE, PAWN), 8);
  EXPECT_EQ(count(f, BLACK, PAWN), 7);
  EXPECT_EQ(count(f, BLACK, QUEEN), 1);
  f = facts_of("fluidity", "7k/8/8/8/8/8/K7/Qnbnbnb1 w - - 0 1");
  EXPECT_EQ(count(f, BLACK, KNIGHT), 3);
  EXPECT_EQ(count(f, BLACK, BISHOP), 3);
  EXPECT_EQ(count(f, WHITE, QUEEN), 1);
}

TEST(PositionFacts, InterweaveCompulsoryCaptureAndChains) {
  // kCounted's: two capturing turns, the longer of two steps.
  PositionFacts f = facts_of("interweave", "k6k/3p4/8/3p4/3K4/8/7p/7K w 0 - 000000");
  EXPECT_TRUE(f.chains);
  EXPECT_TRUE(f.compulsory);
  EXPECT_EQ(f.longest_chain, 2);
  EXPECT_EQ(count(f, WHITE, KING), 2);
  EXPECT_EQ(count(f, BLACK, PAWN), 3);
  // Without the pawn on h2 the King on h1 has its quiet steps, but the capture comes first:
  // one legal turn.
  f = facts_of("interweave", "k6k/3p4/8/3p4/3K4/8/8/7K w 0 - 000000");
  EXPECT_EQ(f.legal, 1u);
  EXPECT_EQ(f.longest_chain, 2);
  // The oracle's forced chain: Leaper c1 over b3 to a5, then over a6 to a7, the only turn.
  f = facts_of("interweave", "3kknb1/3ppp2/p4p2/8/4PP2/pr1P4/4KP1r/RBN1KNB1 w 24 - 100012");
  EXPECT_EQ(f.legal, 1u);
  EXPECT_TRUE(f.compulsory);
  EXPECT_EQ(f.longest_chain, 2);
  // The start: nothing to capture.
  f = facts_of("interweave", "startpos");
  EXPECT_EQ(f.legal, 30u);
  EXPECT_EQ(f.captures, 0u);
  EXPECT_FALSE(f.compulsory);
  EXPECT_EQ(f.longest_chain, 0);
  // The other variants have no chains.
  EXPECT_FALSE(facts_of("chess", "startpos").chains);
  EXPECT_TRUE(has_chains(VariantId::kInterweave));
  EXPECT_FALSE(has_chains(VariantId::kFluidity));
}

TEST(PositionFacts, MaterialAndBalanceOfTheFairyArmies) {
  // CwDA: Clobberers against Clobberers without Black's Cardinal (a queen's place: 9).
  PositionFacts f = facts_of("cwda", "dwf1kfwd/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CC");
  EXPECT_EQ(count(f, WHITE, CARDINAL), 1);
  EXPECT_EQ(count(f, BLACK, CARDINAL), 0);
  EXPECT_EQ(count(f, BLACK, BEDE), 2);
  EXPECT_EQ(f.balance, 9);
  // Nutty Knights against Clobberers: equal by construction.
  f = facts_of("cwda", "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN");
  EXPECT_EQ(count(f, BLACK, CHARGING_ROOK), 2);
  EXPECT_EQ(count(f, BLACK, COLONEL), 1);
  EXPECT_EQ(f.balance, 0);
  // Superchess without White's Amazon.
  f = facts_of("superchess", "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/1VBQKESR w Kk - 0 1");
  EXPECT_EQ(count(f, WHITE, AMAZON), 0);
  EXPECT_EQ(count(f, BLACK, AMAZON), 1);
  EXPECT_EQ(f.balance, -12);
  EXPECT_EQ(piece_value(VariantId::kSuperchess, EMPRESS), 8);
  EXPECT_EQ(piece_value(VariantId::kCwda, HALF_DUCK), 3);
  EXPECT_EQ(piece_value(VariantId::kInterweave, ROOK), 1);  // a Smasher
  EXPECT_EQ(piece_value(VariantId::kChess, ROOK), 5);
}

// Every perft(1) of the oracle files is the legal move count, and the captures are the
// legal moves that capture something by what each does; perft(2) where it is small.
TEST(PositionFacts, LegalMovesAndCapturesAgreeWithTheOracles) {
  struct File {
    const char* name;
    VariantId default_variant;
  };
  int checked = 0;
  for (const File& file :
       {File{"chess-standard.epd", VariantId::kChess},
        File{"chess960-fischer.epd", VariantId::kChess960},
        File{"chess-tricky.perft", VariantId::kChess},
        File{"chess-random.perft", VariantId::kChess}, File{"cwda.perft", VariantId::kChess},
        File{"superchess.perft", VariantId::kChess}, File{"interweave.perft", VariantId::kChess},
        File{"fluidity.perft", VariantId::kChess}}) {
    for (const SuiteEntry& e : testing::load_oracle(file.name)) {
      const std::string variant =
          e.variant.empty() ? std::string(variant_info(file.default_variant).name) : e.variant;
      std::unique_ptr<AnyGame> g = game_of(variant, e.fen);
      if (!g) continue;
      for (const parsers::PerftCount& c : e.counts) {
        if (c.depth > 2 || (c.depth == 2 && c.nodes > 5000)) continue;
        PositionFacts f;
        position_facts(*g, c.depth == 1 ? 0 : 2, f);
        if (c.depth == 1) {
          EXPECT_EQ(f.legal, c.nodes) << file.name << ":" << e.line << " " << e.fen;
          EXPECT_EQ(f.captures, captures_by_move_facts(*g)) << file.name << ":" << e.line;
          ++checked;
        } else {
          EXPECT_EQ(f.perft, c.nodes) << file.name << ":" << e.line << " perft 2";
        }
      }
      EXPECT_EQ(g->fen(), game_of(variant, e.fen)->fen()) << "perft left the position changed";
    }
  }
  EXPECT_GT(checked, 100);
}

// The record a writer with `options` writes of one position (ply 0 of game `game`).
std::string record_of(const PositionOptions& options, std::string_view variant,
                      std::string_view fen, std::string_view file, std::int64_t game) {
  std::unique_ptr<AnyGame> g = game_of(variant, fen);
  std::string out;
  PositionWriter w(options);
  w.begin_game(file, game, out);
  if (g) w.position(*g, 0);
  EXPECT_EQ(w.records(), g ? 1u : 0u);
  return out;
}

TEST(PositionWriter, JsonRecordOfTheStartPosition) {
  EXPECT_EQ(record_of({.perft_depth = 2}, "chess", "startpos", "a \"b\".pgn", 7),
            "{\"file\":\"a \\\"b\\\".pgn\",\"game\":7,\"ply\":0,\"variant\":\"chess\","
            "\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
            "\"side\":\"white\",\"legal\":20,\"captures\":0,\"check\":false,\"status\":\"\","
            "\"material\":{\"white\":{\"pawn\":8,\"knight\":2,\"bishop\":2,\"rook\":2,"
            "\"queen\":1,\"king\":1},\"black\":{\"pawn\":8,\"knight\":2,\"bishop\":2,"
            "\"rook\":2,\"queen\":1,\"king\":1}},\"balance\":0,\"perft\":400}\n");
}

TEST(PositionWriter, JsonRecordOfAnInterweavePosition) {
  EXPECT_EQ(record_of({}, "interweave", "k6k/3p4/8/3p4/3K4/8/7p/7K w 0 - 000000", "iw.fen", 1),
            "{\"file\":\"iw.fen\",\"game\":1,\"ply\":0,\"variant\":\"interweave\","
            "\"fen\":\"k6k/3p4/8/3p4/3K4/8/7p/7K w 0 - 000000\",\"side\":\"white\","
            "\"legal\":2,\"captures\":2,\"check\":false,\"status\":\"\","
            "\"material\":{\"white\":{\"king\":2},\"black\":{\"pawn\":3,\"king\":2}},"
            "\"balance\":-3,\"compulsory\":true,\"longest_chain\":2}\n");
}

TEST(PositionWriter, CsvHeaderAndRows) {
  const PositionOptions chess{.format = PositionFormat::kCsv};
  EXPECT_EQ(positions_csv_header(chess),
            "file,game,ply,variant,fen,side,legal,captures,check,status,white_pawn,"
            "white_knight,white_bishop,white_rook,white_queen,white_king,black_pawn,"
            "black_knight,black_bishop,black_rook,black_queen,black_king,balance\n");
  const PositionOptions iw{
      .format = PositionFormat::kCsv, .perft_depth = 1, .csv_variant = VariantId::kInterweave};
  EXPECT_EQ(positions_csv_header(iw),
            "file,game,ply,variant,fen,side,legal,captures,check,status,white_pawn,"
            "white_leaper,white_remover,white_smasher,white_king,black_pawn,black_leaper,"
            "black_remover,black_smasher,black_king,balance,compulsory,longest_chain,perft\n");
  const PositionOptions cwda{.format = PositionFormat::kCsv, .csv_variant = VariantId::kCwda};
  EXPECT_NE(positions_csv_header(cwda).find(",white_charging_rook,"), std::string::npos);
  EXPECT_NE(positions_csv_header(cwda).find(",black_half_duck,"), std::string::npos);
  // Which variants fit which columns.
  EXPECT_TRUE(csv_fits(chess, VariantId::kChess960));
  EXPECT_TRUE(csv_fits(chess, VariantId::kFluidity));
  EXPECT_FALSE(csv_fits(chess, VariantId::kInterweave));
  EXPECT_FALSE(csv_fits(chess, VariantId::kSuperchess));
  EXPECT_TRUE(csv_fits(cwda, VariantId::kChess));
  EXPECT_FALSE(csv_fits(iw, VariantId::kChess));

  // Mate, and Interweave's en passant field quoted (it holds a comma): d5 takes e5 by
  // leaping to d7, the only (compulsory) capture.
  EXPECT_EQ(
      record_of(chess, "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                "x,y.pgn", 3),
      "\"x,y.pgn\",3,0,chess,rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 "
      "3,white,0,0,true,checkmate,8,2,2,2,1,1,8,2,2,2,1,1,0\n");
  EXPECT_EQ(record_of(iw, "interweave",
                      "rbnkknbr/pp2pppp/8/3Pp3/8/8/PP1PPPPP/RBNKKNBR w 2 d6,e 000000", "iw.pgn", 1),
            "iw.pgn,1,0,interweave,\"rbnkknbr/pp2pppp/8/3Pp3/8/8/PP1PPPPP/RBNKKNBR w 2 d6,e "
            "000000\",white,1,1,false,,8,2,2,2,2,7,2,2,2,2,1,true,1,1\n");
}

// The material text is kept between positions: a capture must still show.
TEST(PositionWriter, MaterialFollowsTheMoves) {
  std::unique_ptr<AnyGame> g = game_of("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  std::string out;
  PositionWriter w({});
  w.begin_game("f", 1, out);
  w.position(*g, 0);
  ASSERT_TRUE(g->play_move("exd5").ok());
  w.position(*g, 1);
  const std::size_t second = out.find('\n') + 1;
  EXPECT_NE(out.find("\"black\":{\"pawn\":1,\"king\":1}},\"balance\":0"), std::string::npos);
  EXPECT_NE(out.find("\"black\":{\"king\":1}},\"balance\":1", second), std::string::npos);
}

// The replay shows the start position and the position after each main-line move, not the
// positions inside variations, and the game as the move left it.
class Recorder final : public PositionVisitor {
 public:
  void position(AnyGame& game, int ply) override {
    seen.push_back(std::to_string(ply) + " " + game.fen());
  }
  std::vector<std::string> seen;
};

TEST(PositionVisitor, SeesEveryMainLinePositionOnce) {
  parsers::RawGame raw;
  raw.index = 1;
  raw.first_line = 1;
  raw.text = "[Event \"x\"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 (2. f4 exf4) *\n";
  GameRecord record;
  Recorder rec;
  RecordOptions ro;
  ro.positions = &rec;
  const GameReport report = validate_game(raw, {}, record, ro);
  ASSERT_TRUE(report.valid());
  ASSERT_EQ(rec.seen.size(), 4u);
  EXPECT_EQ(rec.seen[0], "0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(rec.seen[1], "1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(rec.seen[2], "2 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(rec.seen[3], "3 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

}  // namespace
}  // namespace fairykit::analysis
