// The JSON game objects of fairy-convert (--to json, jsonl).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/game_record.h"
#include "analysis/checking/repair.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/write_options.h"
#include "analysis/io/json.h"

namespace fairykit::analysis {

// One game as a JSON object (the schema: docs/schemas/games.schema.json; docs/formats.md).
// `repairs` (fairy-convert --fix) go into its diagnostics after the report's: "note" for a
// repair, "warning" for a fault left as it was.
void write_game_json(JsonWriter& w, const GameRecord& record, const GameReport& report,
                     const std::string& result, const WriteOptions& options, std::string_view file,
                     const std::vector<Repair>& repairs = {});

}  // namespace fairykit::analysis
