// fairy-convert's command line: the one table its --help, its man page and its shell
// completions are made from (tools/common/cli.h).
#pragma once

#include "tools/common/cli.h"

namespace fairykit::convert_tool {

const cli::CommandLine& command_line();

}  // namespace fairykit::convert_tool
