#include "analysis/formats/writer_common.h"

#include "rules/game/registry.h"

namespace fairykit::analysis::detail {

namespace {

constexpr std::string_view kRosterDefault[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

}  // namespace

void sort_tags(const GameRecord& r, SortedTags& t) {
  std::array<bool, 7> seen{};
  t.others.clear();
  t.repeats.clear();
  t.start_repeated = false;
  t.names.clear();
  constexpr std::size_t kFew = 32;
  const bool many = r.tags.size() > kFew;
  for (std::size_t i = 0; i < r.tags.size(); ++i) {
    const std::string_view name = r.tags[i].first;
    int roster = -1;
    for (int k = 0; k < 7; ++k)
      if (name == kRoster[k]) roster = k;
    bool repeated = false;
    if (roster >= 0) {
      repeated = seen[std::size_t(roster)];
      if (!repeated) t.roster[std::size_t(roster)] = r.tags[i].second;
      seen[std::size_t(roster)] = true;
    } else if (many) {
      repeated = !t.names.insert(name).second;
    } else {
      for (std::size_t j : t.others)
        if (r.tags[j].first == name) repeated = true;
    }
    if (repeated) {
      t.repeats.push_back(i);
      if (name == "SetUp" || name == "FEN") t.start_repeated = true;
    } else if (roster < 0) {
      t.others.push_back(i);
    }
  }
  for (int k = 0; k < 7; ++k)
    if (!seen[std::size_t(k)]) t.roster[std::size_t(k)] = kRosterDefault[k];
}

bool standard_start(const GameRecord& r) {
  const VariantInfo& v = variant_info(r.variant);
  return !v.start_fen.empty() && r.start_fen == v.start_fen;
}

bool writes_start(const GameRecord& r, const WriteOptions& o, const SortedTags& t) {
  return o.add_fen_tags || t.start_repeated || !standard_start(r);
}

}  // namespace fairykit::analysis::detail
