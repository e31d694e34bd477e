#include "rules/core/betza.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace fairykit {

namespace {

constexpr int kUnlimited = 7;  // no ray on an 8x8 board is longer

// A direction group in front of an atom: a single letter (second == first), a vertical and a
// horizontal letter (fs, lf, ...), or a letter and 'h' (fh: the whole half plane).
struct DirectionGroup {
  char first;
  char second;
};

bool is_vertical_letter(char d) { return d == 'f' || d == 'b' || d == 'v'; }
bool is_horizontal_letter(char d) { return d == 'l' || d == 'r' || d == 's'; }
bool is_direction_letter(char d) { return is_vertical_letter(d) || is_horizontal_letter(d); }

// Is the move (x, y) (file, rank deltas in White's orientation) in the half plane of d?
bool in_half_plane(char d, int x, int y) {
  switch (d) {
    case 'f':
      return y > 0;
    case 'b':
      return y < 0;
    case 'l':
      return x < 0;
    case 'r':
      return x > 0;
    case 'v':
      return y != 0;
    case 's':
      return x != 0;
    default:
      return false;
  }
}

// Is the move (x, y) along d's axis: its longer leg vertical for f b v, horizontal for l r s?
// Diagonal moves are along both.
bool along_axis(char d, int x, int y) {
  return is_vertical_letter(d) ? std::abs(y) >= std::abs(x) : std::abs(x) >= std::abs(y);
}

bool single_allows(char d, int x, int y) { return in_half_plane(d, x, y) && along_axis(d, x, y); }

// Does the group select the move (x, y) of an atom? `orthogonal`: the atom is W, D, H (or a
// rook ride), whose moves lie on one axis only, so that a pair like fs means "f and s".
bool group_allows(const DirectionGroup& g, int x, int y, bool orthogonal) {
  if (g.second == 'h') return in_half_plane(g.first, x, y);
  if (g.first == g.second) return single_allows(g.first, x, y);
  if (orthogonal) return single_allows(g.first, x, y) || single_allows(g.second, x, y);
  return in_half_plane(g.first, x, y) && in_half_plane(g.second, x, y) &&
         along_axis(g.second, x, y);
}

using Component = BetzaComponent;
using AtomInfo = BetzaAtomInfo;

const AtomInfo* find_atom(char c) { return find_betza_atom(c); }

// Modifiers of the wider Betza language that this compiler does not implement.
const char* unsupported_modifier(char c) {
  switch (c) {
    case 'n':
      return "lame leaps ('n')";
    case 'p':
      return "hoppers ('p')";
    case 'g':
      return "grasshoppers ('g')";
    case 'i':
      return "initial-only moves ('i')";
    case 'a':
      return "multi-leg moves ('a')";
    case 'j':
      return "jumping riders ('j')";
    case 'o':
      return "cylindrical moves ('o')";
    case 'z':
      return "crooked riders ('z')";
    case 'q':
      return "circular riders ('q')";
    case 'e':
      return "en passant captures ('e')";
    default:
      return nullptr;
  }
}

// "bad Betza '<betza>': <what> at <1-based column>" (no column for npos).
absl::Status betza_error(std::string_view betza, std::string_view what, std::size_t index) {
  if (index == std::string_view::npos)
    return absl::InvalidArgumentError(absl::StrFormat("bad Betza '%s': %s", betza, what));
  return absl::InvalidArgumentError(
      absl::StrFormat("bad Betza '%s': %s at %d", betza, what, int(index) + 1));
}

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Adds the moves of one atom component with its direction groups to the tables.
void add_component(CompiledPiece& p, const Component& comp, const DirectionGroup* groups,
                   int group_count, bool ride, int range, bool quiet, bool capture) {
  const bool orthogonal = comp.dy == 0;
  // The distinct images of (dx, dy) under the 8 symmetries of the board.
  std::array<std::array<int, 2>, 8> vectors{};
  int n = 0;
  for (int swap = 0; swap < 2; ++swap)
    for (int sx = -1; sx <= 1; sx += 2)
      for (int sy = -1; sy <= 1; sy += 2) {
        int x = sx * (swap ? comp.dy : comp.dx), y = sy * (swap ? comp.dx : comp.dy);
        bool seen = false;
        for (int i = 0; i < n; ++i) seen |= vectors[i][0] == x && vectors[i][1] == y;
        if (!seen) vectors[n++] = {x, y};
      }
  for (int i = 0; i < n; ++i) {
    const int x = vectors[i][0], y = vectors[i][1];
    bool allowed = group_count == 0;
    for (int g = 0; g < group_count && !allowed; ++g)
      allowed = group_allows(groups[g], x, y, orthogonal);
    if (!allowed) continue;
    for (Color c : {WHITE, BLACK}) {
      // Black's moves are White's rotated by 180 degrees.
      const int vx = c == WHITE ? x : -x, vy = c == WHITE ? y : -y;
      for (int s = 0; s < SQUARE_NB; ++s) {
        const Square from = Square(s);
        Bitboard dest = 0;
        const int steps = ride ? range : 1;
        int f = file_of(from), r = rank_of(from);
        for (int k = 0; k < steps; ++k) {
          f += vx;
          r += vy;
          if (!on_board(f, r)) break;
          dest |= square_bb(make_square(f, r));
        }
        if (!ride) {
          if (capture) p.leaps[c][s] |= dest;
          if (quiet) p.quiet_leaps[c][s] |= dest;
        } else if (orthogonal) {
          if (capture) p.rook_mask[c][s] |= dest;
          if (quiet) p.quiet_rook_mask[c][s] |= dest;
        } else {
          if (capture) p.bishop_mask[c][s] |= dest;
          if (quiet) p.quiet_bishop_mask[c][s] |= dest;
        }
      }
    }
  }
}

void summarise(CompiledPiece& p) {
  p.modal = false;
  p.colour_dependent = false;
  for (int c = 0; c < COLOR_NB; ++c)
    for (int s = 0; s < SQUARE_NB; ++s)
      p.modal |= p.leaps[c][s] != p.quiet_leaps[c][s] ||
                 p.rook_mask[c][s] != p.quiet_rook_mask[c][s] ||
                 p.bishop_mask[c][s] != p.quiet_bishop_mask[c][s];
  for (int s = 0; s < SQUARE_NB; ++s)
    p.colour_dependent |= p.leaps[WHITE][s] != p.leaps[BLACK][s] ||
                          p.rook_mask[WHITE][s] != p.rook_mask[BLACK][s] ||
                          p.bishop_mask[WHITE][s] != p.bishop_mask[BLACK][s] ||
                          p.quiet_leaps[WHITE][s] != p.quiet_leaps[BLACK][s] ||
                          p.quiet_rook_mask[WHITE][s] != p.quiet_rook_mask[BLACK][s] ||
                          p.quiet_bishop_mask[WHITE][s] != p.quiet_bishop_mask[BLACK][s];
}

}  // namespace

absl::StatusOr<CompiledPiece> compile_betza(std::string_view betza) {
  if (betza.empty()) return betza_error(betza, "empty description", std::string_view::npos);
  CompiledPiece p{};
  // The modifiers read since the last atom.
  std::array<DirectionGroup, 16> groups{};
  int group_count = 0;
  bool move_only = false, capture_only = false;
  std::size_t modifiers_start = std::string_view::npos;

  for (std::size_t i = 0; i < betza.size(); ++i) {
    const char ch = betza[i];
    if (ch == 'm' || ch == 'c') {
      (ch == 'm' ? move_only : capture_only) = true;
      if (modifiers_start == std::string_view::npos) modifiers_start = i;
      continue;
    }
    if (is_direction_letter(ch)) {
      if (modifiers_start == std::string_view::npos) modifiers_start = i;
      if (group_count == int(groups.size())) return betza_error(betza, "too many directions", i);
      char second = ch;
      if (i + 1 < betza.size()) {
        const char next = betza[i + 1];
        if (next == ch || (next == 'h' && ch != 'v' && ch != 's') ||
            (is_vertical_letter(ch) && is_horizontal_letter(next)) ||
            (is_horizontal_letter(ch) && is_vertical_letter(next))) {
          second = next;
          ++i;
        } else if (next == 'h') {
          return betza_error(betza,
                             absl::StrFormat("'%ch' is not a half (use fh, bh, lh or rh)", ch), i);
        }
      }
      groups[group_count++] = {ch, second};
      continue;
    }
    if (ch == 'h') return betza_error(betza, "'h' must follow f, b, l or r", i);
    if (const char* what = unsupported_modifier(ch))
      return betza_error(betza, absl::StrFormat("%s not supported", what), i);
    if (ch >= '0' && ch <= '9') return betza_error(betza, "range without a rider", i);

    const AtomInfo* atom = find_atom(ch);
    if (atom == nullptr) return betza_error(betza, absl::StrFormat("unknown atom '%c'", ch), i);

    bool ride = atom->rides;
    int range = kUnlimited;
    if (i + 1 < betza.size() && betza[i + 1] == ch) {
      if (ch != 'W' && ch != 'F')
        return betza_error(
            betza, absl::StrFormat("rider '%c%c' not supported (only W and F ride)", ch, ch),
            i + 1);
      ride = true;
      ++i;
    }
    if (i + 1 < betza.size() && betza[i + 1] >= '0' && betza[i + 1] <= '9') {
      if (!atom->can_ride)
        return betza_error(
            betza, absl::StrFormat("range after leaper '%c' (only W F K R B Q ride)", ch), i + 1);
      const std::size_t start = i + 1;
      int value = 0;
      while (i + 1 < betza.size() && betza[i + 1] >= '0' && betza[i + 1] <= '9') {
        value = std::min(value * 10 + (betza[i + 1] - '0'), 100);
        ++i;
      }
      if (value == 0) return betza_error(betza, "range 0", start);
      ride = true;
      range = std::min(value, kUnlimited);
    }

    // No modality letter, or both, means both.
    const bool quiet = move_only || !capture_only;
    const bool capture = capture_only || !move_only;
    for (int k = 0; k < atom->part_count; ++k)
      add_component(p, atom->parts[k], groups.data(), group_count, ride, range, quiet, capture);

    group_count = 0;
    move_only = capture_only = false;
    modifiers_start = std::string_view::npos;
  }
  if (modifiers_start != std::string_view::npos)
    return betza_error(betza, "modifiers without an atom", modifiers_start);
  summarise(p);
  return p;
}

}  // namespace fairykit
