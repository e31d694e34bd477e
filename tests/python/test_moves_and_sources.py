"""fairykit.Move, Position.svg and read_games from file objects and position lists, against
the command-line tools: the same moves, diagrams, games and FENs."""

import bz2
import gzip
import io
import pathlib

import pytest

fairykit = pytest.importorskip(
    "fairykit", reason="the Python module is not built (FAIRYKIT_PYTHON, pybind11-dev) or "
    "PYTHONPATH does not name the build's python/ folder")

SAMPLES = ["samples/classics.pgn", "samples/chess960.pgn", "samples/cwda.pgn",
           "samples/superchess.pgn", "samples/interweave.pgn", "samples/fluidity.pgn"]


def test_legal_moves_are_move_objects_with_both_notations():
    position = fairykit.Position("cwda", armies="CN")
    moves = position.legal_moves()
    assert [m.uci for m in moves] == position.legal_moves("uci")
    assert [m.san for m in moves] == position.legal_moves("san")
    assert all(isinstance(m, fairykit.Move) for m in moves)
    # A Move equals its UCI and its SAN, and another Move by its UCI.
    e4 = next(m for m in moves if m.uci == "e2e4")
    assert e4 == "e2e4" and e4 == "e4" and e4 != "e5" and e4 == fairykit.Move("e2e4")
    assert str(e4) == "e2e4" and repr(e4) == "Move('e2e4', san='e4')"
    assert (e4.from_square, e4.to_square, e4.promotion) == (12, 28, None)
    assert len({fairykit.Move("e2e4"), e4}) == 1
    assert position.san(e4) == "e4" and position.uci(e4) == "e2e4"


def test_push_takes_a_move_and_gives_one_back():
    position = fairykit.Position()
    played = position.push(fairykit.Move("e2e4"))
    assert (played.uci, played.san) == ("e2e4", "e4")
    assert position.push("e5").uci == "e7e5"
    assert position.move_stack == ["e2e4", "e7e5"]
    assert [m.san for m in position.move_stack] == ["e4", "e5"]
    taken = position.pop()
    assert isinstance(taken, fairykit.Move) and (taken.uci, taken.san) == ("e7e5", "e5")
    with pytest.raises(TypeError, match=r"a move is a str \(SAN, UCI\) or a fairykit.Move, not int"):
        position.push(42)


def test_promotion_and_multi_step_moves_name_their_squares():
    promotion = fairykit.Position("chess", "8/4P3/8/8/k7/8/8/4K3 w - - 0 1").push("e8=Q")
    assert (promotion.uci, promotion.san, promotion.promotion) == ("e7e8q", "e8=Q+", "q")
    assert (promotion.from_square, promotion.to_square) == (52, 60)
    chain = fairykit.Move("a1a5c5")
    assert (chain.from_square, chain.to_square, chain.promotion) == (0, 34, None)


def test_moves_pickle():
    import pickle
    move = fairykit.Position().push("Nf3")
    again = pickle.loads(pickle.dumps(move))
    assert (again.uci, again.san) == ("g1f3", "Nf3")


@pytest.mark.parametrize("flip", [False, True])
def test_svg_is_the_diagram_of_fairy_convert(tool, tmp_path, flip):
    game = list(fairykit.read_games("samples/superchess.pgn"))[0]
    position = game.board_at(len(game.moves))
    run = tool("fairy-convert", "-q", "--to", "svg", "--final", "--coordinates",
               *(["--flip"] if flip else []), "-o", tmp_path / "diagrams", "samples/superchess.pgn")
    assert run.returncode == 0, run.stderr
    out = tmp_path / "diagrams" / f"1-game-1-ply-{len(game.moves)}.svg"
    assert position.svg(flip=flip) == out.read_text()
    if not flip:
        assert position._repr_svg_() == out.read_text()


def test_svg_options_are_checked():
    position = fairykit.Position()
    with pytest.raises(ValueError, match=r'mark "d9": not a square \(a1 to h8\)'):
        position.svg(marks=["d9"])
    assert "<svg" in position.svg(arrows=["e2e4"], marks=["e4"], moves_of="g1")


def games_of(source, **options):
    return [(g.index, g.line, g.variant, g.valid, g.moves, g.tag_pairs)
            for g in fairykit.read_games(source, **options)]


@pytest.mark.parametrize("path", SAMPLES)
def test_file_objects_give_the_games_of_the_path(root, path):
    expected = games_of(path)
    with open(root / path, "rb") as binary:
        assert games_of(binary)[1:] == expected[1:] and games_of(binary) == []
    with open(root / path, encoding="utf-8") as text:
        assert games_of(text) == expected
    data = (root / path).read_bytes()
    assert games_of(io.BytesIO(gzip.compress(data))) == expected
    assert games_of(io.BytesIO(bz2.compress(data)), format="pgn") == expected
    assert games_of(io.StringIO(data.decode("utf-8"))) == expected


def test_a_file_object_is_named_by_its_name(root):
    with open(root / "samples/broken.pgn", "rb") as f:
        games = list(fairykit.read_games(f))
    assert games[0].file.endswith("samples/broken.pgn")
    assert games[0].messages.startswith(games[0].file + ":9:72: error: game 1 ")
    assert list(fairykit.read_games(io.BytesIO(b"1. e4 e5 *\n")))[0].file == "<stream>"


def test_what_a_file_object_raises_is_raised_again():
    class Broken:
        def __init__(self):
            self.calls = 0

        def read(self, size):
            self.calls += 1
            if self.calls == 1:
                return b'[Event "a"]\n\n1. e4 e5 *\n\n' + b" " * 70000
            raise OSError("the disk went away")

    with pytest.raises(OSError, match="the disk went away"):
        list(fairykit.read_games(Broken()))

    class Numbers:
        def read(self, size):
            return 42

    with pytest.raises(TypeError, match="read\\(\\) of the file object returned int, not bytes"):
        list(fairykit.read_games(Numbers()))


def test_unread_formats_and_unknown_formats_are_refused():
    with pytest.raises(ValueError, match="^<stream>: zip data: fairykit reads plain text and gzip, bzip2, zstd or xz compression; extract the games first$"):
        list(fairykit.read_games(io.BytesIO(b"PK\x03\x04" + b"\0" * 40)))
    with pytest.raises(ValueError, match="format wants pgn, fen, json, jsonl or vchess, not 'x'"):
        list(fairykit.read_games("samples/classics.pgn", format="x"))


def test_position_lists_are_games_without_moves(tool):
    run = tool("fairy-convert", "-q", "--variant", "chess960", "--to", "fen",
               "samples/chess960.epd")
    games = list(fairykit.read_games("samples/chess960.epd", variant="chess960"))
    assert [g.start_fen for g in games] == run.stdout.splitlines()
    assert all(g.valid and g.moves == [] and g.result == "*" and g.variant == "chess960"
               for g in games)
    assert games[0].tags == {"Event": "sp-0", "Variant": "chess960"}
    assert games[0].fens() == [games[0].start_fen]
    bad = list(fairykit.read_games(io.StringIO("x/8 w - - 0 1\n"), format="fen"))
    assert [g.valid for g in bad] == [False]
    assert bad[0].diagnostics[0]["message"].startswith("invalid position: ")


CORPUS = sorted(str(p.relative_to(pathlib.Path(__file__).resolve().parents[2]))
                for p in pathlib.Path(__file__).resolve().parents[2].glob("tests/data/corpus/*/*.pgn"))


@pytest.mark.parametrize("path", SAMPLES + CORPUS)
def test_fens_are_those_of_fairy_convert(tool, path):
    run = tool("fairy-convert", "-q", "--to", "fen", path)
    expected = run.stdout.splitlines()
    made = [fen for g in fairykit.read_games(path, fens=True) if g.valid for fen in g.fens()]
    assert made == expected
    replayed = [fen for g in fairykit.read_games(path) if g.valid for fen in g.fens()]
    assert replayed == expected


def test_reading_again_and_again_keeps_no_memory(root, keeps_no_memory):
    """Every game, record and stream is freed: nothing grows over 200 reads."""
    data = (root / "samples/classics.pgn").read_bytes() * 4

    def read_all():
        for game in fairykit.read_games(io.BytesIO(data), fens=True):
            game.fens(), game.items, game.diagnostics, game.tags
        for game in fairykit.read_games(root / "samples/broken.pgn"):
            game.messages

    keeps_no_memory(read_all, 200)
