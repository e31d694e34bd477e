// The selection flags of the tools that read games (fairy-convert, fairy-analyze,
// fairy-validate): --where, --ignore-case, --min-plies, --max-plies, --ends-in, --reaches,
// --checkmate, --stalemate, --repetition, --fifty-move, --underpromotion, the rated-winner
// tests, --moves and --invert.
// One piece of each tool's flag table and one reader, so that the three tools take the same
// selection and say the same of it (analysis/checking/selection.h does the selecting).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "analysis/batch/collective.h"
#include "analysis/checking/selection.h"
#include "rules/game/registry.h"
#include "tools/common/cli.h"

namespace fairykit::cli {

// `before`, the selection flags (opening a section "Selection"), then `after`: a tool's flags.
// The flags of `after` up to its next section heading are listed in the Selection section.
std::vector<FlagSpec> with_selection_flags(std::vector<FlagSpec> before,
                                           const std::vector<FlagSpec>& after);

// Reads the selection flags into `selection`. A --reaches FEN is read in every variant that
// reads it; when none does, the error is that of `default_variant`'s reader. False after
// printing the usage error (the caller exits 2).
bool selection_flags(const Args& args, std::string_view tool, VariantId default_variant,
                     analysis::Selection& selection);

// After a run: a warning on standard error for each --where tag that no game read had (most
// likely misspelt), also under -q, as it is about the command line, not about the games.
// `seen`: where_tags_present() of this process's games ORed; `games_read`: the games of the
// run (on rank 0, of every rank). Every rank calls it; rank 0, which has them all, warns.
void warn_of_absent_tags(std::string_view tool, const analysis::Selection& selection,
                         std::uint64_t seen, std::uint64_t games_read,
                         const analysis::Collective& ranks);

}  // namespace fairykit::cli
