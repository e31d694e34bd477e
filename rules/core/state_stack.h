// A stack of StateInfo with stable addresses (Position links each state to the previous
// one), grown in chunks that are kept when the stack is cleared: replaying millions of
// games allocates only for the longest one.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "rules/core/position.h"

namespace fairykit {

class StateStack {
 public:
  StateInfo& push() {
    if (size_ == chunks_.size() * kChunk) chunks_.push_back(std::make_unique<StateInfo[]>(kChunk));
    StateInfo& s = chunks_[size_ / kChunk][size_ % kChunk];
    ++size_;
    return s;
  }
  void pop() { --size_; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }

 private:
  static constexpr std::size_t kChunk = 256;
  std::vector<std::unique_ptr<StateInfo[]>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace fairykit
