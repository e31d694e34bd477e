"""Perft of every variant against the oracle counts of tests/data/oracles (small depths, the
first positions of each file), read from the files."""

import pathlib

import pytest

fairykit = pytest.importorskip(
    "fairykit", reason="the Python module is not built (FAIRYKIT_PYTHON, pybind11-dev) or "
    "PYTHONPATH does not name the build's python/ folder")

ORACLES = pathlib.Path(__file__).resolve().parents[1] / "data" / "oracles"
POSITIONS_PER_FILE = 4
MAX_NODES = 200_000  # the deepest count at most this large, per position


def read_oracle(path):
    """[(id, variant, fen, {depth: nodes})] of a .perft suite or an EPD file (;D1 20 ...)."""
    default_variant = "chess960" if path.name.startswith("chess960") else "chess"
    positions = []
    if path.suffix == ".epd":
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            fen, *counts = line.split(";")
            depths = {int(c.split()[0][1:]): int(c.split()[1]) for c in counts}
            positions.append((f"{path.name}:{number}", default_variant, fen.strip(), depths))
        return positions
    current = None
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            current = [value.strip(), default_variant, None, {}]
            positions.append(current)
        elif key == "variant":
            current[1] = value.strip()
        elif key in ("fen", "epd"):
            current[2] = value.strip()
        elif key == "perft":
            depth, nodes = value.split()
            current[3][int(depth)] = int(nodes)
    return [tuple(p) for p in positions]


def cases():
    for path in sorted(ORACLES.glob("*")):
        if path.suffix not in (".perft", ".epd"):
            continue
        for case in read_oracle(path)[:POSITIONS_PER_FILE]:
            yield pytest.param(*case, id=case[0])


@pytest.mark.parametrize("name,variant,fen,depths", list(cases()))
def test_oracle_counts(name, variant, fen, depths):
    position = fairykit.Position(variant, fen)
    small = {d: n for d, n in depths.items() if n <= MAX_NODES}
    assert small, f"{name}: no count of at most {MAX_NODES} nodes"
    for depth, nodes in sorted(small.items()):
        assert position.perft(depth) == nodes, f"{name} ({variant}) depth {depth}"


def test_every_variant_has_oracles():
    variants = {case.values[1] for case in cases()}
    assert variants == set(fairykit.variants())


@pytest.mark.parametrize("variant", ["chess", "cwda", "superchess", "interweave", "fluidity"])
def test_threads_and_hash_count_the_same(variant):
    position = fairykit.Position(variant)
    plain = position.perft(3)
    assert position.perft(3, jobs=2) == plain
    assert position.perft(3, hash_mb=1) == plain
    assert position.perft(3, hash_mb=1, jobs=2) == plain


def test_perft_after_moves_and_depth_zero():
    position = fairykit.Position("chess")
    position.push("e4")
    assert position.perft(0) == 1
    assert position.perft(1) == 20
    assert position.perft(2) == fairykit.Position(
        "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").perft(2)


def test_bad_perft_arguments():
    position = fairykit.Position("chess")
    with pytest.raises(ValueError, match="depth wants 0-64, not -1"):
        position.perft(-1)
    with pytest.raises(ValueError, match="jobs wants"):
        position.perft(1, jobs=0)
    with pytest.raises(ValueError, match="hash_mb wants"):
        position.perft(1, hash_mb=-1)


def test_start_positions_at_depth_4():
    """Position(variant).perft(4) (without a FEN) against the oracle of the start position,
    where a file has one."""
    checked = 0
    for path in sorted(ORACLES.glob("*.perft")):
        for _, variant, fen, depths in read_oracle(path):
            start = fairykit.Position(variant)
            if 4 in depths and fairykit.Position(variant, fen) == start:
                assert start.perft(4) == depths[4], f"{path.name}: {variant}"
                checked += 1
                break
    assert checked >= 4
