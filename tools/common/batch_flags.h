// The flags of the tools that read game archives through analysis::GameBatch.
#pragma once

#include <string_view>

#include "analysis/batch/game_batch.h"
#include "tools/common/cli.h"

namespace fairykit::cli {

// -j/--jobs N (1-1024) and --max-game-size MIB (1-1048576) into the batch options. False
// after printing the usage error (the caller exits 2).
inline bool batch_flags(const Args& args, std::string_view tool, analysis::BatchOptions& options) {
  if (!jobs_flag(args, tool, options.pipeline.threads)) return false;
  options.splitter.limit_flag = "--max-game-size";
  long long mib = 0;
  if (!int_flag(args, tool, "max-game-size", 1, 1 << 20, mib)) return false;
  if (mib > 0) options.splitter.max_game_bytes = std::size_t(mib) << 20;
  return true;
}

}  // namespace fairykit::cli
