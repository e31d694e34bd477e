// The processes of one run that share its inputs out (the ranks of an MPI job),
// as the batch loop sees them. The analysis library knows no MPI: the tools built with
// FAIRYKIT_MPI give GameBatch an implementation over MPI (tools/common/mpi_session.h); without
// one, a run is one process.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fairykit::analysis {

class Collective {
 public:
  virtual ~Collective() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Every rank's `mine`, in rank order, on every rank (every rank calls it).
  virtual std::vector<std::string> all_gather(std::string_view mine) const = 0;
  // Point to point, in order between two ranks: `bytes` to rank `to`, and the next bytes
  // rank `from` sent.
  virtual void send(int to, std::string_view bytes) const = 0;
  virtual std::string receive(int from) const = 0;
};

}  // namespace fairykit::analysis
