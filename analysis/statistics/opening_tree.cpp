#include "analysis/statistics/opening_tree.h"

#include <algorithm>

namespace fairykit::analysis {

namespace {

// A result in two bits, as a tail's header keeps it.
std::uint32_t result_code(char result) {
  switch (result) {
    case 'w':
      return 0;
    case 'd':
      return 1;
    case 'b':
      return 2;
    default:
      return 3;
  }
}

constexpr char kResults[4] = {'w', 'd', 'b', '*'};

}  // namespace

void OpeningTree::Counts::add(char result) {
  switch (result) {
    case 'w':
      ++white;
      break;
    case 'd':
      ++draws;
      break;
    case 'b':
      ++black;
      break;
    default:
      ++unfinished;
  }
}

template <class T, unsigned Shift>
std::uint32_t OpeningTree::Blocks<T, Shift>::append(std::uint32_t n) {
  // A run never straddles two blocks: the rest of a block too small for it stays unused
  // (less than a tail's length, once a block).
  const std::uint32_t used = size_ & (kBlock - 1);
  if (used != 0 && used + n > kBlock) size_ = (size_ | (kBlock - 1)) + 1;
  if ((size_ >> Shift) >= blocks_.size()) blocks_.push_back(std::make_unique<T[]>(kBlock));
  const std::uint32_t at = size_;
  size_ += n;
  return at;
}

std::uint32_t OpeningTree::move_id(const std::string& san) {
  const auto [it, fresh] = move_ids_.try_emplace(san, std::uint32_t(moves_.size()));
  if (fresh) moves_.push_back(san);
  return it->second;
}

std::uint32_t OpeningTree::new_node(std::uint32_t parent, std::uint32_t move) {
  const std::uint32_t at = nodes_.append(1);
  Node& n = nodes_[at];
  n = Node{};
  n.move = move;
  n.child = n.tail = kNone;
  n.sibling = parent == kNone ? kNone : nodes_[parent].child;
  if (parent != kNone) nodes_[parent].child = at;
  return at;
}

std::uint32_t OpeningTree::find_child(std::uint32_t parent, std::uint32_t move) {
  std::uint32_t before = kNone;
  for (std::uint32_t c = nodes_[parent].child; c != kNone; before = c, c = nodes_[c].sibling) {
    if (nodes_[c].move != move) continue;
    if (before != kNone) {
      nodes_[before].sibling = nodes_[c].sibling;
      nodes_[c].sibling = nodes_[parent].child;
      nodes_[parent].child = c;
    }
    return c;
  }
  return kNone;
}

std::uint32_t OpeningTree::split_tail(std::uint32_t parent) {
  const std::uint32_t t = nodes_[parent].tail;
  const std::uint32_t header = tails_[t], length = header >> 8, code = header & 3;
  const std::uint32_t c = new_node(parent, tails_[t + 1]);
  nodes_[c].counts.add(kResults[code]);
  nodes_[parent].tail = kNone;
  if (length > 1) {  // the rest of the tail, its header where its first move was
    tails_[t + 1] = (length - 1) << 8 | code;
    nodes_[c].tail = t + 1;
  }
  return c;
}

bool OpeningTree::add(VariantId variant, std::span<const std::string> moves, char result) {
  if (moves.empty()) return true;
  // The most a game can take: a node a move and a root, a tail and its header (in a fresh
  // block), a new move name a move.
  const std::uint64_t k = moves.size();
  if (nodes_.size() + k + 1 > max_index_ || tails_.size() + 2 * (k + 1) > max_index_ ||
      moves_.size() + k > max_index_)
    return false;
  longest_ = std::max(longest_, moves.size());
  auto [root, fresh] = roots_.try_emplace(variant, kNone);
  if (fresh) root->second = new_node(kNone, 0);
  std::uint32_t n = root->second;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::uint32_t m = move_id(moves[i]);
    std::uint32_t c = find_child(n, m);
    if (c == kNone) {
      const std::uint32_t t = nodes_[n].tail;
      if (t == kNone) {  // no game went this way before: the rest is this game's tail
        const auto length = std::uint32_t(moves.size() - i);
        const std::uint32_t at = tails_.append(length + 1);
        tails_[at] = length << 8 | result_code(result);
        tails_[at + 1] = m;
        for (std::uint32_t j = 1; j < length; ++j) tails_[at + 1 + j] = move_id(moves[i + j]);
        nodes_[n].tail = at;
        lines_ += length;
        return true;
      }
      if (tails_[t + 1] == m) {
        c = split_tail(n);
      } else {
        c = new_node(n, m);
        ++lines_;
      }
    }
    nodes_[c].counts.add(result);
    n = c;
  }
  return true;
}

std::uint64_t OpeningTree::lines_at_least(std::uint64_t min) const {
  if (min <= 1) return lines_;  // a tail's lines have one game each: only here
  std::uint64_t n = 0;
  std::vector<std::uint32_t> stack;
  for (const auto& [variant, root] : roots_) stack.push_back(root);
  while (!stack.empty()) {
    const std::uint32_t at = stack.back();
    stack.pop_back();
    for (std::uint32_t c = nodes_[at].child; c != kNone; c = nodes_[c].sibling)
      if (nodes_[c].counts.games() >= min) {  // a line has no more games than its parent
        ++n;
        stack.push_back(c);
      }
  }
  return n;
}

void OpeningTree::for_each(std::uint64_t min, const LineVisitor& f) const {
  scratch_.resize(longest_ + 1);  // before the walk: it keeps references into scratch_
  std::string line;
  for (const auto& [variant, root] : roots_) walk(root, min, variant, line, 0, f);
}

void OpeningTree::walk(std::uint32_t node, std::uint64_t min, VariantId variant, std::string& line,
                       std::size_t depth, const LineVisitor& f) const {
  const Node& n = nodes_[node];
  std::vector<std::uint32_t>& kids = scratch_[depth];
  kids.clear();
  for (std::uint32_t c = n.child; c != kNone; c = nodes_[c].sibling)
    if (nodes_[c].counts.games() >= min) kids.push_back(c);
  if (n.tail != kNone && min <= 1) kids.push_back(kNone);  // kNone stands for the tail
  // Siblings by their move's text: with no byte below '!' in a move, a line's longer lines
  // then come right after it, before its next sibling, as in the text order of whole lines.
  const auto name = [&](std::uint32_t c) -> const std::string& {
    return moves_[c == kNone ? tails_[n.tail + 1] : nodes_[c].move];
  };
  std::sort(kids.begin(), kids.end(),
            [&](std::uint32_t a, std::uint32_t b) { return name(a) < name(b); });
  const std::size_t length = line.size();
  for (const std::uint32_t c : kids) {
    if (c == kNone) {
      const std::uint32_t header = tails_[n.tail];
      Counts one;
      one.add(kResults[header & 3]);
      for (std::uint32_t j = 1; j <= header >> 8; ++j) {
        if (!line.empty()) line += ' ';
        line += moves_[tails_[n.tail + j]];
        f(variant, line, one);
      }
    } else {
      if (!line.empty()) line += ' ';
      line += moves_[nodes_[c].move];
      f(variant, line, nodes_[c].counts);
      walk(c, min, variant, line, depth + 1, f);
    }
    line.resize(length);
  }
}

}  // namespace fairykit::analysis
