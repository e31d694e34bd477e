"""fairykit.read_games against the tools: the games, moves, tags and diagnostics of
fairy-validate and fairy-convert, from PGN (plain and compressed) and JSON Lines."""

import json
import re

import pytest

fairykit = pytest.importorskip(
    "fairykit", reason="the Python module is not built (FAIRYKIT_PYTHON, pybind11-dev) or "
    "PYTHONPATH does not name the build's python/ folder")


def test_invalid_games_come_with_the_validators_messages(tool):
    run = tool("fairy-validate", "samples/broken.pgn")
    diagnostics = "".join(line + "\n" for line in run.stderr.splitlines()
                          if re.match(r"^samples/broken\.pgn:\d+:\d+: ", line))
    games = list(fairykit.read_games("samples/broken.pgn"))
    assert [g.index for g in games] == [1, 2, 3, 4]
    assert [g.valid for g in games] == [False, False, False, True]
    assert "".join(g.messages for g in games) == diagnostics
    assert games[0].diagnostics == [{"severity": "error", "line": 9, "column": 72, "ply": 13,
                                     "message": 'illegal move "Ke2"'}]
    assert games[0].plies == 12 and len(games[0].moves) == 12
    assert [g.index for g in fairykit.read_games("samples/broken.pgn", skip_invalid=True)] == [4]


def convert_jsonl(tool, *paths):
    run = tool("fairy-convert", "-q", "--to", "jsonl", *paths)
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_sample_games_are_those_of_fairy_convert(tool, root):
    pgns = sorted(str(p.relative_to(root)) for p in root.glob("samples/*.pgn"))
    expected = convert_jsonl(tool, *pgns)
    games = [g for path in pgns for g in fairykit.read_games(root / path) if g.valid]
    assert len(games) == len(expected)
    for game, want in zip(games, expected):
        where = f'{want["file"]} game {want["game"]}'
        assert (game.index, game.line, game.variant) == (want["game"], want["line"],
                                                         want["variant"]), where
        # fairy-convert gives the FEN tag as start_fen.
        tags = {k: v for k, v in game.tags.items() if k not in ("FEN", "SetUp")}
        assert tags == want["tags"], where
        assert game.moves == want["uci"] and game.san == want["san"], where
        assert game.result == want["result"], where
        assert (game.termination, game.termination_from) == (want["termination"],
                                                             want["termination_from"]), where
        start = fairykit.Position(game.variant, want.get("start_fen"))
        assert game.board_at(0) == start, where
        final = game.board_at(game.plies)
        assert final.move_stack == want["uci"], where
        positions = [p.fen() for p in game.positions()]
        assert len(positions) == game.plies + 1 and positions[-1] == final.fen(), where


def test_json_lines_read_back(tool, tmp_path):
    jsonl = tmp_path / "games.jsonl"
    jsonl.write_text(tool("fairy-convert", "-q", "--to", "jsonl", "samples/interweave.pgn").stdout)
    from_pgn = list(fairykit.read_games("samples/interweave.pgn"))
    from_jsonl = list(fairykit.read_games(jsonl))
    assert [g.moves for g in from_jsonl] == [g.moves for g in from_pgn]
    assert all(g.valid for g in from_jsonl)


def test_compressed_archive(tool, root):
    path = "tests/data/corpus/standard/chess_masters_WCC.pgn.bz2"
    run = tool("fairy-validate", path)
    read = int(re.search(r"(\d+) games? read", run.stderr + run.stdout).group(1))
    games = list(fairykit.read_games(root / path))
    assert len(games) == read > 0
    assert sum(g.plies for g in games if g.valid) > 0


def test_default_variant_and_errors(tmp_path):
    pgn = tmp_path / "fluidity.pgn"
    pgn.write_text('[Event "x"]\n[Result "*"]\n\n1. Nc3 *\n')
    game = next(fairykit.read_games(pgn, variant="fluidity"))
    assert game.variant == "fluidity" and game.valid and game.moves == ["b1c3"]
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        fairykit.read_games(pgn, variant="nope").__next__()
    with pytest.raises(ValueError, match="cannot open file"):
        next(fairykit.read_games(tmp_path / "missing.pgn"))
