// Suites shared out over the ranks of a run (analysis/batch/collective.h) by position: rank r
// runs the entries whose place in the file is r modulo the ranks (SuiteOptions::part and
// ::parts) and sends each one's report to rank 0, then an end mark after the file; rank 0
// writes them in the file's order among its own, so that its output is that of one process.
// Every rank reads the whole file, so every rank meets the same entries and the same error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "analysis/batch/collective.h"

namespace fairykit::analysis {

class SuiteShares {
 public:
  // `ranks`: nullptr or one rank is one process (shared() false: nothing to do). `print`:
  // rank 0 writes another rank's report with it, in its place.
  SuiteShares(const Collective* ranks, std::function<void(std::string_view report)> print);

  bool shared() const { return ranks_ != nullptr && ranks_->size() > 1; }
  bool is_root() const { return ranks_ == nullptr || ranks_->is_root(); }
  int rank() const { return ranks_ == nullptr ? 0 : ranks_->rank(); }
  int size() const { return ranks_ == nullptr ? 1 : ranks_->size(); }

  // Every rank, after opening a file (collective when shared): OK when every rank opened it,
  // else the first failed rank's error ("rank 1: x.epd: cannot open file: ..."), alike on
  // every rank, so that all of them read it or none.
  absl::Status agree_opened(const absl::Status& opened) const;
  // Rank 0, before writing the report of its own next entry of the file: the reports of the
  // other ranks' entries before it.
  void before_own_entry();
  // The other ranks: the report of their next entry, to rank 0.
  void send_entry(std::string_view report) const;
  // After the whole file (every rank): rank 0 writes the other ranks' reports left and waits
  // for their end marks; the other ranks send theirs.
  void end_file();
  // Collective::sum_to_root (nothing when not shared).
  void sum_to_root(std::vector<std::uint64_t>& values) const;

 private:
  std::string receive(int rank) const { return ranks_->receive(rank); }
  void print(const std::string& message) const;

  const Collective* ranks_;
  std::function<void(std::string_view)> print_;
  std::size_t next_ = 0;  // rank 0: the next place of the file to write
  std::size_t mine_ = 0;  // rank 0: its entries of the file so far
};

}  // namespace fairykit::analysis
