#include "analysis/perft/make_suite.h"

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "analysis/perft/perft.h"
#include "rules/core/move_facts.h"
#include "rules/game/any_game.h"
#include "rules/game/variant_options.h"

namespace fairykit::analysis {

namespace {

std::uint64_t splitmix64_next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// The weight of a move in a playout: kBiasWeight when it is of a kind the bias favours.
std::uint64_t weight(const MoveFacts& f, const Bias& bias) {
  const bool favoured = (bias.captures && f.captures > 0) ||
                        (bias.promotions && f.promotion != NO_PIECE_TYPE) ||
                        (bias.castling && f.castling != 0);
  return favoured ? kBiasWeight : 1;
}

// One ply of a playout: a legal move drawn as the header says. False when there is none.
bool play_random_move(AnyGame& game, SuiteRng& rng, const Bias& bias) {
  const std::vector<std::string> moves = game.legal_moves_uci();
  if (moves.empty()) return false;
  std::size_t chosen = 0;
  if (!bias.any()) {
    chosen = std::size_t(rng.below(moves.size()));
  } else {
    std::vector<std::uint64_t> weights;
    weights.reserve(moves.size());
    std::uint64_t total = 0;
    for (const std::string& m : moves) {
      MoveFacts facts{};
      if (!game.play_move(m, nullptr, nullptr, nullptr, &facts).ok()) return false;
      game.undo();
      weights.push_back(weight(facts, bias));
      total += weights.back();
    }
    std::uint64_t r = rng.below(total);
    while (r >= weights[chosen]) r -= weights[chosen++];
  }
  return game.play_move(moves[chosen]).ok();
}

// The start of a playout (the header's step 1), set up in `game`.
absl::Status set_up_start(AnyGame& game, SuiteRng& rng) {
  const VariantInfo& info = game.variant();
  std::string fen = "startpos";
  if (info.numbered_starts > 0)
    fen = numbered_start_fen(info, int(rng.below(std::uint64_t(info.numbered_starts))));
  VariantOptions options;
  if (info.takes_armies) {
    constexpr char kArmies[] = "FCNR";
    options.armies = {kArmies[rng.below(4)], kArmies[rng.below(4)]};
  }
  return game.set_up(fen, options);
}

// Checks that the suite reader reads `text` (one entry) back as `fen` with `depth` counts.
absl::Status check_read_back(const std::string& text, const std::string& fen, int depth,
                             const MakeSuiteOptions& o) {
  const bool epd = o.format == SuiteFormat::kEpd;
  absl::StatusOr<std::vector<SuiteEntry>> back = parse_suite(text, "made suite", epd);
  if (back.ok() && back->size() == 1 && (*back)[0].fen == fen &&
      int((*back)[0].counts.size()) == depth)
    return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "the ", std::string(fen_dialect_name(o.dialect)), " FEN of ",
      std::string(variant_info(o.variant).title), " (\"", fen, "\") cannot be written in ",
      epd ? "EPD" : "a .perft file", epd ? "; use the .perft format" : ""));
}

}  // namespace

int random_start_number(std::uint64_t seed, int arrays) {
  std::uint64_t state = seed;
  return int(splitmix64_next(state) % std::uint64_t(arrays));
}

SuiteRng::SuiteRng(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (std::uint64_t& s : s_) s = splitmix64_next(state);
}

std::uint64_t SuiteRng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t SuiteRng::below(std::uint64_t n) {
  const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
  while (true) {
    const std::uint64_t r = next();
    if (r >= threshold) return r % n;
  }
}

absl::Status make_suite(const MakeSuiteOptions& o,
                        const std::function<void(std::string_view)>& write) {
  const VariantInfo& info = variant_info(o.variant);
  if (!fen_dialect_has_form(info, o.dialect))
    return fen_in_dialect(info, info.start_fen, o.dialect).status();  // the dialect's message
  absl::StatusOr<std::unique_ptr<AnyGame>> created = AnyGame::create(info);
  if (!created.ok()) return created.status();
  AnyGame& game = **created;
  SuiteRng rng(o.seed);
  const bool epd = o.format == SuiteFormat::kEpd;
  const std::string name(info.name);

  std::string command = absl::StrCat("fairy-perft --make-suite ", o.positions, " --seed ", o.seed,
                                     " --depth ", o.depth, " --variant ", name);
  if (o.bias.any()) {
    std::string kinds;
    for (const auto& [on, kind] :
         {std::pair{o.bias.captures, "captures"}, std::pair{o.bias.promotions, "promotions"},
          std::pair{o.bias.castling, "castling"}})
      if (on) absl::StrAppend(&kinds, kinds.empty() ? "" : ",", kind);
    absl::StrAppend(&command, " --bias ", kinds);
  }
  if (o.dialect != FenDialectId::kNative)
    absl::StrAppend(&command, " --fen-dialect ", std::string(fen_dialect_name(o.dialect)));
  if (epd) absl::StrAppend(&command, " --format epd");
  // The header goes out with the first position: a suite that cannot be made writes nothing.
  std::string header = absl::StrCat("# ", command, "\n");
  absl::StrAppend(&header, "# ", o.positions, " positions of ", name,
                  " from random playouts (fairy-perft --make-suite), counts to depth ", o.depth,
                  "\n", epd ? "" : "\n");

  std::set<std::string> seen;  // the positions in the suite (native FEN)
  const long long budget = (long long)(o.positions) * kMaxPlayoutsPerPosition;
  long long playouts = 0;
  for (int made = 0; made < o.positions;) {
    if (playouts++ == budget)
      return absl::FailedPreconditionError(
          absl::StrCat("only ", made, " positions of ", o.positions, " made in ", budget,
                       " playouts: the others ended early or repeated a position"));
    if (absl::Status s = set_up_start(game, rng); !s.ok()) return s;
    const int plies =
        kMinPlayoutPlies + int(rng.below(std::uint64_t(kMaxPlayoutPlies - kMinPlayoutPlies + 1)));
    bool alive = true;
    for (int p = 0; p < plies && alive; ++p)
      alive = !game.state().over() && play_random_move(game, rng, o.bias);
    if (!alive || game.state().over() || game.count_legal() == 0) continue;
    std::string native = game.fen();
    if (!seen.insert(native).second) continue;
    ++made;

    absl::StatusOr<std::string> fen = fen_in_dialect(info, native, o.dialect);
    if (!fen.ok()) return fen.status();
    const std::string id = absl::StrCat(name, "-", o.seed, "-", made);
    std::string text = epd ? absl::StrCat(*fen, " ;id \"", id, "\" ;variant ", name)
                           : absl::StrCat("id ", id, "\nvariant ", name, "\nfen ", *fen, "\n");
    for (int d = 1; d <= o.depth; ++d) {
      PerftOptions po;
      po.depth = d;
      po.threads = o.threads;
      absl::StatusOr<PerftResult> r = run_perft(o.variant, native, po);
      if (!r.ok()) return r.status();
      absl::StrAppend(&text, epd ? absl::StrCat(" ;D", d, " ", r->nodes)
                                 : absl::StrCat("perft ", d, " ", r->nodes, "\n"));
    }
    text += "\n";
    if (absl::Status s = check_read_back(text, *fen, o.depth, o); !s.ok()) return s;
    if (!header.empty()) {
      text.insert(0, header);
      header.clear();
    }
    write(text);
  }
  return absl::OkStatus();
}

}  // namespace fairykit::analysis
