#!/usr/bin/env python3
"""fairy-convert --split N against pgn-extract -#N: the same files with the same games.

    split_vs_pgn_extract.py FAIRY_CONVERT N FILE... [--raw FILE...]

For each FILE: fairy-convert writes the games it accepts (-o clean.pgn), pgn-extract -#N
splits that file, fairy-convert --split N splits FILE itself; the two must make the same
number of files, each with the same games in the same order (told by their White, Black,
Round and Date tags). The files after --raw are also split by both programs as they are:
archives where the two read the same games (on the edge cases of the corpus they disagree
on which records are games, not on splitting: docs/fairy-convert.md, Splitting), and one
whose export pgn-extract cannot read (a ';' comment after a brace comment, which
fairy-convert writes for comment text that holds a '}').

Exits 77 (ctest's SKIP_RETURN_CODE) when pgn-extract is not installed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TAG = re.compile(r'^\[(White|Black|Round|Date) "(.*)"\]\s*$')


def pgn_extract():
    found = shutil.which("pgn-extract")
    if found:
        return found
    return "/usr/games/pgn-extract" if os.access("/usr/games/pgn-extract", os.X_OK) else None


def games_of(path):
    """The games of a PGN file as (White, Black, Round, Date), in order."""
    games, current = [], {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("[Event "):
                if current:
                    games.append(current)
                current = {"Event": True}
            m = TAG.match(line)
            if m:
                current[m.group(1)] = m.group(2)
    if current:
        games.append(current)
    return [tuple(g.get(k, "") for k in ("White", "Black", "Round", "Date")) for g in games]


def numbered(directory):
    """The files 1.pgn, 2.pgn... of a directory, in order; every file there must be one."""
    names = sorted(os.listdir(directory), key=lambda n: int(n.split(".")[0]))
    assert all(re.fullmatch(r"\d+\.pgn", n) for n in names), names
    return [os.path.join(directory, n) for n in names]


def split_both(fc, pe, n, source, to_split, work):
    fk_dir, pe_dir = os.path.join(work, "fk"), os.path.join(work, "pe")
    for d in (fk_dir, pe_dir):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    subprocess.run([fc, "-q", "--split", str(n), "-o", os.path.join(fk_dir, "{n:1}.pgn"), source],
                   stderr=subprocess.DEVNULL, check=False)
    with open(to_split, "rb") as data:
        subprocess.run([pe, "-s", f"-#{n}"], stdin=data, cwd=pe_dir, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    mine = [games_of(p) for p in numbered(fk_dir)]
    theirs = [games_of(p) for p in numbered(pe_dir)]
    return mine, theirs


def main():
    args = sys.argv[1:]
    fc, n = args[0], int(args[1])
    files, raw = args[2:], []
    if "--raw" in files:
        at = files.index("--raw")
        files, raw = files[:at], files[at + 1:]
    pe = pgn_extract()
    if not pe:
        print("pgn-extract is not installed: skipped")
        return 77
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for kind, inputs in (("clean", files), ("raw", raw)):
            for path in inputs:
                clean = os.path.join(work, "clean.pgn")
                if kind == "clean":
                    subprocess.run([fc, "-q", "-o", clean, path], stderr=subprocess.DEVNULL,
                                   check=False)
                    to_split = clean
                else:
                    to_split = os.path.join(work, "raw.pgn")
                    with open(to_split, "wb") as out:  # pgn-extract reads no bzip2
                        subprocess.run(["bzcat" if path.endswith(".bz2") else "cat", path],
                                       stdout=out, check=True)
                mine, theirs = split_both(fc, pe, n, path, to_split, work)
                counts = [len(f) for f in mine]
                if mine != theirs:
                    failed += 1
                    print(f"DIFFERENT {kind} {path}: fairy-convert {counts}, "
                          f"pgn-extract {[len(f) for f in theirs]}")
                else:
                    print(f"same {kind} {os.path.basename(path)}: {len(mine)} files, "
                          f"{sum(counts)} games")
    print(f"{len(files) + len(raw) - failed} of {len(files) + len(raw)} the same")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
