// The JSON game objects of fairy-convert (--to json, jsonl).
#pragma once

#include <string>
#include <string_view>

#include "analysis/checking/game_record.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/write_options.h"
#include "analysis/io/json.h"

namespace fairykit::analysis {

// One game as a JSON object (the schema: docs/schemas/games.schema.json; docs/formats.md).
void write_game_json(JsonWriter& w, const GameRecord& record, const GameReport& report,
                     const std::string& result, const WriteOptions& options, std::string_view file);

}  // namespace fairykit::analysis
