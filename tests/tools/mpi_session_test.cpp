// MpiSession without MPI (the default build): one process is rank 0 of 1; and the socket
// option it sets after MPI_Init under mpirun (TCP_NODELAY on the process's TCP sockets:
// Open MPI 4.1's PMIx connection lacks it and every MPI_Finalize waited 40 ms for a delayed
// ACK), checked on sockets of the test's own.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tools/common/mpi_session.h"

namespace fairykit::cli {
namespace {

bool no_delay(int fd) {
  int v = 0;
  socklen_t len = sizeof v;
  EXPECT_EQ(::getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &v, &len), 0);
  return v != 0;
}

TEST(MpiSession, OneProcessIsRankZeroOfOne) {
  int argc = 1;
  char name[] = "tool";
  char* args[] = {name, nullptr};
  char** argv = args;
  MpiSession mpi(argc, argv);
  EXPECT_EQ(mpi.rank(), 0);
  EXPECT_EQ(mpi.size(), 1);
  EXPECT_TRUE(mpi.is_root());
  EXPECT_EQ(mpi.exit_status(3), 3);
  EXPECT_EQ(mpi.all_gather("x"), std::vector<std::string>{"x"});
}

TEST(MpiSession, SetsNoDelayOnEveryTcpSocketAndLeavesTheOthers) {
  // A loopback TCP connection (listener, client, accepted end) and a Unix socket pair.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(listener, 1), 0);
  socklen_t len = sizeof addr;
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len), 0);
  const int client = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_EQ(::connect(client, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const int server = ::accept(listener, nullptr, nullptr);
  ASSERT_GE(server, 0);
  int unix_pair[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, unix_pair), 0);
  ASSERT_FALSE(no_delay(client));
  ASSERT_FALSE(no_delay(server));

  // The three TCP sockets (and any the test process held before), not the Unix ones.
  EXPECT_GE(MpiSession::no_delay_on_tcp_sockets(), 3);
  EXPECT_TRUE(no_delay(listener));
  EXPECT_TRUE(no_delay(client));
  EXPECT_TRUE(no_delay(server));
  int v = 0;
  socklen_t vlen = sizeof v;
  EXPECT_NE(::getsockopt(unix_pair[0], IPPROTO_TCP, TCP_NODELAY, &v, &vlen), 0);
  // The connection still carries bytes.
  ASSERT_EQ(::write(client, "ping", 4), 4);
  char buf[4];
  ASSERT_EQ(::read(server, buf, 4), 4);
  EXPECT_EQ(std::string(buf, 4), "ping");
  for (int fd : {listener, client, server, unix_pair[0], unix_pair[1]}) ::close(fd);
}

}  // namespace
}  // namespace fairykit::cli
