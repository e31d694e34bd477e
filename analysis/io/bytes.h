// Values as bytes, for what the ranks of an MPI run send each other (the facts of a game, the
// positions of a game, the evaluations of an engine): integers little-endian and of a fixed
// width, strings and lists with a 32-bit length before them. Both ends are the same program,
// so there is no version and no type tag; a reader that runs past the end, or meets a length
// longer than what is left, reads zeros and empty strings from then on and says so (good()),
// so that damaged bytes are an error of the caller, never a crash.
//
//   std::string out;
//   ByteWriter w(out);
//   w.num(std::uint32_t(7));
//   w.str("e2e4");
//   ByteReader r(out);
//   const auto n = r.num<std::uint32_t>();
//   const std::string m = r.str();
//   if (!r.ok()) ...  // damaged, or bytes left over
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fairykit::analysis {

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  template <class Int>
  void num(Int v) {
    auto u = static_cast<std::uint64_t>(v);
    for (std::size_t i = 0; i < sizeof(Int); ++i) out_ += char((u >> (8 * i)) & 0xFF);
  }
  void real(double v) { num(std::bit_cast<std::uint64_t>(v)); }
  void str(std::string_view s) {
    num(std::uint32_t(s.size()));
    out_.append(s);
  }

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  template <class Int>
  Int num() {
    if (in_.size() < sizeof(Int)) {
      ok_ = false;
      in_ = {};
      return Int{};
    }
    std::uint64_t u = 0;
    for (std::size_t i = 0; i < sizeof(Int); ++i)
      u |= std::uint64_t(static_cast<unsigned char>(in_[i])) << (8 * i);
    in_.remove_prefix(sizeof(Int));
    return static_cast<Int>(u);
  }
  double real() { return std::bit_cast<double>(num<std::uint64_t>()); }
  // A string as a view into the bytes read (valid while they are).
  std::string_view view() {
    const auto n = num<std::uint32_t>();
    if (!ok_ || in_.size() < n) {
      ok_ = false;
      in_ = {};
      return {};
    }
    std::string_view s = in_.substr(0, n);
    in_.remove_prefix(n);
    return s;
  }
  std::string str() { return std::string(view()); }
  // Every read so far was whole, and nothing is left.
  bool ok() const { return ok_ && in_.empty(); }
  // Every read so far was whole.
  bool good() const { return ok_; }

 private:
  std::string_view in_;
  bool ok_ = true;
};

}  // namespace fairykit::analysis
