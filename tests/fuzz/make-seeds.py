#!/usr/bin/env python3
"""Writes the seed part of the fuzz corpora (tests/fuzz/corpus/*/seed-*) from samples/.

The first byte of a fen, movetext and suite input chooses the variant or the format
(see each target's header); the seeds carry the right byte for what follows. Files named
regress-* are inputs that once broke an invariant: they are kept by hand, never rewritten.
Run from the repository root: tests/fuzz/make-seeds.py
"""
import gzip
import lzma
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests/fuzz/corpus"
SAMPLES = ROOT / "samples"
# The order of all_variants() (rules/game/registry.cpp).
VARIANTS = ["chess", "chess960", "cwda", "superchess", "interweave", "fluidity"]
PGN_VARIANT = {"chess960": "chess960", "cwda": "cwda", "superchess": "superchess",
               "interweave": "interweave", "fluidity": "fluidity"}


def write(target, name, data):
    path = CORPUS / target / f"seed-{name}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def clear_seeds():
    for path in CORPUS.glob("*/seed-*"):
        path.unlink()


def fens():
    """(variant, fen) pairs from the sample suites."""
    out = []
    for path in sorted(SAMPLES.glob("*.perft")):
        variant = "chess"
        for line in path.read_text().splitlines():
            if line.startswith("variant "):
                variant = line.split()[1]
            elif line.startswith("fen "):
                out.append((variant, line[4:].strip()))
            elif not line.strip():
                variant = "chess"
    for path in sorted(SAMPLES.glob("*.epd")):
        variant = "chess960" if "960" in path.name else "chess"
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                out.append((variant, line.split(";")[0].strip()))
    return out


def movetexts():
    """(variant, movetext without numbers, comments and results) per sample game."""
    out = []
    for path in sorted(SAMPLES.glob("*.pgn")):
        variant = PGN_VARIANT.get(path.stem, "chess")
        for game in re.split(r"\n(?=\[Event )", path.read_text(errors="replace")):
            body = "\n".join(l for l in game.splitlines() if not l.startswith("["))
            body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", body)
            body = re.sub(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*|\$\d+", " ", body)
            tokens = body.split()
            if tokens:
                out.append((variant, " ".join(tokens)))
    return out


def sample_games():
    """(variant, tags, SAN moves, result) per sample game, variations and comments left out."""
    out = []
    for path in sorted(SAMPLES.glob("*.pgn")):
        for game in re.split(r"\n(?=\[Event )", path.read_text(errors="replace")):
            tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', game, re.M))
            body = "\n".join(l for l in game.splitlines() if not l.startswith("["))
            body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", body)
            while re.search(r"\([^()]*\)", body):
                body = re.sub(r"\([^()]*\)", " ", body)
            result = tags.get("Result", "*")
            body = re.sub(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*|\$\d+", " ", body)
            variant = tags.pop("Variant", "chess").lower()
            out.append((variant, tags, body.split(), result))
    return out


def records():
    """Seeds of records_fuzz and json_fuzz. records_fuzz: byte 0 is the format (0 PGN, 1 position list, 2 JSON array,
    3 JSON Lines); game objects as fairy-convert writes them (a few keys, notes by hand)."""
    objects = []
    for variant, tags, moves, result in sample_games():
        obj = {"variant": variant, "tags": tags, "result": result, "ply": 1, "san": moves}
        if "FEN" in tags:
            obj["start_fen"] = tags.pop("FEN")
            tags.pop("SetUp", None)
        objects.append(obj)
    objects.append({"tags": {"Event": "notes"}, "result": "*", "ply": 1,
                    "san": ["e4", "e5", "Nf3"],
                    "notes": [{"ply": 0, "comment": "start"}, {"ply": 1, "nag": 1},
                              {"ply": 2, "variation": {"ply": 2, "san": ["c5", "Nf3"],
                               "notes": [{"ply": 3, "comment": "Sicilian } [x]"}]}}]})
    objects.append({"result": "*", "uci": ["e2e4", "e7e5"]})
    lines = [json.dumps(o, ensure_ascii=False, separators=(",", ":")) for o in objects]
    for i, line in enumerate(lines):
        if len(line) < 6000:
            write("records", f"{i:03d}.jsonl", b"\x03" + line.encode() + b"\n")
            write("json", f"{i:03d}.json", line.encode())  # json_fuzz: the object alone
    small = [l for l in lines[4:] if len(l) < 2000][:4]  # (the first four: broken.pgn)
    write("records", "array.json", b"\x02[\n" + ",\n".join(small).encode() + b"\n]\n")
    write("records", "lines.jsonl", b"\x03" + "\n\n".join(small).encode() + b"\n# end\n")
    positions = "\n".join(fen for _, fen in fens()[:40])
    write("records", "positions.fen", b"\x01# positions\n" + positions.encode() + b"\n")
    write("records", "positions.epd",
          b'\x01rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; id "a";\n'
          b'rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000; variant "interweave";\n')
    write("records", "broken.pgn", b"\x00" + (SAMPLES / "broken.pgn").read_bytes())


def main():
    clear_seeds()
    for i, (variant, fen) in enumerate(fens()):
        write("fen", f"{i:03d}-{variant}", bytes([VARIANTS.index(variant)]) + fen.encode())
    for i, (variant, moves) in enumerate(movetexts()):
        write("movetext", f"{i:03d}-{variant}", bytes([VARIANTS.index(variant)]) + moves.encode())
    for path in sorted(SAMPLES.glob("*.pgn")):
        data = path.read_bytes()
        write("pgn", path.name, data)
        write("pgn", path.name + ".gz", gzip.compress(data[:4096], mtime=0))
        if path.name == "chess960.pgn":  # one xz seed: the reader's format, not more games
            write("pgn", path.name + ".xz", lzma.compress(data[:4096], preset=0))
    for path in sorted(SAMPLES.glob("*.epd")) + sorted(SAMPLES.glob("*.perft")):
        write("suite", path.name, bytes([1 if path.suffix == ".epd" else 0]) + path.read_bytes())
    records()


if __name__ == "__main__":
    main()
