#!/usr/bin/env python3
"""fairy-convert's selection flags side by side with pgn-extract's on the bundled chess games.

Each input is first made into a clean PGN by fairy-convert (its valid chess games, in input
order; pgn-extract drops games with illegal moves as well), each game numbered by a tag
[SelectionGame "N"]. Both programs then select from that file, and the numbers of the games
each selects are compared, criterion by criterion:

    --checkmate        pgn-extract --checkmate
    --stalemate        pgn-extract --stalemate
    --fifty-move       pgn-extract --fifty
    --repetition       pgn-extract --repetition
    --min-plies 60 --max-plies 80
                       pgn-extract -pl60 -pu80
    --higher-rated-winner
                       pgn-extract --higherratedwinner where it has it (version 20 and
                       later); older versions have not: then this script's own reading of
                       pgn-extract's definition (WhiteElo and BlackElo read as by sscanf
                       "%d", the Result tag 1-0 or 0-1, the winner's rating higher)
    --underpromotion   pgn-extract --underpromotion

The expected file (JSON) holds, per criterion and input, the numbers pgn-extract selects and
the differences fairy-convert has with it, each explained in docs/fairy-convert.md:

    {"criteria": {"checkmate": {"twic0920.pgn": [3, 17, ...], ...}, ...},
     "differences": {"repetition": {"twic0920.pgn": {"fairykit_only": [..],
                                                     "pgn_extract_only": [..]}}}}

Modes:
  --pgn-extract BIN  run pgn-extract: its numbers must be the expected file's, and fairy-convert's
                     must differ from them only as the file says. Exit 77 (a skipped test)
                     when BIN is not an executable program.
  (without)          fairy-convert's numbers against the expected file alone, for machines
                     without pgn-extract.
  --write-expected   (with --pgn-extract) write the file from this run's numbers instead,
                     keeping its differences when they still hold.

Python 3, the standard library only. Exit 0 when everything agrees, 1 otherwise.
"""

import argparse
import bz2
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

CRITERIA = {
    "checkmate": (["--checkmate"], ["--checkmate"]),
    "stalemate": (["--stalemate"], ["--stalemate"]),
    "fifty-move": (["--fifty-move"], ["--fifty"]),
    "repetition": (["--repetition"], ["--repetition"]),
    "plies-60-80": (["--min-plies", "60", "--max-plies", "80"], ["-pl60", "-pu80"]),
    "higher-rated-winner": (["--higher-rated-winner"], ["--higherratedwinner"]),
    "underpromotion": (["--underpromotion"], ["--underpromotion"]),
}

NUMBER = re.compile(r'^\[SelectionGame "(\d+)"\]', re.M)


def numbered_copy(fairy_convert, path, out_dir):
    """The valid chess games of `path` as fairy-convert writes them, each numbered."""
    name = os.path.basename(path)
    source = path
    if path.endswith(".bz2"):
        name = name[: -len(".bz2")]
        source = os.path.join(out_dir, name + ".raw")
        with bz2.open(path, "rb") as f_in, open(source, "wb") as f_out:
            shutil.copyfileobj(f_in, f_out)
    clean = subprocess.run(
        [fairy_convert, "-q", "--where", "Variant=chess", "--no-comments", source],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False).stdout.decode("utf-8")
    games = [g for g in re.split(r"\n\n(?=\[Event )", clean.strip("\n")) if g.strip()]
    text = "".join('[SelectionGame "%d"]\n%s\n\n' % (i + 1, g.strip("\n"))
                   for i, g in enumerate(games))
    target = os.path.join(out_dir, name)
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    return name, target, len(games)


def numbers(text):
    return sorted(int(n) for n in NUMBER.findall(text))


def fairykit_numbers(fairy_convert, flags, path):
    out = subprocess.run([fairy_convert, "-q"] + flags + [path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, check=False).stdout.decode("utf-8")
    return numbers(out)


def pgn_extract_numbers(pgn_extract, flags, path, work):
    out = os.path.join(work, "pgn-extract-out.pgn")
    subprocess.run([pgn_extract, "-s", "--nochecks"] + flags + ["-o" + out, path],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   cwd=work)
    with open(out, encoding="utf-8", errors="replace") as f:
        return numbers(f.read())


def elo(value):
    """A rating as sscanf("%d") reads it, or None."""
    m = re.match(r"\s*([+-]?\d+)", value or "")
    return int(m.group(1)) if m else None


def higher_rated_winner_numbers(path):
    """pgn-extract's --higherratedwinner, read from its definition."""
    selected = []
    with open(path, encoding="utf-8") as f:
        for game in re.split(r"\n\n(?=\[SelectionGame )", f.read()):
            tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', game, re.M))
            if "SelectionGame" not in tags:
                continue
            white, black = elo(tags.get("WhiteElo")), elo(tags.get("BlackElo"))
            result = tags.get("Result")
            if white is None or black is None or result not in ("1-0", "0-1"):
                continue
            if (white - black if result == "1-0" else black - white) > 0:
                selected.append(int(tags["SelectionGame"]))
    return sorted(selected)


def dump(expected):
    """The expected file: one line per criterion and input."""
    lines = []
    for part in ("criteria", "differences"):
        entries = []
        for criterion in sorted(expected[part]):
            files = expected[part][criterion]
            inner = ",\n".join("   %s: %s" % (json.dumps(name), json.dumps(files[name], sort_keys=True))
                               for name in sorted(files))
            entries.append("  %s: {\n%s\n  }" % (json.dumps(criterion), inner))
        lines.append(" %s: {\n%s\n }" % (json.dumps(part), ",\n".join(entries)))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def has_option(pgn_extract, option):
    help_text = subprocess.run([pgn_extract, "--help"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, check=False).stdout.decode("latin-1")
    return ("--" + option.lstrip("-")) in help_text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fairy-convert", required=True)
    ap.add_argument("--pgn-extract")
    ap.add_argument("--expected", required=True)
    ap.add_argument("--write-expected", action="store_true")
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()

    live = a.pgn_extract is not None
    if live:
        found = shutil.which(a.pgn_extract)
        if not found or not os.access(found, os.X_OK):
            print("pgn-extract is not installed (%s): the comparison is skipped; "
                  "pgn_extract_expected checks the stored numbers" % a.pgn_extract)
            return SKIP
        a.pgn_extract = found
    with open(a.expected, encoding="utf-8") as f:
        expected = json.load(f)
    differences = expected.get("differences", {})

    failures = []
    written = {"criteria": {}, "differences": {}}
    compared = agreed = 0
    with tempfile.TemporaryDirectory() as work:
        inputs = [numbered_copy(a.fairy_convert, p, work) for p in a.inputs]
        for name, _, count in inputs:
            print("%s: %d games" % (name, count))
        print("%d chess games in %d files" % (sum(c for _, _, c in inputs), len(inputs)))
        totals = {}
        own_reading = live and not has_option(a.pgn_extract, "higherratedwinner")
        if own_reading:
            print("pgn-extract has no --higherratedwinner: its definition is read here instead")
        for criterion, (fk_flags, pe_flags) in CRITERIA.items():
            for name, path, _ in inputs:
                fk = fairykit_numbers(a.fairy_convert, fk_flags, path)
                if live:
                    if criterion == "higher-rated-winner" and own_reading:
                        pe = higher_rated_winner_numbers(path)
                    else:
                        pe = pgn_extract_numbers(a.pgn_extract, pe_flags, path, work)
                    stored = expected["criteria"].get(criterion, {}).get(name)
                    if not a.write_expected and stored != pe:
                        failures.append("%s %s: pgn-extract selects %s, the expected file says %s"
                                        % (criterion, name, pe, stored))
                else:
                    pe = expected["criteria"].get(criterion, {}).get(name)
                    if pe is None:
                        failures.append("%s %s: no expected numbers" % (criterion, name))
                        continue
                written["criteria"].setdefault(criterion, {})[name] = pe
                fk_only = sorted(set(fk) - set(pe))
                pe_only = sorted(set(pe) - set(fk))
                known = differences.get(criterion, {}).get(name, {})
                compared += 1
                t = totals.setdefault(criterion, [0, 0])
                t[0] += len(pe)
                t[1] += len(fk)
                if fk_only or pe_only:
                    written["differences"].setdefault(criterion, {})[name] = {
                        "fairykit_only": fk_only, "pgn_extract_only": pe_only}
                status = "same" if not fk_only and not pe_only else "differ"
                print("%-20s %-40s pgn-extract %4d  fairy-convert %4d  %s" %
                      (criterion, name, len(pe), len(fk), status))
                if (fk_only != known.get("fairykit_only", []) or
                        pe_only != known.get("pgn_extract_only", [])):
                    failures.append(
                        "%s %s: fairy-convert only %s, pgn-extract only %s; explained: %s"
                        % (criterion, name, fk_only, pe_only, known or "none"))
                elif not fk_only and not pe_only:
                    agreed += 1
    if a.write_expected:
        with open(a.expected, "w", encoding="utf-8") as f:
            f.write(dump(written))
        print("wrote", a.expected)
        return 0
    for criterion, (pe_total, fk_total) in totals.items():
        print("%-20s pgn-extract %4d games, fairy-convert %4d" % (criterion, pe_total, fk_total))
    print("%d comparisons, %d the same, %d with explained differences, %d failures" %
          (compared, agreed, compared - agreed - len(failures), len(failures)))
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
