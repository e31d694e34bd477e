// fairy-perft's command line: its flags and the text of --help around them.
#pragma once

#include "tools/common/cli.h"

namespace fairykit {

const cli::CommandLine& perft_command_line();

}  // namespace fairykit
