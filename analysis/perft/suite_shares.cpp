#include "analysis/perft/suite_shares.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace fairykit::analysis {

namespace {

// The messages to rank 0: an entry's report after kEntry, or kEnd alone after the file.
constexpr char kEntry = 'E';
constexpr std::string_view kEnd = "T";

}  // namespace

SuiteShares::SuiteShares(const Collective* ranks, std::function<void(std::string_view)> print)
    : ranks_(ranks), print_(std::move(print)) {}

absl::Status SuiteShares::agree_opened(const absl::Status& opened) const {
  if (!shared()) return opened;
  const std::vector<std::string> all =
      ranks_->all_gather(opened.ok() ? std::string() : std::string(opened.message()));
  if (!opened.ok()) return opened;
  for (std::size_t r = 0; r < all.size(); ++r)
    if (!all[r].empty()) return absl::NotFoundError(absl::StrCat("rank ", r, ": ", all[r]));
  return absl::OkStatus();
}

void SuiteShares::before_own_entry() {
  if (!shared()) return;
  const std::size_t ranks = std::size_t(size());
  const std::size_t place = mine_++ * ranks;
  for (; next_ < place; ++next_) print(receive(int(next_ % ranks)));
  next_ = place + 1;
}

void SuiteShares::send_entry(std::string_view report) const {
  std::string m(1, kEntry);
  m += report;
  ranks_->send(0, m);
}

void SuiteShares::end_file() {
  if (!shared()) return;
  if (!is_root()) {
    ranks_->send(0, kEnd);
    return;
  }
  // The places after rank 0's last entry, in turn, up to the first rank that has no more.
  const std::size_t n = std::size_t(size());
  std::vector<bool> ended(n, false);
  ended[0] = true;
  for (std::size_t r = next_ % n; r != 0; r = ++next_ % n) {
    const std::string m = receive(int(r));
    if (m == kEnd) {
      ended[r] = true;
      break;
    }
    print(m);
  }
  for (std::size_t r = 1; r < n; ++r)
    if (!ended[r]) receive(int(r));  // its end mark: no entry is left
  next_ = 0;
  mine_ = 0;
}

void SuiteShares::sum_to_root(std::vector<std::uint64_t>& values) const {
  if (shared()) ranks_->sum_to_root(values);
}

void SuiteShares::print(const std::string& message) const {
  if (!message.empty() && message[0] == kEntry) print_(std::string_view(message).substr(1));
}

}  // namespace fairykit::analysis
