// The processes of one run that share its inputs out (the ranks of an MPI job),
// as the batch loop and the perft jobs see them. The analysis library knows no MPI: the tools
// built with FAIRYKIT_MPI give it an implementation over MPI (tools/common/mpi_session.h);
// without one, a run is one process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fairykit::analysis {

class Collective {
 public:
  virtual ~Collective() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  bool is_root() const { return rank() == 0; }
  // Every rank's `mine`, in rank order, on every rank (every rank calls it).
  virtual std::vector<std::string> all_gather(std::string_view mine) const = 0;
  // Point to point, in order between two ranks: `bytes` to rank `to`, and the next bytes
  // rank `from` sent.
  virtual void send(int to, std::string_view bytes) const = 0;
  virtual std::string receive(int from) const = 0;
  // Whether bytes from rank `from` have come, so that receive(from) returns at once: for a
  // rank that has other work while it waits. This one says true (receive() may wait then);
  // an implementation that can look without waiting says so.
  virtual bool ready(int from) const {
    (void)from;
    return true;
  }
  // Adds `values` up over the ranks, element by element, into rank 0's `values` (the
  // others' are left as they were); every rank calls it with as many values. Exact:
  // unsigned 64-bit sums. This one goes through all_gather; an implementation may have a
  // cheaper reduction.
  virtual void sum_to_root(std::vector<std::uint64_t>& values) const {
    if (size() < 2) return;
    const std::string mine(reinterpret_cast<const char*>(values.data()),
                           values.size() * sizeof(std::uint64_t));
    const std::vector<std::string> all = all_gather(mine);
    if (!is_root()) return;
    for (std::size_t r = 1; r < all.size(); ++r)
      for (std::size_t i = 0; i < values.size() && (i + 1) * sizeof(std::uint64_t) <= all[r].size();
           ++i) {
        std::uint64_t v = 0;
        all[r].copy(reinterpret_cast<char*>(&v), sizeof v, i * sizeof v);
        values[i] += v;
      }
  }
};

}  // namespace fairykit::analysis
