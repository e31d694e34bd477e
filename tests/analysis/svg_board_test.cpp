// SVG board diagrams (analysis/formats/svg_board.h): the text of the SVG, and its pixels as
// rsvg-convert (Debian's librsvg2-bin) draws them.
//
// The images of the docs: FAIRYKIT_SVG_IMAGES=docs/images build/bin/analysis_tests
// --gtest_filter=SvgImages.* writes them (PNG) into that folder; without the variable the
// test is skipped.
#include "analysis/formats/svg_board.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game/board_pieces.h"
#include "rules/game/registry.h"
#include "rules/notation/cwda_fen.h"
#include "tests/analysis/png_reader.h"
#include "tests/analysis/temp_dir.h"

namespace fairykit::analysis {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<AnyGame> game_of(std::string_view variant, std::string_view fen = "startpos") {
  const VariantInfo* v = find_variant(variant);
  EXPECT_NE(v, nullptr) << variant;
  absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(*v, fen);
  EXPECT_TRUE(g.ok()) << g.status();
  return std::move(*g);
}

std::string svg_of(std::string_view variant, std::string_view fen, const SvgOptions& o = {}) {
  absl::StatusOr<std::string> svg = render_svg(*game_of(variant, fen), o);
  EXPECT_TRUE(svg.ok()) << svg.status();
  return svg.ok() ? *svg : "";
}

std::string error_of(std::string_view variant, std::string_view fen, const SvgOptions& o) {
  absl::StatusOr<std::string> svg = render_svg(*game_of(variant, fen), o);
  return svg.ok() ? "(no error)" : std::string(svg.status().message());
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out(1);
  for (char c : text) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

int count(const std::string& text, std::string_view what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// With the default options a square is 45 units and the board starts at (6, 6), a8 at the
// top left: the top left corner of a square.
int left(std::string_view sq, bool flip = false) {
  const int f = sq[0] - 'a';
  return 6 + 45 * (flip ? 7 - f : f);
}
int top(std::string_view sq, bool flip = false) {
  const int r = sq[1] - '1';
  return 6 + 45 * (flip ? r : 7 - r);
}
std::string at(std::string_view sq, bool flip = false) {
  return "x=\"" + std::to_string(left(sq, flip)) + "\" y=\"" + std::to_string(top(sq, flip)) + "\"";
}
std::string centre(std::string_view sq) {
  return "cx=\"" + std::to_string(left(sq) + 22) + ".5\" cy=\"" + std::to_string(top(sq) + 22) +
         ".5\"";
}

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(SvgBoard, DocumentAndSquares) {
  const std::string svg = svg_of("chess", kStart);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"372\" height=\"372\" "
                      "viewBox=\"0 0 372 372\">\n",
                      0),
            0u)
      << svg.substr(0, 200);
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_NE(svg.find("<desc>chess " + std::string(kStart) + "</desc>"), std::string::npos);
  // 32 dark squares, a1 dark and h1 light.
  EXPECT_NE(svg.find("<rect " + at("a1") + " width=\"45\" height=\"45\"/>"), std::string::npos);
  EXPECT_EQ(svg.find("<rect " + at("h1") + " width=\"45\" height=\"45\"/>"), std::string::npos);
  EXPECT_EQ(count(svg, "width=\"45\" height=\"45\"/>"), 32);
  // 32 pieces: White's 16 are two figures each (silhouette and outline), Black's one.
  EXPECT_EQ(count(svg, "<text class=\"f\""), 48);
  EXPECT_EQ(count(svg, "\u2654"), 1);       // White's King outline
  EXPECT_EQ(count(svg, "\u265A"), 2);       // its silhouette and Black's King
  EXPECT_EQ(count(svg, "<circle"), 0);      // no discs, no legend
  EXPECT_EQ(svg, svg_of("chess", kStart));  // deterministic
}

TEST(SvgBoard, MarksAndFlip) {
  SvgOptions o;
  o.marks = {"d6", "f6"};
  const std::string tint = " width=\"45\" height=\"45\" fill=\"#2f6fd0\" fill-opacity=\"0.5\"/>";
  std::string svg = svg_of("chess", kStart, o);
  EXPECT_EQ(count(svg, tint), 2);
  EXPECT_NE(svg.find("<rect x=\"141\" y=\"96\"" + tint), std::string::npos) << svg;  // d6
  EXPECT_NE(svg.find("<rect " + at("f6") + tint), std::string::npos);
  o.flip = true;
  svg = svg_of("chess", kStart, o);
  EXPECT_NE(svg.find("<rect x=\"186\" y=\"231\"" + tint), std::string::npos);  // d6, flipped
  EXPECT_NE(svg.find("<rect " + at("f6", true) + tint), std::string::npos);
  // Flipped, h8 is dark at the bottom left... and a1 at the top right.
  EXPECT_NE(svg.find("<rect " + at("a1", true) + " width=\"45\" height=\"45\"/>"),
            std::string::npos);
  EXPECT_EQ(at("a1", true), "x=\"321\" y=\"6\"");
}

TEST(SvgBoard, Coordinates) {
  SvgOptions o;
  o.coordinates = true;
  std::string svg = svg_of("chess", kStart, o);
  // A margin of 20 for the rank numbers at the left and the files below.
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"392\" height=\"392\"", 0),
            0u);
  EXPECT_NE(svg.find(">a</text>"), std::string::npos);
  EXPECT_NE(svg.find("x=\"48.5\" y=\"381\" font-size=\"14\" text-anchor=\"middle\">a</text>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("x=\"16\" y=\"33.5\" font-size=\"14\" text-anchor=\"middle\">8</text>"),
            std::string::npos);
  o.flip = true;
  svg = svg_of("chess", kStart, o);
  EXPECT_NE(svg.find("x=\"48.5\" y=\"381\" font-size=\"14\" text-anchor=\"middle\">h</text>"),
            std::string::npos);
  EXPECT_NE(svg.find("x=\"16\" y=\"33.5\" font-size=\"14\" text-anchor=\"middle\">1</text>"),
            std::string::npos);
  EXPECT_EQ(svg_of("chess", kStart).find("</text><text class=\"t\""), std::string::npos);
}

TEST(SvgBoard, Arrows) {
  SvgOptions o;
  o.arrows = {"e2e4"};
  std::string svg = svg_of("chess", kStart, o);
  ASSERT_EQ(count(svg, "<polygon"), 1);
  // From the centre of e2 (208.5, 298.5) up to the centre of e4 (208.5, 208.5).
  EXPECT_NE(svg.find("<polygon points=\"213,298.5 213,227.4 220.2,227.4 208.5,208.5 "
                     "196.8,227.4 204,227.4 204,298.5\" fill=\"#1e7a3c\" "
                     "fill-opacity=\"0.8\"/>"),
            std::string::npos)
      << svg;
  // A chain is an arrow per step; a step that stays is a circle; promotions are skipped.
  o.arrows = {"a1a5c5", "e4e4", "c6c8ne8", "e7e8q"};
  svg = svg_of("interweave", "8/8/8/8/8/8/8/8", o);
  EXPECT_EQ(count(svg, "<polygon"), 5);
  EXPECT_EQ(count(svg, "<circle"), 1);
}

TEST(SvgBoard, Errors) {
  SvgOptions o;
  o.marks = {"d6", "d9"};
  EXPECT_EQ(error_of("chess", kStart, o), "mark \"d9\": not a square (a1 to h8)");
  o = {};
  o.arrows = {"e2"};
  EXPECT_EQ(error_of("chess", kStart, o),
            "arrow \"e2\": not a move in long algebraic notation (e2e4, a1a5c5)");
  o.arrows = {"e2e4!"};
  EXPECT_EQ(error_of("chess", kStart, o),
            "arrow \"e2e4!\": not a move in long algebraic notation (e2e4, a1a5c5)");
  o = {};
  o.moves_of = "e5";
  EXPECT_EQ(error_of("chess", kStart, o), "moves of \"e5\": no piece on e5");
  o.moves_of = "E2";
  EXPECT_EQ(error_of("chess", kStart, o), "moves of \"E2\": not a square (a1 to h8)");
  // A Black piece while White, in check, is to move: Black cannot be to move here.
  o.moves_of = "e2";
  EXPECT_EQ(
      error_of("chess", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", o)
          .rfind("moves of \"e2\": the piece on e2 is Black's and White is to move; with Black "
                 "to move the position is not legal (",
                 0),
      0u)
      << error_of("chess", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", o);
  o = {};
  o.square_size = 2;
  EXPECT_EQ(error_of("chess", kStart, o), "square size 2: not between 8 and 1000");
}

TEST(SvgBoard, OptionsCheckedWithoutAPosition) {
  SvgOptions o;
  o.marks = {"d6", "d9"};
  EXPECT_EQ(check_svg_options(o).message(), "mark \"d9\": not a square (a1 to h8)");
  o = {};
  o.arrows = {"e2e4", "e2"};
  EXPECT_EQ(check_svg_options(o).message(),
            "arrow \"e2\": not a move in long algebraic notation (e2e4, a1a5c5)");
  o = {};
  o.moves_of = "E2";
  EXPECT_EQ(check_svg_options(o).message(), "moves of \"E2\": not a square (a1 to h8)");
  o = {};
  o.square_size = 1001;
  EXPECT_EQ(check_svg_options(o).message(), "square size 1001: not between 8 and 1000");
  // What depends on the position is not checked here.
  o = {};
  o.moves_of = "e5";
  o.marks = {"a1", "h8"};
  o.arrows = {"a1a5c5"};
  EXPECT_TRUE(check_svg_options(o).ok());
}

std::string dot(std::string_view sq, std::string_view colour) {
  return "<circle " + centre(sq) + " r=\"6.8\" fill=\"" + std::string(colour) +
         "\" fill-opacity=\"0.85\"/>";
}
std::string ring(std::string_view sq, std::string_view colour) {
  return "<circle " + centre(sq) + " r=\"19.8\" fill=\"none\" stroke=\"" + std::string(colour) +
         "\" stroke-width=\"3.6\" stroke-opacity=\"0.85\"/>";
}
std::string cross(std::string_view sq) {
  // Two strokes between points inset 7.2 units from the square's corners.
  const std::string x0 = std::to_string(left(sq) + 7) + ".2",
                    y0 = std::to_string(top(sq) + 7) + ".2",
                    x1 = std::to_string(left(sq) + 37) + ".8",
                    y1 = std::to_string(top(sq) + 37) + ".8";
  return "<path d=\"M" + x0 + " " + y0 + "L" + x1 + " " + y1 + "M" + x1 + " " + y0 + "L" + x0 +
         " " + y1 + "\"";
}
constexpr std::string_view kGreen = "#1e7a3c", kRed = "#c62828";

TEST(SvgBoard, MovesOfChess) {
  SvgOptions o;
  o.moves_of = "e5";
  // The e5 Pawn: e6 quiet, d6 by en passant (the victim on d5), f6 a capture on the spot.
  const std::string svg = svg_of("chess", "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1", o);
  EXPECT_NE(svg.find("<rect " + at("e5") +
                     " width=\"45\" height=\"45\" fill=\"#f4c430\" fill-opacity=\"0.6\"/>"),
            std::string::npos);
  EXPECT_NE(svg.find(dot("e6", kGreen)), std::string::npos) << svg;
  EXPECT_NE(svg.find(dot("d6", kRed)), std::string::npos);
  EXPECT_NE(svg.find(ring("f6", kRed)), std::string::npos);
  EXPECT_NE(svg.find(cross("d5")), std::string::npos);
  EXPECT_EQ(count(svg, "<path d="), 1);
  EXPECT_EQ(count(svg, "fill-opacity=\"0.85\"/>") + count(svg, "stroke-opacity=\"0.85\"/>"), 3);
}

TEST(SvgBoard, MovesOfTheSideNotToMove) {
  SvgOptions o;
  o.moves_of = "g8";  // Black's Knight, White to move: the turn passes to Black
  const std::string svg = svg_of("chess", kStart, o);
  EXPECT_NE(svg.find(dot("f6", kGreen)), std::string::npos);
  EXPECT_NE(svg.find(dot("h6", kGreen)), std::string::npos);
  EXPECT_EQ(count(svg, "fill-opacity=\"0.85\"/>"), 2);
}

// The seed diagrams of docs/rules/interweave.md §1.12.
TEST(SvgBoard, MovesOfInterweaveRemoteVictims) {
  SvgOptions o;
  o.moves_of = "e5";  // King: captures c5 (takes d5) and e7 (takes e6), compulsory
  std::string svg = svg_of("interweave", "8/8/4b3/3nK3/8/8/8/8", o);
  EXPECT_NE(svg.find(dot("c5", kRed)), std::string::npos) << svg;
  EXPECT_NE(svg.find(dot("e7", kRed)), std::string::npos);
  EXPECT_NE(svg.find(cross("d5")), std::string::npos);
  EXPECT_NE(svg.find(cross("e6")), std::string::npos);
  EXPECT_EQ(count(svg, "<path d="), 2);
  EXPECT_EQ(count(svg, "fill-opacity=\"0.85\"/>"), 2);
  o.moves_of = "e4";  // the Remover takes e5 and f4 without moving
  svg = svg_of("interweave", "8/8/8/4p3/4Bp2/8/8/8", o);
  EXPECT_NE(svg.find(ring("e4", kRed)), std::string::npos);
  EXPECT_NE(svg.find(cross("e5")), std::string::npos);
  EXPECT_NE(svg.find(cross("f4")), std::string::npos);
  // The legend names the Remover; the Pawns are figures.
  EXPECT_NE(svg.find(">Remover</text>"), std::string::npos);
  EXPECT_NE(svg.find(">Re</text>"), std::string::npos);
}

TEST(SvgBoard, MovesOfFluidityDissection) {
  SvgOptions o;
  o.moves_of = "a1";  // the Rook passes through b1 and d1 to c1 (takes b1) or e1..g1 (both)
  const std::string svg = svg_of("fluidity", "7k/8/8/8/8/8/8/Rn1b3K w - - 0 1", o);
  EXPECT_NE(svg.find(dot("c1", kRed)), std::string::npos) << svg;
  EXPECT_NE(svg.find(dot("e1", kRed)), std::string::npos);
  EXPECT_NE(svg.find(dot("a2", kGreen)), std::string::npos);
  EXPECT_NE(svg.find(cross("b1")), std::string::npos);
  EXPECT_NE(svg.find(cross("d1")), std::string::npos);
}

TEST(SvgBoard, LegendNamesTheFairyPiecesShown) {
  std::string svg = svg_of("superchess", "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1");
  for (std::string_view name : {"Amazon", "Empress", "Princess", "Veteran"})
    EXPECT_EQ(count(svg, std::string(">").append(name).append("</text>")), 1) << name;
  EXPECT_EQ(count(svg, ">Am</text>"), 4);  // two on the board, two in the legend
  SvgOptions o;
  o.legend = false;
  EXPECT_EQ(svg_of("superchess", "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1", o)
                .find(">Amazon</text>"),
            std::string::npos);
  // Only what stands on the board; both colours of a type on one line.
  svg = svg_of("cwda", cwda_start_fen("CN"));
  EXPECT_EQ(count(svg, ">FAD</text>"), 4);  // c1, f1, the legend's disc and name
  for (std::string_view name :
       {"Bede", "Waffle", "Cardinal", "Charging Rook", "Fibnif", "Charging Knight", "Colonel"})
    EXPECT_EQ(count(svg, std::string(">").append(name).append("</text>")), 1) << name;
  EXPECT_EQ(svg.find("Short Rook"), std::string::npos);
  o = {};
  o.caption = "Clobberers <v> Nutty Knights & co";
  svg = svg_of("cwda", cwda_start_fen("CN"), o);
  EXPECT_NE(svg.find(">Clobberers &lt;v&gt; Nutty Knights &amp; co</text>"), std::string::npos);
}

// A caption is one line of text: a control character (which XML 1.0 cannot hold, not even
// escaped) is refused, a byte that is not UTF-8 is read as Latin-1, so that the SVG is always
// well-formed XML.
TEST(SvgBoard, CaptionIsOneLineOfText) {
  SvgOptions o;
  o.caption = "Caf\xE9 \xE2\x99\x9E";  // Latin-1 e-acute, then a UTF-8 knight
  const std::string svg = svg_of("chess", std::string(ChessVariant::kStartFen), o);
  EXPECT_NE(svg.find(">Caf\xC3\xA9 \xE2\x99\x9E</text>"), std::string::npos);
  for (const auto& [caption, message] : std::vector<std::pair<std::string, std::string>>{
           {"a\x01", "caption: control character \\x01 at byte 2 (a caption is one line of text)"},
           {"\x1B[2J",
            "caption: control character \\x1B at byte 1 (a caption is one line of text)"},
           {"tab\there",
            "caption: control character \\x09 at byte 4 (a caption is one line of text)"},
           {"del\x7F",
            "caption: control character \\x7F at byte 4 (a caption is one line of text)"},
       }) {
    o.caption = caption;
    EXPECT_EQ(check_svg_options(o).message(), message) << caption;
  }
}

// The disc labels of CwDA's twelve fairy pieces are distinct.
TEST(SvgBoard, DiscLabelsDistinct) {
  // The labels of CwDA's twelve pieces on the start arrays.
  std::vector<std::string> seen;
  for (std::string_view armies : {"CN", "RF"}) {
    const std::string svg = svg_of("cwda", cwda_start_fen(armies));
    for (const std::string& line : split(svg, '\n'))
      if (line.find("class=\"d\"") != std::string::npos) {
        const std::size_t a = line.rfind("\">", line.size() - 8) + 2;
        seen.emplace_back(line.substr(a, line.rfind("</text>") - a));
      }
  }
  std::sort(seen.begin(), seen.end());
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"Be", "CK", "CR", "Ca", "Ch", "Co", "FAD", "Fi", "HD",
                                            "SR", "WR", "Wa"}));
}

// ---- Pixels, through rsvg-convert.

std::string find_rsvg() {
  const char* path = std::getenv("PATH");
  for (const std::string& dir : split(path ? path : "/usr/bin:/bin", ':')) {
    const fs::path p = fs::path(dir) / "rsvg-convert";
    if (!dir.empty() && fs::exists(p)) return p.string();
  }
  return "";
}

// The SVG drawn to a PNG at 1 pixel per unit.
std::optional<testing::PngImage> rasterise(const std::string& svg, const fs::path& dir,
                                           const std::string& name, fs::path* png_out = nullptr) {
  const fs::path in = dir / (name + ".svg"), out = dir / (name + ".png");
  std::ofstream(in, std::ios::binary) << svg;
  const std::string cmd = find_rsvg() + " -o '" + out.string() + "' '" + in.string() + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::string why;
  std::optional<testing::PngImage> img = testing::decode_png(testing::read_file(out), &why);
  EXPECT_TRUE(img.has_value()) << why;
  if (png_out) *png_out = out;
  return img;
}

testing::Rgba hex(std::string_view h) {
  auto v = [&](int i) {
    return std::stoi(std::string(h.substr(std::size_t(1 + 2 * i), 2)), nullptr, 16);
  };
  return {v(0), v(1), v(2), 255};
}
// `over` at `opacity` on `under`.
testing::Rgba blend(testing::Rgba under, testing::Rgba over, double opacity) {
  auto mix = [&](int a, int b) { return int(a * (1 - opacity) + b * opacity + 0.5); };
  return {mix(under.r, over.r), mix(under.g, over.g), mix(under.b, over.b), 255};
}

::testing::AssertionResult near(testing::Rgba got, testing::Rgba want) {
  if (std::abs(got.r - want.r) <= 3 && std::abs(got.g - want.g) <= 3 &&
      std::abs(got.b - want.b) <= 3 && got.a == 255)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "rgba(" << got.r << "," << got.g << "," << got.b << "," << got.a << ") instead of rgb("
         << want.r << "," << want.g << "," << want.b << ")";
}

// Pixels of a square's inside that are nearly black (a figure's ink or a dark disc).
int dark_pixels(const testing::PngImage& img, std::string_view sq, bool flip = false) {
  int n = 0;
  for (int y = top(sq, flip) + 3; y < top(sq, flip) + 42; ++y)
    for (int x = left(sq, flip) + 3; x < left(sq, flip) + 42; ++x) {
      const testing::Rgba p = img.at(x, y);
      n += p.r + p.g + p.b < 150;
    }
  return n;
}

class SvgPixels : public testing::TempDirTest {
 protected:
  void SetUp() override {
    if (find_rsvg().empty())
      GTEST_SKIP() << "rsvg-convert not found (Debian package librsvg2-bin): pixel tests skipped";
    TempDirTest::SetUp();
  }
};

const testing::Rgba kLightRgb = hex("#efe0c4"), kDarkRgb = hex("#b48a60");

TEST_F(SvgPixels, EveryVariantsStartPosition) {
  for (const VariantInfo& v : all_variants()) {
    SCOPED_TRACE(std::string(v.name));
    const std::unique_ptr<AnyGame> g = game_of(v.name, v.start_fen);
    absl::StatusOr<std::string> svg = render_svg(*g, {});
    ASSERT_TRUE(svg.ok()) << svg.status();
    std::optional<testing::PngImage> img = rasterise(*svg, dir_, std::string(v.name));
    ASSERT_TRUE(img.has_value());
    EXPECT_EQ(img->width, 372);
    // Empty squares, their colour edge to edge: d4 is dark, e4 light, e5 dark.
    EXPECT_TRUE(near(img->at(left("d4") + 22, top("d4") + 22), kDarkRgb));
    EXPECT_TRUE(near(img->at(left("e4") + 22, top("e4") + 22), kLightRgb));
    EXPECT_TRUE(near(img->at(left("e5") + 1, top("e5") + 1), kDarkRgb));
    EXPECT_TRUE(near(img->at(left("e5") + 43, top("e5") + 43), kDarkRgb));
    EXPECT_EQ(dark_pixels(*img, "d4"), 0);
    EXPECT_EQ(dark_pixels(*img, "e5"), 0);
    // Both Kings' squares have ink: the King on e1 or d1 (Interweave).
    const std::string fen = g->fen();
    const std::string back = fen.substr(fen.rfind('/') + 1, 8);
    const std::string sq = std::string(1, char('a' + back.find('K'))) + "1";
    EXPECT_GT(dark_pixels(*img, sq), 60) << sq;
    EXPECT_GT(dark_pixels(*img, std::string(1, sq[0]) + "8"), 150);
  }
}

TEST_F(SvgPixels, MarksMovesAndFlip) {
  SvgOptions o;
  o.marks = {"d6"};
  o.moves_of = "e5";
  std::optional<testing::PngImage> img =
      rasterise(svg_of("interweave", "8/8/4b3/3nK3/8/8/8/8", o), dir_, "king");
  ASSERT_TRUE(img.has_value());
  // d6 is dark, tinted blue; e5's tint is yellow on dark.
  EXPECT_TRUE(near(img->at(left("d6") + 3, top("d6") + 3), blend(kDarkRgb, hex("#2f6fd0"), 0.5)));
  EXPECT_TRUE(near(img->at(left("e5") + 3, top("e5") + 3), blend(kDarkRgb, hex("#f4c430"), 0.6)));
  // c5 is a capturing destination: a red dot in its middle; d5 a remote victim: red cross
  // strokes near its corner, over the Leaper's disc.
  EXPECT_TRUE(
      near(img->at(left("c5") + 22, top("c5") + 22), blend(kDarkRgb, hex("#c62828"), 0.85)));
  const testing::Rgba cross = img->at(left("d5") + 10, top("d5") + 10);
  EXPECT_GT(cross.r, cross.g + 60) << cross.r << "," << cross.g;
  EXPECT_GT(dark_pixels(*img, "d5"), 100);  // the Black Leaper's disc
  EXPECT_EQ(dark_pixels(*img, "c5"), 0);

  // Flipped: the King's square e5 shows at d4's place.
  o = {};
  o.flip = true;
  img = rasterise(svg_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", o), dir_, "flip");
  ASSERT_TRUE(img.has_value());
  EXPECT_GT(dark_pixels(*img, "e1", true), 60);
  EXPECT_EQ(dark_pixels(*img, "e1"), 0);
  EXPECT_GT(dark_pixels(*img, "e8", true), 60);
  EXPECT_TRUE(near(img->at(left("a1", true) + 22, top("a1", true) + 22), kDarkRgb));
}

// The pictures of docs/variants.md and docs/fairy-convert.md (see the header of this file).
TEST(SvgImages, WriteReadmeImages) {
  const char* env = std::getenv("FAIRYKIT_SVG_IMAGES");
  if (env == nullptr || *env == 0) GTEST_SKIP() << "FAIRYKIT_SVG_IMAGES not set";
  if (find_rsvg().empty()) GTEST_SKIP() << "rsvg-convert not found";
  const fs::path dir = env;
  fs::create_directories(dir);
  struct Picture {
    std::string file, variant, fen;
    SvgOptions options;
  };
  auto with = [](std::string caption, std::string moves_of = "") {
    SvgOptions o;
    o.coordinates = true;
    o.caption = std::move(caption);
    o.moves_of = std::move(moves_of);
    return o;
  };
  std::vector<Picture> pictures;
  for (const VariantInfo& v : all_variants())
    pictures.push_back({std::string(v.name), std::string(v.name), std::string(v.start_fen),
                        with(std::string(v.title))});
  pictures.push_back(
      {"cwda_CN", "cwda", cwda_start_fen("CN"), with("CwDA: Clobberers v Nutty Knights")});
  pictures.push_back({"cwda_RF", "cwda", cwda_start_fen("RF"), with("CwDA: Rookies v FIDEs")});
  pictures.push_back({"interweave_king", "interweave", "8/8/4b3/3nK3/8/8/8/8",
                      with("Interweave: the King on e5 must capture", "e5")});
  pictures.push_back({"fluidity_rook", "fluidity", "7k/8/8/8/8/8/8/Rn1b3K w - - 0 1",
                      with("Fluidity: the Rook on a1 dissects", "a1")});
  Picture ep{"chess_ep", "chess", "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1",
             with("Chess: the Pawn on e5, after ...d7-d5", "e5")};
  pictures.push_back(ep);
  Picture marks{"chess_marks", "chess",
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                with("Chess: marks and arrows")};
  marks.options.marks = {"d5", "f7"};
  marks.options.arrows = {"f1c4", "f3g5"};
  pictures.push_back(marks);
  for (const Picture& p : pictures) {
    const std::string svg = svg_of(p.variant, p.fen, p.options);
    const fs::path in = dir / (p.file + ".svg"), out = dir / (p.file + ".png");
    std::ofstream(in, std::ios::binary) << svg;
    const std::string cmd = find_rsvg() + " -o '" + out.string() + "' '" + in.string() + "'";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    fs::remove(in);
  }
}

// A caption with a byte that is not UTF-8 (Latin-1) is well-formed XML: rsvg-convert, which
// refuses what is not, draws it.
TEST_F(SvgPixels, LatinOneCaptionIsWellFormed) {
  SvgOptions o;
  o.caption = "Caf\xE9";
  EXPECT_TRUE(rasterise(svg_of("chess", std::string(ChessVariant::kStartFen), o), dir_, "caption"));
}

}  // namespace
}  // namespace fairykit::analysis
