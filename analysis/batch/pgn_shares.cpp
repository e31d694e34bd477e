#include "analysis/batch/pgn_shares.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace fairykit::analysis {
namespace {

constexpr std::string_view kEvent = "[Event ";

// The file a plan reads: plain, or seekable zstd with its table.
struct ShareInput {
  std::string path;
  std::uint64_t size = 0;  // decompressed
  std::shared_ptr<const parsers::ZstdSeekTable> table;
};

// True when the line starting at `p` (in [lo, p) are the bytes before it) follows a blank
// line: "\n\n", "\r\n\r\n" or "\r\r" before it.
bool after_blank_line(const char* lo, const char* p) {
  const std::size_t n = std::size_t(p - lo);
  if (n >= 2 && p[-1] == '\n' && p[-2] == '\n') return true;
  if (n >= 4 && std::memcmp(p - 4, "\r\n\r\n", 4) == 0) return true;
  return n >= 2 && p[-1] == '\r' && p[-2] == '\r';
}

// The input from decompressed byte `begin` on.
absl::StatusOr<std::unique_ptr<parsers::ByteSource>> open_at(const ShareInput& input,
                                                             std::uint64_t begin) {
  if (input.table) return parsers::open_zstd_from(input.path, input.table, begin);
  return parsers::open_plain_from(input.path, begin);
}

// The first "[Event " line after a blank line that starts at or after `from`, or `size`.
absl::StatusOr<std::uint64_t> guess_boundary(const ShareInput& input, std::uint64_t from) {
  constexpr std::size_t kBack = 4;  // bytes before `from` that decide the first line
  constexpr std::size_t kPiece = std::size_t(1) << 20;
  const std::uint64_t start = from >= kBack ? from - kBack : 0;
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> src = open_at(input, start);
  if (!src.ok()) return src.status();
  // buf holds the input from byte `at` on; candidates before `scan` have been looked at.
  std::string buf;
  std::uint64_t at = start;
  std::size_t scan = std::size_t(from - start);
  std::string piece(kPiece, '\0');
  for (;;) {
    absl::StatusOr<std::size_t> n = (*src)->read(piece.data(), piece.size());
    if (!n.ok()) return n.status();
    if (*n == 0) return input.size;
    buf.append(piece.data(), *n);
    const char* lo = buf.data();
    const char* hi = lo + buf.size();
    for (const char* p = lo + scan; p < hi; ++p) {
      p = static_cast<const char*>(std::memchr(p, '[', std::size_t(hi - p)));
      if (p == nullptr) break;
      if (std::size_t(hi - p) < kEvent.size()) {  // decided by the next piece
        scan = std::size_t(p - lo);
        break;
      }
      if (std::string_view(p, kEvent.size()) == kEvent && after_blank_line(lo, p))
        return at + std::uint64_t(p - lo);
    }
    if (buf.size() >= kEvent.size()) scan = std::max(scan, buf.size() - kEvent.size() + 1);
    // Keep the bytes a candidate still needs: kBack before the next one, and the rest.
    const std::size_t drop = scan > kBack ? scan - kBack : 0;
    buf.erase(0, drop);
    at += drop;
    scan -= drop;
  }
}

// What a counting pass found at one checkpoint: the games and line ends of the piece
// before the first game that starts at or after the checkpoint, and where that game starts
// (the file's size when none does).
struct Count {
  std::int64_t games = 0;
  std::int64_t lines = 0;
  std::uint64_t seen = 0;
};

// A plain file mapped read-only from a byte on to its end; empty when it cannot be mapped.
class MappedTail {
 public:
  MappedTail(const std::string& path, std::uint64_t from, std::uint64_t size) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    const std::uint64_t page = std::uint64_t(::sysconf(_SC_PAGESIZE));
    const std::uint64_t base = from / page * page;
    if (::fstat(fd, &st) == 0 && std::uint64_t(st.st_size) == size && from < size) {
      void* m = ::mmap(nullptr, std::size_t(size - base), PROT_READ, MAP_PRIVATE, fd, off_t(base));
      if (m != MAP_FAILED) {
        map_ = m;
        map_size_ = std::size_t(size - base);
        ::madvise(m, map_size_, MADV_SEQUENTIAL);
        text_ =
            std::string_view(static_cast<const char*>(m) + (from - base), std::size_t(size - from));
      }
    }
    ::close(fd);
  }
  ~MappedTail() {
    if (map_ != nullptr) ::munmap(map_, map_size_);
  }
  MappedTail(const MappedTail&) = delete;
  MappedTail& operator=(const MappedTail&) = delete;
  // The file from `from` on.
  std::string_view text() const { return text_; }

 private:
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::string_view text_;
};

// The counting pass over the piece that starts at `begin` (a game boundary), up to the last
// of `checkpoints` (increasing, all after `begin`): one Count for each.
//
// A plain file is mapped and counted game by game with parsers::plain_game_extent, which
// decides the games of the common shape by GameSplitter's own rules at about twice its
// speed (no copy of the text, no tag index, one pass over each line), which shortens the
// wait of every rank for the plan.
// At a game of another shape, GameSplitter reads on from there, until a game of the
// common shape again; so the count is GameSplitter's whatever the file holds.
absl::StatusOr<std::vector<Count>> count_piece(const ShareInput& input, std::uint64_t begin,
                                               const std::vector<std::uint64_t>& checkpoints,
                                               parsers::SplitterOptions options) {
  std::vector<Count> out;
  if (checkpoints.empty()) return out;
  std::optional<MappedTail> map;
  if (!input.table) map.emplace(input.path, begin, input.size);
  if (map && !map->text().empty()) {
    const std::string_view text = map->text();  // the file from `begin` on
    std::uint64_t pos = begin;                  // a game boundary
    std::int64_t lines = 0;                     // line ends in [begin, pos)
    std::int64_t games = 0;
    std::unique_ptr<parsers::ByteSource> src;
    std::unique_ptr<parsers::GameSplitter> splitter;  // reading from a game of another shape
    parsers::RawGame game;
    const auto fast = [&](std::uint64_t at) {
      return parsers::plain_game_extent(text.substr(std::size_t(at - begin)),
                                        options.max_game_bytes);
    };
    while (out.size() < checkpoints.size()) {
      std::uint64_t at = pos;
      std::int64_t before = lines;
      std::optional<parsers::PlainGameExtent> extent;
      if (!splitter) {
        if (pos >= input.size) break;
        extent = fast(pos);
        if (!extent) {
          absl::StatusOr<std::unique_ptr<parsers::ByteSource>> s = open_at(input, pos);
          if (!s.ok()) return s.status();
          src = std::move(*s);
          parsers::SplitterOptions o = options;
          o.first_offset = pos;
          o.first_line = 1 + lines;
          o.games_before = games;
          splitter = std::make_unique<parsers::GameSplitter>(*src, o);
        }
      }
      if (splitter) {
        absl::StatusOr<bool> more = splitter->next(game);
        if (!more.ok()) return more.status();
        if (!*more) break;
        at = game.offset;
        before = game.first_line - 1;
        extent = fast(at);  // back to the fast count at a game of the common shape
        if (extent) {
          splitter.reset();
          src.reset();
        }
      }
      if (extent) {
        pos = at + extent->size;
        lines = before + extent->line_ends;
      }
      while (out.size() < checkpoints.size() && at >= checkpoints[out.size()])
        out.push_back({games, before, at});
      ++games;
    }
    while (out.size() < checkpoints.size()) out.push_back({games, 0, input.size});
    return out;
  }
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> src = open_at(input, begin);
  if (!src.ok()) return src.status();
  options.first_offset = begin;
  options.first_line = 1;
  options.games_before = 0;
  parsers::GameSplitter splitter(**src, options);
  parsers::RawGame game;
  std::int64_t games = 0;
  while (out.size() < checkpoints.size()) {
    absl::StatusOr<bool> more = splitter.next(game);
    if (!more.ok()) return more.status();
    if (!*more) break;
    while (out.size() < checkpoints.size() && game.offset >= checkpoints[out.size()])
      out.push_back({games, game.first_line - 1, game.offset});
    ++games;
  }
  // No game starts at or after the rest: they are moved to the end (the lines do not
  // matter there, as a share that starts at the end reads nothing).
  while (out.size() < checkpoints.size()) out.push_back({games, 0, input.size});
  return out;
}

std::string error_text(const absl::Status& s) { return absl::StrCat("E", s.message()); }

// The first error reported by a rank, as a status naming the rank.
absl::Status first_error(const std::vector<std::string>& reports) {
  for (std::size_t r = 0; r < reports.size(); ++r)
    if (!reports[r].empty() && reports[r][0] == 'E')
      return absl::DataLossError(absl::StrCat("rank ", r, ": ", reports[r].substr(1)));
  return absl::OkStatus();
}

template <class Int>
Int parse(absl::string_view s) {
  Int v{};
  if (!absl::SimpleAtoi(s, &v)) v = Int{};
  return v;
}

}  // namespace

absl::StatusOr<PgnShare> plan_pgn_shares(const std::string& path, std::uint64_t size,
                                         bool seekable_zstd,
                                         const parsers::SplitterOptions& options,
                                         const Collective& ranks) {
  const int n = ranks.size();
  const int me = ranks.rank();
  ShareInput input{path, size, nullptr};
  // 0. Each rank reads the seek table of its copy of the file (which must be rank 0's).
  std::string mine = "0";
  if (seekable_zstd) {
    absl::StatusOr<std::optional<parsers::ZstdSeekTable>> t = parsers::read_zstd_seek_table(path);
    if (!t.ok())
      mine = error_text(t.status());
    else if (!t->has_value() || (*t)->decompressed_size != size)
      mine = error_text(absl::DataLossError(absl::StrCat(
          path, ": not the seekable zstd file rank 0 read (", size, " bytes decompressed)")));
    else
      input.table = std::make_shared<const parsers::ZstdSeekTable>(**std::move(t));
  }
  // 1. Guesses: rank r > 0 guesses where its share starts (s[r]) and where its piece of
  // the counting starts (q[r]). The pieces cut what is before the last share in n.
  if (me > 0 && mine == "0") {
    const double part = double(size) / (double(n - 1) + kLastRankWeight);
    const double last = part * double(n - 1);
    const auto at = [&](double x) { return std::min<std::uint64_t>(size, std::uint64_t(x)); };
    absl::StatusOr<std::uint64_t> s = guess_boundary(input, at(part * me));
    absl::StatusOr<std::uint64_t> q = guess_boundary(input, at(last * me / n));
    if (!s.ok())
      mine = error_text(s.status());
    else if (!q.ok())
      mine = error_text(q.status());
    else
      mine = absl::StrCat(*s, " ", *q);
  }
  std::vector<std::string> reports = ranks.all_gather(mine);
  if (absl::Status e = first_error(reports); !e.ok()) return e;
  PgnShare share;
  std::vector<std::uint64_t>& s = share.starts;
  s.assign(std::size_t(n) + 1, 0);
  std::vector<std::uint64_t> q(std::size_t(n) + 1, 0);
  for (int r = 1; r < n; ++r) {
    std::vector<absl::string_view> f = absl::StrSplit(reports[std::size_t(r)], ' ');
    if (f.size() != 2) return absl::InternalError(absl::StrCat("rank ", r, ": bad guess"));
    s[std::size_t(r)] = parse<std::uint64_t>(f[0]);
    q[std::size_t(r)] = parse<std::uint64_t>(f[1]);
  }
  s[std::size_t(n)] = size;
  const auto tidy = [&] {  // both increasing; the pieces end where the last share starts
    for (int r = 1; r <= n; ++r)
      s[std::size_t(r)] = std::max(s[std::size_t(r)], s[std::size_t(r) - 1]);
    q[std::size_t(n)] = s[std::size_t(n) - 1];
    for (int r = 1; r <= n; ++r)
      q[std::size_t(r)] =
          std::min(std::max(q[std::size_t(r)], q[std::size_t(r) - 1]), q[std::size_t(n)]);
  };
  tidy();

  // 2-3. Counting passes until every guess is a boundary. Rank p counts the games of its
  // piece [q[p], q[p+1]) and reports, at each guess in (q[p], q[p+1]], the games and lines
  // before it and where the next game starts.
  const auto checkpoints = [&](int p) {
    std::vector<std::uint64_t> c;
    const std::uint64_t lo = q[std::size_t(p)], hi = q[std::size_t(p) + 1];
    for (const std::vector<std::uint64_t>* v : {&s, &q})
      for (int r = 1; r < n; ++r) {
        const std::uint64_t x = (*v)[std::size_t(r)];
        if (x > lo && x <= hi) c.push_back(x);
      }
    if (lo < hi) c.push_back(hi);
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    return c;
  };
  std::vector<std::vector<std::uint64_t>> points(static_cast<std::size_t>(n));
  std::vector<std::vector<Count>> counts(static_cast<std::size_t>(n));
  for (share.passes = 1;; ++share.passes) {
    for (int p = 0; p < n; ++p) points[std::size_t(p)] = checkpoints(p);
    absl::StatusOr<std::vector<Count>> mine_counts =
        count_piece(input, q[std::size_t(me)], points[std::size_t(me)], options);
    std::string report;
    if (!mine_counts.ok()) {
      report = error_text(mine_counts.status());
    } else {
      std::vector<std::string> parts;
      for (const Count& c : *mine_counts)
        parts.push_back(absl::StrCat(c.games, " ", c.lines, " ", c.seen));
      report = absl::StrJoin(parts, ";");
    }
    reports = ranks.all_gather(report);
    if (absl::Status e = first_error(reports); !e.ok()) return e;
    std::uint64_t wrong = 0, fixed = 0;  // the first guess that is not a boundary
    for (int p = 0; p < n; ++p) {
      const std::vector<std::uint64_t>& pts = points[std::size_t(p)];
      std::vector<Count>& got = counts[std::size_t(p)];
      got.clear();
      if (pts.empty()) continue;
      for (absl::string_view one : absl::StrSplit(reports[std::size_t(p)], ';')) {
        std::vector<absl::string_view> f = absl::StrSplit(one, ' ');
        if (f.size() != 3) return absl::InternalError(absl::StrCat("rank ", p, ": bad count"));
        got.push_back(
            {parse<std::int64_t>(f[0]), parse<std::int64_t>(f[1]), parse<std::uint64_t>(f[2])});
      }
      if (got.size() != pts.size())
        return absl::InternalError(absl::StrCat("rank ", p, ": bad count"));
      for (std::size_t k = 0; k < pts.size(); ++k)
        if (got[k].seen != pts[k] && (wrong == 0 || pts[k] < wrong)) {
          wrong = pts[k];
          fixed = got[k].seen;
        }
    }
    if (wrong == 0) break;
    // The piece before the first wrong guess started at a boundary: no game starts in
    // [wrong, fixed), and one starts at `fixed`. Every guess in between moves there.
    for (std::vector<std::uint64_t>* v : {&s, &q})
      for (std::uint64_t& x : *v)
        if (x >= wrong && x < fixed) x = fixed;
    tidy();
  }

  // 4. Where each rank starts: the games and lines of the pieces before its start, and of
  // the piece it starts in up to there.
  share.table = input.table;
  share.piece_begin = q[std::size_t(me)];
  share.piece_end = q[std::size_t(me) + 1];
  share.begin = s[std::size_t(me)];
  share.end = me == n - 1 ? std::numeric_limits<std::uint64_t>::max() : s[std::size_t(me) + 1];
  for (int p = 0; p < n && share.begin > 0; ++p) {
    const std::vector<std::uint64_t>& pts = points[std::size_t(p)];
    for (std::size_t k = 0; k < pts.size(); ++k) {
      if (pts[k] != share.begin && k + 1 != pts.size()) continue;
      if (pts[k] > share.begin) break;
      const Count& c = counts[std::size_t(p)][k];
      share.games_before += c.games;
      share.first_line += c.lines;
      break;
    }
    if (q[std::size_t(p) + 1] >= share.begin) break;
  }
  return share;
}

namespace {

class ShareReader final : public parsers::RecordReader {
 public:
  ShareReader(std::unique_ptr<parsers::ByteSource> source, std::uint64_t end,
              const parsers::SplitterOptions& options)
      : source_(std::move(source)), splitter_(*source_, options), end_(end) {}

  absl::StatusOr<bool> next(parsers::RawGame& game) override {
    if (done_) return false;
    absl::StatusOr<bool> more = splitter_.next(game);
    if (!more.ok() || !*more) return more;
    if (game.offset >= end_) {
      done_ = true;
      return false;
    }
    return true;
  }
  std::uint64_t raw_bytes_read() const override { return source_->raw_bytes_read(); }

 private:
  std::unique_ptr<parsers::ByteSource> source_;
  parsers::GameSplitter splitter_;
  std::uint64_t end_;
  bool done_ = false;
};

}  // namespace

absl::StatusOr<std::unique_ptr<parsers::ByteSource>> open_share(const std::string& path,
                                                                const PgnShare& share) {
  return open_at(ShareInput{path, share.starts.back(), share.table}, share.begin);
}

std::uint64_t share_raw_size(const PgnShare& share) {
  const std::uint64_t size = share.starts.back();
  const std::uint64_t end = std::min(share.end, size);
  if (!share.table) return end - share.begin;
  // The compressed bytes from the frame that holds `begin` to the one that holds `end`.
  const auto compressed_at = [&](std::uint64_t at) -> std::uint64_t {
    if (share.table->frames.empty()) return 0;
    const parsers::ZstdSeekFrame& fr = share.table->frames[share.table->frame_at(at)];
    return fr.compressed_offset +
           (fr.decompressed_size == 0
                ? 0
                : std::uint64_t(double(fr.compressed_size) * double(at - fr.decompressed_offset) /
                                double(fr.decompressed_size)));
  };
  return compressed_at(end) - compressed_at(share.begin);
}

std::unique_ptr<parsers::RecordReader> pgn_share_reader(std::unique_ptr<parsers::ByteSource> source,
                                                        const PgnShare& share,
                                                        parsers::SplitterOptions options) {
  options.first_offset = share.begin;
  options.first_line = share.first_line;
  options.games_before = share.games_before;
  return std::make_unique<ShareReader>(std::move(source), share.end, options);
}

}  // namespace fairykit::analysis
