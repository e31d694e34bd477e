// The CSV of fairy-convert (--to csv): a row per game, or per position.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/checking/game_record.h"
#include "analysis/formats/write_options.h"

namespace fairykit::analysis {

// CSV: the header line, and one row per game (or per position with `positions`).
std::string csv_header(bool positions);
void write_csv(const GameRecord& record, const std::string& result, bool positions,
               const WriteOptions& options, std::string_view file, std::int64_t index,
               std::string& out);

}  // namespace fairykit::analysis
