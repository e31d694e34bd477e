// fairy-analyze's command line: the one source of its --help, man page and completions.
#pragma once

#include "tools/common/cli.h"

namespace fairykit::analyze_tool {

extern const cli::CommandLine kCommandLine;

}  // namespace fairykit::analyze_tool
