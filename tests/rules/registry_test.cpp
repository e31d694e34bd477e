// The variant registry and its dispatcher: every id of the Position<V> family reaches its
// own traits, and an id outside the family or outside VariantId aborts with a message
// instead of running as chess. What each variant says of itself is checked value by value.
#include "rules/game/registry.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace fairykit {
namespace {

TEST(Registry, PositionFamilyDispatchesEveryIdToItsOwnTraits) {
  int family = 0;
  for (const VariantInfo& v : all_variants()) {
    if (!in_position_family(v.id)) continue;
    ++family;
    const std::string_view name = visit_variant(v.id, []<class V>() { return V::kName; });
    EXPECT_EQ(name, v.name);
    const std::string_view start = visit_variant(v.id, []<class V>() { return V::kStartFen; });
    EXPECT_EQ(start, v.start_fen) << v.name;
  }
  EXPECT_EQ(family, 4);
}

TEST(Registry, FamilyMembership) {
  std::string outside;
  for (const VariantInfo& v : all_variants())
    if (!in_position_family(v.id)) outside += std::string(v.name) + " ";
  EXPECT_EQ(outside, "interweave fluidity ");
  EXPECT_FALSE(in_position_family(static_cast<VariantId>(99)));
}

TEST(RegistryDeathTest, AnIdOutsideTheFamilyIsNotChess) {
  const auto visit = [](VariantId id) {
    return visit_variant(id, []<class V>() { return V::kName.size(); });
  };
  EXPECT_DEATH(visit(VariantId::kInterweave),
               "fairykit: internal error: visit_variant: variant id 4 is not handled");
  EXPECT_DEATH(visit(VariantId::kFluidity), "visit_variant: variant id 5 is not handled");
  // An id outside VariantId stops at the one switch every dispatch goes through.
  EXPECT_DEATH(visit(static_cast<VariantId>(99)),
               "visit_variant_type: variant id 99 is not handled");
  EXPECT_DEATH(variant_info(static_cast<VariantId>(99)),
               "variant_info: variant id 99 is not handled");
}

TEST(Registry, VariantInfoIsTheEntryOfTheId) {
  for (const VariantInfo& v : all_variants()) EXPECT_EQ(&variant_info(v.id), &v) << v.name;
}

// The properties that replace per-variant branches in game_start.cpp and
// variant_options.cpp: the registry is where a variant says what it takes and needs.
TEST(Registry, PropertiesOfEachVariant) {
  std::string armies, amazon, numbered, needs_fen, titles;
  for (const VariantInfo& v : all_variants()) {
    if (v.takes_armies) armies += std::string(v.name) + " ";
    if (v.takes_amazon_promotes) amazon += std::string(v.name) + " ";
    if (v.numbered_starts) {
      numbered += std::string(v.name) + " ";
      EXPECT_NE(v.numbered_start, nullptr) << v.name;
    } else {
      EXPECT_EQ(v.numbered_start, nullptr) << v.name;
    }
    if (v.start_needs_fen) needs_fen += std::string(v.name) + " ";
    titles += std::string(v.title) + " ";
  }
  EXPECT_EQ(armies, "cwda ");
  EXPECT_EQ(amazon, "superchess ");
  EXPECT_EQ(numbered, "chess960 superchess ");
  EXPECT_EQ(needs_fen, "superchess ");
  EXPECT_EQ(titles, "Chess Chess960 CWDA Superchess Interweave Fluidity ");
}

// What analysis/ reads of a variant instead of naming it: the draw rule by a move count, the
// meaning of the FEN's fields, the grouping keys, ECO openings, capture chains.
TEST(Registry, WhatTheToolsReadInsteadOfTheVariantsName) {
  std::string rules, fide_fields, plies, eco, chains, pairing, start_array;
  for (const VariantInfo& v : all_variants()) {
    const std::string name(v.name);
    rules += name + ": " + std::string(describe(v.move_rule)) + "; ";
    if (v.fen_fide_fields) fide_fields += name + " ";
    if (v.fen_ply_field >= 0) plies += name + " " + std::to_string(v.fen_ply_field) + " ";
    if (v.eco_openings) eco += name + " ";
    if (v.capture_chains) chains += name + " ";
    if (v.army_pairing) pairing += name + " ";
    if (v.start_array) start_array += name + " ";
  }
  EXPECT_EQ(rules,
            "chess: fifty-move rule; chess960: fifty-move rule; cwda: fifty-move rule; "
            "superchess: fifty-move rule; interweave: fifty-move rule; "
            "fluidity: twenty-five-move rule; ");
  EXPECT_EQ(fide_fields, "chess chess960 cwda superchess fluidity ");
  EXPECT_EQ(plies, "interweave 2 ");
  EXPECT_EQ(eco, "chess ");
  EXPECT_EQ(chains, "interweave ");
  EXPECT_EQ(pairing, "cwda ");
  EXPECT_EQ(start_array, "superchess ");
}

TEST(Registry, GroupingKeysComeFromTheStartFen) {
  const VariantInfo& cwda = *find_variant("cwda");
  EXPECT_EQ(cwda.army_pairing(cwda.start_fen), "FIDE v FIDE");
  EXPECT_EQ(cwda.army_pairing("gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN"),
            "Clobberers v Nutty Knights");
  EXPECT_EQ(cwda.army_pairing("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 RX  "),
            "Rookies v ?");
  EXPECT_EQ(cwda.army_pairing("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "");
  const VariantInfo& superchess = *find_variant("superchess");
  EXPECT_EQ(superchess.start_array(superchess.start_fen), "AVBQKESR");
  EXPECT_EQ(superchess.start_array("avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR[] w Kk - 0 1"),
            "RAVQKESR");
  EXPECT_EQ(superchess.start_array("RAVQKESR"), "");
}

// The pieces as the engines declare them, in record order, with their names and values.
TEST(Registry, PiecesOfEachVariant) {
  std::string lists;
  for (const VariantInfo& v : all_variants()) {
    lists += std::string(v.name) + ":";
    for (PieceType pt : piece_types(v.id))
      lists +=
          " " + std::string(piece_name(v.id, pt)) + "=" + std::to_string(piece_value(v.id, pt));
    lists += "\n";
  }
  EXPECT_EQ(lists,
            "chess: pawn=1 knight=3 bishop=3 rook=5 queen=9 king=0\n"
            "chess960: pawn=1 knight=3 bishop=3 rook=5 queen=9 king=0\n"
            "cwda: pawn=1 knight=3 bishop=3 rook=5 queen=9 king=0 bede=5 waffle=3 fad=3 "
            "cardinal=9 charging rook=5 fibnif=3 charging knight=3 colonel=9 short rook=5 "
            "woody rook=3 half-duck=3 chancellor=9\n"
            "superchess: pawn=1 knight=3 bishop=3 rook=5 queen=9 king=0 amazon=12 empress=8 "
            "princess=6 veteran=6\n"
            "interweave: pawn=1 leaper=1 remover=1 smasher=1 king=0\n"
            "fluidity: knight=3 bishop=3 rook=5 queen=9 king=0\n");
  // A type a variant lacks keeps the catalog's name; no type has none.
  EXPECT_EQ(piece_name(VariantId::kInterweave, QUEEN), "queen");
  EXPECT_EQ(piece_name(VariantId::kChess, AMAZON), "amazon");
  EXPECT_EQ(piece_name(VariantId::kFluidity, NO_PIECE_TYPE), "?");
  EXPECT_EQ(piece_name(VariantId::kInterweave, NO_PIECE_TYPE), "?");
}

}  // namespace
}  // namespace fairykit
