// The MPI side of a tool: which rank this process is among how many, and the
// few collective steps the tools need. Built with MPI only when the tool is compiled with
// FAIRYKIT_MPI=1 (the CMake option FAIRYKIT_MPI); otherwise every process is rank 0 of 1
// and nothing here calls MPI, so the default build needs no MPI at all.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/batch/collective.h"

#if FAIRYKIT_MPI
#include <mpi.h>
#endif

namespace fairykit::cli {

class MpiSession final : public analysis::Collective {
 public:
  // Joins the MPI job (MPI_Init) when built with MPI; a process started without mpirun is
  // rank 0 of 1.
  // A tool started without mpirun does not join MPI at all (no singleton MPI_Init: it
  // would cost 0.1-0.3 s and tens of MB, and change nothing in what one process does).
  MpiSession(int& argc, char**& argv) {
#if FAIRYKIT_MPI
    if (!launched_by_mpirun()) return;
    MPI_Init(&argc, &argv);
    initialized_ = true;
    no_delay_on_tcp_sockets();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
#else
    (void)argc;
    (void)argv;
#endif
  }
  ~MpiSession() {
#if FAIRYKIT_MPI
    if (initialized_) MPI_Finalize();
#endif
  }

  // Whether the process was started by mpirun / mpiexec (Open MPI, PMIx) or another MPI
  // launcher (PMI: MPICH, srun).
  static bool launched_by_mpirun() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
      if (std::getenv(v) != nullptr) return true;
    return false;
  }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  // Sets TCP_NODELAY on every TCP socket the process holds once MPI_Init has opened them,
  // and returns how many it set. Open MPI 4.1 with PMIx 4.2 (Debian 12) talks to its local
  // PMIx server over a loopback TCP connection without TCP_NODELAY: the fence at the start
  // of MPI_Finalize sends three small writes, Nagle's algorithm holds the later ones until
  // the first is acknowledged, and the server acknowledges it only when its delayed ACK
  // timer fires, about 40 ms later: without the option every MPI job pays that in
  // MPI_Finalize on every rank, a large part of what starting and ending a job costs. Only
  // latency changes: the bytes sent are the same, and Open MPI's own
  // TCP transport sets the option on its sockets anyway.
  static int no_delay_on_tcp_sockets() {
    int set = 0;
    rlimit lim{};
    const int last = ::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < 4096
                         ? static_cast<int>(lim.rlim_cur)
                         : 4096;
    for (int fd = 0; fd < last; ++fd) {
      int type = 0;
      socklen_t len = sizeof type;
      if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM) continue;
      sockaddr_storage addr{};
      socklen_t alen = sizeof addr;
      if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &alen) != 0 ||
          (addr.ss_family != AF_INET && addr.ss_family != AF_INET6))
        continue;
      const int one = 1;
      if (::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) == 0) ++set;
    }
    return set;
  }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  // Collective::sum_to_root by one MPI_Reduce.
  void sum_to_root(std::vector<std::uint64_t>& values) const override {
#if FAIRYKIT_MPI
    if (size_ > 1)
      MPI_Reduce(is_root() ? MPI_IN_PLACE : values.data(), values.data(), int(values.size()),
                 MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
#else
    (void)values;
#endif
  }

  // Ranks other than 0 write nothing of their own (standard output and error go to
  // /dev/null): rank 0 prints what one process prints.
  void quiet_unless_root() const {
    if (is_root()) return;
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(null, STDOUT_FILENO);
      ::dup2(null, STDERR_FILENO);
      ::close(null);
    }
  }

  // The collective steps of the game batch and the perft jobs (analysis/batch/collective.h).
  std::vector<std::string> all_gather(std::string_view mine) const override {
    std::vector<std::string> all(static_cast<std::size_t>(size_));
#if FAIRYKIT_MPI
    if (size_ > 1) {
      int n = int(mine.size());
      std::vector<int> sizes(static_cast<std::size_t>(size_)), at(static_cast<std::size_t>(size_));
      MPI_Allgather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
      int total = 0;
      for (int r = 0; r < size_; ++r) {
        at[std::size_t(r)] = total;
        total += sizes[std::size_t(r)];
      }
      std::string joined(std::size_t(total), '\0');
      MPI_Allgatherv(mine.data(), n, MPI_CHAR, joined.data(), sizes.data(), at.data(), MPI_CHAR,
                     MPI_COMM_WORLD);
      for (int r = 0; r < size_; ++r)
        all[std::size_t(r)] =
            joined.substr(std::size_t(at[std::size_t(r)]), std::size_t(sizes[std::size_t(r)]));
      return all;
    }
#endif
    all[0] = std::string(mine);
    return all;
  }
  void send(int to, std::string_view bytes) const override {
#if FAIRYKIT_MPI
    MPI_Send(bytes.data(), int(bytes.size()), MPI_CHAR, to, kTag, MPI_COMM_WORLD);
#else
    (void)to, (void)bytes;
#endif
  }
  std::string receive(int from) const override {
    std::string bytes;
#if FAIRYKIT_MPI
    MPI_Status st;
    MPI_Probe(from, kTag, MPI_COMM_WORLD, &st);
    int n = 0;
    MPI_Get_count(&st, MPI_CHAR, &n);
    bytes.resize(std::size_t(n));
    MPI_Recv(bytes.data(), n, MPI_CHAR, from, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    (void)from;
#endif
    return bytes;
  }
  bool ready(int from) const override {
#if FAIRYKIT_MPI
    int flag = 0;
    MPI_Iprobe(from, kTag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
#else
    (void)from;
    return true;
#endif
  }

  // The exit status of the process: on rank 0 the largest of every rank's `status` (a rank
  // that failed makes the run fail), on the others 0. mpirun returns rank 0's status; the
  // others exit 0: Open MPI stops the job when a process exits non-zero, by SIGTERM to the
  // rest, and rank 0 killed as it finishes would not end as one process does (its SIGTERM
  // handler, its output in flight to mpirun).
  int exit_status(int status) const {
#if FAIRYKIT_MPI
    int worst = status;
    if (size_ > 1) MPI_Reduce(&status, &worst, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    return is_root() ? worst : 0;
#else
    return status;
#endif
  }

 private:
  static constexpr int kTag = 15;
#if FAIRYKIT_MPI
  bool initialized_ = false;
#endif
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace fairykit::cli
