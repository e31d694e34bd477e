// Every line and record of the reference files in tests/data/oracles must parse: these are the
// real inputs of the perft tests, so the parsers are checked against them first.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "parsers/fen.h"
#include "parsers/perft_file.h"

namespace fairykit::parsers {
namespace {

std::string ReadOracle(std::string_view name) {
  const std::string path = std::string(FAIRYKIT_DATA_DIR) + "/oracles/" + std::string(name);
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Non-empty lines (the last line of a file may lack its newline).
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

bool is_all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// The D<n> opcodes of a perft-suite EPD record, as depth -> nodes; checks their form.
std::map<int, std::uint64_t> DepthCounts(const EpdRecord& record, const std::string& line) {
  std::map<int, std::uint64_t> counts;
  for (const EpdOperation& op : record.operations) {
    EXPECT_EQ(op.opcode[0], 'D') << line;
    EXPECT_TRUE(is_all_digits(op.opcode.substr(1))) << line;
    EXPECT_EQ(op.operands.size(), 1u) << line;
    EXPECT_TRUE(!op.operands.empty() && is_all_digits(op.operands[0])) << line;
    EXPECT_EQ(line.substr(op.column - 1, op.opcode.size()), op.opcode) << line;
    if (op.operands.empty()) continue;
    counts[std::stoi(op.opcode.substr(1))] = std::stoull(op.operands[0]);
  }
  return counts;
}

TEST(OracleFiles, ChessStandardEpd) {
  const std::vector<std::string> lines = Lines(ReadOracle("chess-standard.epd"));
  // 128 lines; `wc -l` says 127 because the last one has no newline.
  ASSERT_EQ(lines.size(), 128u);
  int operations = 0;
  for (const std::string& line : lines) {
    absl::StatusOr<EpdRecord> record = parse_epd(line);
    ASSERT_TRUE(record.ok()) << line << " -> " << record.status();
    EXPECT_EQ(record->position.board.ranks.size(), 8u) << line;
    EXPECT_TRUE(record->position.halfmove_clock.has_value()) << line;
    EXPECT_TRUE(record->position.fullmove_number.has_value()) << line;
    EXPECT_FALSE(record->operations.empty()) << line;
    operations += static_cast<int>(record->operations.size());
    DepthCounts(*record, line);
  }
  EXPECT_EQ(operations, 759);

  const EpdRecord first = *parse_epd(lines.front());
  const std::map<int, std::uint64_t> expected = {{1, 20},     {2, 400},     {3, 8902},
                                                 {4, 197281}, {5, 4865609}, {6, 119060324}};
  EXPECT_EQ(DepthCounts(first, lines.front()), expected);
  EXPECT_EQ(first.position.castling->text, "KQkq");
  EXPECT_EQ(first.Find("D6")->operands[0], "119060324");

  const EpdRecord last = *parse_epd(lines.back());
  EXPECT_EQ(last.position.en_passant->text, "f6");
  EXPECT_EQ(last.position.fullmove_number->text, "3");
  EXPECT_EQ(DepthCounts(last, lines.back()), (std::map<int, std::uint64_t>{{5, 11139762}}));
}

TEST(OracleFiles, Chess960FischerEpd) {
  const std::vector<std::string> lines = Lines(ReadOracle("chess960-fischer.epd"));
  ASSERT_EQ(lines.size(), 960u);
  int operations = 0;
  int no_castling = 0;
  for (const std::string& line : lines) {
    absl::StatusOr<EpdRecord> record = parse_epd(line);
    ASSERT_TRUE(record.ok()) << line << " -> " << record.status();
    EXPECT_EQ(record->position.board.ranks.size(), 8u) << line;
    EXPECT_EQ(record->operations.size(), 6u) << line;
    operations += static_cast<int>(record->operations.size());
    DepthCounts(*record, line);
    // Shredder-FEN: files only, each token at its own column.
    for (const CastlingToken& token : record->position.castling_tokens) {
      const char lower = static_cast<char>(token.letter | 0x20);
      EXPECT_TRUE(lower >= 'a' && lower <= 'h') << line;
      EXPECT_EQ(line[token.column - 1], token.letter) << line;
    }
    if (record->position.castling_tokens.empty()) ++no_castling;
  }
  EXPECT_EQ(operations, 5760);
  EXPECT_EQ(no_castling, 19);

  const EpdRecord first = *parse_epd(lines.front());
  ASSERT_EQ(first.position.castling_tokens.size(), 4u);
  EXPECT_EQ(first.position.castling->text, "HFhf");
  EXPECT_EQ(first.position.castling_tokens[0].letter, 'H');
  EXPECT_EQ(first.position.castling_tokens[3].letter, 'f');
  EXPECT_EQ(first.Find("D6")->operands[0], "227689589");

  const EpdRecord last = *parse_epd(lines.back());
  EXPECT_EQ(last.position.castling->text, "HF");
  EXPECT_EQ(last.Find("D6")->operands[0], "280056112");
}

struct PerftOracle {
  std::string_view file;
  std::size_t records;
  std::size_t counts;
};

// Each record's line points at an `id`, every count's line at a `perft` line.
void CheckLines(const std::vector<PerftRecord>& records, const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  for (const PerftRecord& r : records) {
    ASSERT_LE(r.line, static_cast<int>(lines.size()));
    EXPECT_EQ(lines[r.line - 1].rfind("id ", 0), 0u) << r.id;
    EXPECT_EQ(lines[r.fen_line - 1].rfind(r.is_epd ? "epd " : "fen ", 0), 0u) << r.id;
    for (const PerftCount& c : r.counts) {
      EXPECT_EQ(lines[c.line - 1],
                "perft " + std::to_string(c.depth) + " " + std::to_string(c.nodes))
          << r.id;
    }
  }
}

TEST(OracleFiles, EveryPerftFile) {
  const PerftOracle oracles[] = {
      {"chess-random.perft", 6838, 41028},
      {"chess-tricky.perft", 19, 67},
      {"cwda.perft", 16, 80},
      {"fluidity.perft", 7, 24},
      {"interweave.perft", 7, 29},
      {"superchess.perft", 5, 23},
  };
  for (const PerftOracle& oracle : oracles) {
    SCOPED_TRACE(oracle.file);
    const std::string text = ReadOracle(oracle.file);
    absl::StatusOr<std::vector<PerftRecord>> records = parse_perft_file(text);
    ASSERT_TRUE(records.ok()) << records.status();
    EXPECT_EQ(records->size(), oracle.records);
    std::size_t counts = 0;
    for (const PerftRecord& r : *records) {
      EXPECT_FALSE(r.id.empty());
      EXPECT_FALSE(r.counts.empty()) << r.id;
      EXPECT_TRUE(r.other.empty()) << r.id;
      counts += r.counts.size();
    }
    EXPECT_EQ(counts, oracle.counts);
    CheckLines(*records, text);
  }
}

TEST(OracleFiles, ChessRandomRecords) {
  const absl::StatusOr<std::vector<PerftRecord>> records =
      parse_perft_file(ReadOracle("chess-random.perft"));
  ASSERT_TRUE(records.ok()) << records.status();
  ASSERT_EQ(records->size(), 6838u);
  const PerftRecord& first = records->front();
  EXPECT_EQ(first.id, "gentest-1");
  EXPECT_TRUE(first.is_epd);
  EXPECT_EQ(first.variant, "");
  EXPECT_EQ(first.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  EXPECT_EQ(first.line, 32);  // after the 30-line comment header and a blank line
  ASSERT_EQ(first.counts.size(), 6u);
  EXPECT_EQ(first.counts[0].nodes, 20u);
  EXPECT_EQ(first.counts[5].depth, 6);
  EXPECT_EQ(first.counts[5].nodes, 119060324u);
  EXPECT_EQ(records->back().id, "gentest-6838");

  for (const PerftRecord& r : *records) {
    ASSERT_TRUE(r.is_epd) << r.id;
    absl::StatusOr<EpdRecord> epd = parse_epd(r.fen);
    ASSERT_TRUE(epd.ok()) << r.id << ": " << epd.status();
    EXPECT_EQ(epd->position.board.ranks.size(), 8u) << r.id;
    EXPECT_TRUE(epd->operations.empty()) << r.id;
  }
}

TEST(OracleFiles, VariantFensParse) {
  FenSchema standard;
  FenSchema armies;  // CwDA: the armies word after the clocks
  armies.fields.push_back(FenFieldKind::kWord);
  armies.required_fields = 5;
  FenSchema weave;  // Interweave's vchess form: "w 24 - 100012"
  weave.fields = {FenFieldKind::kWord, FenFieldKind::kEnPassant, FenFieldKind::kWord};
  weave.required_fields = 3;

  const std::pair<std::string_view, const FenSchema*> files[] = {
      {"chess-tricky.perft", &standard}, {"superchess.perft", &standard},
      {"fluidity.perft", &standard},     {"cwda.perft", &armies},
      {"interweave.perft", &weave},
  };
  for (const auto& [file, schema] : files) {
    SCOPED_TRACE(file);
    const absl::StatusOr<std::vector<PerftRecord>> records = parse_perft_file(ReadOracle(file));
    ASSERT_TRUE(records.ok()) << records.status();
    for (const PerftRecord& r : *records) {
      EXPECT_FALSE(r.is_epd) << r.id;
      EXPECT_FALSE(r.variant.empty()) << r.id;
      absl::StatusOr<FenAst> ast = parse_fen(r.fen, *schema);
      ASSERT_TRUE(ast.ok()) << r.id << ": " << ast.status();
      EXPECT_EQ(ast->board.ranks.size(), 8u) << r.id;
      EXPECT_FALSE(ast->board.holdings.has_value()) << r.id;
      if (schema == &armies) {
        ASSERT_EQ(ast->extra.size(), 1u) << r.id;
        EXPECT_EQ(ast->extra[0].text.size(), 2u) << r.id;
      }
    }
  }
}

}  // namespace
}  // namespace fairykit::parsers
