// fairy-convert's command line: the one table its --help, its man page and its shell
// completions are made from (tools/common/cli.h).
#pragma once

#include "tools/common/cli.h"

namespace fairykit::convert_tool {

extern const cli::CommandLine kCommandLine;

}  // namespace fairykit::convert_tool
