"""Shared by the tests of the Python module: where the repository's data and the built tools
are. ctest sets PYTHONPATH to the build tree's python/ folder and FAIRYKIT_BIN_DIR to its
bin/ folder (tests/CMakeLists.txt)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def tool():
    """Runs a fairykit tool of the build tree: tool("fairy-perft", args...) -> CompletedProcess
    (text). Skips when FAIRYKIT_BIN_DIR does not name the tools' folder."""
    bin_dir = os.environ.get("FAIRYKIT_BIN_DIR")
    if not bin_dir or not pathlib.Path(bin_dir, "fairy-perft").exists():
        pytest.skip("the tools are not there: set FAIRYKIT_BIN_DIR to the build's bin/ folder")

    def run(name, *args):
        return subprocess.run([str(pathlib.Path(bin_dir, name)), *map(str, args)],
                              cwd=ROOT, capture_output=True, text=True, check=False)

    return run
