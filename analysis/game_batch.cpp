#include "analysis/game_batch.h"

namespace fairykit::analysis {

absl::StatusOr<std::unique_ptr<GameBatch>> GameBatch::open(std::vector<std::string> inputs,
                                                           const std::vector<OutputSpec>& outputs,
                                                           BatchOptions options) {
  if (absl::Status s = check_outputs(inputs, outputs); !s.ok()) return s;
  std::unique_ptr<GameBatch> batch(new GameBatch(std::move(inputs), std::move(options)));
  for (const OutputSpec& o : outputs) {
    absl::StatusOr<std::unique_ptr<OutputFile>> f = OutputFile::open(o.path);
    if (!f.ok()) return f.status();  // those opened before are removed with the batch
    batch->outputs_.emplace_back(o.flag, *std::move(f));
  }
  return batch;
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

std::vector<absl::Status> GameBatch::commit() {
  std::vector<absl::Status> errors;
  for (auto& [flag, file] : outputs_)
    if (absl::Status s = file->commit(); !s.ok()) errors.push_back(std::move(s));
  return errors;
}

}  // namespace fairykit::analysis
