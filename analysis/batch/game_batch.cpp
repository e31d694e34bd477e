#include "analysis/batch/game_batch.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "analysis/batch/pgn_shares.h"

namespace fairykit::analysis {
namespace {

// Writes all of `bytes` to `fd` (standard output or error of rank 0); false on failure.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(std::size_t(n));
  }
  return true;
}

}  // namespace

GameBatch::~GameBatch() {
  if (distributed() && options_.collective->rank() == 0) set_interrupt_message("");
}

absl::StatusOr<std::unique_ptr<GameBatch>> GameBatch::open(std::vector<std::string> inputs,
                                                           const std::vector<OutputSpec>& outputs,
                                                           BatchOptions options) {
  const Collective* ranks = options.collective;
  const bool shared = ranks != nullptr && ranks->size() > 1;
  absl::Status status = check_outputs(inputs, outputs);
  std::unique_ptr<GameBatch> batch(new GameBatch(std::move(inputs), std::move(options)));
  if (shared && ranks->rank() == 0 && status.ok())  // until the first input is shared out
    set_interrupt_message(
        "the MPI job was stopped before its end (a rank failed or was killed); no output was "
        "put in place\n");
  if (shared && ranks->rank() > 0) {
    // The other ranks write their part of every output to spools, which rank 0 appends to
    // its own outputs; their standard output and error go to spools too.
    if (status.ok()) batch->setup_spools();
    if (status.ok()) {
      absl::StatusOr<std::unique_ptr<OutputFile>> f = OutputFile::spool("records");
      if (!f.ok())
        status = f.status();
      else
        batch->records_ = *std::move(f);
    }
    for (const OutputSpec& o : outputs) {
      if (!status.ok()) break;
      absl::StatusOr<std::unique_ptr<OutputFile>> f = OutputFile::spool(o.path);
      if (!f.ok())
        status = f.status();
      else
        batch->outputs_.emplace_back(o.flag, *std::move(f));
    }
  } else if (status.ok()) {
    for (const OutputSpec& o : outputs) {
      absl::StatusOr<std::unique_ptr<OutputFile>> f = OutputFile::open(o.path);
      if (!f.ok()) {
        status = f.status();  // those opened before are removed with the batch
        break;
      }
      batch->outputs_.emplace_back(o.flag, *std::move(f));
    }
  }
  if (shared) {
    // Every rank goes on, or none: rank 0's error is the one a single process gives.
    const std::vector<std::string> all =
        ranks->all_gather(status.ok() ? std::string() : std::string(status.message()));
    if (status.ok()) {
      for (std::size_t r = 0; r < all.size(); ++r) {
        if (all[r].empty()) continue;
        status =
            absl::FailedPreconditionError(r == 0 ? all[r] : absl::StrCat("rank ", r, ": ", all[r]));
        break;
      }
    }
  }
  if (!status.ok()) return status;
  return batch;
}

void GameBatch::setup_spools() {
  for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    std::fflush(fd == STDOUT_FILENO ? stdout : stderr);
    absl::StatusOr<int> spool = open_spool();
    if (!spool.ok()) {
      // Nothing this rank writes reaches rank 0 then: the run fails at the first input.
      spool_failure_ = std::string(spool.status().message());
      spool_fds_.clear();
      return;
    }
    ::dup2(*spool, fd);
    spool_fds_.push_back(*spool);
  }
}

OutputFile* GameBatch::output(std::string_view flag) const {
  for (const auto& [name, file] : outputs_)
    if (name == flag) return file.get();
  return nullptr;
}

void GameBatch::write(OutputFile* out, std::string_view bytes) {
  if (out == nullptr) return;
  out->write(bytes);
  if (!out->status().ok()) stop_ = true;  // the run has failed: read no further
}

void GameBatch::write_record(OutputFile* out, const parsers::RawGame& record) {
  if (out == nullptr || record.text.empty()) return;
  std::string_view text = record.text;
  std::string line;
  if (record.format == parsers::RecordFormat::kJson) {
    // Outside strings a line break is white space; inside one (not valid JSON) it stays.
    line = record.text;
    bool in_string = false, escape = false;
    for (char& c : line) {
      if (escape) {
        escape = false;
      } else if (in_string) {
        escape = c == '\\';
        in_string = c != '"';
      } else if (c == '"') {
        in_string = true;
      } else if (c == '\n' || c == '\r') {
        c = ' ';
      }
    }
    text = line;
  }
  write(out, text);
  if (text.back() != '\n' && text.back() != '\r') write(out, "\n");
}

void GameBatch::send_record(std::string_view record) {
  if (!records_) return;
  char size[8];
  for (int i = 0; i < 8; ++i) size[i] = char((std::uint64_t(record.size()) >> (8 * i)) & 0xFF);
  records_->write(std::string_view(size, 8));
  records_->write(record);
}

bool GameBatch::stopped_everywhere() {
  if (!distributed()) return stop_;
  for (const std::string& s : options_.collective->all_gather(stop_ ? "1" : "0"))
    if (s == "1") stop_ = true;
  return stop_;
}

absl::StatusOr<GameBatch::OpenedInput> GameBatch::open_input(BatchFile& file) {
  const bool shared = distributed();
  const Collective* ranks = options_.collective;
  const int me = shared ? ranks->rank() : 0;
  const int n = shared ? ranks->size() : 1;
  if (shared && me > 0) {
    // What the other ranks wrote since their last share (file_end's lines, which rank 0
    // writes with the totals of all) is not part of any output.
    if (options_.flush) options_.flush();
    for (int fd : spool_fds_) (void)drain_spool(fd, [](std::string_view) {});
    for (auto& [flag, out] : outputs_) (void)out->drain([](std::string_view) {});
    if (records_) (void)records_->drain([](std::string_view) {});
  }
  share_text_.clear();
  share_failure_ = spool_failure_;
  // Standard input is rank 0's alone.
  absl::StatusOr<std::unique_ptr<parsers::ByteSource>> src =
      me == 0 || file.path != "-"
          ? parsers::open_input(file.path)
          : absl::StatusOr<std::unique_ptr<parsers::ByteSource>>(absl::UnavailableError(""));
  parsers::RecordFormat format = parsers::RecordFormat::kPgn;
  absl::Status status = src.status();
  if (src.ok()) {
    file.name = (*src)->name();
    if (options_.format) {
      format = *options_.format;
    } else {
      absl::StatusOr<parsers::RecordFormat> f = parsers::detect_format(file.path, *src);
      if (!f.ok())
        status = f.status();
      else
        format = *f;
    }
  }
  if (!shared) {
    if (!status.ok()) return status;
    file.opened = true;
    file.format = format;
    OpenedInput in;
    in.size = (*src)->raw_size();
    in.reader = parsers::make_record_reader(std::move(*src), format, options_.splitter);
    return in;
  }

  // Under MPI: rank 0 decides, from what it found, how the input is read.
  std::string mine = status.ok() ? "" : absl::StrCat("E", status.message());
  if (me == 0 && status.ok()) {
    const bool pgn_file = format == parsers::RecordFormat::kPgn && file.path != "-";
    const parsers::Compression c = (*src)->compression();
    char mode = pgn_file && c == parsers::Compression::kNone && (*src)->raw_size() > 0 ? 'S' : 'W';
    std::uint64_t size = (*src)->raw_size();
    if (pgn_file && c == parsers::Compression::kZstd) {
      // Seekable zstd (two frames or more): by byte ranges of the decompressed text too.
      absl::StatusOr<std::optional<parsers::ZstdSeekTable>> t =
          parsers::read_zstd_seek_table(file.path);
      if (t.ok() && t->has_value() && (*t)->frames.size() >= 2 && (*t)->decompressed_size > 0) {
        mode = 'Z';
        size = (*t)->decompressed_size;
      }
    }
    mine = absl::StrCat(std::string(1, mode), size, " ", int(format));
  }
  const std::vector<std::string> all = ranks->all_gather(mine);
  if (all[0][0] == 'E') {  // rank 0 could not open it: the error of one process
    if (me == 0) return status;
    return absl::Status(absl::StatusCode::kNotFound, all[0].substr(1));
  }
  std::uint64_t size = 0;
  int format_code = 0;
  std::sscanf(all[0].c_str() + 1, "%lu %d", &size, &format_code);
  format = parsers::RecordFormat(format_code);
  file.opened = true;
  file.format = format;
  if (me > 0 && file.name == file.path && file.path == "-") file.name = "<stdin>";
  OpenedInput in;
  if (all[0][0] == 'W') {
    // Compressed, standard input, or not PGN: read whole, by the ranks in turn.
    const int owner = file.path == "-" ? 0 : int(whole_inputs_++ % std::size_t(n));
    share_text_ = absl::StrCat("rank ", owner, " of ", n, ", all of ", file.name);
    if (me == owner) {
      if (!status.ok()) {
        share_failure_ = std::string(status.message());  // finish_input names the share
        return in;
      }
      in.size = (*src)->raw_size();
      in.reader = parsers::make_record_reader(std::move(*src), format, options_.splitter);
    }
    return in;
  }
  // A plain or seekable zstd PGN file: by byte ranges.
  absl::StatusOr<PgnShare> plan =
      plan_pgn_shares(file.path, size, all[0][0] == 'Z', options_.splitter, *ranks);
  if (!plan.ok()) {  // on every rank alike: the input is not read, and the run fails
    rank_failed_ = true;
    file.opened = false;
    return plan.status();
  }
  const std::vector<std::uint64_t>& st = plan->starts;
  std::vector<std::string> parts;
  for (int r = 0; r < n; ++r)
    parts.push_back(
        absl::StrCat("rank ", r, " bytes ", st[std::size_t(r)], " to ", st[std::size_t(r) + 1]));
  share_text_ = absl::StrCat(file.name, " shared out: ", absl::StrJoin(parts, ", "));
  if (me == 0)
    set_interrupt_message(absl::StrCat(
        "the MPI job was stopped before its end (a rank failed or was killed); ", share_text_,
        " (byte ranges are [from, to)", plan->table ? " of the decompressed text" : "",
        "); no output was put in place\n"));
  if (plan->begin >= size) return in;  // nothing to read here
  std::unique_ptr<parsers::ByteSource> source;
  if (me == 0 && !plan->table) {
    source = std::move(*src);
  } else {
    absl::StatusOr<std::unique_ptr<parsers::ByteSource>> part = open_share(file.path, *plan);
    if (!part.ok()) {
      share_failure_ = std::string(part.status().message());
      return in;
    }
    source = std::move(*part);
  }
  in.size = share_raw_size(*plan);
  in.reader = pgn_share_reader(std::move(source), *plan, options_.splitter);
  return in;
}

absl::Status GameBatch::finish_input(const BatchFile& file, absl::Status status,
                                     std::uint64_t games) {
  if (!distributed()) {
    games_of_inputs_before_ += games;
    return status;
  }
  const Collective& ranks = *options_.collective;
  const int me = ranks.rank();
  const int n = ranks.size();
  if (options_.flush) options_.flush();
  // Each rank's games, then its failure: its read error, or one found before it read.
  std::string mine = absl::StrCat(games, " ");
  if (!share_failure_.empty())
    absl::StrAppend(&mine, share_failure_);
  else if (!status.ok())
    absl::StrAppend(&mine, status.message());
  std::vector<std::string> all = ranks.all_gather(mine);
  for (std::string& a : all) {
    const std::size_t space = a.find(' ');
    games_of_inputs_before_ += std::strtoull(a.c_str(), nullptr, 10);
    a.erase(0, space + 1);
  }

  // The other ranks' outputs, in rank order, after rank 0's: standard output, standard
  // error, then each output file.
  // Then the records (send_record), cut out of the pieces by their sizes.
  const std::size_t channels = 2 + outputs_.size() + 1;
  if (me == 0) {
    for (int r = 1; r < n; ++r) {
      for (std::size_t c = 0; c < channels; ++c) {
        bool first = true;
        std::string pending;  // records: bytes of a record not whole yet
        for (std::string piece = ranks.receive(r); !piece.empty(); piece = ranks.receive(r)) {
          if (c == channels - 1) {
            pending += piece;
            std::size_t at = 0;
            while (pending.size() - at >= 8) {
              std::uint64_t size = 0;
              for (int i = 0; i < 8; ++i)
                size |= std::uint64_t(static_cast<unsigned char>(pending[at + std::size_t(i)]))
                        << (8 * i);
              if (pending.size() - at - 8 < size) break;
              if (options_.record_in)
                options_.record_in(file, std::string_view(pending).substr(at + 8, size));
              at += 8 + size;
            }
            pending.erase(0, at);
            continue;
          }
          const bool joined = options_.joining_output.empty()
                                  ? c == 0
                                  : c >= 2 && outputs_[c - 2].first == options_.joining_output;
          if (joined && options_.joining) options_.joining(piece, first);
          first = false;
          if (c < 2) {
            if (!write_all(c == 0 ? STDOUT_FILENO : STDERR_FILENO, piece) && c == 0) stop_ = true;
          } else {
            write(outputs_[c - 2].second.get(), piece);
          }
        }
      }
    }
  } else {
    for (std::size_t c = 0; c < channels; ++c) {
      const auto send = [&](std::string_view piece) { ranks.send(0, piece); };
      absl::Status s = absl::OkStatus();
      if (c < 2) {
        if (spool_fds_.size() == 2) s = drain_spool(spool_fds_[c], send);
      } else if (c < channels - 1) {
        s = outputs_[c - 2].second->drain(send);
      } else if (records_) {
        s = records_->drain(send);
      }
      ranks.send(0, "");
      if (!s.ok()) rank_failed_ = true;  // rank 0 misses some of it: its outputs fail
    }
  }

  // The status: rank 0's own read error as one process gives it, else the first failed
  // rank's, naming it and its share.
  for (const std::string& a : all)
    if (!a.empty()) rank_failed_ = true;
  if (!all[0].empty()) return status.ok() ? absl::DataLossError(all[0]) : status;
  for (int r = 1; r < n; ++r) {
    if (all[std::size_t(r)].empty()) continue;
    std::string text = absl::StrCat("rank ", r, " of ", n, " failed: ", all[std::size_t(r)]);
    if (!share_text_.empty()) absl::StrAppend(&text, " (", share_text_, ")");
    return absl::DataLossError(text);
  }
  return absl::OkStatus();
}

std::vector<absl::Status> GameBatch::commit() {
  std::vector<absl::Status> errors;
  if (distributed() && options_.collective->rank() > 0) return errors;  // spools only
  for (auto& [flag, file] : outputs_) {
    if (rank_failed_) {
      // Part of the games are missing: nothing that looks complete is put in place.
      errors.push_back(absl::DataLossError(
          absl::StrCat(file->path(), ": not written, as a rank of the MPI job failed")));
      continue;  // removed with the batch
    }
    if (absl::Status s = file->commit(); !s.ok()) errors.push_back(std::move(s));
  }
  return errors;
}

}  // namespace fairykit::analysis
