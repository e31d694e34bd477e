"""Shared by the tests of the Python module: where the repository's data and the built tools
are. ctest sets PYTHONPATH to the build tree's python/ folder and FAIRYKIT_BIN_DIR to its
bin/ folder (tests/CMakeLists.txt)."""

import os
import pathlib
import gc
import subprocess
import tracemalloc

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


def _rss_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@pytest.fixture
def keeps_no_memory():
    """keeps_no_memory(work, rounds): runs `work` 10 times to warm up, then `rounds` times, and
    fails when Python objects (tracemalloc) grew by 64 KiB or the resident size by 8 MiB:
    something read is kept (a leaked reference, a buffer never freed)."""

    def check(work, rounds):
        for _ in range(10):
            work()
        gc.collect()
        tracemalloc.start()
        before_py = tracemalloc.get_traced_memory()[0]
        before_rss = _rss_kib()
        for _ in range(rounds):
            work()
        gc.collect()
        grown_py = tracemalloc.get_traced_memory()[0] - before_py
        tracemalloc.stop()
        grown_rss = _rss_kib() - before_rss
        assert grown_py < 64 * 1024, f"Python objects grew by {grown_py} bytes"
        assert grown_rss < 8 * 1024, f"the resident size grew by {grown_rss} KiB"

    return check
