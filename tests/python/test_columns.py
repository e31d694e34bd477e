"""fairykit.positions, games_table, validate and statistics against the tools: the figures of
fairy-analyze --positions, fairy-validate --format json, fairy-convert --to jsonl and
fairy-analyze --format json, row for row; the same at any number of threads; nothing lost."""

import csv
import io
import json

import pytest

fairykit = pytest.importorskip(
    "fairykit", reason="the Python module is not built (FAIRYKIT_PYTHON, pybind11-dev) or "
    "PYTHONPATH does not name the build's python/ folder")
numpy = pytest.importorskip("numpy")

# Each sample with the variant whose material columns fairy-analyze --positions writes for it.
SAMPLES = [("samples/classics.pgn", "chess"), ("samples/chess960.pgn", "chess960"),
           ("samples/cwda.pgn", "cwda"), ("samples/superchess.pgn", "superchess"),
           ("samples/interweave.pgn", "interweave"), ("samples/fluidity.pgn", "fluidity"),
           ("tests/data/corpus/standard/twic0920.pgn", "chess")]


def board_of(fen):
    """The board of a FEN's placement as positions() gives it: a1 = 0, FEN letter codes."""
    board = [0] * 64
    for rank, row in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board[(7 - rank) * 8 + file] = ord(c)
                file += 1
    return board


@pytest.mark.parametrize("path,variant", SAMPLES)
def test_positions_are_the_records_of_fairy_analyze(tool, path, variant):
    run = tool("fairy-analyze", "-q", "--positions", "--format", "csv", "--variant", variant, path)
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    columns = fairykit.positions(path, variant=variant)
    assert len(columns["ply"]) == len(rows) and columns.games == len({r["game"] for r in rows})
    def column(name, convert=int):
        return [convert(row[name]) for row in rows]

    # Column by column (a mismatch names the column and the first row that differs).
    def same(name, got, want):
        got = got.tolist() if hasattr(got, "tolist") else list(got)
        if got != want:
            i = next(i for i, (g, w) in enumerate(zip(got, want)) if g != w)
            pytest.fail(f"{path} game {rows[i]['game']} ply {rows[i]['ply']}: {name} "
                        f"{got[i]!r}, fairy-analyze {want[i]!r}")

    same("game", columns["game"], column("game", lambda g: int(g) - 1))
    same("ply", columns["ply"], column("ply"))
    same("turn", columns["turn"], column("side", lambda s: 0 if s == "white" else 1))
    same("legal_moves", columns["legal_moves"], column("legal"))
    same("captures", columns["captures"], column("captures"))
    same("in_check", columns["in_check"], column("check", lambda c: c == "true"))
    same("status", [columns.status_names[c] for c in columns["status"]], column("status", str))
    same("balance", columns["balance"], column("balance"))
    same("variant", [columns.variant_names[c] for c in columns["variant"]],
         column("variant", str))
    for name in rows[0]:
        if name.startswith(("white_", "black_")):
            same(name, columns[name], column(name))
    same("board", [bytes(b) for b in columns.board],
         [bytes(board_of(row["fen"])) for row in rows])


@pytest.mark.parametrize("path,variant", SAMPLES[:6])
def test_moves_and_results_are_those_of_fairy_convert(tool, path, variant):
    run = tool("fairy-convert", "-q", "--to", "jsonl", path)
    games = [json.loads(line) for line in run.stdout.splitlines()]
    columns = fairykit.positions(path)
    moves = list(columns["move"])
    results = [columns.result_names[code] for code in columns["result"]]
    at = 0
    for game in games:
        uci = game["uci"]
        assert moves[at:at + len(uci) + 1] == uci + [""], f"{path} game {game['game']}"
        assert set(results[at:at + len(uci) + 1]) == {game["result"]}
        at += len(uci) + 1
    assert at == len(moves)


def same_columns(a, b):
    assert list(a) == list(b)
    for name in a:
        assert a[name].dtype == b[name].dtype, name
        assert numpy.array_equal(a[name], b[name]), name
    assert numpy.array_equal(a.board, b.board)
    assert (a.games, a.invalid) == (b.games, b.invalid)


def test_the_columns_are_the_same_at_any_number_of_threads():
    paths = [p for p, _ in SAMPLES] + ["samples/broken.pgn"]
    one = fairykit.positions(paths, jobs=1)
    same_columns(one, fairykit.positions(paths, jobs=2))
    same_columns(one, fairykit.positions(paths, jobs=3))
    table = fairykit.games_table(paths, jobs=1)
    other = fairykit.games_table(paths, jobs=2)
    assert list(table) == list(other)
    for name in table:
        assert list(table[name]) == list(other[name]), name


def test_invalid_games_are_counted_and_reported_not_lost(tool):
    run = tool("fairy-validate", "samples/broken.pgn")
    messages = [line for line in run.stderr.splitlines() if line.startswith("samples/broken.pgn:")]
    columns = fairykit.positions(["samples/broken.pgn", "samples/classics.pgn"])
    assert columns.games == 8
    assert len(columns.invalid) == 3
    assert [line for block in columns.invalid for line in block.splitlines()] == \
        [m for m in messages if ": error: " in m]
    assert sorted(set(columns["game"].tolist())) == [3, 4, 5, 6, 7]


def test_games_table_is_the_report_and_the_tags(tool):
    paths = ["samples/broken.pgn", "samples/cwda.pgn", "samples/classics.pgn"]
    table = fairykit.games_table(paths)
    report = json.loads(tool("fairy-validate", "--format", "json", *paths).stdout)["games"]
    assert len(table["game"]) == len(report)
    for i, game in enumerate(report):
        assert table["game"][i] == i
        for name in ("file", "line", "variant", "valid", "plies", "errors", "warnings",
                     "result", "termination", "termination_from"):
            assert table[name][i] == game[name], f"game {i}: {name}"
        assert table["index"][i] == game["game"]
    converted = [json.loads(line) for line in
                 tool("fairy-convert", "-q", "--to", "jsonl", *paths).stdout.splitlines()]
    valid = [i for i in range(len(report)) if table["valid"][i]]
    assert len(valid) == len(converted)
    for i, game in zip(valid, converted):
        for name, value in game["tags"].items():
            assert table[name][i] == value, f"game {i}: tag {name}"
    assert table["Armies"][0] == "" and table["Armies"][4] == "CN"


def test_validate_is_fairy_validates_json(tool):
    paths = ["samples/broken.pgn", "samples/interweave.pgn"]
    expected = json.loads(tool("fairy-validate", "--format", "json", *paths).stdout)
    assert fairykit.validate(paths) == expected
    assert fairykit.validate(paths, jobs=2) == expected
    assert fairykit.validate("samples/broken.pgn")["summary"] == \
        {"games": 4, "valid": 1, "invalid": 3, "errors": 3, "warnings": 1}


@pytest.mark.parametrize("options,flags", [
    ({}, []),
    ({"group_by": "Event", "top": 3}, ["--group-by", "Event", "--top", "3"]),
    ({"tree": 4, "tree_min": 2, "openings": False}, ["--tree", "4", "--tree-min", "2",
                                                     "--no-openings"]),
])
def test_statistics_are_fairy_analyzes_tables(tool, options, flags):
    paths = ["tests/data/corpus/standard/twic0920.pgn", "samples/cwda.pgn"]
    document = json.loads(tool("fairy-analyze", "-q", "--format", "json", *flags, *paths).stdout)
    tables = fairykit.statistics(paths, jobs=2, **options)
    assert list(tables) == [t["name"] for t in document["tables"]]
    for table in document["tables"]:
        assert list(tables[table["name"]]) == table["columns"]
        for column in table["columns"]:
            assert tables[table["name"]][column] == [row[column] for row in table["rows"]]


def test_errors_are_the_tools_messages(tool):
    with pytest.raises(ValueError, match="^missing.pgn: cannot open file: No such file or directory$"):
        fairykit.positions("missing.pgn")
    with pytest.raises(ValueError, match="^unknown variant 'xiangqi' \\(known: chess, "):
        fairykit.games_table("samples/cwda.pgn", variant="xiangqi")
    with pytest.raises(ValueError, match="^jobs wants 0-1024, not -1$"):
        fairykit.validate("samples/cwda.pgn", jobs=-1)
    with pytest.raises(ValueError, match="^tree wants 0-"):
        fairykit.statistics("samples/cwda.pgn", tree=-1)
    run = tool("fairy-validate", "missing.pgn")
    assert "fairy-validate: missing.pgn: cannot open file: No such file or directory" in run.stderr


def test_pandas_takes_every_table():
    pandas = pytest.importorskip("pandas", reason="Debian: python3-pandas")
    columns = fairykit.positions(["samples/classics.pgn", "samples/superchess.pgn"], jobs=2)
    frame = pandas.DataFrame(columns)
    assert len(frame) == len(columns["ply"]) and frame["legal_moves"].iloc[0] == 20
    frame = columns.to_pandas()
    assert str(frame["variant"].dtype) == "category"
    assert frame.groupby("variant", observed=True)["game"].nunique().to_dict() == \
        {"chess": 4, "superchess": 3}
    assert frame["result"].iloc[0] == "0-1" and frame["move"].iloc[0] == "d2d4"
    games = pandas.DataFrame(fairykit.games_table("samples/classics.pgn"))
    assert list(games["White"])[:1] == ["Zukertort, Johannes H"]
    lengths = pandas.DataFrame(fairykit.statistics("samples/classics.pgn")["summary"])
    assert lengths["games read"].iloc[0] == 4


def test_reading_with_two_threads_again_and_again_keeps_no_memory(keeps_no_memory):
    """The columns, their numpy arrays and the threads' buffers are all freed over 100 runs of
    every column function with jobs=2."""
    paths = ["samples/classics.pgn", "samples/cwda.pgn", "samples/broken.pgn"]
    first = int(fairykit.positions(paths, jobs=2)["legal_moves"].sum())

    def read_all():
        columns = fairykit.positions(paths, jobs=2)
        fairykit.games_table(paths, jobs=2)
        fairykit.validate(paths, jobs=2)
        fairykit.statistics(paths, jobs=2)
        assert int(columns["legal_moves"].sum()) == first

    keeps_no_memory(read_all, 100)


def test_compressed_input_gives_the_same_columns(tmp_path, root):
    """A compressed input holds more positions than its size suggests: the columns grow as
    they fill, and come out the same."""
    import gzip
    data = (root / "tests/data/corpus/standard/twic0920.pgn").read_bytes()
    packed = tmp_path / "twic.pgn.gz"
    packed.write_bytes(gzip.compress(data * 3))
    plain = tmp_path / "twic.pgn"
    plain.write_bytes(data * 3)
    same_columns(fairykit.positions(plain, jobs=2), fairykit.positions(packed, jobs=2))


def test_a_run_of_several_variants_has_the_columns_of_all_their_pieces():
    paths = ["samples/classics.pgn", "samples/cwda.pgn", "samples/superchess.pgn"]
    together = fairykit.positions(paths, jobs=2)
    alone = [fairykit.positions(p) for p in paths]
    assert set(together) == set().union(*alone)
    for name in together:
        want = numpy.concatenate([
            part[name] if name in part else numpy.zeros(len(part["ply"]), together[name].dtype)
            for part in alone])
        if name == "game":
            continue
        assert numpy.array_equal(together[name], want), name
    assert numpy.array_equal(together.board, numpy.concatenate([part.board for part in alone]))
    assert together["white_amazon"][0] == 0 and together["white_pawn"][0] == 8
