// fairykit.Position: a game of any of the six variants for Python, over the game facade
// (rules/game/any_game.h). The class bound here keeps what the facade does not: where the game
// was set up and the moves played since, so that a copy replays them (the facade's games
// cannot be copied) and pop() can say which move it took back.
#pragma once

#include <pybind11/pybind11.h>

namespace fairykit::python {

// Defines fairykit.Position and the functions about variants in module `m`.
void bind_position(pybind11::module_& m);

}  // namespace fairykit::python
