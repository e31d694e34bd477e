// The column functions of fairykit: the positions and games of whole collections as numpy
// arrays and lists, read over several threads by the tools' game batch
// (analysis/batch/game_batch.h), and the reports of fairy-validate and fairy-analyze, for
// python/fairykit/__init__.py to wrap.
#pragma once

#include <pybind11/pybind11.h>

namespace fairykit::python {

// Defines _positions, _games_table, _validate_json and _statistics_json in module `m`.
void bind_columns(pybind11::module_& m);

}  // namespace fairykit::python
