#!/usr/bin/env python3
"""fairy-convert --material against pgn-extract -z (and --material-exact against -y) on the
bundled chess games: the same games must be selected, but for the differences listed in
tests/data/material/pgn_extract.json, each explained in docs/fairy-convert.md.

  material_vs_pgn_extract.py --convert BIN --source DIR --pgn-extract PATH
      runs pgn-extract too (exit 77, "skipped", when it is not there) and checks that it
      still answers as the stored file says, and fairy-convert against it;
  material_vs_pgn_extract.py --convert BIN --source DIR
      checks fairy-convert against the stored answers of pgn-extract (no pgn-extract needed);
  ... --pgn-extract PATH --write    writes the stored file from pgn-extract's answers
      (keeping the differences listed).

The games of each file are numbered from 1 in the order of their [Event] lines; both programs
read a copy with a tag [FairykitGame "N"] after each [Event] line, and the numbers of the
games each writes are compared. Python 3, the standard library only.
"""
import argparse
import bz2
import json
import os
import re
import subprocess
import sys
import tempfile

SKIPPED = 77

# The chess files of the corpus and the samples (the other variants, crazyhouse and
# antichess files are left out: pgn-extract plays chess only).
FILES = [
    "tests/data/corpus/standard/Carlsen.pgn",
    "tests/data/corpus/standard/twic0920.pgn",
    "tests/data/corpus/standard/chess_masters_WCC.pgn.bz2",
    "tests/data/corpus/tcec/TCEC_Match_5-games-5-6.pgn",
    "tests/data/corpus/misc/anastasian-lewis.pgn",
    "tests/data/corpus/misc/chessbase-empty-line.pgn",
    "tests/data/corpus/misc/kasparov-deep-blue-1997.pgn",
    "tests/data/corpus/misc/molinari-bordais-1979.pgn",
    "tests/data/corpus/misc/nepomniachtchi-liren-game1.pgn",
    "tests/data/corpus/misc/stockfish-learning.pgn",
    "tests/data/corpus/misc/utf8-bom.pgn",
    "samples/classics.pgn",
]

# (pgn-extract's flag, the material line): fairy-convert reads the same line with
# --material (z) or --material-exact (y), and --material-plies 2 (pgn-extract's default
# stability; a leading number in the line sets it in both).
CASES = [
    ("z", "r r"),
    ("z", "1 r r"),
    ("z", "rp* rp*"),
    ("z", "r+p+ r=p#"),
    ("z", "q r+p*"),
    ("z", "4 b n"),
    ("z", "p+ p+"),
    ("z", "3 bp+ np+"),
    ("z", "l2p* rp*"),
    ("z", "q*r+l*p+ q=r1<=l2>=p1<"),
    ("z", "qr2b2n2p8 qr2b2n2p8"),
    ("z", "1 q*r*b*n*p7 q*r*b*n*p8"),
    ("y", "1 q r"),
    ("y", "rp+ r"),
]

TAG = re.compile(rb'^\[FairykitGame "(\d+)"\]', re.M)


def numbered(source, rel, out_dir):
    """A copy of the file with [FairykitGame "N"] after each [Event] line."""
    path = os.path.join(source, rel)
    data = bz2.open(path).read() if rel.endswith(".bz2") else open(path, "rb").read()
    lines = data.split(b"\n")
    n = 0
    out = []
    for line in lines:
        out.append(line)
        if line.lstrip(b"\xef\xbb\xbf").startswith(b"[Event "):
            n += 1
            out.append(b'[FairykitGame "%d"]' % n + (b"\r" if line.endswith(b"\r") else b""))
    name = os.path.join(out_dir, os.path.basename(rel).replace(".bz2", ""))
    with open(name, "wb") as f:
        f.write(b"\n".join(out))
    return name


def games(output):
    return sorted(int(m) for m in TAG.findall(output))


def run_pgn_extract(exe, flag, line, pgn, out_dir):
    zfile = os.path.join(out_dir, "material.txt")
    with open(zfile, "w") as f:
        f.write(line + "\n")
    p = subprocess.run([exe, "-s", "-" + flag + zfile, pgn], capture_output=True)
    return games(p.stdout)


def run_convert_raw(exe, flag, line, pgn):
    which = "--material" if flag == "z" else "--material-exact"
    p = subprocess.run([exe, "-q", "-j", "1", "--material-plies", "2", which, line, pgn],
                       capture_output=True)
    if p.returncode not in (0, 1):
        sys.exit("fairy-convert failed (%d): %s" % (p.returncode, p.stderr.decode()))
    return p.stdout


def run_convert(exe, flag, line, pgn):
    return games(run_convert_raw(exe, flag, line, pgn))


def ranges(numbers):
    """[1, 2, 3, 7] -> "1-3,7" (the stored file keeps the numbers short)."""
    out = []
    for n in numbers:
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return ",".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in out)


def numbers(text):
    out = []
    for part in filter(None, text.split(",")):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


# The two reasons for which fairy-convert selects a game that pgn-extract does not.
PROMOTION = "promotion: pgn-extract keeps counting the pawn that promoted (ply %d, %s)"
FINAL = "final position: pgn-extract does not test the position after the last move"


def reason(exe, flag, line, pgn, number):
    """Why fairy-convert selects game `number` of `pgn` and pgn-extract does not, found by
    fairy-convert on shortened copies of the game: up to its first promotion (pgn-extract
    counts right until then, and tests the positions before each move, so the shortened game
    must not be selected), and without its last move (the position pgn-extract does not
    test)."""
    out = subprocess.run([exe, "-q", "--to", "jsonl", pgn], capture_output=True, text=True)
    game = next(g for g in map(json.loads, out.stdout.splitlines())
                if g["tags"].get("FairykitGame") == str(number))
    head = "".join('[%s "%s"]\n' % (k, v.replace("\\", "\\\\").replace('"', '\\"'))
                   for k, v in game["tags"].items())
    if "start_fen" in game:
        head += '[SetUp "1"]\n[FEN "%s"]\n' % game["start_fen"]

    def selected(moves):
        with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
            f.write(head + "\n" + " ".join(moves) + " *\n")
        try:
            return games(run_convert_raw(exe, flag, line, f.name)) != []
        finally:
            os.unlink(f.name)

    san = game["san"]
    promotions = [i for i, m in enumerate(san) if "=" in m]
    if promotions and not selected(san[:promotions[0]]):
        return PROMOTION % (promotions[0] + 1, san[promotions[0]])
    if not selected(san[:-1]):
        return FINAL
    return "unexplained"


def key(flag, line, rel):
    return "-%s '%s' %s" % (flag, line, rel)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--convert", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--pgn-extract")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    stored_path = os.path.join(a.source, "tests/data/material/pgn_extract.json")
    stored = json.load(open(stored_path))
    answers, differences = stored["pgn_extract"], stored["differences"]
    live = a.pgn_extract is not None
    if live and not os.access(a.pgn_extract, os.X_OK):
        print("skipped: no pgn-extract at %s" % a.pgn_extract)
        return SKIPPED
    failures = []
    new_answers = {}
    compared = 0
    with tempfile.TemporaryDirectory() as tmp:
        copies = {rel: numbered(a.source, rel, tmp) for rel in FILES}
        for flag, line in CASES:
            for rel in FILES:
                k = key(flag, line, rel)
                ours = run_convert(a.convert, flag, line, copies[rel])
                if live:
                    theirs = run_pgn_extract(a.pgn_extract, flag, line, copies[rel], tmp)
                    new_answers[k] = ranges(theirs)
                    if not a.write and answers.get(k) != ranges(theirs):
                        failures.append("%s: pgn-extract selects %s, the stored file says %s"
                                        % (k, ranges(theirs), answers.get(k)))
                else:
                    theirs = numbers(answers[k])
                # The games only one of the two selects, as the differences list them.
                only = {"fairykit": sorted(set(ours) - set(theirs)),
                        "pgn-extract": sorted(set(theirs) - set(ours))}
                listed = differences.get(k, {})
                expected = {w: sorted(int(g) for g in listed.get(w, {})) for w in only}
                # Each listed difference for its listed reason, checked again.
                for g in only["fairykit"]:
                    why = listed.get("fairykit", {}).get(str(g))
                    if why is not None and reason(a.convert, flag, line, copies[rel], g) != why:
                        failures.append("%s: game %d is not selected by pgn-extract for another "
                                        "reason than the listed one (%s)" % (k, g, why))
                if only != expected:
                    failures.append("%s: games only fairy-convert selects %s (listed %s), only "
                                    "pgn-extract %s (listed %s)"
                                    % (k, only["fairykit"], expected["fairykit"],
                                       only["pgn-extract"], expected["pgn-extract"]))
                compared += 1
                print("%-60s %4d games, %d listed differences"
                      % (k, len(ours), len(only["fairykit"]) + len(only["pgn-extract"])))
    if a.write:
        stored["pgn_extract"] = new_answers
        with open(stored_path, "w") as f:
            json.dump(stored, f, indent=1, sort_keys=True)
            f.write("\n")
        print("written: %s" % stored_path)
    for f in failures:
        print("FAIL " + f)
    print("%d comparisons, %d failed" % (compared, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
