// The selection flags (--where and the rest, tools/common/selection_flags.h) as the CLI tests
// of fairy-convert, fairy-analyze and fairy-validate try them: six games written for it, and
// for each command line the games it selects, worked out by hand from the tags below. Each
// tool's test checks its own counts of the same cases, so that the three read the flags alike.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"

namespace fairykit::testing {

// Events G1 to G6, in this order (game N is event GN). Speeds by lichess's estimate (the
// first period's seconds + 40 x the increment): 180+2 = 260 s blitz, 60+0 bullet, 900+10 =
// 1300 s rapid, "?" none, none without the tag, "-" correspondence. Plies: 4, 2, 3, 2, 1, 4
// (G6 ends in checkmate).
inline const char* const kSelectionGames = R"([Event "G1"]
[Site "lichess"]
[Date "2019.03.04"]
[White "Carlsen"]
[Black "Nakamura"]
[WhiteElo "2850"]
[BlackElo "2780"]
[TimeControl "180+2"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Event "G2"]
[Date "2020.01.01"]
[White "Nakamura"]
[Black "Carlsen"]
[WhiteElo "2780"]
[BlackElo "2850"]
[TimeControl "60+0"]
[Result "0-1"]

1. d4 d5 0-1

[Event "G3"]
[Date "1999.12.31"]
[White "So, Wesley"]
[Black "A|B"]
[WhiteElo "2000"]
[TimeControl "900+10"]
[Result "1/2-1/2"]

1. c4 e5 2. Nc3 1/2-1/2

[Event "G4"]
[Date "2000.01.01"]
[White "carlsen"]
[Black "Firouzja"]
[WhiteElo "2400"]
[TimeControl "?"]
[Result "*"]

1. e4 c5 *

[Event "G5"]
[Site "Round 1..3"]
[White "Ding"]
[Black "Nepo"]
[Result "*"]

1. Nf3 *

[Event "G6"]
[Date "2021.05.05"]
[White "X"]
[Black "Carlsen"]
[WhiteElo "1999"]
[TimeControl "-"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
)";

struct SelectionCase {
  const char* flags;   // as a shell reads them
  const char* events;  // the games selected, comma-separated
};

inline const SelectionCase kSelectionCases[] = {
    {"--where Player=Carlsen", "G1,G2,G6"},
    {"--ignore-case --where Player=CARLSEN", "G1,G2,G4,G6"},
    {"--ignore-case --where Player~carl", "G1,G2,G4,G6"},
    {"--where Player!=Carlsen", "G3,G4,G5"},
    {"--where 'White=Carlsen|Black=Carlsen'", "G1,G2,G6"},
    {"--where 'White~/^[CN]/'", "G1,G2"},
    {"--where 'White~/^c/i'", "G1,G4"},
    {"--where 'Black=A\\|B'", "G3"},
    {"--where 'Black~/^(A|Nepo)/'", "G3,G5"},
    {"--where 'Black~/^(A|Nepo)/|White=X'", "G3,G5,G6"},
    {"--where 'WhiteElo=2000..2400'", "G3,G4"},
    {"--where 'WhiteElo=2400..'", "G1,G2,G4"},
    {"--where 'WhiteElo=..1999'", "G6"},
    {"--where 'WhiteElo!=2000..2400'", "G1,G2,G5,G6"},
    {"--where 'Date=2000.01.01..2020.01.01'", "G1,G2,G4"},
    {"--where 'Date=..1999.12.31'", "G3"},
    {"--where Speed=blitz", "G1"},
    {"--where Speed!=blitz", "G2,G3,G4,G5,G6"},
    {"--where 'Speed=bullet..rapid'", "G1,G2,G3"},
    {"--where 'Speed>=rapid'", "G3,G6"},
    {"--where 'Site=Round 1.\\.3'", "G5"},
    {"--where Player=Carlsen --where Speed=blitz", "G1"},
    {"--where 'Speed=bullet|Speed=blitz' --where Black=Nakamura", "G1"},
    {"--where Player=Carlsen --ends-in checkmate", "G6"},
    {"--where 'Player~/^(Carlsen|Nakamura)$/' --max-plies 3", "G2"},
    // The tests of what happens in the game. G1 and G2 are won by the higher rated player;
    // G6 by Black, whose rating is missing. None of the games repeats a position, reaches
    // the fifty-move rule or promotes: those flags are tried inverted (all six games), the
    // hand-made games of tests/data/selection select with them.
    {"--checkmate", "G6"},
    {"--checkmate --stalemate", "G6"},
    {"--checkmate --invert", "G1,G2,G3,G4,G5"},
    {"--higher-rated-winner", "G1,G2"},
    {"--higher-rated-winner --invert", "G3,G4,G5,G6"},
    {"--lower-rated-winner --invert", "G1,G2,G3,G4,G5,G6"},
    {"--moves 'e4 e5'", "G1"},
    {"--moves e2e4", "G1,G4"},
    {"--moves '1. e4 c5'", "G4"},
    {"--moves 'f3 e5 g4 Qh4'", "G6"},
    {"--moves 'e4 e5' --invert", "G2,G3,G4,G5,G6"},
    {"--where Player=Carlsen --invert", "G3,G4,G5"},
    {"--min-plies 3 --invert", "G2,G4,G5"},
    {"--repetition --invert", "G1,G2,G3,G4,G5,G6"},
    {"--fifty-move --invert", "G1,G2,G3,G4,G5,G6"},
    {"--underpromotion --invert", "G1,G2,G3,G4,G5,G6"},
    // The positions: no game captures, so the full material lasts as long as the game (its
    // plies + 1 positions); boards by the squares the moves reach.
    {"--material 'QR2B2N2P8 v QR2B2N2P8'", "G1,G2,G3,G4,G5,G6"},
    {"--material 'QR2B2N2P8 v QR2B2N2P8' --material-plies 3", "G1,G3,G6"},
    {"--material '4 QR2B2N2P8 QR2B2N2P8' --material 'QR2B2N2P7 QR2B2N2P8'", "G1,G6"},
    {"--material-exact 'QR2B2N2P8 v QR2B2N2P8' --material-plies 2", "G1,G2,G3,G4,G6"},
    {"--board-pattern '*/*/*/*/4P3/*/*/*'", "G1,G4"},
    {"--board-pattern '*/*/*/*/*/?????N*/*/*'", "G1,G5"},
    {"--board-pattern 'rnb!qkbnr/*/*/*/*/*/*/*'", "G6"},
    {"--board-pattern '*/*/*/*/2P*/*/*/*' --board-pattern '*/*/*/*/3P*/*/*/*'", "G2,G3"},
    {"--board-pattern '*/*/*/*/4P3/*/*/*' --material 'QR2B2N2P8 v QR2B2N2P8' --material-plies 3",
     "G1"},
    {"--board-pattern '*/*/*/*/4P3/*/*/*' --invert", "G2,G3,G5,G6"},
};

// How many games a case selects.
inline int selected_count(const char* events) {
  return events[0] ? int(std::count(events, events + std::strlen(events), ',')) + 1 : 0;
}

// The plies of game GN (N from 1), as kSelectionGames plays them.
inline int selection_game_plies(int n) {
  static constexpr int kPlies[] = {4, 2, 3, 2, 1, 4};
  return kPlies[n - 1];
}

// Counted apart from the tools: the games of a PGN text whose tags pass `test`, a game being
// the tag lines from one [Event ...] line to the next (as in the files of samples/ and the
// TWIC file), read with no more than a line split.
using TagMap = std::map<std::string, std::string>;
inline int count_games(const std::string& pgn, const std::function<bool(const TagMap&)>& test) {
  int n = 0;
  TagMap tags;
  bool open = false;
  std::istringstream in(pgn);
  const auto close = [&] {
    if (open && test(tags)) ++n;
    tags.clear();
  };
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("[Event \"", 0) == 0) {
      close();
      open = true;
    }
    const std::size_t quote = line.find(" \"");
    if (line.starts_with('[') && line.ends_with("\"]") && quote != std::string::npos)
      tags[line.substr(1, quote - 1)] = line.substr(quote + 2, line.size() - quote - 4);
  }
  close();
  return n;
}

// The value of `tag` as a whole number, or -1 when it has none.
inline long tag_number(const TagMap& tags, const std::string& tag) {
  const auto t = tags.find(tag);
  if (t == tags.end() || t->second.empty() ||
      !std::all_of(t->second.begin(), t->second.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
    return -1;
  return std::stol(t->second);
}

// Whether White or Black holds `part`.
inline bool player_has(const TagMap& tags, const std::string& part) {
  for (const char* side : {"White", "Black"})
    if (const auto t = tags.find(side);
        t != tags.end() && t->second.find(part) != std::string::npos)
      return true;
  return false;
}

// The valid inputs of the tests that count apart from the tools: the samples but
// broken.pgn, and the TWIC file, as shell words (" 'a.pgn' 'b.pgn'"); the games they hold and
// those whose tags pass `test`.
struct CountedInputs {
  std::string args;
  int read = 0, selected = 0;
};
inline CountedInputs counted_inputs(const std::function<bool(const TagMap&)>& test) {
  std::vector<std::string> files = sample_pgns();
  std::erase_if(files, [](const std::string& f) { return f.ends_with("broken.pgn"); });
  files.push_back(kTwic);
  CountedInputs c;
  for (const std::string& f : files) {
    c.args += " '" + f + "'";
    const std::string text = slurp(f);
    c.selected += count_games(text, test);
    c.read += count_games(text, [](const TagMap&) { return true; });
  }
  return c;
}

}  // namespace fairykit::testing
