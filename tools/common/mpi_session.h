// The MPI side of a tool (issue 15): which rank this process is among how many, and the
// few collective steps the tools need. Built with MPI only when the tool is compiled with
// FAIRYKIT_MPI=1 (the CMake option FAIRYKIT_MPI); otherwise every process is rank 0 of 1
// and nothing here calls MPI, so the default build needs no MPI at all.
#pragma once

#include <cstdint>
#include <vector>

#if FAIRYKIT_MPI
#include <mpi.h>
#endif

namespace fairykit::cli {

class MpiSession {
 public:
  // Joins the MPI job (MPI_Init) when built with MPI; a process started without mpirun is
  // rank 0 of 1.
  MpiSession(int& argc, char**& argv) {
#if FAIRYKIT_MPI
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
#else
    (void)argc;
    (void)argv;
#endif
  }
  ~MpiSession() {
#if FAIRYKIT_MPI
    MPI_Finalize();
#endif
  }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const { return rank_ == 0; }

  // Adds `values` up over the ranks, element by element, into rank 0's `values` (the
  // others' are left as they were). Exact: unsigned 64-bit sums.
  void sum_to_root(std::vector<std::uint64_t>& values) const {
#if FAIRYKIT_MPI
    if (size_ > 1)
      MPI_Reduce(is_root() ? MPI_IN_PLACE : values.data(), values.data(), int(values.size()),
                 MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
#else
    (void)values;
#endif
  }

  // Every rank's exit status, the largest one, on every rank (a rank that failed makes
  // the run fail).
  int worst_status(int status) const {
#if FAIRYKIT_MPI
    int worst = status;
    if (size_ > 1) MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return worst;
#else
    return status;
#endif
  }

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace fairykit::cli
