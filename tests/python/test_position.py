"""fairykit.Position against the tools: legal moves against fairy-perft --divide at depth 1,
the games of samples/ replayed from fairy-convert's JSON Lines (SAN and UCI, push and pop),
and errors with the messages the tools print."""

import json

import pytest

fairykit = pytest.importorskip(
    "fairykit", reason="the Python module is not built (FAIRYKIT_PYTHON, pybind11-dev) or "
    "PYTHONPATH does not name the build's python/ folder")

# (variant, FEN or None, options): the start of each game, and positions of the oracles.
POSITIONS = [
    ("chess", None, {}),
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", {}),
    ("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {}),
    ("cwda", None, {"armies": "CN"}),
    ("cwda", "dwfckfwd/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CC", {}),
    ("superchess", None, {}),
    ("superchess", "r3k2r/1P3ppp/1a6/3pP3/8/1A6/PPP3p1/R3K2R w KQkq d6 0 1", {}),
    ("superchess", "4k3/1P6/8/8/8/8/8/R3K1V1 w Q - 0 1", {"amazon_promotes": True}),
    ("interweave", None, {}),
    ("interweave", "3kknb1/3ppp2/p4p2/8/4PP2/pr1P4/4KP1r/RBN1KNB1 w 24 - 100012", {}),
    ("fluidity", None, {}),
]


def perft_flags(variant, fen, options):
    flags = ["--variant", variant, "--fen", fen or "startpos"]
    if options.get("armies"):
        flags += ["--armies", options["armies"]]
    if options.get("amazon_promotes"):
        flags.append("--amazon-promotes")
    return flags


@pytest.mark.parametrize("variant,fen,options", POSITIONS)
def test_legal_moves_are_those_of_divide(tool, variant, fen, options):
    run = tool("fairy-perft", *perft_flags(variant, fen, options), "--depth", "1", "--divide",
               "--quiet")
    assert run.returncode == 0, run.stderr
    divide = [line.split(":")[0] for line in run.stdout.splitlines()
              if ": " in line and not line.startswith("Nodes searched")]
    position = fairykit.Position(variant, fen, **options)
    assert position.legal_moves() == divide
    assert len(position.legal_moves("san")) == len(divide)
    # Every SAN names its move.
    for san, uci in zip(position.legal_moves("san"), position.legal_moves("uci")):
        assert position.uci(san) == uci


def sample_games(tool, root):
    pgns = sorted(root.glob("samples/*.pgn"))
    run = tool("fairy-convert", "-q", "--to", "jsonl", *(p.relative_to(root) for p in pgns))
    games = [json.loads(line) for line in run.stdout.splitlines()]
    assert {g["variant"] for g in games} == set(fairykit.variants())
    return games


def test_sample_games_replay_as_san_and_uci(tool, root):
    for game in sample_games(tool, root):
        where = f'{game["file"]} game {game["game"]}'
        position = fairykit.Position(game["variant"], game.get("start_fen"))
        start_fen, start_key = position.fen(), position.key()
        fens = []
        for ply, (san, uci) in enumerate(zip(game["san"], game["uci"]), 1):
            assert position.uci(san) == uci, f"{where}, ply {ply}"
            assert position.san(uci) == san, f"{where}, ply {ply}"
            assert position.push(san) == uci, f"{where}, ply {ply}"
            assert position.san() == san and position.uci() == uci
            fens.append(position.fen())
        assert position.ply == len(game["uci"]) == game["plies"]
        assert position.move_stack == game["uci"]
        end_key = position.key()
        if game["termination_from"] == "board":
            assert position.is_game_over(), where
            assert position.status == game["termination"], where
            assert position.result() == game["result"], where
        # Back to the start, then forward again by UCI.
        for uci in reversed(game["uci"]):
            assert position.pop() == uci
        assert position.fen() == start_fen and position.key() == start_key, where
        for ply, uci in enumerate(game["uci"]):
            position.push(uci)
            assert position.fen() == fens[ply], f"{where}, ply {ply + 1}"
        assert position.key() == end_key
        again = position.copy()
        assert again == position and again.move_stack == position.move_stack
        assert again.status == position.status


def test_push_pop_copy_and_equality():
    position = fairykit.Position("chess")
    start = position.copy()
    assert position.push("e4") == "e2e4"
    assert position.push("e7e5") == "e7e5"
    assert position.san() == "e5" and position.turn == "white"
    assert position != start
    other = position.copy()
    other.pop()
    other.pop()
    assert other == start
    assert position.move_stack == ["e2e4", "e7e5"]
    with pytest.raises(IndexError):
        start.pop()
    with pytest.raises(IndexError):
        start.san()


def test_check_mate_and_stalemate():
    mate = fairykit.Position("chess")
    for move in ["f3", "e5", "g4", "Qh4#"]:
        mate.push(move)
    assert mate.is_check() and mate.is_checkmate() and mate.is_game_over()
    assert mate.status == "checkmate" and mate.result() == "0-1"
    stalemate = fairykit.Position("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and not stalemate.is_check()
    assert stalemate.status == "stalemate" and stalemate.result() == "1/2-1/2"
    going = fairykit.Position("chess")
    assert going.status == "" and going.result() == "*" and not going.is_game_over()


def test_options_and_repr():
    cwda = fairykit.Position("cwda", armies="CN")
    assert cwda.fen().endswith(" CN")
    assert repr(cwda) == f"Position('cwda', '{cwda.fen()}')"
    superchess = fairykit.Position("superchess", shuffle=5)
    assert superchess.fen().startswith("ravqkesr/")
    assert fairykit.Position("chess960", shuffle=518).fen().startswith("rnbqkbnr/")
    assert "amazon_promotes=True" in repr(fairykit.Position("superchess", amazon_promotes=True))
    assert fairykit.Position("chess").fen("pychess").startswith("rnbqkbnr/")
    with pytest.raises(TypeError):
        fairykit.Position("chess", colour="white")


# Messages: fairy-perft and fairy-validate print "TOOL: MESSAGE" or "FILE:LINE:COLUMN: error:
# ..., ply N: MESSAGE"; the exception's text is MESSAGE.


def first_line(text):
    return text.splitlines()[0]


@pytest.mark.parametrize("flags,kwargs", [
    (["--variant", "chess", "--fen", "xx"], {"variant": "chess", "fen": "xx"}),
    (["--variant", "chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
     {"variant": "chess", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}),
    (["--variant", "interweave", "--fen", "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR x 0 - 000000"],
     {"variant": "interweave", "fen": "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR x 0 - 000000"}),
    (["--variant", "nope", "--fen", "startpos"], {"variant": "nope"}),
])
def test_position_errors_are_the_tools(tool, flags, kwargs):
    run = tool("fairy-perft", *flags, "--depth", "1")
    assert run.returncode != 0
    with pytest.raises(ValueError) as error:
        fairykit.Position(**kwargs)
    assert first_line(run.stderr) == f"fairy-perft: {error.value}"


@pytest.mark.parametrize("flags,kwargs,message", [
    (["--variant", "cwda", "--armies", "XY"], {"variant": "cwda", "armies": "XY"},
     "armies wants two army letters of FCNR (White's, then Black's), not 'XY'"),
    (["--variant", "chess", "--armies", "CN"], {"variant": "chess", "armies": "CN"},
     "armies applies to variant cwda only"),
])
def test_option_errors_follow_the_tools(tool, flags, kwargs, message):
    run = tool("fairy-perft", *flags, "--fen", "startpos", "--depth", "1")
    with pytest.raises(ValueError) as error:
        fairykit.Position(**kwargs)
    assert str(error.value) == message
    # The tool names its flags --armies, --variant.
    assert first_line(run.stderr) == "fairy-perft: " + message.replace(
        "armies", "--armies", 1).replace("variant", "--variant")


@pytest.mark.parametrize("variant,tags,moves,bad", [
    ("chess", "", ["e4", "e5"], "Kd3"),
    ("chess", "", ["e4", "e5"], "Zz9"),
    ("cwda", '[Variant "CWDA"]\n[Armies "CN"]\n', ["e4", "e5"], "Ke3"),
    ("fluidity", '[Variant "Fluidity"]\n', [], "Ke5"),
    ("interweave", '[Variant "Interweave"]\n', [], "e2-e5"),
])
def test_illegal_moves_are_the_tools(tool, tmp_path, variant, tags, moves, bad):
    plies = moves + [bad]
    movetext = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(plies))
    pgn = tmp_path / "game.pgn"
    pgn.write_text(f'[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "1"]\n[White "a"]\n'
                   f'[Black "b"]\n[Result "*"]\n{tags}\n{movetext} *\n')
    run = tool("fairy-validate", "-q", pgn)
    errors = [line for line in run.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1, run.stderr
    position = fairykit.Position(variant, **({"armies": "CN"} if variant == "cwda" else {}))
    for move in moves:
        position.push(move)
    before = position.fen()
    with pytest.raises(ValueError) as error:
        position.push(bad)
    assert errors[0].endswith(f", ply {len(moves) + 1}: {error.value}"), errors[0]
    assert position.fen() == before
