// The extension fairykit._fairykit; python/fairykit/__init__.py makes the package of it.

#include <pybind11/pybind11.h>

#include "python/columns.h"
#include "python/games.h"
#include "python/position.h"

PYBIND11_MODULE(_fairykit, m) {
  m.doc() = "fairykit: the rules of chess and five variants, for Python";
  fairykit::python::bind_position(m);
  fairykit::python::bind_games(m);
  fairykit::python::bind_columns(m);
}
