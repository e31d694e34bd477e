#include "tools/common/selection_flags.h"

#include <algorithm>
#include <iostream>
#include <string>

#include "absl/strings/str_split.h"

namespace fairykit::cli {

namespace {

std::vector<FlagSpec> selection_flag_specs() {
  return {
      {.name = "where",
       .takes_value = true,
       .repeatable = true,
       .section =
           "Selection (a game must pass every test; the others are \"filtered out\"):\n"
           "  --where and the rated-winner tests test the tags of every game, invalid ones\n"
           "  too; the others test the main line of valid games (an invalid game is counted\n"
           "  as invalid whatever they say).\n",
       .value_name = "EXPR",
       .help = {"a tag test, repeatable: White=Carlsen (equal), White!=X,",
                "Event~Olympiad (contains), Event~/^World (Ch|Cup)/ (a POSIX",
                "extended regular expression; /RE/i: without case),",
                "WhiteElo>=2700, Date<2000.01.01, WhiteElo=2000..2400 (a",
                "range, ends included; 2000.. and ..2400 are open); numbers",
                "compare as numbers, the rest as text. A|B: either test (\\| is",
                "a plain |). Player=NAME tests White and Black (Player!=X:",
                "neither is X); Speed=blitz the class of the TimeControl tag",
                "(ultrabullet, bullet, blitz, rapid, classical,",
                "correspondence; <, > and ranges by that order); Variant=NAME",
                "the game's variant by any of its names. Tag names as PGN",
                "spells them (a tag no game has is warned of)"},
       .brief = "a tag test (White=Carlsen, WhiteElo>=2700...), repeatable"},
      {.name = "ignore-case",
       .help = {"=, != and ~ of --where (regular expressions too) compare",
                "without case: A to Z as a to z (ASCII letters only)"},
       .brief = "--where compares without case"},
      {.name = "min-plies",
       .takes_value = true,
       .value_name = "N",
       .brief = "games of at least N plies"},
      {.name = "max-plies",
       .takes_value = true,
       .value_name = "N",
       .brief = "games of at most N plies",
       .joined = true},
      {.name = "ends-in",
       .takes_value = true,
       .repeatable = true,
       .value_name = "END",
       .help = {"how the main line ends on the board, repeatable: checkmate,",
                "stalemate, insufficient-material, capture-of-a-King,",
                "no-legal-move, ... or none"},
       .choices = absl::StrSplit(analysis::ends_in_names(), ", "),
       .brief = "how the main line ends on the board, repeatable"},
      {.name = "reaches",
       .takes_value = true,
       .repeatable = true,
       .value_name = "FEN",
       .help = {"games whose main line reaches the position (matched by",
                "position key in the variant of each game), repeatable"}},
      {.name = "checkmate",
       .help = {"games that end in checkmate (--ends-in checkmate)"},
       .brief = "games that end in checkmate"},
      {.name = "stalemate",
       .help = {"games that end in stalemate (--ends-in stalemate)"},
       .brief = "games that end in stalemate"},
      {.name = "repetition",
       .help = {"a position of the main line occurs a third time (the",
                "variant's rule: board, side to move, castling and en passant",
                "rights; Interweave's pools too)"},
       .brief = "a position occurs a third time"},
      {.name = "fifty-move",
       .help = {"the variant's move-count draw can be claimed at some ply: 50",
                "moves without capture or pawn move (Fluidity: 25 moves", "without capture)"},
       .brief = "the move-count draw can be claimed at some ply"},
      {.name = "underpromotion",
       .help = {"a main-line promotion to less than the most valuable piece",
                "the pawn could have become (chess: not a queen; CwDA: not a",
                "queen-equivalent of either army; Superchess: of its pool)"},
       .brief = "a promotion to less than the most valuable piece"},
      {.name = "higher-rated-winner",
       .help = {"Result 1-0 or 0-1 and the winner's Elo tag higher than the",
                "loser's (games without both ratings, or equal: not selected)"},
       .brief = "the winner's Elo is the higher"},
      {.name = "lower-rated-winner",
       .help = {"the same with the winner's Elo lower (with", "--higher-rated-winner: either)"},
       .brief = "the winner's Elo is the lower"},
      {.name = "moves",
       .takes_value = true,
       .value_name = "MOVES",
       .help = {"the main line starts with these moves: --moves 'e4 c5 Nf3'",
                "(the variant's SAN, check marks or not, or UCI; move numbers", "are left out)"},
       .brief = "the main line starts with these moves"},
      {.name = "invert",
       .help = {"keep the games that fail the tests, not those that pass (an",
                "invalid game is still judged by its tags only)"},
       .brief = "keep the games that fail the tests"},
      {.name = "material",
       .takes_value = true,
       .repeatable = true,
       .value_name = "EXPR",
       .help = {"games whose main line has this material at some ply, either",
                "side White (as pgn-extract matches material), repeatable:",
                "'QR v Q', 'R2P+ R=P*' with the variant's letters (Superchess",
                "A E S V, the CwDA armies' letters); a piece not listed is",
                "absent (Kings need not be); X* any number, X+ one or more,",
                "Xd, Xd+, Xd-, X= X# X> X< (against the other side); a",
                "leading number: lasting that many plies"},
       .brief = "games with this material at some ply ('QR v Q'), repeatable"},
      {.name = "material-exact",
       .takes_value = true,
       .repeatable = true,
       .value_name = "EXPR",
       .help = {"as --material, the first side White's (pgn-extract's exact form)"}},
      {.name = "material-plies",
       .takes_value = true,
       .value_name = "N",
       .help = {"the material must last N half-moves (hold in N + 1",
                "consecutive positions); default 0: at any one position",
                "(pgn-extract's default is 2)"}},
      {.name = "board-pattern",
       .takes_value = true,
       .repeatable = true,
       .value_name = "PATTERN",
       .help = {"games whose main line reaches a board like this FEN board,",
                "repeatable (any of them): ? any square, !X anything but X,",
                "[QR] one of these, * any run of squares within its rank,",
                "digits empty squares: '*/*/*/*/???PP*/*/*/*'"},
       .brief = "games that reach a board like this FEN pattern, repeatable"},
  };
}

// --material, --material-exact, --material-plies and --board-pattern.
bool position_flags(const Args& args, std::string_view tool, analysis::Selection& selection) {
  auto tests = std::make_shared<analysis::PositionTests>();
  if (!int_flag(args, tool, "material-plies", 0, 1000000, tests->material_plies)) return false;
  if (args.has("material-plies") && !args.has("material") && !args.has("material-exact")) {
    usage_error(tool, "--material-plies is about --material and --material-exact");
    return false;
  }
  for (const char* flag : {"material", "material-exact"})
    for (const std::string& text : args.all(flag)) {
      auto m = analysis::MaterialPattern::parse(text, flag == std::string_view("material-exact"));
      if (!m.ok()) {
        usage_error(tool, std::string(m.status().message()));
        return false;
      }
      tests->material.push_back(*std::move(m));
    }
  for (const std::string& text : args.all("board-pattern")) {
    auto b = analysis::BoardPattern::parse(text);
    if (!b.ok()) {
      usage_error(tool, std::string(b.status().message()));
      return false;
    }
    tests->boards.push_back(*std::move(b));
  }
  if (tests->size() > analysis::PositionTests::kMaxTests) {
    usage_error(tool, "at most 63 --material, --material-exact and --board-pattern in all");
    return false;
  }
  if (!tests->empty()) selection.positions = std::move(tests);
  return true;
}

}  // namespace

std::vector<FlagSpec> with_selection_flags(std::vector<FlagSpec> before,
                                           const std::vector<FlagSpec>& after) {
  for (FlagSpec& f : selection_flag_specs()) before.push_back(std::move(f));
  before.insert(before.end(), after.begin(), after.end());
  return before;
}

bool selection_flags(const Args& args, std::string_view tool, VariantId default_variant,
                     analysis::Selection& selection) {
  const auto bad = [&](absl::string_view message) {
    usage_error(tool, std::string(message));
    return false;
  };
  if (!int_flag(args, tool, "min-plies", 0, 1000000000, selection.min_plies) ||
      !int_flag(args, tool, "max-plies", 0, 1000000000, selection.max_plies))
    return false;
  const bool ignore_case = args.has("ignore-case");
  if (ignore_case && !args.has("where")) return bad("--ignore-case is about --where");
  for (const std::string& w : args.all("where")) {
    absl::StatusOr<analysis::WhereClause> clause = analysis::parse_where(w, ignore_case);
    if (!clause.ok()) return bad(clause.status().message());
    selection.where.push_back(*std::move(clause));
  }
  for (const std::string& e : args.all("ends-in")) {
    absl::StatusOr<std::string> name = analysis::parse_ends_in(e);
    if (!name.ok()) return bad(name.status().message());
    selection.ends_in.push_back(*name);
  }
  for (const std::string& fen : args.all("reaches")) {
    auto keys = analysis::position_keys(fen, default_variant);
    if (!keys.ok()) return bad("--reaches '" + fen + "': " + std::string(keys.status().message()));
    selection.reaches.insert(selection.reaches.end(), keys->begin(), keys->end());
  }
  // --checkmate and --stalemate are --ends-in values: given with --ends-in, any of them.
  for (const char* end : {"checkmate", "stalemate"})
    if (args.has(end) && std::find(selection.ends_in.begin(), selection.ends_in.end(), end) ==
                             selection.ends_in.end())
      selection.ends_in.emplace_back(end);
  selection.repetition = args.has("repetition");
  selection.move_rule = args.has("fifty-move");
  selection.underpromotion = args.has("underpromotion");
  selection.higher_rated_winner = args.has("higher-rated-winner");
  selection.lower_rated_winner = args.has("lower-rated-winner");
  if (const std::optional<std::string> moves = args.get("moves")) {
    absl::StatusOr<std::vector<std::string>> m = analysis::parse_moves(*moves, default_variant);
    if (!m.ok()) return bad(m.status().message());
    selection.moves = *std::move(m);
  }
  if (!position_flags(args, tool, selection)) return false;
  if (args.has("invert")) {
    if (!selection.any()) return bad("--invert needs a selection test to invert");
    selection.invert = true;
  }
  return true;
}

void warn_of_absent_tags(std::string_view tool, const analysis::Selection& selection,
                         std::uint64_t seen, std::uint64_t games_read,
                         const analysis::Collective& ranks) {
  const std::size_t n = analysis::where_condition_count(selection);
  if (n == 0) return;
  // Summed, a bit is set when any rank's games had the tag.
  std::vector<std::uint64_t> bits(n);
  for (std::size_t i = 0; i < n; ++i) bits[i] = seen >> i & 1;
  ranks.sum_to_root(bits);
  if (!ranks.is_root() || games_read == 0) return;
  std::uint64_t all = 0;
  for (std::size_t i = 0; i < n; ++i) all |= std::uint64_t(bits[i] != 0) << i;
  for (const std::string& w : analysis::absent_tag_warnings(selection, all))
    std::cerr << tool << ": warning: " << w << '\n';
}

}  // namespace fairykit::cli
