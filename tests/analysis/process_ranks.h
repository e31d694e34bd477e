// The ranks of an MPI run played by processes forked from the test (analysis/batch/collective.h),
// so that what the ranks share can be tested without MPI: rank 0 is the test's own process,
// each other rank a child that runs the same body and exits with its result. Processes, not
// threads, because the ranks of a real run share nothing: two threads would share OpenMP's
// named critical sections, where one rank may wait for another. Messages go through a pipe
// for each ordered pair of ranks, each with its length first; all_gather sends every rank's
// piece to every other (pieces up to a pipe's capacity, 64 KiB, or two ranks could block on
// each other's full pipes).
#pragma once

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/batch/collective.h"

namespace fairykit::testing {

class ProcessRanks final : public analysis::Collective {
 public:
  explicit ProcessRanks(int n) : n_(n), pipes_(std::size_t(n) * std::size_t(n)) {}
  ProcessRanks(const ProcessRanks&) = delete;
  ProcessRanks& operator=(const ProcessRanks&) = delete;

  // Runs `body` on every rank; returns each rank's result (a child's exit status, 0-255;
  // -1 when it did not exit normally). Rank 0 runs last to its end in this process.
  std::vector<int> run(const std::function<int(const analysis::Collective&)>& body) {
    for (Pipe& p : pipes_)
      if (::pipe(p.fd) != 0) std::abort();
    std::vector<pid_t> children;
    for (int r = 1; r < n_; ++r) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        become(r);
        ::_exit(body(*this) & 0xff);
      }
      children.push_back(pid);
    }
    become(0);
    std::vector<int> results{body(*this)};
    for (const pid_t pid : children) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      results.push_back(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    for (Pipe& p : pipes_)
      for (int& fd : p.fd)
        if (fd >= 0) ::close(std::exchange(fd, -1));
    return results;
  }

  int rank() const override { return rank_; }
  int size() const override { return n_; }
  std::vector<std::string> all_gather(std::string_view mine) const override {
    for (int r = 0; r < n_; ++r)
      if (r != rank_) send(r, mine);
    std::vector<std::string> all(static_cast<std::size_t>(n_));
    for (int r = 0; r < n_; ++r) all[std::size_t(r)] = r == rank_ ? std::string(mine) : receive(r);
    return all;
  }
  void send(int to, std::string_view bytes) const override {
    const std::uint64_t n = bytes.size();
    write_all(pipe(rank_, to).fd[1], &n, sizeof n);
    write_all(pipe(rank_, to).fd[1], bytes.data(), bytes.size());
  }
  std::string receive(int from) const override {
    std::uint64_t n = 0;
    read_all(pipe(from, rank_).fd[0], &n, sizeof n);
    std::string bytes(n, '\0');
    read_all(pipe(from, rank_).fd[0], bytes.data(), n);
    return bytes;
  }
  bool ready(int from) const override {
    pollfd p{pipe(from, rank_).fd[0], POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
  }

 private:
  struct Pipe {
    int fd[2] = {-1, -1};
  };
  const Pipe& pipe(int from, int to) const { return pipes_[std::size_t(from * n_ + to)]; }
  // This process is rank `r`: it keeps only its own ends of the pipes, so that a rank that
  // dies ends the reads of the others (they abort) instead of leaving them waiting.
  void become(int r) {
    rank_ = r;
    for (int from = 0; from < n_; ++from)
      for (int to = 0; to < n_; ++to) {
        Pipe& p = pipes_[std::size_t(from * n_ + to)];
        if (from != r && p.fd[1] >= 0) ::close(std::exchange(p.fd[1], -1));
        if (to != r && p.fd[0] >= 0) ::close(std::exchange(p.fd[0], -1));
      }
  }
  static void write_all(int fd, const void* data, std::size_t n) {
    for (const char* p = static_cast<const char*>(data); n > 0;) {
      const ssize_t w = ::write(fd, p, n);
      if (w <= 0) std::abort();
      p += w;
      n -= std::size_t(w);
    }
  }
  static void read_all(int fd, void* data, std::size_t n) {
    for (char* p = static_cast<char*>(data); n > 0;) {
      const ssize_t r = ::read(fd, p, n);
      if (r <= 0) std::abort();
      p += r;
      n -= std::size_t(r);
    }
  }

  int n_;
  int rank_ = 0;
  std::vector<Pipe> pipes_;
};

}  // namespace fairykit::testing
