#!/usr/bin/env python3
"""Writes the seed part of the fuzz corpora (tests/fuzz/corpus/*/seed-*) from samples/.

The first byte of a fen, movetext and suite input chooses the variant or the format
(see each target's header); the seeds carry the right byte for what follows. Files named
regress-* are inputs that once broke an invariant: they are kept by hand, never rewritten.
Run from the repository root: tests/fuzz/make-seeds.py
"""
import gzip
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests/fuzz/corpus"
SAMPLES = ROOT / "samples"
# The order of all_variants() (rules/registry.cpp).
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
    for path in sorted(SAMPLES.glob("*.epd")) + sorted(SAMPLES.glob("*.perft")):
        write("suite", path.name, bytes([1 if path.suffix == ".epd" else 0]) + path.read_bytes())


if __name__ == "__main__":
    main()
