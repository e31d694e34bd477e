// fairykit.read_games: the games of a file (PGN, JSON, JSON Lines; compressed or not) read
// and checked one at a time as fairy-validate and fairy-convert read them
// (analysis/formats/read_game.h), for python/fairykit/__init__.py to wrap into Game objects.
#pragma once

#include <pybind11/pybind11.h>

namespace fairykit::python {

// Defines fairykit._fairykit.GameReader in module `m`.
void bind_games(pybind11::module_& m);

}  // namespace fairykit::python
